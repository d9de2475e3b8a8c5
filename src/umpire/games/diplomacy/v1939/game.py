"""Diplomacy 1939 III (D39 1-44) as its own :class:`~umpire.core.ruleset.Ruleset`, the
``1939-iii`` scenario of ``diplomacy``: the wiring of the modules (the turn itself is
:mod:`~umpire.games.diplomacy.v1939.turn`)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from functools import cached_property
from typing import Any

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.core.ordermarks import Mark
from umpire.core.problems import OrderError, Parsed, Problem
from umpire.core.ruleset import GameInfo, Outcome, Pending, Resolution, ScenarioInfo, View
from umpire.games.diplomacy import errors, missing
from umpire.games.diplomacy import voids as standard_voids
from umpire.games.diplomacy.game import keep_last, outcome, read_order, refused
from umpire.games.diplomacy.geography import Map, load_map, province_of
from umpire.games.diplomacy.model import ADJUSTMENTS, MOVEMENT, RETREATS, WINTER, Unit
from umpire.games.diplomacy.orders import Build, Remove
from umpire.games.diplomacy.printout import ended_view
from umpire.games.diplomacy.v1939 import (
    SCENARIO,
    flights,
    forecast,
    legality,
    marks,
    notation,
    supply,
    turn,
    voids,
)
from umpire.games.diplomacy.v1939.bot import bot_orders
from umpire.games.diplomacy.v1939.model import (
    NEUTRAL,
    State1939,
    dump_state_1939,
    load_state_1939,
)
from umpire.games.diplomacy.v1939.orders import (
    Alternate,
    BomberStand,
    Flight,
    LandPermission,
    Transfer,
)
from umpire.games.diplomacy.v1939.printout import printout, winter_examples
from umpire.games.diplomacy.v1939.views import label, view

POWERS = ("ENG", "FRA", "GER", "ITA", "RUS", "TUR")
NAMES = {"ENG": "Britain", "FRA": "France", "GER": "Germany", "ITA": "Italy"}
NAMES |= {"RUS": "Russia", "TUR": "Turkey"}
# The orders every power writes alike, then its winter's examples (winter_examples).
ORDER_HELP = """\
One order a line; provinces by abbreviation or name.
  A par - bur   F bre H   A mar S A par - bur   F eng C A lon - bre    as in Diplomacy
  T mun - cro via aus                   a tank names its route province (D39 23)
  B ven - aus - cze [S A aus - cze] - hun   a bomber flies its path, supports, lands (38)
  B ven - aus - hun (N) - aus - ven     (N): cut a support there (39)
  B con - bul - roa (R) - bla - con     (R): bomb a supply centre (40)
  B ven Stands                          a bomber stays (37)
  len [Land GER B pru]                  let another's bomber land in your province (44)
"""


def order_help(power: str | None) -> str:
    """The order help of ``power``: the winter line names its own home centres and a partner
    to give SP to. The general one (None) shows Germany's, saying so."""
    if power is None:
        return ORDER_HELP + f"  Germany's winter (D39 9-13): {winter_examples('GER')}\n"
    return ORDER_HELP + "  " + winter_examples(power) + "   (winter, D39 9-13)\n"


DEFAULT_YEARS = 12  # the game is drawn after Autumn 1950 unless someone has won (ruling)
SCENARIO_INFO = ScenarioInfo(
    name=SCENARIO,
    title="Diplomacy 1939 III (Autumn 1938)",
    powers=POWERS,
    min_players=6,
    max_players=6,
    description="Duncan & Newnham's six-power 1939 variant: supply points, tanks, "
    "bombers and anarchic neutral armies, on a reconstructed 1939 map.",
    default_powers=POWERS,
    names=tuple(NAMES.items()),
    order_help=order_help(None),
    power_help=tuple((p, order_help(p)) for p in POWERS),
)


class Diplomacy1939:
    """The Ruleset of 1939 III."""

    def __init__(self, info: GameInfo) -> None:
        self.info = info

    @cached_property
    def map(self) -> Map:
        return load_map(SCENARIO)

    # -- setting up ----------------------------------------------------------------------------

    def new_game(
        self, scenario: str, powers: Sequence[str], chance: Chance, settings: Mapping[str, Any]
    ) -> State1939:
        years = int(settings.get("max_years", DEFAULT_YEARS))
        if years < 1:
            raise ValueError("max_years must be at least 1")
        m = self.map
        neutrals = [
            Unit(text.split()[1], text.split()[0], power)
            for power, texts in m.neutral_units.items()
            for text in texts
        ]
        return State1939(
            scenario=SCENARIO,
            powers=tuple(powers),
            year=turn.START_YEAR,
            season=WINTER,
            phase=ADJUSTMENTS,  # D39 15: Autumn 1938 is talk; Winter 1938 builds
            units=tuple(sorted(neutrals)),
            owners=tuple(sorted((p, prov.home) for p, prov in m.provinces.items() if prov.home)),
            max_years=years,
            provinces=dict(sorted(m.start_owners.items())),  # D39 6
        )

    def pending(self, state: State1939) -> Pending:
        if state.phase == MOVEMENT:
            who = sorted(
                {u.power for u in state.units if u.power != NEUTRAL}
                | {b.power for b in state.bombers}
            )
        elif state.phase == RETREATS:
            who = sorted({d.unit.power for d in state.dislodged})
        elif state.phase == ADJUSTMENTS:
            who = sorted(turn.alive(state))
        else:
            who = []
        kinds = {MOVEMENT: ("moves",), RETREATS: ("retreats",), ADJUSTMENTS: ("adjustments",)}
        return Pending(state.turn, label(state), tuple(who), kinds.get(state.phase, ()))

    # -- orders: the grammar of a line and the legality of a submission (core.submission) ------

    def read_line(
        self, state: State1939, power: str, line: str, scope: dict[str, Any]
    ) -> Sequence[Any]:
        """The order on one line, as written: grammar only (legality is :meth:`check`'s)."""
        order = read_order(notation.parse_order, self.map, line, power, NAMES)
        return () if order is None else (order,)

    def check(self, state: State1939, power: str, orders: Sequence[tuple[int, Any]]) -> Parsed[Any]:
        """The legality of each order against the position, once, at submission (processing
        trusts the stored canonical orders); then, of orders for one unit, the last counts;
        in a winter, no transfer is conditional."""
        parsed: Parsed[Any] = Parsed()
        m, fmt = self.map, notation.format_order
        units, bombers = state.unit_at(), state.bomber_list()
        for number, order in orders:
            try:
                parsed.accept(
                    number, legality.check(m, state, power, order, fmt(order), units, bombers)
                )
            except OrderError as err:
                parsed.reject(number, err.code, err.message)
        if state.phase != ADJUSTMENTS:
            keep_last(parsed, _unit_key, notation.format_order)
        else:
            _winter_receipt(parsed, self.map, state, power)
        return parsed

    def format(self, order: Any) -> str:
        return notation.format_order(order)

    def order_marks(self, order: Any) -> list[Mark]:
        """What the map draws for an accepted order as it is given (HasOrderMarks)."""
        return marks.order_marks(order)

    def warnings(
        self, state: State1939, power: str, orders: Sequence[tuple[int, Any]]
    ) -> list[Problem]:
        """The kept orders the rules will refuse whatever the others order (see voids.py)."""
        if state.phase == MOVEMENT:
            units = state.unit_at()
            return standard_voids.movement_warnings(power, units, orders, notation.format_order)
        if state.phase == RETREATS:
            return standard_voids.retreat_warnings(orders, notation.format_order)
        if state.phase == ADJUSTMENTS:
            return voids.winter_warnings(state, power, orders)
        return []

    def order_options(self, state: State1939, power: str) -> dict[str, list[str]]:
        """The legal orders of each unit of ``power`` (select lists; see ../options.py)."""
        from umpire.games.diplomacy import options

        return options.legal_orders(self, self.map, state, power)

    def order_steps(self, state: State1939, power: str, so_far: str) -> list[dict[str, Any]] | None:
        """The next choices of a bomber's flight built step by step (see v1939/flights.py)."""
        return flights.next_steps(self, self.map, state, power, so_far)

    def forecast_state(self, view: View, power: str) -> State1939:
        """The position a forecast starts from: the view alone (docs/forecast.md)."""
        return forecast.forecast_state(self.map, view)

    def survivors(self, state: State1939) -> list[str]:
        """The powers still in the game (who vote on a draw)."""
        return list(turn.alive(state))

    # -- the turn and what players see ---------------------------------------------------------

    def resolve(
        self, state: State1939, orders: Mapping[str, Sequence[Any]], chance: Chance
    ) -> Resolution[State1939]:
        done = turn.resolve(self.map, state, orders)
        expected = self.pending(state).powers
        if all(p in orders for p in expected):
            return done
        winter = dict.fromkeys(expected, missing.WINTER_1939)
        told = missing.notes(label(state), state.phase, expected, orders, winter)
        return Resolution(done.state, [*told, *done.events])

    def view(self, state: State1939, power: str | None) -> View:
        return view(self.map, state)

    def printout(self, state: State1939, events: Sequence[Event], power: str | None) -> str:
        return self.printout_of_view(self.view(state, power), events, power)

    def printout_of_view(self, view: View, events: Sequence[Event], power: str | None) -> str:
        return printout(view, events, power)

    def printout_ended_of_view(
        self, view: View, events: Sequence[Event], power: str | None, outcome: Outcome
    ) -> str:
        seen = ended_view(view, outcome)
        seen["phase"] = str(seen["phase"]).replace("Fall", "Autumn")  # as views.label says it
        return printout(seen, events, power, outcome.summary)

    def outcome(self, state: State1939) -> Outcome | None:
        return outcome(state)

    def dump_state(self, state: State1939) -> dict[str, Any]:
        return dump_state_1939(state)

    def load_state(self, data: dict[str, Any]) -> State1939:
        return load_state_1939(data)

    def bot_orders(self, state: State1939, power: str, chance: Chance) -> list[notation.V1939Order]:
        return bot_orders(self.map, state, power, chance)


def _unit_key(order: Any) -> Hashable | None:
    """Which unit an order is for: ground units and bombers may share a province."""
    if isinstance(order, Flight | BomberStand):
        return ("B", order.loc)
    if isinstance(order, LandPermission | Transfer):
        return None
    loc = getattr(order, "loc", None)
    return None if loc is None else ("G", province_of(loc))


def _winter_receipt(parsed: Parsed[Any], m: Map, state: State1939, power: str) -> None:
    """What the winter would refuse, refused on the receipt at once: a transfer in an alternate
    set (D39 12: not conditional), transfers together over a fifth of the power's SP (D39 12),
    a second build in one centre or the same unit removed twice within one set (ruling 4).
    Whether builds can be paid is known only at the winter (transfers arrive then)."""
    own = supply.supply_points(m, state.owner_map(), power, state.bombed)
    left = supply.transfer_limit(own)
    kept, alternate = [], False
    seen: dict[tuple[str, str], int] = {}  # (build/remove, space) -> line, in this set
    for line, o in parsed.orders:
        text = notation.format_order(o)
        if isinstance(o, Alternate):
            alternate, seen = True, {}
        elif isinstance(o, Transfer) and alternate:
            parsed.problems.append(refused(errors.CONDITIONAL_TRANSFER, line, text, order=text))
            continue
        elif isinstance(o, Transfer) and o.amount > left:
            limit = supply.transfer_limit(own)
            parsed.problems.append(refused(errors.TRANSFER_LIMIT, line, text, own=own, limit=limit))
            continue
        elif isinstance(o, Transfer):
            left -= o.amount
        elif isinstance(o, Build | Remove):
            # A bomber and a ground unit may share a space (D39 36): each is removed apart.
            what = "build" if isinstance(o, Build) else "remove B" if o.kind == "B" else "remove"
            key = (what, province_of(o.loc))
            if key in seen:
                code = errors.SECOND_BUILD if isinstance(o, Build) else errors.SECOND_REMOVAL
                parsed.problems.append(
                    refused(code, line, text, here=key[1], unit=text, first=seen[key])
                )
                continue
            seen[key] = line
        kept.append((line, o))
    parsed.orders[:] = kept
