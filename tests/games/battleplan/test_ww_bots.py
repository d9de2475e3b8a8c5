"""The bots of the World Wide scenarios (ruling W-BOT): World Opinion in every scenario that
has it, the numbered message orders in Anonymous, and 1939 attacks aimed at the victory list."""

from __future__ import annotations

import pytest

from tests.games.battleplan.helpers import edit
from umpire.core import session
from umpire.core.chance import SeededChance
from umpire.core.submission import bot_text, parse
from umpire.games.battleplan.game import RULESETS
from umpire.games.battleplan.model import GameState, but
from umpire.games.battleplan.orders import Action, Opinion, Signal
from umpire.games.battleplan.world.botworld import objective_gains
from umpire.games.battleplan.world.powers1939 import powers_1939

CODES = [p.code for p in powers_1939()]


def _orders(scenario: str, state: GameState, power: str) -> list[object]:
    ruleset = RULESETS[scenario]
    text = bot_text(ruleset, state, power, SeededChance(7, power))
    parsed = parse(ruleset, state, power, text)
    assert not parsed.problems, parsed.problems  # every order it writes is legal
    return [o for _, o in parsed.orders]


@pytest.mark.rule("WW opinion")
@pytest.mark.parametrize("scenario", ["1939", "real"])
def test_bots_keep_world_opinion_lists_wherever_the_scenario_has_them(scenario: str) -> None:
    record = session.create("battleplan", scenario=scenario, seed=3)
    state = session.current_state(record)
    for power in record.powers[:5]:
        opinions = [o for o in _orders(scenario, state, power) if isinstance(o, Opinion)]
        assert {o.good for o in opinions} == {True, False}, power


@pytest.mark.rule("WW anonymous")
def test_anonymous_bots_speak_only_in_numbered_message_orders() -> None:
    record = session.create(
        "battleplan", scenario="anonymous", seed=3, powers=["EFR", "EWG", "ENA"]
    )
    state = session.current_state(record)
    orders = _orders("anonymous", state, "EFR")
    greetings = [o for o in orders if isinstance(o, Signal) and o.number == 1]
    assert {o.player for o in greetings} == {2, 3}  # turn one: greetings to his neighbours
    state = but(state, turn=5)
    state = edit(state, "EFR", army=200)  # strong enough to attack Germany or Navarre
    for minor in ("EBE", "ELU", "ELY"):  # and the minors around too strong to attack
        state = edit(state, minor, army=500)
    orders = _orders("anonymous", state, "EFR")
    attacked = {o.target for o in orders if isinstance(o, Action) and o.verb == "AC"}
    claims = {o.subject for o in orders if isinstance(o, Signal) and o.number == 9}
    assert attacked & {"EWG", "ENA"} and attacked & {"EWG", "ENA"} <= claims
    assert any(isinstance(o, Signal) and (o.player, o.number) == (0, 20) for o in orders)


@pytest.mark.rule("WW 1939.vp1")
def test_a_1939_bot_attacks_what_its_victory_list_pays_for() -> None:
    ruleset = RULESETS["1939"]
    state: GameState = ruleset.new_game("", CODES, SeededChance(1), {})
    state = but(state, turn=2)
    acs = state.number_of("ACS")
    # Argentina/Chile/Spain hold Navarre and Aragon: "400 if owns the Iberian Peninsula"
    # (Portugal is Brazil's) and "200 if owns Gibraltar" (Britain's) are both next door
    state = edit(state, "ENA", army=200)
    gains = objective_gains(state, ruleset.gm, acs)
    assert gains["EPR"] >= 400 and gains["EGI"] >= 200 and gains["EFR"] < 200
    orders = _orders("1939", state, "ACS")
    attacks = [o for o in orders if isinstance(o, Action) and o.verb == "AC"]
    assert attacks == [Action("ENA", "AC", 2 * state.countries["EPR"].army + 10, "EPR")]
    state = edit(state, "EPR", army=150)  # too strong now: Gibraltar is next on the list
    attacks = [o for o in _orders("1939", state, "ACS") if isinstance(o, Action)]
    assert Action("ENA", "AC", 2 * state.countries["EGI"].army + 10, "EGI") in attacks
