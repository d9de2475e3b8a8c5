"""Battle Plan (Flying Buffalo, revised edition 1989): the Europe game and, in ``world``, World
Wide Battle Plan (Equal Forces, Anonymous, 1939) and South American Battle Plan.

Modules, per ``games/README.md``: ``orders`` (order values) and ``notation`` (the grammar of
section 8), ``errors`` (the problem codes), ``legality`` (12), ``model`` (the state),
``geography`` (15B, from data/), ``setup`` (15C) and ``scenarios`` (each scenario as data),
the rule areas (``economy``, ``intelligence``, ``movement``, ``builds``, ``combat``,
``seacombat``, ``occupation``, ``standing``, ``messages``), ``turn`` (the pipeline of 9),
``views``, ``reports`` and ``printout`` (14), ``bot`` and ``game`` (one ruleset per scenario).
Rulings: docs/rulings/battleplan.md and docs/rulings/battleplan-world.md. ``GAME`` is registered
under the name ``battleplan`` (entry point ``umpire.games``).
"""

from umpire.core.ruleset import Drawer, Game
from umpire.games.battleplan import drawing
from umpire.games.battleplan.errors import ERRORS
from umpire.games.battleplan.game import INFO, RULESET, RULESETS, BattlePlan
from umpire.games.battleplan.settings import BattlePlanRules

GAME = Game(
    info=INFO,
    rulesets=RULESETS,
    errors=ERRORS,
    drawer=Drawer(drawing.draw, drawing.regions, drawing.order_overlay),
    settings=BattlePlanRules,
)

__all__ = ["GAME", "RULESET", "BattlePlan"]
