"""Diplomatic conflict (OWW 1.4, 4.1-4.8, 7.2, 8.2) in whole turns with scripted dice."""

from __future__ import annotations

import pytest

from umpire.core.chance import ScriptedChance
from umpire.core.submission import parse
from umpire.games.origins import RULESET

from .helpers import kinds, make, run


@pytest.mark.rule("OWW 1.4")
@pytest.mark.rule("OWW 4.1")
def test_an_attack_compares_pfs_and_rolls_on_the_table() -> None:
    # France 8 against Germany 4 in Poland: 2-1; die 1: D, Germany removes all
    state = make({"POL": {"FRA": 8, "GER": 4}})
    after, events = run(state, {"FRA": "ATTACK POLAND GERMANY WITH 8"}, [1])
    assert after.box("POL", "GER").empty
    assert after.box("POL", "FRA").pfs == 8
    (public,) = kinds(events, "attack")
    assert public.data["column"] == "2-1" and public.data["result"] == "D"


@pytest.mark.rule("OWW 4.2")
def test_one_attack_against_several_opponents_meets_their_combined_strength() -> None:
    state = make({"POL": {"FRA": 6, "GER": 4, "USSR": 2}})
    # 6 against 4 + 2 = 6: 1-1 (against Germany alone it would be 1-1 too; against 2 it
    # would be 3-1); die 2: Xd, both targets lose all, France as many (6)
    after, events = run(state, {"FRA": "ATTACK POL GER,USSR WITH 6"}, [2])
    (public,) = kinds(events, "attack")
    assert public.data["column"] == "1-1" and public.data["targets"] == ["GER", "USSR"]
    assert after.box("POL", "GER").empty and after.box("POL", "USSR").empty
    assert after.box("POL", "FRA").empty


def test_xa_losses_are_divided_in_proportion() -> None:
    # ruling R8: 3 against 6 (GER 4 + USSR 2) is 1-2; die 1: Xa, 3 lost by the targets
    state = make({"POL": {"FRA": 3, "GER": 4, "USSR": 2}})
    after, _ = run(state, {"FRA": "ATTACK POL GER USSR WITH 3"}, [1])
    assert after.box("POL", "FRA").empty
    assert (after.box("POL", "GER").pfs, after.box("POL", "USSR").pfs) == (2, 1)


@pytest.mark.rule("OWW 4.3")
def test_only_one_attack_per_area() -> None:
    state = make({"POL": {"FRA": 8, "GER": 4, "USSR": 3}})
    parsed = parse(RULESET, state, "FRA", "ATTACK POL GER WITH 4\nATTACK POL USSR WITH 4")
    assert [p.code for p in parsed.problems] == ["illegal/second_attack"]
    assert parsed.problems[0].line == 2
    assert len(parsed.orders) == 1


@pytest.mark.rule("OWW 4.4")
@pytest.mark.rule("OWW DCT")
def test_an_attacker_may_commit_only_part_of_his_pfs_but_an_a_costs_them_all() -> None:
    # 4 of France's 10 against Germany 4: 1-1 (not 2-1: committing less worsens the odds);
    # die 5: A, and the key says the attacker removes ALL his PFs in the area (ruling R4)
    state = make({"POL": {"FRA": 10, "GER": 4}})
    after, events = run(state, {"FRA": "ATTACK POL GER WITH 4"}, [5])
    assert kinds(events, "attack")[0].data["column"] == "1-1"
    assert after.box("POL", "FRA").empty
    assert after.box("POL", "GER").pfs == 4


@pytest.mark.rule("OWW DCT")
def test_a_cheap_low_odds_attack_risks_everything_in_the_area() -> None:
    # 2 of France's 9 plus her Understanding marker held back, against Germany 4: 1-2;
    # die 1: Xa. France loses her whole strength there (9 PFs and the marker: 14), Germany
    # an equal number (all 4) — under the old reading France would have lost only 2.
    state = make({"POL": {"FRA": (9, "U"), "GER": 4}})
    after, _ = run(state, {"FRA": "ATTACK POL GER WITH 2"}, [1])
    assert after.box("POL", "FRA").empty
    assert after.box("POL", "GER").empty


@pytest.mark.rule("OWW 4.5")
@pytest.mark.rule("OWW 8.2")
def test_understanding_markers_count_5_and_are_reduced_last() -> None:
    # France 2 PFs + U (7) against Germany U+1 (6): 1-1 for the marker; die 2: Xd
    state = make({"POL": {"FRA": (2, "U"), "GER": (1, "U")}})
    after, events = run(state, {"FRA": "ATTACK POL GER WITH 7"}, [2])
    numbers = kinds(events, "attack_numbers")[0].data
    assert numbers["attack"] == 7 and numbers["defence"] == {"GER": 6}
    assert after.box("POL", "GER").empty  # Germany's PF and marker all gone
    # France loses 6: its 2 PFs, then 4 of the marker: a 1-PF marker remains (OWW 8.2)
    assert after.box("POL", "FRA").pfs == 1 and not after.box("POL", "FRA").understanding


@pytest.mark.rule("OWW 4.6")
def test_attacks_are_never_combined() -> None:
    # France 3 and Britain 3 against Germany 6: each attack is 1-2 on its own, never 1-1
    state = make({"POL": {"FRA": 3, "GBR": 3, "GER": 6}})
    after, events = run(
        state, {"FRA": "ATTACK POL GER WITH 3", "GBR": "ATTACK POL GER WITH 3"}, [2, 3]
    )
    assert [e.data["column"] for e in kinds(events, "attack")] == ["1-2", "1-2"]
    assert after.box("POL", "GER").pfs == 6
    # the notation has no way to name a partner
    assert not parse(RULESET, state, "FRA", "ATTACK POL GER WITH 3 AND GBR 3").ok


@pytest.mark.rule("OWW 4.7")
def test_conditional_attacks_read_who_placed_in_the_area() -> None:
    state = make({"CZE": {"FRA": 8, "GER": 2}})
    orders = {
        "FRA": "ATTACK CZE GER WITH 8 IF GER PLACED",
        "GER": "PLACE 12 POL",
    }
    after, events = run(state, orders, [])
    assert kinds(events, "attack") == []
    assert "condition" in kinds(events, "attack_void")[0].text
    assert after.box("CZE", "GER").pfs == 2
    # Germany places there: the attack goes ahead (8 v 3: 2-1, die 1: D)
    orders["GER"] = "PLACE 1 CZE"
    after, events = run(state, orders, [1])
    assert after.box("CZE", "GER").empty
    # NOT PLACED
    after, _ = run(state, {"FRA": "ATTACK CZE GER WITH 8 IF GER NOT PLACED"}, [1])
    assert after.box("CZE", "GER").empty


@pytest.mark.rule("OWW 4.8")
def test_an_understanding_in_the_attackers_home_protects_its_owner() -> None:
    state = make({"GER": {"FRA": (0, "U")}, "POL": {"GER": 9, "FRA": 2}})
    after, events = run(state, {"GER": "ATTACK POL FRA WITH 9"}, [])
    assert kinds(events, "attack") == []
    assert "4.8" in kinds(events, "attack_void")[0].text
    assert after.box("POL", "FRA").pfs == 2
    # except in that home area: Germany attacks the marker at home first (5 v 12 odd
    # 12:5 = 2-1, die 1: D), then Poland is open (9 v 2, 4-1, die 1: D)
    state = make({"GER": {"FRA": (0, "U"), "GER": 12}, "POL": {"GER": 9, "FRA": 2}})
    after, events = run(state, {"GER": "ATTACK GER FRA WITH 12\nATTACK POL FRA WITH 9"}, [1, 1])
    assert after.box("GER", "FRA").empty and after.box("POL", "FRA").empty


@pytest.mark.rule("OWW 7.2")
def test_attacks_go_usa_france_britain_ussr_germany_each_in_written_order() -> None:
    # Germany orders first in the text but attacks last; the USA clears Poland of GER first
    state = make({"POL": {"USA": 10, "GER": 2, "USSR": 4}, "AUS": {"GER": 3, "FRA": 1}})
    texts = {
        "GER": "ATTACK POL USA WITH 2\nATTACK AUS FRA WITH 3",
        "USA": "ATTACK POL GER WITH 10",
    }
    after, events = run(state, texts, [1, 1])
    attacks = kinds(events, "attack")
    assert [(e.data["attacker"], e.data["area"]) for e in attacks] == [
        ("USA", "POL"),
        ("GER", "AUS"),
    ]
    assert "no PFs left" in kinds(events, "attack_void")[0].text
    assert after.box("AUS", "FRA").empty
    # a player's own attacks run in his written order
    state = make({"POL": {"USSR": 6, "GER": 2}, "ROM": {"USSR": 6, "GER": 2}})
    _, events = run(state, {"USSR": "ATTACK ROM GER WITH 6\nATTACK POL GER WITH 6"}, [3, 3])
    assert [e.data["area"] for e in kinds(events, "attack")] == ["ROM", "POL"]


@pytest.mark.rule("OWW 8.2")
def test_column_and_result_are_public_numbers_only_for_those_involved() -> None:
    state = make({"POL": {"FRA": 8, "GER": 4}})
    _, events = run(state, {"FRA": "ATTACK POL GER WITH 8"}, [2])
    public = kinds(events, "attack")[0]
    assert public.audience.admits("USA") and public.audience.admits("GBR")
    assert set(public.data) == {"attacker", "area", "targets", "column", "die", "result"}
    secret = kinds(events, "attack_numbers")[0]
    assert [p for p in RULESET.info.scenarios[0].powers if secret.audience.admits(p)] == [
        "FRA",
        "GER",
    ]
    usa = RULESET.printout(RULESET.resolve(state, {}, ScriptedChance([])).state, [public], "USA")
    assert "2-1" in usa and "8" not in usa.split("DIPLOMATIC CONFLICTS")[1].split("MARKERS")[0]
