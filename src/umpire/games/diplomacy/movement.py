"""Movement adjudication: the order semantics of hold, move, support and convoy.

The decisions and strengths are those of DATC section 5.B (MOVE, SUPPORT, CONVOY, PATH, HOLD,
PREVENT, DEFEND and ATTACK STRENGTH); the cycles among them go to the separate
:mod:`~umpire.games.diplomacy.resolver`, with the backup rule of DATC 5.B.9: a cycle of moves
only is circular movement (all succeed); a cycle with convoys is a convoy paradox, settled by
the Szykman rule (the convoys in it fail, DATC 4.A.2).

The pipeline (:func:`adjudicate`):

1. pre-scan: decide which army moves go by convoy (2023 rulebook, DATC 4.A.3) and void the
   orders that cannot be valid whatever happens (a convoy route never ordered, a support or
   convoy that does not match the order of the unit it names); a void order is a hold;
2. number the decisions (one per move, support and convoy) and resolve them all;
3. read off what happened: who moved, who was dislodged, where each dislodged unit may retreat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter

from umpire.games.diplomacy.geography import Map, province_of
from umpire.games.diplomacy.orders import Convoy, Hold, Move, MovementOrder, Support
from umpire.games.diplomacy.resolver import Resolver
from umpire.games.diplomacy.state import Unit

_LOC = attrgetter("loc")


@dataclass(slots=True)
class _Move:
    unit: Unit
    src: str
    dest: str  # province
    dest_loc: str  # location (coast) the unit ends on
    convoyed: bool
    supports: list[int] = field(default_factory=list)  # decision numbers of its supports
    opponent: int = -1  # decision number of the head-to-head opponent, if any
    route_fleets: list[str] = field(default_factory=list)  # seas with matching convoys


@dataclass(frozen=True, slots=True)
class Result:
    """What the movement phase did."""

    orders: dict[str, MovementOrder]  # province -> the order the unit carried out
    void: dict[str, MovementOrder]  # province -> order voided in the pre-scan (unit held)
    succeeded: dict[str, bool]  # province -> move succeeded / support given / convoy held
    units: list[Unit]  # positions after the movement (dislodged units excluded)
    dislodged: list[tuple[Unit, str, tuple[str, ...]]]  # unit, attacker's origin, options
    contested: frozenset[str]  # provinces left empty by a standoff


class _Board:
    """The numbered decisions of one movement phase and their conditions."""

    def __init__(self, m: Map, units: Mapping[str, Unit], orders: dict[str, MovementOrder]):
        self.map = m
        self.units = units
        self.orders = orders
        self.kind: list[str] = []  # "move", "support", "convoy" per decision
        self.province: list[str] = []  # province of the ordered unit per decision
        self.moves: dict[int, _Move] = {}
        self.move_of: dict[str, int] = {}  # province -> its move decision
        self.support_of: dict[int, Support] = {}
        self.convoy_of: dict[int, Convoy] = {}
        self.convoy_at: dict[str, int] = {}  # sea province -> convoy decision
        self.hold_supports: dict[str, list[int]] = {}
        self.into: dict[str, list[int]] = {}  # province -> move decisions into it
        self.resolver: Resolver

    def add(self, kind: str, province: str) -> int:
        self.kind.append(kind)
        self.province.append(province)
        return len(self.kind) - 1

    # -- conditions (DATC 5.B) -----------------------------------------------------------------

    def path(self, n: int) -> bool:
        mv = self.moves[n]
        if not mv.convoyed:
            return True
        return self.route(mv, lambda sea: self.resolver.resolve(self.convoy_at[sea]))

    def route(self, mv: _Move, usable: Callable[[str], bool] | None) -> bool:
        """A chain of matching convoys from the army's province to its destination."""
        reach = self.map.fleet_reach
        seen: set[str] = set()
        frontier = [s for s in mv.route_fleets if mv.src in reach[s]]
        while frontier:
            sea = frontier.pop()
            if sea in seen:
                continue
            seen.add(sea)
            if usable is not None and not usable(sea):
                continue
            if mv.dest in reach[sea]:
                return True
            frontier.extend(s for s in mv.route_fleets if s not in seen and s in reach[sea])
        return False

    def given(self, supports: list[int]) -> list[int]:
        return [s for s in supports if self.resolver.resolve(s)]

    def hold_strength(self, province: str) -> int:
        unit = self.units.get(province)
        if unit is None:
            return 0
        n = self.move_of.get(province)
        if n is not None:
            return 0 if self.resolver.resolve(n) else 1
        return 1 + len(self.given(self.hold_supports.get(province, [])))

    def attack_strength(self, n: int) -> int:
        mv = self.moves[n]
        if not self.path(n):
            return 0
        defender = self.units.get(mv.dest)
        if defender is not None:
            away = self.move_of.get(mv.dest)
            moves_away = away is not None and mv.opponent != away and self.resolver.resolve(away)
            if not moves_away:
                if defender.power == mv.unit.power:
                    return 0
                return 1 + sum(
                    1
                    for s in self.given(mv.supports)
                    if self.units[self.province[s]].power != defender.power
                )
        return 1 + len(self.given(mv.supports))

    def defend_strength(self, n: int) -> int:
        return 1 + len(self.given(self.moves[n].supports))

    def prevent_strength(self, n: int) -> int:
        mv = self.moves[n]
        if not self.path(n):
            return 0
        if mv.opponent >= 0 and self.resolver.resolve(mv.opponent):
            return 0
        return 1 + len(self.given(mv.supports))

    def dislodged(self, province: str) -> bool:
        """Some move into ``province`` succeeds (for a unit that is not moving)."""
        return any(self.resolver.resolve(m) for m in self.into.get(province, ()))

    def decide(self, n: int, _: Resolver) -> bool:
        kind = self.kind[n]
        if kind == "move":
            mv = self.moves[n]
            attack = self.attack_strength(n)
            if attack == 0:
                return False
            if mv.opponent >= 0:
                if attack <= self.defend_strength(mv.opponent):
                    return False
            elif attack <= self.hold_strength(mv.dest):
                return False
            return all(attack > self.prevent_strength(m) for m in self.into[mv.dest] if m != n)
        here = self.province[n]
        if kind == "support":
            sup = self.support_of[n]
            me = self.units[here]
            into = None if sup.target_dest is None else province_of(sup.target_dest)
            for m in self.into.get(here, ()):
                attacker = self.moves[m]
                if attacker.unit.power != me.power and attacker.src != into and self.path(m):
                    return False  # cut
            return not self.dislodged(here)
        return not self.dislodged(here)  # a convoy holds while its fleet is not dislodged

    def backup(self, cycle: Sequence[int]) -> dict[int, bool]:
        kinds = {self.kind[n] for n in cycle}
        if kinds == {"move"}:
            return dict.fromkeys(cycle, True)  # circular movement (DATC 5.B.9)
        convoys = [n for n in cycle if self.kind[n] == "convoy"]
        if convoys:
            return dict.fromkeys(convoys, False)  # Szykman rule (DATC 4.A.2)
        return dict.fromkeys(cycle, False)


def _convoyed(
    m: Map, unit: Unit, order: Move, fleets: Sequence[str], units: Mapping[str, Unit]
) -> bool:
    """Does this army move go by convoy? (2023 rulebook; DATC 4.A.3).

    ``fleets``: the provinces of the fleets ordered to convoy this army to this destination.
    """
    if unit.kind != "A":
        return False
    if order.via_convoy or not m.army_adjacent(unit.province, order.dest):
        return True
    # Adjacent without "via convoy": by convoy only if a fleet of the same power convoys it.
    return any(units[p].power == unit.power for p in fleets)


def adjudicate(m: Map, units: Sequence[Unit], given: Mapping[str, MovementOrder]) -> Result:
    """Resolve one movement phase. ``given`` maps provinces to legal, normalised orders."""
    at = {u.province: u for u in units}
    orders: dict[str, MovementOrder] = {}
    for p, u in at.items():
        orders[p] = given.get(p, Hold(u.kind, u.loc))
    void: dict[str, MovementOrder] = {}

    # 1. Pre-scan: convoy routes and matching orders.
    convoys: dict[tuple[str, str], list[str]] = {}  # (army's province, dest) -> fleets' provinces
    for p, o in orders.items():
        if isinstance(o, Convoy):
            convoys.setdefault((province_of(o.army_loc), o.army_dest), []).append(p)
    moves: dict[str, _Move] = {}
    for p, o in orders.items():
        if isinstance(o, Move):
            u = at[p]
            dest = province_of(o.dest)
            fleets = convoys.get((p, dest), ()) if convoys else ()
            convoyed = _convoyed(m, u, o, fleets, at)
            mv = _Move(u, p, dest, o.dest, convoyed)
            if convoyed:
                mv.route_fleets = list(fleets)
            moves[p] = mv
    board = _Board(m, at, orders)
    for p, mv in list(moves.items()):
        order = orders[p]
        tagged = isinstance(order, Move) and order.via_convoy
        if mv.convoyed and not tagged and m.army_adjacent(p, mv.dest) and not board.route(mv, None):
            mv.convoyed = False  # the same-power convoy is incomplete: over land
            mv.route_fleets = []
            # Otherwise the move stays a move whose PATH fails (DATC 6.D.8: it is not
            # turned into a hold that could receive hold support).
    for p, o in orders.items():
        if isinstance(o, Convoy):
            carried = moves.get(province_of(o.army_loc))
            if carried is None or not carried.convoyed or carried.dest != o.army_dest:
                void[p] = o
        elif isinstance(o, Support):
            target = province_of(o.target_loc)
            helped = moves.get(target)
            if o.target_dest is None:
                ok = helped is None
            else:
                ok = helped is not None and helped.dest == province_of(o.target_dest)
                if ok and helped is not None and "/" in o.target_dest and "/" in helped.dest_loc:
                    ok = o.target_dest == helped.dest_loc  # a named coast must match (DATC 6.B.9)
            if not ok:
                void[p] = o
    for p in void:
        orders[p] = Hold(at[p].kind, at[p].loc)

    # 2. Number the decisions.
    for p, mv in moves.items():
        n = board.add("move", p)
        board.moves[n] = mv
        board.move_of[p] = n
        board.into.setdefault(mv.dest, []).append(n)
    for p, o in orders.items():
        if isinstance(o, Support):
            n = board.add("support", p)
            board.support_of[n] = o
            target = province_of(o.target_loc)
            if o.target_dest is None:
                board.hold_supports.setdefault(target, []).append(n)
            else:
                moves[target].supports.append(n)
        elif isinstance(o, Convoy):
            n = board.add("convoy", p)
            board.convoy_of[n] = o
            board.convoy_at[p] = n
    for mv in board.moves.values():
        back = board.move_of.get(mv.dest)
        if back is not None and not mv.convoyed:
            other = board.moves[back]
            if other.dest == mv.src and not other.convoyed:
                mv.opponent = back
    board.resolver = Resolver(len(board.kind), board.decide, board.backup)
    outcome = [board.resolver.resolve(n) for n in range(len(board.kind))]

    # 3. Read off the result.
    succeeded: dict[str, bool] = {}
    for n, ok in enumerate(outcome):
        succeeded[board.province[n]] = ok
    after: dict[str, Unit] = {}
    for p, u in at.items():
        k = board.move_of.get(p)
        if k is not None and outcome[k]:
            mv = board.moves[k]
            after[mv.dest] = Unit(mv.dest_loc, u.kind, u.power)
    dislodged: list[tuple[Unit, str, bool]] = []
    for p, u in at.items():
        k = board.move_of.get(p)
        if k is not None and outcome[k]:
            continue
        winner = next((k for k in board.into.get(p, ()) if outcome[k]), None)
        if winner is None:
            after[p] = u
            if p not in succeeded:
                succeeded[p] = True
        else:
            dislodged.append((u, board.moves[winner].src, board.moves[winner].convoyed))
            succeeded.setdefault(p, False)
    contested: set[str] = set()
    for dest, ns in board.into.items():
        if dest in after:
            continue
        for k in ns:
            mv = board.moves[k]
            lost_head_to_head = mv.opponent >= 0 and outcome[mv.opponent]
            if not outcome[k] and board.path(k) and not lost_head_to_head:
                contested.add(dest)
    retreats: list[tuple[Unit, str, tuple[str, ...]]] = []
    for u, origin, by_convoy in dislodged:
        if u.kind == "F":
            targets = sorted(m.fleet_targets(u.loc))
        else:
            targets = sorted(t for t in m.army_targets(u.province))
        options = tuple(
            t
            for t in targets
            if province_of(t) not in after
            and province_of(t) not in contested
            and (province_of(t) != origin or by_convoy)
        )
        retreats.append((u, origin, options))
    return Result(
        orders=orders,
        void=void,
        succeeded=succeeded,
        units=sorted(after.values(), key=_LOC),  # locations differ: the same order as Unit's
        dislodged=retreats,
        contested=frozenset(contested),
    )
