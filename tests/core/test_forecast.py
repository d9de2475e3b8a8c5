"""Forecasts from a player's own view (issue 32): the same adjudication as the real turn,
nothing stored, only the view read, and another power's secrets never change the result."""

from __future__ import annotations

import copy
import json

import pytest

from umpire.core import registry, session
from umpire.core.chance import SeededChance
from umpire.core.forecast import Forecast, ForecastError, forecast, sandbox
from umpire.core.record import GameRecord
from umpire.core.ruleset import Capabilities, Game
from umpire.core.submission import bot_text

DIPLOMACY = registry.game("diplomacy")
V1939 = "1939-iii"


def _played(scenario: str, turns: int, seed: int = 3) -> GameRecord:
    record = session.create("diplomacy", scenario=scenario, seed=seed)
    for _ in range(turns):
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    return record


def _real(record: GameRecord, orders: dict[str, str], power: str) -> tuple[dict, list]:
    """The view of ``power`` and the events he reads after processing ``orders`` for real."""
    table = session.open_table(GameRecord.from_json(copy.deepcopy(record.to_json())))
    for who, text in orders.items():
        table.submit(who, text)
    turn = table.process()
    return table.view(power), [e for e in turn.events if e.audience.admits(power)]


@pytest.mark.rule("DATC 6.A.11")
def test_a_forecast_bounce_is_the_real_adjudication_and_stores_nothing() -> None:
    record = session.create("diplomacy", seed=1)
    before = json.dumps(record.to_json(), sort_keys=True)
    view = session.view(record, "AUS")
    orders = {"AUS": "A vie - tyr", "ITA": "A ven - tyr"}
    found = forecast(DIPLOMACY, "standard", view, "AUS", orders, seed=1)
    assert json.dumps(record.to_json(), sort_keys=True) == before  # nothing stored
    real_view, real_events = _real(record, orders, "AUS")
    assert found.view == real_view
    assert [e.to_json() for e in found.events] == [e.to_json() for e in real_events]
    assert "AUS A vie" in found.view["units"] and "ITA A ven" in found.view["units"]
    assert found.problems == {"AUS": (), "ITA": ()}
    assert found.orders == {"AUS": ("A vie - tyr",), "ITA": ("A ven - tyr",)}
    assert found.printout.startswith("FORECAST of Spring 1901 movement")
    assert (
        "AUS A vie - tyr: failed" in found.printout and "ITA A ven - tyr: failed" in found.printout
    )
    assert found.svg is not None and found.svg.startswith("<svg")


@pytest.mark.parametrize("scenario", ["standard", V1939])
def test_after_bot_turns_the_forecast_equals_the_real_turn(scenario: str) -> None:
    for turns in (0, 2, 5):
        record = _played(scenario, turns)
        todo = session.pending(record)
        table = session.open_table(record)
        power = todo.powers[0]
        orders = {
            p: bot_text(table.ruleset, table.state, p, SeededChance(7, p)) for p in todo.powers
        }
        found = forecast(DIPLOMACY, scenario, session.view(record, power), power, orders, 5)
        real_view, real_events = _real(record, orders, power)
        assert found.view == real_view, (scenario, turns)
        assert [e.to_json() for e in found.events] == [e.to_json() for e in real_events]
        assert all(not problems for problems in found.problems.values()), found.problems_text()


@pytest.mark.parametrize("scenario", ["standard", V1939])
def test_the_state_from_a_view_shows_that_view_again(scenario: str) -> None:
    maker = DIPLOMACY.capabilities(scenario).forecast
    assert maker is not None
    ruleset = DIPLOMACY.ruleset(scenario)
    record = _played(scenario, 7)
    for n in range(len(record.turns) + 1):
        state = ruleset.load_state(record.state_after(n))
        for power in record.powers[:2]:
            view = ruleset.view(state, power)
            assert ruleset.view(maker.forecast_state(view, power), power) == view


def test_guesses_are_optional_and_a_power_not_due_is_refused_whole() -> None:
    record = _played("standard", 2)  # a winter or a retreat: some powers are not due
    view = session.view(record, "FRA")
    label = session.pending(record).label
    due = session.pending(record).powers
    idle = next((p for p in record.powers if p not in due), None)
    orders = {"FRA": ""} if idle is None else {"FRA": "", idle: "A par H"}
    found = forecast(DIPLOMACY, "standard", view, "FRA", orders, 1)
    assert found.label == label
    if idle is not None:
        assert [p.code for p in found.problems[idle]] == ["turn/not_expected"]


def test_bad_orders_are_reported_as_a_submission_reports_them() -> None:
    record = session.create("diplomacy", seed=1)
    found = forecast(
        DIPLOMACY, None, session.view(record, "FRA"), "FRA", {"France": "A par - xyz\nF bre H"}, 1
    )
    problems = found.problems["FRA"]
    assert [(p.line, p.code.split("/")[0]) for p in problems] == [(1, "order")]
    assert found.orders["FRA"] == ("F bre H",)
    assert "FRA: line 1" in found.problems_text()


def test_an_unknown_power_and_a_damaged_position_are_errors_with_codes() -> None:
    view = session.view(session.create("diplomacy", seed=1), "FRA")
    with pytest.raises(ForecastError) as err:
        forecast(DIPLOMACY, None, view, "FRA", {"Atlantis": "A par H"}, 1)
    assert err.value.code == "game/unknown_power"
    for bad in (
        {**view, "units": ["FRA A atl"]},  # an army at sea
        {**view, "units": ["FRA F par"]},  # a fleet inland
        {**view, "units": ["XXX A par"]},
        {**view, "units": ["FRA A par", "GER A par"]},
        {**view, "centres": {"FRA": ["par", "par"]}},
        {**view, "season": "monsoon"},
        {**view, "year": "1901"},
        {**view, "phase": "Spring 1901 adjustments"},
        {**view, "units": "FRA A par"},
        [],
    ):
        with pytest.raises(ForecastError) as err:
            forecast(DIPLOMACY, None, bad, "FRA", {}, 1)  # type: ignore[arg-type]
        assert err.value.code == "forecast/bad_position", bad
    with pytest.raises(ForecastError):
        forecast(DIPLOMACY, None, view, "FRA", {}, -1)


def test_a_record_without_the_capability_has_no_forecast_nor_sandbox(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(DIPLOMACY.features, "standard", Capabilities())  # type: ignore[index]
    view = session.view(session.create("diplomacy", seed=1), "FRA")
    with pytest.raises(ForecastError) as err:
        forecast(DIPLOMACY, "standard", view, "FRA", {}, 1)
    assert err.value.code == "forecast/unavailable"
    pebbles = registry.game("pebbles")  # hides information: no public sandbox
    with pytest.raises(ForecastError) as err:
        sandbox(pebbles, None, {"turn": 1, "pile": 3, "hoard": 0}, {})
    assert err.value.code == "forecast/unavailable"


def test_the_sandbox_reads_the_public_position_and_all_orders() -> None:
    record = session.create("diplomacy", seed=1)
    orders = {"AUS": "A vie - tyr", "ITA": "A ven - tyr", "GER": "A mun - bur"}
    found = sandbox(DIPLOMACY, "standard", session.public_view(record) or {}, orders)
    assert found.power is None
    assert "GER A bur" in found.view["units"]
    assert all(e.audience.kind == "public" for e in found.events)


# --- the non-leak property, over every registered ruleset that forecasts and has secrets ----

FORECASTING = [
    (name, scenario)
    for name, scenario, _ in registry.all_scenarios()
    if registry.game(name).capabilities(scenario).forecast is not None
    and registry.game(name).capabilities(scenario).secrets is not None
    and name != "fakebid"
]


def _json(found: Forecast) -> str:
    return json.dumps(found.to_json(), sort_keys=True, default=str)


@pytest.mark.parametrize(("name", "scenario"), FORECASTING)
def test_another_powers_secrets_never_change_a_forecast(name: str, scenario: str) -> None:
    """The forecast of power P (his orders, his guesses, his seed) is the same whatever any
    other power's secrets are: it starts from P's view, and nothing else."""
    game: Game = registry.game(name)
    ruleset = game.ruleset(scenario)
    varies = game.capabilities(scenario).secrets
    assert varies is not None
    record = session.create(name, scenario=scenario, seed=4)
    varied_something = False
    for n in range(4):
        if record.outcome is not None:
            break
        state = ruleset.load_state(record.latest_state)
        due = ruleset.pending(state).powers
        # Each due power's orders, which are his own orders in his forecast and the others'
        # guesses of them in theirs; and each power's secrets varied: made once a turn, not
        # once a pair of powers (Battle Plan's 25 and 31 powers; issue 33).
        texts = {p: bot_text(ruleset, state, p, SeededChance(11, n, p)) for p in due}
        dumped = ruleset.dump_state(state)
        changed_by = {
            other: varies.vary_secrets(state, other, SeededChance(5, n, other))
            for other in record.powers
        }
        varied_something |= any(ruleset.dump_state(c) != dumped for c in changed_by.values())
        for power in record.powers:
            own = ruleset.view(state, power)
            own_text = json.dumps(own, sort_keys=True, default=str)
            mine = _json(forecast(game, scenario, own, power, texts, 9))
            made_again = False
            for other, changed in changed_by.items():
                if other == power:
                    continue
                view = ruleset.view(changed, power)
                if made_again and json.dumps(view, sort_keys=True, default=str) == own_text:
                    # The forecast reads nothing but its arguments, and these are the ones it
                    # was given above, its sameness on them checked once this turn: only a
                    # view the secrets changed needs a forecast (Battle Plan's 25 powers:
                    # 600 forecasts a turn otherwise; issue 33).
                    continue
                made_again = True
                again = forecast(game, scenario, view, power, texts, 9)
                assert _json(again) == mine, (name, scenario, n, power, other)
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    # A scenario that hides nothing (SPI's 6-player game: every power plays its own side) has
    # no secret to vary; one that hides something must have varied it.
    assert varied_something or not game.info.hides_information(scenario), (
        f"{name} {scenario}: vary_secrets never changed a state"
    )
