"""The state of 1939 III: the standard position (units, centre owners, dislodged units, the
season) and what this scenario adds. Neutral armies are units of the power ``NEUTRAL``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from umpire.games.diplomacy.model import State, Unit, dump_state, state_fields

NEUTRAL = "NEUTRAL"  # the power of the anarchic neutral armies (D39 14)


@dataclass(frozen=True, slots=True)
class State1939(State):
    # The bombers (D39 35): they share a space with a ground unit, so they are not ``units``.
    # Kept in the order they landed (the record's order); :meth:`bomber_list` sorts them.
    bombers: tuple[Unit, ...] = ()
    # Province owners (D39 5, 6): the last power whose ground or sea unit stood there.
    provinces: Mapping[str, str] = field(default_factory=dict)
    bombed: tuple[str, ...] = ()  # centres strategically bombed since the last winter (D39 41)
    sp: Mapping[str, int] = field(default_factory=dict)  # last winter's SP, by power

    def bomber_list(self) -> list[Unit]:
        return sorted(self.bombers)


def dump_state_1939(state: State1939) -> dict[str, Any]:
    data = dump_state(state)
    data["extra"] = {
        "bombers": [b.text() for b in state.bombers],
        "provinces": dict(sorted(state.provinces.items())),
        "bombed": list(state.bombed),
        "sp": dict(sorted(state.sp.items())),
    }
    return data


def load_state_1939(data: dict[str, Any]) -> State1939:
    extra = data.get("extra", {})
    return State1939(
        **state_fields(data),
        bombers=tuple(Unit.parse(b) for b in extra.get("bombers", [])),
        provinces=dict(extra.get("provinces", {})),
        bombed=tuple(extra.get("bombed", [])),
        sp=dict(extra.get("sp", {})),
    )
