"""Conquest of the World (Magnavox Odyssey2 Master Strategy Series, 1982), by mail.

2-6 players, 43 countries in 11 politectonic zones; alliances, wars and the end game of
rules 1-22, game variations 1 and 2, and "creating your own games" (boards with edited
values). The console's arcade battles are a simulation the players command by orders.

Modules: ``geography`` (the board of ``data/board.toml``; rule 19A's borders), ``model``
(state), ``orders`` and ``notation`` (the order language; grammar and examples in its
docstring), ``legality``, ``economy`` (chips, WARCHEST, POWER BASE RECORD, rules 5-7),
``opening`` (rules 2-8), ``battle`` (the battle model, ``data/battle.toml``), ``war``
(rules 9-20), ``endgame`` (rules 20C-22), ``turn`` (the pipeline), ``views``, ``printout``,
``bot`` and ``game`` (the Ruleset). Rulings: docs/rulings/conquest.md. Registered through
the ``umpire.games`` entry point ``conquest = "umpire.games.conquest:GAME"``.
"""

from umpire.games.conquest.game import GAME, RULESET, Conquest

__all__ = ["GAME", "RULESET", "Conquest"]
