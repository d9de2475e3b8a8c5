"""Every fact the rulebook states about the World Wide Battle Plan map, checked on the data.

Sources: shared/rules/battle-plan.md ("WORLD WIDE BATTLE PLAN", "1939 WWBP"), and the
facts gathered from it in shared/reference/battleplan/wwbp_codes_in_rules.csv and
wwbp_map_facts_in_rules.json. The map is the transcription of the real map (version 2,
docs/rulings/battleplan-world.md W-MAP; test_ww_transcription.py compares the two); these
tests pin down the parts the rules state.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from tests.games.battleplan.helpers import edit, edit_player
from umpire.core import submission
from umpire.core.chance import SeededChance
from umpire.games.battleplan.game import RULESETS
from umpire.games.battleplan.legality import reach
from umpire.games.battleplan.model import MINOR, GameState, Stack, but
from umpire.games.battleplan.setup import EUROPE_START, new_state, starting_country
from umpire.games.battleplan.world.geography import REGIONS, world_data, world_map

REFERENCE = Path(__file__).parents[4] / "shared/reference/battleplan"
CODES = REFERENCE / "wwbp_codes_in_rules.csv"
FACTS = REFERENCE / "wwbp_map_facts_in_rules.json"
needs_reference = pytest.mark.skipif(not CODES.exists(), reason="shared reference not present")

WW = world_map(icepack=True)  # Equal and Real Forces
WW1939 = world_map(icepack=False)  # 1939: no air over the icecap


def _reference_codes() -> list[dict[str, str]]:
    with CODES.open(newline="") as fh:
        return list(csv.DictReader(fh))


@pytest.mark.rule("WW air")
@needs_reference
def test_every_code_in_the_rules_is_a_space_of_its_kind() -> None:
    for row in _reference_codes():
        code = row["code"]
        assert code in WW.spaces, code
        assert WW.spaces[code].is_sea == (row["kind"] == "sea"), code
        assert world_data().provenance(code)["code"] == "stated", code


@pytest.mark.rule("WW air")
@needs_reference
def test_only_the_codes_in_the_rules_are_marked_stated() -> None:
    stated = {row["code"] for row in _reference_codes()}
    marked = {c for c in WW.spaces if world_data().provenance(c)["code"] == "stated"}
    assert marked == stated


@pytest.mark.rule("WW air")
def test_codes_are_three_letters_seas_start_with_w_and_land_has_a_region() -> None:
    # WW: "all spaces have a 3-letter code, and all sea spaces start with 'W'"
    for code, space in WW.spaces.items():
        assert len(code) == 3 and code.isalpha() and code.isupper(), code
        assert space.is_sea == code.startswith("W"), code
        if not space.is_sea:
            assert code[0] in REGIONS, code
    assert set(REGIONS) == set("EANSPCRMI")
    assert {c[0] for c in WW.countries} == set(REGIONS)


@pytest.mark.rule("WW air")
def test_errata_bengal_is_ibe_and_the_second_acm_is_aco() -> None:
    # "BENGAL is identified as IRE, but it's code is really IBE (there is no IRE)"
    assert "IRE" not in WW.spaces
    assert WW.spaces["IBE"].name == "Bengal"
    # "two countries identified as ACM just below and to the right of Nigeria ... the one
    # that is lowest and furthest to the right is really ACO"
    assert "ACM" in WW.spaces and "ACO" in WW.spaces
    assert "ACM" in WW.spaces["ANA"].adjacent  # next to Nigeria
    assert "ACO" in WW.spaces["ACM"].adjacent and "ACO" not in WW.spaces["ANA"].adjacent
    assert world_data().raw["errata"]["IRE"] == "IBE"


@pytest.mark.rule("WW air")
@needs_reference
def test_the_24_arrow_pairs_are_in_air_range_both_ways_in_every_variant() -> None:
    pairs = json.loads(FACTS.read_text())["extra_air_range_pairs_arrow_marked"]
    assert len(pairs) == 24
    assert [list(p) for p in world_data().arrows] == pairs
    for gm in (WW, WW1939):
        for a, b in pairs:
            assert gm.in_air_range(a, b) and gm.in_air_range(b, a), (a, b)


@pytest.mark.rule("WW air")
def test_arrow_pairs_are_not_otherwise_in_range() -> None:
    # the arrows exist because these spaces are too far apart for 4E.1: without them most
    # would be out of range (checked on the data with the arrows left out)
    far = [
        (a, b)
        for a, b in world_data().arrows
        if b not in WW.spaces[a].adjacent
        and not any(b in WW.spaces[c].adjacent for c in WW.spaces[a].adjacent if c in WW.countries)
    ]
    assert len(far) >= 20


@pytest.mark.rule("WW air")
def test_land_around_a_star_sea_is_in_mutual_air_range() -> None:
    # "Any LAND space adjacent to a Star sea space is within air range of all the other land
    # spaces adjacent to that sea space."
    stars = world_data().stars
    assert stars
    for star in stars:
        around = [c for c in WW.spaces[star].adjacent if not WW.spaces[c].is_sea]
        assert len(around) >= 3, star
        for a in around:
            for b in around:
                if a != b:
                    assert WW.in_air_range(a, b), (star, a, b)


@pytest.mark.rule("WW air")
def test_air_range_is_symmetric_and_adjacency_too() -> None:
    for gm in (WW, WW1939):
        for a, s in gm.spaces.items():
            for b in s.adjacent:
                assert a in gm.spaces[b].adjacent, (a, b)
            for b in s.air:
                assert a in gm.spaces[b].air, (a, b)
            assert s.adjacent <= s.air, a


@pytest.mark.rule("WW canals")
def test_the_four_canals_are_turkey_egypt_panama_and_gibraltar() -> None:
    assert {c.space for c in WW.canals} == {"ETU", "AEG", "NPA", "EGI"}
    names = {c.space: WW.spaces[c.space].name for c in WW.canals}
    assert names == {"ETU": "Turkey", "AEG": "Egypt", "NPA": "Panama", "EGI": "Gibraltar"}
    for c in WW.canals:
        a, b = c.seas
        # like the Turkey Strait: the two seas are NOT adjacent except through the canal
        assert WW.is_sea(a) and WW.is_sea(b) and not WW.adjacent(a, b), c
        assert WW.in_air_range(a, b), c  # AirForce may always cross (BP 7)


def _canal_state(keeper_spaces: dict[str, int]) -> GameState:
    state = new_state(["EGB", "RRU", "NNY"], max_turns=0, gm=WW, scenario="world")
    for code, owner in keeper_spaces.items():
        state = edit(state, code, owner=owner)
    return state


@pytest.mark.rule("WW canals")
def test_one_permission_opens_all_the_granting_players_canals() -> None:
    # Player 1 holds Turkey and Gibraltar; player 3 holds Panama.
    state = _canal_state({"ETU": 1, "EGI": 1, "NPA": 3})
    assert reach(state, WW, 1, "N", "WBK", "WEM") and reach(state, WW, 1, "N", "WMA", "WWM")
    assert not reach(state, WW, 2, "N", "WBK", "WEM")
    assert not reach(state, WW, 2, "A", "WMA", "WWM")
    state = edit_player(state, 1, permits=(*state.player(1).permits, 2))  # one pK order
    assert reach(state, WW, 2, "N", "WBK", "WEM") and reach(state, WW, 2, "A", "WWM", "WMA")
    assert not reach(state, WW, 2, "N", "WCR", "WCP")  # Panama is player 3's
    assert reach(state, WW, 2, "F", "WCR", "WCP")  # AirForce crosses a closed canal (BP 7)


@pytest.mark.rule("WW canals")
def test_a_canal_in_a_minors_hands_is_shut() -> None:
    state = _canal_state({})
    assert state.countries["AEG"].owner == MINOR
    assert not reach(state, WW, 1, "N", "WEM", "WRS")


@pytest.mark.rule("WW gibraltar")
def test_gibraltar_is_reached_by_land_only_from_navarre_or_aragon() -> None:
    egi = WW.spaces["EGI"]
    land = {c for c in egi.adjacent if not WW.spaces[c].is_sea}
    assert land == {"ENA", "EAR"}
    assert "AMO" not in egi.adjacent  # "NOT adjacent to Morocco by land"
    state = _canal_state({})
    assert not reach(state, WW, 1, "A", "AMO", "EGI")
    assert reach(state, WW, 1, "A", "ENA", "EGI") and reach(state, WW, 1, "A", "EAR", "EGI")


@pytest.mark.rule("WW gibraltar")
def test_gibraltar_has_no_coast_on_the_mid_atlantic() -> None:
    egi = WW.spaces["EGI"]
    assert egi.coasts == ("WWM",)  # "you must come from the Western Mediterranean"
    state = _canal_state({})
    assert not reach(state, WW, 1, "A", "WMA", "EGI")
    assert reach(state, WW, 1, "A", "WWM", "EGI")


@pytest.mark.rule("WW antarctic")
def test_the_antarctic_sea_borders_every_southern_sea() -> None:
    sea, southern = world_data().antarctic
    assert WW.spaces[sea].name == "Antarctic Sea" and WW.is_sea(sea)
    assert set(southern) <= WW.spaces[sea].adjacent
    # and nothing else: no land touches it, no northern sea
    assert WW.spaces[sea].adjacent == set(southern)


@pytest.mark.rule("WW icepack")
def test_the_ice_is_no_space_and_impassable_except_by_air() -> None:
    ice = world_data().ice
    assert not {"ice", "icepack", "icecap"} & {
        w.lower() for s in WW.spaces.values() for w in s.name.split()
    }
    assert set(ice) <= set(WW.spaces)  # the spaces that border it
    # Alaska and Siberia both touch the ice but no move joins them
    assert "NAK" in ice and "RWS" in ice
    assert not WW.adjacent("NAK", "RWS") and not WW.adjacent("NGR", "RYA")


@pytest.mark.rule("WW icepack")
def test_icepack_air_range_in_equal_and_real_forces_but_not_1939() -> None:
    ice = world_data().ice
    for a in ice:
        for b in ice:
            if a != b:
                assert WW.in_air_range(a, b), (a, b)
    # 1939: "Air force can NOT fly over the northern icecap"
    assert not WW1939.in_air_range("NAK", "RWS") and not WW1939.in_air_range("NGR", "RYA")
    # the scenarios: Equal, Anonymous and Real Forces play on the icepack map, 1939 not
    for name, gm in (("equal", WW), ("anonymous", WW), ("real", WW), ("1939", WW1939)):
        assert RULESETS[name].gm is gm, name


@pytest.mark.rule("WW air")
def test_hudson_bay_and_the_caspian_are_not_spaces() -> None:
    names = {s.name for s in WW.spaces.values()}
    assert "Hudson Bay" not in names and "Caspian Sea" not in names
    assert set(world_data().raw["not_spaces"]["names"]) == {"Hudson Bay", "Caspian Sea"}


@pytest.mark.rule("WW equal")
def test_minor_starting_forces_by_kind() -> None:
    # Equal Forces: "landlocked countries start with no navy and extra air force; and island
    # minor countries start with fewer armies and more navies. An 'island' minor is one that
    # is all by itself on an island. If there are two spaces on an island, neither one is".
    army, navy, air = EUROPE_START.minor
    landlocked = starting_country(WW, "ESZ", MINOR)
    assert (landlocked.army, landlocked.navy, landlocked.air) == (army, 0, 10)
    assert landlocked.air > air
    island = starting_country(WW, "EIC", MINOR)
    assert WW.spaces["EIC"].island and not WW.spaces["EIR"].island  # Ireland: two spaces
    assert island.army < army and island.navy > navy
    for two_space_island in ("EGB", "ESC", "PIG", "PPG"):  # Britain, New Guinea
        assert not WW.spaces[two_space_island].island, two_space_island
        c = starting_country(WW, two_space_island, MINOR)
        assert (c.army, c.navy, c.air) == (army, navy, air)


def test_the_map_is_connected_and_every_border_is_known() -> None:
    seen, todo = {"EGI"}, ["EGI"]
    while todo:
        for n in WW.spaces[todo.pop()].adjacent:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(WW.spaces)
    for code, s in world_data().raw["space"].items():
        assert set(s["border"].split()) <= set(WW.spaces), code
        assert s["code"] in ("stated", "transcribed") and s["name_from"] in (
            "stated",
            "inferred",
            "transcribed",
            "ours",
        )


def test_south_american_map_is_the_s_spaces_and_their_seas() -> None:
    from umpire.games.battleplan.world.geography import south_america_map

    sa = south_america_map()
    assert set(sa.countries) == {c for c in WW.countries if c.startswith("S")}
    assert set(sa.seas) == {"WCR", "WWA", "WMG", "WSP", "WCP"}
    assert sa.canals == ()  # Panama is not on it
    assert sa.in_air_range("SFA", "SSC") and sa.in_air_range("SSA", "SFA")  # the arrows
    for code, s in sa.spaces.items():
        assert s.adjacent <= set(sa.spaces), code
    seen, todo = {"WCR"}, ["WCR"]
    while todo:  # the seas are connected by sea
        for n in sa.spaces[todo.pop()].adjacent:
            if n in sa.seas and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(sa.seas)


@pytest.mark.rule("WW canals")
def test_a_closed_canal_is_named_in_the_refusal() -> None:
    from umpire.games.battleplan.game import RULESETS

    equal = RULESETS["equal"]
    state = equal.new_game("", ["EGB", "NNY"], SeededChance(1), {})
    state = edit(state, "NPA", owner=2)
    state = but(state, seas={**state.seas, "WCR": state.seas["WCR"].with_stack(1, Stack(navy=5))})
    parsed = submission.parse(equal, state, "EGB", "@WCR NT5WCP")
    assert [p.code for p in parsed.problems] == ["illegal/strait_closed"]
    assert "the canal of Panama is closed to you" in parsed.problems[0].message
