"""Battle Plan (Flying Buffalo, revised edition 1989): the Europe game.

Importing this package registers the ruleset under the name ``battleplan``.
"""

from umpire.core import registry
from umpire.games.battleplan.game import RULESET, BattlePlan

registry.register(RULESET)

__all__ = ["RULESET", "BattlePlan"]
