"""Legality: is an understood order allowed for this power's unit in this phase?

Validation reads the state and never changes it. It returns the order *normalised* against the
position (DATC 4.C.1/4.C.2: a missing or wrong unit designation takes the actual unit's;
4.B.5: a wrong coast of the ordered unit is ignored; 4.B.2: a fleet moving to a split-coast
province that it can reach on one coast only goes to that coast) or raises
:class:`OrderError` with an ``illegal/`` code. An illegal order is no order: the unit holds
(2023 rulebook; DATC 4.E.1).

"Legal" is the DATC's sense (4.E.1): an order that, not knowing the other orders, could be
valid. Whether a support or convoy matches the order of the unit it names is decided at
adjudication (a non-matching order is *void*, not illegal).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from umpire.games.diplomacy import errors
from umpire.games.diplomacy.geography import Map, province_of
from umpire.games.diplomacy.model import ADJUSTMENTS, MOVEMENT, RETREATS, State, Unit
from umpire.games.diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    MovementOrder,
    Order,
    Remove,
    Retreat,
    Support,
    Waive,
)

_NOWHERE: frozenset[str] = frozenset()
_NOWHERE_TO: dict[str, str] = {}


class Quoted:
    """An order's canonical text for an error message, written only if a message quotes it
    (most orders are legal: formatting every one to be ready is waste). ``{text!r}``,
    ``{text}`` and ``str()`` give what they give for the text itself."""

    __slots__ = ("fmt", "order")

    def __init__(self, order: object, fmt: Callable[[Any], str]) -> None:
        self.order = order
        self.fmt = fmt

    def __str__(self) -> str:
        return self.fmt(self.order)

    def __repr__(self) -> str:
        return repr(self.fmt(self.order))

    def __format__(self, spec: str) -> str:
        return format(self.fmt(self.order), spec)


# The text of the order a check quotes: as written, or to be written (Quoted).
Text = str | Quoted


def build_centre(m: Map, state: State, power: str, loc: str, text: Text) -> str:
    """The province of a build at ``loc``: a home supply centre that ``power`` owns."""
    here = province_of(loc)
    if here not in m.homes.get(power, frozenset()):
        raise errors.NOT_HOME.error(here=here, power=power, text=text)
    if state.owner_map().get(here) != power:
        raise errors.NOT_OWNED.error(power=power, here=here, text=text)
    return here


def _own_unit(units: Mapping[str, Unit], power: str, loc: str, text: Text) -> Unit:
    unit = units.get(province_of(loc))
    if unit is None:
        raise errors.NO_UNIT.error(reason=f"there is no unit in {province_of(loc)}", text=text)
    if unit.power != power:
        raise errors.NOT_YOUR_UNIT.error(
            reason=f"the unit in {unit.loc} is {unit.power}'s", text=text
        )
    return unit


def fleet_destination(m: Map, loc: str, dest: str) -> str | None:
    """The location a fleet at ``loc`` ordered to ``dest`` would move to (DATC 4.B.1-4.B.3)."""
    return m.fleet_moves.get(loc, _NOWHERE_TO).get(dest)


def could_move(m: Map, unit: Unit, dest: str) -> bool:
    """Whether ``unit`` could ever move to province ``dest`` (convoys allowed for armies)."""
    if unit.province == dest:
        return False
    if unit.kind == "F":
        return dest in m.fleet_reach.get(unit.loc, _NOWHERE)
    if dest in m.army_adj.get(unit.province, _NOWHERE):
        return True
    return m.is_coastal(unit.province) and m.is_coastal(dest)


def fleet_chain(m: Map, state: State, src: str, dest: str) -> bool:
    """Whether fleets at sea form a chain from ``src`` to ``dest`` (orders unknown)."""
    if not (m.is_coastal(src) and m.is_coastal(dest)):
        return False
    reach = m.fleet_reach
    fleets = {u.province for u in state.units if u.kind == "F" and m.is_sea(u.province)}
    todo = [f for f in fleets if src in reach[f]]
    seen = set(todo)
    while todo:
        here = todo.pop()
        if dest in reach[here]:
            return True
        for nxt in fleets:
            if nxt not in seen and nxt in reach[here]:
                seen.add(nxt)
                todo.append(nxt)
    return False


def on_convoy_route(m: Map, state: State, src: str, dest: str, sea: str) -> bool:
    """Is the fleet in ``sea`` needed on some chain of fleets at sea from ``src`` to ``dest``?

    A chain is a path of fleet-occupied seas whose first touches ``src`` and whose last
    touches ``dest``, and in which no fleet is superfluous: only the last touches ``dest`` and
    only the first touches ``src`` (DATC 4.E.1 and 6.G.19: a convoy order no route needs is
    illegal).
    """
    reach = m.fleet_reach
    fleets = {u.province for u in state.units if u.kind == "F" and m.is_sea(u.province)}

    def extend(path: list[str]) -> bool:
        last = path[-1]
        if dest in reach[last]:
            return sea in path
        for nxt in fleets:
            fresh = nxt not in path and nxt in reach[last] and src not in reach[nxt]
            if fresh and extend([*path, nxt]):
                return True
        return False

    return any(extend([first]) for first in fleets if src in reach[first])


def can_reach(m: Map, unit: Unit, province: str) -> bool:
    """Whether ``unit`` borders ``province`` well enough to support into it."""
    if unit.kind == "F":
        return province in m.fleet_reach.get(unit.loc, _NOWHERE)
    return province in m.army_adj.get(unit.province, _NOWHERE)


_NOT_MOVEMENT = frozenset((Build, Remove, Waive, Retreat, Disband))


def check_movement(
    m: Map, state: State, power: str, order: Order, text: Text, units: Mapping[str, Unit]
) -> Order:
    kind = type(order)  # by exact type (the order classes are final): cheaper than isinstance
    if kind in _NOT_MOVEMENT:
        raise errors.WRONG_PHASE.error(reason="not a movement order", text=text)
    mo: MovementOrder = order  # type: ignore[assignment]  # narrowed by the line above
    loc = mo.loc
    unit = units.get(loc[: loc.index("/")] if "/" in loc else loc)
    if unit is None or unit.power != power:
        unit = _own_unit(units, power, loc, text)  # raises: no unit there, or not ours
    if mo.kind != unit.kind or loc != unit.loc:
        mo = replace(mo, kind=unit.kind, loc=unit.loc)
    if isinstance(mo, Move):
        return _check_move(m, state, unit, mo, text)
    if isinstance(mo, Hold):
        return mo
    if isinstance(mo, Support):
        return _check_support(m, unit, mo, text, units)
    if isinstance(mo, Convoy):
        return _check_convoy(m, state, unit, mo, text, units)
    raise errors.WRONG_PHASE.error(reason="not a movement order", text=text)


def _check_move(m: Map, state: State, unit: Unit, order: Move, text: Text) -> Order:
    dest = province_of(order.dest)
    if unit.kind == "F":
        if order.via_convoy:
            raise errors.CONVOY_FLEET.error(text=text)
        got = m.fleet_moves.get(unit.loc, _NOWHERE_TO).get(order.dest)  # fleet_destination
        if got is None:
            if dest == unit.province:
                raise errors.SAME_PLACE.error(text=text)
            if m.provinces[dest].coasts and any(
                t.split("/")[0] == dest for t in m.fleet_targets(unit.loc)
            ):
                raise errors.COAST.error(
                    reason=f"say which coast of {dest}, or a reachable one", text=text
                )
            raise errors.UNREACHABLE.error(
                reason=f"{unit.loc} does not border {order.dest}", text=text
            )
        return order if got == order.dest else replace(order, dest=got)
    # An army: a coast on its destination is ignored (DATC 4.B.6).
    adjacent = dest in m.army_adj.get(unit.province, _NOWHERE)
    if not (adjacent or could_move(m, unit, dest)) or dest in m.seas:
        if dest == unit.province:
            raise errors.SAME_PLACE.error(text=text)
        raise errors.UNREACHABLE.error(
            reason=f"an army in {unit.loc} cannot reach {dest}", text=text
        )
    # By convoy: legal only if fleets at sea could carry it (DATC 6.D.32, 4.E.1).
    if (order.via_convoy or not adjacent) and not fleet_chain(m, state, unit.province, dest):
        raise errors.NO_CONVOY.error(text=text)
    return order if dest == order.dest else replace(order, dest=dest)


def _check_support(
    m: Map, unit: Unit, order: Support, text: Text, units: Mapping[str, Unit]
) -> Order:
    target = units.get(province_of(order.target_loc))
    if target is None:
        raise errors.NO_UNIT.error(
            reason=f"there is no unit in {order.target_loc} to support", text=text
        )
    if target.province == unit.province:
        raise errors.SUPPORT_SELF.error(reason="a unit cannot support itself", text=text)
    if order.target_kind != target.kind or order.target_loc != target.loc:
        order = replace(order, target_kind=target.kind, target_loc=target.loc)
    if order.target_dest is None:
        if not can_reach(m, unit, target.province):
            raise errors.UNREACHABLE.error(
                reason=f"{unit.loc} cannot support into {target.province}", text=text
            )
        return order
    tdest = province_of(order.target_dest)
    if tdest == unit.province:
        raise errors.SUPPORT_SELF.error(
            reason="a unit cannot support a move into itself", text=text
        )
    if not can_reach(m, unit, tdest):
        raise errors.UNREACHABLE.error(reason=f"{unit.loc} cannot support into {tdest}", text=text)
    if not could_move(m, target, tdest):
        raise errors.IMPOSSIBLE_MOVE.error(reason="the supported unit cannot move there", text=text)
    coast = target.kind == "F" and "/" in order.target_dest
    if coast and fleet_destination(m, target.loc, order.target_dest) is None:
        raise errors.IMPOSSIBLE_MOVE.error(
            reason="the supported fleet cannot reach that coast", text=text
        )
    if ("/" not in order.target_dest or target.kind != "F") and tdest != order.target_dest:
        return replace(order, target_dest=tdest)
    return order


def _check_convoy(
    m: Map, state: State, unit: Unit, order: Convoy, text: Text, units: Mapping[str, Unit]
) -> Order:
    if unit.kind != "F" or not m.is_sea(unit.province):
        raise errors.CONVOY_FROM_COAST.error(text=text)
    army = units.get(province_of(order.army_loc))
    if army is None:
        raise errors.NO_UNIT.error(
            reason=f"there is no unit in {order.army_loc} to convoy", text=text
        )
    if army.kind != "A":
        raise errors.CONVOY_FLEET.error(text=text)
    dest = province_of(order.army_dest)
    if not (m.is_coastal(army.province) and m.is_coastal(dest)) or dest == army.province:
        raise errors.CONVOY_ROUTE.error(reason="no convoy can carry that army there", text=text)
    if not on_convoy_route(m, state, army.province, dest, unit.province):
        raise errors.CONVOY_ROUTE.error(
            reason=f"{unit.province} is on no convoy route of that army", text=text
        )
    if army.loc == order.army_loc and dest == order.army_dest:
        return order
    return replace(order, army_loc=army.loc, army_dest=dest)


def check_retreat(m: Map, state: State, power: str, order: Order, text: Text) -> Order:
    if isinstance(order, Move) and not order.via_convoy:
        order = Retreat(order.kind, order.loc, order.dest)
    if isinstance(order, Remove):
        order = Disband(order.kind, order.loc)
    if not isinstance(order, Retreat | Disband):
        raise errors.WRONG_PHASE.error(reason="only retreats and disbands now", text=text)
    here = province_of(order.loc)
    found = [d for d in state.dislodged if d.unit.province == here]
    if not found:
        raise errors.NOT_DISLODGED.error(here=here, text=text)
    d = found[0]
    if d.unit.power != power:
        raise errors.NOT_YOUR_UNIT.error(
            reason=f"the unit in {here} is {d.unit.power}'s", text=text
        )
    if isinstance(order, Disband):
        return Disband(d.unit.kind, d.unit.loc)
    dest = order.dest
    if d.unit.kind == "F":
        got = fleet_destination(m, d.unit.loc, dest)
        dest = got or dest
    else:
        dest = province_of(dest)
    if dest not in d.options:
        raise errors.RETREAT.error(loc=d.unit.loc, dest=order.dest, text=text)
    return Retreat(d.unit.kind, d.unit.loc, dest)


def fleet_build(m: Map, here: str, loc: str, text: Text) -> Build:
    """A fleet built at ``loc`` in the centre ``here``: never inland, and on a named coast of a
    province with two (2023 rulebook; DATC 4.C.3)."""
    if m.is_land(here):
        raise errors.FLEET_INLAND.error(text=text)
    if m.provinces[here].coasts and "/" not in loc:
        raise errors.COAST.error(reason=f"say on which coast of {here} to build", text=text)
    return Build("F", loc)


def check_adjustment(
    m: Map, state: State, power: str, order: Order, text: Text, units: Mapping[str, Unit]
) -> Order:
    if isinstance(order, Disband):
        order = Remove(order.kind, order.loc)
    if isinstance(order, Waive):
        return order
    if isinstance(order, Remove):
        unit = _own_unit(units, power, order.loc, text)
        return Remove(unit.kind, unit.loc)
    if not isinstance(order, Build):
        raise errors.WRONG_PHASE.error(reason="only builds, removals and waives now", text=text)
    here = build_centre(m, state, power, order.loc, text)
    if here in units:
        raise errors.OCCUPIED.error(here=here, text=text)
    kind = order.kind
    if not kind:
        # DATC 4.C.3 (c): an army inland, a fleet where a coast is named, else no build.
        if m.is_land(here):
            kind = "A"
        elif "/" in order.loc:
            kind = "F"
        else:
            raise errors.KIND.error(reason="say whether to build an army or a fleet", text=text)
    if kind == "F":
        return fleet_build(m, here, order.loc, text)
    if kind != "A":
        raise errors.KIND.error(reason="cannot build that kind of unit", text=text)
    return Build("A", here)


def check(
    m: Map,
    state: State,
    power: str,
    order: Order,
    text: Text,
    units: Mapping[str, Unit] | None = None,
) -> Order:
    """The order normalised for the current phase, or :class:`OrderError` (illegal/...).

    ``units`` is ``state.unit_at()``, passed in when checking many orders of one position.
    """
    if units is None:
        units = state.unit_at()
    if state.phase == MOVEMENT:
        return check_movement(m, state, power, order, text, units)
    if state.phase == RETREATS:
        return check_retreat(m, state, power, order, text)
    if state.phase == ADJUSTMENTS:
        return check_adjustment(m, state, power, order, text, units)
    raise errors.GAME_OVER.error(text=text)
