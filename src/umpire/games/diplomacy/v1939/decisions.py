"""The decisions of one 1939 III movement phase and their strengths (D39 19-29, 32, 38-39), as
:mod:`.combat` sets them up: a :class:`Board` of decisions (one per single-province move, three
per tank "movement", one per ground support and per convoy), each leg's attack, prevent, hold
and defend strengths, and the decision each one takes given the others' (``decide``), with
the backup rule for the cycles the game-agnostic resolver finds. The strengths are listed in
:mod:`.combat`'s docstring."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from umpire.games.diplomacy.geography import Map, province_of
from umpire.games.diplomacy.model import Unit
from umpire.games.diplomacy.orders import Support
from umpire.games.diplomacy.resolver import Resolver

MOVE, ROUTE, DEST, ONWARD = "move", "route", "dest", "onward"
SUPPORT, CONVOY = "support", "convoy"

_MOVEMENT_STEPS = frozenset((MOVE, ROUTE, DEST, ONWARD))


@dataclass(slots=True)
class Leg:
    unit: Unit
    src: str  # the province the leg starts from (for a tank's DEST leg: the route province)
    dest: str
    dest_loc: str
    kind: str  # MOVE, ROUTE or DEST
    base: int
    convoyed: bool = False
    fleets: tuple[str, ...] = ()
    supports: list[int] = field(default_factory=list)
    bomber_supports: list[str] = field(default_factory=list)  # powers of supporting bombers
    opponent: int = -1
    partner: int = -1  # ROUTE <-> DEST of one tank movement
    onward: int = -1  # the ONWARD decision of a tank movement (set on both legs)


class Board:
    def __init__(self, m: Map, at: Mapping[str, Unit]) -> None:
        self.map = m
        self.at = at
        self.legs: list[Leg | None] = []
        self.kind: list[str] = []
        self.where: list[str] = []  # the ordered unit's province per decision
        self.leg_of: dict[str, int] = {}  # start province -> its MOVE or ROUTE decision
        self.into: dict[str, list[int]] = {}
        self.support_of: dict[int, Support] = {}
        self.hold_supports: dict[str, list[int]] = {}
        self.bomber_holds: dict[str, list[str]] = {}
        self.cuts: dict[str, list[str]] = {}  # province -> powers of bombers cutting there
        self.convoy_at: dict[str, int] = {}
        self.crossing: dict[int, int] = {}  # ROUTE leg -> the crossing tank's DEST leg into it
        self.resolver = Resolver(0, self.decide, self.backup)

    def add(self, kind: str, where: str, leg: Leg | None = None) -> int:
        self.kind.append(kind)
        self.where.append(where)
        self.legs.append(leg)
        n = len(self.kind) - 1
        if leg is not None:
            self.into.setdefault(leg.dest, []).append(n)
        return n

    def leg(self, n: int) -> Leg:
        leg = self.legs[n]
        assert leg is not None
        return leg

    def ok(self, n: int) -> bool:
        return self.resolver.resolve(n)

    # -- strengths -----------------------------------------------------------------------------

    def path(self, n: int) -> bool:
        leg = self.leg(n)
        if not leg.convoyed:
            return True
        return self.map.convoy_chain(
            leg.src, leg.dest, leg.fleets, lambda sea: self.ok(self.convoy_at[sea])
        )

    def weight(self, s: int) -> int:
        """What a given support adds: 1, or a tank's 2 halved per attacker (D39 22)."""
        me = self.at[self.where[s]]
        if me.kind != "T":
            return 1
        return 2 if self.attackers_of_support(s) == 0 else 1

    def given(self, supports: Sequence[int], bombers: Sequence[str], skip: str = "") -> int:
        total = sum(1 for p in bombers if p != skip)
        for s in supports:
            if self.at[self.where[s]].power != skip and self.ok(s):
                total += self.weight(s)
        return total

    def attacking(self, n: int) -> bool:
        """Leg ``n`` really attacks its destination (for cutting, halving, standoffs)."""
        leg = self.leg(n)
        if leg.kind == DEST:
            return self.ok(leg.partner) and self.ok(leg.onward)
        return self.path(n)

    def attackers(self, province: str, power: str, but: str | None = None) -> int:
        """Attacks on ``province`` by other powers' units (not from ``but``), and cuts."""
        count = 0
        for m in self.into.get(province, ()):
            leg = self.leg(m)
            if leg.unit.power != power and leg.src != but and self.attacking(m):
                count += 1
        return count

    def attackers_of_support(self, s: int) -> int:
        here = self.where[s]
        me = self.at[here]
        sup = self.support_of[s]
        into = None if sup.target_dest is None else province_of(sup.target_dest)
        cuts = sum(1 for p in self.cuts.get(here, ()) if p != me.power)
        return self.attackers(here, me.power, into) + cuts

    def strength(self, n: int) -> int:
        leg = self.leg(n)
        return leg.base + self.given(leg.supports, leg.bomber_supports)

    def attack(self, n: int) -> int:
        leg = self.leg(n)
        if leg.convoyed and not self.path(n):
            return 0
        defender = self.at.get(leg.dest)
        if defender is not None and not self.gone(leg.dest, leg):
            if defender.power == leg.unit.power:
                return 0
            return leg.base + self.given(leg.supports, leg.bomber_supports, defender.power)
        return self.strength(n)

    def gone(self, province: str, attacker: Leg) -> bool:
        """The unit in ``province`` leaves it (not by a head-to-head with ``attacker``)."""
        n = self.leg_of.get(province)
        if n is None:
            return False
        if attacker.opponent == n:
            return False
        return self.ok(n)

    def hold(self, province: str, attacker: int) -> float:
        """The strength the unit in ``province`` holds with against move ``attacker``."""
        u = self.at.get(province)
        if u is None:
            return 0
        n = self.leg_of.get(province)
        if n is not None:
            if self.ok(n):
                return 0
            return 2 if u.kind == "T" else 1  # D39 20: held back, at full strength
        own: float = 1
        if u.kind == "T":  # D39 22: halved by every other attacker
            others = self.attackers(province, u.power) - 1
            own = 2 / 2 ** max(others, 0)
        sup = self.hold_supports.get(province, [])
        return own + self.given(sup, self.bomber_holds.get(province, []))

    def prevent(self, n: int, rival: int) -> float:
        """What leg ``n`` opposes to ``rival``, a move into the same province."""
        if self.crossing.get(rival) == n:
            return self.pressure(n)
        leg = self.leg(n)
        if leg.kind == DEST:
            if not (self.ok(leg.partner) and self.ok(leg.onward)):
                return 0
            return self.strength(n)
        if leg.convoyed and not self.path(n):
            return 0
        if leg.opponent >= 0 and self.ok(leg.opponent):
            return 0
        return self.strength(n)

    def halted(self, n: int) -> bool:
        """Route leg ``n`` won its route and its tank stopped there (D39 24, 26)."""
        leg = self.leg(n)
        return leg.kind == ROUTE and self.ok(n) and not self.ok(leg.partner)

    def beats_halted(self, n: int, m: int) -> bool:
        """Move ``n`` into a province where the tank of route leg ``m`` halted beats it.

        The halted tank defends with 1 (D39 21). As in the standard game (D39 1; ruling 18),
        no power dislodges its own unit, nor does its support count towards dislodging it.
        """
        leg, tank = self.leg(n), self.leg(m).unit
        if leg.unit.power == tank.power:
            return False
        return leg.base + self.given(leg.supports, leg.bomber_supports, tank.power) > 1

    def pressure(self, d: int) -> float:
        """Crossing movements (ruling): what the destination leg ``d`` of one tank opposes to
        the route fight of the other tank, whose destination is this tank's route.

        The two route fights are fought at once, each counting the other tank's attack on
        that province at its full strength, as any move into a route contests it (D39 24(c)).
        A tank that wins its route by less than 2 has spent its strength there and makes no
        attack on its destination (D39 26 and its note ii), so it opposes nothing there; a
        tank that cannot enter its route at all (its own unit stays there) is not under way.
        """
        route = self.leg(d).partner
        attack = self.attack(route)
        if attack == 0:
            return 0
        target = self.leg(route).dest
        worst = self.hold(target, route) if target in self.at else 0.0
        for m in self.into[target]:
            if m != route:
                other = (
                    self.strength(m) if self.crossing.get(route) == m else self.prevent(m, route)
                )
                worst = max(worst, other)
        spent = worst > 0 and 0 < attack - worst < 2
        return 0 if spent else self.strength(d)

    def opposition(self, n: int) -> float:
        leg = self.leg(n)
        worst = self.hold(leg.dest, n) if leg.dest in self.at else 0.0
        for m in self.into[leg.dest]:
            if m != n:
                worst = max(worst, self.prevent(m, n))
        return worst

    def onward(self, r: int) -> bool:
        """The tank won its route with strength left for the destination (D39 26)."""
        opposition = self.opposition(r)
        return opposition == 0 or self.attack(r) - opposition >= 2

    # -- decisions -----------------------------------------------------------------------------

    def decide(self, n: int, _: Resolver) -> bool:
        kind = self.kind[n]
        if kind == ONWARD:
            route = n - 2  # ROUTE, DEST, ONWARD are numbered together
            return self.ok(route) and self.onward(route)
        if kind in (MOVE, ROUTE, DEST):
            leg = self.leg(n)
            if kind == DEST and not (self.ok(leg.partner) and self.ok(leg.onward)):
                return False
            attack = self.attack(n)
            if attack == 0:
                return False
            if leg.opponent >= 0:
                if attack <= self.strength(leg.opponent):
                    return False
            elif attack <= self.hold(leg.dest, n):
                return False
            for m in self.into[leg.dest]:
                if m == n:
                    continue
                # D39 21: a tank halted there is then attacked by the moves into the province;
                # another tank's route fight meets it at its strength (ruling 18).
                if kind != ROUTE and self.leg(m).kind == ROUTE and self.halted(m):
                    if not self.beats_halted(n, m):
                        return False
                elif attack <= self.prevent(m, n):
                    return False
            return True
        here = self.where[n]
        if kind == SUPPORT:
            me = self.at[here]
            limit = 2 if me.kind == "T" else 1  # D39 22(c): two attacks cut a tank's support
            if self.attackers_of_support(n) >= limit:
                return False
        return not self.dislodged(here)

    def dislodged(self, province: str) -> bool:
        return any(self.ok(m) for m in self.into.get(province, ()))

    def backup(self, cycle: Sequence[int]) -> dict[int, bool]:
        kinds = {self.kind[n] for n in cycle}
        if kinds <= _MOVEMENT_STEPS:
            # Circular movement (DATC 5.B.9), a tank's steps included: the standard rules
            # apply (D39 1), so a rotation through a tank's route succeeds as with an army.
            return dict.fromkeys(cycle, True)
        convoys = [n for n in cycle if self.kind[n] == CONVOY]
        if convoys:
            return dict.fromkeys(convoys, False)  # Szykman rule
        return dict.fromkeys(cycle, False)
