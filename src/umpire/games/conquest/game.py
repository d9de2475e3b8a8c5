"""The Conquest of the World ruleset: wires the modules together, nothing else."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from typing import Any

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.core.orderlist import ListedOrders
from umpire.core.problems import Parsed, Problem
from umpire.core.ruleset import (
    Drawer,
    Game,
    GameInfo,
    Outcome,
    Pending,
    Resolution,
    ScenarioInfo,
    View,
)
from umpire.games.conquest import bot, drawing, endgame, forecast, options, printout, views
from umpire.games.conquest.errors import CODES
from umpire.games.conquest.geography import (
    DATA,
    Board,
    board,
    scenario_file,
    scenario_names,
    validate_edits,
)
from umpire.games.conquest.legality import check, pending_powers
from umpire.games.conquest.legality import warnings as order_warnings
from umpire.games.conquest.model import DIGITS, OVER, Limits, State, dump_state, load_state
from umpire.games.conquest.notation import format_order, read_orders
from umpire.games.conquest.orders import Order
from umpire.games.conquest.settings import ConquestRules
from umpire.games.conquest.turn import resolve_turn

POWERS = ("RED", "BLUE", "GREEN", "YELLOW", "WHITE", "BLACK")  # the six sets of C/A markers
SETTINGS = tuple(ConquestRules.model_fields)  # as the game's record declares them
STANDARD_DESCRIPTION = (
    "43 countries in 11 zones: 16 as the manual prints them, 27 reconstructed "
    "(our ruling C1). Settings: rounds or turns (variation 1), target "
    "(variation 2), board (edited values), warchest."
)


def _scenario_info(name: str) -> ScenarioInfo:
    head = scenario_file(name)["scenario"]
    return ScenarioInfo(
        name=name,
        title=str(head["title"]),
        powers=POWERS,
        min_players=2,
        max_players=6,
        description=str(head.get("description", STANDARD_DESCRIPTION)),
        default_powers=POWERS[:4],
    )


INFO = GameInfo(
    name="conquest",
    title="Conquest of the World",
    aliases=("cotw", "conquest-of-the-world", "conquest_of_the_world"),
    scenarios=tuple(_scenario_info(n) for n in scenario_names()),
    hidden_information=True,
    uses_chance=True,
    rulebook="conquest-of-the-world.txt",
    order_help="""\
One order a line; countries by code or name.
  DIGIT 7               your number for the draw
  HOMELAND USA          choose your Homeland
  ALLY CAN MEX          ally with countries
  ATTACK IND            attack a country
  PLANE AGGRESSIVE      your weapon (TANK, SUB, PLANE) and posture (CAUTIOUS, AGGRESSIVE)
  PACT BLUE / BREAK BLUE   offer or break a pact with a player
  PASS                  nothing this turn\n""",
)


def _whole(settings: Mapping[str, Any], name: str) -> int:
    value = settings.get(name, 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"setting {name!r} must be a whole number 0 or more")
    return value


def opening_warchest() -> int:
    with (DATA / "board.toml").open("rb") as handle:
        return int(tomllib.load(handle)["warchest"]["opening"])


class Conquest(ListedOrders):
    """Conquest of the World (Odyssey2, 1982): rules 1-22, variations 1-2, scenarios."""

    info = INFO

    def board(self, state: State) -> Board:
        return board(state.edits)

    def new_game(
        self, scenario: str, powers: Sequence[str], chance: Chance, settings: Mapping[str, Any]
    ) -> State:
        unknown = sorted(set(settings) - set(SETTINGS))
        if unknown:
            raise ValueError(
                f"unknown setting(s) {', '.join(unknown)} (known: {', '.join(SETTINGS)})"
            )
        edits = validate_edits(scenario_file(scenario).get("pbu", {}))
        edits.update(validate_edits(settings.get("board", {})))  # a GM's own board (scenarios)
        limits = Limits(
            _whole(settings, "rounds"), _whole(settings, "turns"), _whole(settings, "target")
        )
        warchest = _whole(settings, "warchest") or opening_warchest()
        if warchest % 100:
            raise ValueError("setting 'warchest' must be in whole chips (a multiple of 100)")
        seats = tuple(p for p in POWERS if p in powers)
        return State(
            scenario=scenario,
            edits=edits,
            seats=seats,
            limits=limits,
            phase=DIGITS,
            warchest=warchest,
            record={p: 0 for p in seats},
            chips={p: 0 for p in seats},
        )

    def pending(self, state: State) -> Pending:
        return Pending(
            state.turn, views.label(state, self.board(state)), pending_powers(state), (state.phase,)
        )

    def read_line(self, state: State, power: str, line: str, scope: dict[str, Any]) -> list[Order]:
        """The orders on one line (the contract of umpire.core.submission)."""
        return read_orders(line, self.board(state), state.seats)

    def check(self, state: State, power: str, orders: Sequence[tuple[int, Order]]) -> Parsed[Order]:
        return check(state, self.board(state), power, orders)

    def warnings(
        self, state: State, power: str, orders: Sequence[tuple[int, Order]]
    ) -> list[Problem]:
        """Kept orders the turn will not carry out whatever the others order."""
        return order_warnings(state, self.board(state), power, orders)

    def format(self, order: Order) -> str:
        return format_order(order)

    # -- order entry on the pages: the list of legal orders (core.orderlist), clicks on the map
    # (options.py: one DIGIT, HOMELAND, ATTACK, PASS or weapon a turn; a later one replaces it)

    order_list = options
    map_help = (
        "On the map: click a country to choose it as your Homeland, ally with it or attack it, "
        "as the phase allows; the other orders (digit, pass, weapon, pacts) are in the list."
    )

    def resolve(
        self, state: State, orders: Mapping[str, Sequence[Order]], chance: Chance
    ) -> Resolution[State]:
        new, events = resolve_turn(state, self.board(state), orders, chance)
        return Resolution(new, events)

    def view(self, state: State, power: str | None) -> dict[str, Any]:
        return views.view(state, power, self.board(state))

    def public_view(self, state: State) -> dict[str, Any]:
        return views.public_view(state, self.board(state))

    def printout(self, state: State, events: Sequence[Event], power: str | None) -> str:
        return self.printout_of_view(self.view(state, power), events, power)

    def printout_of_view(
        self, view: dict[str, Any], events: Sequence[Event], power: str | None
    ) -> str:
        return printout.render(view, events, board(view["edits"]))

    def printout_ended_of_view(
        self, view: dict[str, Any], events: Sequence[Event], power: str | None, outcome: Outcome
    ) -> str:
        seen = {**view, "phase": OVER, "pending": [], "label": "game over"}
        return printout.render({**seen, "summary": outcome.summary}, events, board(view["edits"]))

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        return Outcome(state.winners, endgame.scores(state), state.summary)

    def dump_state(self, state: State) -> dict[str, Any]:
        return dump_state(state)

    def load_state(self, data: dict[str, Any]) -> State:
        return load_state(data)

    def bot_orders(self, state: State, power: str, chance: Chance) -> list[Order]:
        """The bot's orders that ``check`` keeps (no text: the session stores them as they
        are)."""
        chosen = bot.bot_orders(state, self.board(state), power, chance)
        return [o for _, o in self.check(state, power, list(enumerate(chosen, start=1))).orders]

    def vary_secrets(self, state: State, power: str, chance: Chance) -> State:
        return views.vary_secrets(state, power, chance)

    def forecast_state(self, view: View, power: str) -> State:
        """A whole state from ``power``'s view alone (:mod:`~umpire.games.conquest.forecast`)."""
        return forecast.forecast_state(view, power)


RULESET = Conquest()
# Every scenario is a board with edited values under the same rules: one ruleset plays them all.
GAME = Game(
    INFO,
    {s.name: RULESET for s in INFO.scenarios},
    CODES,
    drawer=Drawer(drawing.draw, drawing.regions, drawing.order_overlay),
    settings=ConquestRules,
)
