"""The retreat phase: each dislodged unit retreats to one of its options or is disbanded.

2023 rulebook: two or more units retreating to the same province are all disbanded; a
dislodged unit without an order is disbanded; a retreat may not go where the attacker came
from (unless it came by convoy, DATC 4.A.5), to an occupied province, or to a province left
empty by a standoff. The options are worked out at the end of the movement phase
(:mod:`~umpire.games.diplomacy.movement`) and stored with each dislodged unit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from umpire.games.diplomacy.geography import province_of
from umpire.games.diplomacy.orders import Retreat, RetreatOrder
from umpire.games.diplomacy.state import Dislodged, Unit


def resolve_retreats(
    dislodged: tuple[Dislodged, ...], orders: Mapping[str, RetreatOrder]
) -> tuple[list[Unit], dict[str, str]]:
    """The units that survive, at their new places, and the fate of each dislodged unit.

    ``orders`` maps the province of each dislodged unit to its order. The fate is
    ``"retreated"``, ``"disbanded"`` (ordered), ``"bounced"`` (clash) or ``"unordered"``.
    """
    wanted: dict[str, str] = {}
    for d in dislodged:
        o = orders.get(d.unit.province)
        if isinstance(o, Retreat) and o.dest in d.options:
            wanted[d.unit.province] = o.dest
    clash = Counter(province_of(dest) for dest in wanted.values())
    survivors: list[Unit] = []
    fate: dict[str, str] = {}
    for d in dislodged:
        here = d.unit.province
        dest = wanted.get(here)
        if dest is None:
            fate[here] = "disbanded" if here in orders else "unordered"
        elif clash[province_of(dest)] > 1:
            fate[here] = "bounced"
        else:
            fate[here] = "retreated"
            survivors.append(Unit(dest, d.unit.kind, d.unit.power))
    return survivors, fate
