"""Maps as a printout mail attaches them: the committed outlines written in their shortest
equivalent path data (``mapsvg.compact``), and every game's map of a size fit for a mail."""

from __future__ import annotations

import importlib

import pytest

from tests.maps.geometry import absolute, vertices
from umpire.core import mapsvg, registry
from umpire.core.chance import SeededChance

MAPS = [
    ("umpire.games.diplomacy", "standard"),
    ("umpire.games.diplomacy", "1939-iii"),
    ("umpire.games.battleplan", "europe"),
    ("umpire.games.battleplan", "world"),
    ("umpire.games.battleplan", "south-america"),
    ("umpire.games.origins", "historical"),
    ("umpire.games.conquest", "world"),
    ("umpire.games.spi_ww2", "europe"),
]


def _rings(d: str, step: float) -> list[list[tuple[float, float]]]:
    """The committed path's rings, each point rounded to ``step``, repeats dropped."""
    out = []
    for part in d.split("M")[1:]:
        ring: list[tuple[float, float]] = []
        for x, y in vertices(part):
            p = (round(round(x / step) * step, 6), round(round(y / step) * step, 6))
            if not ring or ring[-1] != p:
                ring.append(p)
        out.append(ring)
    return out


def test_compact_path_data_is_relative_and_short() -> None:
    d = "M435.3,451.9L432.9,453.1L430.5,453.7L430.5,453.7L429.4,453.4ZM10,10L20,20L10,10Z"
    assert mapsvg.compact(d) == "M435.3,451.9l-2.4,1.2-2.4,.6-1.1-.3zm-425.3-441.9l10,10-10-10z"
    assert mapsvg.compact("M0.44,0.56L1.46,0.5Z", whole=True) == "M0,1l1-1z"


@pytest.mark.parametrize(("package", "name"), MAPS)
def test_every_outline_compacts_to_the_same_points(package: str, name: str) -> None:
    board = mapsvg.load(package, name)
    paths = [s["d"] for s in board["spaces"].values()]
    paths += [board[k] for k in ("neutral", "lakes", "land", "borders") if board.get(k)]
    for d in paths:
        for whole, step in ((False, 0.1), (True, 1.0)):
            got = absolute(mapsvg.compact(d, whole=whole))
            want = _rings(d, step)
            assert [[(round(x, 6), round(y, 6)) for x, y in r] for r in got] == want
            assert len(mapsvg.compact(d, whole=whole)) < len(d)


SIZES = [
    (game.info.name, s.name)
    for game in registry.all_games()
    if type(game).__module__.startswith("umpire.games.")
    for s in game.info.scenarios
    if s.default_powers or s.powers
]


@pytest.mark.parametrize(("game", "scenario"), SIZES)
def test_every_map_is_light_enough_to_mail(game: str, scenario: str) -> None:
    """A printout mail attaches the map of its reader's view: at most 200 KB (SPI's hex grid:
    850 KB when every hex was its own outline, label and title). The umpire's map (the GM's
    pages, never mailed) shows every force of every player: at most 300 KB."""
    ruleset = registry.get(game, scenario)
    info = ruleset.info.scenario(scenario)
    powers = list(info.default_powers or info.powers)
    drawing = importlib.import_module(f"umpire.games.{game.replace('-', '_')}.drawing")
    state = ruleset.new_game(scenario, powers, SeededChance(1), {})
    for power in (powers[0], None):
        svg = drawing.draw(ruleset.view(state, power))
        limit = 200_000 if power else 300_000
        assert len(svg.encode()) < limit, (power, len(svg.encode()))
