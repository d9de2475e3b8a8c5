"""The reconstructed map of Diplomacy 1939 III (data/1939-iii.toml).

The map is read with the same loader as the standard map (``geography.load_map``); the keys
that loader ignores (provenance, position, owner, neutral units) are read from the raw TOML.
Facts the rules (D39 n = para n) or the 1993 review state are tested as such; the rest is a
reconstruction, tested only for being a well-formed map.
"""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from umpire.games.diplomacy.geography import (
    COAST,
    DATA,
    LAND,
    SEA,
    Map,
    load_map,
    province_of,
    standard_map,
)

NAME = "1939-iii"
POWERS = {"ENG", "FRA", "GER", "ITA", "RUS", "TUR"}
PROVENANCES = {"rules", "example", "reconstructed"}

# Every province the rules' text names (paras 22-44), by its abbreviation there.
NAMED = (  # noqa: SIM905
    "mun mos pol roa cze pru ber par bur bre gas mar aus cro ven hun spa mao con bul bla len nor"
).split()


@pytest.fixture(scope="module")
def m() -> Map:
    return load_map(NAME)


@pytest.fixture(scope="module")
def raw() -> dict[str, Any]:
    with (DATA / f"{NAME}.toml").open("rb") as f:
        return tomllib.load(f)


def edges(raw: dict[str, Any], kind: str) -> list[tuple[str, str]]:
    pairs = (e.split("-") for e in raw["adjacency"][kind])
    return [(a, b) for a, b in pairs]


# -- well-formed -------------------------------------------------------------------------------


def test_loads_with_the_standard_loader(m: Map) -> None:
    assert m.name == NAME
    assert len(m.provinces) == 76
    assert m.lookup("Romania") == m.lookup("rum") == "roa"
    assert m.lookup("nwy") == "nor"
    assert m.lookup("St Petersburg") == "len"


@pytest.mark.parametrize("kind", ["army", "fleet"])
def test_adjacencies_are_between_existing_places_and_listed_once(
    m: Map, raw: dict[str, Any], kind: str
) -> None:
    pairs = edges(raw, kind)
    seen = {frozenset(p) for p in pairs}
    assert len(seen) == len(pairs), "an edge is listed twice"
    locations = {loc for locs in m.fleet_locations.values() for loc in locs}
    for a, b in pairs:
        assert a != b
        for end in (a, b):
            assert province_of(end) in m.provinces, end
            if kind == "fleet":
                assert end in locations, f"{end}: not a place a fleet can stand"
            else:
                assert "/" not in end


def test_adjacency_is_symmetric(m: Map) -> None:
    for adj in (m.army_adj, m.fleet_adj):
        for a, targets in adj.items():
            for b in targets:
                assert a in adj[b], f"{a}-{b}"


def test_kinds_are_consistent(m: Map, raw: dict[str, Any]) -> None:
    for a, b in edges(raw, "army"):
        assert SEA not in (m.kind(a), m.kind(b)), f"army edge into a sea: {a}-{b}"
    for a, b in edges(raw, "fleet"):
        kinds = {m.kind(province_of(a)), m.kind(province_of(b))}
        assert LAND not in kinds, f"fleet edge onto an inland province: {a}-{b}"
    for abbr, p in m.provinces.items():
        assert p.kind in (LAND, SEA, COAST)
        fleet_edges = [loc for loc in m.fleet_locations[abbr] if m.fleet_targets(loc)]
        if p.kind == LAND:
            assert m.army_targets(abbr) and not m.fleet_locations[abbr], abbr
        elif p.kind == SEA:
            assert not m.army_targets(abbr) and fleet_edges, abbr
            assert not p.supply_centre and not p.coasts, abbr
        else:
            # Every coast of a coastal province touches the sea, fleets can reach it.
            assert len(fleet_edges) == len(m.fleet_locations[abbr]), abbr
            for loc in m.fleet_locations[abbr]:
                assert any(m.is_sea(province_of(t)) for t in m.fleet_targets(loc)), loc


def test_split_coasts_are_well_formed(m: Map, raw: dict[str, Any]) -> None:
    split = {a: p.coasts for a, p in m.provinces.items() if p.coasts}
    assert split == {"len": ("nc", "sc"), "spa": ("nc", "sc"), "bul": ("ec", "sc")}
    for a in split:
        assert m.kind(a) == COAST
    for end in (e for pair in edges(raw, "fleet") for e in pair):
        # A split-coast province is only ever entered by fleets at one of its coasts.
        assert end not in split, f"{end} has split coasts: name the coast"


def test_every_province_can_be_reached_over_land_and_sea(m: Map) -> None:
    # Bombers fly over land and sea provinces alike (D39 34), so the map must be one piece.
    assert set(m.distances_from(frozenset({"mun"}))) == set(m.provinces)


# -- powers, centres and the start ---------------------------------------------------------------


@pytest.mark.rule("D39 1")
def test_six_powers(m: Map, raw: dict[str, Any]) -> None:
    # D39 1: the game is played on the Modified [6 player] 1939 Map.
    assert set(raw["powers"]) == set(m.start) == set(m.homes) == POWERS


def test_germany_has_four_home_centres_the_others_three(m: Map) -> None:
    # The 1993 review, reading the map sheet.
    assert {power: len(homes) for power, homes in m.homes.items()} == {
        "ENG": 3,
        "FRA": 3,
        "GER": 4,
        "ITA": 3,
        "RUS": 3,
        "TUR": 3,
    }
    assert m.homes["GER"] == {"ber", "kie", "mun", "aus"}
    assert m.homes["RUS"] >= {"len", "mos"}
    for homes in m.homes.values():
        assert homes <= m.supply_centres


@pytest.mark.rule("D39 6")
def test_home_centres_and_home_provinces_are_owned_at_the_start(
    m: Map, raw: dict[str, Any]
) -> None:
    owners = {a: p["owner"] for a, p in raw["provinces"].items() if "owner" in p}
    assert set(owners.values()) == POWERS
    for power, homes in m.homes.items():
        for centre in homes:
            assert owners[centre] == power
    for a, owner in owners.items():
        assert not m.is_sea(a)
        # A home province of a power is never a centre of another power or a neutral centre.
        assert m.provinces[a].home in (None, owner)
        assert not (m.provinces[a].supply_centre and m.provinces[a].home is None)


def test_no_centre_in_tunis_or_eire(m: Map) -> None:
    # The 1993 review: no supply centre in Tunis; none in Eire, which may be a province.
    assert m.lookup("Tunis") == "tun" and m.lookup("Eire") == "eir"
    assert "tun" not in m.supply_centres
    assert "eir" not in m.supply_centres


@pytest.mark.rule("D39 8")
def test_supply_centres(m: Map) -> None:
    # D39 8: every centre is a home centre (3 SP) or a neutral centre (2 SP).
    homes = set().union(*m.homes.values())
    neutral = m.supply_centres - homes
    assert len(m.supply_centres) == 34
    assert len(homes) == 19 and len(neutral) == 15
    assert 3 * len(homes) + 2 * len(neutral) == 87
    assert m.victory_centres == len(m.supply_centres) // 2 + 1


@pytest.mark.rule("D39 14")
def test_norway_is_a_neutral_centre(m: Map, raw: dict[str, Any]) -> None:
    assert "nor" in m.supply_centres
    assert m.provinces["nor"].home is None
    assert "A nor" in raw["neutral_units"]["NEUTRAL"]


@pytest.mark.rule("D39 14")
def test_every_neutral_centre_has_an_anarchic_army(m: Map, raw: dict[str, Any]) -> None:
    homes = set().union(*m.homes.values())
    neutral = m.supply_centres - homes
    units = raw["neutral_units"]["NEUTRAL"]
    assert all(u.startswith("A ") for u in units)
    assert sorted(u.split()[1] for u in units) == sorted(neutral)
    assert all(not m.is_sea(a) for a in neutral)
    assert "NEUTRAL" not in m.start


@pytest.mark.rule("D39 15")
@pytest.mark.rule("D39 18")
def test_powers_start_without_units_and_build_in_the_first_winter(m: Map) -> None:
    # D39 15: play begins in Autumn 1938 with the winter builds; D39 18: the first tank may
    # come "during the initial builds" with the second army, so no power owns a unit before.
    assert m.start == {power: () for power in POWERS}


# -- what the rules' examples name ---------------------------------------------------------------


@pytest.mark.parametrize("abbr", NAMED)
def test_provinces_the_rules_name(m: Map, raw: dict[str, Any], abbr: str) -> None:
    assert abbr in m.provinces
    assert m.lookup(abbr) == abbr
    assert raw["provinces"][abbr]["provenance"] == "rules"


@pytest.mark.rule("D39 40")
def test_romania_is_a_supply_centre(m: Map) -> None:
    # D39 40 strategically bombs Roa, and only a supply centre can be so bombed.
    assert "roa" in m.supply_centres


# (paragraph, a, b, how): "army" where the example moves or supports a ground unit across
# the edge; "any" where only a bomber's flight path crosses it (land or sea, D39 34).
EXAMPLE_EDGES = [
    ("22", "mos", "pol", "army"),
    ("22", "roa", "pol", "army"),
    ("22", "cze", "pol", "army"),
    ("22", "pol", "pru", "army"),
    ("23", "mun", "aus", "army"),
    ("23", "aus", "cro", "army"),
    ("24", "mun", "bur", "army"),
    ("24", "bur", "par", "army"),
    ("24", "bre", "par", "army"),
    ("24", "gas", "par", "army"),
    ("24", "mar", "bur", "army"),
    ("26", "ber", "pol", "army"),
    ("38", "aus", "cze", "army"),
    ("38", "ven", "aus", "any"),
    ("38", "cze", "hun", "any"),
    ("38", "hun", "cro", "any"),
    ("38", "spa", "mao", "any"),
    ("38", "mao", "bre", "any"),
    ("39", "aus", "hun", "any"),
    ("40", "con", "bul", "any"),
    ("40", "bul", "roa", "any"),
    ("40", "roa", "bla", "any"),
    ("40", "bla", "con", "any"),
    ("44", "len", "nor", "army"),
]


@pytest.mark.parametrize(
    ("a", "b", "how"),
    [
        pytest.param(a, b, how, id=f"{para}-{a}-{b}", marks=pytest.mark.rule(f"D39 {para}"))
        for para, a, b, how in EXAMPLE_EDGES
    ],
)
def test_example_adjacencies(m: Map, a: str, b: str, how: str) -> None:
    assert b in m.neighbours(a) and a in m.neighbours(b)
    if how == "army":
        assert m.army_adjacent(a, b)


def test_example_edges_are_marked_in_the_data(raw: dict[str, Any]) -> None:
    marked = {frozenset(e.split("-")): p for e, p in raw["adjacency_provenance"]["example"].items()}
    assert marked == {frozenset((a, b)): f"D39 {para}" for para, a, b, _ in EXAMPLE_EDGES}


@pytest.mark.rule("D39 22")
def test_example_22a_tank_is_in_poland(m: Map) -> None:
    # 22(a) prints "T (Mun) Stands" but every attack is on Pol and the result speaks of the
    # weakened tank: the tank stands in Pol. Mun does not even border Pol.
    assert not m.army_adjacent("mun", "pol")
    assert {"mos", "roa", "cze"} <= m.army_targets("pol")


def test_polish_corridor_separates_berlin_from_prussia(m: Map) -> None:
    # Reconstruction (D39 26 sends a tank Ber - Pru via Pol): 1939 borders, no Ber-Pru edge.
    assert "pru" not in m.neighbours("ber")
    assert {"ber", "pru"} <= m.neighbours("pol")


# -- provenance and drawing ----------------------------------------------------------------------


def test_every_province_has_a_provenance_and_a_position(raw: dict[str, Any]) -> None:
    width, height = raw["map"]["frame"]
    positions = set()
    for abbr, p in raw["provinces"].items():
        assert p["provenance"] in PROVENANCES, abbr
        x, y = p["position"]
        assert 0 <= x <= width and 0 <= y <= height, abbr
        positions.add((x, y))
    assert len(positions) == len(raw["provinces"]), "two provinces drawn on one spot"


def test_reconstructed_provinces_say_where_they_come_from(raw: dict[str, Any]) -> None:
    standard = standard_map().provinces
    for abbr, p in raw["provinces"].items():
        for source in p.get("derived_from", []):
            assert source in standard, f"{abbr}: {source} is not on the standard map"
        if p["provenance"] == "reconstructed":
            assert p.get("derived_from") or p.get("note"), abbr
