"""The order notation: forgiving input, canonical output, every problem by line."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.core.submission import parse
from umpire.games.origins import RULESET
from umpire.games.origins.charts import load
from umpire.games.origins.orders import Attack, Condition, Control, Move, Place, Spy, SpyHome

from .helpers import make

CHARTS = load()
AREAS = list(CHARTS.area_codes)
POWERS = list(CHARTS.power_codes)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("place 3 poland", "PLACE 3 POL"),
        ("  PLACE   3   pfs in   Baltic States ", "PLACE 3 BAL"),
        ("P Alsace-Lorraine 2", "PLACE 2 ALS"),
        ("move 2 from home to austria", "MOVE 2 FROM HOME TO AUS"),
        ("MOVE 2 FROM FRANCE TO RHINELAND", "MOVE 2 FROM HOME TO RHI"),
        (
            "attack poland germany, ussr with 6 [if germany placed]",
            "ATTACK POL GER,USSR WITH 6 IF GER PLACED",
        ),
        (
            "ATTACK CZE GER WITH 4 IF GER NOT PLACED AND USSR PLACED",
            "ATTACK CZE GER WITH 4 IF GER NOT PLACED AND USSR PLACED",
        ),
        ("understanding austria", "UNDERSTANDING AUS"),
        ("control alsace lorraine", "CONTROL ALS"),
        ("Spy Poland Germany", "SPY POL GER"),
        ("spy home germany great britain", "SPY HOME GER GBR"),
        ("SPY FRANCE GER", "SPY HOME GER"),
    ],
)
def test_forgiving_input_gives_canonical_text(text: str, canonical: str) -> None:
    state = make({"FRA": {"FRA": 5}, "POL": {"FRA": 6}, "CZE": {"FRA": 4}})
    parsed = parse(RULESET, state, "FRA", text)
    assert parsed.problems == []
    ((_, order),) = parsed.orders
    assert RULESET.format(order) == canonical


def test_every_problem_is_reported_by_line_with_a_stable_code() -> None:
    text = "\n".join(
        [
            "PLACE 2 POL",  # 1 fine
            "PLACE x POL",  # 2 syntax/number
            "PLACE 2 ATLANTIS",  # 3 order/unknown_area
            "ATTACK POL MARS WITH 2",  # 4 order/unknown_power
            "FROBNICATE",  # 5 syntax/unknown_order
            "# a comment",
            "",
            "ATTACK POL GER",  # 8 syntax/missing_with
            "PLACE 2 POL EXTRA",  # 9 syntax/trailing
            "ATTACK POL FRA WITH 1",  # 10 illegal/attack_self
        ]
    )
    parsed = parse(RULESET, make(), "FRA", text)
    assert [(p.line, p.code) for p in parsed.problems] == [
        (2, "syntax/number"),
        (3, "order/unknown_area"),
        (4, "order/unknown_power"),
        (5, "syntax/unknown_order"),
        (8, "syntax/missing_with"),
        (9, "syntax/trailing"),
        (10, "illegal/attack_self"),
    ]
    assert "'PLACE 2 ATLANTIS'" in parsed.problems[1].message
    assert parsed.problems[3].message == "unknown order 'FROBNICATE'"  # the line is the word
    (inside,) = parse(RULESET, make(), "FRA", "FROB 2 POL").problems
    assert inside.message == "unknown order 'FROB' in 'FROB 2 POL'"
    assert [n for n, _ in parsed.orders] == [1]


ORDERS = st.one_of(
    st.builds(Place, st.sampled_from(AREAS), st.integers(1, 4)),
    st.builds(Move, st.sampled_from([a for a in AREAS if a != "GER"]), st.integers(1, 3)),
    st.builds(
        Attack,
        st.sampled_from(AREAS),
        st.lists(
            st.sampled_from([p for p in POWERS if p != "GER"]), min_size=1, max_size=3, unique=True
        ).map(tuple),
        st.integers(1, 9),
        st.lists(
            st.builds(Condition, st.sampled_from(POWERS), st.booleans()),
            max_size=3,
            unique_by=lambda c: c.power,
        ).map(tuple),
    ),
    st.builds(
        Control,
        st.sampled_from(["AUS", "POL", "RHI", "ALS", "BAL", "CZE", "ROM"]),
        st.sampled_from([(), ("USSR",)]),
    ),
    st.builds(
        Spy,
        st.sampled_from([a for a in AREAS if a != "GER"]),
        st.sampled_from([p for p in POWERS if p != "GER"]),
    ),
    st.builds(SpyHome, st.sampled_from([("FRA",), ("USSR", "GBR")])),
)


@settings(max_examples=150, deadline=None)
@given(order=ORDERS)
def test_canonical_text_round_trips(order: object) -> None:
    state = make({"GER": {"GER": 5}})
    text = RULESET.format(order)  # type: ignore[arg-type]
    parsed = parse(RULESET, state, "GER", text)
    if order == Control("RHI", ("USSR",)) or (
        isinstance(order, Control) and order.share and order.area in ("ALS", "AUS", "RHI", "CZE")
    ):
        assert [p.code for p in parsed.problems] == ["illegal/share_ineligible"]
        return
    assert parsed.problems == [], text
    assert [o for _, o in parsed.orders] == [order]
    assert RULESET.format(parsed.orders[0][1]) == text


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=80))
def test_garbage_never_raises(text: str) -> None:
    parsed = parse(RULESET, make(), "USSR", text)
    assert all("/" in p.code and p.line >= 1 for p in parsed.problems)
