"""resolve(): one turn (one phase of the sequential game) as a pipeline in the rulebook's order.

1. Player alliances made and broken (COTW 18A, 18F), whatever the phase.
2. The phase's own step: the numbers called (2), a Homeland (3), home-zone alliances (4-8),
   the attack option (9, 10, 15, 19, 20), a battle of a war (11-17, 19), an end-game battle
   (21).
3. A full round of passes ends the attacks (ruling C8); after the final round the end game
   begins (20C, 21).
4. The game ends: one player left (19C), a target record reached (V2), the agreed length
   reached (V1), or the end game over (22).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.games.conquest import endgame, missing, opening, war
from umpire.games.conquest.economy import public
from umpire.games.conquest.geography import Board
from umpire.games.conquest.legality import pact_problem, pending_powers
from umpire.games.conquest.model import (
    ATTACK,
    BATTLE,
    DIGITS,
    ENDGAME,
    FINAL,
    HOME_ALLIANCES,
    HOMELAND,
    OVER,
    State,
)
from umpire.games.conquest.notation import format_order
from umpire.games.conquest.orders import Break, Order, Pact

FINAL_DONE = "final-done"
Step = tuple[State, list[Event]]


def pacts(state: State, orders: Mapping[str, Sequence[Order]]) -> Step:
    """COTW 18A: a player alliance forms once both players have asked for it; 18F: broken by
    either at any time, never renewed."""
    events: list[Event] = []
    for power in state.seats:
        for o in orders.get(power, ()):
            if not isinstance(o, Pact | Break) or pact_problem(state, power, o):
                continue
            pair = (power, o.power) if power < o.power else (o.power, power)
            if isinstance(o, Break):
                state = replace(state, pacts=state.pacts - {pair}, broken=state.broken | {pair})
                events.append(
                    public("pact", f"{power} breaks the alliance with {o.power} (rule 18F).")
                )
            elif (o.power, power) in state.offers:
                state = replace(
                    state, pacts=state.pacts | {pair}, offers=state.offers - {(o.power, power)}
                )
                events.append(
                    public("pact", f"{power} and {o.power} form a player alliance (rule 18).")
                )
            else:
                state = replace(state, offers=state.offers | {(power, o.power)})
    return state, events


def _phase_step(
    state: State, board: Board, orders: Mapping[str, Sequence[Order]], chance: Chance
) -> Step:
    phase = state.phase
    if phase == DIGITS:
        return opening.resolve_digits(state, orders, chance)
    if phase == HOMELAND:
        power = pending_powers(state)[0]
        return opening.resolve_homeland(state, board, power, orders.get(power, ()))
    if phase == HOME_ALLIANCES:
        return opening.resolve_home_alliances(state, board, orders)
    if phase in (ATTACK, FINAL):
        return war.resolve_attack(state, board, orders.get(state.holder, ()))
    if phase == BATTLE:
        return war.resolve_battle(state, board, orders, chance)
    if phase == ENDGAME:
        return endgame.resolve_duel_battle(state, orders, chance)
    return state, []


def _game_end(state: State, limits_checked: bool) -> Step:
    """V2, V1 and last-player-standing ends."""
    if state.phase == OVER:
        return state, []
    if len(state.players) == 1:
        return endgame.finish(state, [public("last", "One player is left (rule 19C).")])
    target = state.limits.target
    if target and any(state.record.get(p, 0) >= 2 * target for p in state.players):
        # V2: the first to reach the agreed record wins; reached together: the highest
        best = max(state.record.get(p, 0) for p in state.players)
        winners = tuple(p for p in state.players if state.record.get(p, 0) == best)
        ev = public(
            "target",
            f"{' and '.join(winners)} reached the agreed record of {target} (game variation 2).",
        )
        return endgame.finish(state, [ev])
    if limits_checked and state.war is None:  # V1: never in the middle of a war
        lim = state.limits
        rounds = lim.max_rounds and state.handovers >= lim.max_rounds * len(state.players)
        turns = lim.max_turns and state.turn >= lim.max_turns
        if rounds or turns:
            ev = public(
                "time",
                "The agreed length of the game is reached: the player farthest "
                "along the POWER BASE RECORD wins (game variation 1).",
            )
            return endgame.finish(state, [ev])
    return state, []


def resolve_turn(
    state: State, board: Board, orders: Mapping[str, Sequence[Order]], chance: Chance
) -> Step:
    expected = pending_powers(state)
    before = state
    mine = {p: list(orders.get(p, ())) for p in expected}
    state, events = pacts(state, mine)
    state, got = _phase_step(state, board, mine, chance)
    events += got
    if state.phase == ATTACK and state.war is None and state.passes >= len(state.players):
        events.append(
            public("stalemate", "Every player passed in turn: the attacks are over (ruling C8).")
        )
        state = replace(state, phase=FINAL_DONE)
    if state.phase == FINAL_DONE:
        state, got = endgame.start(state)
        events += got
    state, got = _game_end(state, limits_checked=True)
    events += got
    # ruling C11: a player who sent nothing is told so, and what was done for him, first
    events = [*missing.notes(before, state, board, expected, orders), *events]
    last = {**state.last_orders}
    for p in expected:
        last[p] = tuple(format_order(o) for o in mine[p])
    return replace(state, turn=state.turn + 1, last_orders=last), events
