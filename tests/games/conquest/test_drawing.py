"""The Conquest of the World map (data/maps/world.json) and the position drawn from a view."""

from __future__ import annotations

import re

import pytest

from tests.maps.geometry import check_map
from umpire.core import mapsvg, registry
from umpire.core.chance import SeededChance
from umpire.games.conquest import drawing
from umpire.games.conquest.geography import board

POWERS = ["RED", "BLUE", "GREEN", "YELLOW"]


def _played(turns: int, scenario: str = "standard", seed: int = 3):
    ruleset = registry.get("conquest", scenario)
    chance = SeededChance(seed)
    state = ruleset.new_game(scenario, POWERS, chance, {})
    events: list = []
    for _ in range(turns):
        orders = {p: list(ruleset.bot_orders(state, p, chance)) for p in POWERS}
        res = ruleset.resolve(state, orders, chance)
        state, events = res.state, list(res.events)
    return ruleset, state, events


@pytest.mark.rule("COTW 1")
def test_every_country_of_the_board_is_drawn_and_labelled() -> None:
    world = mapsvg.load(drawing.PACKAGE, "world")
    check_map(world, set(board().countries), set())
    assert len(world["spaces"]) == 43


@pytest.mark.rule("COTW 3")
def test_holders_colour_their_countries_and_the_war_is_marked() -> None:
    ruleset, state, events = _played(12)
    view = ruleset.view(state, "RED")
    svg = drawing.draw(view, [e for e in events if e.audience.admits("RED")])
    homes = set(re.findall(r'class="homeland" data-space="(\w+)"', svg))
    assert homes == set(view["homelands"].values())
    for code, (power, kind) in view["holdings"].items():
        fill = re.search(rf'id="space-{code}"[^>]*fill="(#[0-9a-f]+)"', svg)
        assert fill is not None
        assert fill.group(1) == mapsvg.tint(drawing.COLOURS[power], drawing.SHADES[kind])
    if view["war"]:
        assert f'class="event war" data-space="{view["war"]["country"]}"' in svg


@pytest.mark.rule("COTW scenarios")
def test_an_edited_scenario_draws_its_own_power_base_values() -> None:
    ruleset, state, _ = _played(0, "warsaw-break")
    svg = drawing.draw(ruleset.view(state, "RED"))
    assert "II: 8" in svg  # Poland 8 in the scenario (3 on the board)
    assert "II: 24" in svg  # the Soviet Union 24 (30)


def test_another_players_secrets_do_not_change_the_drawing() -> None:
    ruleset, state, _ = _played(12)
    before = drawing.draw(ruleset.view(state, "RED"))
    for other in ("BLUE", "GREEN"):
        varied = ruleset.vary_secrets(state, other, SeededChance(3, other))
        assert drawing.draw(ruleset.view(varied, "RED")) == before
