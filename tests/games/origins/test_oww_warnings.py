"""Receipts that warn (issue 29 item 11): kept orders the turn cannot carry out whatever the
other players order, known from the power's own box and its own placements and moves."""

from __future__ import annotations

import pytest

from umpire.core.submission import parse
from umpire.games.origins import RULESET
from umpire.games.origins.model import State

from .helpers import kinds, make, run


def warned(state: State, power: str, text: str) -> list[tuple[int, str]]:
    parsed = parse(RULESET, state, power, text)
    assert parsed.problems == [], parsed.problems
    return [(p.line, p.code) for p in RULESET.warnings(state, power, parsed.orders)]


@pytest.mark.rule("OWW 4.4")
def test_an_attack_where_the_attacker_will_have_no_pfs_is_warned_and_is_void() -> None:
    state = make({"AUS": {"GER": 4}})
    text = "ATTACK AUS GER WITH 2"
    assert warned(state, "FRA", text) == [(1, "void/attack_no_pfs")]
    _, events = run(state, {"FRA": text})
    assert "not carried out" in kinds(events, "attack_void")[0].text
    # placing PFs there, or moving them in, takes the warning away
    assert warned(state, "FRA", f"PLACE 2 AUS\n{text}") == []
    homed = make({"AUS": {"GER": 4}, "FRA": {"FRA": 3}})
    assert warned(homed, "FRA", f"MOVE 2 AUS\n{text}") == []
    # PFs already in the area: whether they are still there is the others' doing
    assert warned(make({"AUS": {"GER": 4, "FRA": 1}}), "FRA", text) == []


@pytest.mark.rule("OWW 5.2")
def test_an_understanding_the_power_cannot_reach_5_pfs_for_is_warned() -> None:
    state = make({"AUS": {"FRA": 1}})
    text = "PLACE 3 AUS\nUNDERSTANDING AUS"
    assert warned(state, "FRA", text) == [(2, "void/marker_too_few_pfs")]
    after, events = run(state, {"FRA": text})
    assert not after.box("AUS", "FRA").understanding
    assert "fewer than 5" in kinds(events, "marker_failed")[0].text
    assert warned(state, "FRA", "PLACE 4 AUS\nUNDERSTANDING AUS") == []


@pytest.mark.rule("OWW 5.3.3")
def test_a_control_order_short_of_strength_5_is_warned() -> None:
    state = make({"POL": {"GER": 2}})
    assert warned(state, "GER", "PLACE 1 POL\nCONTROL POL") == [(2, "void/marker_too_few_pfs")]
    assert warned(state, "GER", "PLACE 3 POL\nCONTROL POL") == []


def test_the_home_area_is_not_judged_its_leftover_pfs_go_there() -> None:
    assert warned(make({"GER": {"FRA": 4}}), "GER", "ATTACK GER FRA WITH 1") == []


def test_the_receipt_says_accepted_but_will_be_refused() -> None:
    from umpire.core import session

    record = session.create("origins", seed=1)
    receipt = session.submit(record, "FRA", "ATTACK AUS GER WITH 2")
    text = receipt.text()
    assert "accepted, but will be refused: FRA has no PFs in AUS" in text
    assert receipt.accepted and receipt.stored
