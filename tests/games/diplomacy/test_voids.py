"""Receipts warn of orders the rules keep but will void or refuse whatever the others order
(issue 29: receipts said "No problems." for them); the turn then does exactly that."""

from __future__ import annotations

import pytest

from umpire.core import session
from umpire.core.receipt import Receipt
from umpire.core.record import GameRecord


def _codes(receipt: Receipt) -> list[tuple[int, str]]:
    return [(w.line, w.code) for w in receipt.warnings]


def test_a_hold_support_of_ones_own_unit_that_moves_is_warned_and_void() -> None:
    record = session.create("diplomacy", seed=1)
    receipt = session.submit(record, "GER", "A ber - sil\nF kie S A ber\nA mun S A ber - sil")
    assert receipt.ok and len(receipt.accepted) == 3  # kept: the orders are legal
    assert _codes(receipt) == [(2, "void/support_unmatched")]
    text = receipt.text()
    assert "  line   2: F kie S A ber\n            accepted, but will be refused: " in text
    assert "No problems." not in text
    assert receipt.to_json()["warnings"][0]["code"] == "void/support_unmatched"
    turn = session.process(record)
    assert any("F kie S A ber" in e.text and "void" in e.text for e in turn.events), [
        e.text for e in turn.events
    ]


def test_a_move_support_of_ones_own_unit_ordered_elsewhere_or_holding() -> None:
    record = session.create("diplomacy", seed=1)
    receipt = session.submit(record, "FRA", "A par - bur\nA mar S A par - gas\nF bre S A par - pic")
    assert _codes(receipt) == [(2, "void/support_unmatched"), (3, "void/support_unmatched")]
    receipt = session.submit(record, "FRA", "A mar S A par - bur")  # A par has no order: holds
    assert _codes(receipt) == [(1, "void/support_unmatched")]


def test_matching_supports_and_others_units_are_not_warned() -> None:
    record = session.create("diplomacy", seed=1)
    receipt = session.submit(record, "GER", "A ber - sil\nA mun S A ber - sil\nF kie S A ber")
    assert _codes(receipt) == [(3, "void/support_unmatched")]
    receipt = session.submit(record, "GER", "A mun S A ber - sil\nA ber - sil\nF kie H")
    assert receipt.text().endswith("No problems.\n") and not receipt.warnings
    # Another power's unit: its orders are not known, so nothing is decided.
    receipt = session.submit(record, "AUS", "A vie S A mun - boh\nA bud H\nF tri H")
    assert receipt.ok and not receipt.warnings


def _fall_with_fleet_in_north_sea() -> GameRecord:
    record = session.create("diplomacy", seed=1)
    session.submit(record, "ENG", "F lon - nth\nF edi - nwg\nA lvp - yor")
    session.process(record)
    return record


def test_a_convoy_of_ones_own_army_not_ordered_there_is_warned() -> None:
    record = _fall_with_fleet_in_north_sea()
    receipt = session.submit(record, "ENG", "F nth C A yor - nwy\nA yor - lon")
    assert _codes(receipt) == [(1, "void/convoy_unmatched")]
    receipt = session.submit(record, "ENG", "F nth C A yor - nwy\nA yor - nwy")
    assert not receipt.warnings


def test_two_own_retreats_to_one_province_are_warned_and_both_disbanded() -> None:
    """2023 rulebook, "Retreats": units retreating to the same province are all disbanded."""
    from dataclasses import replace

    from umpire.core.chance import SeededChance
    from umpire.core.submission import parse
    from umpire.games.diplomacy import RULESET
    from umpire.games.diplomacy.model import RETREATS, Dislodged, Unit

    state = RULESET.load_state(session.create("diplomacy", seed=1).initial_state)
    vie, bud = Unit("vie", "A", "AUS"), Unit("bud", "A", "AUS")
    state = replace(
        state,
        phase=RETREATS,
        units=tuple(u for u in state.units if u.power != "AUS"),
        dislodged=(Dislodged(vie, "boh", ("gal", "tyr")), Dislodged(bud, "ser", ("gal", "rum"))),
    )
    parsed = parse(RULESET, state, "AUS", "A vie R gal\nA bud R gal")
    assert parsed.ok and len(parsed.orders) == 2
    warned = RULESET.warnings(state, "AUS", parsed.orders)
    assert [(w.line, w.code) for w in warned] == [
        (1, "void/retreat_clash"),
        (2, "void/retreat_clash"),
    ]
    done = RULESET.resolve(state, {"AUS": [o for _, o in parsed.orders]}, SeededChance(1, "t"))
    assert not any(u.power == "AUS" for u in done.state.units)  # both disbanded
    parsed = parse(RULESET, state, "AUS", "A vie R gal\nA bud R rum")
    assert not RULESET.warnings(state, "AUS", parsed.orders)


@pytest.mark.rule("D39 18")
def test_a_1939_tank_over_the_ratio_is_warned_and_refused_at_the_winter() -> None:
    record = session.create("diplomacy", scenario="1939-iii", seed=1)
    receipt = session.submit(record, "GER", "Build A ber\nBuild T mun")
    assert receipt.ok and _codes(receipt) == [(2, "void/tank_ratio")]
    assert "accepted, but will be refused: one tank for two armies (D39 18)" in receipt.text()
    # With the second army the tank comes in the same winter (D39 18): no warning.
    assert not session.submit(record, "GER", "Build A ber\nBuild A kie\nBuild T mun").warnings
    receipt = session.submit(record, "GER", "Build A ber\nBuild T mun")
    turn = session.process(record)
    refused = [e.text for e in turn.events if "GER" in e.text and "refused" in e.text]
    assert refused and "T mun" in refused[0], [e.text for e in turn.events]
    assert not any(u.kind == "T" and u.power == "GER" for u in session.current_state(record).units)


@pytest.mark.rule("D39 31")
def test_a_1939_bomber_over_the_ratio_is_warned_in_each_set_alone() -> None:
    record = session.create("diplomacy", scenario="1939-iii", seed=1)
    text = "Build B ber\nBuild B mun\nAlternate:\nBuild A kie\nBuild B ber"
    receipt = session.submit(record, "GER", text)
    assert _codes(receipt) == [(2, "void/bomber_ratio")]  # the alternate set is within it
