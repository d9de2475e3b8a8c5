"""The retreat phase: each dislodged unit retreats to one of its options or is disbanded.

2023 rulebook: two or more units retreating to the same province are all disbanded; a
dislodged unit without an order is disbanded; a retreat may not go where the attacker came
from (unless it came by convoy, DATC 4.A.5), to an occupied province, or to a province left
empty by a standoff. The options are worked out at the end of the movement phase
(:mod:`~umpire.games.diplomacy.movement`) and stored with each dislodged unit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TypeVar

from umpire.games.diplomacy.geography import province_of
from umpire.games.diplomacy.model import Dislodged, Unit
from umpire.games.diplomacy.orders import Retreat, RetreatOrder

K = TypeVar("K", bound=Hashable)


def resolve_retreats(
    dislodged: Sequence[Dislodged],
    orders: Mapping[K, RetreatOrder],
    key: Callable[[Dislodged], K],
) -> tuple[list[Unit], dict[K, str]]:
    """The units that survive, at their new places, and the fate of each dislodged unit.

    ``key`` names a dislodged unit in ``orders`` and in the fates returned (its province in
    the standard game, where one space holds one unit). The fate is ``"retreated"``,
    ``"disbanded"`` (ordered), ``"bounced"`` (clash) or ``"unordered"``.
    """
    wanted: dict[K, str] = {}
    for d in dislodged:
        k = key(d)
        o = orders.get(k)
        if isinstance(o, Retreat) and o.dest in d.options:
            wanted[k] = o.dest
    clash = Counter(province_of(dest) for dest in wanted.values())
    survivors: list[Unit] = []
    fate: dict[K, str] = {}
    for d in dislodged:
        k = key(d)
        dest = wanted.get(k)
        if dest is None:
            fate[k] = "disbanded" if k in orders else "unordered"
        elif clash[province_of(dest)] > 1:
            fate[k] = "bounced"
        else:
            fate[k] = "retreated"
            survivors.append(Unit(dest, d.unit.kind, d.unit.power))
    return survivors, fate
