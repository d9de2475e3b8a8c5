"""Every field of the state survives its JSON form (issue 26: the WW Real Forces research odds
were once left out of a copy, and gone after turn one)."""

from __future__ import annotations

import json
import typing
from dataclasses import MISSING, fields
from typing import Any

import pytest

from umpire.core.chance import SeededChance
from umpire.games.battleplan.game import RULESETS
from umpire.games.battleplan.model import Country, GameState, Player, Sea, Stack, but


def ordered(state: GameState) -> str:
    return json.dumps(state.to_json())  # no sort_keys: the key order is compared too


def test_world_state_json_trip_keeps_the_roster() -> None:
    ruleset = RULESETS["1939"]
    state = ruleset.new_game("1939", list(ruleset.scenario.info.default_powers),
                             SeededChance(3), {})  # fmt: skip
    assert "roster" in state.extra
    assert ordered(GameState.from_json(state.to_json())) == ordered(state)


def _unlike_default(kind: type, hint: object, name: str) -> object:
    """A value of the field's type that no default has, its keys and items out of order (the
    JSON form puts them in order)."""
    text = str(hint)
    if hint is int:
        return 7
    if hint is str:
        return "Z" if name != "code" else "EZZ"
    if text.startswith("collections.abc.Mapping[int"):
        return {9: "E" if text.endswith("str]") else 2, 3: "A" if text.endswith("str]") else 1}
    if text.startswith("collections.abc.Mapping[str"):
        return {"Z": 2, "B": 1}
    if text.startswith("tuple[int"):
        return (9, 3)
    if text.startswith("tuple[str"):
        return ("ZZ", "AA")
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
def test_every_field_survives_the_json_trip(kind: type) -> None:
    made = _every_field_set(kind)
    if kind is Country:
        trip = Country.from_json(made.code, made.to_json())
    else:
        trip = Player.from_json(made.to_json())
    for f in fields(kind):
        mine, its = getattr(made, f.name), getattr(trip, f.name)
        assert (sorted(its) == sorted(mine)) if isinstance(mine, tuple) else its == mine, f.name
    assert json.dumps(made.to_json()) == json.dumps(trip.to_json())
    # loaded objects hold their fields in the class's order, as ``__init__`` and ``but`` do
    assert list(vars(trip)) == [f.name for f in fields(kind)]


@pytest.mark.rule("BP 14")
def test_every_field_of_the_game_survives_the_json_trip() -> None:
    country, player = _every_field_set(Country), but(_every_field_set(Player), number=1)
    sea = Sea("WZZ", {9: Stack(1, 2, 3), 3: Stack(4, 5, 6)})
    state = GameState(
        scenario="Z",
        turn=7,
        max_turns=7,
        players=(player,),
        countries={country.code: country},
        seas={"WZZ": sea},
        due="Z",
        extra={"opinion": {"1": {"G3": 2}}},
    )
    trip = GameState.from_json(state.to_json())
    assert trip.to_json() == state.to_json()
    assert ordered(GameState.from_json(trip.to_json())) == ordered(trip)
