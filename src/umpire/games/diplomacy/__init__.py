"""Standard Diplomacy: the 2023 rulebook, adjudicated to the DATC 3.0 preferred options.

Modules: ``geography`` (the map from data/standard.toml), ``orders`` (order values),
``notation`` (parse/format), ``legality`` (validate: reads the state), ``movement`` (order
semantics of a movement phase), ``resolver`` (the game-agnostic cycle-resolving resolver),
``retreats``, ``adjustments``, ``state``, ``bot``, ``printout`` and ``game`` (the Ruleset and
the turn pipeline).
"""

from umpire.core.ruleset import Game
from umpire.games.diplomacy.game import RULESET, Diplomacy

GAME = Game.single(RULESET)

__all__ = ["GAME", "RULESET", "Diplomacy"]
