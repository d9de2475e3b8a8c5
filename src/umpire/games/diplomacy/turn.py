"""The turn of standard Diplomacy, in the order of the 2023 rulebook (:func:`resolve`):

1. Spring movement, then Spring retreats if any unit was dislodged;
2. Fall movement, then Fall retreats if any unit was dislodged;
3. supply centres change hands (a centre belongs to the power whose unit stands in it after
   the Fall moves and retreats); a power with 18 centres wins; at the year limit
   (``max_years``, default 40) the game ends in a draw among the survivors;
4. Winter adjustments if any power has one to make.

Phases nobody has to order are skipped. :func:`end` and :func:`retreat_events` are shared with
the scenarios that reuse these steps.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from umpire.core.events import NO_DATA, Audience, Event
from umpire.core.ruleset import Resolution
from umpire.games.diplomacy import adjustments, memo, movement, notation, retreats
from umpire.games.diplomacy.geography import Map
from umpire.games.diplomacy.model import (
    ADJUSTMENTS,
    FALL,
    MOVEMENT,
    OVER,
    RETREATS,
    SPRING,
    WINTER,
    Dislodged,
    State,
    Unit,
    new_state,
)
from umpire.games.diplomacy.orders import (
    AdjustmentOrder,
    Build,
    Convoy,
    Hold,
    Move,
    MovementOrder,
    Order,
    Remove,
    Retreat,
    RetreatOrder,
    Support,
    Waive,
    unit_province,
)

S = TypeVar("S", bound=State)
PUBLIC = Audience.public()  # immutable: shared by every event
_MOVEMENT_ORDERS = frozenset((Hold, Move, Support, Convoy))
# The status of a carried-out order: (succeeded, failed), by order type.
_new_tuple = tuple.__new__

NO_TEXTS: Mapping[int, str] = {}  # no order's text known beforehand

_STATUS: dict[type, tuple[str, str]] = {
    Move: ("moved", "failed"),
    Support: ("supported", "cut"),
    Convoy: ("convoyed", "disrupted"),
}


def resolve(m: Map, state: State, orders: Mapping[str, Sequence[Order]]) -> Resolution[State]:
    """Adjudicate the phase ``state`` waits for with every power's orders."""
    return run_phase(_PHASES, m, state, orders)


def run_phase(
    phases: Mapping[str, Callable[[Map, S, Mapping[str, Sequence[Any]]], Resolution[S]]],
    m: Map,
    state: S,
    orders: Mapping[str, Sequence[Any]],
) -> Resolution[S]:
    """The step of ``phases`` for the state's phase (none once the game is over)."""
    step = phases.get(state.phase)
    return Resolution(state, []) if step is None else step(m, state, orders)


def movement_phase(
    m: Map, state: State, orders: Mapping[str, Sequence[Order]]
) -> Resolution[State]:
    """A Spring or Fall movement phase: the moves, then retreats or the season's end."""
    units = state.unit_at()
    given: dict[str, MovementOrder] = {}
    kinds = _MOVEMENT_ORDERS
    for power, os in orders.items():
        for o in os:
            if type(o) in kinds:  # by exact type (the order classes are final): cheaper
                mo: MovementOrder = o  # type: ignore[assignment]  # narrowed by the line above
                unit = units.get(mo.loc)  # a location without a coast is its province
                if unit is None:
                    loc = mo.loc
                    if "/" not in loc:
                        continue
                    unit = units.get(loc[: loc.index("/")])  # province_of, inlined
                    if unit is None:
                        continue
                if unit.power == power:
                    given[unit.province] = mo  # the last order for a unit counts
    result = movement.adjudicate(m, state.units, given, units)
    kept = memo.of(m)
    events = order_events(units, result, kept.text_of, kept.made_events())
    dislodged: tuple[Dislodged, ...] = ()  # most phases dislodge no unit
    if result.dislodged:
        dislodged = tuple(
            sorted(Dislodged(u, origin, options) for u, origin, options in result.dislodged)
        )
        events.extend(_dislodged_event(d) for d in dislodged)
    if dislodged:
        phase, season = RETREATS, state.season
    elif state.season == SPRING:
        phase, season = MOVEMENT, FALL  # on to Fall (see after_moves)
    else:
        phase, season = state.phase, state.season
    new = new_state(
        state.scenario,
        state.powers,
        state.year,
        season,
        phase,
        tuple(result.units),
        state.owners,
        dislodged,
        state.max_years,
        state.winners,
        state.result,
        state.turn + 1,
    )
    if dislodged or state.season == SPRING:
        return Resolution(new, events)
    return after_moves(m, new, events)


def _dislodged_event(d: Dislodged) -> Event:
    where = f"it may retreat to {', '.join(d.options)}" if d.options else "it must disband"
    return Event(
        "dislodged",
        PUBLIC,
        f"{d.unit.power} {d.unit.kind} {d.unit.loc} is dislodged from {d.attacker_from}; {where}",
        {"unit": d.unit.text(), "from": d.attacker_from, "options": list(d.options)},
    )


def retreat_events(
    dislodged: Sequence[Dislodged],
    by_unit: Mapping[Any, RetreatOrder],
    fate: Mapping[Any, str],
    key: Any,
    data: bool,
) -> list[Event]:
    """One public event per dislodged unit: its fate (and where it went). ``key`` gives the
    key of a dislodged unit in ``by_unit`` and ``fate``; ``data`` adds the event's data."""
    events = []
    for d in dislodged:
        k = key(d)
        f, ro = fate[k], by_unit.get(k)
        where = f" to {ro.dest}" if f == "retreated" and isinstance(ro, Retreat) else ""
        text = f"{d.unit.power} {d.unit.kind} {d.unit.loc}: {f}{where}"
        fields = {"unit": d.unit.text(), "fate": f} if data else NO_DATA
        events.append(Event("retreat", PUBLIC, text, fields))
    return events


def _by_province(d: Dislodged) -> str:
    return d.unit.province


def retreat_phase(m: Map, state: State, orders: Mapping[str, Sequence[Order]]) -> Resolution[State]:
    """The retreats of the dislodged units, then the season's end."""
    by_unit: dict[str, RetreatOrder] = {}
    for power, os in orders.items():
        for o in os:
            here = unit_province(o)
            for d in state.dislodged:
                if d.unit.province == here and d.unit.power == power:
                    by_unit[here] = o  # type: ignore[assignment]
    survivors, fate = retreats.resolve_retreats(state.dislodged, by_unit, _by_province)
    events = retreat_events(state.dislodged, by_unit, fate, _by_province, data=True)
    new = replace(
        state,
        units=tuple(sorted([*state.units, *survivors])),
        dislodged=(),
        turn=state.turn + 1,
    )
    return after_moves(m, new, events)


def after_moves(m: Map, state: State, events: list[Event]) -> Resolution[State]:
    """After the moves and retreats of a season: on to Fall, or to the year's end."""
    if state.season == SPRING:
        return Resolution(replace(state, season=FALL, phase=MOVEMENT), events)
    # Supply centres change hands after the Fall moves and retreats.
    owners = dict(state.owners)  # in province order
    centres = m.supply_centres
    gained = False  # a centre no one owned before: the order of the owners must be redone
    armies: dict[str, int] = {}  # units per power, counted on the way (powers_to_adjust)
    for u in state.units:
        power, here = u.power, u.province
        armies[power] = armies.get(power, 0) + 1
        if here in centres:
            before = owners.get(here)
            if before != power:
                gained = gained or before is None
                text = (
                    f"{power} takes {here}"
                    if before is None
                    else f"{power} takes {here} from {before}"
                )
                data = {"province": here, "power": power}
                events.append(_new_tuple(Event, ("capture", PUBLIC, text, data)))  # as order_events
                owners[here] = power
    owned = tuple(sorted(owners.items()) if gained else owners.items())
    counts = dict.fromkeys(state.powers, 0)  # centres per seated power (a Counter costs more)
    for owner in owners.values():
        if owner in counts:
            counts[owner] += 1
    leader = max(counts, key=counts.__getitem__)
    if counts[leader] >= m.victory_centres:
        state = replace(state, owners=owned)
        return end(
            state, events, (leader,), "victory", f"{leader} wins with {counts[leader]} centres"
        )
    if state.year >= 1900 + state.max_years:
        state = replace(state, owners=owned)
        alive = tuple(
            p for p in state.powers if counts[p] > 0 or any(u.power == p for u in state.units)
        )
        return end(
            state, events, alive, "draw", f"year limit {state.year}: draw among {', '.join(alive)}"
        )
    # Who must adjust depends on units and centres only, not on the phase.
    if adjustments.powers_to_adjust(m, state.powers, state.units, owners, counts, armies):
        year, season, phase = state.year, WINTER, ADJUSTMENTS
    else:  # next_year, with the new owners: one copy of the state
        year, season, phase = state.year + 1, SPRING, MOVEMENT
    if type(state) is not State:  # a scenario's own state: its own fields too
        return Resolution(
            replace(state, owners=owned, year=year, season=season, phase=phase), events
        )
    new = new_state(
        state.scenario,
        state.powers,
        year,
        season,
        phase,
        state.units,
        owned,
        state.dislodged,
        state.max_years,
        state.winners,
        state.result,
        state.turn,
    )
    return Resolution(new, events)


def adjustment_phase(
    m: Map, state: State, orders: Mapping[str, Sequence[Order]]
) -> Resolution[State]:
    """Winter: builds, removals and civil disorder, then the next year's Spring."""
    wanted: dict[str, list[AdjustmentOrder]] = {}
    for power, os in orders.items():
        wanted[power] = [o for o in os if isinstance(o, Build | Remove | Waive)]
    units, done = adjustments.resolve_adjustments(m, state, wanted)
    events = [
        Event(
            "adjustment",
            PUBLIC,
            f"{p}: {what} {where}".rstrip(),
            {"power": p, "action": what, "unit": where},
        )
        for p, what, where in done
    ]
    return Resolution(next_year(replace(state, units=tuple(units), turn=state.turn + 1)), events)


def next_year(state: State) -> State:
    return replace(state, year=state.year + 1, season=SPRING, phase=MOVEMENT)


def end(
    state: State, events: list[Event], winners: tuple[str, ...], result: str, text: str
) -> Resolution[Any]:
    """The game is over: ``winners`` share the ``result`` ("victory" or "draw")."""
    events.append(Event("game_over", PUBLIC, text, {"result": result, "winners": list(winners)}))
    return Resolution(replace(state, phase=OVER, winners=winners, result=result), events)


_PHASES: dict[str, Any] = {
    MOVEMENT: movement_phase,
    RETREATS: retreat_phase,
    ADJUSTMENTS: adjustment_phase,
}


def order_events(
    units: Mapping[str, Unit],
    result: movement.Result,
    text_of: Mapping[int, str] = NO_TEXTS,
    made: dict[memo.EventKey, Event] | None = None,
) -> list[Event]:
    """One public event per unit, in province order: its order as carried out and its fate.
    ``text_of``: the canonical text of orders known by identity (memo.py), written once.
    ``made``: the events made before for such orders (memo.py), by the order's identity, its
    unit's power, and whether it succeeded; an event is an immutable value, so
    one made before is taken again instead of made anew."""
    orders, void, succeeded, formats = (
        result.orders,
        result.void,
        result.succeeded,
        notation.FORMATS,
    )
    if made is None:
        made = {}
    events: list[Event] = []
    for p, order in orders.items():  # provinces, in order (movement.Result): one order each
        done = succeeded.get(p)
        power = units[p].power
        key = (id(order), power, done)  # p is the order's own province
        event = made.get(key)  # a void order's unit holds by a new Hold: never found
        if event is None:
            voided = void.get(p) if void else None
            if voided is not None:
                events.append(_order_event(p, power, formats[type(voided)](voided), "void"))
                continue
            text = text_of.get(id(order))
            known = text is not None  # a kept line's order: alive, its identity its own
            if text is None:
                text = formats[type(order)](order)
            pair = _STATUS.get(type(order))
            if pair is None:  # a hold
                status = "held" if done is None or done else "dislodged"
            else:
                status = pair[0] if done else pair[1]
            event = _order_event(p, power, text, status)
            if known:
                made[key] = event
        events.append(event)
    return events


def _order_event(province: str, power: str, text: str, status: str) -> Event:
    """The public event of one unit's order (``text``) and its fate (``status``)."""
    data = {"power": power, "order": text, "status": status, "province": province}
    # tuple.__new__ directly: Event's own __new__ is a Python function (a turn makes many)
    return _new_tuple(Event, ("order", PUBLIC, f"{power} {text}: {status}", data))
