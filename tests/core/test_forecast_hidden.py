"""Forecasts of the hidden-information games (issue 32): ``forecast_state(view, power)``.

For every scenario of Battle Plan, Origins, Conquest of the World and SPI WW2, from a few
positions of a bot game:

- the state built from a power's view is one the ruleset plays: the bots' orders of every
  power read against it with no problem, the orders the power could give in the real
  position read against it too, it resolves and gives him a printout;
- it never leaks: varying any other power's secrets (``vary_secrets``) changes neither the
  state built from the view nor the forecast's printout (for up to eight forecasters spread
  over the seats, each against every other power's secrets);
- where the forecaster sees everything that matters, the forecast of the true orders is the
  real turn (the printout he gets is the one the real turn gives him).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import pytest

from umpire.core import registry, session
from umpire.core.chance import SeededChance
from umpire.core.events import visible_to
from umpire.core.record import GameRecord
from umpire.core.ruleset import AnyRuleset, HasSecrets
from umpire.core.submission import bot_text, parse

GAMES = ("battleplan", "origins", "conquest", "spi-ww2")
SCENARIOS = [(g, s) for g, s, _ in registry.all_scenarios() if g in GAMES]
IDS = [f"{g}-{s}" for g, s in SCENARIOS]
TURNS = 4  # turns played by the bots; positions after 0, 2 and 4 of them are forecast from
SETTINGS: dict[str, dict[str, Any]] = {"battleplan": {"max_turns": 30}}
GUESSED = 3  # how many other powers' orders a forecast guesses, and whose secrets it reprints


@cache
def game(name: str, scenario: str) -> GameRecord:
    record = session.create(name, scenario=scenario, seed=7, settings=SETTINGS.get(name))
    for _ in range(TURNS):
        if record.outcome is not None:
            break
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    return record


def positions(name: str, scenario: str) -> list[tuple[int, Any]]:
    """(turn, state) for a few unfinished positions of the bot game."""
    ruleset = registry.get(name, scenario)
    record = game(name, scenario)
    out = []
    for n in sorted({0, min(2, len(record.turns)), len(record.turns)}):
        state = ruleset.load_state(record.state_after(n))
        if ruleset.outcome(state) is None:
            out.append((n, state))
    return out


def spread(powers: Sequence[str], most: int = 8) -> Sequence[str]:
    """At most ``most`` of ``powers``, spread over the list (World Wide games seat 25)."""
    step = max(1, -(-len(powers) // most))
    return powers[::step]


def forecast(ruleset: AnyRuleset, state: Any, power: str) -> Any:
    build: Any = getattr(ruleset, "forecast_state")  # noqa: B009 (the contract's new method)
    return build(ruleset.view(state, power), power)


def read(ruleset: AnyRuleset, state: Any, power: str, text: str) -> list[Any]:
    parsed = parse(ruleset, state, power, text)
    assert parsed.problems == [], (power, text, parsed.problems)
    return [o for _, o in parsed.orders]


def printout_of(
    ruleset: AnyRuleset, state: Any, orders: Mapping[str, Sequence[Any]], seed: int, power: str
) -> str:
    done = ruleset.resolve(state, orders, SeededChance(seed, "forecast"))
    return ruleset.printout(done.state, visible_to(done.events, power), power)


@pytest.mark.parametrize(("name", "scenario"), SCENARIOS, ids=IDS)
def test_the_forecast_state_is_a_position_the_ruleset_plays(name: str, scenario: str) -> None:
    ruleset = registry.get(name, scenario)
    for n, state in positions(name, scenario):
        for power in ruleset.pending(state).powers:
            built = forecast(ruleset, state, power)
            assert ruleset.load_state(ruleset.dump_state(built)) is not None
            # the view as stored (JSON) builds the same position
            stored = json.loads(json.dumps(ruleset.view(state, power)))
            again = getattr(ruleset, "forecast_state")(stored, power)  # noqa: B009
            assert ruleset.dump_state(again) == ruleset.dump_state(built)
            assert ruleset.pending(built).powers == ruleset.pending(state).powers
            # what he could give in the real position reads the same against the forecast
            mine = bot_text(ruleset, state, power, SeededChance(1, "own", n, power))
            assert read(ruleset, built, power, mine) == read(ruleset, state, power, mine)
            orders = {power: read(ruleset, built, power, mine)}
            # guesses at a few others' orders (GUESSED of them: the seats of Real Forces are 20)
            others = [p for p in ruleset.pending(built).powers if p != power][:GUESSED]
            for other in others:
                text = bot_text(ruleset, built, other, SeededChance(2, "guess", n, other))
                orders[other] = read(ruleset, built, other, text)
            text = printout_of(ruleset, built, orders, 5, power)
            assert text.strip()


@pytest.mark.parametrize(("name", "scenario"), SCENARIOS, ids=IDS)
def test_no_secret_of_another_power_changes_a_forecast(name: str, scenario: str) -> None:
    ruleset = registry.get(name, scenario)
    if not ruleset.info.hides_information(scenario):
        pytest.skip(f"{name} {scenario} hides nothing")
    assert isinstance(ruleset, HasSecrets)
    varied_something = False
    everyone = game(name, scenario).powers
    for n, state in positions(name, scenario):
        # each power's secrets varied once a position, not once a pair of powers (issue 33)
        dumped = ruleset.dump_state(state)
        varied_by = {
            other: ruleset.vary_secrets(state, other, SeededChance(9, "vary", n, other))
            for other in everyone
        }
        varied_something |= any(ruleset.dump_state(v) != dumped for v in varied_by.values())
        for power in spread(ruleset.pending(state).powers):
            built = forecast(ruleset, state, power)
            built_dump = ruleset.dump_state(built)
            mine = bot_text(ruleset, state, power, SeededChance(1, "own", n, power))
            orders = {power: read(ruleset, built, power, mine)}
            expected = printout_of(ruleset, built, orders, 5, power)
            for other, varied in varied_by.items():
                if other == power:
                    continue
                again = forecast(ruleset, varied, power)
                assert ruleset.dump_state(again) == built_dump, (power, other, n)
                if other in [q for q in everyone if q != power][:GUESSED]:  # printout: a few
                    assert printout_of(ruleset, again, orders, 5, power) == expected
    assert varied_something


def true_turn(ruleset: AnyRuleset, state: Any, n: int, power: str) -> tuple[str, str]:
    """(the printout the real turn gives ``power``, the one his forecast of the same orders
    gives him): every power's orders as the bots give them in the real position, read
    against each position, resolved with the same seed."""
    texts = {
        p: bot_text(ruleset, state, p, SeededChance(3, "true", n, p))
        for p in ruleset.pending(state).powers
    }
    built = forecast(ruleset, state, power)
    real = {p: read(ruleset, state, p, t) for p, t in texts.items()}
    guessed = {p: read(ruleset, built, p, t) for p, t in texts.items()}
    return printout_of(ruleset, state, real, 11, power), printout_of(
        ruleset, built, guessed, 11, power
    )


# Where the forecaster sees everything the turn turns on, the forecast is the real turn:
# Origins' first turn (every box empty, OWW 8.4); Conquest everywhere (the table is public,
# ruling C17; the positions here hold no pact offer); SPI before its last turn (the map is
# open; the one secret, 19.2, counts only when the game ends); Battle Plan's first turn where
# every country stands as the scenario opens (15C) and no one has money, research odds or
# popularity of his own yet (Europe, World Wide Equal, Anonymous, South America: not 1939,
# whose powers start controlling minors, nor Real Forces, whose research odds are hidden).
REALITY = {
    ("origins", "historical"): (0,),
    ("conquest", "standard"): (0, 2, TURNS),
    ("conquest", "warsaw-break"): (0, 2, TURNS),
    ("spi-ww2", "4-player"): (0, 2, TURNS),
    ("spi-ww2", "5-player"): (0, 2, TURNS),
    ("spi-ww2", "6-player"): (0, 2, TURNS),
    ("battleplan", "europe"): (0,),
    ("battleplan", "equal"): (0,),
    ("battleplan", "anonymous"): (0,),
    ("battleplan", "south-america"): (0,),
}


@pytest.mark.parametrize(("name", "scenario"), list(REALITY), ids=[f"{g}-{s}" for g, s in REALITY])
def test_a_forecast_that_sees_everything_is_the_real_turn(name: str, scenario: str) -> None:
    ruleset = registry.get(name, scenario)
    checked = 0
    for n, state in positions(name, scenario):
        if n not in REALITY[(name, scenario)]:
            continue
        for power in ruleset.pending(state).powers:
            real, forecast_text = true_turn(ruleset, state, n, power)
            assert forecast_text == real, (power, n)
            checked += 1
    assert checked
