"""Money, popularity and suppression: BP 1B, 2B, 3A, 3B, 5A-5F, 6B-6D, 7.

The player orders of section 8 take effect before the moves (ruling R-T1); recovery from
suppression and the fading of popularity in minors happen as the turn opens; income,
interest, research, blockades and revolutions close it (step 8).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.groups import Log
from umpire.games.battleplan.model import (
    MINOR,
    Country,
    Draft,
    GameState,
    Player,
    but,
    changed,
    controller_of,
    with_key,
    without_key,
)
from umpire.games.battleplan.orders import (
    Declare,
    DefaultBuild,
    GiveDollars,
    Order,
    Permit,
    Propaganda,
    Research,
    Send,
    Share,
    Spread,
    Train,
    UserOption,
)
from umpire.games.battleplan.rounding import rround, rsqrt

# ---------------------------------------------------------------------------- turn opening


def recover(d: Draft) -> None:
    """BP 5F.1, 5F.3, 5F.4: 25% (rounded up) of what is suppressed recovers each turn.

    BP 12E: industry past the limit speeds the recovery of the usable industry (ruling R-E3:
    by one point per excess Industry).
    """
    countries = d.countries
    for code, c in countries.items():
        taxbase, industry, air = c.taxbase_suppressed, c.industry_suppressed, c.air_suppressed
        if not (c.taxbase_blockaded or taxbase or industry or air):
            continue
        new: dict[str, int] = {"taxbase_blockaded": 0}  # last turn's is now suppression
        if taxbase:
            new["taxbase_suppressed"] = taxbase - -(-taxbase // 4)
        if industry:
            excess = c.industry - c.limit
            back = -(-industry // 4) + (excess if excess > 0 else 0)
            new["industry_suppressed"] = industry - back if industry > back else 0
        if air:
            back = -(-air // 4)
            new["air_suppressed"] = air - back
            new["air"] = c.air + back  # 13A: a captured minor's recovering AirForce is his
        countries[code] = changed(c, new)


def fade_popularity(d: Draft, chance: Chance) -> None:
    """BP 3B: each turn popularity in a minor falls by about 5% (a negative one stays)."""
    countries = d.countries
    for code in sorted(countries):
        c = countries[code]
        if c.owner != MINOR or not c.popularity:
            continue
        popularity: dict[int, int] | None = None
        purpose = f"popularity fade {code}"
        for p in sorted(c.popularity):
            v = c.popularity[p]
            if v > 0:
                # rround(v * 5, 100), without its call where no draw is needed
                fall = v // 20 if v % 20 == 0 else rround(v * 5, 100, chance, purpose)
                if fall:
                    popularity = popularity or dict(c.popularity)
                    popularity[p] = v - fall
        if popularity is not None:
            countries[code] = but(c, popularity=popularity)


# ---------------------------------------------------------------------------- player orders


@dataclass(slots=True)
class PlayerOrders:
    """What one player's player orders hand on: the counterspies he sent this turn (6C:
    they hunt this turn only), per country, and the events."""

    counterspies: dict[str, int] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)


def propaganda(d: Draft, player: int, code: str, dollars: int, chance: Chance) -> None:
    """BP 3A, 3B, 5D: propaganda of ``dollars`` by ``player`` in ``code``."""
    c = d.countries[code]
    if c.owner == player:
        # BP 3A: own country: HPI + sqrt($ x 180)
        d.countries[code] = but(c, hpi=c.hpi + rsqrt(dollars * 180, chance, f"propaganda {code}"))
    elif c.owner != MINOR:
        # BP 3A: someone else's country: HPI - sqrt($ x 20)
        d.countries[code] = but(c, hpi=c.hpi - rsqrt(dollars * 20, chance, f"propaganda {code}"))
    else:
        # BP 3B: a minor: popularity + 1 per Dollar
        popularity = with_key(c.popularity, player, c.popularity.get(player, 0) + dollars)
        d.countries[code] = but(c, popularity=popularity)


def spread_targets(state: GameState, target: int) -> list[str]:
    """The countries occupied by ``target`` (0: the minors), for pPn, pSn, pCn (5D, 6B)."""
    return sorted(c for c, k in state.countries.items() if k.owner == target)


def spread(total: int, targets: Sequence[str], chance: Chance, purpose: str) -> dict[str, int]:
    """BP 6B: ``total`` spread evenly; "if it does not come out even, the excess is divided
    randomly"."""
    if not targets:
        return {}
    each, extra = divmod(total, len(targets))
    out = dict.fromkeys(targets, each)
    for code in chance.shuffle(targets, purpose=f"spread {purpose}")[:extra]:
        out[code] += 1
    return out


_CHOICES = frozenset({Permit, Share, UserOption, DefaultBuild})  # see :func:`choose`


def player_orders(d: Draft, player: int, orders: Sequence[Order], chance: Chance) -> PlayerOrders:
    """Carry out one player's player orders, in the order given (all already legal)."""
    out = PlayerOrders()
    log = Log(d.state)
    for order in orders:
        # by class: every kind of order is a class of its own, none a subclass of another
        kind = type(order)
        if type(order) is Declare or type(order) is GiveDollars:
            diplomacy(d, log, player, order)
        elif kind in _CHOICES:
            d.set_player(choose(d.player(player), order))  # type: ignore[arg-type]
        elif type(order) is Send or (type(order) is Spread and order.what != "P"):
            spies(d, player, order, out.counterspies, chance)
        else:
            spend(d, player, order, chance)
    out.events = log.events
    return out


def diplomacy(d: Draft, log: Log, player: int, order: Declare | GiveDollars) -> None:
    me = d.player(player)
    match order:
        case Declare(p, stance):
            # BP 1B: ally / neutral / enemy; an enemy is shown to all, an ally to him
            if stance == "N":
                d.set_player(but(me, declared=without_key(me.declared, p)))
            else:
                d.set_player(but(me, declared=with_key(me.declared, p, stance)))
            if stance == "E":
                log.public("enemy", f"[{player}] declares [{p}] an enemy.")
            elif stance == "A":
                log.tell(p, "ally", f"[{player}] declares you an ally.")
        case GiveDollars(p, n):
            # BP 5A: Dollars may be given to another player
            d.set_player(but(me, cents=me.cents - n * 100))
            them = d.player(p)
            d.set_player(but(them, cents=them.cents + n * 100))
            log.tell(p, "gift", f"[{player}] gives you ${n}.")


def choose(me: Player, order: Permit | Share | UserOption | DefaultBuild) -> Player:
    """The player's standing choices: permits (7), sharing (6D), user options (8), default
    builds (10); each stays until changed. The player with the choice made."""
    match order:
        case Permit(p, allow):
            # BP 7: permission to use the Turkey Strait
            if allow and p not in me.permits:
                return but(me, permits=(*me.permits, p))
            if not allow and p in me.permits:
                return but(me, permits=tuple(q for q in me.permits if q != p))
        case Share(p, level):
            # BP 6D: sharing spy results (kept; used by the later printout)
            if level == "Z":
                return but(me, shares=without_key(me.shares, p))
            return but(me, shares=with_key(me.shares, p, level))
        case UserOption(n):
            if n in me.options:
                return but(me, options=tuple(o for o in me.options if o != n))
            return but(me, options=(*me.options, n))
        case DefaultBuild(kind, n):
            # BP 10: a default stays until changed, or changed to zero
            if n == 0:
                return but(me, defaults=without_key(me.defaults, kind))
            return but(me, defaults=with_key(me.defaults, kind, n))
    return me


def spend(d: Draft, player: int, order: Order, chance: Chance) -> None:
    """Dollars spent on training (6B, 6C), research (5B) and propaganda (3A, 3B, 5D)."""
    me = d.player(player)
    match order:
        case Train(what, n):
            # BP 6B/6C, 5C: n Dollars train n x multiplier hundredths
            if what == "S":
                spies = me.spies + n * me.multipliers["S"]
                d.set_player(but(me, cents=me.cents - n * 100, spies=spies))
            else:
                counterspies = me.counterspies + n * me.multipliers["C"]
                d.set_player(but(me, cents=me.cents - n * 100, counterspies=counterspies))
        case Research(kind, n):
            # BP 5B: effective next turn (applied at step 8)
            research = with_key(me.research, kind, me.research.get(kind, 0) + n)
            d.set_player(but(me, cents=me.cents - n * 100, research=research))
        case Propaganda(n, code):
            d.set_player(but(me, cents=me.cents - n * 100))
            propaganda(d, player, code, n, chance)
        case Spread(p, "P", n):
            # BP 5D: pPn spreads n Dollars over the countries p occupies
            d.set_player(but(me, cents=me.cents - n * 100))
            where = spread(n, spread_targets(d.state, p), chance, "propaganda")
            for code, dollars in where.items():
                if dollars:
                    propaganda(d, player, code, dollars, chance)


def spies(
    d: Draft,
    player: int,
    order: Send | Spread,
    counterspies: dict[str, int],
    chance: Chance,
) -> None:
    """BP 6B, 6C: spies stay where sent until caught (:mod:`intelligence`); counterspies hunt
    on the turn they are sent only (``counterspies``), and are used up even if they find
    nobody."""
    if isinstance(order, Send):
        where = {order.country: order.amount}
    else:
        where = spread(order.amount, spread_targets(d.state, order.player), chance, "spies")
    sent = 0  # hundredths, of spies or counterspies
    for code, n in where.items():
        if order.what == "S":
            c = d.countries[code]
            if c.owner == player:
                continue  # 6B: you cannot send spies to spaces you own
            sent += n * 100
            d.countries[code] = but(c, spies=with_key(c.spies, player, c.spies.get(player, 0) + n))
        else:
            sent += n * 100
            counterspies[code] = counterspies.get(code, 0) + n
    me = d.player(player)
    if order.what == "S":
        d.set_player(but(me, spies=me.spies - sent))
    else:
        d.set_player(but(me, counterspies=me.counterspies - sent))


# ---------------------------------------------------------------------------- step 8


def controllers(state: GameState) -> dict[str, int]:
    """Who controls each country (2A): :meth:`Country.controller`, inlined (it runs for
    every country more than once a turn)."""
    return {
        code: c.owner if c.owner != MINOR else controller_of(c.popularity)
        for code, c in state.countries.items()
    }


def income(
    state: GameState,
    gm: GameMap,
    chance: Chance,
    built: Mapping[int, int],
    holders: Mapping[str, int] | None = None,
) -> tuple[dict[int, int], list[Event]]:
    """BP 5A, 5E, 9.8: interest on what was left, then TaxBase income. ``built``: the cents
    of the Dollars each player's Industry built this turn (4B, step 2), which nothing reads
    before; ``holders``: who controls each country (:func:`controllers`), if known. Each
    player's cents after the income, where they changed, and the events."""
    log = Log(state)
    after: dict[int, int] = {}
    countries = state.countries
    occupied: dict[int, list[str]] = {}
    for code, c in countries.items():
        if c.owner in occupied:
            occupied[c.owner].append(code)
        else:
            occupied[c.owner] = [code]
    if holders is None:
        holders = controllers(state)  # nothing changes who controls a country here
    allies = cross_allies_of(state)
    spaces = gm.spaces
    for me in state.players:
        number = me.number
        # BP 5A: unspent Dollars get interest at 1% per turn
        have = before = me.cents + built.get(number, 0)
        if have > 0:
            before += rround(have, 100, chance, f"interest [{number}]")
        # BP 5E: own unsuppressed TaxBase + 10% of adjacent countries held by the same
        # player or by a cross-ally (country_income, for all his countries at once)
        cents = 0
        mine = allies.get(number, set())
        for code in occupied.get(number, ()):
            c = countries[code]
            left = c.taxbase - c.taxbase_suppressed
            if left > 0:
                cents += left * 100
            for n in spaces[code].adjacent:
                holder = holders.get(n)  # None: a sea
                if holder is not None and (holder == number or holder in mine):
                    other = countries[n]
                    left = other.taxbase - other.taxbase_suppressed
                    if left > 0:
                        cents += left * 10
        if before + cents != me.cents:
            after[number] = before + cents
        if cents:  # (> 0: whole cents, written as f"{cents / 100:.2f}" would, without a float)
            text = f"Income: ${cents // 100}.{cents % 100:02d}."
            log.tell(number, "income", text, cents=cents)
    return after, log.events


def cross_allies_of(state: GameState) -> dict[int, set[int]]:
    """BP 1B: each player's cross allies (each declared the other an ally), from the
    declarations at once (:meth:`GameState.cross_allies` asks about one pair)."""
    players = state.players
    out: dict[int, set[int]] = {}
    for p in players:
        for q, stance in p.declared.items():
            if (
                stance == "A"
                and q != p.number
                and 1 <= q <= len(players)
                and players[q - 1].declared.get(p.number) == "A"
            ):
                out.setdefault(p.number, set()).add(q)
    return out


def country_income(
    state: GameState,
    gm: GameMap,
    number: int,
    code: str,
    holders: Mapping[str, int] | None = None,
) -> int:
    """BP 5E: own unsuppressed TaxBase + 10% of adjacent countries held by the same player or
    by a cross-ally, in cents (``holders``: each country's controller, if already known)."""
    cents = state.countries[code].unsuppressed_taxbase * 100
    for n in gm.spaces[code].adjacent:
        other = state.countries.get(n)
        if other is None:
            continue
        holder = other.controller() if holders is None else holders[n]
        if holder != MINOR and state.cross_allies(number, holder):
            cents += other.unsuppressed_taxbase * 10
    return cents


def research(
    players: Iterable[Player],
    chance: Chance,
    weight: Callable[[int, str], int] | None = None,
) -> dict[int, dict[str, int]]:
    """BP 5B: research of this turn raises multipliers for the next.

    Ruling R-E1: a research spend of $n on one item gains sqrt(1.25 n) points, rounded
    randomly (the sample printout: RF20 took AirForce from 100 to 105; more per turn is less
    effective per Dollar, as 5B says). ``weight(player, kind)``: how many times his Dollars
    count (a variant's research chances, WW 1939.missiles); 0: the research does nothing.
    WW Real Forces: "the chance of success of your RESEARCH is NOT necessarily the same": a
    player's ``research_odds`` scale his gain (ruling W-REAL4).

    The multipliers of each player who researched, as they become (his research is then
    spent).
    """
    gained: dict[int, dict[str, int]] = {}
    for me in players:
        if not me.research:
            continue
        multipliers = dict(me.multipliers)
        for kind in sorted(me.research):
            times = 1 if weight is None else weight(me.number, kind)
            if times == 0:
                continue
            spent = me.research[kind] * times
            gain = rsqrt(spent * 5 // 4, chance, f"research {kind} [{me.number}]")
            odds = me.research_odds.get(kind)
            if odds is not None:  # WW Real Forces: his own odds (0: never)
                gain = rround(gain * odds, 100, chance, f"research odds {kind} [{me.number}]")
            multipliers[kind] = multipliers.get(kind, 0) + gain
        gained[me.number] = multipliers
    return gained


def enemy_controlled(
    state: GameState,
    owner: int,
    space: str,
    holders: Mapping[str, int] | None = None,
    foes: Container[int] | None = None,
) -> bool:
    """BP 5F.2: is ``space`` enemy-controlled from the point of view of ``owner``
    (``holders``: each country's controller, ``foes``: the owner's enemies
    (:func:`enemies_of`), if already known)."""
    if space in state.countries:
        holder = state.countries[space].controller() if holders is None else holders[space]
        return state.enemies(owner, holder)
    sea = state.seas[space]
    players = state.players
    hostile = friendly = 0
    for p, stack in sea.forces.items():
        if state.enemies(owner, p) if foes is None else p in foes:
            hostile += stack.navy
        elif p == owner or players[p - 1].declared.get(owner) == "A":
            friendly += stack.navy
    return hostile > friendly


def enemies_of(state: GameState) -> dict[int, set[int]]:
    """BP 1B: each player's enemies (either declared the other one an enemy), from the
    declarations at once (:meth:`GameState.enemies` asks about one pair)."""
    foes: dict[int, set[int]] = {}
    for p in state.players:
        for q, stance in p.declared.items():
            if stance == "E" and q != p.number and MINOR not in (p.number, q):
                foes.setdefault(p.number, set()).add(q)
                foes.setdefault(q, set()).add(p.number)
    return foes


def blockade(
    d: Draft, gm: GameMap, chance: Chance, holders: Mapping[str, int] | None = None
) -> None:
    """BP 5F.1, 5F.3: each enemy-controlled neighbour suppresses 1/n of half of what is left
    unsuppressed, for the next turn (``holders``: who controls each country, if known)."""
    # control does not change during the blockade (only TaxBase and Industry do)
    # nor do the declarations: a neighbouring country is enemy-controlled when its holder
    # and the occupier are enemies (1B: either declared the other one), each player's
    # enemies worked out once, and a sea the same for every country of one occupier
    state = d.state
    if holders is None:
        holders = controllers(state)
    foes = enemies_of(state)
    if not foes:
        return  # nobody has an enemy: no country and no sea is enemy-controlled for anyone
    at_sea: dict[tuple[int, str], bool] = {}  # (occupier, sea): enemy-controlled for him
    countries = state.countries
    spaces = gm.spaces
    for code in sorted(countries):
        c = countries[code]
        owner = c.owner
        if owner == MINOR:
            continue
        mine = foes.get(owner)
        if not mine:
            continue  # no enemy: no country and no sea is enemy-controlled for him
        around = spaces[code].adjacent  # gm.neighbours(code), in any order: only counted
        hostile = 0
        for n in around:
            holder = holders.get(n)
            if holder is None:  # a sea
                seen = at_sea.get((owner, n))
                if seen is None:
                    seen = at_sea[(owner, n)] = enemy_controlled(state, owner, n, holders, mine)
                hostile += seen
            elif holder in mine:
                hostile += 1
        if not hostile or not around:
            continue
        den = 2 * len(around)
        blockaded = rround(
            c.unsuppressed_taxbase * hostile, den, chance, f"blockade TaxBase {code}"
        )
        taxbase_suppressed = c.taxbase_suppressed + blockaded
        # the usable Industry as it was (the TaxBase suppressed above does not change it)
        usable = c.usable_industry
        suppressed = rround(usable * hostile, den, chance, f"blockade Industry {code}")
        d.countries[code] = but(
            c,
            taxbase_blockaded=blockaded,
            taxbase_suppressed=taxbase_suppressed,
            industry_suppressed=c.industry_suppressed + suppressed,
        )


def revolutions(d: Draft) -> list[Event]:
    """BP 3A: an occupied country whose HPI drops to zero revolts and becomes an uncontrolled
    minor (ruling R-E2: its forces stay, as the minor's)."""
    log = Log(d.state)
    for code in sorted(d.countries):
        c = d.countries[code]
        if c.owner != MINOR and c.hpi <= 0:
            old = c.owner
            d.countries[code] = made_minor(c)
            log.public("revolution", f"Revolution in {code}: [{old}] loses it.")
    return log.events


def made_minor(c: Country) -> Country:
    """The country become an uncontrolled minor (3A)."""
    return but(c, owner=MINOR, hpi=0, popularity={}, standing={}, standing_by=MINOR)
