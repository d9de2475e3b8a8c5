"""World Opinion (WW opinion; Real Forces and 1939).

"Each player every turn can put up to three other players on his 'good guy' and 'bad guy'
lists." ``nG3 nG2 nG1`` put player n in the good-guy places worth 3, 2, 1 HPI a turn in every
one of his occupied countries; ``nB3 nB2 nB1`` the same off; n = 0 empties the place. A
player listed again moves (his old place is emptied); a place given to another player drops
the one who held it; one may be on both lists, never twice on one, never oneself. The lists
stay until changed, while the player keeps sending turns; a player out of the game (1A,
ruling R-OUT) loses his lists. The world news gives each player's totals, never who listed
whom.

>>> lists = {}
>>> place(lists, Opinion(2, True, 3)); place(lists, Opinion(3, True, 3)); lists
{'G3': 3}
>>> place(lists, Opinion(3, True, 1)); lists
{'G1': 3}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.games.battleplan.ending import active_players
from umpire.games.battleplan.groups import Log
from umpire.games.battleplan.model import Country, Draft, but
from umpire.games.battleplan.orders import Opinion, Order


def place(lists: dict[str, int], order: Opinion) -> None:
    """Put ``order.player`` in the place (0: empty it); his other place on that list goes."""
    key = f"{'G' if order.good else 'B'}{order.weight}"
    if order.player:
        for k in [k for k, p in lists.items() if p == order.player and k[0] == key[0]]:
            del lists[k]
        lists[key] = order.player
    else:
        lists.pop(key, None)


def world_opinion(d: Draft, orders: Mapping[int, Sequence[Order]], chance: Chance) -> list[Event]:
    """At step 8, before the revolutions (ruling W-OP1): file this turn's listings, then move
    every listed player's HPI in each of his occupied countries and print the totals in the
    world news."""
    state = d.state
    # the lists as they become (the state's own are never changed in place)
    book: dict[str, dict[str, int]] = {
        k: dict(v) for k, v in state.extra.get("opinion", {}).items()
    }
    d.extra["opinion"] = book
    for number in sorted(orders):
        lists = book.setdefault(str(number), {})
        for o in orders[number]:
            if isinstance(o, Opinion):
                place(lists, o)
    still = active_players(state)
    for key in [k for k in book if int(k) not in still]:
        del book[key]  # dropped out: both lists go away
    # each player's places on the lists, and his countries: gathered once for everyone
    places: dict[int, tuple[list[int], list[int]]] = {}
    for lists in book.values():
        for k, n in lists.items():
            good_bad = places.setdefault(n, ([], []))
            good_bad[0 if k[0] == "G" else 1].append(int(k[1]))
    occupied: dict[int, list[Country]] = {}
    for c in state.countries.values():
        occupied.setdefault(c.owner, []).append(c)
    log = Log(state)
    for p in state.players:
        good, bad = places.get(p.number, ([], []))
        if not good and not bad:
            continue
        net = sum(good) - sum(bad)
        for c in occupied.get(p.number, ()):
            d.countries[c.code] = but(c, hpi=c.hpi + net)
        log.public(
            "world_opinion",
            f"World opinion: [{p.number}] {p.power} is on {len(good)} good-guy and {len(bad)} "
            f"bad-guy lists: HPI {net:+d} in each of his countries.",
            player=p.number,
            good=len(good),
            bad=len(bad),
            net=net,
        )
    return log.events
