"""The note to a player who sent no orders when he had to order, and what the rules did
instead (ruling C11), as Diplomacy's, SPI WW2's and Origins' players are told: an event
addressed to that player alone, first in his report's results.

The defaults are ruling C11's: a number, the first free one upwards from 0 (C2); a Homeland,
the free country of highest value; home alliances, none; the attack option, a pass; a weapon,
the first still allowed of TANK, SUB, PLANE, cautiously.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from umpire.core.events import Audience, Event
from umpire.games.conquest.geography import Board
from umpire.games.conquest.model import (
    ATTACK,
    BATTLE,
    DIGITS,
    ENDGAME,
    FINAL,
    HOME_ALLIANCES,
    HOMELAND,
    State,
)
from umpire.games.conquest.notation import format_order
from umpire.games.conquest.war import default_weapon


def notes(
    before: State,
    after: State,
    board: Board,
    expected: Sequence[str],
    orders: Mapping[str, object],
) -> list[Event]:
    """An event for each power of ``expected`` absent from ``orders``: no orders were received
    from it for the turn ``before`` asked for, and what ruling C11 did instead
    (``after``: the state the turn left, for the number called and the Homeland given)."""
    out = []
    for power in expected:
        if power in orders:
            continue
        default = _default(before, after, board, power)
        out.append(
            Event(
                "no_orders",
                Audience.powers(power),
                f"No orders received from {power} for turn {before.turn}: {default} (ruling C11).",
                {"power": power, "default": default},
            )
        )
    return out


def _default(before: State, after: State, board: Board, power: str) -> str:
    phase = before.phase
    if phase == DIGITS:
        return f"it calls {after.digits[power]}, the first number free upwards from 0"
    if phase == HOMELAND:
        home = after.homelands.get(power, "")
        name = board.country(home).name if home else "none"
        return f"its Homeland is the free country of highest value, {name}"
    if phase == HOME_ALLIANCES:
        return "it makes no alliances in its home zone"
    if phase == ATTACK:
        return "it buys no alliance and passes the attack option"
    if phase == FINAL:
        return "it makes no final-round attack"
    if phase == BATTLE and before.war is not None:
        lost = before.war.lost[before.war.side(power)]
        return f"it fights with {format_order(default_weapon(lost))}"
    if phase == ENDGAME and before.duel is not None:
        duel = before.duel
        lost_last = duel.lost_last[duel.side(power)]
        return f"it fights with {format_order(default_weapon((lost_last,)))}"
    return "nothing is done for it"
