"""The state is frozen (issue 28): a step, and the whole turn, leave the state they read as it
was, and share every country they did not change; :func:`but` is ``dataclasses.replace``."""

from __future__ import annotations

import dataclasses
import json
import typing
from dataclasses import fields

import pytest

from tests.games.battleplan.helpers import Down, edit, game, play
from tests.games.battleplan.test_bp_properties import bot_turn
from umpire.core import session
from umpire.core.chance import SeededChance
from umpire.games.battleplan import RULESET, economy
from umpire.games.battleplan.model import Country, Draft, GameState, Player, but


def _other_value(hint: object, value: object) -> object:
    """A value of the field's type unlike ``value``."""
    text = str(hint)
    if hint is int:
        return int(str(value)) + 3
    if hint is str:
        return f"{value}Z"
    if text.startswith("tuple"):
        return (*typing.cast(tuple[object, ...], value), 9)
    if text.startswith("collections.abc.Sequence"):
        return tuple(typing.cast(tuple[object, ...], value))[:1]
    return {"changed": 1}  # a mapping (but checks no types)


@pytest.mark.parametrize("kind", [Country, Player, GameState])
def test_but_is_dataclasses_replace_for_every_field(kind: type) -> None:
    state = game()
    obj = {Country: state.countries["TU"], Player: state.player(5), GameState: state}[kind]
    before = repr(obj)
    hints = typing.get_type_hints(kind)
    for f in fields(kind):
        value = _other_value(hints[f.name], getattr(obj, f.name))
        made = but(obj, **{f.name: value})
        assert made == dataclasses.replace(obj, **{f.name: value}), f.name
        assert getattr(made, f.name) == value and type(made) is kind
        assert list(vars(made)) == [g.name for g in fields(kind)]  # in the class's order
    assert repr(obj) == before  # the object itself is unchanged
    with pytest.raises(TypeError, match="no field"):
        but(obj, armies=3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        obj.scenario = "x"  # type: ignore[misc]


@pytest.mark.rule("BP 5F.1")
def test_recovery_changes_only_the_suppressed_countries() -> None:
    state = edit(game(), "UK", taxbase_suppressed=8)
    before = json.dumps(state.to_json())
    d = Draft(state)
    economy.recover(d)
    after = d.done()
    assert json.dumps(state.to_json()) == before  # the state it read is as it was
    assert after.countries["UK"].taxbase_suppressed == 6  # 25%, rounded up, recovers
    assert state.countries["UK"].taxbase_suppressed == 8
    shared = [c for c in state.countries if after.countries[c] is state.countries[c]]
    assert sorted(shared) == sorted(c for c in state.countries if c != "UK")
    assert all(after.seas[c] is state.seas[c] for c in state.seas)


def test_a_turn_leaves_the_state_it_read_as_it_was() -> None:
    state = game()
    before = json.dumps(state.to_json())
    new, _ = play(state, {"TU": "@TU AC19BU"}, Down())
    assert json.dumps(state.to_json()) == before
    assert new.turn == state.turn + 1
    assert new.countries["BU"].owner == 5 and state.countries["BU"].owner == 0
    # every country builds, so every country changes; the seas no one entered are shared
    untouched = [c for c in state.seas if new.seas[c] is state.seas[c]]
    assert untouched and all(new.seas[c] == state.seas[c] for c in untouched)


@pytest.mark.parametrize("seed", [1, 2])
def test_bot_turns_leave_their_state_as_it_was_and_share_the_seas_they_did_not_change(
    seed: int,
) -> None:
    state = RULESET.new_game("europe", list(RULESET.info.default_scenario.default_powers),
                             SeededChance(seed), {})  # fmt: skip
    shared = 0
    for turn in range(1, 7):
        before = json.dumps(state.to_json())
        new = bot_turn(state, seed, turn)
        assert json.dumps(state.to_json()) == before
        # the turn's result is the JSON trip of itself: no key order depends on the way
        assert json.dumps(GameState.from_json(new.to_json()).to_json()) == json.dumps(new.to_json())
        shared += sum(new.seas[c] is state.seas[c] for c in state.seas)
        state = new
    assert shared > 0


@pytest.mark.parametrize("scenario", ["equal", "anonymous", "1939", "south-america", "real"])
def test_every_scenarios_turn_leaves_the_state_it_read_as_it_was(scenario: str) -> None:
    """The World Wide variants' own steps (opinion, the 1939 ending, Real Forces' deals and
    fees, the first missile) and South America's leave the state they were given as it was,
    its ``extra`` record included: the table keeps the state ``resolve`` returned, so the one
    it held before is the turn's input."""
    table = session.open_table(session.create("battleplan", scenario=scenario, seed=2))
    for _ in range(3):
        given = table.state
        before = json.dumps(given.to_json(), sort_keys=True)
        for power in table.pending().powers:
            table.bot_submit(power)
        table.process()
        assert table.state is not given
        assert json.dumps(given.to_json(), sort_keys=True) == before, scenario
