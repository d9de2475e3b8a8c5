"""Which orders a player may give now: ownership, range, space type and the limits of 12.

"Invalid is not understood; illegal is understood but not allowed." :func:`check_orders` takes
the orders a player sent, in order, and gives for each either ``None`` (legal) or a
``(code, message)`` reason. It reads the state and never changes it. The parser reports the
reasons as problems; the resolver uses the same check and drops what it refuses, so an
illegal order never stops the rest of the turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from umpire.core.errors import Code
from umpire.games.battleplan import errors
from umpire.games.battleplan.arms import BP_ARMS, Arms, refuse
from umpire.games.battleplan.geography import Canal, GameMap
from umpire.games.battleplan.messages import check_signal
from umpire.games.battleplan.model import MINOR, GameState
from umpire.games.battleplan.notation import format_body
from umpire.games.battleplan.orders import (
    ATTACK_VERBS,
    COUNTRY_ONLY,
    Action,
    Article,
    Build,
    Declare,
    DefaultBuild,
    GiveDollars,
    Message,
    Opinion,
    Order,
    Permit,
    Propaganda,
    Research,
    Send,
    Share,
    Signal,
    SpaceOrder,
    Spread,
    Standing,
    Train,
    Transfer,
)
from umpire.games.battleplan.world.newspaper import check_article

Refusal = tuple[str, str]

# BP 12B: what each order attacks, and what it puts in (or sends to) the target space.
_ATTACKS = {
    "AC": {"A"},
    "AB": {"A"},
    "FA": {"A"},
    "FN": {"N"},
    "FF": {"F"},
    "FI": {"I"},
    "NN": {"N"},
    "MA": {"A", "X"},
    "MF": {"F", "X"},
    "MI": {"I", "X"},
}
_DEFENDS = {"AS": {"A"}, "NS": {"N"}, "FS": {"F"}}


def strait_open(state: GameState, canal: Canal, player: int) -> bool:
    """BP 7: the holder of TU, and whoever he permits, may pass; an uncontrolled TU shuts it.
    WW: one permission lets the player through ALL the granting player's canals (the permits
    are the holder's, not the canal's)."""
    keeper = state.countries[canal.space].controller()
    if keeper == MINOR:
        return False
    return keeper == player or player in state.player(keeper).permits


def holds(state: GameState, player: int, space: str) -> bool:
    """May ``player`` give orders for ``space``: his country, his minor, a sea with his forces."""
    if space in state.countries:
        return state.countries[space].controller() == player
    sea = state.seas.get(space)
    return sea is not None and player in sea.forces and not sea.forces[player].empty


def available(state: GameState, space: str, unit: str, player: int) -> int:
    """Units of ``unit`` that can act from ``space`` this turn (suppressed AirForce cannot)."""
    if space in state.countries:
        c = state.countries[space]
        return {"A": c.army, "N": c.navy, "F": c.air, "M": c.missiles, "X": c.anti}[unit]
    stack = state.seas[space].forces.get(player)
    if stack is None or unit in "MX":
        return 0
    return stack.get(unit)


def reach(state: GameState, gm: GameMap, player: int, unit: str, frm: str, to: str) -> bool:
    """Can ``unit`` from ``frm`` move to, or act on, ``to`` (BP 4C-4G, 7, 15)."""
    if to not in gm.spaces or to == frm:
        return False
    if unit in ("F", "M", "X"):
        return gm.in_air_range(frm, to)  # 4E.1; 4F.2 and 4G.2 use the air range
    canal = gm.canal(frm, to)
    adjacent = gm.adjacent(frm, to) or (canal is not None and strait_open(state, canal, player))
    if unit == "N" and gm.is_country(frm):
        return to in gm.spaces[frm].coasts  # 4D.2: from port only out to an adjacent sea
    return adjacent


def _no(code: Code, *, order: Order | str, **fields: Any) -> Refusal:
    """The refusal ``code`` of ``order`` (formatted only when refused: this is hot)."""
    body = order if isinstance(order, str) else format_body(order)
    return code.code, code.message(order=body, **fields)


def _space_order(state: GameState, gm: GameMap, player: int, order: SpaceOrder) -> Refusal | None:
    if order.amount < 1:
        return _no(errors.ZERO_QUANTITY, order=order)
    if isinstance(order, Build):
        return _build(gm, state, order)
    if isinstance(order, Transfer):
        return _transfer(state, gm, player, order)
    return _action(state, gm, player, order)


def _build(gm: GameMap, state: GameState, order: Build) -> Refusal | None:
    body, space = order, order.space
    if space not in state.countries:
        return _no(errors.BUILD_AT_SEA, order=body)
    if order.kind == "N" and not gm.spaces[space].has_coast:
        return _no(errors.NO_COAST, order=body, space=space)
    return None


def _transfer(state: GameState, gm: GameMap, player: int, order: Transfer) -> Refusal | None:
    body, space, dest, unit = order, order.space, order.dest, order.unit
    country = state.countries.get(space)
    if dest not in gm.spaces:
        return _no(errors.UNKNOWN_SPACE, order=body, space=dest)
    if country is not None and country.owner == MINOR:
        return _no(errors.MINOR_CANNOT_MOVE, order=body)
    if unit in "MX" and not gm.is_country(dest):
        return _no(errors.NOT_A_COUNTRY, order=body, space=dest, what="missiles stay on land")
    if unit in "MX" and country is None:
        return _no(errors.NOT_A_COUNTRY, order=body, space=space, what="missiles are never at sea")
    if not reach(state, gm, player, unit, space, dest):
        return _out_of_reach(state, gm, player, body, unit, space, dest)
    return None


def _action(state: GameState, gm: GameMap, player: int, order: Action) -> Refusal | None:
    body, space, verb, target = order, order.space, order.verb, order.target
    country = state.countries.get(space)
    if target not in gm.spaces:
        return _no(errors.UNKNOWN_SPACE, order=body, space=target)
    if verb in COUNTRY_ONLY and not gm.is_country(target):
        return _no(errors.NOT_A_COUNTRY, order=body, space=target, what=f"{verb} needs a country")
    if verb == "AC" and country is not None and country.owner == MINOR:
        return _no(errors.MINOR_CANNOT_CONQUER, order=body)
    if verb in ATTACK_VERBS and state.countries[target].owner == player:
        return _no(errors.ATTACK_OWN_COUNTRY, order=body, space=target)
    if verb == "NN" and country is not None:
        return _no(errors.NAVY_ATTACK_FROM_PORT, order=body)
    if verb[0] == "M":
        if country is None:
            return _no(
                errors.NOT_A_COUNTRY, order=body, space=space, what="missiles are never at sea"
            )
        return None  # 4F.1: a missile's range is the length of the map
    if not reach(state, gm, player, verb[0], space, target):
        return _out_of_reach(state, gm, player, body, verb[0], space, target)
    return None


def _out_of_reach(
    state: GameState, gm: GameMap, player: int, body: Order, unit: str, frm: str, to: str
) -> Refusal:
    if unit in "FMX":
        return _no(errors.OUT_OF_RANGE, order=body, to=to, frm=frm)
    canal = gm.canal(frm, to)
    if canal is not None:
        return _no(errors.STRAIT_CLOSED, order=body, canal=canal.title)
    if unit == "N" and gm.is_country(frm):
        return _no(errors.NOT_COASTAL, order=body)
    return _no(errors.NOT_ADJACENT, order=body, to=to, frm=frm)


def _player(
    state: GameState,
    player: int,
    target: int,
    body: Order,
    *,
    zero: bool = False,
    self_ok: bool = False,
) -> Refusal | None:
    if target == 0 and zero:
        return None
    if not 1 <= target <= len(state.players):
        return _no(errors.UNKNOWN_PLAYER, order=body, player=target)
    if target == player and not self_ok:
        return _no(errors.SELF, order=body)
    return None


def _player_order(state: GameState, gm: GameMap, player: int, order: Order) -> Refusal | None:
    body = order
    match order:
        case Declare(p, _) | Permit(p, _) | Share(p, _) | Message(p, _, _):
            return _player(state, player, p, body)
        case Article(_, text):
            other = check_article(player, text)  # WW newspaper: no other player's name
            return None if other is None else _no(errors.FORGED_SIGNATURE, order=body, other=other)
        case Opinion(p, _, _):
            return _player(state, player, p, body, zero=True)  # WW opinion: not oneself
        case Signal(p, _, _):
            # WW anonymous: numbered message orders, p = 0 for everyone
            why = check_signal(state, gm, order)
            return _player(state, player, p, body, zero=True) or (
                _no(why[0], order=body, **why[1]) if why else None
            )
        case GiveDollars(p, n):
            return _player(state, player, p, body) or _positive(n, body)
        case Spread(p, what, n):
            bad = _player(state, player, p, body, zero=True, self_ok=what != "S")
            return bad or _positive(n, body)
        case Send(_, n, c) | Propaganda(n, c):
            return _to_country(state, gm, player, order, c) or _positive(n, body)
        case Train(_, n) | Research(_, n):
            return _positive(n, body)
        case DefaultBuild(_, n):
            return None if 0 <= n <= 100 else _no(errors.PROPORTION, order=body)
    return None


def _to_country(
    state: GameState, gm: GameMap, player: int, order: Send | Propaganda, c: str
) -> Refusal | None:
    """BP 5D, 6B, 6C: propaganda, spies and counterspies go to countries; spies never to
    one's own."""
    body = order
    if c not in gm.spaces:
        return _no(errors.UNKNOWN_SPACE, order=body, space=c)
    if not gm.is_country(c):
        return _no(
            errors.NOT_A_COUNTRY, order=body, space=c, what="spies and propaganda need a country"
        )
    if isinstance(order, Send) and order.what == "S" and state.countries[c].owner == player:
        return _no(errors.SPY_OWN_COUNTRY, order=body, space=c)
    return None


def _positive(n: int, body: Order) -> Refusal | None:
    return None if n >= 1 else _no(errors.ZERO_QUANTITY, order=body)


def _cost(order: Order) -> int:
    """Dollars an order spends (5A)."""
    match order:
        case GiveDollars(_, n) | Train(_, n) | Research(_, n) | Propaganda(n, _):
            return n
        case Spread(_, "P", n):
            return n
    return 0


def _key(order: Order) -> tuple[object, ...]:
    """BP 12C: two orders that differ only by their number have the same key."""
    match order:
        case Build(s, k, _):
            return ("B", s, k)
        case Transfer(s, u, _, d):
            return ("T", s, u, d)
        case Action(s, v, _, t):
            return ("V", s, v, t)
        case Research(k, _):
            return ("R", k)
        case Train(k, _):
            return ("T", k)
        case Propaganda(_, c):
            return ("P", c)
        case GiveDollars(p, _):
            return ("D", p)
        case Spread(p, w, _):
            return ("S", p, w)
        case Send(w, _, c):
            return ("Send", w, c)
        case DefaultBuild(k, _):
            return ("BD", k)
        case Standing(s, slot, _):
            return ("/", s, slot)
    return ("once", format_body(order))


@dataclass(slots=True)
class Budget:
    """What a player's orders have used so far in one submission (5A, 6B, 6C, 12B, 12C)."""

    dollars: int
    spies: int
    counterspies: int
    seen: set[tuple[object, ...]] = field(default_factory=set)
    used: dict[tuple[str, str], int] = field(default_factory=dict)  # (space, unit) -> committed
    industry: dict[str, int] = field(default_factory=dict)
    attacked: dict[tuple[str, str], set[str]] = field(default_factory=dict)  # (space, target)
    defended: dict[tuple[str, str], set[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, state: GameState, player: int) -> Budget:
        """Nothing used yet: the player's whole Dollars, spies and counterspies."""
        me = state.player(player)
        return cls(me.cents // 100, me.spies // 100, me.counterspies // 100)


def check_orders(
    state: GameState,
    gm: GameMap,
    player: int,
    orders: Sequence[Order],
    arms: Arms = BP_ARMS,
) -> list[Refusal | None]:
    """For each order in turn: None if legal given the ones accepted before it, else why not.
    ``arms``: the scenario's AirForce and missile rules (WW 1939.bombers, 1939.missiles)."""
    budget = Budget.of(state, player)
    return [check_next(state, gm, player, order, budget, arms) for order in orders]


def check_next(
    state: GameState,
    gm: GameMap,
    player: int,
    order: Order,
    budget: Budget,
    arms: Arms = BP_ARMS,
) -> Refusal | None:
    """The verdict of :func:`check_orders` on ``order`` given after the orders ``budget`` has
    counted; counted in ``budget`` when legal."""
    key = _key(order)
    refusal = (
        _check_one(state, gm, player, order)
        or (refuse(state, gm, player, order, arms) if arms.changed else None)
        or _within(state, player, order, key, budget)
    )
    if refusal is None:
        budget.seen.add(key)
    return refusal


def counted(state: GameState, player: int, orders: Sequence[Order]) -> Budget:
    """What ``orders`` use of the player's limits (12B, 12C, 5A, 6B, 6C, 4B), orders that were
    judged legal together, in this order, when he submitted them (:func:`check_orders`): each
    is counted and none is judged again (legality once, issue 33). The budget is the one
    :func:`check_orders` has after them, so :func:`check_next` judges an order added after
    them (a standing order, BP 11, 12D) exactly as :func:`check_orders` would in the list."""
    budget = Budget.of(state, player)
    for order in orders:
        key = _key(order)
        if _within(state, player, order, key, budget) is None:
            budget.seen.add(key)
    return budget


def _within(
    state: GameState, player: int, order: Order, key: tuple[object, ...], budget: Budget
) -> Refusal | None:
    """BP 12C, 5A, 6B, 6C, 4B, 12B: the limits of the whole submission, using ``budget``."""
    body = order
    if key in budget.seen and not isinstance(order, Declare | Permit | Share):
        return _no(errors.DUPLICATE_ORDER, order=body)
    if cost := _cost(order):
        if cost > budget.dollars:
            return _no(errors.NOT_ENOUGH_DOLLARS, order=body, left=budget.dollars)
        budget.dollars -= cost
    if isinstance(order, Send | Spread) and order.what in "SC":
        pool = budget.spies if order.what == "S" else budget.counterspies
        if order.amount > pool:
            return _no(errors.NOT_ENOUGH_SPIES, order=body, left=pool)
        if order.what == "S":
            budget.spies -= order.amount
        else:
            budget.counterspies -= order.amount
    if isinstance(order, Build):
        left = state.countries[order.space].usable_industry - budget.industry.get(order.space, 0)
        if order.amount > left:
            return _no(errors.NOT_ENOUGH_INDUSTRY, order=body, left=left)
        budget.industry[order.space] = budget.industry.get(order.space, 0) + order.amount
    if isinstance(order, Transfer | Action):
        return _check_units(state, player, order, body, budget)
    return None


def _check_one(state: GameState, gm: GameMap, player: int, order: Order) -> Refusal | None:
    if isinstance(order, Build | Transfer | Action | Standing):
        body = order
        if order.space not in gm.spaces:
            # the order itself is named: its header's own problem names the header (R-N2)
            return _no(errors.UNKNOWN_SPACE, order=order, space=order.space)
        if not holds(state, player, order.space):
            return _no(errors.NOT_YOUR_SPACE, order=body, space=order.space)
        if isinstance(order, Standing):
            if not gm.is_country(order.space):
                return _no(errors.STANDING_AT_SEA, order=body)
            if order.order is None:
                return None
            return _space_order(state, gm, player, order.order)
        return _space_order(state, gm, player, order)
    return _player_order(state, gm, player, order)


def _check_units(
    state: GameState, player: int, order: Transfer | Action, body: Order, budget: Budget
) -> Refusal | None:
    unit = order.unit
    target = order.dest if isinstance(order, Transfer) else order.target
    have = available(state, order.space, unit, player) - budget.used.get((order.space, unit), 0)
    if order.amount > have:
        return _no(errors.NOT_ENOUGH_UNITS, order=body, left=have, unit=unit, space=order.space)
    # BP 12B: never attack your own forces through attack plus support or move.
    pair = (order.space, target)
    if isinstance(order, Transfer):
        hits, puts = set(), {unit}
    else:
        hits, puts = _ATTACKS.get(order.verb, set()), _DEFENDS.get(order.verb, set())
    if hits & budget.defended.get(pair, set()) or puts & budget.attacked.get(pair, set()):
        return _no(errors.ATTACKS_OWN_FORCES, order=body)
    budget.attacked.setdefault(pair, set()).update(hits)
    budget.defended.setdefault(pair, set()).update(puts)
    budget.used[(order.space, unit)] = budget.used.get((order.space, unit), 0) + order.amount
    return None


def refuse_by_options(
    orders: Sequence[Order],
    verdicts: list[Refusal | None],
    *,
    free_messages: bool,
    newspaper: bool,
    attacks: bool = True,
    opinion: bool = False,
) -> list[Refusal | None]:
    """The scenario's options. WW anonymous: "there are no diplomatic messages": every free
    message (BP 16) and newspaper article is refused; the numbered message orders stay.
    WW newspaper: articles only in the World Wide games. WW real.turn1 / 1939.turn1: "You can
    NOT make any attacks on turn one" (``attacks`` False); declaring an enemy stays legal."""
    out: list[Refusal | None] = []
    for o, v in zip(orders, verdicts, strict=True):
        if v is None and isinstance(o, Message | Article) and not free_messages:
            v = _no(errors.NO_FREE_MESSAGES, order=o)
        elif v is None and isinstance(o, Article) and not newspaper:
            v = _no(errors.NO_NEWSPAPER, order=o)
        elif v is None and isinstance(o, Opinion) and not opinion:
            v = _no(errors.NO_WORLD_OPINION, order=o)
        elif v is None and not attacks and is_attack(o):
            v = _no(errors.NO_ATTACKS_TURN_ONE, order=o)
        out.append(v)
    return out


def is_attack(order: Order) -> bool:
    """An attack order of section 8 (Army conquer or attack, Navy attack, AirForce and Missile
    attacks), also as a standing order."""
    if isinstance(order, Standing):
        return order.order is not None and is_attack(order.order)
    return isinstance(order, Action) and order.verb in ATTACK_VERBS
