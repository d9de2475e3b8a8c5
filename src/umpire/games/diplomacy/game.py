"""Standard Diplomacy as an Umpire :class:`~umpire.core.ruleset.Ruleset`.

The year, as the 2023 rulebook orders it (:meth:`Diplomacy.resolve`):

1. Spring movement, then Spring retreats if any unit was dislodged;
2. Fall movement, then Fall retreats if any unit was dislodged;
3. supply centres change hands (a centre belongs to the power whose unit stands in it after
   the Fall moves and retreats); a power with 18 centres wins; at the year limit
   (``max_years``, default 40) the game ends in a draw among the survivors;
4. Winter adjustments if any power has one to make.

Phases nobody has to order are skipped.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from umpire.core.chance import Chance
from umpire.core.events import Audience, Event
from umpire.core.problems import OrderError, Parsed
from umpire.core.ruleset import GameInfo, Outcome, Pending, Resolution, ScenarioInfo, View
from umpire.games.diplomacy import adjustments, legality, movement, notation, retreats
from umpire.games.diplomacy.bot import bot_orders
from umpire.games.diplomacy.geography import Map, province_of, standard_map
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
from umpire.games.diplomacy.printout import printout
from umpire.games.diplomacy.state import (
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
    dump_state,
    load_state,
)
from umpire.games.diplomacy.v1939 import notation as v1939_notation  # registers its formats

if TYPE_CHECKING:
    from umpire.games.diplomacy.v1939.game import V1939

POWERS = ("AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR")
V1939_POWERS = ("ENG", "FRA", "GER", "ITA", "RUS", "TUR")
POWER_NAMES = {
    "AUS": "Austria",
    "ENG": "England",
    "FRA": "France",
    "GER": "Germany",
    "ITA": "Italy",
    "RUS": "Russia",
    "TUR": "Turkey",
}

INFO = GameInfo(
    name="diplomacy",
    title="Diplomacy",
    aliases=("dip", "standard-diplomacy"),
    scenarios=(
        ScenarioInfo(
            name="standard",
            title="Standard Diplomacy (1901)",
            powers=POWERS,
            min_players=7,
            max_players=7,
            description="The classic seven-power game on the standard map.",
            default_powers=POWERS,
        ),
        ScenarioInfo(
            name=v1939_notation.SCENARIO,
            title="Diplomacy 1939 III (Autumn 1938)",
            powers=V1939_POWERS,
            min_players=6,
            max_players=6,
            description="Duncan & Newnham's six-power 1939 variant: supply points, tanks, "
            "bombers and anarchic neutral armies, on a reconstructed 1939 map.",
            default_powers=V1939_POWERS,
        ),
    ),
    hidden_information=False,
    uses_chance=False,
    rulebook="diplomacy",
)


class Diplomacy:
    """The Ruleset of standard Diplomacy (2023 rulebook, DATC 3.0 preferred options)."""

    info = INFO

    def __init__(self, geography: Map | None = None) -> None:
        self.map = geography or standard_map()
        self._v1939: V1939 | None = None

    @property
    def v1939(self) -> V1939:
        """The 1939 III engine, built on first use (the standard game never needs it)."""
        if self._v1939 is None:
            from umpire.games.diplomacy.v1939.game import V1939

            self._v1939 = V1939()
        return self._v1939

    # -- setting up ----------------------------------------------------------------------------

    def new_game(
        self, scenario: str, powers: Sequence[str], chance: Chance, settings: Mapping[str, Any]
    ) -> State:
        if scenario == v1939_notation.SCENARIO:
            return self.v1939.new_game(powers, settings)
        units = [
            Unit(text.split()[1], text.split()[0], power)
            for power, texts in self.map.start.items()
            for text in texts
        ]
        owners = tuple(
            sorted((p, prov.home) for p, prov in self.map.provinces.items() if prov.home)
        )
        max_years = int(settings.get("max_years", 40))
        if max_years < 1:
            raise ValueError("max_years must be at least 1")
        return State(
            scenario=scenario,
            powers=tuple(powers),
            year=1901,
            season=SPRING,
            phase=MOVEMENT,
            units=tuple(sorted(units)),
            owners=owners,
            max_years=max_years,
        )

    def pending(self, state: State) -> Pending:
        if state.scenario == v1939_notation.SCENARIO:
            return self.v1939.pending(state)
        if state.phase == MOVEMENT:
            who = sorted({u.power for u in state.units})
            kinds: tuple[str, ...] = ("moves",)
        elif state.phase == RETREATS:
            who = sorted({d.unit.power for d in state.dislodged})
            kinds = ("retreats",)
        elif state.phase == ADJUSTMENTS:
            who = sorted(adjustments.must_adjust(self.map, state))
            kinds = ("adjustments",)
        else:
            who, kinds = [], ()
        return Pending(state.turn, state.label, tuple(who), kinds)

    # -- orders --------------------------------------------------------------------------------

    def parse(self, state: State, power: str, text: str) -> Parsed[Order]:
        if state.scenario == v1939_notation.SCENARIO:
            return self.v1939.parse(state, power, text)
        headers = (power, POWER_NAMES.get(power, "").upper())
        units = state.unit_at()
        m = self.map
        parsed: Parsed[Order] = Parsed()
        accepted = parsed.orders
        check = legality.check_movement if state.phase == MOVEMENT else legality.check
        parse_order = notation.parse_order
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or line[0] == "#":
                continue
            if line[-1] == ":" and line.rstrip(":").strip().upper() in headers:
                continue  # a header line naming the submitting power ("England:")
            try:
                try:
                    order = parse_order(m, line)
                except OrderError:
                    raise
                except Exception as err:  # never let player text raise
                    raise OrderError("syntax/unreadable", f"cannot read {line!r}") from err
                accepted.append((number, check(m, state, power, order, line, units)))
            except OrderError as err:
                parsed.reject(number, err.code, err.message, line)
        if state.phase != ADJUSTMENTS and len(accepted) > 1:
            _keep_last_per_unit(parsed)
        return parsed

    def format(self, order: Order) -> str:
        return notation.format_order(order)

    def order_options(self, state: State, power: str) -> dict[str, list[str]]:
        """The legal orders of each unit of ``power`` (for select lists; see options.py)."""
        from umpire.games.diplomacy import options

        if state.scenario == v1939_notation.SCENARIO:
            return options.legal_orders(self, self.v1939.map, state, power)
        return options.legal_orders(self, self.map, state, power)

    def survivors(self, state: State) -> list[str]:
        """The powers still in the game (a supply centre or a unit): who votes on a draw."""
        if state.scenario == v1939_notation.SCENARIO:
            return self.v1939.alive(state)
        owners = set(state.owner_map().values())
        return [p for p in state.powers if p in owners or any(u.power == p for u in state.units)]

    # -- the turn ------------------------------------------------------------------------------

    def resolve(
        self, state: State, orders: Mapping[str, Sequence[Order]], chance: Chance
    ) -> Resolution[State]:
        if state.scenario == v1939_notation.SCENARIO:
            return self.v1939.resolve(state, orders)
        if state.phase == MOVEMENT:
            return self._movement(state, orders)
        if state.phase == RETREATS:
            return self._retreats(state, orders)
        if state.phase == ADJUSTMENTS:
            return self._adjustments(state, orders)
        return Resolution(state, [])

    def _movement(self, state: State, orders: Mapping[str, Sequence[Order]]) -> Resolution[State]:
        units = state.unit_at()
        given: dict[str, MovementOrder] = {}
        for power, os in orders.items():
            for o in os:
                if isinstance(o, _MOVEMENT_ORDERS):
                    here = province_of(o.loc)
                    unit = units.get(here)
                    if unit is not None and unit.power == power:
                        given[here] = o  # the last order for a unit counts
        result = movement.adjudicate(self.map, state.units, given)
        events = _order_events(units, result)
        dislodged = tuple(
            sorted(Dislodged(u, origin, options) for u, origin, options in result.dislodged)
        )
        for d in dislodged:
            events.append(
                Event(
                    "dislodged",
                    _PUBLIC,
                    f"{d.unit.power} {d.unit.kind} {d.unit.loc} is dislodged from {d.attacker_from}; "
                    + (
                        f"it may retreat to {', '.join(d.options)}"
                        if d.options
                        else "it must disband"
                    ),
                    {"unit": d.unit.text(), "from": d.attacker_from, "options": list(d.options)},
                )
            )
        if dislodged:
            phase, season = RETREATS, state.season
        elif state.season == SPRING:
            phase, season = MOVEMENT, FALL  # on to Fall (see _after_moves)
        else:
            phase, season = state.phase, state.season
        new = State(
            scenario=state.scenario,
            powers=state.powers,
            year=state.year,
            season=season,
            phase=phase,
            units=tuple(result.units),
            owners=state.owners,
            dislodged=dislodged,
            max_years=state.max_years,
            winners=state.winners,
            result=state.result,
            turn=state.turn + 1,
            extra=state.extra,
        )
        if dislodged or state.season == SPRING:
            return Resolution(new, events)
        return self._after_moves(new, events)

    def _retreats(self, state: State, orders: Mapping[str, Sequence[Order]]) -> Resolution[State]:
        by_unit: dict[str, RetreatOrder] = {}
        for power, os in orders.items():
            for o in os:
                here = unit_province(o)
                for d in state.dislodged:
                    if d.unit.province == here and d.unit.power == power:
                        by_unit[here] = o  # type: ignore[assignment]
        survivors, fate = retreats.resolve_retreats(state.dislodged, by_unit)
        events = []
        for d in state.dislodged:
            f = fate[d.unit.province]
            ro = by_unit.get(d.unit.province)
            where = f" to {ro.dest}" if f == "retreated" and isinstance(ro, Retreat) else ""
            events.append(
                Event(
                    "retreat",
                    Audience.public(),
                    f"{d.unit.power} {d.unit.kind} {d.unit.loc}: {f}{where}",
                    {"unit": d.unit.text(), "fate": f},
                )
            )
        new = replace(
            state,
            units=tuple(sorted([*state.units, *survivors])),
            dislodged=(),
            turn=state.turn + 1,
        )
        return self._after_moves(new, events)

    def _after_moves(self, state: State, events: list[Event]) -> Resolution[State]:
        """After the moves and retreats of a season: on to Fall, or to the year's end."""
        if state.season == SPRING:
            return Resolution(replace(state, season=FALL, phase=MOVEMENT), events)
        # Supply centres change hands after the Fall moves and retreats.
        owners = state.owner_map()
        centres = self.map.supply_centres
        for u in state.units:
            if u.province in centres and owners.get(u.province) != u.power:
                events.append(
                    Event(
                        "capture",
                        Audience.public(),
                        f"{u.power} takes {u.province}"
                        + (f" from {owners[u.province]}" if u.province in owners else ""),
                        {"province": u.province, "power": u.power},
                    )
                )
                owners[u.province] = u.power
        state = replace(state, owners=tuple(sorted(owners.items())))
        held = Counter(owners.values())
        counts = {p: held[p] for p in state.powers}
        leader = max(counts, key=lambda p: counts[p])
        if counts[leader] >= self.map.victory_centres:
            return self._end(
                state, events, (leader,), "victory", f"{leader} wins with {counts[leader]} centres"
            )
        if state.year >= 1900 + state.max_years:
            alive = tuple(
                p for p in state.powers if counts[p] > 0 or any(u.power == p for u in state.units)
            )
            return self._end(
                state,
                events,
                alive,
                "draw",
                f"year limit {state.year}: draw among {', '.join(alive)}",
            )
        # Who must adjust depends on units and centres only, not on the phase.
        if not adjustments.must_adjust(self.map, state):
            return Resolution(self._next_year(state), events)
        return Resolution(replace(state, season=WINTER, phase=ADJUSTMENTS), events)

    def _adjustments(
        self, state: State, orders: Mapping[str, Sequence[Order]]
    ) -> Resolution[State]:
        wanted: dict[str, list[AdjustmentOrder]] = {}
        for power, os in orders.items():
            wanted[power] = [o for o in os if isinstance(o, Build | Remove | Waive)]
        units, done = adjustments.resolve_adjustments(self.map, state, wanted)
        events = [
            Event(
                "adjustment",
                Audience.public(),
                f"{p}: {what} {where}".rstrip(),
                {"power": p, "action": what, "unit": where},
            )
            for p, what, where in done
        ]
        return Resolution(
            self._next_year(replace(state, units=tuple(units), turn=state.turn + 1)), events
        )

    def _next_year(self, state: State) -> State:
        return replace(state, year=state.year + 1, season=SPRING, phase=MOVEMENT)

    def _end(
        self, state: State, events: list[Event], winners: tuple[str, ...], result: str, text: str
    ) -> Resolution[State]:
        events.append(
            Event(
                "game_over", Audience.public(), text, {"result": result, "winners": list(winners)}
            )
        )
        return Resolution(replace(state, phase=OVER, winners=winners, result=result), events)

    def declare_draw(self, state: State, powers: Sequence[str]) -> State:
        """The game master ends the game as a draw among ``powers`` (2023 rulebook)."""
        return replace(state, phase=OVER, winners=tuple(powers), result="draw")

    # -- what players see ----------------------------------------------------------------------

    def view(self, state: State, power: str | None) -> View:
        # Diplomacy hides nothing but unresolved orders, which never enter the state.
        if state.scenario == v1939_notation.SCENARIO:
            return self.v1939.view(state)
        return {
            "phase": state.label,
            "year": state.year,
            "season": state.season,
            "units": [u.text() for u in state.units],
            "dislodged": [d.to_json() for d in state.dislodged],
            "centres": {p: state.centres_of(p) for p in state.powers},
            "result": state.result,
            "winners": list(state.winners),
        }

    def printout(self, state: State, events: Sequence[Event], power: str | None) -> str:
        if state.scenario == v1939_notation.SCENARIO:
            return self.v1939.printout(state, events, power)
        return printout(self.map, state, events, power)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        share = 1.0 / len(state.winners) if state.winners else 0.0
        scores = {p: (share if p in state.winners else 0.0) for p in state.powers}
        what = "wins" if state.result == "victory" else "draw"
        return Outcome(state.winners, scores, f"{what}: {', '.join(state.winners)} ({state.year})")

    def dump_state(self, state: State) -> dict[str, Any]:
        return dump_state(state)

    def load_state(self, data: dict[str, Any]) -> State:
        return load_state(data)

    def bot_orders(self, state: State, power: str, chance: Chance) -> str:
        if state.scenario == v1939_notation.SCENARIO:
            from umpire.games.diplomacy.v1939.bot import bot_orders as v1939_bot

            return v1939_bot(self.v1939, state, power, chance)
        return bot_orders(self.map, state, power, chance)


def _keep_last_per_unit(parsed: Parsed[Order]) -> None:
    """A unit ordered twice: the last order counts, the earlier one is reported (ruling)."""
    # Legality gives every accepted movement or retreat order its unit's own location, so
    # orders for different units have different locations: the common case, checked first.
    located = cast("list[tuple[int, MovementOrder | RetreatOrder]]", parsed.orders)
    if len({o.loc for _, o in located}) == len(located):
        return
    last: dict[str, int] = {}
    provinces = [unit_province(o) for _, o in parsed.orders]
    for (line, _), p in zip(parsed.orders, provinces, strict=True):
        if p is not None:
            last[p] = line
    if len(last) == len(provinces):
        return  # every order is for a different unit
    kept = []
    for (line, o), p in zip(parsed.orders, provinces, strict=True):
        if p is not None and last[p] != line:
            parsed.reject(
                line,
                "order/superseded",
                f"{notation.format_order(o)!r} is replaced by the order on line {last[p]}",
                notation.format_order(o),
            )
        else:
            kept.append((line, o))
    parsed.orders[:] = kept
    parsed.problems.sort(key=lambda pr: pr.line)


_PUBLIC = Audience.public()  # immutable: shared by every event
_MOVEMENT_ORDERS = (Hold, Move, Support, Convoy)
# The status of a carried-out order: (succeeded, failed), by order type.
_STATUS: dict[type, tuple[str, str]] = {
    Move: ("moved", "failed"),
    Support: ("supported", "cut"),
    Convoy: ("convoyed", "disrupted"),
}


def _order_events(units: Mapping[str, Unit], result: movement.Result) -> list[Event]:
    """One public event per unit, in province order: its order as carried out and its fate."""
    void, succeeded, formats = result.void, result.succeeded, notation.FORMATS
    events = []
    for p, order in sorted(result.orders.items()):
        voided = void.get(p)
        if voided is not None:
            text = formats[type(voided)](voided)
            status = "void"
        else:
            text = formats[type(order)](order)
            done = succeeded.get(p)
            pair = _STATUS.get(type(order))
            if pair is None:  # a hold
                status = "held" if done is None or done else "dislodged"
            else:
                status = pair[0] if done else pair[1]
        power = units[p].power
        events.append(
            Event(
                "order",
                _PUBLIC,
                f"{power} {text}: {status}",
                {"power": power, "order": text, "status": status, "province": p},
            )
        )
    return events


RULESET = Diplomacy()
