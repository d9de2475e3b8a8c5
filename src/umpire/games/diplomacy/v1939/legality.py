"""1939 III legality: is an understood order allowed for this power in this phase?

Validation reads the state (godip style) and returns the order normalised, or raises
:class:`OrderError` with an ``illegal/`` code. Standard orders go to the standard checks with
the ground units only (a bomber shares its space and is no target for them); the new order
types are checked here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from umpire.core.problems import OrderError
from umpire.games.diplomacy import legality as standard
from umpire.games.diplomacy.geography import Map, province_of
from umpire.games.diplomacy.orders import Build, Disband, Hold, Move, Remove, Support, Waive
from umpire.games.diplomacy.state import ADJUSTMENTS, MOVEMENT, RETREATS, State, Unit
from umpire.games.diplomacy.v1939 import bombers as air
from umpire.games.diplomacy.v1939 import supply
from umpire.games.diplomacy.v1939.notation import V1939Order
from umpire.games.diplomacy.v1939.orders import (
    Alternate,
    BomberStand,
    Flight,
    LandPermission,
    TankConvoy,
    TankMove,
    Transfer,
)


def _illegal(code: str, message: str) -> OrderError:
    return OrderError(f"illegal/{code}", message)


def tank_route_ok(m: Map, start: str, route: str, dest: str) -> bool:
    """D39 23: both steps of a "movement" cross army edges; it ends away from its start."""
    return route in m.army_targets(start) and dest in m.army_targets(route) and dest != start


def check(
    m: Map,
    state: State,
    power: str,
    order: V1939Order,
    text: str,
    units: Mapping[str, Unit],
    bombers: Sequence[Unit],
) -> V1939Order:
    if isinstance(order, Alternate):
        if state.phase == ADJUSTMENTS:
            return order
        raise _illegal("wrong_phase", f"alternate orders are for the winter: {text!r}")
    if state.phase == MOVEMENT:
        return _movement(m, state, power, order, text, units, bombers)
    if isinstance(order, Transfer | LandPermission | TankMove | Flight | BomberStand):
        if state.phase == ADJUSTMENTS and isinstance(order, Transfer):
            return _transfer(m, state, power, order, text)
        raise _illegal("wrong_phase", f"not an order for this phase: {text!r}")
    if state.phase == RETREATS:
        if isinstance(order, TankConvoy):
            raise _illegal("wrong_phase", f"only retreats and disbands now: {text!r}")
        return check_retreat(m, state, power, order, text)
    if state.phase == ADJUSTMENTS:
        return _adjustment(m, state, power, order, text, units, bombers)
    raise _illegal("game_over", f"the game is over: {text!r}")


def check_retreat(m: Map, state: State, power: str, order: V1939Order, text: str) -> V1939Order:
    """A retreat or disband of this power's dislodged unit in the named space.

    Two units may be dislodged from one space (a tank halted in its route and beaten there,
    and the route's holder it beat, D39 21): they are always of two powers (ruling), so the
    power giving the order says which; the unit letter, if it names another kind, is refused.
    """
    here = province_of(getattr(order, "loc", ""))
    mine = [d for d in state.dislodged if d.unit.province == here and d.unit.power == power]
    if len(mine) != 1:  # none of this power's here: the standard check gives the reason
        return standard.check_retreat(m, state, power, order, text)  # type: ignore[arg-type]
    d = mine[0]
    kind = getattr(order, "kind", "")
    if kind and kind != d.unit.kind:
        raise _illegal(
            "kind", f"the dislodged unit in {here} is {d.unit.kind} {d.unit.loc}: {text!r}"
        )
    only = replace(state, dislodged=(d,))
    return standard.check_retreat(m, only, power, order, text)  # type: ignore[arg-type]


def _own_bomber(bombers: Sequence[Unit], power: str, loc: str, text: str) -> Unit:
    for b in bombers:
        if b.province == province_of(loc):
            if b.power != power:
                raise _illegal("not_your_unit", f"the bomber in {loc} is {b.power}'s: {text!r}")
            return b
    raise _illegal("no_unit", f"there is no bomber in {loc}: {text!r}")


def _movement(
    m: Map,
    state: State,
    power: str,
    order: V1939Order,
    text: str,
    units: Mapping[str, Unit],
    bombers: Sequence[Unit],
) -> V1939Order:
    if isinstance(order, Hold) and order.kind == "B":
        order = BomberStand("B", order.loc)
    if isinstance(order, BomberStand):
        _own_bomber(bombers, power, order.loc, text)
        return order
    if isinstance(order, Flight):
        _own_bomber(bombers, power, order.loc, text)
        limit = air.bomber_range(state.year, state.season)
        return air.check_flight(m, units, order, limit, text)
    if isinstance(order, LandPermission):
        owners = state.extra.get("provinces", {})
        if owners.get(order.province) != power:
            raise _illegal("not_owner", f"{power} does not own {order.province}: {text!r}")
        if order.power == power:
            raise _illegal("own_bomber", f"your own bombers need no permission: {text!r}")
        return order
    if isinstance(order, Transfer | Alternate):
        raise _illegal(
            "wrong_phase", f"transfers and alternates go with the winter orders: {text!r}"
        )
    if isinstance(order, TankMove):
        unit = units.get(order.loc)
        if unit is None or unit.power != power or unit.kind != "T":
            raise _illegal("no_tank", f"{power} has no tank in {order.loc}: {text!r}")
        if not tank_route_ok(m, order.loc, order.route, order.dest):
            raise _illegal("route", f"no tank movement {order.loc}-{order.route}-{order.dest}")
        return order
    if isinstance(order, TankConvoy):
        fleet = units.get(order.loc)
        if fleet is None or fleet.power != power or fleet.kind != "F" or not m.is_sea(order.loc):
            raise _illegal("convoy_from_coast", f"only a fleet at sea can convoy: {text!r}")
        tank = units.get(order.tank_loc)
        if tank is None or tank.kind != "T":
            raise _illegal("no_tank", f"there is no tank in {order.tank_loc}: {text!r}")
        if not (m.is_coastal(order.tank_loc) and m.is_coastal(order.dest)):
            raise _illegal("convoy_route", f"no convoy can carry that tank there: {text!r}")
        return order
    if isinstance(order, Support):
        target = units.get(province_of(order.target_loc))
        if target is not None and target.kind == "T" and order.target_dest is not None:
            tdest = province_of(order.target_dest)
            two_steps = any(tdest in m.army_targets(r) for r in m.army_targets(target.province))
            if two_steps and tdest not in m.army_targets(target.province):
                # D39 25: support into the destination of a tank movement.
                unit = units.get(province_of(order.loc))
                if unit is None or unit.power != power:
                    raise _illegal("no_unit", f"{power} has no unit in {order.loc}: {text!r}")
                if not standard.can_reach(m, unit, tdest):
                    raise _illegal("unreachable", f"{unit.loc} cannot support into {tdest}")
                return replace(
                    order, kind=unit.kind, loc=unit.loc, target_kind="T",
                    target_loc=target.loc, target_dest=tdest,
                )  # fmt: skip
    if isinstance(order, Move | Hold | Support) and order.kind == "B":
        raise _illegal("bomber", f"a bomber stands or flies a path: {text!r}")
    unit = units.get(province_of(getattr(order, "loc", "")))
    if unit is not None and unit.power == "NEUTRAL":
        raise _illegal("not_your_unit", f"the unit in {unit.loc} is neutral: {text!r}")
    return standard.check_movement(m, state, power, order, text, units)


def _transfer(m: Map, state: State, power: str, order: Transfer, text: str) -> Transfer:
    if order.to not in state.powers or order.to == power:
        raise _illegal("transfer_to", f"cannot transfer SP to {order.to}: {text!r}")
    own = supply.supply_points(m, state.owner_map(), power, state.extra.get("bombed", []))
    if order.amount > supply.transfer_limit(own):
        raise _illegal(
            "transfer_limit",
            f"at most 20% of {own} SP, {supply.transfer_limit(own)}, may be given: {text!r}",
        )
    return order


def _adjustment(
    m: Map,
    state: State,
    power: str,
    order: V1939Order,
    text: str,
    units: Mapping[str, Unit],
    bombers: Sequence[Unit],
) -> V1939Order:
    if isinstance(order, Disband):
        order = Remove(order.kind, order.loc)
    if isinstance(order, Waive):
        return order
    if isinstance(order, Remove):
        if order.kind == "B":
            b = _own_bomber(bombers, power, order.loc, text)
            return Remove("B", b.loc)
        unit = units.get(province_of(order.loc))
        if unit is None or unit.power != power:
            if any(b.province == province_of(order.loc) and b.power == power for b in bombers):
                return Remove("B", province_of(order.loc))
            raise _illegal("no_unit", f"{power} has no unit in {order.loc}: {text!r}")
        return Remove(unit.kind, unit.loc)
    if not isinstance(order, Build):
        raise _illegal("wrong_phase", f"only builds, removals, transfers and waives: {text!r}")
    here = standard.build_centre(m, state, power, order.loc, text)
    if here in state.extra.get("bombed", []):
        raise _illegal("bombed", f"{here} was strategically bombed (D39 41): {text!r}")
    if here in units or any(b.province == here for b in bombers):
        raise _illegal("occupied", f"{here} is occupied: {text!r}")
    kind = order.kind or "A"
    if kind == "F":
        if m.is_land(here):
            raise _illegal("fleet_inland", f"a fleet cannot be built inland: {text!r}")
        if m.provinces[here].coasts and "/" not in order.loc:
            raise _illegal("coast", f"say on which coast of {here} to build: {text!r}")
        return Build("F", order.loc)
    if kind not in supply.COST:
        raise _illegal("kind", f"cannot build that kind of unit: {text!r}")
    return Build(kind, here)
