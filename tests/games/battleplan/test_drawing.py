"""The Battle Plan maps (data/maps/europe.json, world.json, south-america.json) and the
position drawn from a view."""

from __future__ import annotations

import re

import pytest

from tests.maps.geometry import check_map
from umpire.core import mapsvg, registry
from umpire.core.chance import SeededChance
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
        orders = {p: list(RULESET.bot_orders(state, p, chance)) for p in POWERS}
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
        orders = {p: list(ruleset.bot_orders(state, p, chance)) for p in powers}
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


_LABEL = re.compile(
    r'<text class="label" data-space="(\w+)" x="([\d.-]+)" y="([\d.-]+)" font-size="([\d.]+)"'
    r"[^>]*>(\w+)</text>"
)
_FORCES = re.compile(
    r'<g class="forces"[^>]*?transform="translate\(([\d.-]+),([\d.-]+)\) scale\(([\d.]+)\)">'
    r'<rect [^>]*?width="([\d.]+)" height="([\d.]+)"'
)


def _crowded_view(scenario: str, spaces: dict) -> dict:
    """A view with the most any space can hold: every force type in every country, three
    players' forces in every sea (the widest counters, the most of them)."""
    full = {"army": 9, "navy": 9, "air": 9, "missiles": 9, "anti": 9}
    return {
        "scenario": scenario,
        "turn": 3,
        "players": [{"number": n, "power": f"P{n}"} for n in (1, 2, 3)],
        "countries": {
            c: {"owner": 1 + i % 3, **full}
            for i, (c, s) in enumerate(sorted(spaces.items()))
            if s["kind"] != "sea"
        },
        "seas": {
            c: {str(n): [9, 9, 9] for n in (1, 2, 3)}
            for c, s in sorted(spaces.items())
            if s["kind"] == "sea"
        },
    }


@pytest.mark.rule("BP 15B")
@pytest.mark.parametrize(
    ("scenario", "board", "region"),
    [("europe", "europe", None), ("equal", "world", "europe"), ("equal", "world", "americas")],
)
def test_no_force_box_covers_a_name_on_the_europe_map(
    scenario: str, board: str, region: str | None
) -> None:
    """Issue 29: on the Europe map (and the world map's enlarged Europe and Central America)
    every force counter stands clear of every space's name and of every other counter,
    however crowded (every space full)."""
    spaces = mapsvg.load(drawing.PACKAGE, board)["spaces"]
    svg = drawing.draw(_crowded_view(scenario, spaces), region=region)
    names = {
        code: mapsvg.label_box(float(x), float(y) - 0.36 * float(size), text, float(size))
        for code, x, y, size, text in _LABEL.findall(svg)
    }
    assert set(names) <= set(spaces) and (region or set(names) == set(spaces))
    boxes = [
        (float(cx) - float(w) * float(s) / 2, float(top), float(cx) + float(w) * float(s) / 2,
         float(top) + float(h) * float(s))
        for cx, top, s, w, h in _FORCES.findall(svg)
    ]  # fmt: skip
    sea_count = sum(1 for s in spaces.values() if s["kind"] == "sea")
    assert region or len(boxes) == len(spaces) - sea_count + 3 * sea_count
    if region:  # the spaces beyond the enlarged part: drawn off its canvas, unseen
        boxes = [b for b in boxes if mapsvg.overlap(b, (0, 0, 1280, 900))]
    for box in boxes:
        assert min(box[0], box[1]) >= 0 and box[2] <= 1280 and box[3] <= 900, box
        covered = [code for code, name in names.items() if mapsvg.overlap(box, name)]
        assert not covered, (box, covered)
    for i, a in enumerate(boxes):
        assert not [b for b in boxes[i + 1 :] if mapsvg.overlap(a, b)], a


@pytest.mark.rule("BP 15B")
@pytest.mark.parametrize("scenario", ["equal", "1939"])
def test_no_force_box_covers_a_name_on_the_whole_world_map(scenario: str) -> None:
    """Issue 27: on the whole world map, every space full, no force counter covers a name (16
    of 323 did); counters may touch one another there, the enlarged regions keep them apart."""
    spaces = mapsvg.load(drawing.PACKAGE, "world")["spaces"]
    svg = drawing.draw(_crowded_view(scenario, spaces))
    names = {
        code: mapsvg.label_box(float(x), float(y) - 0.36 * float(size), text, float(size))
        for code, x, y, size, text in _LABEL.findall(svg)
    }
    assert set(names) == set(spaces)
    boxes = [
        (float(cx) - float(w) * float(s) / 2, float(top), float(cx) + float(w) * float(s) / 2,
         float(top) + float(h) * float(s))
        for cx, top, s, w, h in _FORCES.findall(svg)
    ]  # fmt: skip
    sea_count = sum(1 for s in spaces.values() if s["kind"] == "sea")
    assert len(boxes) == len(spaces) - sea_count + 3 * sea_count
    covered = [(b, c) for b in boxes for c, name in names.items() if mapsvg.overlap(b, name)]
    assert covered == []
