"""1939 III ownership, supply points and the winter (D39 3-16, 18, 31)."""

from __future__ import annotations

import pytest
from tests.games.diplomacy.scenario1939 import ENGINE, MAP, bombers, play, position, where

from umpire.core import submission
from umpire.games.diplomacy import RULESET_1939 as RULESET
from umpire.games.diplomacy.model import ADJUSTMENTS, FALL, MOVEMENT, SPRING, WINTER
from umpire.games.diplomacy.v1939.supply import COST, supply_points

WINTER_1939 = {"year": 1939, "season": WINTER, "phase": ADJUSTMENTS}


def codes(state, power: str, text: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [p.code for p in submission.parse(RULESET, state, power, text).problems]


def events_of(events, power: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [e.text for e in events if e.text.startswith(f"{power}:")]


@pytest.mark.rule("D39 3")
@pytest.mark.rule("D39 5")
def test_provinces_change_owner_after_any_season() -> None:
    s = position("FRA: A bur; GER: B mun")
    after, _ = play(s, {"FRA": "A(Bur) - Mun"})
    assert after.season == FALL
    assert after.provinces["mun"] == "FRA"
    # A centre changes owner only after Autumn, but an enemy's occupation ends the old
    # ownership at once (D39 4, 6; issue 12): nobody owns Munich until the Autumn.
    assert "mun" not in after.owner_map()
    assert bombers(after) == {}  # a German bomber may not stay on French ground


@pytest.mark.rule("D39 4")
@pytest.mark.rule("D39 6")
def test_centres_change_owner_after_autumn_and_are_regained() -> None:
    s = position("FRA: A mun", season=FALL)
    after, _ = play(s, {})
    assert after.owner_map()["mun"] == "FRA"
    s = position("FRA: A bur", season=FALL, centres={"mun": "FRA"})
    after, _ = play(s, {"FRA": "A(Bur) - Pic"})
    assert after.owner_map()["mun"] == "FRA"  # stays owned while no one else occupies it
    s = position("GER: A mun", season=FALL, centres={"mun": "FRA"})
    assert play(s, {})[0].owner_map()["mun"] == "GER"  # regained (D39 6)


@pytest.mark.rule("D39 6")
def test_home_provinces_are_owned_at_the_start() -> None:
    s = RULESET.new_game("1939-iii", ENGINE_POWERS, None, {})  # type: ignore[arg-type]
    provinces = s.provinces
    assert provinces["ruh"] == "GER" and provinces["mun"] == "GER"
    assert provinces["pic"] == "FRA" and "pol" not in provinces
    assert s.owner_map()["aus"] == "GER"


ENGINE_POWERS = ("ENG", "FRA", "GER", "ITA", "RUS", "TUR")


@pytest.mark.rule("D39 7")
@pytest.mark.rule("D39 8")
def test_supply_points() -> None:
    owners = {"ber": "GER", "kie": "GER", "par": "GER", "den": "GER", "mun": "FRA"}
    assert supply_points(MAP, owners, "GER", []) == 3 + 3 + 3 + 2  # Par is a home centre
    assert supply_points(MAP, owners, "FRA", []) == 3


@pytest.mark.rule("D39 9")
def test_costs() -> None:
    assert COST == {"A": 2, "F": 2, "T": 3, "B": 3}
    s = position("", **WINTER_1939, centres={"kie": None, "aus": None, "mun": None})
    after, _events = play(s, {"GER": "Build B ber"})
    assert bombers(after) == {"ber": "GER"}  # 3 SP, 3 for a bomber
    s = position("", **WINTER_1939, centres={"kie": None, "aus": None, "mun": None})
    after, _ = play(s, {"GER": "Build A ber"})
    assert where(after)["ber"] == "GER A"


def _short_germany() -> dict[str, object]:
    # Example of D39 10: 2 A, 1 F, 1 T, 1 B need 12 SP; the centres give 11.
    return {
        "centres": {"aus": "ITA", "den": "GER"},
        **WINTER_1939,
    }


@pytest.mark.rule("D39 10")
def test_10_no_cheaper_replacement() -> None:
    s = position("GER: A den, A sil, F hel, T ruh, B pru", **_short_germany())  # type: ignore[arg-type]
    assert supply_points(MAP, s.owner_map(), "GER", []) == 11
    after, events = play(s, {"GER": "Remove T ruh\nBuild A mun"})
    assert "ruh" not in where(after) and "mun" not in where(after)
    assert any("no builds" in t for t in events_of(events, "GER"))
    # Not disbanding: the umpire disbands until the SP suffice.
    after, events = play(s, {"GER": ""})
    kept = [u for u in after.units if u.power == "GER"] + [*bombers(after)]
    assert len(kept) == 4
    assert any("short of SP" in t for t in events_of(events, "GER"))


@pytest.mark.rule("D39 11")
def test_11_builds_only_with_a_surplus() -> None:
    s = position("GER: A den, A sil, F hel", **_short_germany())  # type: ignore[arg-type]
    after, _ = play(s, {"GER": "Build T mun\nBuild A ber\nBuild A kie"})
    # 11 SP, 6 used: 5 spare, a tank (3) then an army (2); the last army has nothing left.
    assert where(after)["mun"] == "GER T" and where(after)["ber"] == "GER A"
    assert "kie" not in where(after)
    s = position("GER: A den, A sil, F hel, A hol", **_short_germany())  # type: ignore[arg-type]
    after, _ = play(s, {"GER": "Build A ber"})  # 8 of 11 used, 3 spare: an army fits
    assert where(after)["ber"] == "GER A"
    s = position("GER: A den, A sil, F hel, T hol", **_short_germany())  # type: ignore[arg-type]
    after, _ = play(s, {"GER": "Build A ber"})  # 9 of 11: 2 spare, exactly one army
    assert where(after)["ber"] == "GER A"
    s = position("GER: A den, A sil, F hel, T hol, A bel", **_short_germany())  # type: ignore[arg-type]
    after, _ = play(s, {"GER": "Build A ber"})  # 11 of 11: no surplus, no build
    assert "ber" not in where(after)


@pytest.mark.rule("D39 12")
def test_12_transfers() -> None:
    # Germany 4 home centres = 12 SP: up to 2 may be given.
    s = position("GER: A den", **WINTER_1939)
    assert codes(s, "GER", "Transfer 3 SP to France") == ["illegal/transfer_limit"]
    assert codes(s, "GER", "Transfer 2 SP to France if France supports me") != []
    s = position("GER: A den; FRA: A bre, A pic, A mar, F mao", **WINTER_1939)
    # France: 9 SP, units cost 8 -> no room for an army without the German SP.
    after, _events = play(s, {"GER": "Transfer 2 SP to FRA", "FRA": "Build A par"})
    assert "par" in where(after)
    assert after.sp["FRA"] == 11 and after.sp["GER"] == 10
    after, _ = play(s, {"FRA": "Build A par"})  # not repeated unless ordered again
    assert "par" not in where(after)


@pytest.mark.rule("D39 13")
def test_13_saved_sp_may_be_given_not_spent() -> None:
    # 12 SP, 12 used; disbanding the tank saves 3: 2 may go to France, none to a build.
    s = position("GER: A den, A sil, F hel, T hol", **WINTER_1939)
    after, _events = play(s, {"GER": "Remove T hol\nTransfer 2 SP to FRA\nBuild A mun"})
    assert "hol" not in where(after) and "mun" not in where(after)
    assert after.sp["GER"] == 10


@pytest.mark.rule("D39 15")
@pytest.mark.rule("D39 14")
def test_the_game_starts_with_the_winter_1938_builds() -> None:
    s = RULESET.new_game("1939-iii", ENGINE_POWERS, None, {})  # type: ignore[arg-type]
    assert (s.year, s.season, s.phase) == (1938, WINTER, ADJUSTMENTS)
    neutral = sorted(u.province for u in s.units if u.power == "NEUTRAL")
    assert neutral == sorted(c for c in MAP.supply_centres if not MAP.provinces[c].home)
    assert all(u.power == "NEUTRAL" for u in s.units)
    assert RULESET.pending(s).powers == ENGINE_POWERS
    orders = {"GER": "Build A ber\nBuild A mun\nBuild T kie\nBuild B aus"}
    after, _ = play(s, orders)
    assert (after.year, after.season, after.phase) == (1939, SPRING, MOVEMENT)
    assert where(after)["kie"] == "GER T" and bombers(after) == {"aus": "GER"}


@pytest.mark.rule("D39 16")
@pytest.mark.rule("D39 18")
def test_18_tank_ratio() -> None:
    # Example: 3 A and 2 T; three armies are needed first, the tank may come with the third.
    text = "GER: A den, A hol, A bel, T ruh, T sil"
    centres = {"den": "GER", "hol": "GER", "bel": "GER", "pol": "GER", "swe": "GER"}
    s = position(text, centres=centres, **WINTER_1939)
    after, _ = play(s, {"GER": "Build A ber\nBuild A kie\nBuild T aus"})
    assert "aus" not in where(after) and where(after)["kie"] == "GER A"
    after, _ = play(s, {"GER": "Build T aus\nBuild A ber\nBuild A kie\nBuild A mun"})
    assert where(after)["aus"] == "GER T"


@pytest.mark.rule("D39 31")
def test_31_bomber_ratio() -> None:
    s = RULESET.new_game("1939-iii", ENGINE_POWERS, None, {})  # type: ignore[arg-type]
    after, _ = play(s, {"GER": "Build B ber\nBuild B kie"})
    assert bombers(after) == {"ber": "GER"}  # one more bomber than armies (0), no more
    after, _ = play(s, {"GER": "Build B ber\nBuild B kie\nBuild A mun"})
    assert bombers(after) == {"ber": "GER", "kie": "GER"}
    assert ENGINE.map is MAP
