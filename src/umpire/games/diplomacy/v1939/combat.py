"""1939 III movement adjudication: armies, fleets and tanks on the ground; bomber missions
as outside help (D39 19-29, 32, 38-39).

Strengths are those of DATC 5.B with 1939 III's changes, and the cycles among the decisions
go to the game-agnostic :mod:`~umpire.games.diplomacy.resolver`. The standard game never comes
here (its own :mod:`~umpire.games.diplomacy.movement` stays the hot path).

Decisions: one per single-province move (``MOVE``), three per tank "movement" (``ROUTE``: the
tank wins its way into the route province; ``DEST``: it goes on into the destination;
``ONWARD``: it has strength left after the route, D39 26), one per ground support and per
convoy. Strengths:

- a unit's own strength is 1; a tank's is 2 standing, supporting or making a single move, 1 in
  a "movement" (D39 19); a bomber's support adds 1 and is never cut (D39 32, 37);
- a standing or supporting tank is halved by each attacking unit of another power: against
  one attacker it holds with 2 halved once for every *other* attacker (D39 22(a): "already
  weakened by the Russian attack"); its support is worth 1 when one unit attacks it and is cut
  when two do (D39 22(b), 22(c)); a bomber's cutting mission counts as one attacker (ruling);
- a tank "movement" fights into the route province with 1 plus its supports into the route;
  it goes on only if the route was empty and uncontested or it won the route by 2 or more
  (D39 26); it then attacks the destination with 1 plus its supports there (D39 25, 26(c));
  stood out of the destination it stops in the route province (D39 24);
- a tank that could not leave its province defends with 2 (D39 20); a tank halted in the route
  province is attacked there by the moves it beat into it and defends with 1 (D39 21); if
  dislodged there it may retreat to its start province (D39 29). Another tank's fight for the
  same route meets it at full strength; its own power's moves never beat it, nor does its
  power's support count against it (standard rule, D39 1; ruling 18).

The decisions and their strengths are :mod:`.decisions`' :class:`~.decisions.Board`; this
module numbers the orders into it, resolves it and reads the results off.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from umpire.games.diplomacy.geography import Map, province_of
from umpire.games.diplomacy.model import Unit
from umpire.games.diplomacy.movement import retreat_options
from umpire.games.diplomacy.orders import Convoy, Hold, Move, Support
from umpire.games.diplomacy.resolver import Resolver
from umpire.games.diplomacy.v1939.decisions import (
    CONVOY,
    DEST,
    MOVE,
    ONWARD,
    ROUTE,
    SUPPORT,
    Board,
    Leg,
)
from umpire.games.diplomacy.v1939.model import NEUTRAL
from umpire.games.diplomacy.v1939.orders import TankConvoy, TankMove

GroundOrder = Hold | Move | Support | Convoy | TankMove | TankConvoy


@dataclass(frozen=True, slots=True)
class BomberHelp:
    """A bomber mission that reaches the adjudication: a support (``S``) of the unit in
    ``target`` (holding, or moving to ``dest``), or a cut (``N``) of the support given by the
    unit in ``target``."""

    power: str
    mission: str
    target: str
    dest: str | None = None


@dataclass(frozen=True, slots=True)
class Result:
    status: dict[str, str]  # start province -> what its order did
    units: list[Unit]  # positions after the moves (dislodged units excluded)
    dislodged: list[tuple[Unit, str, tuple[str, ...]]]  # unit, attacker's origin, options
    contested: frozenset[str]
    void: frozenset[str]  # provinces whose order was void (the unit held)


def adjudicate(
    m: Map,
    units: Sequence[Unit],
    given: Mapping[str, GroundOrder],
    help_: Sequence[BomberHelp] = (),
) -> Result:
    """Resolve the ground moves of one season. ``given``: province -> legal order."""
    at = {u.province: u for u in units}
    board = Board(m, at)
    orders = {p: given.get(p, Hold(u.kind, u.loc)) for p, u in at.items()}
    convoys: dict[tuple[str, str], list[str]] = {}
    for p, o in orders.items():
        if isinstance(o, Convoy):
            convoys.setdefault((province_of(o.army_loc), o.army_dest), []).append(p)
        elif isinstance(o, TankConvoy):
            convoys.setdefault((o.tank_loc, o.dest), []).append(p)
    moves = _number_moves(m, board, orders, convoys)
    void = _number_helps(board, orders, moves)
    _bomber_help(board, help_, moves)
    _pairs(board, moves)
    board.resolver = Resolver(len(board.kind), board.decide, board.backup)
    outcome = board.resolver.resolve_all()
    result = _read_off(m, board, orders, outcome, void)
    del board.resolver  # it refers to the board: parted, both are freed at once (movement.py)
    return result


def _number_moves(
    m: Map,
    board: Board,
    orders: Mapping[str, GroundOrder],
    convoys: Mapping[tuple[str, str], list[str]],
) -> dict[str, int]:
    """The moves' legs as decisions: a single move (D39 19), or a tank movement's route and
    destination steps and whether it goes on (D39 23). Province -> its first leg."""
    at = board.at
    moves: dict[str, int] = {}
    for p, o in orders.items():
        u = at[p]
        if isinstance(o, Move):
            dest = province_of(o.dest)
            fleets = tuple(convoys.get((p, dest), ()))
            adjacent = dest in m.army_adj.get(p, frozenset())
            convoyed = u.kind in ("A", "T") and (
                o.via_convoy or not adjacent or _own_convoy(m, u, p, dest, fleets, at)
            )
            base = 2 if u.kind == "T" else 1  # D39 19: a single move at full strength
            leg = Leg(u, p, dest, o.dest, MOVE, base, convoyed, fleets if convoyed else ())
            moves[p] = board.leg_of[p] = board.add(MOVE, p, leg)
        elif isinstance(o, TankMove):
            r = board.add(ROUTE, p, Leg(u, p, o.route, o.route, ROUTE, 1))
            d = board.add(DEST, p, Leg(u, o.route, o.dest, o.dest, DEST, 1))
            board.leg(r).partner, board.leg(d).partner = d, r
            board.leg(r).onward = board.leg(d).onward = board.add(ONWARD, p)
            moves[p] = board.leg_of[p] = r
    return moves


def _number_helps(
    board: Board, orders: Mapping[str, GroundOrder], moves: Mapping[str, int]
) -> set[str]:
    """The supports and convoys as decisions; those matching no move are void (returned)."""
    void: set[str] = set()
    for p, o in orders.items():
        if isinstance(o, Support):
            target = province_of(o.target_loc)
            n = moves.get(target)
            if o.target_dest is None:
                ok = n is None
            elif n is None:
                ok = False
            else:
                tdest = province_of(o.target_dest)
                leg = board.leg(n)
                ok = leg.dest == tdest or (
                    leg.kind == ROUTE and board.leg(leg.partner).dest == tdest
                )
            if not ok:
                void.add(p)
                continue
            s = board.add(SUPPORT, p)
            board.support_of[s] = o
            if o.target_dest is None:
                board.hold_supports.setdefault(target, []).append(s)
            else:
                _leg_into(board, moves[target], province_of(o.target_dest)).supports.append(s)
        elif isinstance(o, Convoy | TankConvoy):
            carried_from = province_of(o.army_loc) if isinstance(o, Convoy) else o.tank_loc
            dest = o.army_dest if isinstance(o, Convoy) else o.dest
            n = moves.get(carried_from)
            if n is None or not board.leg(n).convoyed or board.leg(n).dest != dest:
                void.add(p)
                continue
            board.convoy_at[p] = board.add(CONVOY, p)
    return void


def _bomber_help(board: Board, help_: Sequence[BomberHelp], moves: Mapping[str, int]) -> None:
    """Bomber missions over the ground fight: cuts, hold and move supports (D39 38, 39)."""
    at = board.at
    for h in help_:
        n = moves.get(h.target)
        if h.mission == "N":
            board.cuts.setdefault(h.target, []).append(h.power)
        elif h.dest is None and n is None and h.target in at:
            board.bomber_holds.setdefault(h.target, []).append(h.power)
        elif h.dest is not None and n is not None:
            leg = board.leg(n)
            if leg.dest == h.dest or (leg.kind == ROUTE and board.leg(leg.partner).dest == h.dest):
                _leg_into(board, n, h.dest).bomber_supports.append(h.power)


def _pairs(board: Board, moves: Mapping[str, int]) -> None:
    """Head-to-head moves, and two tank movements each through the other's destination."""
    for p, n in moves.items():
        leg = board.leg(n)
        back = moves.get(leg.dest)
        # Head to head (standard rules, D39 1): two single moves, or a single move and the
        # first step of a tank movement, or two first steps, between two adjacent provinces:
        # the units never pass through each other (ruling 9, corrected).
        if leg.kind in (MOVE, ROUTE) and back is not None and not leg.convoyed:
            other = board.leg(back)
            if other.kind in (MOVE, ROUTE) and other.dest == p and not other.convoyed:
                leg.opponent = back
    for n, route in enumerate(board.legs):  # two movements, each route the other's destination
        if route is not None and route.kind == ROUTE:
            for d in board.into.get(route.dest, ()):
                other = board.leg(d)
                if (
                    other.kind == DEST
                    and board.leg(other.partner).dest == board.leg(route.partner).dest
                ):
                    board.crossing[n] = d


def _own_convoy(
    m: Map, u: Unit, src: str, dest: str, fleets: Sequence[str], at: Mapping[str, Unit]
) -> bool:
    """An adjacent move without "via convoy" goes by convoy when a fleet of the unit's own
    power is ordered to convoy it and the ordered fleets form a route (2023 rulebook, DATC
    4.A.3, as the standard game rules; ruling): otherwise over land."""
    if not any(at[f].power == u.power for f in fleets):
        return False
    return m.convoy_chain(src, dest, fleets)


def _leg_into(board: Board, n: int, dest: str) -> Leg:
    leg = board.leg(n)
    return leg if leg.dest == dest else board.leg(leg.partner)


def _read_off(
    m: Map,
    board: Board,
    orders: Mapping[str, GroundOrder],
    outcome: list[bool],
    void: set[str],
) -> Result:
    at = board.at
    status: dict[str, str] = {}
    final: dict[str, tuple[str, Leg]] = {}  # start province -> (where it ends, winning leg)
    for p, n in board.leg_of.items():
        leg = board.leg(n)
        if leg.kind == MOVE and outcome[n]:
            final[p] = (leg.dest_loc, leg)
            status[p] = "moved"
        elif leg.kind == ROUTE and outcome[n]:
            if outcome[leg.partner]:
                final[p] = (board.leg(leg.partner).dest, board.leg(leg.partner))
                status[p] = "moved"
            else:
                final[p] = (leg.dest, leg)
                status[p] = f"stopped in {leg.dest}"
        else:
            status[p] = "failed"
    entered: dict[str, Leg] = {}  # province -> the leg that took it by force or by moving
    for n, won in enumerate(board.legs):
        if won is not None and outcome[n] and won.kind != DEST:
            entered.setdefault(won.dest, won)  # a route won by force dislodges its holder
    for n, won in enumerate(board.legs):
        if won is not None and won.kind == DEST and outcome[n]:
            entered[won.dest] = won
    after: dict[str, Unit] = {}
    dislodged: list[tuple[Unit, str, bool, str | None]] = []
    for p, u in at.items():
        if p in final:
            continue
        beaten = entered.get(p)
        if beaten is None:
            after[p] = u
        else:
            dislodged.append((u, _origin(board, beaten), beaten.convoyed, None))
    for p, (loc, _leg) in final.items():
        u = at[p]
        here = province_of(loc)
        rival = _rival_winner(board, outcome, here, u)
        if rival is not None:  # D39 21: a tank halted in its route and beaten there
            dislodged.append((Unit(loc, u.kind, u.power), rival.src, rival.convoyed, p))
            continue
        after[here] = Unit(loc, u.kind, u.power)
    _statuses(board, orders, outcome, void, after, status)
    contested = _contested(board, outcome, after)
    retreats = [
        (u, origin, _retreat_options(m, u, origin, by_convoy, start, after, contested))
        for u, origin, by_convoy, start in dislodged
        if u.power != NEUTRAL  # D39 14 (ruling): a dislodged neutral army is removed
    ]
    return Result(status, sorted(after.values()), retreats, frozenset(contested), frozenset(void))


def _statuses(
    board: Board,
    orders: Mapping[str, GroundOrder],
    outcome: list[bool],
    void: set[str],
    after: Mapping[str, Unit],
    status: dict[str, str],
) -> None:
    """The status of every unit that did not move: of its support or convoy, or held."""
    for p, o in orders.items():
        if p in status:
            continue
        if p in void:
            status[p] = "void"
        elif isinstance(o, Support):
            s = next(k for k, w in enumerate(board.where) if w == p and board.kind[k] == SUPPORT)
            status[p] = "supported" if outcome[s] else "cut"
        elif isinstance(o, Convoy | TankConvoy):
            status[p] = "convoyed" if outcome[board.convoy_at[p]] else "disrupted"
        else:
            status[p] = "held"
        if after.get(p) is not board.at[p] and status[p] != "void":
            status[p] = "dislodged"  # another unit may stand there now: it is not this one


def _retreat_options(
    m: Map,
    u: Unit,
    origin: str,
    by_convoy: bool,
    start: str | None,
    after: Mapping[str, Unit],
    contested: set[str],
) -> tuple[str, ...]:
    """The standard options, and for a tank halted in its route, where it began (D39 29)."""
    options = list(retreat_options(m, u, origin, by_convoy, after, contested))
    if start is not None and start not in after and start not in options:
        options.append(start)  # D39 29: back to where its movement began
    return tuple(sorted(options))


def _origin(board: Board, leg: Leg) -> str:
    return board.leg(leg.partner).src if leg.kind == DEST else leg.src


def _rival_winner(board: Board, outcome: list[bool], here: str, u: Unit) -> Leg | None:
    """The move that beat a tank halted in ``here`` (its route province), if any."""
    for n in board.into.get(here, ()):
        leg = board.leg(n)
        if leg.unit is not u and leg.kind != ROUTE and outcome[n]:
            return leg
    return None


def _contested(board: Board, outcome: list[bool], after: Mapping[str, Unit]) -> set[str]:
    out: set[str] = set()
    for dest, ns in board.into.items():
        if dest in after:
            continue
        for k in ns:
            leg = board.leg(k)
            lost_h2h = leg.opponent >= 0 and outcome[leg.opponent]
            if not outcome[k] and board.attacking(k) and not lost_h2h:
                out.add(dest)
    return out
