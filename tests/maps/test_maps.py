"""Every scenario of every registered game has a committed map and a renderer that draws a
position of it from a view."""

from __future__ import annotations

import importlib

import pytest

from tests.maps.geometry import drawn_labels
from umpire.core import mapsvg, registry
from umpire.core.chance import SeededChance

# Games and scenarios whose maps are not drawn yet (issues 15, 16, 17 and the maps of
# issue 13): strict, so that the day a map is added this list must lose it.
NOT_DRAWN_YET = {}
SCENARIOS = [
    pytest.param(
        game.info.name,
        s.name,
        s.default_powers or s.powers,
        marks=[pytest.mark.xfail(strict=True, reason="no map drawn yet")]
        if (game.info.name, s.name) in NOT_DRAWN_YET
        else [],
    )
    for game in registry.all_games()
    if type(game).__module__.startswith("umpire.games.")  # not the tests' toy games
    for s in game.info.scenarios
]


@pytest.mark.parametrize(("game", "scenario", "powers"), SCENARIOS)
def test_every_scenario_has_a_map_with_provenance_and_draws_its_opening(
    game: str, scenario: str, powers: tuple[str, ...]
) -> None:
    ruleset = registry.get(game, scenario)
    package = ".".join(type(ruleset).__module__.split(".")[:3])  # umpire.games.<package>
    drawing = importlib.import_module(f"{package}.drawing")
    # scenarios may share a map (every Conquest scenario is played on the one board)
    name = drawing.map_name(scenario) if hasattr(drawing, "map_name") else scenario
    board = mapsvg.load(package, name)
    assert f"umpire.games.{board['game']}" == package and board["map"] == name
    assert board["provenance"]["geography"].startswith("Natural Earth")
    state = ruleset.new_game(scenario, list(powers), SeededChance(1), {})
    for power in (powers[0], None):
        svg = drawing.draw(ruleset.view(state, power))
        assert svg.startswith("<svg") and svg.endswith("</svg>")
        assert 'viewBox="0 0 1280 900"' in svg
        assert drawn_labels(svg) == set(board["spaces"])
