"""Standard Diplomacy as an Umpire :class:`~umpire.core.ruleset.Ruleset`: the wiring of the
modules (the turn itself is :mod:`~umpire.games.diplomacy.turn`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from umpire.core.chance import Chance
from umpire.core.errors import Code
from umpire.core.events import Event
from umpire.core.ordermarks import Mark
from umpire.core.problems import OrderError, Parsed, Problem
from umpire.core.ruleset import GameInfo, Outcome, Pending, Resolution, ScenarioInfo, View
from umpire.games.diplomacy import (
    adjustments,
    errors,
    forecast,
    legality,
    marks,
    memo,
    missing,
    notation,
    turn,
    views,
    voids,
)
from umpire.games.diplomacy.bot import bot_orders
from umpire.games.diplomacy.errors import OTHER_POWER, SUPERSEDED, UNREADABLE
from umpire.games.diplomacy.geography import Map, standard_map
from umpire.games.diplomacy.model import (
    ADJUSTMENTS,
    MOVEMENT,
    OVER,
    RETREATS,
    SPRING,
    State,
    Unit,
    dump_state,
    load_state,
)
from umpire.games.diplomacy.orders import (
    Build,
    Order,
    Remove,
    Waive,
    unit_province,
)
from umpire.games.diplomacy.printout import ended_view, printout

OrderT = TypeVar("OrderT")

POWERS = ("AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR")
POWER_NAMES = {
    "AUS": "Austria",
    "ENG": "England",
    "FRA": "France",
    "GER": "Germany",
    "ITA": "Italy",
    "RUS": "Russia",
    "TUR": "Turkey",
}
SCENARIO = ScenarioInfo(
    name="standard",
    title="Standard Diplomacy (1901)",
    powers=POWERS,
    min_players=7,
    max_players=7,
    description="The classic seven-power game on the standard map.",
    default_powers=POWERS,
    names=tuple(POWER_NAMES.items()),
)


def read_order(
    parse: Callable[[Map, str], OrderT], m: Map, line: str, power: str, names: Mapping[str, str]
) -> OrderT | None:
    """The order on one line, or None for a header line naming the submitting power
    (``England:``). A trailing comment (``# ...``, ``// ...``) is dropped, and so is a prefix
    naming the submitting power (``France: A par - bur``); one naming another power is a
    problem. Never lets player text raise anything but :class:`OrderError`."""
    if "#" in line or "//" in line:
        line = _COMMENT.sub("", line)
    if ":" in line:
        head, _, rest = line.partition(":")
        named = _power_named(head, names)
        if named is not None:
            if named != power:
                raise OTHER_POWER.error(head=head.strip(), power=power, text=line)
            line = rest.strip()
            if not line:
                return None  # a header line naming the submitting power
    try:
        return parse(m, line)
    except OrderError:
        raise
    except Exception as err:  # never let player text raise
        raise UNREADABLE.error(text=line) from err


_COMMENT = re.compile(r"\s*(?:#|//).*$")


def _power_named(head: str, names: Mapping[str, str]) -> str | None:
    """The power whose code or name (any case) ``head`` is, or None."""
    key = head.strip().upper()
    for code, name in names.items():
        if key == code or key == name.upper():
            return code
    return None


def keep_last(
    parsed: Parsed[OrderT], key: Callable[[OrderT], Hashable | None], fmt: Callable[[Any], str]
) -> None:
    """A unit ordered twice: the last order counts, each earlier one is reported on its line
    (ruling: docs/rulings/diplomacy.md, 4.D.3). ``key`` names the unit an order is for."""
    last: dict[Hashable, int] = {}
    keys = [key(o) for _, o in parsed.orders]
    for (line, _), k in zip(parsed.orders, keys, strict=True):
        if k is not None:
            last[k] = line
    if len(last) == len(keys):
        return  # every order is for a different unit
    kept = []
    for (line, o), k in zip(parsed.orders, keys, strict=True):
        if k is not None and last[k] != line:
            text = fmt(o)
            parsed.problems.append(SUPERSEDED.problem(line, text, order=text, last=last[k]))
        else:
            kept.append((line, o))
    parsed.orders[:] = kept
    parsed.problems.sort(key=lambda pr: pr.line)


class Diplomacy:
    """The Ruleset of standard Diplomacy (2023 rulebook, DATC 3.0 preferred options)."""

    def __init__(self, info: GameInfo, geography: Map | None = None) -> None:
        self.info = info
        self.map = geography or standard_map()
        self.memo = memo.of(self.map)
        # Canonical lines read before (core.submission.read looks them up first).
        self.known_lines: Mapping[str, Order] = self.memo.lines

    # -- setting up ----------------------------------------------------------------------------

    def new_game(
        self, scenario: str, powers: Sequence[str], chance: Chance, settings: Mapping[str, Any]
    ) -> State:
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
        kinds = _KINDS.get(state.phase, ())
        return Pending(state.turn, state.label, tuple(self._expected(state)), kinds)

    def _expected(self, state: State) -> list[str]:
        """The powers that must order in the state's phase, in order."""
        if state.phase == MOVEMENT:
            return sorted({u.power for u in state.units})
        if state.phase == RETREATS:
            return sorted({d.unit.power for d in state.dislodged})
        if state.phase == ADJUSTMENTS:
            return sorted(adjustments.must_adjust(self.map, state))
        return []

    # -- orders: the grammar of a line and the legality of a submission (core.submission) ------

    def read_line(
        self, state: State, power: str, line: str, scope: dict[str, Any]
    ) -> Sequence[Order]:
        """The order on one line, as written: grammar only (legality is :meth:`check`'s)."""
        kept = self.memo.lines.get(line)  # a canonical line read before: the common case
        if kept is not None:
            return (kept,)
        m = self.map
        if ":" in line or "#" in line or "//" in line:  # a header, prefix or comment: rare
            order = read_order(notation.parse_order, m, line, power, POWER_NAMES)
            if order is None:
                return ()
            return (order,)
        try:  # read_order's common case, inlined (every line of every phase comes here)
            plain = notation.parse_plain(m, line)
            if plain is not None:
                return self.memo.keep_line(line, plain)
            return (notation.read_order(m, line),)
        except OrderError:
            raise
        except Exception as err:  # never let player text raise
            raise UNREADABLE.error(text=line) from err

    def check(self, state: State, power: str, orders: Sequence[tuple[int, Order]]) -> Parsed[Order]:
        """The legality of each order against the position (normalised: the unit's own
        location and kind, DATC 4.B/4.C), once, at submission; then, of orders for one unit,
        the last counts (not in a winter: builds have no unit). Processing trusts the stored
        canonical orders and reads them with :meth:`read_line` alone."""
        kept: list[tuple[int, Order]] = []
        problems: list[Problem] = []
        units = state.unit_at()
        movement = state.phase == MOVEMENT
        legal_of = self.memo.legal_of  # the memo's own table, read at each check
        # The locations of the units of the orders kept (not in a winter: builds have no
        # unit): legality gives every accepted movement or retreat order its unit's own
        # location, so orders for different units have different locations.
        locs: set[str] = set()
        # The order's text is written only if a problem quotes it (an error's message is
        # written when it is raised): one holder, made for the first order the memo does not
        # settle and pointed at each such order in turn.
        text: legality.Quoted | None = None
        for item in orders:
            number, order = item
            if movement:  # an order whose legality the map alone decides, checked before
                known = legal_of.get(id(order))
                if known is not None:  # memo.matching, inlined: the units are as they were
                    province, expected, tprovince, tloc, tkind, normal = known
                    unit = units.get(province)
                    if (unit is expected and unit.power == power) or (
                        unit is not None
                        and unit.loc == expected.loc
                        and unit.kind == expected.kind
                        and unit.power == power
                    ):
                        target = None if tprovince is None else units.get(tprovince)
                        if tprovince is None or (
                            target is not None and target.loc == tloc and target.kind == tkind
                        ):
                            # The line's own numbered order where legality keeps it as it is.
                            kept.append(item if normal is order else (number, normal))
                            locs.add(unit.loc)
                            continue
            # Checked in full: what follows is set up for the first such order only.
            if text is None:
                text = legality.Quoted(order, notation.format_order)
                legal = legality.check_movement if movement else legality.check
                adjusting = state.phase == ADJUSTMENTS
            else:
                text.order = order
            try:
                outcome = legal(self.map, state, power, order, text, units)
            except OrderError as err:
                problems.append(Problem(number, err.code, err.message))
                continue
            kept.append((number, outcome))
            if not adjusting:
                locs.add(outcome.loc)  # type: ignore[union-attr]  # not a winter's Waive
            if movement:
                self.memo.keep_legal(order, outcome, units)
        parsed = Parsed(kept, problems)
        if state.phase == ADJUSTMENTS:
            delta = adjustments.deltas(self.map, state).get(power, 0)
            _within_allowance(parsed, power, delta)
        elif len(kept) > 1 and len(locs) != len(kept):
            keep_last(parsed, unit_province, notation.format_order)
        return parsed

    def format(self, order: Order) -> str:
        return notation.format_order(order)

    def order_marks(self, order: Order) -> list[Mark]:
        """What the map draws for an accepted order as it is given (HasOrderMarks)."""
        return marks.order_marks(order)

    def warnings(
        self, state: State, power: str, orders: Sequence[tuple[int, Order]]
    ) -> list[Problem]:
        """The kept orders the rules will void whatever the others order (see voids.py)."""
        if state.phase == MOVEMENT:
            return voids.movement_warnings(power, state.unit_at(), orders, notation.format_order)
        if state.phase == RETREATS:
            return voids.retreat_warnings(orders, notation.format_order)
        return []

    def order_options(self, state: State, power: str) -> dict[str, list[str]]:
        """The legal orders of each unit of ``power`` (for select lists; see options.py)."""
        from umpire.games.diplomacy import options

        return options.legal_orders(self, self.map, state, power)

    def forecast_state(self, view: View, power: str) -> State:
        """The position a forecast starts from: the view alone (docs/forecast.md)."""
        return forecast.forecast_state(self.map, view, self.info.default_scenario.name)

    def survivors(self, state: State) -> list[str]:
        """The powers still in the game (a supply centre or a unit): who votes on a draw."""
        owners = set(state.owner_map().values())
        return [p for p in state.powers if p in owners or any(u.power == p for u in state.units)]

    # -- the turn ------------------------------------------------------------------------------

    def resolve(
        self, state: State, orders: Mapping[str, Sequence[Order]], chance: Chance
    ) -> Resolution[State]:
        done = turn.resolve(self.map, state, orders)
        if state.phase == MOVEMENT and orders.keys() >= {u.power for u in state.units}:
            return done  # every power with a unit has ordered (_expected)
        expected = self._expected(state)
        if all(p in orders for p in expected):
            return done
        delta = adjustments.deltas(self.map, state) if state.phase == ADJUSTMENTS else {}
        winter = {p: missing.standard_winter(d) for p, d in delta.items() if d}
        told = missing.notes(state.label, state.phase, expected, orders, winter)
        return Resolution(done.state, [*told, *done.events])

    def declare_draw(self, state: State, powers: Sequence[str]) -> State:
        """The game master ends the game as a draw among ``powers`` (2023 rulebook)."""
        return replace(state, phase=OVER, winners=tuple(powers), result="draw")

    # -- what players see ----------------------------------------------------------------------

    def view(self, state: State, power: str | None) -> View:
        return views.view(state)

    def printout(self, state: State, events: Sequence[Event], power: str | None) -> str:
        return self.printout_of_view(self.view(state, power), events, power)

    def printout_of_view(self, view: View, events: Sequence[Event], power: str | None) -> str:
        return self.printout_for_all(view, events)

    def printout_for_all(self, view: View, events: Sequence[Event]) -> str:
        """The printout names no reader (``HasPrintoutForAll``): one for every equal view."""
        return printout(self.map, view, events)

    def printout_ended_of_view(
        self, view: View, events: Sequence[Event], power: str | None, outcome: Outcome
    ) -> str:
        return printout(self.map, ended_view(view, outcome), events, outcome.summary)

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def dump_state(self, state: State) -> dict[str, Any]:
        return dump_state(state)

    def load_state(self, data: dict[str, Any]) -> State:
        return load_state(data)

    def bot_orders(self, state: State, power: str, chance: Chance) -> list[Order]:
        return bot_orders(self.map, state, power, chance)


_KINDS = {MOVEMENT: ("moves",), RETREATS: ("retreats",), ADJUSTMENTS: ("adjustments",)}


def _within_allowance(parsed: Parsed[Order], power: str, delta: int) -> None:
    """A winter's orders that the adjustment would drop are refused on the receipt: builds
    (and waives) beyond the allowance (DATC 6.I.1), a second build in one centre (6.I.7),
    removals beyond the count (6.J.1), the same unit removed twice (6.J.2), and a build from
    a power that must remove or a removal from one that may build. The first ones count
    (DATC 4.D.4-4.D.6)."""
    kept: list[tuple[int, Order]] = []
    seen: dict[str, int] = {}  # province -> the line that builds in it or removes from it
    for line, o in parsed.orders:
        text = notation.format_order(o)
        building = isinstance(o, Build | Waive)
        if (building and delta <= 0) or (isinstance(o, Remove) and delta >= 0):
            what = (
                "removals to make" if delta < 0 else "builds to make" if delta else "nothing to do"
            )
            parsed.problems.append(
                refused(errors.WRONG_ADJUSTMENT, line, text, power=power, what=what)
            )
            continue
        here = unit_province(o)
        if here is not None and here in seen:
            code = errors.SECOND_BUILD if building else errors.SECOND_REMOVAL
            parsed.problems.append(
                refused(code, line, text, here=here, unit=text, first=seen[here])
            )
            continue
        if len(kept) == abs(delta):
            code = errors.TOO_MANY_BUILDS if building else errors.TOO_MANY_REMOVALS
            parsed.problems.append(refused(code, line, text, power=power, count=abs(delta)))
            continue
        if here is not None:
            seen[here] = line
        kept.append((line, o))
    parsed.orders[:] = kept


def refused(code: Code, line: int, text: str, **fields: Any) -> Problem:
    """The problem ``code`` on ``line`` with the order's canonical ``text`` quoted."""
    return Problem(line, code.code, code.message(text=text, **fields), text)


def outcome(state: State) -> Outcome | None:
    """The result once the game is over: the winners share the score equally."""
    if state.phase != OVER:
        return None
    share = 1.0 / len(state.winners) if state.winners else 0.0
    scores = {p: (share if p in state.winners else 0.0) for p in state.powers}
    what = "wins" if state.result == "victory" else "draw"
    return Outcome(state.winners, scores, f"{what}: {', '.join(state.winners)} ({state.year})")
