"""1939 III legality: is an understood order allowed for this power in this phase?

Validation reads the state (godip style) and returns the order normalised, or raises
:class:`OrderError` with an ``illegal/`` code. Standard orders go to the standard checks with
the ground units only (a bomber shares its space and is no target for them); the new order
types are checked here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from umpire.games.diplomacy import errors
from umpire.games.diplomacy import legality as standard
from umpire.games.diplomacy.geography import Map, province_of
from umpire.games.diplomacy.model import ADJUSTMENTS, MOVEMENT, RETREATS, Unit
from umpire.games.diplomacy.orders import Build, Disband, Hold, Move, Remove, Support, Waive
from umpire.games.diplomacy.v1939 import bombers as air
from umpire.games.diplomacy.v1939 import supply
from umpire.games.diplomacy.v1939.model import State1939
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


def tank_route_ok(m: Map, start: str, route: str, dest: str) -> bool:
    """D39 23: both steps of a "movement" cross army edges; it ends away from its start."""
    return route in m.army_targets(start) and dest in m.army_targets(route) and dest != start


def check(
    m: Map,
    state: State1939,
    power: str,
    order: V1939Order,
    text: str,
    units: Mapping[str, Unit],
    bombers: Sequence[Unit],
) -> V1939Order:
    if isinstance(order, Alternate):
        if state.phase == ADJUSTMENTS:
            return order
        raise errors.WRONG_PHASE.error(reason="alternate orders are for the winter", text=text)
    if state.phase == MOVEMENT:
        return _movement(m, state, power, order, text, units, bombers)
    if isinstance(order, Transfer | LandPermission | TankMove | Flight | BomberStand):
        if state.phase == ADJUSTMENTS and isinstance(order, Transfer):
            return _transfer(m, state, power, order, text)
        raise errors.WRONG_PHASE.error(reason="not an order for this phase", text=text)
    if state.phase == RETREATS:
        if isinstance(order, TankConvoy):
            raise errors.WRONG_PHASE.error(reason="only retreats and disbands now", text=text)
        return check_retreat(m, state, power, order, text)
    if state.phase == ADJUSTMENTS:
        return _adjustment(m, state, power, order, text, units, bombers)
    raise errors.GAME_OVER.error(text=text)


def check_retreat(m: Map, state: State1939, power: str, order: V1939Order, text: str) -> V1939Order:
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
        raise errors.KIND.error(
            reason=f"the dislodged unit in {here} is {d.unit.kind} {d.unit.loc}", text=text
        )
    only = replace(state, dislodged=(d,))
    return standard.check_retreat(m, only, power, order, text)  # type: ignore[arg-type]


def _own_bomber(bombers: Sequence[Unit], power: str, loc: str, text: str) -> Unit:
    for b in bombers:
        if b.province == province_of(loc):
            if b.power != power:
                raise errors.NOT_YOUR_UNIT.error(
                    reason=f"the bomber in {loc} is {b.power}'s", text=text
                )
            return b
    raise errors.NO_UNIT.error(reason=f"there is no bomber in {loc}", text=text)


def _movement(
    m: Map,
    state: State1939,
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
        return _land_permission(state, power, order, text)
    if isinstance(order, Transfer | Alternate):
        raise errors.WRONG_PHASE.error(
            reason="transfers and alternates go with the winter orders", text=text
        )
    if isinstance(order, TankMove | TankConvoy):
        return _tank(m, power, order, text, units)
    if isinstance(order, Support):
        tank_support = _support_of_tank_movement(m, power, order, text, units)
        if tank_support is not None:
            return tank_support
    if isinstance(order, Move | Hold | Support) and order.kind == "B":
        raise errors.BOMBER.error(text=text)
    unit = units.get(province_of(getattr(order, "loc", "")))
    if unit is not None and unit.power == "NEUTRAL":
        raise errors.NOT_YOUR_UNIT.error(reason=f"the unit in {unit.loc} is neutral", text=text)
    return standard.check_movement(m, state, power, order, text, units)


def _land_permission(
    state: State1939, power: str, order: LandPermission, text: str
) -> LandPermission:
    """D39 44: the owner of the province lets another power's bomber land there."""
    owners = state.provinces
    if owners.get(order.province) != power:
        raise errors.NOT_OWNER.error(power=power, province=order.province, text=text)
    if order.power == power:
        raise errors.OWN_BOMBER.error(text=text)
    return order


def _tank(
    m: Map, power: str, order: TankMove | TankConvoy, text: str, units: Mapping[str, Unit]
) -> TankMove | TankConvoy:
    """A tank movement through a route province (D39 23), or a fleet convoying a tank (D39 27)."""
    if isinstance(order, TankMove):
        unit = units.get(order.loc)
        if unit is None or unit.power != power or unit.kind != "T":
            raise errors.NO_TANK.error(reason=f"{power} has no tank in {order.loc}", text=text)
        if not tank_route_ok(m, order.loc, order.route, order.dest):
            raise errors.ROUTE.error(loc=order.loc, route=order.route, dest=order.dest)
        return order
    # A fleet convoying a tank (D39 27).
    fleet = units.get(order.loc)
    if fleet is None or fleet.power != power or fleet.kind != "F" or not m.is_sea(order.loc):
        raise errors.CONVOY_FROM_COAST.error(text=text)
    tank = units.get(order.tank_loc)
    if tank is None or tank.kind != "T":
        raise errors.NO_TANK.error(reason=f"there is no tank in {order.tank_loc}", text=text)
    if not (m.is_coastal(order.tank_loc) and m.is_coastal(order.dest)):
        raise errors.CONVOY_ROUTE.error(reason="no convoy can carry that tank there", text=text)
    return order


def _support_of_tank_movement(
    m: Map, power: str, order: Support, text: str, units: Mapping[str, Unit]
) -> Support | None:
    """D39 25: a support into the destination of a tank movement (None: another support)."""
    target = units.get(province_of(order.target_loc))
    if target is not None and target.kind == "T" and order.target_dest is not None:
        tdest = province_of(order.target_dest)
        two_steps = any(tdest in m.army_targets(r) for r in m.army_targets(target.province))
        if two_steps and tdest not in m.army_targets(target.province):
            # D39 25: support into the destination of a tank movement.
            unit = units.get(province_of(order.loc))
            if unit is None or unit.power != power:
                raise errors.NO_UNIT.error(reason=f"{power} has no unit in {order.loc}", text=text)
            if not standard.can_reach(m, unit, tdest):
                raise errors.UNREACHABLE.error(
                    reason=f"{unit.loc} cannot support into {tdest}", text=text
                )
            return replace(
                order, kind=unit.kind, loc=unit.loc, target_kind="T",
                target_loc=target.loc, target_dest=tdest,
            )  # fmt: skip
    return None


def _transfer(m: Map, state: State1939, power: str, order: Transfer, text: str) -> Transfer:
    if order.to not in state.powers or order.to == power:
        raise errors.TRANSFER_TO.error(to=order.to, text=text)
    own = supply.supply_points(m, state.owner_map(), power, state.bombed)
    if order.amount > supply.transfer_limit(own):
        raise errors.TRANSFER_LIMIT.error(own=own, limit=supply.transfer_limit(own), text=text)
    return order


def _adjustment(
    m: Map,
    state: State1939,
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
            raise errors.NO_UNIT.error(reason=f"{power} has no unit in {order.loc}", text=text)
        return Remove(unit.kind, unit.loc)
    if not isinstance(order, Build):
        raise errors.WRONG_PHASE.error(
            reason="only builds, removals, transfers and waives", text=text
        )
    here = standard.build_centre(m, state, power, order.loc, text)
    if here in state.bombed:
        raise errors.BOMBED.error(here=here, text=text)
    kind = order.kind or "A"
    # D39 36: a bomber may share a space with a ground/sea unit, not with a bomber (ruling 4).
    if (here in units) if kind != "B" else any(b.province == here for b in bombers):
        raise errors.OCCUPIED.error(here=here, text=text)
    if kind == "F":
        return standard.fleet_build(m, here, order.loc, text)
    if kind not in supply.COST:
        raise errors.KIND.error(reason="cannot build that kind of unit", text=text)
    return Build(kind, here)
