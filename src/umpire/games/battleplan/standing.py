"""The orders a turn uses: those given, and the standing orders (BP 11, 12D).

Orders are checked against the state the player saw (12) once, when he submits them
(:meth:`~umpire.games.battleplan.game.BattlePlan.check` refuses an illegal order on his
receipt); the turn uses the orders kept then. A standing order is filed (or cancelled) for its
country, and the standing orders of every country a player holds are used alongside his
orders of the turn where they are legal, cut down to the units available.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from umpire.core.events import Event
from umpire.games.battleplan.arms import BP_ARMS, Arms
from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.groups import Log
from umpire.games.battleplan.legality import Budget, available, check_next, counted
from umpire.games.battleplan.model import MINOR, Country, Draft, GameState, but
from umpire.games.battleplan.notation import BODY, format_order, parse_token
from umpire.games.battleplan.orders import Action, Build, Message, Order, Standing, Transfer

SPACE_ORDERS = (Build, Transfer, Action, Standing)  # the orders given at a space (8)
_SPACE_KINDS = frozenset(SPACE_ORDERS)


def accept(
    d: Draft,
    gm: GameMap,
    player: int,
    orders: list[Order],
    turn: Accepting | None = None,
    arms: Arms = BP_ARMS,
) -> tuple[list[Order], list[Event]]:
    """The orders of ``player`` (his own and his standing orders), and the events that report
    them: the order echo (14). His own orders are those :meth:`BattlePlan.check` kept when he
    submitted them, against this same state: processing trusts them and does not judge them
    again (legality once, issue 28). ``turn``: what the turn works out once for every player
    (:func:`accepting`); without it, worked out here."""
    state = d.state
    turn = turn or accepting(state)
    log = Log(state) if turn.log is None else turn.log
    log.events = []
    kept = list(orders)
    filed = {o.space for o in kept if type(o) is Standing}
    if filed:
        d.countries.update(file_standing(state, player, kept))
    before = turn.filed.get(player)
    if filed or before:  # else he has no standing orders filed anywhere (11)
        candidates = filed.union(before or ())
        kept += standing_orders(state, gm, player, kept, candidates, arms)
    echo_orders(log, player, orders)
    return kept, log.events


@dataclass(slots=True)
class Accepting:
    """What accepting the orders needs about every player, worked out once for the turn: the
    countries where each has standing orders filed (11)."""

    filed: dict[int, list[str]]
    log: Log | None = None


def accepting(state: GameState) -> Accepting:
    filed: dict[int, list[str]] = {}
    for code, c in state.countries.items():
        if c.standing:
            filed.setdefault(c.standing_by, []).append(code)
    return Accepting(filed, Log(state))


def file_standing(state: GameState, player: int, orders: Sequence[Order]) -> dict[str, Country]:
    """BP 11: file (or cancel) standing order number ``slot`` for the country. The standing
    orders of a country are those of the player who gave them (ruling R-SO). The countries
    changed, each made once."""
    filed: dict[str, dict[int, str]] = {}  # the standing orders of each country as they become
    for order in orders:
        if isinstance(order, Standing):
            standing = filed.get(order.space)
            if standing is None:
                c = state.countries[order.space]
                standing = filed[order.space] = dict(c.standing) if c.standing_by == player else {}
            if order.order is None:
                standing.pop(order.slot, None)
            else:
                standing[order.slot] = format_order(order.order).split(" ", 1)[1]
    return {
        code: but(state.countries[code], standing=standing, standing_by=player)
        for code, standing in filed.items()
    }


def echo_orders(log: Log, player: int, orders: Sequence[Order]) -> None:
    """BP 14: the orders entered, player orders first, then each space's; messages (16) are
    not orders and are not counted."""
    echo: list[str] = []
    by_space: dict[str, list[str]] = {}  # space ("" for the player orders) -> bodies
    counted = 0
    space_kinds = _SPACE_KINDS
    for o in orders:  # one pass: each order formatted once, its header and body kept apart
        kind = type(o)  # every kind of order is a class of its own, none a subclass
        body = BODY[kind](o)  # format_body, without its check of the class
        if kind in space_kinds:
            space = o.space  # type: ignore[union-attr]
            echo.append(f"@{space} {body}")
        else:
            space = ""
            echo.append(f"@ {body}")
        if kind is not Message:
            counted += 1
            if space in by_space:
                by_space[space].append(body)
            else:
                by_space[space] = [body]
    # "@" before "@XX", and the spaces in order: as the headers sort
    lines = [f"@{space} {' '.join(bodies)}" for space, bodies in sorted(by_space.items())]
    log.tell(player, "orders", f"Order-count: {counted}", orders=echo, echo=lines)


def standing_orders(
    state: GameState,
    gm: GameMap,
    player: int,
    kept: list[Order],
    candidates: Iterable[str] | None = None,
    arms: Arms = BP_ARMS,
) -> list[Order]:
    """BP 11, 12D: standing orders of the countries ``player`` holds, cut down to what is
    available, used when legal alongside the orders of the turn (an order of the same kind
    given this turn takes precedence)."""
    return [
        o
        for _, _, o, why in standing_fates(state, gm, player, kept, candidates, arms)
        if o is not None and not why
    ]


def standing_fates(
    state: GameState,
    gm: GameMap,
    player: int,
    kept: list[Order],
    candidates: Iterable[str] | None = None,
    arms: Arms = BP_ARMS,
) -> list[tuple[str, int, Order | None, str]]:
    """What :func:`standing_orders` does with each filed standing order of ``player``:
    (country, slot, the order as used or None, why it is not used: "" when it is)."""
    fates: list[tuple[str, int, Order | None, str]] = []
    extra: list[Order] = []
    budget: Budget | None = None  # what his orders use, counted at the first standing order
    # the cheap tests first: few countries have standing orders (this runs for every player)
    # (``candidates``: the countries that may have his standing orders, when known)
    codes = state.countries if candidates is None else candidates
    filed_by_him = (
        k for k in codes if (c := state.countries[k]).standing and c.standing_by == player
    )
    for code in sorted(filed_by_him):
        c = state.countries[code]
        if c.controller() != player:
            continue
        for slot in sorted(c.standing):
            try:
                filed = parse_token(c.standing[slot], code)
            except ValueError:
                continue
            if not isinstance(filed, Build | Transfer | Action):
                continue
            order = cut(state, player, filed, [*kept, *extra])
            if order is None:
                fates.append((code, slot, None, "nothing is left for it (BP 11)"))
                continue
            # judged after his orders of the turn, which were judged at submission and are
            # only counted here, and the standing orders used before it (legality once)
            if budget is None:
                budget = counted(state, player, kept)
            verdict = check_next(state, gm, player, order, budget, arms)
            if verdict is None:
                extra.append(order)
                fates.append((code, slot, order, ""))
            else:
                fates.append((code, slot, order, f"{verdict[1]} (BP 12D)"))
    return fates


def standing_warnings(
    state: GameState,
    gm: GameMap,
    player: int,
    lines: Sequence[tuple[int, Order]],
    arms: Arms = BP_ARMS,
) -> list[tuple[int, Standing, str]]:
    """The standing orders given in ``lines`` (a submission as checked) that the turn will
    file but not use: (line, order, why). The turn uses a player's standing orders with his
    own orders of the turn and the position alone (:func:`accept`), so whatever the others
    order, these are ignored this turn (BP 11, 12D)."""
    given = {
        (o.space, o.slot): line
        for line, o in lines
        if isinstance(o, Standing) and isinstance(o.order, Build | Transfer | Action)
    }
    if not given:
        return []
    before = accepting(state).filed.get(player, ())
    kept = [o for _, o in lines]
    s = state.with_countries(file_standing(state, player, kept))
    candidates = {o.space for o in kept if isinstance(o, Standing)}.union(before)
    out: list[tuple[int, Standing, str]] = []
    orders = dict(lines)
    for code, slot, _, why in standing_fates(s, gm, player, kept, candidates, arms):
        line = given.get((code, slot))
        if line is not None and why:
            order = orders[line]
            assert isinstance(order, Standing)
            out.append((line, order, why))
    return out


def cut(
    state: GameState, player: int, order: Build | Transfer | Action, kept: Sequence[Order]
) -> Build | Transfer | Action | None:
    """BP 11: more units than available are reduced to all of the available units."""
    c = state.countries[order.space]
    if isinstance(order, Build):
        used = sum(o.amount for o in kept if isinstance(o, Build) and o.space == order.space)
        have = c.usable_industry - used
    else:
        used = sum(
            o.amount
            for o in kept
            if isinstance(o, Transfer | Action) and o.space == order.space and o.unit == order.unit
        )
        have = available(state, order.space, order.unit, player) - used
    if have <= 0:
        return None
    n = min(order.amount, have)
    if isinstance(order, Build):
        return Build(order.space, order.kind, n)
    if isinstance(order, Transfer):
        return Transfer(order.space, order.unit, n, order.dest)
    return Action(order.space, order.verb, n, order.target)


def expire(d: Draft) -> None:
    """BP 11: "Standing orders remain until replaced or cancelled, or until another player
    takes over control of the country": they belong to the player who gave them and end
    when he no longer controls the country whose forces they use (by conquest, revolution
    or popularity, 2B; ruling R-SO)."""
    for code, c in d.countries.items():
        if c.standing and c.controller() != c.standing_by:
            d.countries[code] = but(c, standing={}, standing_by=MINOR)
        elif not c.standing and c.standing_by != MINOR:
            d.countries[code] = but(c, standing_by=MINOR)
