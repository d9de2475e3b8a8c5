"""Origins of World War II, PBM rules (Howard Bishop, 2024): five powers, 13 areas, 6 turns.

Modules: ``charts`` (the NOC, BASE, BONUS and DCT data of ``data/historical.toml``),
``model`` (boxes and state), ``orders`` and ``notation`` (the order language; grammar and
examples in its docstring), ``legality`` (the whole submission), ``errors`` (the problem codes), ``economy`` (OWW 3.1), ``conflict``
(OWW 4, the DCT), ``markers`` (OWW 5), ``espionage`` (OWW 6.1, 8.5), ``scoring`` (OWW 2),
``turn`` (the OWW 7 pipeline), ``views`` (OWW 8), ``printout``, ``bot`` and ``game`` (the
Ruleset). Rulings on the rulebook's gaps: docs/rulings/origins.md.
"""

from umpire.core.ruleset import Drawer, Game
from umpire.games.origins import drawing
from umpire.games.origins.errors import ORIGINS
from umpire.games.origins.game import RULESET, Origins
from umpire.games.origins.settings import OriginsRules

GAME = Game.single(
    RULESET,
    ORIGINS,
    drawer=Drawer(drawing.draw, order_overlay=drawing.order_overlay),
    settings=OriginsRules,
)

__all__ = ["GAME", "RULESET", "Origins"]
