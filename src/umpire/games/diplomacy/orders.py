"""The orders of standard Diplomacy, as small immutable values.

Every order names the unit it is for by kind (``"A"``, ``"F"``; variants add more, such as
1939 III's tanks) and location (``"par"``, ``"stp/sc"``). Locations are lower-case province
abbreviations, with ``/coast`` for a split coast. The canonical text of each order is given by
:func:`umpire.games.diplomacy.notation.format_order`.
"""

from __future__ import annotations

from dataclasses import dataclass

from umpire.games.diplomacy.geography import province_of


@dataclass(frozen=True, slots=True)
class Hold:
    kind: str
    loc: str


@dataclass(frozen=True, slots=True)
class Move:
    """``A par - bur``; ``via_convoy`` is the 2023 rulebook's explicit tag."""

    kind: str
    loc: str
    dest: str
    via_convoy: bool = False


@dataclass(frozen=True, slots=True)
class Support:
    """Support to hold (``target_dest`` None) or to move into ``target_dest``."""

    kind: str
    loc: str
    target_kind: str
    target_loc: str
    target_dest: str | None = None


@dataclass(frozen=True, slots=True)
class Convoy:
    kind: str
    loc: str
    army_loc: str
    army_dest: str


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
