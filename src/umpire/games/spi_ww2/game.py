"""The Multi-Player World War II ruleset: the contract of :mod:`umpire.core.ruleset`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.core.problems import Parsed
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
from umpire.games.spi_ww2 import (
    bot,
    drawing,
    errors,
    forecast,
    objectives,
    options,
    phase,
    printout,
    views,
)
from umpire.games.spi_ww2.board import Board
from umpire.games.spi_ww2.charts import Charts, load
from umpire.games.spi_ww2.model import State, dump_state, load_state
from umpire.games.spi_ww2.notation import format_order, parse_order
from umpire.games.spi_ww2.orders import Order
from umpire.games.spi_ww2.settings import SpiWW2Rules
from umpire.games.spi_ww2.setup import new_state
from umpire.games.spi_ww2.turn import kinds, label, phasing, resolve

# The game master's settings, as the game's record declares them (``SpiWW2Rules``).
SETTINGS = tuple(SpiWW2Rules.model_fields)


def check_settings(settings: Mapping[str, Any], calendar: int) -> tuple[bool, int]:
    """The settings, checked: ``variable_us_entry`` true or false (default true: 18.0
    advises it), ``game_turns`` a whole number 0..the calendar's length (0: the whole
    calendar, 4.3), no other key. Raises ValueError naming the setting."""
    unknown = sorted(set(settings) - set(SETTINGS))
    if unknown:
        raise ValueError(
            f"unknown setting(s) {', '.join(map(str, unknown))} (known: {', '.join(SETTINGS)})"
        )
    entry = settings.get("variable_us_entry", True)
    if not isinstance(entry, bool):
        raise ValueError("setting 'variable_us_entry' must be true or false")
    turns = settings.get("game_turns", 0)
    if isinstance(turns, bool) or not isinstance(turns, int) or not 0 <= turns <= calendar:
        raise ValueError(f"setting 'game_turns' must be a whole number 0..{calendar}")
    return entry, turns


ALL = ("ITA", "FRA", "USSR", "USA", "GBR", "GER")
# The players' countries as the rulebook names them (2.0) ("Britain, France, the
# United States, the Soviet Union, Germany and Italy"): a player may write either the code
# or the name (a heading's P-, press TO, a sign-up's preferences).
NAMES = {
    "ITA": "Italy",
    "FRA": "France",
    "USSR": "Soviet Union",
    "USA": "United States",
    "GBR": "Britain",
    "GER": "Germany",
}


def _scenario(n: int) -> ScenarioInfo:
    players = load().players(n)
    return ScenarioInfo(
        name=f"{n}-player",
        title=f"{n}-Player version, 1939 set-up (2.0, 15.0)",
        powers=players,
        min_players=n,
        max_players=n,
        description={
            6: "Britain, France, the US, the USSR, Germany and Italy each a player.",
            5: "Italy is controlled by the German Player.",
            4: "Italy with Germany; the US with Britain after American intervention.",
        }[n],
        default_powers=players,
        names=tuple((p, NAMES[p]) for p in players),
        # 19.2: only a player with two identities records a secret synthesized column
        hidden_information=n < 6,
    )


INFO = GameInfo(
    name="spi-ww2",
    title="Multi-Player World War II (SPI)",
    aliases=("spi", "spi_ww2", "ww2-multiplayer", "world-war-ii-multiplayer"),
    scenarios=(_scenario(4), _scenario(5), _scenario(6)),
    hidden_information=True,
    uses_chance=True,
    rulebook="spi-world-war-ii-multiplayer.txt",
    order_help="""\
One order a line; hexes by id (CCRR) or place name; strength points (sp) by nationality.
  PLACE GER 3 2113                     reinforcements
  MOVE GER 3 2113-2213                 land movement (RAIL for rail)
  SHIP <nat> <sp> <port>-<port>        naval transport (LAND for an invasion)
  ATTACK 2213 WITH GER 3 2113, ITA 1 2114
  PERMIT FRA SUPPLY                    a permission (REFUSE withdraws it)
  PEACE FRA                            offer peace
  PASS                                 nothing to order this phase\n""",
)


class SpiWW2:
    """Multi-Player World War II. ``charts``: the tables (default: ``data/``); a variant or a
    test passes other tables (a different CRT, map or schedule) without changing code."""

    info = INFO

    def __init__(self, charts: Charts | None = None) -> None:
        self._charts = charts

    @property
    def charts(self) -> Charts:
        return self._charts or load()

    def new_game(
        self, scenario: str, powers: Sequence[str], chance: Chance, settings: Mapping[str, Any]
    ) -> State:
        version = int(scenario.split("-")[0])
        variable_us_entry, game_turns = check_settings(settings, self.charts.game_turns)
        return new_state(self.charts, version, variable_us_entry, game_turns)

    def pending(self, state: State) -> Pending:
        return Pending(
            state.game_turn, label(state, self.charts), phasing(state, self.charts), kinds(state)
        )

    def read_line(
        self, state: State, power: str, line: str, scope: dict[str, Any]
    ) -> Sequence[Order]:
        del scope
        c = self.charts
        return [parse_order(line, c.map, state.players, set(c.mp["objectives"]["rows"]))]

    def check(self, state: State, power: str, orders: Sequence[tuple[int, Order]]) -> Parsed[Order]:
        """Legality of the whole submission, order by order in the Player-Turn's sequence."""
        board = Board.of(state, self.charts)
        parsed: Parsed[Order] = Parsed()
        if power not in phasing(state, self.charts):
            for line, _ in orders:
                problem = errors.NOT_YOUR_TURN.problem(
                    line, power=power, phase=label(state, self.charts)
                )
                parsed.problems.append(problem)
            return parsed
        problems = phase.run(board, power, orders)
        refused = {p.line for p in problems}
        for line, order in orders:
            if line not in refused:
                parsed.accept(line, order)
        parsed.problems.extend(problems)
        return parsed

    # -- order entry on the game page (options.py; docs/rulings/spi-ww2.md S-PAGE-1) --------

    map_help = options.MAP_HELP

    def order_options(self, state: State, power: str) -> dict[str, list[str]]:
        """Each stack's attacks (combat phase), the placements (movement phase): HasOrderOptions."""
        return options.order_options(self, state, power)

    def order_steps(self, state: State, power: str, so_far: str) -> list[dict[str, Any]] | None:
        """A stack's moves, or an attack's next stack, step by step: HasOrderSteps."""
        return options.order_steps(self, state, power, so_far)

    def order_places(self, order: str) -> tuple[str, ...]:
        return options.order_places(order)

    def order_gloss(self, order: str) -> str:
        return options.order_gloss(order)

    def order_key(self, order: str) -> str:
        return options.order_key(order)

    def order_number(self, order: str) -> tuple[int, int] | None:
        return options.order_number(order)

    def format(self, order: Order) -> str:
        return format_order(order)

    def resolve(
        self, state: State, orders: Mapping[str, Sequence[Order]], chance: Chance
    ) -> Resolution[State]:
        new, events = resolve(state, orders, chance, self.charts)
        return Resolution(new, events)

    def view(self, state: State, power: str | None) -> dict[str, Any]:
        """The view (:func:`views.view`) and what the reader's printout says of it: once the
        game is over, how it ended (13.0, announced to all); before, the kind of orders the
        next phase takes and, for a player, his own Victory Points if the game ended now
        (from his own Objectives column, which he sees, and the open map)."""
        seen = {**views.view(state, power, self.charts), **self._told(state)}
        if power is not None and not state.over:
            board = Board.of(state, self.charts)
            held = objectives.holders_of_finished(board)  # the same for every reader
            points, lines = objectives.score(board, only=power, held=held)
            seen["victory_points"] = {"points": points[power], "lines": lines}
        return seen

    def public_view(self, state: State) -> dict[str, Any]:
        """The spectator's position (HasPublicView; 19.2 hides the synthesized columns)."""
        return {**views.public_view(state, self.charts), **self._told(state)}

    def _told(self, state: State) -> dict[str, Any]:
        """What every reader is told of the game's course: how it ended (13.0), or the kind
        of orders the next phase takes."""
        result = self.outcome(state)
        return {"due": kinds(state)[0]} if result is None else {"summary": result.summary}

    def printout(self, state: State, events: Sequence[Event], power: str | None) -> str:
        return self.printout_of_view(self.view(state, power), events, power)

    def printout_of_view(
        self, view: dict[str, Any], events: Sequence[Event], power: str | None
    ) -> str:
        vp = view.get("victory_points", {})
        ended = view.get("summary", "")
        return printout.render(view, events, self.charts, vp, ended, view.get("due", ""))

    def printout_ended_of_view(
        self, view: dict[str, Any], events: Sequence[Event], power: str | None, outcome: Outcome
    ) -> str:
        # No "Victory Points if the game ended now": it has ended, by the outcome's own count.
        return printout.render(view, events, self.charts, {}, outcome.summary)

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        best = max(state.scores.values())
        winners = tuple(p for p in state.players if state.scores[p] == best)
        table = ", ".join(f"{p} {n}" for p, n in state.scores.items())
        return Outcome(
            winners,
            {p: float(n) for p, n in state.scores.items()},
            f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''} with {best} Victory Points ({table}) (13.0)",
        )

    def dump_state(self, state: State) -> dict[str, Any]:
        return dump_state(state)

    def load_state(self, data: dict[str, Any]) -> State:
        return load_state(data)

    def bot_orders(self, state: State, power: str, chance: Chance) -> list[Order]:
        """The bot's orders that ``check`` keeps (no text: the session stores them as they
        are)."""
        chosen = bot.bot_orders(state, power, chance, self.charts)
        return [o for _, o in self.check(state, power, list(enumerate(chosen, start=1))).orders]

    def vary_secrets(self, state: State, power: str, chance: Chance) -> State:
        return views.vary_secrets(state, power, chance, self.charts)

    def forecast_state(self, view: View, power: str) -> State:
        """A whole state from ``power``'s view alone (:mod:`~umpire.games.spi_ww2.forecast`)."""
        return forecast.forecast_state(view, power, self.charts)


RULESET = SpiWW2()

# The three versions differ only in data (who plays, the order of movement) and in the cases
# that name a version, so one ruleset plays every scenario.
GAME = Game(
    INFO,
    {s.name: RULESET for s in INFO.scenarios},
    errors.CODES,
    drawer=Drawer(drawing.draw, order_overlay=drawing.order_overlay),
    settings=SpiWW2Rules,
)
