"""Step 1: moving forces move; every group sent to attack or support leaves its space.

BP 4C.4, 4D.2, 4E.4, 4F.2, 4G.2: forces moved to a minor are gifts to it (3B: +2 popularity
per Army, Navy or AirForce, +3 per Missile or AntiMissile); forces moved to another player's
occupied country are gifts to him. All moves are simultaneous: every mover leaves before any
arrives.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from umpire.games.battleplan.context import Group, Turn
from umpire.games.battleplan.model import MINOR
from umpire.games.battleplan.notation import Action, Transfer

_FIELD = {"A": "army", "N": "navy", "F": "air", "M": "missiles", "X": "anti"}
GIFT_POPULARITY = {"A": 2, "N": 2, "F": 2, "M": 3, "X": 3}  # BP 3B


def take(t: Turn, player: int, space: str, unit: str, n: int) -> int:
    """Remove up to ``n`` units of ``player`` from ``space``; the number actually taken."""
    if space in t.state.countries:
        c = t.state.countries[space]
        have = getattr(c, _FIELD[unit])
        n = min(n, have)
        setattr(c, _FIELD[unit], have - n)
        return n
    stack = t.state.seas[space].forces.get(player)
    if stack is None or unit in "MX":
        return 0
    n = min(n, stack.get(unit))
    stack.add(unit, -n)
    return n


def put(t: Turn, player: int, space: str, unit: str, n: int) -> None:
    """Add ``n`` units arriving for ``player`` to ``space`` (no gift accounting)."""
    if n <= 0:
        return
    if space in t.state.countries:
        c = t.state.countries[space]
        setattr(c, _FIELD[unit], getattr(c, _FIELD[unit]) + n)
    else:
        t.state.seas[space].stack(player).add(unit, n)


def move(
    t: Turn, transfers: Mapping[int, Sequence[Transfer]], actions: Mapping[int, Sequence[Action]]
) -> None:
    """Step 1: detach every mover and every group, then let the movers arrive."""
    arriving: list[tuple[int, Transfer, int]] = []
    for player in sorted(transfers):
        for tr in transfers[player]:
            n = take(t, player, tr.space, tr.unit, tr.amount)
            if n:
                arriving.append((player, tr, n))
    for player in sorted(actions):
        for a in actions[player]:
            n = take(t, player, a.space, a.unit, a.amount)
            if not n:
                continue
            minor = a.space in t.state.countries and t.state.countries[a.space].owner == MINOR
            t.groups.append(Group(player, a.space, a.unit, a.verb, a.target, n, from_minor=minor))
            target = t.state.countries.get(a.target)
            # BP 3B, 12A: attacking a minor with Army or AirForce from another space sends
            # your popularity there to zero (unless it is negative)
            if (
                target is not None
                and target.owner == MINOR
                and a.verb in _ZEROING
                and target.popularity.get(player, 0) > 0
            ):
                target.popularity[player] = 0
            if a.verb in ("NS", "FS") and a.target in t.state.seas:
                t.seen_sea.setdefault(player, set()).add(a.target)
    for player, tr, n in arriving:
        arrive(t, player, tr, n)
    for sea in t.state.seas.values():
        sea.prune()


_ZEROING = frozenset({"AC", "AB", "FA", "FN", "FF", "FI"})


def arrive(t: Turn, player: int, tr: Transfer, n: int) -> None:
    dest = t.state.countries.get(tr.dest)
    if t.gm.is_strait(tr.space, tr.dest):
        # BP 7: the holder of the strait is told when someone moves through it
        keeper = t.state.countries[t.gm.strait_keeper].controller()
        if keeper not in (MINOR, player):
            t.tell(keeper, "strait", f"[{player}] moved {n} {tr.unit} through the Turkey Strait.")
    if dest is None:
        put(t, player, tr.dest, tr.unit, n)
        return
    put(t, player, tr.dest, tr.unit, n)
    if dest.owner == MINOR:
        # BP 3B: a gift to the minor raises the giver's popularity there
        dest.popularity[player] = dest.popularity.get(player, 0) + GIFT_POPULARITY[tr.unit] * n
    elif dest.owner != player:
        # BP 4C.4, 4E.4, 4F.2: moved to another player's country: a gift to him
        t.tell(dest.owner, "gift", f"[{player}] gives you {n} {tr.unit} in {tr.dest}.")
        t.tell(player, "gift", f"Your {n} {tr.unit} in {tr.dest} are now [{dest.owner}]'s.")
