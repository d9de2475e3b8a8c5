"""The bots of the World Wide scenarios other than Real Forces (ruling W-BOT).

- Equal Forces and South America: the conquering bot (:func:`conquest_orders`, ruling
  W-BOT4), which plays to end the game (WW equal: "until there is only one player left who
  occupies a country"): it builds only Army, spends spare Dollars on Army research and on
  propaganda that makes revolutions in its target's countries, picks one target (the
  weakest neighbouring player by land, else across a sea, else the minors next door), moves
  the Army of its other countries toward that target over land and sea, and attacks with
  everything it can spare beyond a garrison once it outnumbers the defender; weaker
  countries next door it takes on the way.
- Anonymous: the conquering bot, and its diplomacy only through the numbered message orders
  (WW anonymous): greetings to its neighbours on turn one (message 1), a claim on each space it
  attacks to the player who holds it (9), and every fifth turn a call to everyone to attack
  the biggest player (20).
- 1939: the base bot (missiles, bombers: ruling W-1939BOT), World Opinion lists (WW opinion,
  the biggest other player a bad guy, the smallest a good guy), and its attacks aimed at its
  victory list (set B): from each country it holds, it attacks the neighbour whose taking
  would add most to its points, where it has the superior force the base bot asks for.

Europe's bot is not changed by any of this.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable

from umpire.core.chance import Chance
from umpire.games.battleplan import bot
from umpire.games.battleplan.arms import BP_ARMS, Arms
from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.legality import check_orders, is_attack
from umpire.games.battleplan.model import MINOR, Country, GameState, but
from umpire.games.battleplan.orders import (
    Action,
    Build,
    Declare,
    Order,
    Propaganda,
    Research,
    Signal,
    Transfer,
)
from umpire.games.battleplan.world.scoring1939 import total

GREETING, CLAIM, GANG_UP = 1, 9, 20  # the numbered messages used (data/message_orders.toml)
GANG_UP_EVERY = 5  # turns between calls to attack the leader


def _kept(
    state: GameState, gm: GameMap, number: int, orders: list[Order], arms: Arms
) -> list[Order]:
    """The bot's orders that the legality check keeps, as they are (the session stores them)."""
    verdicts = check_orders(state, gm, number, orders, arms)
    return [o for o, v in zip(orders, verdicts, strict=True) if v is None]


# ------------------------------------------------------------------------------ Anonymous


def anonymous_bot(
    state: GameState,
    gm: GameMap,
    number: int,
    chance: Chance,
    free_messages: bool = False,
    attacks: bool = True,
    arms: Arms = BP_ARMS,
) -> list[Order]:
    """WW anonymous: the conquering bot with numbered message orders for its diplomacy."""
    orders = conquest_orders(state, gm, number, chance, free_messages, attacks)
    orders += message_orders(state, gm, number, orders)
    return _kept(state, gm, number, orders, arms)


def message_orders(state: GameState, gm: GameMap, number: int, orders: list[Order]) -> list[Order]:
    """Numbered messages: greetings to the neighbours on turn one, a claim on each space
    attacked this turn to its holder, a call to gang up on the biggest player now and then."""
    out: list[Order] = []
    if state.turn == 1:
        for other in _neighbours(state, gm, number):
            out.append(Signal(other, GREETING))
    claimed: set[str] = set()
    for order in orders:
        if isinstance(order, Action) and is_attack(order) and order.target not in claimed:
            target = state.countries.get(order.target)
            if target is not None and target.owner not in (MINOR, number):
                claimed.add(order.target)
                out.append(Signal(target.owner, CLAIM, order.target))
    if state.turn % GANG_UP_EVERY == 0:
        biggest = _biggest_other(state, number)
        if biggest is not None:
            out.append(Signal(0, GANG_UP, str(biggest)))
    return out


def _neighbours(state: GameState, gm: GameMap, number: int) -> list[int]:
    """The players who occupy a country next to one of ours."""
    found: set[int] = set()
    for code in state.occupied_by(number):
        for n in gm.spaces[code].adjacent:
            c = state.countries.get(n)
            if c is not None and c.owner not in (MINOR, number):
                found.add(c.owner)
    return sorted(found)


def _biggest_other(state: GameState, number: int) -> int | None:
    sizes: dict[int, int] = {}
    for c in state.countries.values():
        if c.owner not in (MINOR, number):
            sizes[c.owner] = sizes.get(c.owner, 0) + 1
    if not sizes:
        return None
    return max(sorted(sizes), key=lambda p: sizes[p])


# ------------------------------------------------------------------------------ 1939


def bot_1939(
    state: GameState,
    gm: GameMap,
    number: int,
    chance: Chance,
    free_messages: bool = True,
    attacks: bool = True,
    arms: Arms = BP_ARMS,
) -> list[Order]:
    """WW 1939: the base bot, World Opinion, and attacks aimed at its victory list."""
    orders = bot.choose_orders(state, gm, number, chance, free_messages, attacks, arms)
    if attacks:
        orders = aim_at_objectives(state, gm, number, orders)
    orders += bot.opinion_orders(state, number)
    return _kept(state, gm, number, orders, arms)


def objective_gains(state: GameState, gm: GameMap, number: int) -> dict[str, int]:
    """The victory points (set B) that taking each neighbouring country would add now: the
    bot's list scored with that country its own (in a state that differs in that alone)."""
    mine = state.occupied_by(number)
    candidates = sorted(
        {
            n
            for code in mine
            for n in gm.spaces[code].adjacent
            if n in state.countries and state.countries[n].controller() != number
        }
    )
    if not candidates:
        return {}
    base = total(state, gm, number)
    gains: dict[str, int] = {}
    for code in candidates:
        trial = state.with_countries({code: but(state.countries[code], owner=number)})
        gains[code] = total(trial, gm, number) - base
    return gains


def aim_at_objectives(
    state: GameState, gm: GameMap, number: int, orders: list[Order]
) -> list[Order]:
    """Replace the base bot's attack from a country by one on the neighbour worth most
    points, where taking it adds points and the Army there is superior (the base bot's
    measure: half as many again as the defenders, and five more)."""
    gains = objective_gains(state, gm, number)
    out = list(orders)
    for code in state.occupied_by(number):
        c = state.countries[code]
        spare = c.army - max(5, c.army // 3)
        best: tuple[int, str] | None = None
        for n in sorted(gm.spaces[code].adjacent):
            target = state.countries.get(n)
            gain = gains.get(n, 0)
            if target is None or gain <= 0 or state.cross_allies(number, target.owner):
                continue
            if 3 * target.army // 2 + 5 <= spare and (best is None or gain > best[0]):
                best = (gain, n)
        if best is None:
            continue
        n = best[1]
        target = state.countries[n]
        out = [o for o in out if not (isinstance(o, Action) and o.space == code and is_attack(o))]
        out.append(Action(code, "AC", min(spare, 2 * target.army + 10), n))
        if c.air >= 4:
            out.append(Action(code, "FA" if target.army else "FF", c.air // 2, n))
        owner = target.owner
        declare = Declare(owner, "E")
        if owner not in (MINOR, number) and state.player(number).declared.get(owner) != "E":
            out = out if declare in out else [declare, *out]
    return out


# ------------------------------------------------------------------- Equal Forces: conquest

MARGIN_NUM, MARGIN_DEN = 6, 5  # attack when the Army is a fifth more than the defence ...
MARGIN_PLUS = 3  # ... and three more
GARRISON_NUM, GARRISON_DEN = 1, 2  # keep half the biggest neighbouring player's Army at home
GARRISON_LEAST = 2  # and never fewer than this
RESEARCH_EACH = 20  # Dollars of Army research a turn (5B: small spends go furthest)
KEEP_DOLLARS = 30  # Dollars kept for propaganda at home (3A)
SEA_STEP = 3  # a move to or from a sea costs as much as three by land (:func:`_distances`)
HPI_DEFENCE = 100  # HPI a victim's own propaganda may win back in a turn (3A)


def equal_bot(
    state: GameState,
    gm: GameMap,
    number: int,
    chance: Chance,
    free_messages: bool = True,
    attacks: bool = True,
    arms: Arms = BP_ARMS,
) -> list[Order]:
    """WW equal and South America: the conquering bot (ruling W-BOT)."""
    return _kept(
        state, gm, number, conquest_orders(state, gm, number, chance, free_messages, attacks), arms
    )


def conquest_orders(
    state: GameState,
    gm: GameMap,
    number: int,
    chance: Chance,
    free_messages: bool = True,
    attacks: bool = True,
) -> list[Order]:
    """The conquering bot's orders (not yet checked): propaganda at home (the base bot's),
    every Industry on Army, spare Dollars on Army research, then the war plan."""
    orders = bot._propaganda(state, gm, number, chance)
    mine = sorted(state.occupied_by(number))
    for code in mine:
        industry = state.countries[code].usable_industry
        if industry > 0:
            orders.append(Build(code, "A", industry))
    spent = sum(o.amount for o in orders if isinstance(o, Propaganda))
    left = state.player(number).cents // 100 - spent
    if left >= KEEP_DOLLARS + RESEARCH_EACH:
        orders.append(Research("A", RESEARCH_EACH))
        left -= RESEARCH_EACH
    target = target_player(state, gm, number)
    if target is not None:
        orders += subversion(state, target, left - KEEP_DOLLARS)
    if attacks:
        orders += war_plan(state, gm, number)
    orders += bot._intelligence(state, number, chance, free_messages)
    return orders


def subversion(state: GameState, target: int, budget: int) -> list[Order]:
    """Dollars beyond the reserve buy propaganda in the target player's countries, lowest
    HPI first, enough for a revolution there (3A: another player's propaganda lowers the HPI
    by the square root of 20 times the Dollars; at zero the country revolts), allowing for
    his own propaganda (up to ``HPI_DEFENCE`` points back)."""
    orders: list[Order] = []
    for hpi, code in sorted((state.countries[c].hpi, c) for c in state.occupied_by(target)):
        cost = (hpi + HPI_DEFENCE) ** 2 // 20 + 1
        if cost > budget:
            break
        orders.append(Propaganda(cost, code))
        budget -= cost
    return orders


def target_player(state: GameState, gm: GameMap, number: int) -> int | None:
    """The neighbouring player with the smallest Army, then the fewest countries: the one to
    finish off first. Neighbours by land first (a country of his next to one of ours); if
    there are none, neighbours across a sea (a country of his on a sea one of ours touches)."""
    army: dict[int, int] = {}
    count: dict[int, int] = {}
    for c in state.countries.values():
        if c.owner != MINOR:
            army[c.owner] = army.get(c.owner, 0) + c.army
            count[c.owner] = count.get(c.owner, 0) + 1
    mine = state.occupied_by(number)
    for near in (
        _players_in(state, number, (n for code in mine for n in gm.spaces[code].adjacent)),
        _players_in(
            state,
            number,
            (n for code in mine for s in gm.spaces[code].coasts for n in gm.spaces[s].adjacent),
        ),
    ):
        if near:
            return min(sorted(near), key=lambda p: (army[p], count[p]))
    return None


def _players_in(state: GameState, number: int, spaces: Iterable[str]) -> set[int]:
    """The other players (not cross allies) occupying any of ``spaces``."""
    found: set[int] = set()
    for n in spaces:
        c = state.countries.get(n)
        if (
            c is not None
            and c.owner not in (MINOR, number)
            and not state.cross_allies(number, c.owner)
        ):
            found.add(c.owner)
    return found


def _threat(state: GameState, gm: GameMap, number: int, code: str, spared: str = "") -> int:
    """The biggest Army of another player next to ``code``, in a country or at sea (minors
    cannot conquer, 2C; Armies at sea can, 4C.1), leaving out ``spared`` (the country
    attacked from here: its Army is busy defending)."""
    worst = 0
    for n in gm.spaces[code].adjacent:
        c = state.countries.get(n)
        if c is not None and n != spared and c.owner not in (MINOR, number):
            worst = max(worst, c.army)
        sea = state.seas.get(n)
        if sea is not None:
            for p, stack in sea.forces.items():
                if p != number:
                    worst = max(worst, stack.army)
    return worst


def _garrison(army_threat: int) -> int:
    return max(GARRISON_LEAST, army_threat * GARRISON_NUM // GARRISON_DEN)


def _defence(t: Country, our_air: int) -> int:
    """The Army needed to take country ``t``: its Army, about half of the defending AirForce
    our own does not match (9.3f), about half its Navy (9.3h: the coast's Navy strikes armies
    the combat counts as coming from the sea), and the margin."""
    need = t.army + max(0, t.air - our_air) // 2 + t.navy // 2
    return need * MARGIN_NUM // MARGIN_DEN + MARGIN_PLUS


def war_plan(state: GameState, gm: GameMap, number: int) -> list[Order]:
    """Attacks and moves: the target player's countries first (with everything we can spare),
    then any other country next door we clearly outnumber; the Army of countries that attack
    nothing goes one step nearer the target; Armies at sea land where they can."""
    mine = sorted(state.occupied_by(number))
    target = target_player(state, gm, number)
    if not mine:
        # BP 1A: out of countries but with forces at sea: those may still land
        return _landings(state, gm, number, target, set())
    me = state.player(number)
    frontier = sorted(
        {
            n
            for code in mine
            for n in gm.spaces[code].adjacent
            if n in state.countries
            and state.countries[n].owner != number
            and not state.cross_allies(number, state.countries[n].owner)
        }
    )
    # the targets in order: the target player's countries, then the weakest first
    ranked = sorted(
        frontier,
        key=lambda n: (state.countries[n].owner != target, state.countries[n].army, n),
    )
    spare = {code: state.countries[code].army for code in mine}
    air_left = {code: state.countries[code].air for code in mine}
    orders: list[Order] = []
    attacking: set[str] = set()
    declared: set[int] = set()
    for n in ranked:
        t = state.countries[n]
        froms = [code for code in mine if n in gm.spaces[code].adjacent and spare[code] > 0]
        if not froms:
            continue
        can = {c: spare[c] - _garrison(_threat(state, gm, number, c, n)) for c in froms}
        can = {c: v for c, v in can.items() if v > 0}
        flyers = [c for c in mine if air_left[c] > 0 and n in gm.spaces[c].air]
        air = sum(air_left[c] for c in flyers)
        need = _defence(t, air)
        if sum(can.values()) < need:
            continue
        all_in = t.owner == target
        for code in sorted(can):
            amount = can[code] if all_in else min(can[code], 2 * need + 10)
            need -= amount
            if amount > 0:
                orders.append(Action(code, "AC", amount, n))
                spare[code] -= amount
                attacking.add(code)
            if need <= 0 and not all_in:
                break
        if t.army > 0:
            for code in flyers:
                orders.append(Action(code, "FA", air_left[code], n))
                air_left[code] = 0
        if t.owner not in (MINOR, number) and me.declared.get(t.owner) != "E":
            declared.add(t.owner)
    orders = [Declare(p, "E") for p in sorted(declared)] + orders
    orders += _landings(state, gm, number, target, attacking)
    orders += _advance(state, gm, number, mine, spare, attacking, target)
    return orders


def _advance(
    state: GameState,
    gm: GameMap,
    number: int,
    mine: list[str],
    spare: dict[str, int],
    busy: set[str],
    target: int | None,
) -> list[Order]:
    """Countries that attack nothing move their Army beyond a garrison one step nearer the
    front (4C.4), over our own land and over the seas (2D: Armies may move out to sea, and
    conquer from there, 4C.1): the front is the target player's countries, else any country
    not ours. Armies at sea that landed nowhere (``busy``) go on, or join our Army ashore."""
    owned = set(mine)

    def foreign(n: str) -> bool:
        c = state.countries.get(n)
        return c is not None and c.owner != number

    def theirs(n: str) -> bool:
        c = state.countries.get(n)
        return c is not None and c.owner == target

    def touching(test: Callable[[str], bool], seas: bool) -> list[str]:
        places = sorted(state.seas) if seas else mine
        return [c for c in places if any(test(n) for n in gm.spaces[c].adjacent)]

    if target is not None:
        # concentration: every Army heads for the target player's border, by land or sea
        starts = touching(theirs, False) + touching(theirs, True)
    else:
        starts = touching(foreign, False) or touching(foreign, True)
    distance = _distances(gm, owned | set(state.seas), starts)
    orders: list[Order] = []

    def step(code: str, amount: int) -> None:
        here = distance.get(code)
        if here is None or amount <= 0:
            return
        ahead = sorted(
            (n in state.seas, n)
            for n in gm.spaces[code].adjacent
            if distance.get(n, here) < here or (here == 0 and n in owned and distance[n] == 0)
        )
        if ahead and (here > 0 or code in state.seas):
            orders.append(Transfer(code, "A", amount, ahead[0][1]))

    for code in mine:
        if code not in busy:
            step(code, spare[code] - _garrison(_threat(state, gm, number, code)))
    for code in sorted(state.seas):
        stack = state.seas[code].forces.get(number)
        if stack is not None and code not in busy:
            step(code, stack.get("A"))
    return orders


def _distances(gm: GameMap, places: set[str], starts: list[str]) -> dict[str, int]:
    """The cost of the way over ``places`` (our land, the seas) from each to the nearest of
    ``starts``: a step by land costs 1, one to or from a sea ``SEA_STEP`` (shipping is slow
    and the Army at sea is open to Navy and AirForce, 2D), so land routes are preferred."""
    distance = {c: 0 for c in starts}
    queue = [(0, c) for c in sorted(starts)]
    while queue:
        d, code = heapq.heappop(queue)
        if d > distance[code]:
            continue
        for n in sorted(gm.spaces[code].adjacent):
            if n not in places:
                continue
            cost = d + (SEA_STEP if gm.spaces[n].is_sea or gm.spaces[code].is_sea else 1)
            if cost < distance.get(n, cost + 1):
                distance[n] = cost
                heapq.heappush(queue, (cost, n))
    return distance


def _landings(
    state: GameState, gm: GameMap, number: int, target: int | None, busy: set[str]
) -> list[Order]:
    """Armies at sea conquer a country next to them they outnumber (4C.1): the target
    player's first, then the weakest. The seas they leave are added to ``busy``."""
    orders: list[Order] = []
    for code in sorted(state.seas):
        stack = state.seas[code].forces.get(number)
        if stack is None or stack.get("A") <= 0:
            continue
        army = stack.get("A")
        options = sorted(
            (state.countries[n].owner != target, state.countries[n].army, n)
            for n in gm.spaces[code].adjacent
            if n in state.countries and state.countries[n].owner != number
        )
        for _, _, n in options:
            if army >= _defence(state.countries[n], 0):
                orders.append(Action(code, "AC", army, n))
                busy.add(code)
                break
    return orders
