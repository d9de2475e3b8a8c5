"""The World Wide map data (version 2) against the transcription of the real map (issue 27).

The transcription (``data/wwbp_world_map_transcribed.json``: facts from the public repository
boonewh/wwbp, "WWBP Online", named in its header) gives 255 spaces with their codes, names,
movement adjacencies, canals and the tool's own air-range lists. These tests fail on any
difference that no ruling of docs/rulings/battleplan-world.md explains; the air-range
comparison prints every difference (``-s``).
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from umpire.core.chance import SeededChance
from umpire.core.record import RecordError
from umpire.games.battleplan.game import RULESETS
from umpire.games.battleplan.geography import DATA
from umpire.games.battleplan.world.geography import MAP_VERSION, world_data, world_map

HERE = Path(__file__).parent / "data"
TRANSCRIPTION = json.loads((HERE / "wwbp_world_map_transcribed.json").read_text())["spaces"]
WW = world_map(icepack=True)
WW1939 = world_map(icepack=False)

# Every difference a ruling explains: (kind, code or pair) -> ruling id.
NAMES_EXPLAINED = {"RCH": "W-NAME"}  # "Gurev" lies on the Caspian, RCH in Chukotka


def _pairs(table: dict[str, set[str]]) -> set[tuple[str, str]]:
    return {(a, b) for a, near in table.items() for b in near if a < b}


def _transcribed_air() -> dict[str, set[str]]:
    return {c: set(s["surface"]) | set(s["air_extra"]) for c, s in TRANSCRIPTION.items()}


def _canal_seas() -> set[tuple[str, str]]:
    return {(min(c.seas), max(c.seas)) for c in WW.canals}


def test_the_map_is_version_2_with_the_255_transcribed_codes() -> None:
    assert MAP_VERSION == 2
    assert set(WW.spaces) == set(TRANSCRIPTION)
    assert len(WW.spaces) == 255 and len(WW.countries) == 223 and len(WW.seas) == 32


def test_every_name_is_the_transcribed_one_but_where_a_ruling_says_why() -> None:
    differ = {c for c, s in TRANSCRIPTION.items() if WW.spaces[c].name != s["name"]}
    assert differ == set(NAMES_EXPLAINED)
    for c in differ:
        assert world_data().provenance(c)["name"] == "ours"


def test_every_transcribed_adjacency_and_no_other() -> None:
    ours = _pairs({c: set(s.adjacent) for c, s in WW.spaces.items()})
    theirs = _pairs({c: set(s["surface"]) for c, s in TRANSCRIPTION.items()})
    assert ours == theirs
    assert len(theirs) == 701


@pytest.mark.rule("WW canals")
def test_the_canals_are_the_transcribed_ones() -> None:
    theirs = {
        (s["through"], min(c, s["to"]), max(c, s["to"]))
        for c, t in TRANSCRIPTION.items()
        for s in t["canal"]
    }
    ours = {(c.space, min(c.seas), max(c.seas)) for c in WW.canals}
    assert ours == theirs and len(ours) == 4


@pytest.mark.rule("WW air")
def test_air_range_by_the_rules_against_the_transcribed_air_lists() -> None:
    """Ruling W-AIR: 4E.1, the arrows, the stars and the icepack give the transcription's air
    lists exactly in Equal and Real Forces, plus the two seas of each canal (BP 7: a strait's
    seas are in air range; the tool leaves them out). In 1939 the icepack's pairs go too."""
    theirs = _pairs(_transcribed_air())
    lines = []
    for label, gm in (("Equal/Real Forces", WW), ("1939", WW1939)):
        ours = _pairs({c: set(s.air) for c, s in gm.spaces.items()})
        more, fewer = sorted(ours - theirs), sorted(theirs - ours)
        lines.append(f"{label}: {len(ours)} pairs in range; transcription {len(theirs)}")
        lines.append(f"  ours only ({len(more)}): {' '.join('-'.join(p) for p in more)}")
        lines.append(f"  transcription only ({len(fewer)}): {len(fewer)} pairs")
        assert set(more) == _canal_seas(), label  # BP 7 (W-AIR)
        if gm is WW:
            assert not fewer
        else:  # "Air force can NOT fly over the northern icecap" (W-ICE)
            ice = set(world_data().ice)
            assert fewer and all(a in ice and b in ice for a, b in fewer)
    print("\n" + "\n".join(lines))


@pytest.mark.rule("WW air")
def test_the_stars_and_the_ice_are_the_only_sets_that_explain_the_air_lists() -> None:
    """A sea whose land is in mutual range in the transcription without 4E.1, the arrows and
    the icepack giving it all is a star; a star less would leave pairs unexplained (W-AIR)."""
    air = _transcribed_air()
    adj = {c: set(s["surface"]) for c, s in TRANSCRIPTION.items()}
    land = {c for c in adj if not c.startswith("W")}
    base = {c: (adj[c] | {x for b in adj[c] & land for x in adj[b]}) - {c} for c in adj}
    ice = set(world_data().ice)
    for a, b in world_data().arrows:
        base[a].add(b)
        base[b].add(a)
    for a in ice:
        base[a] |= ice - {a}
    found = []
    for sea in sorted(c for c in adj if c.startswith("W")):
        around = adj[sea] & land
        wanted = [(a, b) for a in around for b in around if a < b and b not in base[a]]
        if wanted and all(b in air[a] for a, b in wanted):
            found.append(sea)
    assert found == sorted(world_data().stars)


def test_the_old_codes_each_have_a_real_space() -> None:
    """Ruling W-MAPCODES: every version-1 code is a space of version 2 or is mapped to one."""
    with (DATA / "world_v1.toml").open("rb") as fh:
        old = tomllib.load(fh)["space"]
    with (DATA / "world_v1_codes.toml").open("rb") as fh:
        table = tomllib.load(fh)["code"]
    for code in old:
        if code in table:
            assert table[code]["to"] in WW.spaces, code
            assert table[code]["was"] == old[code]["name"], code
        else:
            assert code in WW.spaces, code
    assert set(table) <= set(old)


@pytest.mark.parametrize("scenario", ["equal", "1939", "real", "south-america"])
def test_a_game_made_on_the_old_world_map_is_refused_by_name(scenario: str) -> None:
    """Ruling W-MAPV: a game records the map version it is made on; one made on the
    reconstruction (version 1: no version in its state) is refused with a clear message,
    never played on a map whose codes it does not name. Europe has no versions."""
    ruleset = RULESETS[scenario]
    powers = list(ruleset.scenario.info.default_powers)[:2]
    if scenario == "1939":
        powers = list(ruleset.scenario.info.default_powers)
    data = ruleset.dump_state(ruleset.new_game(scenario, powers, SeededChance(1), {}))
    assert data["extra"]["map_version"] == 2
    assert ruleset.load_state(data).extra["map_version"] == 2
    old = {**data, "extra": {k: v for k, v in data["extra"].items() if k != "map_version"}}
    with pytest.raises(RecordError, match=r"made on world map version 1; .* plays version 2"):
        ruleset.load_state(old)
    europe = RULESETS["europe"]
    state = europe.new_game("europe", ["GB", "FR"], SeededChance(1), {})
    assert "map_version" not in europe.dump_state(state).get("extra", {})
    europe.load_state(europe.dump_state(state))
