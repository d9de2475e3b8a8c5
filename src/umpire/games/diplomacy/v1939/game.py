"""Diplomacy 1939 III (D39 1-44) as the ``1939-iii`` scenario of the ``diplomacy`` game.

The year (:meth:`V1939.resolve`), following the rulebook:

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

State: the standard :class:`State`; neutral armies are units of the power ``NEUTRAL``;
``extra`` holds ``bombers`` (``"GER B mun"``), ``provinces`` (province owners, D39 5-6),
``bombed`` (centres bombed since the last winter, D39 41) and ``sp`` (last winter's SP).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from umpire.core.events import Audience, Event
from umpire.core.problems import OrderError, Parsed
from umpire.core.ruleset import Pending, Resolution
from umpire.games.diplomacy.geography import Map, load_map, province_of
from umpire.games.diplomacy.orders import (
    Build,
    Convoy,
    Hold,
    Move,
    Remove,
    Retreat,
    RetreatOrder,
    Support,
    Waive,
)
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
)
from umpire.games.diplomacy.v1939 import bombers as air
from umpire.games.diplomacy.v1939 import combat, legality, notation, supply
from umpire.games.diplomacy.v1939.notation import SCENARIO
from umpire.games.diplomacy.v1939.orders import (
    Alternate,
    BomberStand,
    Flight,
    LandPermission,
    TankConvoy,
    TankMove,
    Transfer,
)

POWERS = ("ENG", "FRA", "GER", "ITA", "RUS", "TUR")
NAMES = {"ENG": "Britain", "FRA": "France", "GER": "Germany", "ITA": "Italy"}
NAMES |= {"RUS": "Russia", "TUR": "Turkey"}
START_YEAR = 1938
DEFAULT_YEARS = 12  # the game is drawn after Autumn 1950 unless someone has won (ruling)
_PUBLIC = Audience.public()
WINTER_HELP = [
    "Winter orders (D39 7-13, 18, 31):",
    "  Build A ber   Build F kie   Build T mun   Build B ber   Remove A par   Waive",
    "  Transfer 2 SP to France   (at most a fifth of your SP; never conditional, D39 12)",
    "  Alternate:   starts an alternate set of builds and removals (D39 12), used only if",
    "               the sets before it cannot be carried out in full (a build refused, or a",
    "               unit disbanded for want of SP); if none can, the last set is used.",
    "               Write transfers before the first Alternate:.",
]
RETREAT_HELP = [
    "Retreat orders: T pol - ber   A pol R lit   A pol Disband   (D39 28, 29)",
    "  Two units dislodged from one space belong to two powers: each orders its own.",
]
_GROUND = (Hold, Move, Support, Convoy, TankMove, TankConvoy)


def bombers_of(state: State) -> list[Unit]:
    return air.parse_bombers(state.extra.get("bombers", []))


def province_owners(state: State) -> dict[str, str]:
    return dict(state.extra.get("provinces", {}))


def label(state: State) -> str:
    """The phase's name in the rulebook's own words: 1939 III says "Autumn" (D39 4, 15, 33),
    where the standard game's 2023 rulebook says "Fall" (the stored season stays ``fall``)."""
    return state.label.replace("Fall", "Autumn")


def occupy(owners: Mapping[str, str], units: Sequence[Unit]) -> dict[str, str]:
    """D39 5: a province belongs to the last power whose ground/sea unit stood in it."""
    out = dict(owners)
    for u in units:
        if u.power != combat.NEUTRAL:
            out[u.province] = u.power
    return out


class V1939:
    """The rules engine of 1939 III; :class:`~umpire.games.diplomacy.game.Diplomacy` hands
    every state of this scenario to it."""

    def __init__(self) -> None:
        self.map: Map = load_map(SCENARIO)
        self.neutrals = [
            Unit(text.split()[1], text.split()[0], power)
            for power, texts in self.map.neutral_units.items()
            for text in texts
        ]
        self.start_owners = self.map.start_owners

    # -- setting up ----------------------------------------------------------------------------

    def new_game(self, powers: Sequence[str], settings: Mapping[str, Any]) -> State:
        years = int(settings.get("max_years", DEFAULT_YEARS))
        if years < 1:
            raise ValueError("max_years must be at least 1")
        owners = tuple(
            sorted((p, prov.home) for p, prov in self.map.provinces.items() if prov.home)
        )
        extra: dict[str, Any] = {
            "bombers": [],
            "provinces": dict(sorted(self.start_owners.items())),  # D39 6
            "bombed": [],
            "sp": {},
        }
        return State(
            scenario=SCENARIO,
            powers=tuple(powers),
            year=START_YEAR,
            season=WINTER,
            phase=ADJUSTMENTS,  # D39 15: Autumn 1938 is talk; Winter 1938 builds
            units=tuple(sorted(self.neutrals)),
            owners=owners,
            max_years=years,
            extra=extra,
        )

    def alive(self, state: State) -> list[str]:
        owners = state.owner_map()
        return [
            p
            for p in state.powers
            if p in owners.values()
            or any(u.power == p for u in state.units)
            or any(b.power == p for b in bombers_of(state))
        ]

    def pending(self, state: State) -> Pending:
        if state.phase == MOVEMENT:
            who = sorted(
                {u.power for u in state.units if u.power != combat.NEUTRAL}
                | {b.power for b in bombers_of(state)}
            )
        elif state.phase == RETREATS:
            who = sorted({d.unit.power for d in state.dislodged})
        elif state.phase == ADJUSTMENTS:
            who = sorted(self.alive(state))
        else:
            who = []
        kinds = {MOVEMENT: ("moves",), RETREATS: ("retreats",), ADJUSTMENTS: ("adjustments",)}
        return Pending(state.turn, label(state), tuple(who), kinds.get(state.phase, ()))

    # -- orders --------------------------------------------------------------------------------

    def parse(self, state: State, power: str, text: str) -> Parsed[Any]:
        headers = (power, NAMES.get(power, "").upper())
        units = state.unit_at()
        bombers = bombers_of(state)
        parsed: Parsed[Any] = Parsed()
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.endswith(":") and line.rstrip(":").strip().upper() in headers:
                continue
            try:
                try:
                    order = notation.parse_order(self.map, line)
                except OrderError:
                    raise
                except Exception as err:  # never let player text raise
                    raise OrderError("syntax/unreadable", f"cannot read {line!r}") from err
                parsed.accept(
                    number,
                    legality.check(self.map, state, power, order, line, units, bombers),
                )
            except OrderError as err:
                parsed.reject(number, err.code, err.message, line)
        if state.phase != ADJUSTMENTS:
            _keep_last(parsed)
        else:
            _no_conditional_transfers(parsed)
        return parsed

    # -- the turn ------------------------------------------------------------------------------

    def resolve(self, state: State, orders: Mapping[str, Sequence[Any]]) -> Resolution[State]:
        if state.phase == MOVEMENT:
            return self._movement(state, orders)
        if state.phase == RETREATS:
            return self._retreats(state, orders)
        if state.phase == ADJUSTMENTS:
            return self._winter(state, orders)
        return Resolution(state, [])

    def _movement(self, state: State, orders: Mapping[str, Sequence[Any]]) -> Resolution[State]:
        m = self.map
        units = state.unit_at()
        bombers = bombers_of(state)
        ground: dict[str, Any] = {}
        flights: dict[str, tuple[str, Flight]] = {}
        permissions: dict[str, list[LandPermission]] = {}
        for power, given in orders.items():
            for o in given:
                if isinstance(o, _GROUND):
                    u = units.get(province_of(o.loc))
                    if u is not None and u.power == power:
                        ground[u.province] = o
                elif isinstance(o, Flight):
                    if any(b.province == o.loc and b.power == power for b in bombers):
                        flights[o.loc] = (power, o)
                elif isinstance(o, LandPermission):
                    permissions.setdefault(power, []).append(o)
        # 1. bomber missions flown for the ground fight (D39 38, 39, 43(b)(iii))
        owners_before = province_owners(state)
        before = air.Landing(owners_before, air.permits(owners_before, permissions))
        helps, aborted = air.missions(m, flights, before)
        # 2. the ground adjudication (D39 17-29)
        result = combat.adjudicate(m, state.units, ground, helps)
        events = [
            Event(
                "order",
                _PUBLIC,
                f"{u.power} {notation.format_order(ground.get(p, Hold(u.kind, u.loc)))}: "
                f"{result.status.get(p, 'held')}",
                {"power": u.power, "status": result.status.get(p, "held"), "province": p},
            )
            for p, u in sorted(units.items())
            if u.power != combat.NEUTRAL or p not in result.status or result.status[p] != "held"
        ]
        # 3. provinces change owner at the end of the season's moves (D39 5)
        owners_after = occupy(owners_before, result.units)
        # 4. bombers bomb and land (D39 40-44)
        after = air.Landing(owners_after, air.permits(owners_after, permissions))
        placed, bombed, report = air.land(
            m,
            bombers,
            {k: f for k, (_, f) in flights.items()},
            after,
            {u.province: u for u in result.units},
            result.contested,
            aborted,
            {p for p, o in ground.items() if isinstance(o, Support) and p not in result.void},
        )
        by_loc = {b.province: b for b in bombers}
        for takeoff, text in report:
            b = by_loc[takeoff]
            f = flights.get(takeoff)
            said = notation.format_order(f[1]) if f else f"B {takeoff} H"
            events.append(Event("bomber", _PUBLIC, f"{b.power} {said}: {text}", {"unit": b.text()}))
        dislodged = tuple(
            sorted(Dislodged(u, origin, options) for u, origin, options in result.dislodged)
        )
        for d in dislodged:
            where = ", ".join(d.options) if d.options else "nowhere: it must disband"
            events.append(
                Event(
                    "dislodged",
                    _PUBLIC,
                    f"{d.unit.power} {d.unit.kind} {d.unit.loc} is dislodged from "
                    f"{d.attacker_from}; it may retreat to {where}",
                    {"unit": d.unit.text(), "options": list(d.options)},
                )
            )
        extra = dict(state.extra)
        extra["bombers"] = [b.text() for b in placed]
        extra["provinces"] = dict(sorted(owners_after.items()))
        extra["bombed"] = sorted(set(extra.get("bombed", [])) | set(bombed))
        new = replace(
            state,
            units=tuple(sorted(result.units)),
            dislodged=dislodged,
            turn=state.turn + 1,
            phase=RETREATS if dislodged else MOVEMENT,
            extra=extra,
        )
        if dislodged:
            return Resolution(new, events)
        return self._after_moves(new, events)

    def _retreats(self, state: State, orders: Mapping[str, Sequence[Any]]) -> Resolution[State]:
        # Retreat orders are keyed by power and space: two units of two powers may have been
        # dislodged from one space (a tank halted in its route, and the holder it beat there).
        by_unit: dict[tuple[str, str], RetreatOrder] = {}
        for power, given in orders.items():
            for o in given:
                by_unit[(power, province_of(getattr(o, "loc", "")))] = o
        survivors, fate = resolve_retreats(state.dislodged, by_unit)
        events = []
        for d in state.dislodged:
            key = (d.unit.power, d.unit.province)
            ro, f = by_unit.get(key), fate[key]
            to = f" to {ro.dest}" if f == "retreated" and isinstance(ro, Retreat) else ""
            events.append(
                Event("retreat", _PUBLIC, f"{d.unit.power} {d.unit.kind} {d.unit.loc}: {f}{to}")
            )
        units = tuple(sorted([*state.units, *survivors]))
        extra = dict(state.extra)
        extra["provinces"] = dict(sorted(occupy(province_owners(state), survivors).items()))
        new = replace(state, units=units, dislodged=(), turn=state.turn + 1, extra=extra)
        return self._after_moves(new, events)

    def _after_moves(self, state: State, events: list[Event]) -> Resolution[State]:
        if state.season == SPRING:
            return Resolution(replace(state, season=FALL, phase=MOVEMENT), events)
        # D39 4: centres change owner after the Autumn adjudication.
        owners = state.owner_map()
        for u in state.units:
            if u.power == combat.NEUTRAL or u.province not in self.map.supply_centres:
                continue
            if owners.get(u.province) != u.power:
                events.append(Event("capture", _PUBLIC, f"{u.power} takes {u.province}"))
                owners[u.province] = u.power
        state = replace(state, owners=tuple(sorted(owners.items())))
        held = Counter(owners.values())
        leader = max(state.powers, key=lambda p: held[p])
        if held[leader] >= self.map.victory_centres:  # ruling: the standard victory
            return _end(
                state, events, (leader,), "victory", f"{leader} wins, {held[leader]} centres"
            )
        if state.year >= START_YEAR + state.max_years:
            alive = tuple(self.alive(state))
            return _end(state, events, alive, "draw", f"year limit {state.year}: draw")
        return Resolution(replace(state, season=WINTER, phase=ADJUSTMENTS), events)

    def _winter(self, state: State, orders: Mapping[str, Sequence[Any]]) -> Resolution[State]:
        wanted = {
            p: [o for o in os if isinstance(o, Build | Remove | Waive | Transfer | Alternate)]
            for p, os in orders.items()
        }
        bombed = list(state.extra.get("bombed", []))
        w = supply.resolve_winter(self.map, state, bombers_of(state), wanted, bombed)
        events = [
            Event("adjustment", _PUBLIC, f"{p}: {what} {detail}".rstrip(), {"power": p})
            for p, what, detail in w.done
        ]
        events.extend(
            Event("supply", _PUBLIC, f"{p}: {sp} SP this winter", {"power": p, "sp": sp})
            for p, sp in sorted(w.sp.items())
        )
        extra = dict(state.extra)
        extra["bombers"] = [b.text() for b in w.bombers]
        extra["bombed"] = []  # D39 41: for the following winter only
        extra["sp"] = dict(sorted(w.sp.items()))
        new = replace(
            state,
            units=tuple(w.units),
            turn=state.turn + 1,
            year=state.year + 1,
            season=SPRING,
            phase=MOVEMENT,
            extra=extra,
        )
        return Resolution(new, events)

    # -- what players see ----------------------------------------------------------------------

    def view(self, state: State) -> dict[str, Any]:
        return {
            "phase": label(state),
            "year": state.year,
            "season": state.season,
            "units": [u.text() for u in state.units],
            "bombers": list(state.extra.get("bombers", [])),
            "dislodged": [d.to_json() for d in state.dislodged],
            "centres": {p: state.centres_of(p) for p in state.powers},
            "provinces": dict(state.extra.get("provinces", {})),
            "bombed": list(state.extra.get("bombed", [])),
            "supply_points": {
                p: supply.supply_points(
                    self.map, state.owner_map(), p, state.extra.get("bombed", [])
                )
                for p in state.powers
            },
            "result": state.result,
            "winners": list(state.winners),
        }

    def printout(self, state: State, events: Sequence[Event], power: str | None) -> str:
        lines = [f"Diplomacy 1939 III: {label(state)}" + (f", report for {power}" if power else "")]
        if events:
            lines += ["", "Results:", *(f"  {e.text}" for e in events)]
        lines += ["", "Units:"]
        bombers = bombers_of(state)
        for p in (*state.powers, combat.NEUTRAL):
            mine = [f"{u.kind} {u.loc}" for u in [*state.units, *bombers] if u.power == p]
            if mine or p != combat.NEUTRAL:
                lines.append(f"  {p}: {', '.join(mine) or '-'}")
        for d in state.dislodged:
            opts = ", ".join(d.options) or "none (disbands)"
            lines.append(f"  dislodged {d.unit.power} {d.unit.kind} {d.unit.loc} (retreat: {opts})")
        sp = self.view(state)["supply_points"]
        lines.append("Supply centres (SP next winter):")
        for p in state.powers:
            c = state.centres_of(p)
            lines.append(f"  {p} {len(c):2} ({sp[p]:2} SP): {' '.join(c)}")
        if state.phase == OVER:
            lines.append(f"Game over: {state.result}, {', '.join(state.winners)}")
        elif state.phase == ADJUSTMENTS:
            lines += WINTER_HELP
        elif state.phase == RETREATS:
            lines += RETREAT_HELP
        return "\n".join(lines) + "\n"


def resolve_retreats(
    dislodged: Sequence[Dislodged], orders: Mapping[tuple[str, str], RetreatOrder]
) -> tuple[list[Unit], dict[tuple[str, str], str]]:
    """The standard retreat rules (2023 rulebook: two units retreating to one space are both
    disbanded; an unordered unit is disbanded), with each unit known by (power, space)."""
    wanted: dict[tuple[str, str], str] = {}
    for d in dislodged:
        key = (d.unit.power, d.unit.province)
        o = orders.get(key)
        if isinstance(o, Retreat) and o.dest in d.options:
            wanted[key] = o.dest
    clash = Counter(province_of(dest) for dest in wanted.values())
    survivors: list[Unit] = []
    fate: dict[tuple[str, str], str] = {}
    for d in dislodged:
        key = (d.unit.power, d.unit.province)
        dest = wanted.get(key)
        if dest is None:
            fate[key] = "disbanded" if key in orders else "unordered"
        elif clash[province_of(dest)] > 1:
            fate[key] = "bounced"
        else:
            fate[key] = "retreated"
            survivors.append(Unit(dest, d.unit.kind, d.unit.power))
    return survivors, fate


def _end(
    state: State, events: list[Event], winners: tuple[str, ...], result: str, text: str
) -> Resolution[State]:
    events.append(Event("game_over", _PUBLIC, text, {"result": result, "winners": list(winners)}))
    return Resolution(replace(state, phase=OVER, winners=winners, result=result), events)


def _no_conditional_transfers(parsed: Parsed[Any]) -> None:
    """D39 12: a transfer may not be conditional, so none may stand in an alternate set."""
    kept, alternate = [], False
    for line, o in parsed.orders:
        alternate = alternate or isinstance(o, Alternate)
        if alternate and isinstance(o, Transfer):
            text = notation.format_order(o)
            parsed.reject(
                line,
                "illegal/conditional_transfer",
                f"a transfer may not be conditional (D39 12); write it before 'Alternate:': "
                f"{text!r}",
                text,
            )
        else:
            kept.append((line, o))
    parsed.orders[:] = kept
    parsed.problems.sort(key=lambda pr: pr.line)


def _key(order: Any) -> tuple[str, str] | None:
    """Which unit an order is for: ground units and bombers may share a province."""
    if isinstance(order, Flight | BomberStand):
        return ("B", order.loc)
    if isinstance(order, LandPermission | Transfer):
        return None
    loc = getattr(order, "loc", None)
    return None if loc is None else ("G", province_of(loc))


def _keep_last(parsed: Parsed[Any]) -> None:
    """A unit ordered twice: the last order counts, the earlier one is reported (ruling)."""
    last: dict[tuple[str, str], int] = {}
    for line, o in parsed.orders:
        k = _key(o)
        if k is not None:
            last[k] = line
    kept = []
    for line, o in parsed.orders:
        k = _key(o)
        if k is not None and last[k] != line:
            text = notation.format_order(o)
            parsed.reject(line, "order/superseded", f"{text!r} is replaced by line {last[k]}", text)
        else:
            kept.append((line, o))
    parsed.orders[:] = kept
    parsed.problems.sort(key=lambda pr: pr.line)


__all__ = ["POWERS", "SCENARIO", "V1939", "Build"]
