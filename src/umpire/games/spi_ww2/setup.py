"""The opening state (15.0, 14.0): the 1939 set-up, always; no Vichy France (14.1, 9.4), no
Partition of Poland (14.3); the seated players by version (2.0); control of every hex by
its pre-war owner (a major's home and possessions; the pro-Axis minors as the German
Player's satellites, 16.12); minor countries' operators (20.1, 20.2); the wars of 1939.
"""

from __future__ import annotations

from umpire.games.spi_ww2 import politics, reinforcements, transport
from umpire.games.spi_ww2.board import Board
from umpire.games.spi_ww2.charts import Charts
from umpire.games.spi_ww2.model import DIPLOMACY, OBJECTIVES, State


def dual_players(charts: Charts, version: int) -> tuple[str, ...]:
    """19.2: the players who represent two major countries."""
    return tuple(
        t[0] for t in charts.order(version) if len([n for n in t if n in politics.MAJORS]) > 1
    )


def new_state(charts: Charts, version: int, variable_us_entry: bool, last: int) -> State:
    players = charts.players(version)
    state = State(
        version=version,
        players=players,
        game_turn=1,
        phase=OBJECTIVES if dual_players(charts, version) else DIPLOMACY,
        variable_us_entry=variable_us_entry,
        last_game_turn=last,
        operators=politics.initial_operators(charts, version),
    )
    board = Board(state, charts)
    for hid, h in charts.map.hexes.items():
        if h.country is None or not charts.map.passable(hid):
            continue
        country = h.country
        if politics.pro_axis(charts, country):
            board.control[hid] = politics.player_of(state, charts, "GER")
        elif charts.map.owner(country):
            board.control[hid] = politics.player_of(state, charts, charts.map.owner(country))
    for nat, placements in charts.core["setup"].items():
        if nat == "provenance":
            continue
        for where, sp in placements:
            found = charts.map.find(str(where))
            if found is None:
                raise ValueError(f"set-up: no place {where!r} for {nat}")
            hid = found
            board.add(hid, nat, int(sp))
    for p, q in charts.core["wars"]["initial"]:
        board.wars = politics.with_war(board.wars, p, q)
    for country, invaders in charts.core["wars"]["invaded"].items():
        board.invaded[country] = tuple(sorted(invaders))
    if not variable_us_entry:
        board.us_entry = int(charts.core["us_entry"]["fixed_turn"])
    transport.reset(board, 1)
    reinforcements.arrivals(board, 1)
    board.events.clear()
    return board.freeze()
