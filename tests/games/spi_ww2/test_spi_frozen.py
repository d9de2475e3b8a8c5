"""A resolve takes its state read-only (issue 28): the state it was given dumps the same
after as before, in every kind of phase, and its flags are a typed, frozen structure whose
JSON form is the one the records have always held."""

from __future__ import annotations

import json
from dataclasses import FrozenInstanceError, replace

import pytest

from tests.games.spi_ww2.helpers import CHARTS, board, phase_of, play, start
from umpire.core import submission
from umpire.core.chance import SeededChance
from umpire.games.spi_ww2 import phase
from umpire.games.spi_ww2.game import RULESET
from umpire.games.spi_ww2.model import (
    DIPLOMACY,
    OBJECTIVES,
    Flags,
    State,
    but,
    dump_state,
    is_combat,
    load_state,
    player_turn,
)
from umpire.games.spi_ww2.orders import Move, Rail


def _kind(state: State) -> str:
    """The kind of step a resolve of ``state`` runs."""
    if state.phase in (OBJECTIVES, DIPLOMACY):
        return "objectives" if state.phase == OBJECTIVES else "diplomacy"
    if not is_combat(state.phase):
        return "movement"
    if player_turn(state.phase) < len(CHARTS.order(state.version)):
        return "combat"
    last = state.last_game_turn or CHARTS.game_turns
    return "end of the game" if state.game_turn >= last else "end of the Game-Turn"


@pytest.mark.parametrize("version", [4, 5, 6])
def test_a_resolve_leaves_its_input_state_unchanged_in_every_kind_of_phase(version: int) -> None:
    """A bot game to its end (two Game-Turns): the check and the resolve of every phase."""
    chance = SeededChance(7, "frozen")
    state = RULESET.new_game(
        f"{version}-player", CHARTS.players(version), chance, {"game_turns": 2}
    )
    seen = set()
    while not state.over:
        orders = {}
        for power in RULESET.pending(state).powers:
            text = submission.bot_text(RULESET, state, power, chance)
            orders[power] = [o for _, o in submission.read(RULESET, state, power, text).orders]
        before = json.dumps(dump_state(state), sort_keys=True)
        flags = state.flags
        for power, mine in orders.items():  # the legality pass plays them on a board too
            assert RULESET.check(state, power, list(enumerate(mine, 1))).problems == []
        assert json.dumps(dump_state(state), sort_keys=True) == before, _kind(state)
        new = RULESET.resolve(state, orders, chance).state
        assert json.dumps(dump_state(state), sort_keys=True) == before, _kind(state)
        assert state.flags is flags
        seen.add(_kind(state))
        state = new
    kinds = {"diplomacy", "movement", "combat", "end of the Game-Turn", "end of the game"}
    assert seen == kinds | ({"objectives"} if version < 6 else set())


def test_the_flags_are_typed_and_frozen_and_dump_as_the_records_hold_them() -> None:
    flags = Flags(
        russia_war=True,
        us_triggers=("FRA", "USSR"),
        garrison_short=("GER",),
        spent=(("2113", "GER", 2), ("0711", "GBR", 1)),
        us_aborted=3,
    )
    with pytest.raises(FrozenInstanceError):
        flags.russia_war = False  # type: ignore[misc]
    # only the flags set, by the names and in the form the records have always used
    assert flags.to_json() == {
        "russia_war": True,
        "us_triggers": ["FRA", "USSR"],
        "garrison_short": ["GER"],
        "spent": {"2113:GER": 2, "0711:GBR": 1},
        "us_aborted": 3,
    }
    assert Flags.from_json(flags.to_json()) == flags
    assert Flags().to_json() == {} and Flags.from_json({}) == Flags()
    with pytest.raises(ValueError, match="unknown flag"):
        Flags.from_json({"not_a_flag": True})


def test_a_state_dumped_by_the_untyped_flags_loads_and_dumps_the_same() -> None:
    """A record written when flags were a plain mapping (its JSON is what stored records hold)."""
    data = dump_state(RULESET.new_game("5-player", CHARTS.players(5), SeededChance(0, "t"), {}))
    data["flags"] = {
        "italy_active": True,
        "spent": {"2113:GER": 2},
        "us_trigger_now": ["FRA"],
        "us_triggers": ["FRA"],
        "finland_violated": True,
    }
    state = load_state(json.loads(json.dumps(data)))
    assert state.flags.italy_active and state.flags.spent == (("2113", "GER", 2),)
    assert state.flags.us_trigger_now == ("FRA",) and not state.flags.russia_war
    assert dump_state(state) == data


def test_a_resolve_shares_the_hexes_it_did_not_change_with_its_input() -> None:
    """Frozen is not copied: the new state holds the very mappings of the untouched hexes."""
    state = phase_of(start(6), "GER")
    assert state.units["1417"] == {"GER": 3} and "1517" not in state.units
    new, _ = play(state, "GER", "MOVE GER 1 1417-1517")
    assert new.units["1417"] == {"GER": 2} and new.units["1517"] == {"GER": 1}
    assert state.units["1417"] == {"GER": 3} and "1517" not in state.units
    untouched = set(state.units) - {"1417"}
    assert untouched and all(new.units[h] is state.units[h] for h in untouched)


def test_a_step_returns_a_new_board_and_leaves_the_one_it_read() -> None:
    """No mutable board: an order played on a board returns a new one (the units moved, the
    hex taken, the SP marked as moved, the event said) and the board it read is unchanged."""
    b = board(phase_of(start(6), "GER"))
    before = (json.dumps(dump_state(b.state), sort_keys=True), b.events, b.moved, b.railed)
    with pytest.raises((FrozenInstanceError, TypeError)):  # frozen (slots: TypeError on 3.11)
        b.state = start(5)  # type: ignore[misc]
    after = phase.apply(b, "GER", Move("GER", 1, "1417", "1517"), None)
    after = phase.apply(after, "GER", Rail("GER", 1, "1417", "1516"), None)
    assert after.state.units["1517"] == {"GER": 1} and after.moved[("1517", "GER")] == 1
    assert after.railed == {"GER": 1} and len(after.events) == 2
    assert (json.dumps(dump_state(b.state), sort_keys=True), b.events, b.moved, b.railed) == before


def test_but_is_replace_for_every_field_of_a_state() -> None:
    state = start(6)
    other = phase_of(start(5), "GBR", "combat")
    for name in State.__dataclass_fields__:
        value = getattr(other, name)
        assert but(state, **{name: value}) == replace(state, **{name: value}), name
    assert but(state) == state and but(state) is not state
    with pytest.raises(TypeError, match="no field"):
        but(state, not_a_field=1)
