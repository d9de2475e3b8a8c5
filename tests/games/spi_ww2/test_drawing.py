"""The SPI Multi-Player WW2 map (data/maps/europe.json): the game's hex grid drawn over real
geography, and a position drawn from a player's view."""

from __future__ import annotations

import re

from tests.maps.geometry import absolute, check_map, drawn_labels, vertices
from umpire.core import mapsvg, registry
from umpire.core.chance import SeededChance
from umpire.games.spi_ww2 import drawing

SCENARIO = "4-player"


def _played(turns: int, scenario: str = SCENARIO):
    ruleset = registry.get("spi-ww2", scenario)
    info = next(s for s in ruleset.info.scenarios if s.name == scenario)
    powers = list(info.default_powers or info.powers)
    chance = SeededChance(3)
    state = ruleset.new_game(scenario, powers, chance, {})
    events: list = []
    for _ in range(turns):
        orders = {p: list(ruleset.bot_orders(state, p, chance)) for p in powers}
        res = ruleset.resolve(state, orders, chance)
        state, events = res.state, list(res.events)
    return ruleset, state, events, powers


def _hexes() -> dict:
    import json
    from importlib import resources

    text = resources.files(drawing.PACKAGE).joinpath("data", "map.json").read_text("utf-8")
    return dict(json.loads(text)["hexes"])


def test_every_hex_is_drawn_labelled_and_borders_its_six_neighbours() -> None:
    board = mapsvg.load(drawing.PACKAGE, "europe")
    hexes = _hexes()
    grid = {"columns": 50, "rows": 41}
    pairs = set()
    for hid in hexes:
        c, r = int(hid[:2]), int(hid[2:])
        for dc, dr in drawing_neighbours(c % 2):
            n = f"{c + dc:02d}{r + dr:02d}"
            if 0 <= c + dc < grid["columns"] and 0 <= r + dr < grid["rows"]:
                pairs.add((min(hid, n), max(hid, n)))
    check_map(board, set(hexes), pairs)
    assert board["connections"] == []  # every hex adjacency is a shared hex side
    land = {h for h, v in hexes.items() if v["country"]}
    assert {h for h, s in board["spaces"].items() if s["kind"] == "land"} == land


def drawing_neighbours(parity: int) -> tuple[tuple[int, int], ...]:
    from umpire.games.spi_ww2.geography import ODD_Q

    return ODD_Q[parity]


def test_units_and_last_turns_events_are_drawn_from_the_view() -> None:
    ruleset, state, events, powers = _played(3)
    view = ruleset.view(state, powers[0])
    svg = drawing.draw(view, [e for e in events if e.audience.admits(powers[0])])
    assert drawn_labels(svg) == set(_hexes())
    shown = set(re.findall(r'<g class="unit" data-space="(\d{4})"', svg))
    assert shown == {h for h, u in view["units"].items() if u}
    assert 'class="events"' in svg and "Last turn" in svg


def test_another_players_secrets_do_not_change_the_drawing() -> None:
    ruleset, state, _, powers = _played(3, "5-player")
    me = powers[0]
    before = drawing.draw(ruleset.view(state, me))
    for other in powers[1:]:
        varied = ruleset.vary_secrets(state, other, SeededChance(3, other))
        assert drawing.draw(ruleset.view(varied, me)) == before


def test_a_hex_whose_control_changed_is_tinted_by_its_new_controller() -> None:
    """The hexes are drawn as outlines per country and holder: one hex taken from a country
    stands apart in its new controller's tint, its outline that hex's own six sides."""
    ruleset, state, _, powers = _played(1)
    view = dict(ruleset.view(state, powers[0]))
    colour = drawing._colours(view["players"])
    areas = drawing._areas(view, colour)
    home = next(k for k in areas if k[1] == "land" and k[2] == colour[powers[0]])
    taken = areas[home][0]
    view["control_changed"] = {**view.get("control_changed", {}), taken: powers[1]}
    after = drawing._areas(view, colour)
    assert after[(home[0], "land", colour[powers[1]])] == [taken]
    assert taken not in after.get(home, [])
    board = mapsvg.load(drawing.PACKAGE, "europe")
    (ring,) = absolute(drawing._outline([taken]))
    assert sorted(ring) == sorted(vertices(board["spaces"][taken]["d"]))
    svg = drawing.draw(view)
    assert f'd="{drawing._outline([taken])}" fill="{colour[powers[1]]}"' in svg


def test_two_neighbouring_hexes_make_one_outline_without_their_shared_side() -> None:
    board = mapsvg.load(drawing.PACKAGE, "europe")
    (ring,) = absolute(drawing._outline(["0000", "0100"]))
    assert len(ring) == 10  # twelve corners, two of them shared
    shared = set(vertices(board["spaces"]["0000"]["d"])) & set(
        vertices(board["spaces"]["0100"]["d"])
    )
    assert len(shared) == 2 and shared <= set(ring)
