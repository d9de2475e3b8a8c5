"""The SPI Multi-Player WW2 map (data/maps/europe.json): the game's hex grid drawn over real
geography, and a position drawn from a player's view."""

from __future__ import annotations

import re

from tests.maps.geometry import check_map
from umpire.core import mapsvg, registry
from umpire.core.chance import SeededChance
from umpire.core.submission import parse
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
        orders = {
            p: [o for _, o in parse(ruleset, state, p, ruleset.bot_orders(state, p, chance)).orders]
            for p in powers
        }
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
    labels = set(re.findall(r'class="label" data-space="(\d{4})"', svg))
    assert labels == set(_hexes())
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
