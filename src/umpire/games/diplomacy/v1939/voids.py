"""1939 III orders that are legal but that the turn will refuse whatever the others order.

Besides the standard game's (:mod:`umpire.games.diplomacy.voids`: supports and convoys of
one's own armies and fleets that match no order of theirs, two own retreats to one province),
the winter's ratios are decided by the power's own orders alone: a tank for every two armies
(D39 18) and not more than one bomber more than armies (D39 31), counted with the armies the
set of winter orders builds (the tank may come with the second army, D39 18). Even if every
army build of the set is made (whether builds can be paid is known only at the winter, when
transfers arrive), a tank or bomber over its ratio is refused, the last written first (as the
winter refuses them, :func:`supply._builds`). Each set of alternate orders is judged alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from umpire.core.problems import Problem
from umpire.games.diplomacy import errors
from umpire.games.diplomacy.geography import province_of
from umpire.games.diplomacy.orders import Build, Remove
from umpire.games.diplomacy.v1939.model import State1939
from umpire.games.diplomacy.v1939.notation import format_order
from umpire.games.diplomacy.v1939.orders import Alternate


def winter_warnings(
    state: State1939, power: str, orders: Sequence[tuple[int, Any]]
) -> list[Problem]:
    """The tank and bomber builds of ``orders`` (``power``'s winter orders as ``check`` kept
    them) over the ratios even at best (D39 18, 31)."""
    sets: list[list[tuple[int, Any]]] = [[]]
    for line, o in orders:
        if isinstance(o, Alternate):
            sets.append([])
        else:
            sets[-1].append((line, o))
    out: list[Problem] = []
    for given in sets:
        out += _over_ratio(state, power, given)
    return sorted(out, key=lambda p: p.line)


def _over_ratio(state: State1939, power: str, given: Sequence[tuple[int, Any]]) -> list[Problem]:
    removed = [(o.kind, province_of(o.loc)) for _, o in given if isinstance(o, Remove)]
    mine = [
        u.kind
        for u in [*state.units, *state.bomber_list()]
        if u.power == power and (u.kind, u.province) not in removed
    ]
    builds = [(line, o) for line, o in given if isinstance(o, Build)]
    armies = mine.count("A") + sum(o.kind == "A" for _, o in builds)
    out: list[Problem] = []
    for kind, allowed, code in (
        ("T", armies // 2, errors.VOID_TANK_RATIO),  # D39 18: 2 tanks <= armies
        ("B", armies + 1, errors.VOID_BOMBER_RATIO),  # D39 31: bombers <= armies + 1
    ):
        new = [(line, o) for line, o in builds if o.kind == kind]
        room = max(allowed - mine.count(kind), 0)
        for line, o in new[room:] if room < len(new) else []:
            text = format_order(o)
            out.append(code.problem(line, text, armies=armies, allowed=allowed, order=text))
    return out
