"""Variable US Entry (18.0, 18.1): the US Intervention Table and the triggering invasions.

At the end of the German Player-Turn (the last of the Game-Turn in every version) the
British Player rolls two dice: on a Game-Turn of the table, the entry Game-Turn if both dice
fall in the printed ranges; on a Game-Turn when Germany invaded France, Britain or the USSR
(each at most once a game), the special line too, giving entry that many Game-Turns later.
The earliest entry found stands. Without entry the US enters automatically on 3/43.
"""

from __future__ import annotations

from dataclasses import replace

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.games.spi_ww2 import politics
from umpire.games.spi_ww2.board import Board
from umpire.games.spi_ww2.board import said as board_said
from umpire.games.spi_ww2.charts import Charts
from umpire.games.spi_ww2.model import State


def _in(r: list[int], roll: int) -> bool:
    return int(r[0]) <= roll <= int(r[1])


def roll_entry(state: State, charts: Charts, chance: Chance) -> tuple[State, list[Event]]:
    """The British Player's rolls at the end of the Game-Turn (18.1): the new US entry
    Game-Turn and this Game-Turn's German invasions rolled for."""
    game_turn = state.game_turn
    us = charts.mp["us_entry"]
    if not state.variable_us_entry:
        if not state.us_entry:
            return replace(state, us_entry=int(charts.core["us_entry"]["fixed_turn"])), []
        return state, []
    if state.us_entry and state.us_entry <= game_turn + 1:
        return state, []
    said = []
    entry = state.us_entry
    found = []
    for t, first, second, turn in us["table"]:
        if int(t) == game_turn and not entry:
            a = chance.roll(6, purpose=f"18.1 US entry, Game-Turn {game_turn}, first die")
            b = chance.roll(6, purpose=f"18.1 US entry, Game-Turn {game_turn}, second die")
            hit = _in(first, a) and _in(second, b)
            said.append(
                board_said(
                    "us-entry-roll",
                    f"US Intervention Table (18.1), rolled by Britain: {a} and {b}: "
                    + ("entry!" if hit else "no entry."),
                    dice=[a, b],
                )
            )
            if hit:
                found.append(int(turn))
    for country in state.flags.us_trigger_now:
        spec = us["triggers"][country]
        a = chance.roll(6, purpose=f"18.1 US entry, Germany invades {country}, first die")
        b = chance.roll(6, purpose=f"18.1 US entry, Germany invades {country}, second die")
        hit = _in(spec["first"], a) and _in(spec["second"], b)
        said.append(
            board_said(
                "us-entry-roll",
                f"Germany invaded {country}: special US entry roll (18.1) {a} and {b}: "
                + ("entry!" if hit else "no entry."),
                dice=[a, b],
            )
        )
        if hit:
            found.append(game_turn + int(spec["after"]))
    if found:
        entry = min(found + ([entry] if entry else []))
        said.append(
            board_said(
                "us-entry",
                f"The US will enter the war on Game-Turn {entry} ({charts.turn_name(entry)}).",
            )
        )
    if not entry and game_turn + 1 >= int(us["automatic"]):
        entry = int(us["automatic"])
        said.append(board_said("us-entry", "The US enters the war automatically on 3/43 (18.0)."))
    if entry == state.us_entry and not state.flags.us_trigger_now:
        return state, said
    flags = replace(state.flags, us_trigger_now=())
    return replace(state, us_entry=entry, flags=flags), said


def enter_war(board: Board, game_turn: int) -> Board:
    """On the entry Game-Turn the US becomes an active belligerent: at war with Germany's
    player and with Italy's if Italy is at war with Britain (ruling)."""
    if board.state.us_entry != game_turn:
        return board
    us = board.player_of("USA")
    ger = board.player_of("GER")
    ita = board.player_of("ITA")
    board = board.declare_war(us, ger)
    if politics.at_war(board.state, ita, board.player_of("GBR")):
        board = board.declare_war(us, ita)
    return board.say("us-entry", "The United States enters the war (18.0).")
