"""What a power sees: everything on the board. Diplomacy hides nothing but unresolved orders,
which never enter the state, so every power's view is the umpire's."""

from __future__ import annotations

from umpire.core.ruleset import View
from umpire.games.diplomacy.model import State


def view(state: State) -> View:
    """The position, by allow-list: the phase, units, dislodged units, centres and result."""
    return {
        "phase": state.label,
        "year": state.year,
        "season": state.season,
        "units": [u.text() for u in state.units],
        "dislodged": [d.to_json() for d in state.dislodged],
        "centres": {p: state.centres_of(p) for p in state.powers},
        "result": state.result,
        "winners": list(state.winners),
    }
