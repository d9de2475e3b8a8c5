"""Espionage (OWW 6.1, 8.5) and final scoring from the NOC (OWW 2.1, 2.2)."""

from __future__ import annotations

import pytest

from umpire.core.chance import SeededChance
from umpire.core.submission import bot_text, parse
from umpire.games.origins import RULESET
from umpire.games.origins.charts import load
from umpire.games.origins.scoring import scores

from .helpers import kinds, make, run


@pytest.mark.rule("OWW 6.1")
def test_one_area_mission_and_two_players_at_home() -> None:
    state = make({"POL": {"GER": 7}, "FRA": {"GER": 2, "GBR": 3, "USSR": 1}})
    ok = parse(RULESET, state, "FRA", "SPY POL GER\nSPY HOME GER GBR")
    assert ok.ok and len(ok.orders) == 2
    too_many = parse(RULESET, state, "FRA", "SPY HOME GER GBR USSR")
    assert [p.code for p in too_many.problems] == ["illegal/spy_targets"]
    second = parse(RULESET, state, "FRA", "SPY POL GER\nSPY AUS GER")
    assert [(p.line, p.code) for p in second.problems] == [(2, "illegal/second_spy")]
    assert [p.code for p in parse(RULESET, state, "FRA", "SPY POL GER USSR").problems] == [
        "illegal/spy_targets"
    ]


@pytest.mark.rule("OWW 8.5")
@pytest.mark.rule("OWW 6.1")
def test_espionage_reveals_exact_holdings_to_the_spy_only() -> None:
    state = make({"POL": {"GER": (2, "U")}, "FRA": {"GER": 3}})
    after, events = run(state, {"FRA": "SPY POL GER\nSPY HOME GER", "GER": "PLACE 4 POL"})
    spy = RULESET.view(after, "FRA")
    assert spy["exact"]["POL"]["GER"] == {"pfs": 6, "marker": "U"}
    assert spy["exact"]["FRA"]["GER"] == {"pfs": 3, "marker": ""}
    other = RULESET.view(after, "GBR")
    assert "POL" not in other["exact"]
    assert all(
        e.audience.admits("FRA") and not e.audience.admits("GBR")
        for e in kinds(events, "espionage")
    )
    text = RULESET.printout(after, [e for e in events if e.audience.admits("FRA")], "FRA")
    assert "U+6" in text


@pytest.mark.rule("OWW 2.1")
@pytest.mark.rule("OWW NOC")
def test_markers_score_their_noc_entries() -> None:
    charts = load()
    state = make(
        {
            "AUS": {"FRA": (0, "U"), "GER": (0, "C")},  # FRA U1, GER C4
            "POL": {"GER": (3, "U")},  # a U does not score GER's C3
            "ALS": {"FRA": (0, "C")},  # FRA C6
            "GBR": {"FRA": (1, "U")},  # FRA U4
        },
        turn=7,
    )
    got = scores(state, charts)
    assert got["FRA"] == 1 + 6 + 4
    assert got["GER"] == 4


@pytest.mark.rule("OWW 2.2")
def test_usa_scores_for_absent_markers() -> None:
    charts = load()
    empty = scores(make(turn=7), charts)["USA"]
    assert empty == 2 + 4 + 2 + 4 + 2 + 2 + 5 + 2 + 2  # every NC and NU entry: 25
    # a Control in Poland costs NC5; an Understanding there does not; one in France costs NU2
    state = make(
        {"POL": {"GER": (0, "C")}, "CZE": {"GER": (0, "U")}, "FRA": {"GBR": (0, "U")}}, turn=7
    )
    assert scores(state, charts)["USA"] == empty - 5 - 2


def test_outcome_after_six_turns() -> None:
    state = make({"AUS": {"GER": (0, "C")}}, turn=6)
    assert RULESET.outcome(state) is None
    after, events = run(state, {})
    outcome = RULESET.outcome(after)
    assert outcome is not None and outcome.winners == ("USA",)
    assert outcome.scores["GER"] == 4.0
    assert kinds(events, "final")[0].audience.kind == "public"
    assert RULESET.pending(after).powers == ()
    assert bot_text(RULESET, after, "GER", SeededChance(1)) == ""
