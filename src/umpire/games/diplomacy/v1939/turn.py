"""The turn of 1939 III, following the rulebook (:func:`resolve`):

0. the game opens in Autumn 1938 with no unit on the board but the anarchic neutral armies
   (D39 14); the first adjudication is the Winter 1938 build (D39 15);
1. Spring moves: bomber missions are read, ground units adjudicated with tanks (D39 17-29)
   and bomber supports and cuts (D39 38, 39), provinces change owner (D39 5), bombers bomb
   and land (D39 40-44); then retreats if any unit was dislodged, and owners again;
2. Autumn moves (the season is stored as ``fall``, labelled "Autumn"), the same; then supply
   centres change owner (D39 4); a power owning 18 of the 34 centres wins (ruling); at the
   year limit the game is drawn;
3. Winter: SP, transfers, disbands and builds (D39 7-13, 18, 31, 41) for every power, with
   alternate winter orders (D39 12, ruling).

The standard game's steps are reused where the rules are the same: the retreat rules
(:func:`~umpire.games.diplomacy.retreats.resolve_retreats`) and the game's end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from umpire.core.events import Event
from umpire.core.ruleset import Resolution
from umpire.games.diplomacy import retreats
from umpire.games.diplomacy.geography import Map, province_of
from umpire.games.diplomacy.model import (
    ADJUSTMENTS,
    FALL,
    MOVEMENT,
    RETREATS,
    SPRING,
    WINTER,
    Dislodged,
    Unit,
)
from umpire.games.diplomacy.orders import (
    Build,
    Convoy,
    Hold,
    Move,
    Remove,
    RetreatOrder,
    Support,
    Waive,
)
from umpire.games.diplomacy.turn import PUBLIC, end, retreat_events, run_phase
from umpire.games.diplomacy.v1939 import bombers as air
from umpire.games.diplomacy.v1939 import combat, notation, supply
from umpire.games.diplomacy.v1939.model import NEUTRAL, State1939
from umpire.games.diplomacy.v1939.orders import (
    Alternate,
    Flight,
    LandPermission,
    TankConvoy,
    TankMove,
    Transfer,
)

START_YEAR = 1938
_GROUND = (Hold, Move, Support, Convoy, TankMove, TankConvoy)


def resolve(m: Map, state: State1939, orders: Mapping[str, Sequence[Any]]) -> Resolution[State1939]:
    """Adjudicate the phase ``state`` waits for with every power's orders."""
    return run_phase(_PHASES, m, state, orders)


def alive(state: State1939) -> list[str]:
    """The powers with a centre, a unit or a bomber."""
    owners = state.owner_map()
    return [
        p
        for p in state.powers
        if p in owners.values()
        or any(u.power == p for u in state.units)
        or any(b.power == p for b in state.bombers)
    ]


def occupy(owners: Mapping[str, str], units: Sequence[Unit]) -> dict[str, str]:
    """D39 5: a province belongs to the last power whose ground/sea unit stood in it."""
    out = dict(owners)
    for u in units:
        if u.power != NEUTRAL:
            out[u.province] = u.power
    return out


@dataclass
class _Orders:
    """A movement phase's orders, sorted by what reads them."""

    ground: dict[str, Any] = field(default_factory=dict)  # province -> order of its unit
    flights: dict[str, tuple[str, Flight]] = field(default_factory=dict)  # take-off -> flight
    permissions: dict[str, list[LandPermission]] = field(default_factory=dict)  # D39 44


def _sort_orders(state: State1939, orders: Mapping[str, Sequence[Any]]) -> _Orders:
    units = state.unit_at()
    bombers = state.bomber_list()
    out = _Orders()
    for power, given in orders.items():
        for o in given:
            if isinstance(o, _GROUND):
                u = units.get(province_of(o.loc))
                if u is not None and u.power == power:
                    out.ground[u.province] = o
            elif isinstance(o, Flight):
                if any(b.province == o.loc and b.power == power for b in bombers):
                    out.flights[o.loc] = (power, o)
            elif isinstance(o, LandPermission):
                out.permissions.setdefault(power, []).append(o)
    return out


def movement_phase(
    m: Map, state: State1939, orders: Mapping[str, Sequence[Any]]
) -> Resolution[State1939]:
    """A Spring or Autumn movement phase, in the rulebook's steps."""
    given = _sort_orders(state, orders)
    bombers = state.bomber_list()
    # 1. bomber missions flown for the ground fight (D39 38, 39, 43(b)(iii))
    owners_before = dict(state.provinces)
    before = air.Landing(owners_before, air.permits(owners_before, given.permissions))
    helps, aborted = air.missions(m, given.flights, before)
    # 2. the ground adjudication (D39 17-29)
    result = combat.adjudicate(m, state.units, given.ground, helps)
    events = _ground_events(state.unit_at(), given.ground, result)
    # 3. provinces change owner at the end of the season's moves (D39 5)
    owners_after = occupy(owners_before, result.units)
    # 4. bombers bomb and land (D39 40-44)
    after = air.Landing(owners_after, air.permits(owners_after, given.permissions))
    placed, bombed, report = air.land(
        m,
        bombers,
        {k: f for k, (_, f) in given.flights.items()},
        after,
        {u.province: u for u in result.units},
        result.contested,
        aborted,
        {p for p, o in given.ground.items() if isinstance(o, Support) and p not in result.void},
    )
    events += _bomber_events(bombers, given.flights, report)
    dislodged = tuple(
        sorted(Dislodged(u, origin, options) for u, origin, options in result.dislodged)
    )
    events += [_dislodged_event(d) for d in dislodged]
    new = replace(
        state,
        units=tuple(sorted(result.units)),
        dislodged=dislodged,
        turn=state.turn + 1,
        phase=RETREATS if dislodged else MOVEMENT,
        bombers=tuple(placed),
        provinces=dict(sorted(owners_after.items())),
        bombed=tuple(sorted(set(state.bombed) | set(bombed))),
    )
    if dislodged:
        return Resolution(new, events)
    return after_moves(m, new, events)


def _ground_events(
    units: Mapping[str, Unit], ground: Mapping[str, Any], result: combat.Result
) -> list[Event]:
    """One public event per unit (a neutral army only when it did something but hold)."""
    return [
        Event(
            "order",
            PUBLIC,
            f"{u.power} {notation.format_order(ground.get(p, Hold(u.kind, u.loc)))}: "
            f"{result.status.get(p, 'held')}",
            {"power": u.power, "status": result.status.get(p, "held"), "province": p},
        )
        for p, u in sorted(units.items())
        if u.power != NEUTRAL or p not in result.status or result.status[p] != "held"
    ]


def _bomber_events(
    bombers: Sequence[Unit],
    flights: Mapping[str, tuple[str, Flight]],
    report: Sequence[tuple[str, str]],
) -> list[Event]:
    by_loc = {b.province: b for b in bombers}
    events = []
    for takeoff, text in report:
        b = by_loc[takeoff]
        f = flights.get(takeoff)
        said = notation.format_order(f[1]) if f else f"B {takeoff} H"
        events.append(Event("bomber", PUBLIC, f"{b.power} {said}: {text}", {"unit": b.text()}))
    return events


def _dislodged_event(d: Dislodged) -> Event:
    where = ", ".join(d.options) if d.options else "nowhere: it must disband"
    return Event(
        "dislodged",
        PUBLIC,
        f"{d.unit.power} {d.unit.kind} {d.unit.loc} is dislodged from "
        f"{d.attacker_from}; it may retreat to {where}",
        {"unit": d.unit.text(), "options": list(d.options)},
    )


def _by_power_and_space(d: Dislodged) -> tuple[str, str]:
    return (d.unit.power, d.unit.province)


def retreat_phase(
    m: Map, state: State1939, orders: Mapping[str, Sequence[Any]]
) -> Resolution[State1939]:
    """The standard retreat rules, each unit known by (power, space): two units of two powers
    may have been dislodged from one space (a tank halted in its route, and the holder it beat
    there)."""
    by_unit: dict[tuple[str, str], RetreatOrder] = {}
    for power, given in orders.items():
        for o in given:
            by_unit[(power, province_of(getattr(o, "loc", "")))] = o
    key = _by_power_and_space
    survivors, fate = retreats.resolve_retreats(state.dislodged, by_unit, key)
    events = retreat_events(state.dislodged, by_unit, fate, key, data=False)
    new = replace(
        state,
        units=tuple(sorted([*state.units, *survivors])),
        dislodged=(),
        turn=state.turn + 1,
        provinces=dict(sorted(occupy(state.provinces, survivors).items())),
    )
    return after_moves(m, new, events)


def after_moves(m: Map, state: State1939, events: list[Event]) -> Resolution[State1939]:
    """After a season's moves and retreats: on to Autumn, or the centres change owner."""
    if state.season == SPRING:
        state = _occupied_centres_lost(state, events)
        return Resolution(replace(state, season=FALL, phase=MOVEMENT), events)
    # D39 4: centres change owner after the Autumn adjudication.
    owners = state.owner_map()
    for u in state.units:
        if u.power == NEUTRAL or u.province not in m.supply_centres:
            continue
        if owners.get(u.province) != u.power:
            events.append(Event("capture", PUBLIC, f"{u.power} takes {u.province}"))
            owners[u.province] = u.power
    state = replace(state, owners=tuple(sorted(owners.items())))
    held = Counter(owners.values())
    leader = max(state.powers, key=lambda p: held[p])
    if held[leader] >= m.victory_centres:  # ruling: the standard victory
        return end(state, events, (leader,), "victory", f"{leader} wins, {held[leader]} centres")
    if state.year >= START_YEAR + state.max_years:
        return end(state, events, tuple(alive(state)), "draw", f"year limit {state.year}: draw")
    return Resolution(replace(state, season=WINTER, phase=ADJUSTMENTS), events)


def _occupied_centres_lost(state: State1939, events: list[Event]) -> State1939:
    """D39 4, 6: a centre stays owned only while no other player's ground/sea unit has
    occupied it since; occupied at the end of a Spring, it is lost (and owned by the occupier
    only if it still stands there after the Autumn)."""
    owners = state.owner_map()
    lost = []
    for u in state.units:
        owner = owners.get(u.province)
        if owner is not None and u.power not in (owner, NEUTRAL):
            lost.append(u.province)
            events.append(
                Event(
                    "lost",
                    PUBLIC,
                    f"{owner} loses {u.province}: occupied by {u.power} (D39 4)",
                    {"province": u.province, "power": owner, "by": u.power},
                )
            )
            del owners[u.province]
    return replace(state, owners=tuple(sorted(owners.items()))) if lost else state


def winter(m: Map, state: State1939, orders: Mapping[str, Sequence[Any]]) -> Resolution[State1939]:
    """D39 7-13: SP, transfers, disbands and builds; then the next year's Spring."""
    wanted = {
        p: [o for o in os if isinstance(o, Build | Remove | Waive | Transfer | Alternate)]
        for p, os in orders.items()
    }
    w = supply.resolve_winter(m, state, state.bomber_list(), wanted, list(state.bombed))
    events = [
        Event("adjustment", PUBLIC, f"{p}: {what} {detail}".rstrip(), {"power": p})
        for p, what, detail in w.done
    ]
    events.extend(
        Event("supply", PUBLIC, f"{p}: {sp} SP this winter", {"power": p, "sp": sp})
        for p, sp in sorted(w.sp.items())
    )
    new = replace(
        state,
        units=tuple(w.units),
        turn=state.turn + 1,
        year=state.year + 1,
        season=SPRING,
        phase=MOVEMENT,
        bombers=tuple(w.bombers),
        bombed=(),  # D39 41: for the following winter only
        sp=dict(sorted(w.sp.items())),
    )
    return Resolution(new, events)


_PHASES: dict[str, Any] = {MOVEMENT: movement_phase, RETREATS: retreat_phase, ADJUSTMENTS: winter}
