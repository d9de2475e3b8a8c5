"""What a power sees in 1939 III: the whole board, as in the standard game (nothing is hidden
but unresolved orders, which never enter the state), with bombers, province owners, bombed
centres and each power's supply points."""

from __future__ import annotations

from umpire.core.ruleset import View
from umpire.games.diplomacy.geography import Map
from umpire.games.diplomacy.v1939 import supply
from umpire.games.diplomacy.v1939.model import State1939


def label(state: State1939) -> str:
    """The phase's name in the rulebook's own words: 1939 III says "Autumn" (D39 4, 15, 33),
    where the standard game's 2023 rulebook says "Fall" (the stored season stays ``fall``)."""
    return state.label.replace("Fall", "Autumn")


def supply_points(m: Map, state: State1939) -> dict[str, int]:
    """Every seated power's SP as the next winter would count them (D39 7, 41)."""
    owners = state.owner_map()
    return {p: supply.supply_points(m, owners, p, state.bombed) for p in state.powers}


def view(m: Map, state: State1939) -> View:
    """The position, by allow-list."""
    return {
        "phase": label(state),
        "year": state.year,
        "season": state.season,
        "units": [u.text() for u in state.units],
        "bombers": [b.text() for b in state.bombers],
        "dislodged": [d.to_json() for d in state.dislodged],
        "centres": {p: state.centres_of(p) for p in state.powers},
        "provinces": dict(state.provinces),
        "bombed": list(state.bombed),
        "supply_points": supply_points(m, state),
        "result": state.result,
        "winners": list(state.winners),
    }
