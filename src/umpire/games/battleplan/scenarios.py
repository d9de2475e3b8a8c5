"""The scenarios of Battle Plan as data: the map, the starting forces and the options each
ruleset is built from (a new scenario is a new :class:`Scenario`, never a branch in the rules).

Europe is the basic game (1A, 15). World Wide Battle Plan (issue 16) will add its map, its
starting forces and its options here and be registered as further rulesets of the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from umpire.core.ruleset import ScenarioInfo
from umpire.games.battleplan.geography import GameMap, europe
from umpire.games.battleplan.setup import EUROPE_START, Start


@dataclass(frozen=True, slots=True)
class Scenario:
    """Everything a Battle Plan ruleset needs to know about its scenario."""

    info: ScenarioInfo
    game_map: GameMap
    start: Start
    max_turns: int = 0  # ruling R-END: the default of the ``max_turns`` setting (0: no limit)


EUROPE = Scenario(
    info=ScenarioInfo(
        name="europe",
        title="Battle Plan: Europe",
        powers=europe().countries,
        min_players=5,
        max_players=29,
        description="The basic game on the map of Europe: 29 countries, 5 seas (15).",
        default_powers=("GB", "FR", "SP", "IT", "GE", "PD", "SW", "TU", "UK"),
        names=tuple((c, europe().spaces[c].name) for c in europe().countries),
    ),
    game_map=europe(),
    start=EUROPE_START,
)

SCENARIOS = (EUROPE,)
