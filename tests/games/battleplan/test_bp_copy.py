"""The turn's copy of the state is the JSON round trip without the trip (it keeps the turn's
behaviour: the same values, and dicts in the same key order, which the dice follow)."""

from __future__ import annotations

import json
import typing
from dataclasses import MISSING, fields
from typing import Any

import pytest

from tests.games.battleplan.test_bp_properties import bot_turn
from umpire.core.chance import SeededChance
from umpire.games.battleplan import RULESET
from umpire.games.battleplan.game import RULESETS
from umpire.games.battleplan.model import Country, GameState, Player, Sea, Stack


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


def _unlike_default(kind: type, hint: object, name: str) -> object:
    """A value of the field's type that no default has, its dict keys and list items out of
    order (the copy and the JSON trip put them in order)."""
    text = str(hint)
    if hint is int:
        return 7
    if hint is str:
        return "Z" if name != "code" else "EZZ"
    if text.startswith("dict[int"):
        return {9: "E" if text.endswith("str]") else 2, 3: "A" if text.endswith("str]") else 1}
    if text.startswith("dict[str"):
        return {"Z": 2, "B": 1}
    if text.startswith("list[int"):
        return [9, 3]
    if text.startswith("list[str"):
        return ["ZZ", "AA"]
    raise AssertionError(f"{kind.__name__}.{name}: no test value for {text}")


def _every_field_set(kind: type) -> Any:
    hints = typing.get_type_hints(kind)
    values = {f.name: _unlike_default(kind, hints[f.name], f.name) for f in fields(kind)}
    made = kind(**values)
    for f in fields(kind):
        default = f.default_factory() if f.default_factory is not MISSING else f.default
        assert getattr(made, f.name) != default, (kind.__name__, f.name)
    return made


@pytest.mark.rule("BP 14")
@pytest.mark.parametrize("kind", [Country, Player])
def test_every_field_survives_the_copy_and_the_json_trip(kind: type) -> None:
    """No field of the state may be dropped by its copy (issue 26: ``Player.copy()`` left out
    the WW Real Forces research odds, so they were gone after turn one) or by its JSON form."""
    made = _every_field_set(kind)
    copied = made.copy()
    for f in fields(kind):
        mine, its = getattr(made, f.name), getattr(copied, f.name)
        assert (sorted(its) == sorted(mine)) if isinstance(mine, list) else its == mine, f.name
        if isinstance(mine, dict | list):
            assert its is not mine, f.name  # its own
    if kind is Country:
        trip = Country.from_json(made.code, made.to_json())
    else:
        trip = kind.from_json(made.to_json())
    assert copied == trip  # every field, as the JSON trip has it
    assert json.dumps(copied.to_json()) == json.dumps(trip.to_json())  # in the same key order


@pytest.mark.rule("BP 14")
def test_every_field_of_the_game_survives_the_copy() -> None:
    country, player = _every_field_set(Country), _every_field_set(Player)
    player.number = 1
    sea = Sea("WZZ", {9: Stack(1, 2, 3), 3: Stack(4, 5, 6)})
    hints = typing.get_type_hints(GameState)
    plain = {"players": [player], "countries": {country.code: country}, "seas": {"WZZ": sea},
             "extra": {"opinion": {"1": {"G3": 2}}}}  # fmt: skip
    values = {
        f.name: plain.get(f.name) or _unlike_default(GameState, hints[f.name], f.name)
        for f in fields(GameState)
    }
    state = GameState(**values)
    copied = state.copy()
    assert copied == GameState.from_json(state.to_json())
    assert ordered(copied) == ordered(GameState.from_json(state.to_json()))
