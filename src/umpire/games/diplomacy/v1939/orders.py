"""The orders 1939 III adds to standard Diplomacy, as small immutable values.

Standard order types (Hold, Move, Support, Convoy, Retreat, Disband, Build, Remove, Waive)
carry the new unit letters too: ``T`` tank, ``B`` bomber (D39 2). The new types:

- :class:`TankMove`: a tank "movement" through a named route province (D39 23);
- :class:`TankConvoy`: a fleet convoying a tank (D39 27);
- :class:`BomberStand` and :class:`Flight`: a bomber standing or flying, with at most one
  mission on one step of its flight path (D39 37-40);
- :class:`LandPermission`: a province owner's "Land" approval (D39 44);
- :class:`Transfer`: supply points given to another power in a winter (D39 12);
- :class:`Alternate`: the line that starts a set of alternate winter orders (D39 12).
"""

from __future__ import annotations

from dataclasses import dataclass

SUPPORT, CUT, RAID = "S", "N", "R"  # the bomber missions (D39 38, 39, 40)


@dataclass(frozen=True, slots=True)
class TankMove:
    """``T mun - cro via aus``: a double-province "movement" (D39 19, 23)."""

    kind: str
    loc: str
    route: str
    dest: str


@dataclass(frozen=True, slots=True)
class TankConvoy:
    """``F nth C T lon - bel`` (D39 27: tanks are convoyed as armies are)."""

    kind: str
    loc: str
    tank_loc: str
    dest: str


@dataclass(frozen=True, slots=True)
class BomberStand:
    kind: str
    loc: str


@dataclass(frozen=True, slots=True)
class Flight:
    """A bomber's flight: the spaces it enters in order (``path``; the last is where it means
    to land) and at most one mission, flown at ``path[at]``.

    ``mission`` is "" (a plain movement), ``S`` (support ``target_kind target_loc`` holding,
    or moving to ``target_dest``), ``N`` (cut the support of the unit there) or ``R``
    (strategically bomb the centre there).
    """

    kind: str
    loc: str
    path: tuple[str, ...]
    mission: str = ""
    at: int = -1
    target_kind: str = ""
    target_loc: str = ""
    target_dest: str | None = None

    @property
    def landing(self) -> str:
        return self.path[-1]

    @property
    def mission_province(self) -> str | None:
        return self.path[self.at] if self.mission else None


@dataclass(frozen=True, slots=True)
class LandPermission:
    """``len [Land GER B pru]``: the owner of ``province`` lets ``power``'s bomber that takes
    off from ``bomber_loc`` land there this season (D39 44)."""

    province: str
    power: str
    bomber_loc: str


@dataclass(frozen=True, slots=True)
class Transfer:
    """``Transfer 2 SP to FRA`` (D39 12)."""

    amount: int
    to: str


@dataclass(frozen=True, slots=True)
class Alternate:
    """``Alternate:``: the winter orders after this line are an alternate set, used only if
    every set before it cannot be carried out in full (D39 12 recommends alternate winter
    orders "in case the SP's are not received"; ruling)."""
