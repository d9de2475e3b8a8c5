"""Section 8 notation, standing orders (11) and the legality limits (2C, 2D, 4C-4G, 12)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.games.battleplan.helpers import at_sea, edit, game, orders_of, problems
from umpire.core import submission
from umpire.games.battleplan import RULESET
from umpire.games.battleplan.notation import format_order, parse_token
from umpire.games.battleplan.orders import (
    Action,
    Build,
    Declare,
    DefaultBuild,
    GiveDollars,
    Permit,
    Propaganda,
    Research,
    Send,
    Share,
    Spread,
    Standing,
    Train,
    Transfer,
    UserOption,
)


@pytest.mark.rule("BP 8")
def test_section_8_sample_orders_mean_what_the_text_says() -> None:
    s = game()
    got = orders_of(
        s,
        "TU",
        "@ 2A 3E 2K S1GB S2IT C1TU TS5 RF20 P10CY P10GR\n"
        "@TU BA15 BF15 AC20UK FA20UK NT5BLA NT6EAS AT5EAS",
    )
    assert got == [
        Declare(2, "A"), Declare(3, "E"), Permit(2, True), Send("S", 1, "GB"),
        Send("S", 2, "IT"), Send("C", 1, "TU"), Train("S", 5), Research("F", 20),
        Propaganda(10, "CY"), Propaganda(10, "GR"), Build("TU", "A", 15), Build("TU", "F", 15),
        Action("TU", "AC", 20, "UK"), Action("TU", "FA", 20, "UK"), Transfer("TU", "N", 5, "BLA"),
        Transfer("TU", "N", 6, "EAS"), Transfer("TU", "A", 5, "EAS"),
    ]  # fmt: skip


@pytest.mark.rule("BP 8")
@pytest.mark.parametrize(
    ("token", "space", "order"),
    [
        ("2N", None, Declare(2, "N")),
        ("3D10", None, GiveDollars(3, 10)),
        ("4X", None, Permit(4, False)),
        ("12F", None, Share(12, "F")),
        ("6H", None, Share(6, "H")),
        ("1Z", None, Share(1, "Z")),
        ("3S10", None, Spread(3, "S", 10)),
        ("3C4", None, Spread(3, "C", 4)),
        ("2P30", None, Spread(2, "P", 30)),
        ("TC5", None, Train("C", 5)),
        ("RI1", None, Research("I", 1)),
        ("RC7", None, Research("C", 7)),
        ("U1", None, UserOption(1)),
        ("U2", None, UserOption(2)),
        ("BD50", None, DefaultBuild("D", 50)),
        ("BX0", None, DefaultBuild("X", 0)),
        ("BI3", "TU", Build("TU", "I", 3)),
        ("BM3", "TU", Build("TU", "M", 3)),
        ("FT5GR", "TU", Transfer("TU", "F", 5, "GR")),
        ("MT1GR", "TU", Transfer("TU", "M", 1, "GR")),
        ("XT1GR", "TU", Transfer("TU", "X", 1, "GR")),
        ("AB5BU", "TU", Action("TU", "AB", 5, "BU")),
        ("AS5BU", "TU", Action("TU", "AS", 5, "BU")),
        ("NN5BU", "BLA", Action("BLA", "NN", 5, "BU")),
        ("NS5BLA", "TU", Action("TU", "NS", 5, "BLA")),
        ("FN5BU", "TU", Action("TU", "FN", 5, "BU")),
        ("FF5BU", "TU", Action("TU", "FF", 5, "BU")),
        ("FI5BU", "TU", Action("TU", "FI", 5, "BU")),
        ("FS5EAS", "TU", Action("TU", "FS", 5, "EAS")),
        ("MA1GE", "TU", Action("TU", "MA", 1, "GE")),
        ("MF1GE", "TU", Action("TU", "MF", 1, "GE")),
        ("MI1GE", "TU", Action("TU", "MI", 1, "GE")),
        ("/1/BA999", "TU", Standing("TU", 1, Build("TU", "A", 999))),
        ("/1/", "TU", Standing("TU", 1, None)),
        ("/5/ac5bu", "TU", Standing("TU", 5, Action("TU", "AC", 5, "BU"))),
    ],
)
def test_every_order_parses_and_round_trips(token: str, space: str | None, order: object) -> None:
    got = parse_token(token, space)
    assert got == order
    text = format_order(got)
    assert parse_token(text.split(" ", 1)[1], space) == got


@pytest.mark.rule("BP 8")
def test_bad_text_gives_problems_with_lines_and_codes() -> None:
    s = game()
    parsed = submission.parse(RULESET, s, "TU", "@TU BA15\nZZ9\n@QQ BA1\nAC20UK\n@ AC20UK")
    got = [(p.line, p.code) for p in parsed.problems]
    assert got == [
        (2, "syntax/unknown_order"),
        (3, "order/unknown_space"),
        (3, "order/unknown_space"),
        (4, "order/unknown_space"),
        (5, "syntax/space_order_without_space"),
    ]
    assert [o for _, o in parsed.orders] == [Build("TU", "A", 15)]
    assert "ZZ9" in parsed.problems[0].message


@pytest.mark.rule("BP 11")
def test_standing_orders_are_filed_used_and_cancelled() -> None:
    from tests.games.battleplan.helpers import play

    s = game()
    s2, _ = play(s, {"TU": "@TU /1/BA999"})
    assert s2.countries["TU"].standing == {1: "BA999"}
    # used the turn it is issued: all 30 Industry build Army (50 + 30)
    assert s2.countries["TU"].army == 80
    s3, _ = play(s2, {"TU": "@TU BF10"})  # 10 to AirForce, the standing order takes the rest
    assert (s3.countries["TU"].air, s3.countries["TU"].army) == (40, 100)
    s4, _ = play(s3, {"TU": "@TU /1/"})
    assert s4.countries["TU"].standing == {}
    assert problems(s, "TU", "@BLA /1/BA5") == ["illegal/not_your_space"]


@pytest.mark.rule("BP 2C")
def test_minor_forces_cannot_move_or_conquer_but_can_attack_and_support() -> None:
    s = game()
    s = edit(s, "GR", popularity={5: 10})  # TU controls the minor GR
    assert problems(s, "TU", "@GR AT1BU") == ["illegal/minor_cannot_move"]
    assert problems(s, "TU", "@GR AC1BU") == ["illegal/minor_cannot_conquer"]
    assert problems(s, "TU", "@GR AB1BU AS1YU BA2") == []
    assert problems(s, "AL", "@GR AB1BU") == ["illegal/not_your_space"]


@pytest.mark.rule("BP 2D")
@pytest.mark.rule("BP 4F.2")
@pytest.mark.rule("BP 4G.2")
def test_missiles_never_go_to_sea_and_move_within_air_range() -> None:
    s = game()
    s = edit(s, "TU", missiles=3, anti=3)
    assert problems(s, "TU", "@TU MT1EAS") == ["illegal/not_a_country"]
    assert problems(s, "TU", "@TU XT1BLA") == ["illegal/not_a_country"]
    assert problems(s, "TU", "@TU MT1GR XT1RO") == []
    assert problems(s, "TU", "@TU MT1IT") == ["illegal/out_of_range"]
    assert problems(s, "TU", "@TU MA1IR") == []  # 4F.1: the range of a missile is the map
    assert problems(s, "TU", "@TU MA1BLA") == ["illegal/not_a_country"]


@pytest.mark.rule("BP 4D.2")
@pytest.mark.rule("BP 4D.3")
@pytest.mark.rule("BP 4D.1")
def test_navy_moves_and_attacks() -> None:
    s = game()
    assert problems(s, "TU", "@TU NT1BU") == ["illegal/not_coastal"]  # not along the coast
    assert problems(s, "TU", "@TU NN1BU") == ["illegal/navy_attack_from_port"]
    assert problems(s, "TU", "@TU NS1BU") == ["illegal/not_coastal"]  # port: seas only
    s = at_sea(s, "BLA", 5, navy=4)
    assert problems(s, "TU", "@BLA NN1BU NS1RO NT1UK") == []


@pytest.mark.rule("BP 4C.4")
@pytest.mark.rule("BP 4E.4")
def test_army_moves_to_adjacent_spaces_air_within_range() -> None:
    s = game()
    assert problems(s, "TU", "@TU AT1BLA AT1BU") == []
    assert problems(s, "TU", "@TU AT1RO") == ["illegal/not_adjacent"]
    assert problems(s, "TU", "@TU FT1RO FT1CY") == []
    assert problems(s, "TU", "@TU FT1IT") == ["illegal/out_of_range"]


@pytest.mark.rule("BP 12A")
@pytest.mark.rule("BP 12B")
@pytest.mark.rule("BP 12C")
def test_limits_of_section_12() -> None:
    s = game()
    s = edit(s, "UK", owner=5)
    assert problems(s, "TU", "@TU AC1UK") == ["illegal/attack_own_country"]
    assert problems(s, "TU", "@TU FI1UK") == ["illegal/attack_own_country"]
    s = edit(s, "TU", missiles=3, anti=3)
    assert problems(s, "TU", "@TU AC5BU AS5BU") == ["illegal/attacks_own_forces"]
    assert problems(s, "TU", "@TU MA1BU XT1BU") == ["illegal/attacks_own_forces"]
    assert problems(s, "TU", "@TU MA1BU FT1BU") == []  # 12B: missiles don't hit the air
    assert problems(s, "TU", "@TU FI5BU FI10BU") == ["illegal/duplicate_order"]
    assert problems(s, "TU", "@TU AC5BU AB5BU") == []  # conquer and attack is permitted
    assert problems(s, "TU", "@TU AC30BU AB30BU") == ["illegal/not_enough_units"]
    assert problems(s, "TU", "@TU BA20 BF20") == ["illegal/not_enough_industry"]
    assert problems(s, "TU", "@ P60GR P50CY") == ["illegal/not_enough_dollars"]


@pytest.mark.rule("BP 6B")
@pytest.mark.rule("BP 6C")
def test_spies_orders_keep_counts() -> None:
    from tests.games.battleplan.helpers import play

    s = game()
    assert problems(s, "TU", "@ S1TU") == ["illegal/spy_own_country"]
    assert problems(s, "TU", "@ S31GR") == ["illegal/not_enough_spies"]
    s2, _ = play(s, {"TU": "@ 0S24 C1GR TC10"})  # 24 spies over the 24 minors
    assert sum(c.spies.get(5, 0) for c in s2.countries.values()) == 24
    assert all(s2.countries[c].spies == {5: 1} for c in s2.countries if s.countries[c].owner == 0)
    assert (s2.player(5).spies, s2.player(5).counterspies) == (6_00, 2_00 + 2_00)


@given(st.text(max_size=80))
def test_parse_never_raises(text: str) -> None:
    s = game()
    parsed = submission.parse(RULESET, s, "TU", text)
    assert all("/" in p.code for p in parsed.problems)


@given(
    st.sampled_from(["AC", "AB", "AS", "FA", "FS", "FI", "MA", "NS"]),
    st.integers(1, 999_999),
    st.sampled_from(["UK", "BU", "GR", "BLA", "EAS", "IR"]),
)
def test_round_trip_of_space_orders(verb: str, n: int, target: str) -> None:
    order = Action("TU", verb, n, target)
    assert parse_token(format_order(order).split(" ", 1)[1], "TU") == order
