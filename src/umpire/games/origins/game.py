"""The Origins of World War II ruleset: the contract of :mod:`umpire.core.ruleset`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.core.orderlist import ListedOrders
from umpire.core.problems import Parsed, Problem
from umpire.core.ruleset import GameInfo, Outcome, Pending, Resolution, ScenarioInfo, View
from umpire.games.origins import bot, forecast, options, printout, views
from umpire.games.origins.charts import Charts, load
from umpire.games.origins.legality import check_submission
from umpire.games.origins.model import State, dump_state, load_state
from umpire.games.origins.notation import format_order, parse_order
from umpire.games.origins.orders import Order
from umpire.games.origins.scoring import scores
from umpire.games.origins.turn import label, play_order, resolve_turn
from umpire.games.origins.warnings import warnings as order_warnings

POWERS = ("USA", "FRA", "GBR", "USSR", "GER")

INFO = GameInfo(
    name="origins",
    title="Origins of World War II (PBM)",
    aliases=("oww", "origins-of-ww2", "origins-of-world-war-ii", "origins_ww2"),
    scenarios=(
        ScenarioInfo(
            name="historical",
            title="Historical game, 1933-1938",
            powers=POWERS,
            min_players=5,
            max_players=5,
            description="Six yearly turns; the HISTORICAL GAME charts of the PBM rules.",
            default_powers=POWERS,
            names=tuple((p.code, p.name) for p in load().powers),
        ),
    ),
    hidden_information=True,
    uses_chance=True,
    rulebook="origins-of-ww2-pbm.txt",
    order_help="""\
One order a line; areas by code or name; HOME is your home area.
  PLACE 3 POL                  place 3 of this turn's PFs in Poland
  MOVE 2 FROM HOME TO AUS      move 2 PFs from your home area
  ATTACK POL GER,USSR WITH 6   attack in Poland
  UNDERSTANDING AUS            an Understanding marker
  CONTROL POL SHARE USSR       a Control marker, shared
  SPY POL GER                  see Germany's holding in Poland
The end of your printout lists every order.\n""",
)


class Origins(ListedOrders):
    """Origins of World War II, PBM rules (OWW 1.1-8.5 and the four charts)."""

    info = INFO

    def charts(self, state: State) -> Charts:
        return load(state.scenario)

    def new_game(
        self, scenario: str, powers: Sequence[str], chance: Chance, settings: Mapping[str, Any]
    ) -> State:
        charts = load(scenario)
        seated = tuple(p for p in charts.power_codes if p in powers)
        return State(scenario=charts.scenario, powers=seated, turn=1)

    def pending(self, state: State) -> Pending:
        charts = self.charts(state)
        if state.turn > charts.turns:
            return Pending(state.turn, "game over", ())
        return Pending(
            state.turn, label(state.turn, charts), tuple(play_order(state, charts)), ("orders",)
        )

    def read_line(
        self, state: State, power: str, line: str, scope: dict[str, Any]
    ) -> Sequence[Order]:
        """One order per line (the grammar: :mod:`~umpire.games.origins.notation`)."""
        return [parse_order(line, power, self.charts(state))]

    def check(self, state: State, power: str, orders: Sequence[tuple[int, Order]]) -> Parsed[Order]:
        """The legality of the whole submission (:mod:`~umpire.games.origins.legality`)."""
        return check_submission(state, power, orders, self.charts(state))

    def warnings(
        self, state: State, power: str, orders: Sequence[tuple[int, Order]]
    ) -> list[Problem]:
        """Kept orders the turn will not carry out whatever the others order
        (:mod:`~umpire.games.origins.warnings`)."""
        return order_warnings(state, power, orders)

    def format(self, order: Order) -> str:
        return format_order(order)

    # -- order entry on the pages: the list of legal orders (core.orderlist), clicks on the map
    # (options.py: one attack and one marker order an area, one spy mission: OWW 4.3, 5.1, 6.1)

    order_list = options
    map_help = (
        "On the map: click an area to place or move PFs there, attack a power, give a marker "
        "order or spy there; each number offered is the most you may use, lower it in the menu "
        "or in the box. Attacks on several powers and conditions are typed."
    )

    def resolve(
        self, state: State, orders: Mapping[str, Sequence[Order]], chance: Chance
    ) -> Resolution[State]:
        new, events = resolve_turn(state, orders, chance, self.charts(state))
        return Resolution(new, events)

    def view(self, state: State, power: str | None) -> dict[str, Any]:
        """The view (:func:`views.view`) and, once the game is over, how it ended (the final
        scores are in every view then): what the reader's printout says of it."""
        seen = views.view(state, power, self.charts(state))
        result = self.outcome(state)
        if result is not None:
            seen["summary"] = result.summary
        return seen

    def public_view(self, state: State) -> dict[str, Any]:
        return views.public_view(state, self.charts(state))

    def printout(self, state: State, events: Sequence[Event], power: str | None) -> str:
        return self.printout_of_view(self.view(state, power), events, power)

    def printout_of_view(
        self, view: dict[str, Any], events: Sequence[Event], power: str | None
    ) -> str:
        charts = load(view["scenario"])
        return printout.render(view, events, charts, view.get("summary", ""))

    def printout_ended_of_view(
        self, view: dict[str, Any], events: Sequence[Event], power: str | None, outcome: Outcome
    ) -> str:
        return printout.render(view, events, load(view["scenario"]), outcome.summary)

    def outcome(self, state: State) -> Outcome | None:
        charts = self.charts(state)
        if state.turn <= charts.turns:
            return None
        final = scores(state, charts)
        best = max(final.values())
        winners = tuple(p for p in play_order(state, charts) if final[p] == best)
        table = ", ".join(f"{p} {n}" for p, n in final.items())
        return Outcome(
            winners,
            {p: float(n) for p, n in final.items()},
            f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''} with {best} points ({table})",
        )

    def dump_state(self, state: State) -> dict[str, Any]:
        return dump_state(state)

    def load_state(self, data: dict[str, Any]) -> State:
        return load_state(data)

    def bot_orders(self, state: State, power: str, chance: Chance) -> list[Order]:
        """The bot's orders that ``check`` keeps (no text: the session stores them as they
        are)."""
        chosen = bot.bot_orders(state, power, chance, self.charts(state))
        return [o for _, o in self.check(state, power, list(enumerate(chosen, start=1))).orders]

    def vary_secrets(self, state: State, power: str, chance: Chance) -> State:
        return views.vary_secrets(state, power, chance, self.charts(state))

    def forecast_state(self, view: View, power: str) -> State:
        """A whole state from ``power``'s view alone (:mod:`~umpire.games.origins.forecast`)."""
        return forecast.forecast_state(view, power)


RULESET = Origins()
