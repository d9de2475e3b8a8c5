"""The orders of standard Diplomacy, as small immutable values.

Every order names the unit it is for by kind (``"A"``, ``"F"``; a scenario may add more
letters) and location (``"par"``, ``"stp/sc"``). Locations are lower-case province
abbreviations, with ``/coast`` for a split coast. The canonical text of each order is given by
:func:`umpire.games.diplomacy.notation.format_order`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from umpire.games.diplomacy.geography import province_of

# The movement orders are made many times a turn (a frozen dataclass's own __init__ sets each
# field through object.__setattr__): their __init__ sets the slots directly instead, through
# the slot descriptors bound at the end of this module. Fields, order, equality, hashing and
# repr are the dataclass's.


@dataclass(frozen=True, slots=True, init=False)
class Hold:
    kind: str
    loc: str

    def __init__(self, kind: str, loc: str) -> None:
        _hold_kind(self, kind)
        _hold_loc(self, loc)


@dataclass(frozen=True, slots=True, init=False)
class Move:
    """``A par - bur``; ``via_convoy`` is the 2023 rulebook's explicit tag."""

    kind: str
    loc: str
    dest: str
    via_convoy: bool = False

    def __init__(self, kind: str, loc: str, dest: str, via_convoy: bool = False) -> None:
        _move_kind(self, kind)
        _move_loc(self, loc)
        _move_dest(self, dest)
        _move_via_convoy(self, via_convoy)


@dataclass(frozen=True, slots=True, init=False)
class Support:
    """Support to hold (``target_dest`` None) or to move into ``target_dest``."""

    kind: str
    loc: str
    target_kind: str
    target_loc: str
    target_dest: str | None = None

    def __init__(
        self, kind: str, loc: str, target_kind: str, target_loc: str, target_dest: str | None = None
    ) -> None:
        _support_kind(self, kind)
        _support_loc(self, loc)
        _support_target_kind(self, target_kind)
        _support_target_loc(self, target_loc)
        _support_target_dest(self, target_dest)


@dataclass(frozen=True, slots=True, init=False)
class Convoy:
    kind: str
    loc: str
    army_loc: str
    army_dest: str

    def __init__(self, kind: str, loc: str, army_loc: str, army_dest: str) -> None:
        _convoy_kind(self, kind)
        _convoy_loc(self, loc)
        _convoy_army_loc(self, army_loc)
        _convoy_army_dest(self, army_dest)


@dataclass(frozen=True, slots=True)
class Retreat:
    kind: str
    loc: str
    dest: str


@dataclass(frozen=True, slots=True)
class Disband:
    """A dislodged unit's disband in a retreat phase."""

    kind: str
    loc: str


@dataclass(frozen=True, slots=True)
class Build:
    kind: str
    loc: str


@dataclass(frozen=True, slots=True)
class Remove:
    kind: str
    loc: str


@dataclass(frozen=True, slots=True)
class Waive:
    """Decline one build (2023 rulebook; DATC 4.D.7)."""


MovementOrder = Hold | Move | Support | Convoy
RetreatOrder = Retreat | Disband
AdjustmentOrder = Build | Remove | Waive
Order = MovementOrder | RetreatOrder | AdjustmentOrder


def unit_province(order: Order) -> str | None:
    """The province of the unit an order is for (None for Waive)."""
    if isinstance(order, Waive):
        return None
    return province_of(order.loc)


def _setter(cls: type, name: str) -> Any:
    """The slot descriptor's setter of field ``name`` (bypasses the frozen __setattr__)."""
    return vars(cls)[name].__set__


_hold_kind, _hold_loc = _setter(Hold, "kind"), _setter(Hold, "loc")
_move_kind, _move_loc = _setter(Move, "kind"), _setter(Move, "loc")
_move_dest, _move_via_convoy = _setter(Move, "dest"), _setter(Move, "via_convoy")
_support_kind, _support_loc = _setter(Support, "kind"), _setter(Support, "loc")
_support_target_kind = _setter(Support, "target_kind")
_support_target_loc = _setter(Support, "target_loc")
_support_target_dest = _setter(Support, "target_dest")
_convoy_kind, _convoy_loc = _setter(Convoy, "kind"), _setter(Convoy, "loc")
_convoy_army_loc, _convoy_army_dest = _setter(Convoy, "army_loc"), _setter(Convoy, "army_dest")
