"""Understanding and Control markers (OWW 1.5, 1.6, 5.1-5.4, 7.3, 8.3, 8.4)."""

from __future__ import annotations

import pytest

from umpire.core.events import Event, visible_to
from umpire.core.submission import parse
from umpire.games.origins import RULESET
from umpire.games.origins.model import State

from .helpers import kinds, make, run


def codes(state: State, power: str, text: str) -> list[str]:
    return [p.code for p in parse(RULESET, state, power, text).problems]


@pytest.mark.rule("OWW 1.5")
@pytest.mark.rule("OWW 5.1")
@pytest.mark.rule("OWW 5.2")
def test_understanding_takes_5_pfs() -> None:
    state = make({"AUS": {"FRA": 3}})
    after, events = run(state, {"FRA": "PLACE 4 AUSTRIA\nUNDERSTANDING AUSTRIA"})
    box = after.box("AUS", "FRA")
    assert box.understanding and box.pfs == 2 and box.strength == 7
    assert kinds(events, "marker")[0].audience.kind == "public"


@pytest.mark.rule("OWW 5.2")
def test_understanding_needs_a_scoring_entry_and_5_pfs() -> None:
    state = make({"ALS": {"GBR": 9}, "AUS": {"FRA": 1}})
    assert codes(state, "GBR", "UNDERSTANDING ALS") == ["illegal/no_objective"]
    assert codes(state, "USA", "UNDERSTANDING AUS") == ["illegal/no_objective"]  # NC is not Cn
    # France may place 4 PFs but has only 1 in Austria when markers come: not placed
    after, events = run(state, {"FRA": "PLACE 3 AUS\nUNDERSTANDING AUS"})
    assert not after.box("AUS", "FRA").understanding and after.box("AUS", "FRA").pfs == 4
    assert "fewer than 5" in kinds(events, "marker_failed")[0].text
    # a Cn entry allows an Understanding too
    after, _ = run(make({"POL": {"GER": 6}}), {"GER": "UNDERSTANDING POL"})
    assert after.box("POL", "GER").understanding


@pytest.mark.rule("OWW 5.3.3")
def test_control_needs_5_pfs_and_removes_them_all() -> None:
    state = make({"AUS": {"GER": 9}, "RHI": {"GER": 3}})
    after, events = run(state, {"GER": "PLACE 12 GER\nCONTROL AUS\nCONTROL RHI"})
    assert after.box("AUS", "GER").control and after.box("AUS", "GER").pfs == 0
    assert not after.box("RHI", "GER").control and after.box("RHI", "GER").pfs == 3
    assert "fewer than 5" in kinds(events, "marker_failed")[0].text


@pytest.mark.rule("OWW 5.3.1")
@pytest.mark.rule("OWW 2.3")
def test_control_needs_a_cn_entry() -> None:
    state = make({"POL": {"FRA": 9}, "AUS": {"FRA": 9}})
    assert codes(state, "FRA", "CONTROL POL") == ["illegal/no_control_entry"]
    assert codes(state, "GBR", "CONTROL POL") == ["illegal/no_control_entry"]
    assert codes(state, "USA", "CONTROL AUS") == ["illegal/no_control_entry"]
    assert codes(state, "GER", "CONTROL AUS SHARE FRA") == ["illegal/share_ineligible"]


@pytest.mark.rule("OWW 5.3.2")
def test_opposing_pfs_or_markers_stop_control() -> None:
    for other in (1, (0, "U")):
        state = make({"POL": {"GER": 9, "FRA": other}})
        after, events = run(state, {"GER": "CONTROL POL"})
        assert not after.box("POL", "GER").control
        assert "opposing" in kinds(events, "marker_failed")[0].text
    # removed by conflict first (7.2 before 7.3): then control succeeds
    state = make({"POL": {"GER": 9, "FRA": 1}})
    after, _ = run(state, {"GER": "ATTACK POL FRA WITH 9\nCONTROL POL"}, [1])
    assert after.box("POL", "GER").control


@pytest.mark.rule("OWW 5.4")
def test_shared_control_needs_everyone_to_agree() -> None:
    state = make({"POL": {"GER": 6, "USSR": 5}})
    agreed = {"GER": "CONTROL POL SHARE USSR", "USSR": "CONTROL POLAND SHARE GERMANY"}
    after, events = run(state, agreed)
    assert after.box("POL", "GER").control and after.box("POL", "USSR").control
    assert [e.data["shared_with"] for e in kinds(events, "marker")] == [["GER"], ["USSR"]]
    refused = {"GER": "CONTROL POL SHARE USSR", "USSR": "CONTROL POL"}
    after, events = run(state, refused)
    assert after.box("POL", "GER").pfs == 6 and after.box("POL", "USSR").pfs == 5
    assert not after.box("POL", "GER").control and len(kinds(events, "marker_failed")) == 2


@pytest.mark.rule("OWW 7.3")
def test_marker_orders_are_simultaneous() -> None:
    # Germany's Control would succeed if the USSR's Understanding counted first or not at
    # all; both read the same map, where the USSR still has PFs: Germany fails, USSR places
    state = make({"POL": {"GER": 9, "USSR": 5}})
    after, _ = run(state, {"GER": "CONTROL POL", "USSR": "UNDERSTANDING POL"})
    assert after.box("POL", "USSR").understanding and not after.box("POL", "GER").control
    # listed in either order, two powers' Understandings in one area both stand
    state = make({"CZE": {"GER": 5, "FRA": 5}})
    after, _ = run(state, {"FRA": "UNDERSTANDING CZE", "GER": "UNDERSTANDING CZE"})
    assert after.box("CZE", "GER").understanding and after.box("CZE", "FRA").understanding


@pytest.mark.rule("OWW 8.3")
@pytest.mark.rule("OWW 8.4")
def test_boxes_show_x_u_plus_u_and_c_to_everyone() -> None:
    state = make({"POL": {"GER": (0, "C")}, "CZE": {"FRA": (3, "U"), "GER": (0, "U"), "GBR": 4}})
    after, _ = run(state, {})
    for power in ("USA", "USSR"):
        seen = RULESET.view(after, power)
        assert seen["map"]["POL"] == {"GER": "C"}
        assert seen["map"]["CZE"] == {"FRA": "U+", "GBR": "X", "GER": "U"}
    # a marker removed by conflict disappears from everyone's map (8.3)
    state = make({"CZE": {"GER": (0, "U"), "FRA": 10}})
    after, _ = run(state, {"FRA": "ATTACK CZE GER WITH 10"}, [1])
    assert "GER" not in RULESET.view(after, "USA")["map"].get("CZE", {})


@pytest.mark.rule("OWW 1.6")
def test_control_marker_stops_all_further_placement_from_then_on() -> None:
    state = make({"RHI": {"GER": 6}})
    after, _ = run(state, {"GER": "CONTROL RHI"})
    assert [p.code for p in parse(RULESET, after, "FRA", "PLACE 1 RHI").problems] == [
        "illegal/control_marked"
    ]
    assert [p.code for p in parse(RULESET, after, "GER", "ATTACK RHI FRA WITH 1").problems] == [
        "illegal/control_marked"
    ]


def _seen_by(events: list[Event], power: str) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in visible_to(events, power)]


@pytest.mark.rule("OWW 5.4")
@pytest.mark.rule("OWW 8.2")
@pytest.mark.parametrize(
    ("ussr_pfs", "ussr_orders"),
    [
        (6, ""),  # USSR orders nothing
        (6, "CONTROL POL"),  # orders Control but will not share
        (6, "CONTROL POL SHARE GER"),  # agrees, but ... (see the next case)
        (3, "CONTROL POL SHARE GER"),  # agrees but has fewer than 5 PFs (5.3.3)
    ],
)
def test_a_failed_shared_control_never_tells_whether_the_partner_ordered_it(
    ussr_pfs: int, ussr_orders: str
) -> None:
    # Germany orders shared Control of Poland with the USSR. Whatever the USSR did, Germany
    # reads the same thing when it fails: never whether the USSR ordered Control at all.
    def germany_reads(pfs: int, texts: dict[str, str]) -> list[tuple[str, str]]:
        state = make({"POL": {"GER": 6, "USSR": pfs}})
        _, events = run(state, {"GER": "CONTROL POL SHARE USSR"} | texts)
        return _seen_by(events, "GER")

    baseline = germany_reads(6, {})
    seen = germany_reads(ussr_pfs, {"USSR": ussr_orders} if ussr_orders else {})
    if ussr_orders == "CONTROL POL SHARE GER" and ussr_pfs >= 5:
        assert any(kind == "marker" for kind, _ in seen)  # both placed: public anyway
    else:
        assert seen == baseline
        assert any(kind == "marker_failed" for kind, _ in seen)


@pytest.mark.rule("OWW 8.2")
def test_targets_of_one_attack_never_read_each_others_numbers() -> None:
    # USSR attacks Britain and the USA together in Poland: the conflict is USSR-GBR and
    # USSR-USA; Britain must not read the USA's strength or loss, nor the USA Britain's.
    state = make({"POL": {"USSR": 14, "GBR": 5, "USA": 6}})
    _, events = run(state, {"USSR": "ATTACK POL GBR,USA WITH 14"}, [1])
    for reader, other in (("GBR", "USA"), ("USA", "GBR")):
        numbers = [e for e in visible_to(events, reader) if e.kind == "attack_numbers"]
        assert len(numbers) == 1
        assert set(numbers[0].data["defence"]) == {reader}
        assert set(numbers[0].data["defender_losses"]) == {reader}
        assert other not in numbers[0].text
    (full,) = [e for e in visible_to(events, "USSR") if e.kind == "attack_numbers"]
    assert full.data["defence"] == {"GBR": 5, "USA": 6}
    # and nobody else reads any number
    assert not [e for e in visible_to(events, "FRA") if e.kind == "attack_numbers"]
