"""The note to a power that sent no orders for a phase it had to order in, and what the rules
did instead (as Battle Plan's printout shows the orders it took and Origins' says "No orders
from ..."): each is an event addressed to that power, first in its report's results.

The defaults are the rulebook's: unordered units hold (DATC 4.D.9: "unordered units just
hold"); a dislodged unit with no retreat order is disbanded; builds not ordered are waived
(DATC 4.D.7); removals not ordered are made by the civil disorder rule (DATC 4.D.8). 1939 III
has its own winter (D39 7-13): no builds, transfers or disbands by choice, and units the SP
cannot keep are disbanded in the civil-disorder order (D39 10).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from umpire.core.events import Audience, Event
from umpire.games.diplomacy.model import MOVEMENT, RETREATS

HOLD = "its units hold"
DISBAND = "its dislodged units are disbanded"


def notes(
    label: str,
    phase: str,
    expected: Iterable[str],
    orders: Mapping[str, Any],
    winter: Mapping[str, str],
) -> list[Event]:
    """An event for each power of ``expected`` absent from ``orders``: no orders were
    received from it for the phase ``label``, and the default the rules applied (``winter``:
    each power's default adjustments)."""
    out = []
    for power in expected:
        if power in orders:
            continue
        if phase == MOVEMENT:
            default = HOLD
        elif phase == RETREATS:
            default = DISBAND
        else:
            default = winter.get(power, "")
        out.append(
            Event(
                "no_orders",
                Audience.powers(power),
                f"No orders received from {power} for {label}: {default}.",
                {"power": power, "default": default},
            )
        )
    return out


def standard_winter(delta: int) -> str:
    """The standard game's default adjustments of a power ``delta`` centres over its units."""
    if delta > 0:
        return f"its {delta} build{'s are' if delta > 1 else ' is'} waived"
    count = -delta
    return f"{count} unit{'s are' if count > 1 else ' is'} removed by the civil disorder rule"


WINTER_1939 = (
    "no builds, transfers or disbands by choice; units its SP cannot keep are disbanded in "
    "the civil-disorder order (D39 10)"
)
