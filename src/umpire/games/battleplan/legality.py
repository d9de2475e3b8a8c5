"""Which orders a player may give now: ownership, range, space type and the limits of 12.

"Invalid is not understood; illegal is understood but not allowed." :func:`check_orders` takes
the orders a player sent, in order, and gives for each either ``None`` (legal) or a
``(code, message)`` reason. It reads the state and never changes it. The parser reports the
reasons as problems; the resolver uses the same check and drops what it refuses, so an
illegal order never stops the rest of the turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.model import MINOR, GameState
from umpire.games.battleplan.notation import (
    ATTACK_VERBS,
    COUNTRY_ONLY,
    Action,
    Build,
    Declare,
    DefaultBuild,
    GiveDollars,
    Message,
    Order,
    Permit,
    Propaganda,
    Research,
    Send,
    Share,
    SpaceOrder,
    Spread,
    Standing,
    Train,
    Transfer,
    UserOption,
    format_body,
)

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


def strait_open(state: GameState, gm: GameMap, player: int) -> bool:
    """BP 7: the holder of TU, and whoever he permits, may pass; an uncontrolled TU shuts it."""
    keeper = state.countries[gm.strait_keeper].controller()
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
    adjacent = gm.adjacent(frm, to) or (gm.is_strait(frm, to) and strait_open(state, gm, player))
    if unit == "N" and gm.is_country(frm):
        return to in gm.spaces[frm].coasts  # 4D.2: from port only out to an adjacent sea
    return adjacent


def _space_order(
    state: GameState, gm: GameMap, player: int, order: SpaceOrder, standing: bool
) -> Refusal | None:
    space = order.space
    country = state.countries.get(space)
    minor = country is not None and country.owner == MINOR
    body = format_body(order)
    if order.amount < 1:
        return "illegal/zero_quantity", f"{body!r}: the quantity must be at least 1"
    if isinstance(order, Build):
        if country is None:
            return "illegal/build_at_sea", f"{body!r}: build orders are for countries only (8)"
        if order.kind == "N" and not gm.spaces[space].has_coast:
            return "illegal/no_coast", f"{body!r}: {space} has no coast, so it cannot build Navy"
        return None
    if isinstance(order, Transfer):
        dest, unit = order.dest, order.unit
        if dest not in gm.spaces:
            return "order/unknown_space", f"{body!r}: there is no space {dest!r}"
        if minor:
            return "illegal/minor_cannot_move", f"{body!r}: a minor's forces cannot move (2C)"
        if unit in "MX" and not gm.is_country(dest):
            return "illegal/not_a_country", f"{body!r}: missiles stay on land (2D, 4F.2, 4G.2)"
        if unit in "MX" and country is None:
            return "illegal/not_a_country", f"{body!r}: missiles cannot be at sea (2D)"
        if not reach(state, gm, player, unit, space, dest):
            return _out_of_reach(state, gm, player, body, unit, space, dest)
        return None
    # Action
    verb, target = order.verb, order.target
    if target not in gm.spaces:
        return "order/unknown_space", f"{body!r}: there is no space {target!r}"
    if verb in COUNTRY_ONLY and not gm.is_country(target):
        return "illegal/not_a_country", f"{body!r}: {target} is a sea; {verb} needs a country"
    if verb == "AC" and minor:
        return "illegal/minor_cannot_conquer", f"{body!r}: a minor's army cannot conquer (2C)"
    if verb in ATTACK_VERBS and state.countries[target].owner == player:
        return "illegal/attack_own_country", f"{body!r}: {target} is your own country (12A)"
    if verb == "NN" and country is not None:
        return "illegal/navy_attack_from_port", f"{body!r}: only Navy at sea can attack (4D.3)"
    if verb[0] == "M":
        if country is None:
            return "illegal/not_a_country", f"{body!r}: missiles are never at sea (2D)"
        return None  # 4F.1: a missile's range is the length of the map
    if not reach(state, gm, player, verb[0], space, target):
        return _out_of_reach(state, gm, player, body, verb[0], space, target)
    return None


def _out_of_reach(
    state: GameState, gm: GameMap, player: int, body: str, unit: str, frm: str, to: str
) -> Refusal:
    if unit in "FMX":
        return "illegal/out_of_range", f"{body!r}: {to} is not within air range of {frm} (4E.1)"
    if gm.is_strait(frm, to):
        return "illegal/strait_closed", f"{body!r}: the Turkey Strait is closed to you (7)"
    if unit == "N" and gm.is_country(frm):
        return "illegal/not_coastal", f"{body!r}: Navy in port can only go to its own sea (4D)"
    return "illegal/not_adjacent", f"{body!r}: {to} is not adjacent to {frm} (15B)"


def _player(
    state: GameState,
    player: int,
    target: int,
    body: str,
    *,
    zero: bool = False,
    self_ok: bool = False,
) -> Refusal | None:
    if target == 0 and zero:
        return None
    if not 1 <= target <= len(state.players):
        return "order/unknown_player", f"{body!r}: there is no player {target}"
    if target == player and not self_ok:
        return "illegal/self", f"{body!r}: that order cannot name yourself"
    return None


def _player_order(state: GameState, gm: GameMap, player: int, order: Order) -> Refusal | None:
    body = format_body(order)
    match order:
        case Declare(p, _) | Permit(p, _) | Share(p, _) | Message(p, _, _):
            return _player(state, player, p, body)
        case GiveDollars(p, n):
            return _player(state, player, p, body) or _positive(n, body)
        case Spread(p, what, n):
            bad = _player(state, player, p, body, zero=True, self_ok=what != "S")
            return bad or _positive(n, body)
        case Send(_, n, c) | Propaganda(n, c):
            if c not in gm.spaces:
                return "order/unknown_space", f"{body!r}: there is no country {c!r}"
            if not gm.is_country(c):
                return "illegal/not_a_country", f"{body!r}: {c} is a sea (6B, 5D)"
            if (
                isinstance(order, Send)
                and order.what == "S"
                and (state.countries[c].owner == player)
            ):
                return "illegal/spy_own_country", f"{body!r}: you own {c} already (6B)"
            return _positive(n, body)
        case Train(_, n) | Research(_, n):
            return _positive(n, body)
        case DefaultBuild(_, n):
            if not 0 <= n <= 100:
                return "illegal/proportion", f"{body!r}: a default proportion is 0 to 100 (10)"
            return None
        case UserOption(_):
            return None
    return None


def _positive(n: int, body: str) -> Refusal | None:
    return None if n >= 1 else ("illegal/zero_quantity", f"{body!r}: the quantity must be >= 1")


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


def check_orders(
    state: GameState, gm: GameMap, player: int, orders: Sequence[Order]
) -> list[Refusal | None]:
    """For each order in turn: None if legal given the ones accepted before it, else why not."""
    out: list[Refusal | None] = []
    seen: set[tuple[object, ...]] = set()
    used: dict[tuple[str, str], int] = {}  # (space, unit) -> committed
    industry: dict[str, int] = {}
    attacked: dict[tuple[str, str], set[str]] = {}  # (space, target) -> kinds attacked
    defended: dict[tuple[str, str], set[str]] = {}
    dollars = state.player(player).cents // 100
    spies = state.player(player).spies // 100
    counterspies = state.player(player).counterspies // 100
    for order in orders:
        refusal = _check_one(state, gm, player, order)
        body = format_body(order)
        key = _key(order)
        if refusal is None and key in seen and not isinstance(order, Declare | Permit | Share):
            refusal = ("illegal/duplicate_order", f"{body!r}: one order of this kind only (12C)")
        if refusal is None and (cost := _cost(order)):
            if cost > dollars:
                refusal = ("illegal/not_enough_dollars", f"{body!r}: you have ${dollars} left")
            else:
                dollars -= cost
        if refusal is None and isinstance(order, Send | Spread) and order.what in "SC":
            pool = spies if order.what == "S" else counterspies
            if order.amount > pool:
                refusal = ("illegal/not_enough_spies", f"{body!r}: you have {pool} to send")
            elif order.what == "S":
                spies -= order.amount
            else:
                counterspies -= order.amount
        if refusal is None and isinstance(order, Build):
            left = state.countries[order.space].usable_industry - industry.get(order.space, 0)
            if order.amount > left:
                refusal = ("illegal/not_enough_industry", f"{body!r}: {left} Industry left")
            else:
                industry[order.space] = industry.get(order.space, 0) + order.amount
        if refusal is None and isinstance(order, Transfer | Action):
            refusal = _check_units(state, player, order, body, used, attacked, defended)
        if refusal is None:
            seen.add(key)
        out.append(refusal)
    return out


def _check_one(state: GameState, gm: GameMap, player: int, order: Order) -> Refusal | None:
    if isinstance(order, Build | Transfer | Action | Standing):
        body = format_body(order)
        if order.space not in gm.spaces:
            return "order/unknown_space", f"@{order.space}: there is no space {order.space!r}"
        if not holds(state, player, order.space):
            return "illegal/not_your_space", f"{body!r}: you give no orders for {order.space}"
        if isinstance(order, Standing):
            if not gm.is_country(order.space):
                return "illegal/standing_at_sea", f"{body!r}: no standing orders for seas (11)"
            if order.order is None:
                return None
            return _space_order(state, gm, player, order.order, True)
        return _space_order(state, gm, player, order, False)
    return _player_order(state, gm, player, order)


def _check_units(
    state: GameState,
    player: int,
    order: Transfer | Action,
    body: str,
    used: dict[tuple[str, str], int],
    attacked: dict[tuple[str, str], set[str]],
    defended: dict[tuple[str, str], set[str]],
) -> Refusal | None:
    unit = order.unit
    target = order.dest if isinstance(order, Transfer) else order.target
    have = available(state, order.space, unit, player) - used.get((order.space, unit), 0)
    if order.amount > have:
        return "illegal/not_enough_units", f"{body!r}: only {have} {unit} left at {order.space}"
    # BP 12B: never attack your own forces through attack plus support or move.
    pair = (order.space, target)
    if isinstance(order, Transfer):
        hits, puts = set(), {unit}
    else:
        hits, puts = _ATTACKS.get(order.verb, set()), _DEFENDS.get(order.verb, set())
    if hits & defended.get(pair, set()) or puts & attacked.get(pair, set()):
        return "illegal/attacks_own_forces", f"{body!r}: it would attack your own forces (12B)"
    attacked.setdefault(pair, set()).update(hits)
    defended.setdefault(pair, set()).update(puts)
    used[(order.space, unit)] = used.get((order.space, unit), 0) + order.amount
    return None
