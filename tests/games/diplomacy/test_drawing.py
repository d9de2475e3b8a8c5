"""The standard Diplomacy map (data/maps/standard.json) and the position drawn from a view."""

from __future__ import annotations

import re

import pytest
from tests.maps.geometry import check_map

from umpire.core import mapsvg
from umpire.core.chance import SeededChance
from umpire.core.submission import bot_text, parse
from umpire.games.diplomacy import RULESET, RULESET_1939, drawing
from umpire.games.diplomacy.geography import load_map, province_of, standard_map

POWERS = ["AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"]


def _adjacencies() -> set[tuple[str, str]]:
    m = standard_map()
    out = set()
    for edges in (m.army_adj, m.fleet_adj):
        for a, bs in edges.items():
            for b in bs:
                p, q = province_of(a), province_of(b)
                out.add((min(p, q), max(p, q)))
    return out


def test_every_province_is_drawn_and_every_adjacency_is_a_border_or_a_line() -> None:
    board = mapsvg.load(drawing.PACKAGE, "standard")
    check_map(board, set(standard_map().provinces), _adjacencies())
    # the split coasts have their own fleet positions
    for loc in ("stp/nc", "stp/sc", "spa/nc", "spa/sc", "bul/ec", "bul/sc"):
        p, c = loc.split("/")
        assert c in board["spaces"][p]["coasts"]


def _played(turns: int):
    chance = SeededChance(11)
    state = RULESET.new_game("standard", POWERS, chance, {})
    events = []
    for _ in range(turns):
        orders = {p: list(RULESET.bot_orders(state, p, chance)) for p in POWERS}
        res = RULESET.resolve(state, orders, chance)
        state, events = res.state, list(res.events)
    return state, events


def test_opening_position_every_label_unit_and_centre() -> None:
    state = RULESET.new_game("standard", POWERS, SeededChance(1), {})
    svg = drawing.draw(RULESET.view(state, "FRA"))
    labels = set(re.findall(r'class="label" data-space="(\w+)"', svg))
    assert labels == set(standard_map().provinces)
    assert 'data-space="stp" x=' in svg and ">STP<" in svg
    units = re.findall(r'data-unit="([^"]+)"', svg)
    assert sorted(units) == sorted(u.text() for u in state.units)
    assert svg.count('class="unit unit-F"') == sum(u.kind == "F" for u in state.units)
    assert svg.count('class="centre"') == 34
    assert "France (FRA): 3 centres" in svg and "Russia (RUS): 4 centres" in svg
    assert svg.count('class="arrow"') == 0


def test_the_drawing_shows_only_what_the_view_holds() -> None:
    state, events = _played(1)
    view = RULESET.view(state, "ENG")
    full = drawing.draw(view, events)
    drawn = [e for e in events if e.kind == "order" and re.search(r" [-SC] ", e.data["order"])]
    assert drawn and full.count('class="arrow"') == len(drawn)
    # without the events, no arrows; without a unit in the view, no such unit on the map
    assert drawing.draw(view).count('class="arrow"') == 0
    gone = view["units"][0]
    smaller = dict(view, units=view["units"][1:])
    assert f'data-unit="{gone}"' in full
    assert f'data-unit="{gone}"' not in drawing.draw(smaller, events)


def test_dislodged_units_are_ringed() -> None:
    view = {
        "phase": "Spring 1901 retreats",
        "units": ["GER A bur"],
        "dislodged": [{"unit": "FRA A bur", "attacker_from": "mun", "options": ["par"]}],
        "centres": {"FRA": ["par"], "GER": ["mun"]},
    }
    svg = drawing.draw(view)
    assert svg.count('class="dislodged"') == 1 and 'data-dislodged="FRA A bur"' in svg


# -- Diplomacy 1939 III ------------------------------------------------------------------------

POWERS_1939 = ["ENG", "FRA", "GER", "ITA", "RUS", "TUR"]


def _adjacencies_of(m) -> set[tuple[str, str]]:
    out = set()
    for edges in (m.army_adj, m.fleet_adj):
        for a, bs in edges.items():
            for b in bs:
                p, q = province_of(a), province_of(b)
                out.add((min(p, q), max(p, q)))
    return out


def test_1939_every_province_is_drawn_and_every_adjacency_is_a_border_or_a_line() -> None:
    board = mapsvg.load(drawing.PACKAGE, "1939-iii")
    m = load_map("1939-iii")
    check_map(board, set(m.provinces), _adjacencies_of(m))
    assert set(board["spaces"]["len"]["coasts"]) == {"nc", "sc"}


def _played_1939(turns: int):
    chance = SeededChance(3)
    state = RULESET_1939.new_game("1939-iii", POWERS_1939, chance, {})
    events = []
    played = 0
    # at least ``turns``, ending on a movement phase so that there are orders to draw
    while played < turns or not any(e.kind == "order" for e in events):
        played += 1
        orders = {
            p: [
                o
                for _, o in parse(
                    RULESET_1939, state, p, bot_text(RULESET_1939, state, p, chance)
                ).orders
            ]
            for p in POWERS_1939
        }
        res = RULESET_1939.resolve(state, orders, chance)
        state, events = res.state, list(res.events)
    return state, events


@pytest.mark.rule("D39 5")
def test_1939_tanks_bombers_owned_provinces_and_order_arrows() -> None:
    state, events = _played_1939(5)
    view = RULESET_1939.view(state, "GER")
    svg = drawing.draw(view, events)
    assert set(re.findall(r'class="label" data-space="(\w+)"', svg)) == set(
        load_map("1939-iii").provinces
    )
    units = re.findall(r'data-unit="([^"]+)"', svg)
    assert sorted(units) == sorted([*view["units"], *view["bombers"]])
    assert svg.count('class="unit unit-B"') == len(view["bombers"]) > 0
    assert svg.count('class="unit unit-T"') == sum(u.split()[1] == "T" for u in view["units"])
    # 1939 III order events carry the order only in their sentence; arrows are drawn from it
    assert svg.count('class="arrow"') > 0
    assert "Germany (GER):" in svg and "SP" in svg


def test_the_1939_legend_names_each_power_with_the_code_its_orders_use() -> None:
    """Issue 29: the 1939 III legend said "Britain" where orders say ENG."""
    state = RULESET_1939.new_game(
        "1939-iii", RULESET_1939.info.scenarios[1].powers, SeededChance(1), {}
    )
    svg = drawing.draw(RULESET_1939.view(state, "ENG"))
    assert "Britain (ENG): " in svg and "Britain: " not in svg
