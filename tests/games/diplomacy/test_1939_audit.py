"""1939 III points an independent reading of the rulebook found wrong (issue 12, D39 1-6)."""

from __future__ import annotations

import pytest
from tests.games.diplomacy.scenario1939 import bombers, dislodged, play, position, where

from umpire.core import submission
from umpire.games.diplomacy import RULESET_1939 as RULESET
from umpire.games.diplomacy.model import ADJUSTMENTS, FALL, WINTER

WINTER_1939 = {"year": 1939, "season": WINTER, "phase": ADJUSTMENTS}


def statuses(events, power: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Province -> the status of ``power``'s unit there, from the order events."""
    return {
        e.data["province"]: e.data["status"]
        for e in events
        if e.kind == "order" and e.data.get("power") == power
    }


@pytest.mark.rule("D39 4")
@pytest.mark.rule("D39 6")
def test_a_centre_occupied_by_an_enemy_in_spring_is_lost() -> None:
    # D39 4: owned only if no other player's unit has occupied it since; D39 6: home centres
    # "remain owned unless occupied by another players ground/sea units".
    s = position("FRA: A bur")
    spring, _ = play(s, {"FRA": "A(Bur) - Mun"})
    assert "mun" not in spring.owner_map()  # Germany lost it; France owns it only in Autumn
    autumn, _ = play(spring, {"FRA": "A(Mun) - Ruh"})
    assert autumn.season != FALL or autumn.phase != "movement"
    assert "mun" not in autumn.owner_map()  # France passed through: nobody owns Munich


@pytest.mark.rule("D39 18")
@pytest.mark.rule("D39 11")
def test_a_tank_refused_by_the_ratio_spends_nothing() -> None:
    # 14 SP (4 homes and hol) less 5 upkeep: 9 to build with. The tank (1 T to 1 A already)
    # is refused by the ratio; its 3 SP pay for the army written last.
    s = position("GER: T ruh, A hol", centres={"hol": "GER"}, **WINTER_1939)
    orders = "Build T ber\nBuild B mun\nBuild A kie\nBuild A aus"
    after, _ = play(s, {"GER": orders})
    assert "ber" not in where(after)
    assert where(after)["kie"] == "GER A" and where(after)["aus"] == "GER A"
    assert bombers(after) == {"mun": "GER"}


@pytest.mark.rule("D39 36")
def test_an_army_may_be_built_under_its_own_bomber() -> None:
    # D39 36: a bomber "may occupy the same space as a ground/sea unit" (ruling 4).
    s = position("GER: B ber", **WINTER_1939)
    assert not submission.parse(RULESET, s, "GER", "Build A ber").problems
    after, _ = play(s, {"GER": "Build A ber"})
    assert where(after)["ber"] == "GER A" and bombers(after) == {"ber": "GER"}


@pytest.mark.rule("D39 36")
def test_a_bomber_may_be_built_beside_its_own_army_but_not_on_a_bomber() -> None:
    s = position("GER: A ber, B mun", **WINTER_1939)
    after, _ = play(s, {"GER": "Build B ber"})
    assert where(after)["ber"] == "GER A" and bombers(after) == {"ber": "GER", "mun": "GER"}
    codes = [p.code for p in submission.parse(RULESET, s, "GER", "Build B mun").problems]
    assert codes == ["illegal/occupied"]


@pytest.mark.rule("D39 22")
def test_a_unit_dislodged_while_holding_is_reported_dislodged() -> None:
    s = position("FRA: A bur, A ruh; GER: A mun")
    after, events = play(s, {"FRA": "A(Bur) - Mun\nA(Ruh) S A(Bur) - Mun"})
    assert "mun" in dislodged(after)
    assert statuses(events, "GER") == {"mun": "dislodged"}


@pytest.mark.rule("D39 1")
@pytest.mark.rule("D39 24")
def test_a_rotation_through_a_tanks_route_succeeds_as_with_an_army() -> None:
    # Standard rules (D39 1): a circular movement succeeds (DATC 6.C.1). The tank's route is
    # vacated by the army leaving it, as the army's destination is by the tank.
    orders = {"GER": "T(Mun) - Par via Bur\nA(Bur) - Ruh\nA(Ruh) - Mun"}
    s = position("GER: T mun, A bur, A ruh; FRA: A par")
    after, _ = play(s, orders)
    assert where(after)["bur"] == "GER T"  # stood out of Paris, it stops in its route (D39 24)
    assert where(after)["ruh"] == "GER A" and where(after)["mun"] == "GER A"
    army, _ = play(
        position("GER: A mun, A bur, A ruh"), {"GER": "A(Mun) - Bur\nA(Bur) - Ruh\nA(Ruh) - Mun"}
    )
    assert where(army) == {
        "bur": "GER A",
        "ruh": "GER A",
        "mun": "GER A",
        **{p: v for p, v in where(army).items() if p not in ("bur", "ruh", "mun")},
    }


@pytest.mark.rule("D39 1")
@pytest.mark.rule("D39 26")
def test_a_tank_never_passes_through_an_army_coming_the_other_way() -> None:
    # The first step of the movement meets A Bur-Mun head to head (standard rules, D39 1):
    # the supported tank (1 + 1) beats the army (1), which is dislodged; it won by 1 only,
    # so it stops in Burgundy (D39 26).
    s = position("GER: T mun, A ruh; FRA: A bur")
    after, _ = play(
        s, {"GER": "T(Mun) - Par via Bur\nA(Ruh) S T(Mun) - Bur", "FRA": "A(Bur) - Mun"}
    )
    assert where(after)["bur"] == "GER T"
    assert "mun" not in where(after)
    assert "bur" in dislodged(after)


@pytest.mark.rule("D39 19")
@pytest.mark.rule("D39 1")
def test_a_tanks_single_move_beats_the_first_step_of_a_tank_movement_head_to_head() -> None:
    # French T Bur-Mun strikes with 2 (D39 19); the German tank's route step into Burgundy
    # moves with 1: head to head, the German tank is dislodged.
    s = position("FRA: T bur; GER: T mun")
    after, _ = play(s, {"FRA": "T(Bur) - Mun", "GER": "T(Mun) - Par via Bur"})
    assert where(after)["mun"] == "FRA T"
    assert "mun" in dislodged(after) and "bur" not in where(after)


def codes(state, power: str, text: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [p.code for p in submission.parse(RULESET, state, power, text).problems]


@pytest.mark.rule("D39 12")
def test_transfers_beyond_a_fifth_together_are_refused_on_the_receipt() -> None:
    # Germany's 12 SP: at most 2 may be given. Each line alone is legal; the second is over
    # the limit with the first, and the winter would drop it: the receipt says so at once.
    s = RULESET.new_game("1939-iii", ("ENG", "FRA", "GER", "ITA", "RUS", "TUR"), None, {})  # type: ignore[arg-type]
    assert codes(s, "GER", "Transfer 2 SP to Italy") == []
    assert codes(s, "GER", "Transfer 1 SP to Italy\nTransfer 2 SP to France") == [
        "illegal/transfer_limit"
    ]


@pytest.mark.rule("D39 9")
def test_a_second_build_in_one_centre_is_refused_on_the_receipt() -> None:
    # One build per centre per winter (ruling 4), within each set of orders (D39 12).
    s = RULESET.new_game("1939-iii", ("ENG", "FRA", "GER", "ITA", "RUS", "TUR"), None, {})  # type: ignore[arg-type]
    assert codes(s, "GER", "Build A ber\nBuild T ber") == ["illegal/second_build"]
    assert codes(s, "GER", "Build A ber\nAlternate:\nBuild T ber") == []
    w = position("GER: A ber, A kie", **WINTER_1939)
    assert codes(w, "GER", "Remove A ber\nRemove A ber") == ["illegal/second_removal"]
