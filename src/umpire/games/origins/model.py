"""The state of a game of Origins: the map of boxes, the turn, and what last turn showed.

The map has a BOX for each power in each of the 13 areas (OWW 8.4). A box holds a number of
PFs and at most one marker: an Understanding marker ("U", worth 5 PFs, OWW 4.5, 5.2) or a
Control marker ("C", which stands alone: placing it removes every PF, OWW 5.3.3). A box shows
``X`` (PFs only), ``U+`` (Understanding and PFs), ``U`` (Understanding only) or ``C``.

The state is immutable; :func:`dump_state` / :func:`load_state` give its JSON form.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

UNDERSTANDING = "U"
CONTROL = "C"
UNDERSTANDING_VALUE = 5  # OWW 1.6, 4.5, 5.2: an Understanding marker is worth 5 PFs


@dataclass(frozen=True, slots=True)
class Box:
    """One power's influence in one area."""

    pfs: int = 0
    marker: str = ""  # "", "U" or "C"

    @property
    def understanding(self) -> bool:
        return self.marker == UNDERSTANDING

    @property
    def control(self) -> bool:
        return self.marker == CONTROL

    @property
    def strength(self) -> int:
        """PFs plus 5 for an Understanding marker (OWW 4.5, 5.2)."""
        return self.pfs + (UNDERSTANDING_VALUE if self.understanding else 0)

    @property
    def empty(self) -> bool:
        return self.pfs == 0 and not self.marker

    @property
    def symbol(self) -> str:
        """What every player sees in the box (OWW 8.4): "", X, U+, U or C."""
        if self.control:
            return "C"
        if self.understanding:
            return "U+" if self.pfs else "U"
        return "X" if self.pfs else ""

    def lose(self, amount: int) -> Box:
        """Remove ``amount`` PFs: from PFs first, then from the Understanding marker; a
        part-reduced marker becomes a PF marker holding the remainder (OWW 8.2)."""
        if amount <= 0:
            return self
        if amount <= self.pfs:
            return replace(self, pfs=self.pfs - amount)
        rest = amount - self.pfs
        if self.understanding:
            return Box(max(0, UNDERSTANDING_VALUE - rest), "")
        return Box(0, self.marker)

    def to_json(self) -> list[Any]:
        return [self.pfs, self.marker]

    @classmethod
    def from_json(cls, data: list[Any]) -> Box:
        return cls(int(data[0]), str(data[1]))


EMPTY = Box()

Boxes = Mapping[str, Mapping[str, Box]]  # area -> power -> box (empty boxes left out)


@dataclass(frozen=True, slots=True)
class State:
    scenario: str
    powers: tuple[str, ...]
    turn: int  # the turn to be resolved next; charts.turns + 1 once the game is over
    boxes: Boxes = field(default_factory=dict)
    # What the last turn showed every player (OWW 3.6, 8.1): who placed or moved PFs into
    # each area, and who moved PFs out of his home area.
    placed: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    moved_out: tuple[str, ...] = ()
    # Espionage of the last turn (OWW 6.1): (spy, area, target).
    spied: tuple[tuple[str, str, str], ...] = ()
    # Each power's orders as carried out last turn (secret to that power).
    accepted: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def box(self, area: str, power: str) -> Box:
        return self.boxes.get(area, {}).get(power, EMPTY)

    def control_marked(self, area: str) -> bool:
        """OWW 1.6, 3.5: no PFs may be placed in an area holding any Control marker."""
        return any(b.control for b in self.boxes.get(area, {}).values())


def dump_state(state: State) -> dict[str, Any]:
    return {
        "scenario": state.scenario,
        "powers": list(state.powers),
        "turn": state.turn,
        "boxes": {
            area: {p: b.to_json() for p, b in sorted(row.items()) if not b.empty}
            for area, row in sorted(state.boxes.items())
            if any(not b.empty for b in row.values())
        },
        "placed": {a: list(ps) for a, ps in sorted(state.placed.items()) if ps},
        "moved_out": list(state.moved_out),
        "spied": [list(s) for s in state.spied],
        "accepted": {p: list(o) for p, o in sorted(state.accepted.items())},
    }


def load_state(data: Mapping[str, Any]) -> State:
    return State(
        scenario=str(data["scenario"]),
        powers=tuple(data["powers"]),
        turn=int(data["turn"]),
        boxes={
            area: {p: Box.from_json(b) for p, b in row.items()}
            for area, row in data.get("boxes", {}).items()
        },
        placed={a: tuple(ps) for a, ps in data.get("placed", {}).items()},
        moved_out=tuple(data.get("moved_out", ())),
        spied=tuple((str(s[0]), str(s[1]), str(s[2])) for s in data.get("spied", ())),
        accepted={p: tuple(o) for p, o in data.get("accepted", {}).items()},
    )


def with_boxes(state: State, boxes: Mapping[str, Mapping[str, Box]]) -> State:
    """``state`` with the map replaced (empty boxes dropped)."""
    clean = {a: {p: b for p, b in row.items() if not b.empty} for a, row in boxes.items()}
    return replace(state, boxes={a: r for a, r in clean.items() if r})
