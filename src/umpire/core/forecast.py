"""Forecasts: a turn adjudicated from a player's own view, with nothing submitted or stored.

:func:`forecast` is what the game page's "Try orders", the API and ``umpire forecast`` share.
It starts from the view the player was given (never the umpire's state): the game builds a
complete state from it (:class:`~umpire.core.ruleset.HasForecast`; what the view hides is
filled by the game's own rule, docs/forecast.md), reads each power's order text through core's
submission pipeline exactly as a submission is read (:func:`~umpire.core.submission.parse`,
the canonical text read back as processing does), resolves the turn with a chance drawn from
the seed the player chose (never the game's), and shows the result as that player would read
it: his view after the turn, the events addressed to him, his printout, the map drawn from that
view. Orders for the other powers are guesses, each optional: a power without any is treated by
the game's rules for missing orders.

:func:`sandbox` is the same for a game that hides nothing, from a position anyone may see
(Diplomacy's public sandbox): orders for every power, the result as a spectator reads it.

Both are pure: they read only the game's record and their arguments.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from umpire.core import errors
from umpire.core.chance import SeededChance
from umpire.core.errors import FORECAST_UNAVAILABLE, TURN_NOT_EXPECTED
from umpire.core.events import PUBLIC, Event, visible_to
from umpire.core.ordermarks import Preview, preview
from umpire.core.powers import power_named
from umpire.core.problems import OrderError, Problem
from umpire.core.ruleset import Game, HasForecast, View, power_label
from umpire.core.session import SessionError
from umpire.core.submission import parse, reread, size_problem

# Stream label of a forecast's chance: a forecast's dice are never the game's (SeededChance of
# the game's seed and "turn"), only the seed the player chose and this label.
CHANCE_STREAM = "forecast"
MAX_SEED = 2**53 - 1  # the largest whole number every JSON reader keeps exactly


class ForecastError(ValueError):
    """A forecast that cannot be made (no forecast in this game, a position that does not
    read, an unknown power): a declared code and a sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class Forecast:
    """The result of a forecast, as its reader may read it.

    ``problems``: per power whose orders were given, every problem of its text (as a
    submission's receipt reports them); ``orders``: per power, the orders kept, in canonical
    text; ``printout``: the reader's report of the forecast turn; ``view``: the position after
    it as the reader sees it; ``events``: the events of the turn he may read; ``svg``: the map
    of that view with those events (None where the game draws no map)."""

    game: str
    scenario: str
    power: str | None  # the reader (None: the public, in a sandbox)
    label: str  # the phase forecast: "Spring 1901 movement"
    seed: int
    problems: Mapping[str, tuple[Problem, ...]]
    orders: Mapping[str, tuple[str, ...]]
    printout: str
    view: View
    events: tuple[Event, ...]
    svg: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "scenario": self.scenario,
            "power": self.power,
            "label": self.label,
            "seed": self.seed,
            "problems": {p: [x.to_json() for x in ps] for p, ps in self.problems.items()},
            "orders": {p: list(os) for p, os in self.orders.items()},
            "printout": self.printout,
            "view": self.view,
            "events": [{"kind": e.kind, "text": e.text, "data": dict(e.data)} for e in self.events],
            "svg": self.svg,
        }

    def problems_text(self) -> str:
        """Every problem, power by power, one a line ("" when there is none)."""
        lines: list[str] = []
        for who, found in self.problems.items():
            lines.extend(f"{who}: {p}" for p in found)
        return "\n".join(lines) + ("\n" if lines else "")


def forecaster(game_record: Game, scenario: str | None) -> HasForecast[Any]:
    """The scenario's forecast (its record's capability), or ForecastError."""
    found = game_record.capabilities(scenario).forecast
    if found is None:
        title = game_record.info.scenario(scenario).title
        raise _error(FORECAST_UNAVAILABLE, game=title, why="")
    return found


def forecast(
    game_record: Game,
    scenario: str | None,
    view: View,
    power: str,
    orders: Mapping[str, str],
    seed: int,
) -> Forecast:
    """The turn forecast from ``view`` (``power``'s own, as the session gives it to him) with
    ``orders`` (power -> order text: his own, and guesses for others), chance drawn from
    ``seed``; the result as ``power`` reads it. See the module."""
    state = _state(game_record, scenario, view, power)
    return _run(game_record, scenario, state, power, orders, seed)


def forecast_preview(
    game_record: Game,
    scenario: str | None,
    view: View,
    power: str,
    orders: Mapping[str, str],
) -> dict[str, Preview]:
    """Each box of a forecast's form read and marked as it is typed, nothing resolved: per
    power of ``orders`` (his own, and guesses for others), its text read against the state
    :func:`forecast` would start from (``power``'s own view, what it hides filled by the
    game's rule), as a submission is read (:func:`umpire.core.ordermarks.preview`). A guess is
    judged by what the reader can see, never by the game's true position. A box over the size
    limit, or for a power the turn does not wait for, is one problem and no marks."""
    state = _state(game_record, scenario, view, power)
    info = game_record.info.scenario(scenario)
    ruleset = game_record.ruleset(scenario)
    todo = ruleset.pending(state)
    names = dict(info.names)
    out: dict[str, Preview] = {}
    for named, text in orders.items():
        who = _power(named, info.powers, names)
        if who in out:
            raise _error(errors.DUPLICATE_POWER, power=who)
        too_big = size_problem(text)
        if too_big is not None:
            out[who] = Preview(problems=[too_big])
        elif who not in todo.powers:
            waited = ", ".join(todo.powers) or "nobody"
            refused = TURN_NOT_EXPECTED.problem(0, power=who, label=todo.label, expected=waited)
            out[who] = Preview(problems=[refused])
        else:
            out[who] = preview(ruleset, state, who, text)
    return out


def sandbox(
    game_record: Game, scenario: str | None, view: View, orders: Mapping[str, str], seed: int = 1
) -> Forecast:
    """A turn adjudicated from a public position of a game that hides nothing (every power's
    view is the same), orders for any power; the result as a spectator reads it."""
    info = game_record.info
    if info.hides_information(scenario):
        title = info.scenario(scenario).title
        raise _error(FORECAST_UNAVAILABLE, game=title, why=" sandbox: it hides information")
    first = info.scenario(scenario).powers[0]  # every power's view is the same
    state = _state(game_record, scenario, view, first)
    return _run(game_record, scenario, state, None, orders, seed)


def sandbox_position(game_record: Game, scenario: str | None, view: View) -> View:
    """The public position ``view`` describes, read as :func:`sandbox` reads it and shown as a
    spectator sees it: a position from outside (a link) in the game's own normal form, with
    what it does not say filled by the game's rule; ForecastError where it is no position."""
    info = game_record.info
    if info.hides_information(scenario):
        title = info.scenario(scenario).title
        raise _error(FORECAST_UNAVAILABLE, game=title, why=" sandbox: it hides information")
    state = _state(game_record, scenario, view, info.scenario(scenario).powers[0])
    return _public(game_record, scenario, state)


def _state(game_record: Game, scenario: str | None, view: View, power: str) -> Any:
    maker = forecaster(game_record, scenario)
    try:
        return maker.forecast_state(view, power)
    except (ValueError, KeyError, TypeError, AttributeError, IndexError) as err:
        why = str(err) if isinstance(err, ValueError) else f"{type(err).__name__}: {err}"
        raise _error(errors.FORECAST_BAD_POSITION, why=why) from err


def _run(
    game_record: Game,
    scenario: str | None,
    state: Any,
    reader: str | None,
    orders: Mapping[str, str],
    seed: int,
) -> Forecast:
    if not 0 <= seed <= MAX_SEED:
        raise _error(errors.FORECAST_BAD_POSITION, why=f"the seed {seed} is not in 0..{MAX_SEED}")
    info = game_record.info.scenario(scenario)
    ruleset = game_record.ruleset(scenario)
    todo = ruleset.pending(state)
    names = dict(info.names)
    read: dict[str, list[Any]] = {}
    problems: dict[str, tuple[Problem, ...]] = {}
    kept: dict[str, tuple[str, ...]] = {}
    for named, text in orders.items():
        who = _power(named, info.powers, names)
        if who in problems:
            raise _error(errors.DUPLICATE_POWER, power=who)
        found, canonical, orders_of = _read(ruleset, state, who, text, todo.powers, todo.label)
        problems[who], kept[who] = found, canonical
        if orders_of is not None:
            read[who] = orders_of
    chance = SeededChance(seed, CHANCE_STREAM)
    result = ruleset.resolve(state, read, chance)
    if reader is None:
        events = [e for e in result.events if e.audience.kind == PUBLIC]
        seen = _public(game_record, scenario, result.state)
    else:
        events = visible_to(result.events, reader)
        seen = ruleset.view(result.state, reader)
    head = _heading(game_record, scenario, ruleset, result.state, reader, todo.label, seed)
    text = head + ruleset.printout(result.state, events, reader)
    return Forecast(
        game=game_record.info.name,
        scenario=info.name,
        power=reader,
        label=todo.label,
        seed=seed,
        problems=problems,
        orders=kept,
        printout=text,
        view=seen,
        events=tuple(events),
        svg=_draw(game_record, seen, events),
    )


def _read(
    ruleset: Any, state: Any, power: str, text: str, expected: Sequence[str], label: str
) -> tuple[tuple[Problem, ...], tuple[str, ...], list[Any] | None]:
    """(problems, canonical orders, orders for the resolution) of one power's text, read as a
    submission is read: refused whole when over the size limits or from a power the turn does
    not wait for; else read, and its canonical text read back as processing reads it."""
    too_big = size_problem(text)
    if too_big is not None:
        return (too_big,), (), None
    if power not in expected:
        waited = ", ".join(expected) or "nobody"
        refused = TURN_NOT_EXPECTED.problem(0, power=power, label=label, expected=waited)
        return (refused,), (), None
    parsed = parse(ruleset, state, power, text)
    canonical = tuple(ruleset.format(o) for _, o in parsed.orders)
    if not canonical and parsed.problems:
        return tuple(parsed.problems), (), None  # refused whole, as a submission would be
    try:
        return tuple(parsed.problems), canonical, reread(ruleset, state, power, canonical)
    except OrderError as err:  # a notation bug: the game's, shown rather than raised
        return (*parsed.problems, Problem(0, err.code, err.message)), canonical, None


def _power(named: str, powers: Sequence[str], names: Mapping[str, str]) -> str:
    try:
        return power_named(named, powers, names)
    except SessionError as err:
        raise ForecastError(err.code, err.message) from err


def _public(game_record: Game, scenario: str | None, state: Any) -> View:
    own = game_record.capabilities(scenario).public_view
    if own is not None:
        return own.public_view(state)
    return game_record.ruleset(scenario).view(state, None)


def _heading(
    game_record: Game,
    scenario: str | None,
    ruleset: Any,
    after: Any,
    reader: str | None,
    label: str,
    seed: int,
) -> str:
    """The forecast's first lines: what was forecast, from whose view, and that nothing of it
    was submitted or stored."""
    info = game_record.info
    sc = info.scenario(scenario)
    game = sc.title if info.title in sc.title else f"{info.title}: {sc.title}"
    outcome = ruleset.outcome(after)
    due = (
        "the game would be over" if outcome is not None else f"then {ruleset.pending(after).label}"
    )
    whose = "the public position" if reader is None else power_label(reader, dict(sc.names))
    dice = f", dice from seed {seed}" if info.uses_chance else ""
    return (
        f"FORECAST of {label} · {due}\n"
        f"{game}, from {whose}{dice}\n"
        "Nothing was submitted or stored: this is what these orders would do.\n"
    )


def _draw(game_record: Game, view: View, events: Sequence[Event]) -> str | None:
    drawer = game_record.drawer
    if drawer is None:
        return None
    svg = drawer.draw(view, list(events))
    return svg if isinstance(svg, str) else None


def _error(code: errors.Code, **fields: Any) -> ForecastError:
    return ForecastError(code.code, code.message(**fields))


__all__ = [
    "CHANCE_STREAM",
    "MAX_SEED",
    "Forecast",
    "ForecastError",
    "forecast",
    "forecast_preview",
    "forecaster",
    "sandbox",
]
