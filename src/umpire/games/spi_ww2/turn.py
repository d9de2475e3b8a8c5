"""The turn: Game-Turns of quarter-years (4.1), each a Diplomacy Interphase (4.2 A) and the
Player-Turns in the order of 4.41-4.43 (4.2 B-G); the Russian Resources Computation at the
end of the whole Game-Turn (4.2); one phase at a time, each waiting only for its players.

    OBJECTIVES (once, four and five Players): the dual players record a synthesis (19.2)
    DIPLOMACY: every player; press, and standing choices (permissions, Lend-Lease, peace)
    Player-Turn k, the phasing player alone, in two phases:
        movement: standing choices, placement (10.0), movement and transport (5.0)
        combat: combat (8.0); zones of control take hexes (19.13); what was left
        unplaced (10.83, 10.91)
    after the last Player-Turn (always Germany's):
        Russian Resources Computation (4.2), US entry roll (18.0), Italian surrender (16.64),
        then the next Game-Turn: transport (5.7), the US enters (18.0), arrivals (10.0);
        after the last Game-Turn, the National Objectives (19.0).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from umpire.core.chance import Chance
from umpire.core.events import Audience, Event
from umpire.games.spi_ww2 import (
    intervention,
    objectives,
    phase,
    politics,
    reinforcements,
    transport,
)
from umpire.games.spi_ww2.board import Board, on_board, settle
from umpire.games.spi_ww2.board import said as board_said
from umpire.games.spi_ww2.charts import Charts
from umpire.games.spi_ww2.model import DIPLOMACY, OBJECTIVES, State, is_combat, player_turn
from umpire.games.spi_ww2.orders import Order
from umpire.games.spi_ww2.setup import dual_players


def last_turn(state: State, charts: Charts) -> int:
    return state.last_game_turn or charts.game_turns


def phasing(state: State, charts: Charts) -> tuple[str, ...]:
    """Who orders now (pending().powers)."""
    if state.over:
        return ()
    if state.phase == OBJECTIVES:
        return dual_players(charts, state.version)
    if state.phase == DIPLOMACY:
        return state.players
    return (charts.order(state.version)[player_turn(state.phase) - 1][0],)


def label(state: State, charts: Charts) -> str:
    if state.over:
        return "game over"
    y = charts.quarter_year(state.game_turn)[1]
    head = f"Game-Turn {state.game_turn} ({charts.turn_name(state.game_turn)}, {charts.season(state.game_turn)} {y})"
    if state.phase == OBJECTIVES:
        return "1939 set-up: dual identities (19.2)"
    if state.phase == DIPLOMACY:
        return f"{head}: Diplomacy Interphase"
    k = player_turn(state.phase)
    turn = charts.order(state.version)[k - 1]
    step = "combat" if is_combat(state.phase) else "movement"
    return f"{head}: Player-Turn {k}, {'/'.join(turn)}: {step}"


def kinds(state: State) -> tuple[str, ...]:
    if state.phase == OBJECTIVES:
        return ("objectives",)
    if state.phase == DIPLOMACY:
        return ("diplomacy",)
    return ("combat",) if is_combat(state.phase) else ("movement",)


def resolve(
    state: State, orders: Mapping[str, Sequence[Order]], chance: Chance, charts: Charts
) -> tuple[State, list[Event]]:
    """The phase, step by step: each step reads the State the last one returned and returns
    a new one (sharing what it did not change) with its events; ``state`` is never changed.
    The steps that work on a board have one of their own (:func:`board.on_board`)."""
    said = [board_said("phase", label(state, charts))]

    def then(step: tuple[State, list[Event]]) -> State:
        said.extend(step[1])
        return step[0]

    if state.phase == OBJECTIVES:
        return then(on_board(state, charts, play(state, orders, chance), phase=DIPLOMACY)), said
    if state.phase == DIPLOMACY:
        now = then(on_board(state, charts, play(state, orders, chance)))
        return settle(then(make_peace(now, charts)), phase=1), said
    player = phasing(state, charts)[0]
    last = is_combat(state.phase) and player_turn(state.phase) == len(charts.order(state.version))

    def player_phase(board: Board) -> Board:
        """The Player-Turn's phase: his orders, zones of control (19.13), and after combat
        what he left unplaced (10.83, 10.91)."""
        board = phase.control_by_zoc(play(state, orders, chance)(board), player)
        if is_combat(state.phase):
            board = reinforcements.end_of_player_turn(board, player)
        return board

    if not last:
        return then(on_board(state, charts, player_phase, phase=state.phase + 1)), said
    now = then(on_board(state, charts, player_phase))
    return then(end_of_game_turn(now, charts, chance)), said


def play(
    state: State, orders: Mapping[str, Sequence[Order]], chance: Chance
) -> Callable[[Board], Board]:
    """The phasing players' orders, kept at submission (where legality was judged): trusted,
    not judged again; a player who sent none is told what the rules did instead."""

    def on(board: Board) -> Board:
        for player in phasing(state, board.charts):
            if player not in orders:
                board = tell_no_orders(board, state, player)
            board = phase.execute(board, player, orders.get(player, ()), chance)
        return board

    return on


# What the rules do for a player who sent no orders for his phase (rulings R1, R2, R8).
NO_ORDERS = {
    OBJECTIVES: "no synthesis is recorded: it scores the printed column 19.2 names (the "
    "German Player the German column, the British Player the US column)",
    DIPLOMACY: "its standing choices (permissions, Lend-Lease, peace offers) stay as they were",
    "movement": "it places and moves nothing this Player-Turn",
    "combat": "it makes no attack this Player-Turn",
}


def tell_no_orders(board: Board, state: State, player: str) -> Board:
    """The note to a player who sent nothing for his phase, and what the rules did instead,
    addressed to him alone (as Origins' "No orders from ..." and Diplomacy's)."""
    if state.phase in (OBJECTIVES, DIPLOMACY):
        default = NO_ORDERS[state.phase]
    else:
        default = NO_ORDERS["combat" if is_combat(state.phase) else "movement"]
    return board.say(
        "no_orders",
        f"No orders received from {player} this phase; {default}.",
        Audience.powers(player),
        power=player,
        default=default,
    )


def make_peace(state: State, charts: Charts) -> tuple[State, list[Event]]:
    """Peace when both sides have offered it: no longer hostile forces (19.12)."""
    if not state.peace_offers:
        return state, []
    said = []
    for p, q in list(state.peace_offers):
        if (q, p) in state.peace_offers and politics.at_war(state, p, q):
            state = replace(state, wars=tuple(w for w in state.wars if set(w) != {p, q}))
            invaded = dict(state.invaded)
            for country, who in list(invaded.items()):
                owner = politics.country_player(state, charts, country)
                if owner in (p, q):
                    other = q if owner == p else p
                    invaded[country] = tuple(x for x in who if x != other)
            state = replace(state, invaded=invaded)
            said.append(board_said("peace", f"{p} and {q} make peace."))
    offers = tuple(o for o in state.peace_offers if politics.at_war(state, o[0], o[1]))
    return replace(state, peace_offers=offers), said


def end_of_game_turn(state: State, charts: Charts, chance: Chance) -> tuple[State, list[Event]]:
    """After the last Player-Turn: the Russian Resources Computation (4.2), the US entry roll
    (18.0: by the British Player, after Germany's turn), Italy's surrender (16.64); then the
    next Game-Turn (its transport, the US entering the war, the arrivals) or the end. The
    State returned is settled (:func:`board.settle`)."""
    said: list[Event] = []

    def then(step: tuple[State, list[Event]]) -> State:
        said.extend(step[1])
        return step[0]

    now = then(reinforcements.resources_computation(state, charts))
    now = then(intervention.roll_entry(now, charts, chance))
    now = then(italian_surrender(now, charts))
    nxt = state.game_turn + 1
    if nxt > last_turn(state, charts):
        return settle(then(finish(now, charts))), said

    def next_game_turn(board: Board) -> Board:
        board = intervention.enter_war(transport.reset(board, nxt), nxt)
        return reinforcements.arrivals(board, nxt)

    return then(on_board(now, charts, next_game_turn, game_turn=nxt, phase=DIPLOMACY)), said


def italian_surrender(state: State, charts: Charts) -> tuple[State, list[Event]]:
    """16.64 (provisional two-player rule; four and five Players only): Italy surrenders when
    hostile forces control the set number of Italian Resource Centers."""
    if state.version == 6 or state.flags.italy_surrendered:
        return state, []
    italy = politics.player_of(state, charts, "ITA")
    lost = [
        h
        for h in charts.map.resource_centers("ITA")
        if politics.at_war(state, italy, state.control.get(h, ""))
    ]
    if len(lost) < int(charts.core["italian_entry"]["surrender_rc"]):
        return state, []
    units = {
        h: u if "ITA" not in u else {n: sp for n, sp in u.items() if n != "ITA"}
        for h, u in state.units.items()
    }
    return replace(
        state,
        flags=replace(state.flags, italy_surrendered=True),
        units={h: u for h, u in units.items() if u},
    ), [board_said("surrender", "Italy surrenders (16.64): its units are removed.")]


def finish(state: State, charts: Charts) -> tuple[State, list[Event]]:
    """The end of the game: the National Objectives (19.0), once units out of supply are
    removed (19.11)."""

    board, _ = objectives.remove_unsupplied(Board.of(state, charts))
    points, lines = objectives.score(board)
    board = board.say(
        "victory",
        "National Objectives (19.0): " + "; ".join(lines or ["no points"]),
        scores=points,
    )
    return replace(board.state, over=True, scores=dict(points)), list(board.events)
