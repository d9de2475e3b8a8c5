"""1939 III points an independent reading of the rulebook found wrong (issue 12, D39 1-6)."""

from __future__ import annotations

import pytest
from tests.games.diplomacy.scenario1939 import bombers, dislodged, play, position, where

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
    assert not RULESET.parse(s, "GER", "Build A ber").problems
    after, _ = play(s, {"GER": "Build A ber"})
    assert where(after)["ber"] == "GER A" and bombers(after) == {"ber": "GER"}


@pytest.mark.rule("D39 36")
def test_a_bomber_may_be_built_beside_its_own_army_but_not_on_a_bomber() -> None:
    s = position("GER: A ber, B mun", **WINTER_1939)
    after, _ = play(s, {"GER": "Build B ber"})
    assert where(after)["ber"] == "GER A" and bombers(after) == {"ber": "GER", "mun": "GER"}
    codes = [p.code for p in RULESET.parse(s, "GER", "Build B mun").problems]
    assert codes == ["illegal/occupied"]


@pytest.mark.rule("D39 22")
def test_a_unit_dislodged_while_holding_is_reported_dislodged() -> None:
    s = position("FRA: A bur, A ruh; GER: A mun")
    after, events = play(s, {"FRA": "A(Bur) - Mun\nA(Ruh) S A(Bur) - Mun"})
    assert "mun" in dislodged(after)
    assert statuses(events, "GER") == {"mun": "dislodged"}
