"""What the map draws for a 1939 III order as it is given: the standard game's marks
(``diplomacy.marks``) and those of the orders 1939 III adds.

A tank's move is an arrow through its route province (D39 23); a tank convoyed, a dashed
arrow from the fleet to where the tank goes (D39 27); a bomber standing, a ring; a bomber's
flight (D39 37-40) a line through every space it enters to where it lands, with its mission
drawn from the space it flies it over (a support: a dashed arrow to the unit or move it
supports; a cut or a raid: a ring with its name); a landing permission (D39 44), a ring with
``land``. A transfer of supply points (D39 12) and the line starting alternate orders have
no place: nothing is drawn.

>>> from umpire.games.diplomacy.v1939.orders import Flight
>>> order_marks(Flight("B", "ven", ("aus", "mun"), "R", 1))
[Mark(kind='move', places=('ven', 'aus', 'mun'), label=''), Mark(kind='at', places=('mun',), label='raid')]
"""

from __future__ import annotations

from typing import Any

from umpire.core.ordermarks import AT, CONVOY, HOLD, MOVE, SUPPORT, Mark
from umpire.games.diplomacy import marks as standard
from umpire.games.diplomacy.v1939.orders import (
    CUT,
    RAID,
    BomberStand,
    Flight,
    LandPermission,
    TankConvoy,
    TankMove,
)

MISSIONS = {CUT: "cut", RAID: "raid"}


def order_marks(order: Any) -> list[Mark]:
    """The marks of one accepted 1939 III order (see the module docstring)."""
    if isinstance(order, TankMove):
        return [Mark(MOVE, (order.loc, order.route, order.dest))]
    if isinstance(order, TankConvoy):
        return [Mark(CONVOY, (order.loc, order.tank_loc, order.dest))]
    if isinstance(order, BomberStand):
        return [Mark(HOLD, (order.loc,))]
    if isinstance(order, LandPermission):
        return [Mark(AT, (order.province,), "land")]
    if isinstance(order, Flight):
        return _flight(order)
    return standard.order_marks(order)  # Transfer, Alternate: none there either


def _flight(order: Flight) -> list[Mark]:
    """A bomber's flight from its base through its path to its landing, and its mission."""
    out = [Mark(MOVE, (order.loc, *order.path))]
    over = order.mission_province
    if over is None:
        return out
    if order.mission == "S":
        target = (order.target_loc,) + ((order.target_dest,) if order.target_dest else ())
        out.append(Mark(SUPPORT, (over, *target)))
    else:
        out.append(Mark(AT, (over,), MISSIONS.get(order.mission, order.mission)))
    return out
