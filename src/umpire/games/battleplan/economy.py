"""Money, popularity and suppression: BP 1B, 2B, 3A, 3B, 5A-5F, 6B-6D, 7.

The player orders of section 8 take effect before the moves (ruling R-T1); recovery from
suppression and the fading of popularity in minors happen as the turn opens; income,
interest, research, blockades and revolutions close it (step 8).
"""

from __future__ import annotations

from collections.abc import Sequence

from umpire.games.battleplan.context import Turn
from umpire.games.battleplan.model import MINOR, Country
from umpire.games.battleplan.notation import (
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


def recover(t: Turn) -> None:
    """BP 5F.1, 5F.3, 5F.4: 25% (rounded up) of what is suppressed recovers each turn.

    BP 12E: industry past the limit speeds the recovery of the usable industry (ruling R-E3:
    by one point per excess Industry).
    """
    for c in t.state.countries.values():
        if c.taxbase_suppressed:
            c.taxbase_suppressed -= -(-c.taxbase_suppressed // 4)
        if c.industry_suppressed:
            excess = max(0, c.industry - c.limit)
            back = -(-c.industry_suppressed // 4) + excess
            c.industry_suppressed = max(0, c.industry_suppressed - back)
        if c.air_suppressed:
            back = -(-c.air_suppressed // 4)
            c.air_suppressed -= back
            c.air += back  # 13A: as a captured minor's AirForce recovers it is the holder's


def fade_popularity(t: Turn) -> None:
    """BP 3B: each turn popularity in a minor falls by about 5% (a negative one stays)."""
    for code in sorted(t.state.countries):
        c = t.state.countries[code]
        if c.owner != MINOR:
            continue
        for p in sorted(c.popularity):
            v = c.popularity[p]
            if v > 0:
                c.popularity[p] = v - rround(v * 5, 100, t.chance, f"popularity fade {code}")


# ---------------------------------------------------------------------------- player orders


def propaganda(t: Turn, player: int, code: str, dollars: int) -> None:
    """BP 3A, 3B, 5D: propaganda of ``dollars`` by ``player`` in ``code``."""
    c = t.country(code)
    if c.owner == player:
        # BP 3A: own country: HPI + sqrt($ x 180)
        c.hpi += rsqrt(dollars * 180, t.chance, f"propaganda {code}")
    elif c.owner != MINOR:
        # BP 3A: someone else's country: HPI - sqrt($ x 20)
        c.hpi -= rsqrt(dollars * 20, t.chance, f"propaganda {code}")
    else:
        # BP 3B: a minor: popularity + 1 per Dollar
        c.popularity[player] = c.popularity.get(player, 0) + dollars


def spread_targets(t: Turn, target: int) -> list[str]:
    """The countries occupied by ``target`` (0: the minors), for pPn, pSn, pCn (5D, 6B)."""
    return sorted(c for c, k in t.state.countries.items() if k.owner == target)


def spread(t: Turn, total: int, targets: Sequence[str], purpose: str) -> dict[str, int]:
    """BP 6B: ``total`` spread evenly; "if it does not come out even, the excess is divided
    randomly"."""
    if not targets:
        return {}
    each, extra = divmod(total, len(targets))
    out = dict.fromkeys(targets, each)
    for code in t.chance.shuffle(targets, purpose=f"spread {purpose}")[:extra]:
        out[code] += 1
    return out


def player_orders(t: Turn, player: int, orders: Sequence[Order]) -> None:
    """Carry out one player's player orders, in the order given (all already legal)."""
    me = t.state.player(player)
    for order in orders:
        match order:
            case Declare(p, stance):
                # BP 1B: ally / neutral / enemy; an enemy is shown to all, an ally to him
                if stance == "N":
                    me.declared.pop(p, None)
                else:
                    me.declared[p] = stance
                if stance == "E":
                    t.say("enemy", t.audience_all(), f"[{player}] declares [{p}] an enemy.")
                elif stance == "A":
                    t.tell(p, "ally", f"[{player}] declares you an ally.")
            case GiveDollars(p, n):
                # BP 5A: Dollars may be given to another player
                me.cents -= n * 100
                t.state.player(p).cents += n * 100
                t.tell(p, "gift", f"[{player}] gives you ${n}.")
            case Permit(p, allow):
                # BP 7: permission to use the Turkey Strait
                if allow and p not in me.permits:
                    me.permits.append(p)
                elif not allow and p in me.permits:
                    me.permits.remove(p)
            case Share(p, level):
                # BP 6D: sharing spy results (kept; used by the later printout)
                if level == "Z":
                    me.shares.pop(p, None)
                else:
                    me.shares[p] = level
            case Train(what, n):
                # BP 6B/6C, 5C: n Dollars train n x multiplier hundredths
                me.cents -= n * 100
                if what == "S":
                    me.spies += n * me.multipliers["S"]
                else:
                    me.counterspies += n * me.multipliers["C"]
            case Research(kind, n):
                # BP 5B: effective next turn (applied at step 8)
                me.cents -= n * 100
                me.research[kind] = me.research.get(kind, 0) + n
            case Propaganda(n, code):
                me.cents -= n * 100
                propaganda(t, player, code, n)
            case Spread(p, "P", n):
                # BP 5D: pPn spreads n Dollars over the countries p occupies
                me.cents -= n * 100
                for code, dollars in spread(t, n, spread_targets(t, p), "propaganda").items():
                    if dollars:
                        propaganda(t, player, code, dollars)
            case Spread(p, what, n):
                send(t, player, what, spread(t, n, spread_targets(t, p), "spies"))
            case Send(what, n, code):
                send(t, player, what, {code: n})
            case UserOption(n):
                if n in me.options:
                    me.options.remove(n)
                else:
                    me.options.append(n)
            case DefaultBuild(kind, n):
                # BP 10: a default stays until changed, or changed to zero
                if n == 0:
                    me.defaults.pop(kind, None)
                else:
                    me.defaults[kind] = n


def send(t: Turn, player: int, what: str, where: dict[str, int]) -> None:
    """BP 6B, 6C: spies stay where sent until caught (:mod:`intelligence`); counterspies hunt
    on the turn they are sent only, and are used up even if they find nobody."""
    me = t.state.player(player)
    for code, n in where.items():
        if what == "S":
            if t.country(code).owner == player:
                continue  # 6B: you cannot send spies to spaces you own
            me.spies -= n * 100
            c = t.country(code)
            c.spies[player] = c.spies.get(player, 0) + n
        else:
            me.counterspies -= n * 100
            here = t.counterspies.setdefault(code, {})
            here[player] = here.get(player, 0) + n


# ---------------------------------------------------------------------------- step 8


def income(t: Turn) -> None:
    """BP 5A, 5E, 9.8: interest on what was left, then TaxBase income."""
    state = t.state
    for me in state.players:
        # BP 5A: unspent Dollars get interest at 1% per turn
        if me.cents > 0:
            me.cents += rround(me.cents, 100, t.chance, f"interest [{me.number}]")
        cents = 0
        for code in state.occupied_by(me.number):
            c = state.countries[code]
            # BP 5E: own unsuppressed TaxBase + 10% of adjacent countries held by the same
            # player or by a cross-ally
            cents += c.unsuppressed_taxbase * 100
            for n in t.gm.spaces[code].adjacent:
                other = state.countries.get(n)
                if (
                    other is not None
                    and other.controller() != MINOR
                    and state.cross_allies(me.number, other.controller())
                ):
                    cents += other.unsuppressed_taxbase * 10
        me.cents += cents
        if cents:
            t.tell(me.number, "income", f"Income: ${cents / 100:.2f}.", cents=cents)


def research(t: Turn) -> None:
    """BP 5B: research of this turn raises multipliers for the next.

    Ruling R-E1: a research spend of $n on one item gains sqrt(1.25 n) points, rounded
    randomly (the sample printout: RF20 took AirForce from 100 to 105; more per turn is less
    effective per Dollar, as 5B says).
    """
    for me in t.state.players:
        for kind in sorted(me.research):
            gain = rsqrt(me.research[kind] * 5 // 4, t.chance, f"research {kind} [{me.number}]")
            me.multipliers[kind] = me.multipliers.get(kind, 0) + gain
        me.research.clear()


def enemy_controlled(t: Turn, owner: int, space: str) -> bool:
    """BP 5F.2: is ``space`` enemy-controlled from the point of view of ``owner``."""
    state = t.state
    if space in state.countries:
        return state.enemies(owner, state.countries[space].controller())
    sea = state.seas[space]
    hostile = friendly = 0
    for p, stack in sea.forces.items():
        if state.enemies(owner, p):
            hostile += stack.navy
        elif p == owner or state.player(p).declared.get(owner) == "A":
            friendly += stack.navy
    return hostile > friendly


def blockade(t: Turn) -> None:
    """BP 5F.1, 5F.3: each enemy-controlled neighbour suppresses 1/n of half of what is left
    unsuppressed, for the next turn."""
    for code in sorted(t.state.countries):
        c = t.state.countries[code]
        if c.owner == MINOR:
            continue
        around = t.gm.neighbours(code)
        hostile = sum(1 for n in around if enemy_controlled(t, c.owner, n))
        if not hostile or not around:
            continue
        den = 2 * len(around)
        c.taxbase_suppressed += rround(
            c.unsuppressed_taxbase * hostile, den, t.chance, f"blockade TaxBase {code}"
        )
        usable = c.usable_industry
        c.industry_suppressed += rround(
            usable * hostile, den, t.chance, f"blockade Industry {code}"
        )


def revolutions(t: Turn) -> None:
    """BP 3A: an occupied country whose HPI drops to zero revolts and becomes an uncontrolled
    minor (ruling R-E2: its forces stay, as the minor's)."""
    for code in sorted(t.state.countries):
        c = t.state.countries[code]
        if c.owner != MINOR and c.hpi <= 0:
            old = c.owner
            make_minor(c)
            t.say("revolution", t.audience_all(), f"Revolution in {code}: [{old}] loses it.")


def make_minor(c: Country) -> None:
    c.owner = MINOR
    c.hpi = 0
    c.popularity = {}
    c.standing = {}
