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

from collections.abc import Mapping, Sequence

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
from umpire.games.spi_ww2.board import Board
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
    board = Board(state, charts)
    board.say("phase", label(state, charts))
    for player in phasing(state, charts):
        if player not in orders:
            tell_no_orders(board, state, player)
        # the orders kept at submission, where legality was judged: trusted, not judged again
        phase.execute(board, player, orders.get(player, ()), chance)
    if state.phase == OBJECTIVES:
        return board.freeze(phase=DIPLOMACY), board.events
    if state.phase == DIPLOMACY:
        make_peace(board)
        return board.freeze(phase=1), board.events
    player = phasing(state, charts)[0]
    phase.control_by_zoc(board, player)
    if not is_combat(state.phase):
        return board.freeze(phase=state.phase + 1), board.events
    reinforcements.end_of_player_turn(board, player)
    if player_turn(state.phase) < len(charts.order(state.version)):
        return board.freeze(phase=state.phase + 1), board.events
    return end_of_game_turn(board, chance)


# What the rules do for a player who sent no orders for his phase (rulings R1, R2, R8).
NO_ORDERS = {
    OBJECTIVES: "no synthesis is recorded: it scores the printed column 19.2 names (the "
    "German Player the German column, the British Player the US column)",
    DIPLOMACY: "its standing choices (permissions, Lend-Lease, peace offers) stay as they were",
    "movement": "it places and moves nothing this Player-Turn",
    "combat": "it makes no attack this Player-Turn",
}


def tell_no_orders(board: Board, state: State, player: str) -> None:
    """The note to a player who sent nothing for his phase, and what the rules did instead,
    addressed to him alone (as Origins' "No orders from ..." and Diplomacy's)."""
    if state.phase in (OBJECTIVES, DIPLOMACY):
        default = NO_ORDERS[state.phase]
    else:
        default = NO_ORDERS["combat" if is_combat(state.phase) else "movement"]
    board.say(
        "no_orders",
        f"No orders received from {player} this phase; {default}.",
        Audience.powers(player),
        power=player,
        default=default,
    )


def make_peace(board: Board) -> None:
    """Peace when both sides have offered it: no longer hostile forces (19.12)."""
    for p, q in list(board.peace_offers):
        if (q, p) in board.peace_offers and politics.at_war(board.state, p, q):
            board.wars = tuple(w for w in board.wars if set(w) != {p, q})
            for country, who in list(board.invaded.items()):
                owner = politics.country_player(board.state, board.charts, country)
                if owner in (p, q):
                    other = q if owner == p else p
                    board.invaded[country] = tuple(x for x in who if x != other)
            board.say("peace", f"{p} and {q} make peace.")
    board.peace_offers = tuple(
        o for o in board.peace_offers if politics.at_war(board.state, o[0], o[1])
    )


def end_of_game_turn(board: Board, chance: Chance) -> tuple[State, list[Event]]:
    state = board.base
    charts = board.charts
    reinforcements.resources_computation(board)  # 4.2
    intervention.roll_entry(board, chance)  # 18.0: by the British Player, after Germany's turn
    italian_surrender(board)  # 16.64
    nxt = state.game_turn + 1
    if nxt > last_turn(state, charts):
        return finish(board)
    transport.reset(board, nxt)
    intervention.enter_war(board, nxt)
    reinforcements.arrivals(board, nxt)
    return board.freeze(game_turn=nxt, phase=DIPLOMACY), board.events


def italian_surrender(board: Board) -> None:
    """16.64 (provisional two-player rule; four and five Players only): Italy surrenders when
    hostile forces control the set number of Italian Resource Centers."""
    if board.base.version == 6 or board.flags.italy_surrendered:
        return
    italy = board.player_of("ITA")
    lost = [
        h
        for h in board.map.resource_centers("ITA")
        if politics.at_war(board.state, italy, board.control.get(h, ""))
    ]
    if len(lost) >= int(board.charts.core["italian_entry"]["surrender_rc"]):
        board.set_flags(italy_surrendered=True)
        for hid in [h for h, u in board.units.items() if "ITA" in u]:
            board.remove(hid, "ITA", board.sp(hid, "ITA"))
        board.say("surrender", "Italy surrenders (16.64): its units are removed.")


def finish(board: Board) -> tuple[State, list[Event]]:
    objectives.remove_unsupplied(board)
    points, lines = objectives.score(board)
    board.say(
        "victory", "National Objectives (19.0): " + "; ".join(lines or ["no points"]), scores=points
    )
    return board.freeze(over=True, scores=points), board.events
