"""The turn's copy of the state is the JSON round trip without the trip (it keeps the turn's
behaviour: the same values, and dicts in the same key order, which the dice follow)."""

from __future__ import annotations

import json

import pytest

from tests.games.battleplan.test_bp_properties import bot_turn
from umpire.core.chance import SeededChance
from umpire.games.battleplan import RULESET
from umpire.games.battleplan.game import RULESETS
from umpire.games.battleplan.model import GameState


def ordered(state: GameState) -> str:
    return json.dumps(state.to_json())  # no sort_keys: the key order is compared too


@pytest.mark.parametrize("seed", [1, 2])
def test_copy_is_the_json_round_trip_in_every_key_order(seed: int) -> None:
    state = RULESET.new_game("europe", list(RULESET.info.default_scenario.default_powers),
                             SeededChance(seed), {})  # fmt: skip
    for turn in range(1, 7):
        state = bot_turn(state, seed, turn)
        # disorder a few dicts as play leaves them (the JSON trip sorts them)
        c = next(iter(state.countries.values()))
        c.popularity = {9: 1, 2: 3, 5: 0}
        c.spies = {4: 1, 1: 2}
        state.player(1).declared = {7: "E", 3: "A"}
        state.extra["opinion"] = {"1": {"G3": 2}}
        copied = state.copy()
        assert ordered(copied) == ordered(GameState.from_json(state.to_json()))
        assert list(copied.countries[c.code].popularity) == [2, 5, 9]
        # independent: changing the copy leaves the original alone
        copied.extra["opinion"]["1"]["G3"] = 5
        copied.countries[c.code].popularity[2] = 99
        copied.player(1).declared[7] = "A"
        assert state.extra["opinion"]["1"]["G3"] == 2
        assert state.countries[c.code].popularity[2] == 3
        assert state.player(1).declared[7] == "E"


def test_world_state_copy_keeps_the_roster() -> None:
    ruleset = RULESETS["1939"]
    state = ruleset.new_game("1939", list(ruleset.scenario.info.default_powers),
                             SeededChance(3), {})  # fmt: skip
    assert ordered(state.copy()) == ordered(GameState.from_json(state.to_json()))
