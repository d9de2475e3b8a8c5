"""Orders that are legal but that the turn will not carry out whatever the others order.

Legality (:mod:`legality`) checks each line against the most the power could have in an area
this turn (all of its PFs of the turn, and its home PFs moved in), so that a line stands alone.
The submission itself says how many it does put there: its placements and moves. Nobody else
can add PFs to a power's box (OWW 3.2: a player places only his own), and conflicts only take
PFs away (the conflict results), so where even the power's own box plus its own placements and moves falls
short, the order cannot take effect:

- an attack in an area where the power will have no PFs (OWW 4.1, 4.4: the attacker's PFs in
  the area fight; the turn reports "not carried out");
- an Understanding (OWW 5.2: 5 PFs) or Control (OWW 5.3.3: strength 5) order in an area where
  the power will have fewer.

The home area is left out: PFs left unplaced go there (ruling R12), so what stands in it is
settled only when the turn's pool is spent.
"""

from __future__ import annotations

from collections.abc import Sequence

from umpire.core.problems import Problem
from umpire.games.origins import errors as E
from umpire.games.origins.model import State
from umpire.games.origins.notation import format_order
from umpire.games.origins.orders import Attack, Control, Move, Order, Place, Understanding

MARKER_PFS = 5  # OWW 5.2, 5.3.3


def warnings(state: State, power: str, orders: Sequence[tuple[int, Order]]) -> list[Problem]:
    """The attack and marker orders of ``orders`` (``power``'s submission as ``check`` kept
    it) that cannot take effect, each a ``void/`` problem on its line."""
    added: dict[str, int] = {}
    for _, o in orders:
        if isinstance(o, Place | Move):
            added[o.area] = added.get(o.area, 0) + o.amount
    out: list[Problem] = []
    for line, o in orders:
        if not isinstance(o, Attack | Understanding | Control) or o.area == power:
            continue
        box = state.box(o.area, power)
        text = format_order(o)
        if isinstance(o, Attack):
            if box.strength + added.get(o.area, 0) <= 0:
                out.append(E.VOID_ATTACK.problem(line, text, power=power, area=o.area, order=text))
            continue
        if isinstance(o, Understanding):
            most, rule = box.pfs + added.get(o.area, 0), "OWW 5.2"
        else:
            most, rule = box.strength + added.get(o.area, 0), "OWW 5.3.3"
        if most < MARKER_PFS:
            out.append(
                E.VOID_MARKER.problem(
                    line, text, power=power, most=most, area=o.area, rule=rule, order=text
                )
            )
    return out
