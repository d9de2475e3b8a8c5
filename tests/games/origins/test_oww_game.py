"""Whole games: view non-leak, bot playouts, golden printouts of a scripted game."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from umpire.core import session
from umpire.core.chance import ScriptedChance, SeededChance
from umpire.core.events import visible_to
from umpire.core.replay import replay
from umpire.core.submission import bot_text, parse
from umpire.games.origins import RULESET
from umpire.games.origins.model import State

from .helpers import make, orders

GOLDEN = Path(__file__).parent / "golden"
POWERS = ("USA", "FRA", "GBR", "USSR", "GER")


def test_view_non_leak_when_another_powers_secrets_change() -> None:
    record = session.create("origins", seed=11)
    for _ in range(3):
        for power in POWERS:
            session.bot_submit(record, power)
        session.process(record)
    state = RULESET.load_state(record.latest_state)
    events = record.turns[-1].events
    for other in POWERS:
        varied = RULESET.vary_secrets(state, other, SeededChance(2, other))
        assert RULESET.dump_state(varied) != RULESET.dump_state(state)
        for power in POWERS:
            if power == other:
                continue
            assert RULESET.view(varied, power) == RULESET.view(state, power)
            seen = visible_to(events, power)
            assert RULESET.printout(varied, seen, power) == RULESET.printout(state, seen, power)


@pytest.mark.rule("OWW 8.1")
@pytest.mark.rule("OWW 8.5")
def test_amounts_are_hidden_except_own_and_spied() -> None:
    state = make({"POL": {"GER": 7, "USSR": 3}, "AUS": {"GER": 2}})
    state = State(state.scenario, state.powers, 2, state.boxes, spied=(("USSR", "POL", "GER"),))
    usa = RULESET.view(state, "USA")
    assert usa["exact"] == {} and usa["map"]["POL"] == {"GER": "X", "USSR": "X"}
    ussr = RULESET.view(state, "USSR")
    assert ussr["exact"]["POL"] == {
        "USSR": {"pfs": 3, "marker": ""},
        "GER": {"pfs": 7, "marker": ""},
    }
    assert "AUS" not in ussr["exact"]
    umpire = RULESET.view(state, None)
    assert umpire["exact"]["AUS"]["GER"] == {"pfs": 2, "marker": ""}


def test_bot_playout_is_legal_and_reaches_the_end() -> None:
    record = session.create("oww", seed=4)
    while record.outcome is None:
        state = RULESET.load_state(record.latest_state)
        for power in POWERS:
            receipt = session.bot_submit(record, power)
            assert receipt.problems == []
            assert parse(
                RULESET, state, power, bot_text(RULESET, state, power, SeededChance(7, power))
            ).ok
        session.process(record)
    assert len(record.turns) == 6
    assert replay(record) == []
    final = RULESET.load_state(record.latest_state)
    assert sum(1 for row in final.boxes.values() for b in row.values() if b.marker) > 0


def scripted_game() -> list[tuple[State, list]]:  # type: ignore[type-arg]
    """Two turns with fixed orders and dice; the state and events after each."""
    state = RULESET.new_game("historical", POWERS, SeededChance(0), {})
    turn1 = {
        "USA": "PLACE 2 POL",
        "FRA": "PLACE 4 AUS",
        "GBR": "PLACE 5 POL\nPLACE 3 ITA",
        "USSR": "PLACE 6 POL",
        "GER": "PLACE 6 AUS\nPLACE 6 RHI",
    }
    turn2 = {
        "USA": "PLACE 4 POL\nSPY POL USSR",
        "FRA": "PLACE 2 AUS\nATTACK AUS GER WITH 6 IF GER PLACED\nUNDERSTANDING AUS",
        "GBR": "PLACE 10 ITA\nUNDERSTANDING ITA\nSPY HOME USSR",
        "USSR": "PLACE 8 POL\nATTACK POL GBR,USA WITH 14\nSPY POL GBR",
        "GER": "PLACE 4 AUS\nPLACE 12 RHI\nCONTROL RHI",
    }
    out = []
    for texts, dice in ((turn1, []), (turn2, [2, 1])):
        result = RULESET.resolve(state, orders(state, texts), ScriptedChance(dice))
        state = result.state
        out.append((state, result.events))
    return out


def test_golden_printouts() -> None:
    played = scripted_game()
    update = os.environ.get("UMPIRE_UPDATE_GOLDEN") == "1"
    GOLDEN.mkdir(exist_ok=True)
    for n, (state, events) in enumerate(played, start=1):
        for power in (*POWERS, None):
            name = f"turn{n}-{power or 'umpire'}.txt"
            text = RULESET.printout(state, visible_to(events, power), power)
            path = GOLDEN / name
            if update:
                path.write_text(text)
            assert path.exists(), f"{name} missing: run with UMPIRE_UPDATE_GOLDEN=1"
            assert text == path.read_text(), name


def test_scripted_game_facts() -> None:
    (_, _), (state, events) = scripted_game()
    # France 6 v Germany 10 in Austria at 1-2, die 2: no effect; USSR 14 v GBR 5 + USA 6 = 11,
    # 1-1, die 1: D: both lose all
    assert [e.data["column"] for e in events if e.kind == "attack"] == ["1-2", "1-1"]
    assert state.box("POL", "GBR").empty and state.box("POL", "USA").empty
    assert state.box("AUS", "FRA").understanding and state.box("RHI", "GER").control
    assert state.box("ITA", "GBR").understanding
