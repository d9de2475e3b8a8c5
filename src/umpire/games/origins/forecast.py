"""A forecast's starting position: a whole Origins state built from one power's view alone.

The view (:mod:`~umpire.games.origins.views`) gives every box's symbol (X, U+, U, C), the
power's own exact holdings, the exact holdings his spies saw last turn (OWW 8.5), who placed
or moved where, and his own orders. What it hides is filled by our rule (docs/forecast.md,
ruling R15 in docs/rulings/origins.md): a box whose exact PFs he does not know holds the
fewest PFs its symbol allows, 1 for ``X`` and ``U+``, none for ``U`` and ``C``; other powers'
spy missions and orders of last turn are unknown, so absent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.games.origins.model import CONTROL, UNDERSTANDING, Box, State, with_boxes

# Our rule (docs/forecast.md): the fewest PFs each public symbol allows (OWW 8.4)
LEAST_BY_SYMBOL: Mapping[str, Box] = {
    "X": Box(1, ""),
    "U+": Box(1, UNDERSTANDING),
    "U": Box(0, UNDERSTANDING),
    "C": Box(0, CONTROL),
}


def forecast_state(view: Mapping[str, Any], power: str) -> State:
    """The state ``power`` forecasts from: his view, exactly; unknown amounts at the least."""
    exact: Mapping[str, Mapping[str, Mapping[str, Any]]] = view.get("exact", {})
    boxes: dict[str, dict[str, Box]] = {}
    for area, row in view["map"].items():
        for who, symbol in row.items():
            known = exact.get(area, {}).get(who)
            if known is not None:
                box = Box(int(known["pfs"]), str(known["marker"]))
            else:
                box = LEAST_BY_SYMBOL[symbol]
            boxes.setdefault(area, {})[who] = box
    for area, row in exact.items():  # his own empty boxes are not on the map: nothing to add
        for who, known in row.items():
            boxes.setdefault(area, {}).setdefault(who, Box(int(known["pfs"]), str(known["marker"])))
    state = State(
        scenario=str(view["scenario"]),
        powers=tuple(view["powers"]),
        turn=int(view["turn"]),
        placed={a: tuple(ps) for a, ps in view.get("placed", {}).items()},
        moved_out=tuple(view.get("moved_out", ())),
        # OWW 8.5: his own missions of last turn (the others' are secret: none)
        spied=tuple((power, str(a), str(t)) for a, t in view.get("spied", ())),
        accepted={power: tuple(view.get("orders", {}).get(power, ()))},
    )
    return with_boxes(state, boxes)
