"""A forecast's position in Battle Plan (issue 32; docs/forecast.md, ruling R-FC1)."""

from __future__ import annotations

import doctest

import pytest

from tests.games.battleplan.helpers import edit_player
from umpire.core import registry, session
from umpire.core.chance import SeededChance
from umpire.games.battleplan import forecast
from umpire.games.battleplan.model import MINOR, GameState, but
from umpire.games.battleplan.views import visible_countries, visible_seas

OWN = (
    "cents",
    "multipliers",
    "spies",
    "counterspies",
    "declared",
    "permits",
    "shares",
    "defaults",
    "options",
    "last_turn_occupying",
)


def played(scenario: str, turns: int) -> GameState:
    record = session.create("battleplan", scenario=scenario, seed=8)
    for _ in range(turns):
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    state: GameState = registry.get("battleplan", scenario).load_state(record.latest_state)
    return state


@pytest.mark.rule("BP 14")
@pytest.mark.rule("BP 6A")
@pytest.mark.rule("BP 15C.1")
@pytest.mark.parametrize("scenario", ["europe", "real"])
def test_what_he_sees_is_exact_and_what_he_does_not_is_the_opening(scenario: str) -> None:
    ruleset = registry.get("battleplan", scenario)
    state = played(scenario, 3)
    powers = [p.power for p in state.players]
    opening = ruleset.new_game(scenario, powers, SeededChance(0), {})
    for p in state.players:
        n = p.number
        built = ruleset.forecast_state(ruleset.view(state, p.power), p.power)
        me = built.player(n)
        # his own heading (14): Dollars, spies, multipliers, declarations, sharing, defaults
        assert {k: getattr(me, k) for k in OWN} == {k: getattr(p, k) for k in OWN}
        assert me.research == {} and me.research_odds == {}
        seen = set(visible_countries(state, n))
        for code, real in state.countries.items():
            got = built.countries[code]
            assert got.owner == real.owner
            if code in seen:
                # every fact of a country he sees, suppression too; spies: his own only
                want = real.to_json() | {
                    "spies": {str(n): real.spies[n]} if real.spies.get(n) else {}
                }
                if real.controller() != n:
                    want |= {"fractions": {}, "standing": {}, "standing_by": MINOR}
                assert got.to_json() == want, (p.power, code)
            else:
                was = opening.countries[code]
                assert (got.army, got.navy, got.air, got.industry, got.taxbase) == (
                    was.army,
                    was.navy,
                    was.air,
                    was.industry,
                    was.taxbase,
                ), (p.power, code)
                assert got.spies == {} and got.standing == {}
                assert got.controller() != n  # 2A: he does not control what he cannot see
        seas = set(visible_seas(state, n))
        for code, sea in state.seas.items():
            stacks = {q: (s.army, s.navy, s.air) for q, s in built.seas[code].forces.items()}
            real_stacks = {q: (s.army, s.navy, s.air) for q, s in sea.forces.items()}
            if code in seas:
                assert stacks == real_stacks
            else:
                assert stacks == {q: s for q, s in real_stacks.items() if q == n}


@pytest.mark.rule("BP 1B")
@pytest.mark.rule("BP 6D")
def test_another_player_has_the_starting_figures_and_his_public_declarations() -> None:
    state = played("europe", 2)
    state = edit_player(state, 2, declared={1: "A", 3: "E", 4: "A"})
    state = edit_player(state, 2, shares={1: "H", 5: "F"})
    state = edit_player(state, 2, cents=12_345)
    built = registry.get("battleplan", "europe").forecast_state(
        registry.get("battleplan", "europe").view(state, state.player(1).power),
        state.player(1).power,
    )
    other = built.player(2)
    assert other.declared == {1: "A", 3: "E"}  # his enemies (1B) and his alliance with me
    assert other.shares == {1: "H"}  # only what he shares with me (6D)
    assert other.cents == 100_00 and other.permits == () and other.research == {}


@pytest.mark.rule("WW 1939.missiles")
def test_the_first_missiles_are_public_but_not_who_else_fired_them() -> None:
    ruleset = registry.get("battleplan", "1939")
    state = played("1939", 1)
    state = but(state, extra={**state.extra, "first_missile": {"turn": 1, "by": [2, 3]}})
    for p in state.players[:4]:
        seen = ruleset.view(state, p.power)["first_missile"]
        assert seen == {"turn": 1, "by": [p.number] if p.number in (2, 3) else []}
        built = ruleset.forecast_state(ruleset.view(state, p.power), p.power)
        assert built.extra["first_missile"] == seen


def test_the_doctests_of_the_forecast_run() -> None:
    result = doctest.testmod(forecast)
    assert result.attempted >= 2 and result.failed == 0
