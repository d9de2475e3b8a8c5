"""The Battle Plan maps (data/maps/europe.json, world.json, south-america.json) and the
position drawn from a view."""

from __future__ import annotations

import re

import pytest

from tests.maps.geometry import check_map
from umpire.core import mapsvg, registry
from umpire.core.chance import SeededChance
from umpire.core.submission import parse
from umpire.games.battleplan import drawing
from umpire.games.battleplan.game import RULESET
from umpire.games.battleplan.geography import europe
from umpire.games.battleplan.world.geography import south_america_map, world_data, world_map

POWERS = list(RULESET.info.scenarios[0].default_powers)


def _played(turns: int, seed: int = 5):
    chance = SeededChance(seed)
    state = RULESET.new_game("europe", POWERS, chance, {})
    events: list = []
    for _ in range(turns):
        orders = {
            p: [o for _, o in parse(RULESET, state, p, RULESET.bot_orders(state, p, chance)).orders]
            for p in POWERS
        }
        res = RULESET.resolve(state, orders, chance)
        state, events = res.state, list(res.events)
    return state, events


@pytest.mark.rule("BP 15B")
def test_every_space_is_drawn_and_every_printed_adjacency_is_a_border_or_a_line() -> None:
    board = mapsvg.load(drawing.PACKAGE, "europe")
    geo = europe()
    pairs = {(min(a, b), max(a, b)) for a, s in geo.spaces.items() for b in s.adjacent}
    check_map(board, set(geo.spaces), pairs)
    lines = {(c["a"], c["b"]): c["kind"] for c in board["connections"]}
    # rule 7: the Turkey Strait is a line of its own, not a border
    assert lines[("BLA", "EAS")] == "strait"


@pytest.mark.rule("BP 4E.1")
def test_the_dotted_air_range_lines_of_15b_are_drawn() -> None:
    board = mapsvg.load(drawing.PACKAGE, "europe")
    air = {(c["a"], c["b"]) for c in board["connections"] if c["kind"] == "air"}
    printed = {("CY", "GR"), ("CY", "TU"), ("BE", "GB"), ("FR", "GB"), ("FR", "IR"), ("DE", "NO")}
    assert printed <= air
    svg = drawing.draw(RULESET.view(_played(0)[0], "GE"))
    assert svg.count('class="connection air"') == len(air)


@pytest.mark.rule("BP 6A")
def test_labels_and_forces_only_where_the_view_lists_them() -> None:
    state, events = _played(2)
    view = RULESET.view(state, "GE")
    svg = drawing.draw(view, [e for e in events if e.audience.admits("GE")])
    labels = set(re.findall(r'class="label" data-space="(\w+)"', svg))
    assert labels == set(europe().spaces)
    shown = set(re.findall(r'<g class="forces" data-space="(\w+)"(?! data-player)[ >]', svg))
    keys = ("army", "navy", "air", "missiles", "anti")
    listed = {c for c, e in view["countries"].items() if any(e.get(k) for k in keys)}
    assert shown == listed
    assert shown < set(view["countries"])  # the fog of war: not every country's forces
    umpire = drawing.draw(RULESET.view(state, None))
    counters = re.findall(r'<g class="forces" data-space="\w+"(?! data-player)[ >]', umpire)
    assert len(counters) > len(shown)


@pytest.mark.rule("BP 14")
def test_another_players_secrets_do_not_change_the_drawing() -> None:
    state, _ = _played(2)
    before = drawing.draw(RULESET.view(state, "GE"))
    for other in ("GB", "TU", "UK"):
        varied = RULESET.vary_secrets(state, other, SeededChance(3, other))
        assert drawing.draw(RULESET.view(varied, "GE")) == before
    # while the umpire's drawing, which shows everything, does change with them
    mine = RULESET.vary_secrets(state, "GE", SeededChance(4))
    assert drawing.draw(RULESET.view(mine, None)) != drawing.draw(RULESET.view(state, None))


def _world_game(scenario: str, turns: int):
    ruleset = registry.get("battleplan", scenario)
    info = next(s for s in ruleset.info.scenarios if s.name == scenario)
    powers = list(info.default_powers or info.powers)
    chance = SeededChance(5)
    state = ruleset.new_game(scenario, powers, chance, {})
    events: list = []
    for _ in range(turns):
        orders = {
            p: [o for _, o in parse(ruleset, state, p, ruleset.bot_orders(state, p, chance)).orders]
            for p in powers
        }
        res = ruleset.resolve(state, orders, chance)
        state, events = res.state, list(res.events)
    return ruleset, state, events, powers


@pytest.mark.rule("WW")
@pytest.mark.parametrize(("name", "game_map"), [("world", "world"), ("south-america", "sa")])
def test_the_world_maps_draw_every_space_and_every_border_or_line(name: str, game_map: str) -> None:
    board = mapsvg.load(drawing.PACKAGE, name)
    geo = south_america_map() if game_map == "sa" else world_map(icepack=False)
    data = world_data()
    pairs = {
        (min(a, b), max(a, b))
        for a, near in data.borders.items()
        for b in near
        if a in geo.spaces and b in geo.spaces
    }
    check_map(board, set(geo.spaces), pairs)
    lines = {(c["a"], c["b"]): c["kind"] for c in board["connections"]}
    if game_map == "world":  # WW canals: drawn like the Turkey Strait
        for canal in data.raw["canal"]:
            a, b = sorted(canal["seas"])
            assert lines[(a, b)] == "strait"


@pytest.mark.rule("BP 14")
@pytest.mark.parametrize("scenario", ["equal", "1939", "south-america"])
def test_world_scenarios_draw_from_the_view_and_hide_what_it_hides(scenario: str) -> None:
    ruleset, state, events, powers = _world_game(scenario, 2)
    me = powers[0]
    view = ruleset.view(state, me)
    svg = drawing.draw(view, [e for e in events if e.audience.admits(me)])
    board = mapsvg.load(drawing.PACKAGE, drawing.map_name(scenario))
    assert set(re.findall(r'class="label" data-space="(\w+)"', svg)) == set(board["spaces"])
    shown = set(re.findall(r'<g class="forces" data-space="(\w+)"(?! data-player)[ >]', svg))
    keys = ("army", "navy", "air", "missiles", "anti")
    assert shown == {c for c, e in view["countries"].items() if any(e.get(k) for k in keys)}
    before = drawing.draw(view)
    for other in powers[1:3]:
        varied = ruleset.vary_secrets(state, other, SeededChance(3, other))
        assert drawing.draw(ruleset.view(varied, me)) == before
