"""Battle Plan (Flying Buffalo, revised edition 1989): the Europe game.

``GAME`` is registered under the name ``battleplan`` (entry point ``umpire.games``).
"""

from umpire.core.ruleset import Game
from umpire.games.battleplan.game import RULESET, BattlePlan

GAME = Game.single(RULESET)

__all__ = ["GAME", "RULESET", "BattlePlan"]
