"""World Wide Battle Plan (the WW section of battle-plan.md): the world map and its variants.

Each variant is a :class:`~umpire.games.battleplan.scenarios.Scenario` of the battleplan game
(map, starting forces, options, after-turn steps); the rules shared with Europe are the base
package's functions. Modules:

- ``geography``: the world map, version 2, the real map transcribed (data/world.toml), and
  its South American part;
- ``powers1939``: the 1939 powers and their original spaces (data/world1939.toml);
- ``equal``: Equal Forces' starting spaces from the players' preferences;
- ``newspaper``: the World Newspaper and the turn-one list of players;
- ``opinion``: World Opinion (good-guy and bad-guy lists);
- ``victory1939``, ``scoring1939``, ``ending1939``: victory set B and the end of a 1939 game;
- ``real``: Real Forces' 1982 world and positions (data/world_real.toml), ``endingreal`` its
  end, winners and survivors, ``botreal`` its bot (peace and World Opinion).

The numbered message orders of Anonymous games are in the base ``messages`` module (they may
be used in any game). Rulings: docs/rulings/battleplan-world.md.
"""
