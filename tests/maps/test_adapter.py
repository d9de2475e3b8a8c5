"""The server's map adapter finds every game's drawing, by the game's registered name."""

from __future__ import annotations

import pytest

from umpire.core import registry
from umpire.core.chance import SeededChance
from umpire.server.web.maps import map_svg


@pytest.mark.parametrize(
    ("game", "scenario"),
    [("conquest", "standard"), ("spi-ww2", "4-player"), ("battleplan", "europe")],
)
def test_the_page_gets_the_games_map(game: str, scenario: str) -> None:
    ruleset = registry.get(game, scenario)
    info = next(s for s in ruleset.info.scenarios if s.name == scenario)
    powers = list(info.default_powers or info.powers)
    state = ruleset.new_game(scenario, powers, SeededChance(1), {})
    svg = map_svg(game, ruleset.view(state, powers[0]))
    assert svg is not None and svg.startswith("<svg")


def test_no_view_no_map() -> None:
    assert map_svg("conquest", None) is None
