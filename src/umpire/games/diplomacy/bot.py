"""A simple bot: random legal orders with some sense, given as orders (never as text).

Movement: each unit prefers a move into a supply centre it does not own, else a random legal
move or a hold; a unit next to the destination of a friendly move sometimes supports it.
Retreats: a random option. Adjustments: build in every free home centre; remove at random.
Every random choice goes through the :class:`Chance` it is given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from umpire.core.chance import Chance
from umpire.games.diplomacy import adjustments
from umpire.games.diplomacy.geography import Map, province_of
from umpire.games.diplomacy.legality import can_reach
from umpire.games.diplomacy.model import ADJUSTMENTS, MOVEMENT, RETREATS, State, Unit
from umpire.games.diplomacy.orders import (
    Build,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    Support,
)

S = TypeVar("S", bound=State)
OrderOut = TypeVar("OrderOut")


def unit_moves(m: Map, unit: Unit) -> list[str]:
    """Locations ``unit`` may move to without a convoy."""
    if unit.kind == "F":
        return sorted(m.fleet_targets(unit.loc))
    return sorted(m.army_targets(unit.province))


def _movement(m: Map, state: State, power: str, chance: Chance) -> list[Order]:
    owners = state.owner_map()
    mine = [u for u in state.units if u.power == power]
    plans: dict[str, str | None] = {}
    taken: set[str] = set()
    for u in mine:
        options = [t for t in unit_moves(m, u) if province_of(t) not in taken]
        good = [
            t
            for t in options
            if province_of(t) in m.supply_centres and owners.get(province_of(t)) != power
        ]
        roll = chance.percent(purpose=f"bot {power} {u.loc}")
        dest = choose_move(chance, power, u, good, options, roll)
        if dest is not None:
            taken.add(province_of(dest))
        plans[u.loc] = dest
    lines: list[Order] = []
    for u in mine:
        dest = plans[u.loc]
        if dest is not None:
            lines.append(Move(u.kind, u.loc, dest))
            continue
        helps = [
            (v, d)
            for v in mine
            if (d := plans[v.loc]) is not None
            and v is not u
            and province_of(d) != u.province
            and can_reach(m, u, province_of(d))
        ]
        if helps and chance.percent(purpose=f"bot {power} {u.loc} support") <= 80:
            v, d = chance.choice(helps, purpose=f"bot {power} {u.loc} supports")
            lines.append(Support(u.kind, u.loc, v.kind, v.loc, province_of(d)))
        else:
            lines.append(Hold(u.kind, u.loc))
    return lines


def choose_move(
    chance: Chance, power: str, u: Unit, good: list[str], options: list[str], roll: int
) -> str | None:
    """Where ``u`` moves: into a centre it does not own (``good``) on a roll up to 70, else
    anywhere it can (``options``) up to 85, else nowhere (it holds or supports)."""
    if good and roll <= 70:
        return chance.choice(good, purpose=f"bot {power} {u.loc} target")
    if options and roll <= 85:
        return chance.choice(options, purpose=f"bot {power} {u.loc} move")
    return None


def retreat_orders(state: State, power: str, chance: Chance) -> list[Order]:
    """Each dislodged unit of ``power`` retreats to a random open place, else disbands."""
    lines: list[Order] = []
    for d in state.dislodged:
        if d.unit.power != power:
            continue
        if d.options:
            dest = chance.choice(list(d.options), purpose=f"bot {power} retreat {d.unit.loc}")
            lines.append(Retreat(d.unit.kind, d.unit.loc, dest))
        else:
            lines.append(Disband(d.unit.kind, d.unit.loc))
    return lines


def _adjustments(m: Map, state: State, power: str, chance: Chance) -> list[Order]:
    delta = adjustments.deltas(m, state)[power]
    lines: list[Order] = []
    if delta > 0:
        for home in adjustments.free_homes(m, state, power)[:delta]:
            fleets = m.fleet_locations[home]
            if fleets and chance.percent(purpose=f"bot {power} build {home}") <= 40:
                lines.append(Build("F", chance.choice(list(fleets), purpose=f"bot {power} coast")))
            else:
                lines.append(Build("A", home))
    elif delta < 0:
        mine = [u for u in state.units if u.power == power]
        for u in chance.shuffle(mine, purpose=f"bot {power} removals")[:-delta]:
            lines.append(Remove(u.kind, u.loc))
    return lines


def bot_orders(m: Map, state: State, power: str, chance: Chance) -> list[Order]:
    return phase_orders(_PHASES, m, state, power, chance)


def phase_orders(
    phases: Mapping[str, Callable[[Map, S, str, Chance], list[OrderOut]]],
    m: Map,
    state: S,
    power: str,
    chance: Chance,
) -> list[OrderOut]:
    """The orders of the bot's step for the state's phase (none once the game is over), each
    as ``check`` keeps it: the unit's own kind and location, a province as a supported move's
    destination."""
    step = phases.get(state.phase)
    return [] if step is None else step(m, state, power, chance)


def _retreats(m: Map, state: State, power: str, chance: Chance) -> list[Order]:
    return retreat_orders(state, power, chance)


_PHASES: dict[str, Any] = {MOVEMENT: _movement, RETREATS: _retreats, ADJUSTMENTS: _adjustments}
