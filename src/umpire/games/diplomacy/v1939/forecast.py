"""The position a 1939 III forecast starts from, built from a power's view alone
(docs/forecast.md, "Diplomacy 1939 III").

1939 III hides nothing in a position either: the view shows the whole board with what the
scenario adds (bombers, province owners, centres bombed since the last winter), so the state
built from it is the position itself. Besides the standard game's facts (the year limit, the
count of phases: :mod:`umpire.games.diplomacy.forecast`), the view leaves out last winter's
supply points as they were counted then; nothing in a turn reads them (each winter counts
afresh, D39 7, 41), so a forecast starts with none recorded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.core.ruleset import View
from umpire.games.diplomacy.forecast import MAX_ITEMS, position_fields
from umpire.games.diplomacy.geography import Map
from umpire.games.diplomacy.model import Unit
from umpire.games.diplomacy.v1939 import SCENARIO
from umpire.games.diplomacy.v1939.model import NEUTRAL, State1939


def forecast_state(m: Map, view: View) -> State1939:
    """The 1939 III position from a view (see the module)."""
    fields = position_fields(m, view, SCENARIO, kinds="AFT", neutral=NEUTRAL)
    powers = set(fields["powers"])
    bombers = tuple(_bomber(m, b, powers) for b in _list(view.get("bombers", []), "bombers"))
    raw = view.get("provinces", {})
    if not isinstance(raw, Mapping) or len(raw) > MAX_ITEMS:
        raise ValueError("the province owners: an object (province: power)")
    provinces: dict[str, str] = {}
    for place, owner in raw.items():
        if place not in m.provinces or not (owner in powers or owner == NEUTRAL):
            raise ValueError(f"the owner {owner!r} of {place!r} is no power of a space")
        provinces[str(place)] = str(owner)
    bombed = tuple(str(c) for c in _list(view.get("bombed", []), "bombed centres"))
    if any(c not in m.supply_centres for c in bombed):
        raise ValueError("a bombed centre is no supply centre of the map")
    return State1939(**fields, bombers=bombers, provinces=provinces, bombed=bombed, sp={})


def _bomber(m: Map, text: Any, powers: set[str]) -> Unit:
    if not isinstance(text, str) or len(text.split()) != 3:
        raise ValueError(f"{text!r} is no bomber ('GER B ber')")
    found = Unit.parse(text)
    if found.kind != "B" or found.power not in powers or found.loc not in m.provinces:
        raise ValueError(f"{text!r} is no bomber of a power of the position on the map")
    return found


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list) or len(value) > MAX_ITEMS:
        raise ValueError(f"{what}: a list (of at most {MAX_ITEMS})")
    return value
