"""Multi-Player World War II (Kip Allen and John Boardman's multi-player rules for SPI's
World War II: European Theater of Operations, 1939-45, 1973): four, five or six players,
Game-Turns of quarter-years from 4/39.

Two layers kept apart. The multi-player layer is exact and lives in the modules that cite
its cases: ``politics`` (2.0, 4.41-4.43, 12.0, 16.x, 20.x), ``turn`` (4.1, 4.2), ``phase``
(the Player-Turn, 7.14, 8.15, 8.52, 12.1), ``transport`` (5.7, 5.75, 5.77, 6.5, 6.53-6.55),
``supply`` (9.x), ``reinforcements`` (10.x, 4.2), ``intervention`` (18.0, 18.1),
``objectives`` (19.x). The two-player core it amends is not public: it is provisional and
entirely data (``data/core.toml``, ``data/map.json`` made by scripts/spi_ww2_map.py from
``data/geography.toml``), read by ``charts`` and ``geography``; the code holds none of its
values. Modules: ``model``, ``board`` (a step's frozen state: the State, the Player-Turn's
marks, the events said; every change a new board), ``orders``, ``notation``, ``legality``,
``movement``, ``seas``, ``combat``, ``setup``, ``views``, ``printout``, ``options`` (order
entry on the game's page: what a click on the map may order), ``bot``, ``game``. Rulings: docs/rulings/spi-ww2.md.
"""

from umpire.games.spi_ww2.game import GAME, RULESET, SpiWW2

__all__ = ["GAME", "RULESET", "SpiWW2"]
