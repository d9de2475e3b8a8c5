"""1939 III notation: the rulebook's printed forms, canonical round trip, garbled text."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.games.diplomacy.scenario1939 import MAP, position

from umpire.core import submission
from umpire.games.diplomacy import RULESET_1939 as RULESET
from umpire.games.diplomacy.model import ADJUSTMENTS, WINTER
from umpire.games.diplomacy.v1939.notation import format_order, parse_order
from umpire.games.diplomacy.v1939.orders import (
    BomberStand,
    Flight,
    LandPermission,
    TankMove,
    Transfer,
)

PRINTED = [
    ("T(Mun) - Cro via Aus", TankMove("T", "mun", "aus", "cro")),
    ("T(Mun) - Aus - Cro", TankMove("T", "mun", "aus", "cro")),
    (
        "B(Ven) - Aus - Cze [S A(Aus) - Cze] - Hun - Cro",
        Flight("B", "ven", ("aus", "cze", "hun", "cro"), "S", 1, "A", "aus", "cze"),
    ),
    ("B(Spa) - MAO [S F(MAO)] - Bre", Flight("B", "spa", ("mao", "bre"), "S", 0, "F", "mao")),
    ("B(Ven) - Aus - Hun(N) - Aus - Ven", Flight("B", "ven", ("aus", "hun", "aus", "ven"), "N", 1)),
    ("B(Con) - Bul - Roa(R) - BLA - Con", Flight("B", "con", ("bul", "roa", "bla", "con"), "R", 1)),
    ("Len [Land German B(Pru)]", LandPermission("len", "GER", "pru")),
    ("Transfer 2 SP to France", Transfer(2, "FRA")),
    ("B(Ven) Stands", BomberStand("B", "ven")),
]


@pytest.mark.rule("D39 23")
@pytest.mark.rule("D39 38")
@pytest.mark.rule("D39 39")
@pytest.mark.rule("D39 40")
@pytest.mark.rule("D39 44")
@pytest.mark.rule("D39 12")
@pytest.mark.parametrize(("text", "want"), PRINTED)
def test_printed_forms(text: str, want: object) -> None:
    got = parse_order(MAP, text)
    assert got == want
    assert parse_order(MAP, format_order(got)) == got
    assert parse_order(MAP, text.lower().replace(" ", "  ")) == want


@pytest.mark.rule("D39 2")
def test_canonical_text_reads_back_through_the_ruleset() -> None:
    s = position(
        "GER: T mun, A aus, B ven, A ven, A cze; RUS: A len, A hun; ITA: B con",
        provinces={"cro": "GER", "ven": "GER"},
    )
    lines = [
        "T(Mun) - Cro via Aus",
        "A(Aus) - Cze",
        "B(Ven) - Aus - Cze [S A(Aus) - Cze] - Hun - Cro",
        "A(Ven) S T(Mun) - Cro",
        "A(Cze) S T(Mun) - Aus",
    ]
    parsed = submission.parse(RULESET, s, "GER", "\n".join(lines))
    assert not parsed.problems
    canon = "\n".join(RULESET.format(o) for _, o in parsed.orders)
    assert [o for _, o in submission.parse(RULESET, s, "GER", canon).orders] == [
        o for _, o in parsed.orders
    ]
    w = position("GER: A den", year=1939, season=WINTER, phase=ADJUSTMENTS)
    parsed = submission.parse(
        RULESET, w, "GER", "Build T mun\nBuild B ber\nTransfer 1 SP to RUS\nWaive"
    )
    assert not parsed.problems
    canon = "\n".join(RULESET.format(o) for _, o in parsed.orders)
    assert canon == "Build T mun\nBuild B ber\nTransfer 1 SP to RUS\nWaive"


GARBLED = [
    "T(Mun) - - Cro",
    "T(Mun) - Aus - Cro - Hun",
    "B(Ven) - Aus - Cze [S A(Aus) - Cze - Hun - Cro",
    "B(Ven) - [S A(Aus)] - Ven",
    "B(Ven) - Aus(N) - Hun(R) - Ven",
    "B(Ven) - Atlantis",
    "Len [Land Martian B(Pru)]",
    "Transfer -2 SP to FRA",
    "Transfer 2 SP to",
    "B(Ven) - Aus - Hun(X) - Ven",
    "[[[",
    "()",
    "T",
    "B",
]


@pytest.mark.parametrize("text", GARBLED)
def test_garbled_lines_are_problems_with_codes(text: str) -> None:
    s = position("GER: T mun; ITA: B ven")
    for power in ("GER", "ITA"):
        parsed = submission.parse(RULESET, s, power, text)
        assert not parsed.orders
        assert parsed.problems and "/" in parsed.problems[0].code


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(alphabet="TBAFS()[]-NRLand vizmucroenp2SPto", max_size=40))
def test_no_text_raises(text: str) -> None:
    s = position("GER: T mun, A ber; ITA: B ven")
    submission.parse(RULESET, s, "GER", text)
    submission.parse(RULESET, s, "ITA", text)


@pytest.mark.rule("D39 23")
@pytest.mark.rule("D39 38")
@pytest.mark.rule("D39 44")
def test_the_scenarios_own_help_shows_1939_orders_that_read_as_written() -> None:
    """The game page's "How to write orders" for 1939 III is its own (tanks, bombers, landing
    permissions, transfers), not standard Diplomacy's; every example reads and is canonical."""
    from umpire.games.diplomacy import INFO

    help_text = INFO.scenario("1939-iii").order_help
    assert help_text != INFO.order_help
    examples = [
        "T mun - cro via aus",
        "B ven - aus - cze [S A aus - cze] - hun",
        "B ven - aus - hun (N) - aus - ven",
        "B con - bul - roa (R) - bla - con",
        "len [Land GER B pru]",
        "Build T mun",
        "Build B aus",
        "Transfer 1 SP to ITA",
        "A mar S A par - bur",
    ]
    for example in examples:
        assert example in help_text, example
        assert format_order(parse_order(MAP, example)) == example
    assert format_order(parse_order(MAP, "B ven Stands")) == "B ven H"  # as the help says


def test_an_unknown_province_is_named_once_when_it_is_the_whole_line() -> None:
    """Play review: a line that is one unknown word was quoted twice (``unknown province
    'foo' in 'foo'``); a longer line is still quoted (it says where the word stood)."""
    s = position("GER: T mun")
    (alone,) = submission.parse(RULESET, s, "GER", "Foo").problems
    assert (alone.code, alone.message) == ("order/unknown_province", "unknown province 'foo'")
    (inside,) = submission.parse(RULESET, s, "GER", "T(Mun) - Moon - Cro").problems
    assert inside.message == "unknown province 'moon' in 'T(Mun) - Moon - Cro'"
