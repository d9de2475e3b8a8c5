"""Step 1: moving forces move; every group sent to attack or support leaves its space.

BP 4C.4, 4D.2, 4E.4, 4F.2, 4G.2: forces moved to a minor are gifts to it (3B: +2 popularity
per Army, Navy or AirForce, +3 per Missile or AntiMissile); forces moved to another player's
occupied country are gifts to him. All moves are simultaneous: every mover leaves before any
arrives.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from umpire.core.events import Event
from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.groups import Group, Log
from umpire.games.battleplan.model import MINOR, Draft, but, changed, with_key
from umpire.games.battleplan.orders import Action, Transfer

_FIELD = {"A": "army", "N": "navy", "F": "air", "M": "missiles", "X": "anti"}
GIFT_POPULARITY = {"A": 2, "N": 2, "F": 2, "M": 3, "X": 3}  # BP 3B
_ZEROING = frozenset({"AC", "AB", "FA", "FN", "FF", "FI"})


@dataclass(slots=True)
class Moved:
    """What step 1 hands on: the groups sent out, the seas each player supported (14: he
    sees them), and the events of the moves."""

    groups: list[Group] = field(default_factory=list)
    supported_seas: dict[int, set[str]] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)


def take(d: Draft, player: int, space: str, unit: str, n: int) -> int:
    """Remove up to ``n`` units of ``player`` from ``space``; the number actually taken."""
    c = d.countries.get(space)
    if c is not None:
        name = _FIELD[unit]
        have = getattr(c, name)
        n = min(n, have)
        if n:
            d.countries[space] = changed(c, {name: have - n})
        return n
    sea = d.seas[space]
    stack = sea.forces.get(player)
    if stack is None or unit in "MX":
        return 0
    n = min(n, stack.get(unit))
    if n:
        d.seas[space] = sea.with_stack(player, stack.plus(unit, -n))
    return n


def put(d: Draft, player: int, space: str, unit: str, n: int) -> None:
    """Add ``n`` units arriving for ``player`` to ``space`` (no gift accounting)."""
    if n <= 0:
        return
    c = d.countries.get(space)
    if c is not None:
        name = _FIELD[unit]
        d.countries[space] = changed(c, {name: getattr(c, name) + n})
    else:
        sea = d.seas[space]
        d.seas[space] = sea.with_stack(player, sea.stack(player).plus(unit, n))


def move(
    d: Draft,
    gm: GameMap,
    transfers: Mapping[int, Sequence[Transfer]],
    actions: Mapping[int, Sequence[Action]],
) -> Moved:
    """Step 1: detach every mover and every group, then let the movers arrive."""
    arriving: list[tuple[int, Transfer, int]] = []
    for player in sorted(transfers):
        for tr in transfers[player]:
            n = take(d, player, tr.space, tr.unit, tr.amount)
            if n:
                arriving.append((player, tr, n))
    moved = Moved()
    for player in sorted(actions):
        for a in actions[player]:
            send_out(d, moved, player, a)
    log = Log(d.state)
    for player, tr, n in arriving:
        arrive(d, gm, log, player, tr, n)
    for code, sea in d.seas.items():
        if (pruned := sea.pruned()) is not sea:
            d.seas[code] = pruned
    moved.events = log.events
    return moved


def send_out(d: Draft, moved: Moved, player: int, a: Action) -> None:
    """An attack or support order: its units leave their space as a group (9.1)."""
    n = take(d, player, a.space, a.unit, a.amount)
    if not n:
        return
    country = d.countries.get(a.space)  # else the order's space is a sea
    minor = country is not None and country.owner == MINOR
    moved.groups.append(
        Group(
            player, a.space, a.unit, a.verb, a.target, n, from_minor=minor, from_sea=country is None
        )
    )
    target = d.countries.get(a.target)
    # BP 3B, 12A: attacking a minor with Army or AirForce from another space sends your
    # popularity there to zero (unless it is negative)
    if (
        target is not None
        and target.owner == MINOR
        and a.verb in _ZEROING
        and target.popularity.get(player, 0) > 0
    ):
        d.countries[a.target] = but(target, popularity=with_key(target.popularity, player, 0))
    if a.verb in ("NS", "FS") and a.target in d.seas:
        moved.supported_seas.setdefault(player, set()).add(a.target)


def arrive(d: Draft, gm: GameMap, log: Log, player: int, tr: Transfer, n: int) -> None:
    canal = gm.canal(tr.space, tr.dest)
    if canal is not None:
        # BP 7: the holder of the strait is told when someone moves through it
        keeper = d.countries[canal.space].controller()
        if keeper not in (MINOR, player):
            log.tell(keeper, "strait", f"[{player}] moved {n} {tr.unit} through {canal.title}.")
    put(d, player, tr.dest, tr.unit, n)
    dest = d.countries.get(tr.dest)
    if dest is None:
        return
    if dest.owner == MINOR:
        # BP 3B: a gift to the minor raises the giver's popularity there
        gained = dest.popularity.get(player, 0) + GIFT_POPULARITY[tr.unit] * n
        d.countries[tr.dest] = but(dest, popularity=with_key(dest.popularity, player, gained))
    elif dest.owner != player:
        # BP 4C.4, 4E.4, 4F.2: moved to another player's country: a gift to him
        log.tell(dest.owner, "gift", f"[{player}] gives you {n} {tr.unit} in {tr.dest}.")
        log.tell(player, "gift", f"Your {n} {tr.unit} in {tr.dest} are now [{dest.owner}]'s.")
