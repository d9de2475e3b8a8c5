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
from itertools import compress
from typing import Any, NamedTuple, TypeAlias

from umpire.games.diplomacy.geography import Map, province_of
from umpire.games.diplomacy.model import Unit, unit_of
from umpire.games.diplomacy.orders import Convoy, Hold, Move, MovementOrder, Support
from umpire.games.diplomacy.resolver import Resolver

_NOWHERE: frozenset[str] = frozenset()
_new_tuple = tuple.__new__  # a NamedTuple made without its Python-level __new__
MOVE, SUPPORT, CONVOY = "move", "support", "convoy"


# A move, one per moving unit per phase: a list (a list display costs a fraction of making an
# instance), its fields read and written by these indices:
UNIT = 0  # the moving unit
SRC = 1  # its province
DEST = 2  # the province it moves to
DEST_LOC = 3  # the location (coast) it ends on
CONVOYED = 4  # whether it goes by convoy
ROUTE = 5  # the seas with matching convoys (a sequence)
SUPPORTS = 6  # decision numbers of its supports: the shared empty tuple until one is numbered
OPPONENT = 7  # decision number of the head-to-head opponent, or -1
_Move: TypeAlias = list[Any]


class Result(NamedTuple):
    """What the movement phase did (a tuple: one is made per phase, cheaply)."""

    # province -> the order the unit carried out, in the provinces' order (the units')
    orders: dict[str, MovementOrder]
    void: dict[str, MovementOrder]  # province -> order voided in the pre-scan (unit held)
    # province -> move succeeded / support given / convoy held; for a unit without a decision
    # (a hold): False if dislodged, no entry if not
    succeeded: dict[str, bool]
    units: list[Unit]  # positions after the movement (dislodged units excluded)
    dislodged: list[tuple[Unit, str, tuple[str, ...]]]  # unit, attacker's origin, options
    # provinces left empty by a standoff (known where a unit was dislodged: else empty)
    contested: frozenset[str]


class _Board:
    """The numbered decisions of one movement phase and their conditions."""

    def __init__(self, m: Map, units: Mapping[str, Unit]):
        self.map = m
        self.units = units
        self.kind: list[str] = []  # MOVE, SUPPORT or CONVOY per decision
        self.province: list[str] = []  # province of the ordered unit per decision
        self.movers: list[_Move] = []  # the moves: decisions 0 .. len(movers) - 1
        self.move_of: dict[str, int] = {}  # province -> its move decision
        self.support_of: dict[int, Support] = {}
        self.convoy_at: dict[str, int] = {}  # sea province -> convoy decision
        self.hold_supports: dict[str, list[int]] = {}
        self.into: dict[str, list[int]] = {}  # province -> move decisions into it
        # Unsupported moves over land, the only ones into a province whose unit moves, not
        # head to head: each succeeds if and only if that unit moves away (:meth:`follow`).
        # Each such move -> the decision of the move away from its destination.
        self.follows: dict[int, int] = {}
        self.resolver: Resolver
        self.resolve: Callable[[int], bool]

    def add(self, kind: str, province: str) -> int:
        """Number a support or convoy decision (after the moves)."""
        self.kind.append(kind)
        self.province.append(province)
        return len(self.kind) - 1

    def start(self) -> None:
        self.resolver = Resolver(len(self.kind), self.decide, self.backup)
        self.resolve = self.resolver.resolve

    # -- conditions (DATC 5.B) -----------------------------------------------------------------

    def path(self, n: int) -> bool:
        mv = self.movers[n]
        if not mv[CONVOYED]:
            return True
        return self.route(mv, lambda sea: self.resolve(self.convoy_at[sea]))

    def route(self, mv: _Move, usable: Callable[[str], bool] | None) -> bool:
        """A chain of matching convoys from the army's province to its destination."""
        return self.map.convoy_chain(mv[SRC], mv[DEST], mv[ROUTE], usable)

    def given(self, supports: Sequence[int]) -> int:
        """How many of these supports are given."""
        resolve = self.resolve
        count = 0
        for s in supports:
            if resolve(s):
                count += 1
        return count

    def hold_strength(self, province: str) -> int:
        if province not in self.units:
            return 0
        n = self.move_of.get(province)
        if n is not None:
            return 0 if self.resolve(n) else 1
        supports = self.hold_supports.get(province)
        return 1 + self.given(supports) if supports else 1

    def attack_strength(self, n: int) -> int:
        mv = self.movers[n]
        if mv[CONVOYED] and not self.path(n):
            return 0
        defender = self.units.get(mv[DEST])
        if defender is not None:
            away = self.move_of.get(mv[DEST])
            moves_away = away is not None and mv[OPPONENT] != away and self.resolve(away)
            if not moves_away:
                if defender.power == mv[UNIT].power:
                    return 0
                strength = 1  # (loops, not generator expressions: cheaper, same questions)
                for s in mv[SUPPORTS]:
                    if self.resolve(s) and self.units[self.province[s]].power != defender.power:
                        strength += 1
                return strength
        return 1 + self.given(mv[SUPPORTS])

    def defend_strength(self, n: int) -> int:
        return 1 + self.given(self.movers[n][SUPPORTS])

    def prevent_strength(self, n: int) -> int:
        mv = self.movers[n]
        if mv[CONVOYED] and not self.path(n):
            return 0
        if mv[OPPONENT] >= 0 and self.resolve(mv[OPPONENT]):
            return 0
        return 1 + self.given(mv[SUPPORTS])

    def dislodged(self, province: str) -> bool:
        """Some move into ``province`` succeeds (for a unit that is not moving)."""
        return any(map(self.resolve, self.into.get(province, ())))  # (no generator: cheaper)

    def decide(self, n: int, _: Resolver) -> bool:
        kind = self.kind[n]
        if kind == MOVE:
            mv = self.movers[n]
            if n in self.follows:
                return self.follow(n, mv)
            attack = self.attack_strength(n)
            if attack == 0:
                return False
            if mv[OPPONENT] >= 0:
                if attack <= self.defend_strength(mv[OPPONENT]):
                    return False
            elif attack <= self.hold_strength(mv[DEST]):
                return False
            for m in self.into[mv[DEST]]:
                if m != n and attack <= self.prevent_strength(m):
                    return False
            return True
        here = self.province[n]
        if kind == SUPPORT:
            sup = self.support_of[n]
            me = self.units[here]
            into = None if sup.target_dest is None else province_of(sup.target_dest)
            for m in self.into.get(here, ()):
                attacker = self.movers[m]
                if attacker[UNIT].power != me.power and attacker[SRC] != into and self.path(m):
                    return False  # cut
            return not self.dislodged(here)
        return not self.dislodged(here)  # a convoy holds while its fleet is not dislodged

    def follow(self, n: int, mv: _Move) -> bool:
        """:meth:`decide` for a move in :attr:`follows`, asking the resolver the same questions
        in the same order: the move succeeds if and only if the unit it moves into moves away.

        Attack strength 1 if that unit moves away (against hold strength 0), else 0 (the same
        power's unit) or 1 against hold strength 1; no other move to beat.
        """
        resolve = self.resolve
        away = self.move_of[mv[DEST]]
        if resolve(away):
            resolve(away)  # the hold strength's question (already answered)
            return True
        if self.units[mv[DEST]].power != mv[UNIT].power:
            resolve(away)  # the hold strength's question (already answered)
        return False

    def settle_plain(self) -> None:
        """Settle beforehand the decisions that need no other decision (a fast path).

        Each is settled to the value :meth:`decide` gives it whatever the other decisions
        are, so the outcome is the same; the resolver just has less to ask:

        - a support or convoy that no move attacks is given (holds);
        - a support attacked over land by another power, not from where it supports into,
          is cut (DATC 5.B.2);
        - a move over land into an empty province succeeds if no other move enters it, and
          fails if others do and none of them has support or goes by convoy (a standoff of
          strength 1 against 1);
        - a move into a province whose unit is not ordered to move fails if it has no support
          (attack strength at most 1, hold strength at least 1) or if that unit is its own
          power's (attack strength 0);
        - an unsupported move over land head to head fails (attack strength at most 1, defend
          strength at least 1);
        - an unsupported move over land into a province whose unit moves fails if another move
          over land into that province is not head to head (attack strength at most 1, that
          move's prevent strength at least 1).

        An unsupported move over land, the only one into a province whose unit moves (not head
        to head), is marked for :meth:`follow`; once that unit's move is settled, it is settled
        to the same outcome (what :meth:`follow` gives), along chains of such moves.
        """
        # Settled in place (Resolver.settle, inlined: a call per decision costs more): every
        # value is False until settled, so settling False only marks the decision resolved.
        resolved, value = self.resolver.resolved, self.resolver.value
        units, into, movers, move_of = self.units, self.into, self.movers, self.move_of
        follows = self.follows
        n = -1
        for unit, _, dest, _, convoyed, _, supports, opponent in movers:  # decisions 0, 1, ...
            n += 1
            if convoyed:
                continue
            if dest not in units:
                rivals = into[dest]
                if len(rivals) == 1:
                    value[n] = resolved[n] = True
                else:  # (loops, not generator expressions: cheaper)
                    for k in rivals:
                        r = movers[k]
                        if r[CONVOYED] or r[SUPPORTS]:
                            break
                    else:
                        resolved[n] = True
            elif dest not in move_of:
                if not supports or units[dest].power == unit.power:
                    resolved[n] = True
            elif not supports:
                if opponent >= 0:
                    resolved[n] = True  # head to head: attack strength 1 at most
                elif len(rivals := into[dest]) == 1:
                    follows[n] = move_of[dest]
                else:
                    for k in rivals:
                        r = movers[k]
                        if k != n and not r[CONVOYED] and r[OPPONENT] < 0:
                            # attack strength 1 at most, a prevent strength 1 at least
                            resolved[n] = True
                            break
        kinds = self.kind
        for n in range(len(movers), len(kinds)):  # the supports and convoys
            kind = kinds[n]
            here = self.province[n]
            attackers = into.get(here)
            if not attackers:
                value[n] = resolved[n] = True
            elif kind == SUPPORT:
                target = self.support_of[n].target_dest
                into_province = None if target is None else province_of(target)
                power = units[here].power
                for m in attackers:
                    attacker = movers[m]
                    if (
                        not attacker[CONVOYED]
                        and attacker[UNIT].power != power
                        and attacker[SRC] != into_province
                    ):
                        resolved[n] = True
                        break
        if follows:
            self.settle_follows()

    def settle_follows(self) -> None:
        """Settle each move of :attr:`follows` whose unit moving away is settled: it succeeds
        if and only if that move does (:meth:`follow`). A chain of such moves is settled when
        the move at its end is, walked once from each move not yet walked.
        """
        resolver, follows = self.resolver, self.follows
        resolved, value = resolver.resolved, resolver.value
        walked: set[int] = set()
        for n in [*follows]:
            if n in walked:
                continue
            chain = [n]
            walked.add(n)
            away = follows[n]
            while not resolved[away] and away in follows and away not in walked:
                chain.append(away)
                walked.add(away)
                away = follows[away]
            if resolved[away]:
                outcome = value[away]
                for k in chain:
                    value[k] = outcome
                    resolved[k] = True
                    del follows[k]

    def backup(self, cycle: Sequence[int]) -> dict[int, bool]:
        kinds = {self.kind[n] for n in cycle}
        if kinds == {MOVE}:
            return dict.fromkeys(cycle, True)  # circular movement (DATC 5.B.9)
        convoys = [n for n in cycle if self.kind[n] == CONVOY]
        if convoys:
            return dict.fromkeys(convoys, False)  # Szykman rule (DATC 4.A.2)
        return dict.fromkeys(cycle, False)


def _convoyed(
    m: Map, unit: Unit, order: Move, dest: str, fleets: Sequence[str], units: Mapping[str, Unit]
) -> bool:
    """Does this army move go by convoy? (2023 rulebook; DATC 4.A.3).

    ``fleets``: the provinces of the fleets ordered to convoy this army to this destination.
    """
    if unit.kind != "A":
        return False
    if order.via_convoy or dest not in m.army_adj.get(unit.province, _NOWHERE):
        return True
    # Adjacent without "via convoy": by convoy only if a fleet of the same power convoys it.
    return any(units[p].power == unit.power for p in fleets)


def adjudicate(
    m: Map,
    units: Sequence[Unit],
    given: Mapping[str, MovementOrder],
    at: Mapping[str, Unit] | None = None,
) -> Result:
    """Resolve one movement phase. ``given`` maps provinces to legal, normalised orders;
    ``at``, if known, maps the province of each of ``units`` to it, in the same order (the
    state's :meth:`~umpire.games.diplomacy.model.State.unit_at`; read, never changed)."""
    if at is None:
        at = {u.province: u for u in units}
    # The order each unit carries out, in the units' order (their provinces' order: see
    # _read_off): the one given, or a hold for a unit without one (``given`` is read only).
    orders: dict[str, MovementOrder] = {}
    others: list[tuple[str, Support | Convoy]] = []  # supports and convoys, in unit order
    # (army's province, dest) -> the provinces of the fleets convoying it: read by the moves,
    # so gathered first (convoys are rare: a scan at C level finds whether there are any).
    convoys: dict[tuple[str, str], list[str]] = {}
    if Convoy in map(type, given.values()):
        for p, c in given.items():
            if isinstance(c, Convoy):
                convoys.setdefault((province_of(c.army_loc), c.army_dest), []).append(p)
        convoys = {k: [p for p in at if p in fleets] for k, fleets in convoys.items()}
    board = _Board(m, at)
    # 1. Pre-scan: the moves, numbered as they are read (decisions 0, 1, ... in unit order),
    # each head-to-head pair found then, with their convoy routes; then the matching orders.
    army_adj = m.army_adj
    movers: list[_Move] = []
    into, move_of = board.into, board.move_of
    n = -1  # the last move's decision (len(movers) - 1), counted on the way
    for p, u in at.items():
        o = given.get(p)
        if o is None:
            o = Hold(u.kind, u.loc)
        orders[p] = o
        kind = type(o)  # by exact type: the order classes are final
        if kind is not Move:
            if kind is not Hold:
                others.append((p, o))  # type: ignore[arg-type]
            continue
        dest = o.dest  # type: ignore[union-attr]  # a move: narrowed by the lines above
        if "/" in dest:
            dest = dest[: dest.index("/")]  # province_of, inlined
        if u.kind != "A" or not (
            o.via_convoy  # type: ignore[union-attr]
            or dest not in army_adj.get(p, _NOWHERE)
            or (convoys and (p, dest) in convoys)
        ):
            mv = [u, p, dest, o.dest, False, (), (), -1]  # type: ignore[union-attr]  # no convoy in sight
        else:
            mv = _convoyed_move(m, u, o, dest, convoys.get((p, dest), ()), at)  # type: ignore[arg-type]
        n += 1
        movers.append(mv)
        move_of[p] = n
        rivals = into.get(dest)
        if rivals is None:
            into[dest] = [n]
        else:
            rivals.append(n)
        back = move_of.get(dest)
        if back is not None and not mv[CONVOYED]:
            other = movers[back]
            if other[DEST] == p and not other[CONVOYED]:  # head to head
                mv[OPPONENT], other[OPPONENT] = back, n
    void: dict[str, MovementOrder] = {}
    if others:
        void = _void_orders(others, movers, move_of)
        if void:  # their units hold
            orders = {**orders, **{p: Hold(at[p].kind, at[p].loc) for p in void}}
    # 2. Number the decisions: the moves, then the supports and convoys, in unit order.
    _number(board, movers, move_of, others, void)
    board.start()
    board.settle_plain()
    outcome = board.resolver.resolve_all()
    # 3. Read off the result.
    result = _read_off(m, board, at, outcome, orders, void)
    # The board and its resolver refer to each other (bound methods): parted here, the phase's
    # decisions are freed at once, not left for the garbage collector to find (which, set off
    # by them every few phases, cost more than the rest of the adjudication's bookkeeping).
    del board.resolve, board.resolver
    return result


def _convoyed_move(
    m: Map,
    u: Unit,
    o: Move,
    dest: str,
    fleets: Sequence[str],
    at: Mapping[str, Unit],
) -> _Move:
    """The move of an army that may go by convoy (``fleets``: the provinces of the fleets
    ordered to convoy it there, in unit order)."""
    convoyed = _convoyed(m, u, o, dest, fleets, at)
    route = list(fleets) if convoyed else ()
    mv = [u, u.province, dest, o.dest, convoyed, route, (), -1]
    adjacent = dest in m.army_adj.get(u.province, _NOWHERE)
    if convoyed and not o.via_convoy and adjacent and not m.convoy_chain(u.province, dest, route):
        mv[CONVOYED] = False  # the same-power convoy is incomplete: over land
        mv[ROUTE] = ()
        # Otherwise the move stays a move whose PATH fails (DATC 6.D.8: it is not turned into
        # a hold that could receive hold support).
    return mv


def _void_orders(
    others: Sequence[tuple[str, Support | Convoy]],
    movers: Sequence[_Move],
    move_of: Mapping[str, int],
) -> dict[str, MovementOrder]:
    """The supports and convoys that match no order of the unit they name: void."""
    void: dict[str, MovementOrder] = {}
    for p, o in others:
        if isinstance(o, Convoy):
            n = move_of.get(province_of(o.army_loc))
            carried = None if n is None else movers[n]
            ok = carried is not None and carried[CONVOYED] and carried[DEST] == o.army_dest
        else:
            n = move_of.get(province_of(o.target_loc))
            helped = None if n is None else movers[n]
            if o.target_dest is None:
                ok = helped is None
            else:
                ok = helped is not None and helped[DEST] == province_of(o.target_dest)
                if ok and helped is not None and "/" in o.target_dest and "/" in helped[DEST_LOC]:
                    ok = o.target_dest == helped[DEST_LOC]  # a named coast must match (DATC 6.B.9)
        if not ok:
            void[p] = o
    return void


def _number(
    board: _Board,
    movers: list[_Move],
    move_of: Mapping[str, int],
    others: Sequence[tuple[str, Support | Convoy]],
    void: Mapping[str, MovementOrder],
) -> None:
    """The decisions: the moves (numbered already), then the supports and convoys, in unit
    order."""
    board.kind = [MOVE] * len(movers)
    board.province = list(move_of)  # in the moves' order
    board.movers = movers
    for p, o in others:
        if p in void:
            continue
        if isinstance(o, Support):
            n = board.add(SUPPORT, p)
            board.support_of[n] = o
            target = province_of(o.target_loc)
            if o.target_dest is None:
                board.hold_supports.setdefault(target, []).append(n)
            else:
                helped = movers[move_of[target]]
                helped[SUPPORTS] = [*helped[SUPPORTS], n]
        else:
            board.convoy_at[p] = board.add(CONVOY, p)


def _read_off(
    m: Map,
    board: _Board,
    at: Mapping[str, Unit],
    outcome: Sequence[bool],
    orders: dict[str, MovementOrder],
    void: dict[str, MovementOrder],
) -> Result:
    """The position after the moves, the dislodged units and where each may retreat."""
    succeeded = dict(zip(board.province, outcome, strict=True))
    after = dict(at)  # every unit where it stood, then the moves that succeeded
    # The moves that succeeded (the moves are decisions 0, 1, ...), picked at C level.
    entered = list(compress(board.movers, outcome))
    for mv in entered:
        del after[mv[SRC]]  # moved away
    dislodged: list[tuple[Unit, str, bool]] = []
    for mv in entered:
        dest, unit = mv[DEST], mv[UNIT]
        beaten = after.get(dest)  # a unit still there did not move away: dislodged
        if beaten is not None:
            dislodged.append((beaten, mv[SRC], mv[CONVOYED]))
        after[dest] = unit_of(mv[DEST_LOC], unit.kind, unit.power)
    # A unit without a decision (a hold, ordered or not, or a void order) held: it failed if
    # it was dislodged, else it has no entry (turn.order_events: held).
    # The provinces sort as their locations do (no character at or below "/" in a province's
    # name: tests/games/diplomacy): sorted by the keys, no key function per unit.
    units = [*map(after.__getitem__, sorted(after))]
    if not dislodged:  # most phases: no retreats, and no contested province to know of
        return _new_tuple(Result, (orders, void, succeeded, units, [], _NOWHERE))
    if len(dislodged) > 1:
        dislodged.sort(key=_dislodged_loc)  # in province order, as the units stood
    for u, _, _ in dislodged:
        succeeded.setdefault(u.province, False)
    contested = _contested(board, outcome, after)
    retreats = [(u, o, retreat_options(m, u, o, c, after, contested)) for u, o, c in dislodged]
    return _new_tuple(Result, (orders, void, succeeded, units, retreats, frozenset(contested)))


def _dislodged_loc(item: tuple[Unit, str, bool]) -> str:
    return item[0].loc


def _contested(board: _Board, outcome: Sequence[bool], after: Mapping[str, Unit]) -> set[str]:
    """The provinces left empty by a standoff (no retreat may go there)."""
    contested: set[str] = set()
    movers, path, into = board.movers, board.path, board.into
    for dest in into.keys() - after.keys():  # moved into, empty after (a set, at C level)
        for k in into[dest]:
            mv = movers[k]
            lost_head_to_head = mv[OPPONENT] >= 0 and outcome[mv[OPPONENT]]
            if not outcome[k] and not lost_head_to_head and (not mv[CONVOYED] or path(k)):
                contested.add(dest)
                break
    return contested


def retreat_options(
    m: Map,
    u: Unit,
    origin: str,
    by_convoy: bool,
    after: Mapping[str, Unit],
    contested: set[str],
) -> tuple[str, ...]:
    """Where a dislodged unit may retreat: not into an occupied or contested province, nor
    where its attacker came from unless that came by convoy (2023 rulebook; DATC 4.A.5)."""
    if u.kind == "F":
        targets = sorted(m.fleet_targets(u.loc))
    else:
        targets = sorted(t for t in m.army_targets(u.province))
    return tuple(
        t
        for t in targets
        if province_of(t) not in after
        and province_of(t) not in contested
        and (province_of(t) != origin or by_convoy)
    )
