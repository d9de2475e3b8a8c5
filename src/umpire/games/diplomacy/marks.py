"""What the map draws for a Diplomacy order as it is given (1939 III adds its own: v1939/marks).

One function, :func:`order_marks`, turns an accepted order value into the marks of
:mod:`umpire.core.ordermarks`: a move or a retreat is an arrow; a hold a ring; a support a
dashed arrow to the unit it supports, or to the middle of the move it supports; a convoy a
dashed arrow to where the army goes; a build a dashed ring with the unit built; a removal or a
disband a cross. A waived build has no place: nothing is drawn.

>>> from umpire.games.diplomacy.orders import Move, Support
>>> order_marks(Move("A", "ber", "sil"))
[Mark(kind='move', places=('ber', 'sil'), label='')]
>>> order_marks(Support("A", "mun", "A", "ber", "sil"))
[Mark(kind='support', places=('mun', 'ber', 'sil'), label='')]
"""

from __future__ import annotations

from typing import Any

from umpire.core.ordermarks import AT, CONVOY, HOLD, MOVE, REMOVE, SUPPORT, Mark
from umpire.games.diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Remove,
    Retreat,
    Support,
)


def order_marks(order: Any) -> list[Mark]:
    """The marks of one accepted Diplomacy or 1939 III order (see the module docstring)."""
    if isinstance(order, Move | Retreat):
        return [Mark(MOVE, (order.loc, order.dest))]
    if isinstance(order, Hold):
        return [Mark(HOLD, (order.loc,))]
    if isinstance(order, Support):
        places = (order.loc, order.target_loc)
        return [Mark(SUPPORT, places + ((order.target_dest,) if order.target_dest else ()))]
    if isinstance(order, Convoy):
        return [Mark(CONVOY, (order.loc, order.army_loc, order.army_dest))]
    if isinstance(order, Build):
        return [Mark(AT, (order.loc,), f"build {order.kind}")]
    if isinstance(order, Remove | Disband):
        return [Mark(REMOVE, (order.loc,))]
    return []  # Waive: no place on the map
