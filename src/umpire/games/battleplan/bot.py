"""A simple player: builds, keeps its HPI up, defends, and attacks weaker neighbours.

Every order it gives passes the legality check before it is given, so the session stores
its orders as they are.
"""

from __future__ import annotations

from umpire.core.chance import Chance
from umpire.games.battleplan.arms import BP_ARMS, Arms
from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.legality import check_orders, is_attack
from umpire.games.battleplan.model import MINOR, GameState
from umpire.games.battleplan.orders import (
    Action,
    Build,
    Declare,
    Message,
    Opinion,
    Order,
    Propaganda,
    Research,
    Send,
    Signal,
    Transfer,
)


def bot_orders(
    state: GameState,
    gm: GameMap,
    number: int,
    chance: Chance,
    free_messages: bool = True,
    attacks: bool = True,
    arms: Arms = BP_ARMS,
) -> list[Order]:
    """The bot's orders, each one kept by the legality check (:func:`choose_orders`)."""
    return choose_orders(state, gm, number, chance, free_messages, attacks, arms)


def choose_orders(
    state: GameState,
    gm: GameMap,
    number: int,
    chance: Chance,
    free_messages: bool = True,
    attacks: bool = True,
    arms: Arms = BP_ARMS,
) -> list[Order]:
    """The bot's orders, each one legal (those the check refuses are left out)."""
    orders = _propaganda(state, gm, number, chance)
    for code in sorted(state.countries):
        c = state.countries[code]
        if c.controller() != number:
            continue
        industry = c.usable_industry
        if c.owner != MINOR and industry >= 4:
            orders.append(Build(code, "A", industry // 2))
            orders.append(Build(code, "F", industry // 4))
        if c.owner != MINOR:
            _attack_or_sail(state, gm, number, code, chance, orders)
    orders += _at_sea(state, gm, number)
    if arms.missile_research is not None:  # WW 1939.missiles
        orders += _missiles(state, gm, number, arms)
    if arms.strategic_bombers:  # WW 1939.bombers
        orders += _bombers_over_sea(state, gm, number)
    orders += _intelligence(state, number, chance, free_messages)
    if not attacks:  # WW real.turn1, 1939.turn1: no attacks on turn one
        orders = [o for o in orders if not is_attack(o)]
    verdicts = check_orders(state, gm, number, orders, arms)
    return [o for o, v in zip(orders, verdicts, strict=True) if v is None]


def _propaganda(state: GameState, gm: GameMap, number: int, chance: Chance) -> list[Order]:
    """Keep the home population content (3A); buy popularity in a neighbouring minor (3B)."""
    me = state.player(number)
    orders: list[Order] = []
    dollars = me.cents // 100
    mine = state.occupied_by(number)
    for code in mine:
        c = state.countries[code]
        if c.hpi < 80 and dollars >= 10:
            spend = min(dollars // 2, 40)
            orders.append(Propaganda(spend, code))
            dollars -= spend
    minors = sorted(
        {
            n
            for code in mine
            for n in gm.spaces[code].adjacent
            if n in state.countries and state.countries[n].owner == MINOR
        }
    )
    if minors and dollars >= 20:
        orders.append(Propaganda(10, chance.choice(minors, purpose="bot propaganda")))
    return orders


def _attack_or_sail(
    state: GameState, gm: GameMap, number: int, code: str, chance: Chance, orders: list[Order]
) -> None:
    """Attack the weakest neighbouring country we clearly outnumber (4C.1), or send the
    fleet to sea (4D.2), where enemies fight it (2D)."""
    c = state.countries[code]
    me = state.player(number)
    keep = max(5, c.army // 3)
    spare = c.army - keep
    best: tuple[int, str] | None = None
    for n in sorted(gm.spaces[code].adjacent):
        target = state.countries.get(n)
        if target is None or target.owner == number:
            continue
        if state.cross_allies(number, target.owner):
            continue
        # superior force: half as many again as the defenders, and five more
        if 3 * target.army // 2 + 5 <= spare and (best is None or target.army < best[0]):
            best = (target.army, n)
    if best is not None and chance.randint(1, 4, purpose="bot attack") > 1:
        army, n = best
        orders.append(Action(code, "AC", min(spare, 2 * army + 10), n))
        target = state.countries[n]
        if c.air >= 4:
            # AirForce strikes the defending Army (4E.3) or, if it has none, the AirBase
            orders.append(Action(code, "FA" if target.army else "FF", c.air // 2, n))
        if target.owner not in (MINOR, number) and me.declared.get(target.owner) != "E":
            orders.insert(0, Declare(target.owner, "E"))
    elif c.navy >= 6 and gm.spaces[code].coasts:
        sea = chance.choice(sorted(gm.spaces[code].coasts), purpose="bot fleet")
        orders.append(Transfer(code, "N", c.navy - 2, sea))


def _at_sea(state: GameState, gm: GameMap, number: int) -> list[Order]:
    """Fleets at sea: declare the strongest foreign fleet in the sea an enemy (2D), and
    bombard a weak enemy-held coast with the Navy (4D.3)."""
    me = state.player(number)
    orders: list[Order] = []
    for code in sorted(state.seas):
        sea = state.seas[code]
        mine = sea.forces.get(number)
        if mine is None or mine.navy <= 0:
            continue
        others = [(s.navy, p) for p, s in sea.forces.items() if p != number and s.navy > 0]
        if others:
            navy, p = max(others)
            if navy < mine.navy and me.declared.get(p) not in ("E", "A"):
                orders.append(Declare(p, "E"))
        for n in sorted(gm.spaces[code].adjacent):
            target = state.countries.get(n)
            if target is None or target.owner == number or not state.enemies(number, target.owner):
                continue
            if target.navy * 2 < mine.navy:
                orders.append(Action(code, "NN", mine.navy // 2, n))
                break
    return orders


def _missiles(state: GameState, gm: GameMap, number: int, arms: Arms) -> list[Order]:
    """WW 1939.missiles: research a missile multiplier if the position may, build a few
    missiles once it has one, and fire them at the biggest enemy Army within air range."""
    me = state.player(number)
    orders: list[Order] = []
    if (
        arms.missile_research is not None
        and me.power in arms.missile_research
        and me.multipliers.get("M", 0) < 100
        and me.cents >= 60_00
    ):
        orders.append(Research("M", 10))
    for code in sorted(state.countries):
        c = state.countries[code]
        if c.owner != number:
            continue
        if me.multipliers.get("M", 0) > 0 and c.usable_industry >= 8:
            orders.append(Build(code, "M", c.usable_industry // 8))
        if c.missiles <= 0:
            continue
        targets = [
            (state.countries[t].army, t)
            for t in sorted(gm.spaces[code].air)
            if t in state.countries
            and state.countries[t].army > 0
            and state.enemies(number, state.countries[t].owner)
        ]
        if targets:
            orders.append(Action(code, "MA", c.missiles, max(targets)[1]))
    return orders


def _bombers_over_sea(state: GameState, gm: GameMap, number: int) -> list[Order]:
    """WW 1939.bombers: bombers on land support a sea where our fleet meets an enemy (they
    cannot fight from the sea itself)."""
    orders: list[Order] = []
    for sea_code in sorted(state.seas):
        forces = state.seas[sea_code].forces
        if number not in forces or not any(state.enemies(number, p) for p in forces):
            continue
        for code in sorted(gm.spaces[sea_code].air):
            c = state.countries.get(code)
            if c is not None and c.owner == number and c.air >= 6:
                orders.append(Action(code, "FS", c.air // 3, sea_code))
                break
    return orders


def _intelligence(
    state: GameState, number: int, chance: Chance, free_messages: bool
) -> list[Order]:
    """A spy to a neighbouring player's country now and then (6B), and a word to him (16;
    in an Anonymous game the numbered message 9, "I claim this space", WW anonymous)."""
    me = state.player(number)
    others = [c for c, k in sorted(state.countries.items()) if k.owner not in (MINOR, number)]
    if not others or chance.randint(1, 4, purpose="bot spy") > 1:
        return []
    where = chance.choice(others, purpose="bot spy target")
    orders: list[Order] = []
    if me.spies >= 100:
        orders.append(Send("S", 1, where))
    owner = state.countries[where].owner
    signed = chance.randint(0, 1, purpose="bot message") == 1
    if free_messages:
        orders.append(Message(owner, signed, f"I am watching {where}."))
    else:
        orders.append(Signal(owner, 9, where))
    return orders


def opinion_orders(state: GameState, number: int) -> list[Order]:
    """WW opinion: the biggest other player on the top of the bad-guy list, the smallest one
    still in the game on the top of the good-guy list (the "big guys" keep small allies)."""
    sizes = {p.number: 0 for p in state.players if p.number != number}
    for c in state.countries.values():
        if c.owner in sizes:
            sizes[c.owner] += 1
    alive = sorted((n, p) for p, n in sizes.items() if n > 0)
    if len(alive) < 2:
        return []
    return [Opinion(alive[-1][1], False, 3), Opinion(alive[0][1], True, 3)]
