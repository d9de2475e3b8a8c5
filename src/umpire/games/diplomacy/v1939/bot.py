"""A bot for 1939 III that uses all four unit types, SP transfers and every mission.

Movement: armies, fleets and tanks move as the standard bot's units do (a move into a centre
not yet owned, else a random move, a support of a friendly move, or a hold); a tank sometimes
makes a "movement" through a route province to a centre two provinces away. A bomber flies a
support to a friendly move, a strategic raid on a centre it does not own, or a cut of a unit
of another power, and flies back to take-off; or it stands. Retreats: a random option.
Winter: disband the cheapest units when short of SP; else build tanks and bombers within the
ratios and armies and fleets with what is left; now and then give 1 SP away. A bot that gives
SP away, and now and then any bot, hopes for a gift of 1 or 2 SP: if those SP would pay for
more, it writes those builds first and its affordable builds as an ``Alternate:`` set (D39 12).
Every random choice goes through the :class:`Chance` it is given.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from umpire.core.chance import Chance
from umpire.games.diplomacy.bot import choose_move, phase_orders, retreat_orders, unit_moves
from umpire.games.diplomacy.geography import Map, province_of
from umpire.games.diplomacy.legality import can_reach
from umpire.games.diplomacy.model import ADJUSTMENTS, MOVEMENT, RETREATS, Unit
from umpire.games.diplomacy.orders import Build, Hold, Move, Remove, Support
from umpire.games.diplomacy.v1939 import bombers as air
from umpire.games.diplomacy.v1939 import supply
from umpire.games.diplomacy.v1939.model import State1939
from umpire.games.diplomacy.v1939.notation import V1939Order
from umpire.games.diplomacy.v1939.orders import (
    CUT,
    RAID,
    SUPPORT,
    Alternate,
    BomberStand,
    Flight,
    TankMove,
    Transfer,
)


def _hops(m: Map, start: str, goal: str) -> list[str] | None:
    """The fewest spaces a bomber enters to fly from ``start`` to ``goal``."""
    back: dict[str, str] = {start: start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            path = [goal]
            while path[-1] != start:
                path.append(back[path[-1]])
            return list(reversed(path))[1:]
        for n in sorted(m.neighbours(here)):
            if n not in back:
                back[n] = here
                queue.append(n)
    return None


def _round_trip(m: Map, start: str, goal: str, limit: int) -> tuple[list[str], int] | None:
    out = _hops(m, start, goal)
    if not out:
        return None
    home = [*reversed(out[:-1]), start]
    path = [*out, *home]
    return (path, len(out) - 1) if air.cost(m, path) <= limit else None


def _movement(m: Map, state: State1939, power: str, chance: Chance) -> list[V1939Order]:
    owners = state.owner_map()
    mine = [u for u in state.units if u.power == power]
    plans: dict[str, str | None] = {}
    tank_plans: dict[str, tuple[str, str]] = {}
    taken: set[str] = set()
    for u in mine:
        options = [t for t in unit_moves(m, u) if province_of(t) not in taken]
        good = [t for t in options if t in m.supply_centres and owners.get(province_of(t)) != power]
        roll = chance.percent(purpose=f"bot {power} {u.loc}")
        if u.kind == "T" and roll <= 30:
            far = [
                (r, d)
                for r in sorted(m.army_targets(u.province))
                for d in sorted(m.army_targets(r))
                if d in m.supply_centres and owners.get(d) != power and d != u.province
                and d not in taken and r not in taken
            ]  # fmt: skip
            if far:
                r, d = chance.choice(far, purpose=f"bot {power} {u.loc} movement")
                tank_plans[u.loc] = (r, d)
                taken |= {r, d}
                plans[u.loc] = None
                continue
        dest = choose_move(chance, power, u, good, options, roll)
        if dest is not None:
            taken.add(province_of(dest))
        plans[u.loc] = dest
    lines: list[V1939Order] = []
    moving: list[tuple[Unit, str]] = []
    for u in mine:
        if u.loc in tank_plans:
            r, d = tank_plans[u.loc]
            lines.append(TankMove("T", u.loc, r, d))
            moving.append((u, d))
            continue
        dest = plans[u.loc]
        if dest is not None:
            lines.append(Move(u.kind, u.loc, dest))
            moving.append((u, province_of(dest)))
    for u in mine:
        if u.loc in tank_plans or plans[u.loc] is not None:
            continue
        helps = [
            (v, d)
            for v, d in moving
            if v.loc in plans and plans[v.loc] is not None and d != u.province
            and can_reach(m, u, d)
        ]  # fmt: skip
        if helps and chance.percent(purpose=f"bot {power} {u.loc} support") <= 80:
            v, d = chance.choice(helps, purpose=f"bot {power} {u.loc} supports")
            lines.append(Support(u.kind, u.loc, v.kind, v.loc, d))
        else:
            lines.append(Hold(u.kind, u.loc))
    lines.extend(_bombers(m, state, power, chance, moving))
    return lines


def _bombers(
    m: Map, state: State1939, power: str, chance: Chance, moving: list[tuple[Unit, str]]
) -> list[V1939Order]:
    limit = air.bomber_range(state.year, state.season)
    owners = state.owner_map()
    units = state.unit_at()
    lines: list[V1939Order] = []
    for b in state.bomber_list():
        if b.power != power:
            continue
        roll = chance.percent(purpose=f"bot {power} bomber {b.loc}")
        choices: list[Flight] = []
        if roll <= 45:
            for v, d in moving:
                trip = _round_trip(m, b.province, d, limit)
                if trip is not None and v.kind != "B":
                    path, at = trip
                    choices.append(Flight("B", b.loc, tuple(path), SUPPORT, at, v.kind, v.loc, d))
        elif roll <= 75:
            for c in sorted(m.supply_centres):
                if owners.get(c) not in (power, None) and c not in units:
                    trip = _round_trip(m, b.province, c, limit)
                    if trip is not None:
                        path, at = trip
                        choices.append(Flight("B", b.loc, tuple(path), RAID, at))
        elif roll <= 90:
            for u in state.units:
                if u.power not in (power, "NEUTRAL"):
                    trip = _round_trip(m, b.province, u.province, limit)
                    if trip is not None:
                        path, at = trip
                        choices.append(Flight("B", b.loc, tuple(path), CUT, at))
        if choices:
            lines.append(chance.choice(choices[:12], purpose=f"bot {power} bomber {b.loc} flies"))
        else:
            lines.append(BomberStand("B", b.loc))
    return lines


def _winter(m: Map, state: State1939, power: str, chance: Chance) -> list[V1939Order]:
    bombed = state.bombed
    sp = supply.supply_points(m, state.owner_map(), power, bombed)
    bombers = state.bomber_list()
    mine = [u for u in [*state.units, *bombers] if u.power == power]
    lines: list[V1939Order] = []
    cost = supply.upkeep(mine)
    if cost > sp:
        for u in sorted(mine, key=lambda u: (-supply.COST[u.kind], u.loc)):
            if cost <= sp:
                break
            lines.append(Remove(u.kind, u.loc))
            cost -= supply.COST[u.kind]
        return lines
    others = [p for p in state.powers if p != power]
    sends = supply.transfer_limit(sp) >= 1 and chance.percent(purpose=f"bot {power} transfer") <= 20
    if sends:
        to = chance.choice(others, purpose=f"bot {power} transfer to")
        lines.append(Transfer(1, to))
        sp -= 1
    budget = sp - cost
    # Places where any kind may be built: the bot chooses the kind after the place.
    ground = supply.build_places(m, state, power, bombers, bombed, "A")
    air = set(supply.build_places(m, state, power, bombers, bombed, "B"))
    places = [p for p in ground if p in air]
    kinds = [u.kind for u in mine]
    plan = _builds(m, power, kinds, places, budget, chance, "build")
    # D39 12 recommends alternate winter orders to a player expecting a transfer. A bot that
    # gives SP away expects some in return, and any bot now and then hopes for a gift: it then
    # writes first the builds the hoped-for SP would pay for, and its affordable builds as the
    # alternate, used if the SP do not arrive (ruling 13).
    if places and (sends or chance.percent(purpose=f"bot {power} hopes") <= 25):
        hope = chance.choice([1, 2], purpose=f"bot {power} hopes for")
        hopeful = _builds(m, power, kinds, places, budget + hope, chance, "hopeful build")
        if sum(supply.COST[build.kind] for build in hopeful) > budget:
            # the alternate set: used if the SP hoped for do not arrive
            return [*lines, *hopeful, Alternate(), *plan]
    return [*lines, *plan]


def _builds(
    m: Map, power: str, kinds: list[str], places: list[str], budget: int, chance: Chance, why: str
) -> list[Build]:
    """Build tanks and bombers within the ratios, armies and fleets with what is left."""
    kinds = list(kinds)
    lines: list[Build] = []
    for home in places:
        armies, tanks, planes = kinds.count("A"), kinds.count("T"), kinds.count("B")
        roll = chance.percent(purpose=f"bot {power} {why} {home}")
        if budget >= 3 and 2 * (tanks + 1) <= armies and roll <= 35:
            kind = "T"
        elif budget >= 3 and planes + 1 <= armies + 1 and 35 < roll <= 55:
            kind = "B"
        elif budget >= 2:
            fleets = m.fleet_locations[home]
            kind = "F" if fleets and roll > 75 else "A"
        else:
            break
        loc = home
        if kind == "F":
            loc = chance.choice(list(m.fleet_locations[home]), purpose=f"bot {power} coast")
        lines.append(Build(kind, loc))
        kinds.append(kind)
        budget -= supply.COST[kind]
    return lines


def bot_orders(m: Map, state: State1939, power: str, chance: Chance) -> list[V1939Order]:
    return phase_orders(_PHASES, m, state, power, chance)


def _retreats(m: Map, state: State1939, power: str, chance: Chance) -> list[V1939Order]:
    return [*retreat_orders(state, power, chance)]


_PHASES: dict[str, Any] = {MOVEMENT: _movement, RETREATS: _retreats, ADJUSTMENTS: _winter}
