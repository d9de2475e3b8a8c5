"""1939 III bombers (D39 30-44): range, flight paths, missions and landing; the rulebook's
examples 38(a), 38(b), 39, 40 and 44 as scenario tests."""

from __future__ import annotations

import pytest
from tests.games.diplomacy.scenario1939 import MAP, bombers, parse, play, position, where

from umpire.core import submission
from umpire.games.diplomacy import RULESET_1939 as RULESET
from umpire.games.diplomacy.model import FALL, SPRING
from umpire.games.diplomacy.v1939.bombers import bomber_range, cost
from umpire.games.diplomacy.v1939.orders import Flight
from umpire.games.diplomacy.v1939.supply import supply_points


def problems(state, power: str, text: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [p.code for p in submission.parse(RULESET, state, power, text).problems]


@pytest.mark.rule("D39 30")
@pytest.mark.rule("D39 38")
def test_38a_support_far_from_the_bomber() -> None:
    s = position("ITA: A aus, B ven; NEUTRAL: A cze", provinces={"cro": "ITA"})
    after, _ = play(s, {"ITA": "A(Aus) - Cze\nB(Ven) - Aus - Cze [S A(Aus) - Cze] - Hun - Cro"})
    assert where(after)["cze"] == "ITA A"
    assert bombers(after) == {"cro": "ITA"}
    # Without the bomber the army bounces off the neutral garrison.
    after, _ = play(s, {"ITA": "A(Aus) - Cze"})
    assert where(after)["cze"] == "NEUTRAL A"


@pytest.mark.rule("D39 38")
def test_38b_support_to_hold_over_the_sea() -> None:
    s = position("FRA: F mao, B spa; ENG: F eng, F iri", provinces={"spa": "FRA"})
    orders = {
        "FRA": "F(MAO) Stands\nB(Spa) - MAO [S F(MAO)] - Bre",
        "ENG": "F(ENG) - MAO\nF(IRI) S F(ENG) - MAO",
    }
    after, _ = play(s, orders)
    assert where(after)["mao"] == "FRA F"
    assert bombers(after) == {"bre": "FRA"}
    after, _ = play(s, {**orders, "FRA": "F(MAO) Stands"})
    assert where(after)["mao"] == "ENG F"


@pytest.mark.rule("D39 39")
@pytest.mark.rule("D39 32")
def test_39_cutting_support() -> None:
    s = position("ITA: A ven, A cro, B ven; GER: A aus, A hun")
    orders = {
        "ITA": "A(Ven) - Aus\nA(Cro) S A(Ven) - Aus\nB(Ven) - Aus - Hun(N) - Aus - Ven",
        "GER": "A(Hun) S A(Aus)",
    }
    after, events = play(s, orders)
    assert where(after)["aus"] == "ITA A"
    assert bombers(after) == {"ven": "ITA"}
    assert any("A hun S A aus: cut" in e.text for e in events)
    # The mission is aborted if the unit does something other than support.
    after, events = play(s, {**orders, "GER": "A(Hun) - Ser"})
    assert any("cut mission aborted" in e.text for e in events)
    assert bombers(after) == {"ven": "ITA"}


@pytest.mark.rule("D39 32")
def test_a_bomber_never_holds_nor_takes_a_province() -> None:
    s = position("GER: B bur; FRA: A mar", provinces={"bur": "GER"})
    after, _ = play(s, {"FRA": "A(Mar) - Bur", "GER": "B(Bur) Stands"})
    assert where(after)["bur"] == "FRA A"
    # It may not stay on what is now France's province (ruling for D39 44).
    assert bombers(after) == {}
    assert after.provinces["bur"] == "FRA"
    s = position("GER: B mun, A ber; FRA: A bur")
    assert problems(s, "GER", "A(Ber) S B(Mun)") != []


@pytest.mark.rule("D39 40")
@pytest.mark.rule("D39 41")
def test_40_strategic_bombing_and_41_the_following_winter() -> None:
    s = position("TUR: B con", centres={"roa": "RUS"}, season=FALL)
    after, _events = play(s, {"TUR": "B(Con) - Bul - Roa(R) - BLA - Con"})
    assert after.bombed == ("roa",)
    assert bombers(after) == {"con": "TUR"}
    # D39 41: a neutral centre yields none, a home centre 1.
    assert supply_points(MAP, after.owner_map(), "RUS", after.bombed) == 9
    s = position("TUR: B con", season=FALL)
    after, _ = play(s, {"TUR": "B(Con) - BLA - Sev(R) - BLA - Con"})
    assert supply_points(MAP, after.owner_map(), "RUS", after.bombed) == 7
    assert after.phase == "adjustments"
    assert any(
        p.code == "illegal/bombed"
        for p in submission.parse(RULESET, after, "RUS", "Build A sev").problems
    )
    winter = play(after, {"RUS": "Build A mos"})[0]
    assert winter.bombed == ()  # for the following winter only


@pytest.mark.rule("D39 40")
def test_40_an_occupied_or_contested_centre_is_not_bombed() -> None:
    s = position("TUR: B con; NEUTRAL: A roa")
    after, _ = play(s, {"TUR": "B(Con) - Bul - Roa(R) - BLA - Con"})
    assert after.bombed == ()
    s = position("TUR: B con; RUS: A sev, A ukr", centres={"roa": "RUS"})
    after, _ = play(
        s, {"TUR": "B(Con) - Bul - Roa(R) - BLA - Con", "RUS": "A(Sev) - Roa\nA(Ukr) - Roa"}
    )
    assert after.bombed == ()
    assert problems(s, "TUR", "B(Con) - Bul - Roa(R) - BLA - Bul") == ["illegal/raid"]


@pytest.mark.rule("D39 33")
def test_range_improves_with_the_date() -> None:
    assert [bomber_range(y, SPRING) for y in (1939, 1943, 1944, 1945, 1946, 1948, 1949)] == [
        5, 5, 6, 6, 7, 7, 8,
    ]  # fmt: skip
    assert [bomber_range(y, FALL) for y in (1942, 1943, 1945, 1948)] == [5, 6, 7, 8]
    far = "B(Ven) - Aus - Cze - Pol - Ber - Kie - Ber"
    assert problems(position("ITA: B ven"), "ITA", far) == ["illegal/range"]
    assert problems(position("ITA: B ven", year=1949), "ITA", far) == []


@pytest.mark.rule("D39 34")
def test_land_costs_one_and_sea_one_and_a_half() -> None:
    assert cost(MAP, ["bul", "roa", "bla", "con"]) == 4.5
    s = position("TUR: B con")
    assert problems(s, "TUR", "B(Con) - BLA - Sev - BLA - Con") == []  # 5
    assert problems(s, "TUR", "B(Con) - AEG - ION - AEG - Con") == ["illegal/range"]  # 5.5
    assert problems(s, "TUR", "B(Con) - Roa") == ["illegal/flight_path"]


@pytest.mark.rule("D39 35")
@pytest.mark.rule("D39 36")
def test_bombers_share_paths_not_landing_places() -> None:
    s = position("GER: B mun, B ber; FRA: A bur", provinces={"sil": "GER", "boh": None})
    after, _ = play(s, {"GER": "B(Mun) - Sil - Pol - Sil\nB(Ber) - Sil - Pol - Sil"})
    # Both fly through Pol (past a neutral army); both mean to land in Sil: neither may.
    assert bombers(after) == {"mun": "GER", "ber": "GER"}
    after, _ = play(s, {"GER": "B(Mun) - Bur - Mar - Bur - Mun"})
    assert bombers(after)["mun"] == "GER"
    assert problems(s, "GER", "B(Ber) - BAL") == ["illegal/landing"]


@pytest.mark.rule("D39 37")
def test_one_mission_a_season() -> None:
    s = position("ITA: B ven, A aus; GER: A hun")
    codes = problems(s, "ITA", "B(Ven) - Aus - Hun(N) - Cro(R) - Ven")
    assert codes == ["syntax/missions"]
    order = parse(s, "ITA", "B(Ven) - Aus [S A(Aus)] - Ven")[0]
    assert isinstance(order, Flight) and order.mission == "S"
    assert problems(s, "ITA", "B(Ven) - Aus [S B(Ven)] - Ven") != []


@pytest.mark.rule("D39 42")
@pytest.mark.rule("D39 43")
def test_43a_a_movement_stops_at_the_furthest_owned_space() -> None:
    s = position("GER: B ber; RUS: A pol", provinces={"sil": "GER", "cze": None})
    after, _ = play(s, {"GER": "B(Ber) - Sil - Cze"})  # Cze is nobody's
    assert bombers(after) == {"sil": "GER"}
    after, _ = play(s, {"GER": "B(Ber) - Pol"})  # no owned space on the way: aborted
    assert bombers(after) == {"ber": "GER"}


@pytest.mark.rule("D39 43")
def test_43b_after_a_mission_the_closest_owned_space() -> None:
    s = position(
        "ITA: A aus, B ven; NEUTRAL: A cze", provinces={"cro": "GER", "hun": "ITA", "aus": "ITA"}
    )
    after, _ = play(s, {"ITA": "A(Aus) - Cze\nB(Ven) - Aus - Cze [S A(Aus) - Cze] - Hun - Cro"})
    assert where(after)["cze"] == "ITA A"  # the mission is completed
    assert bombers(after) == {"hun": "ITA"}  # (i) post-mission, closest to Cro
    s = position("ITA: A aus, B ven; NEUTRAL: A cze", provinces={"cro": "GER", "hun": None})
    after, _ = play(s, {"ITA": "A(Aus) - Cze\nB(Ven) - Aus - Cze [S A(Aus) - Cze] - Hun - Cro"})
    assert bombers(after) == {"aus": "ITA"}  # (ii) pre-mission, closest to take-off
    assert where(after)["cze"] == "ITA A"


@pytest.mark.rule("D39 44")
def test_44_landing_with_the_owners_permission() -> None:
    s = position("RUS: A len; GER: B pru")
    flight = "B(Pru) - Lit - Lat - Est - Len"
    after, _ = play(s, {"RUS": "A(Len) - Nor\nLen [Land German B(Pru)]", "GER": flight})
    assert bombers(after) == {"len": "GER"}
    after, _ = play(s, {"RUS": "A(Len) - Nor", "GER": flight})
    assert bombers(after) == {"pru": "GER"}  # no permission, nothing owned on the way
    # Permission is needed for every season it stays (ruling: without it, it is lost).
    s = position("RUS: A nor; GER: B len", provinces={"len": "RUS"})
    assert bombers(play(s, {"RUS": "Len [Land GER B len]"})[0]) == {"len": "GER"}
    assert bombers(play(s, {"RUS": "A(Nor) H"})[0]) == {}
    assert problems(s, "GER", "Len [Land RUS B len]") == ["illegal/not_owner"]


@pytest.mark.rule("D39 25")
@pytest.mark.rule("D39 38")
def test_a_bomber_supports_a_tank_into_its_destination() -> None:
    s = position("GER: T mun, B ber; FRA: A bre", provinces={"ber": "GER"})
    orders = {
        "GER": "T(Mun) - Par via Bur\nB(Ber) - Mun - Bur - Par [S T(Mun) - Par] - Bur - Mun",
        "FRA": "A(Bre) - Par",
    }
    after, _ = play(s, orders)
    assert where(after)["par"] == "GER T"
    assert bombers(after) == {"mun": "GER"}
