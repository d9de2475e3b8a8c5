"""Diplomacy 1939 III (Neil Duncan & Dave Newnham): the ``1939-iii`` scenario of ``diplomacy``,
its own ruleset with the standard game's layout.

Modules: ``orders`` (the new order values), ``notation`` (the rulebook's forms), ``legality``
(may this power give this order now: reads), ``combat`` (ground adjudication with tanks and
bomber help), ``bombers`` (range, flights, landing), ``supply`` (SP and the winter), ``model``
(the typed state), ``turn`` (the year in the rulebook's order), ``views``, ``printout``,
``bot`` and ``game`` (the Ruleset). What the rules share with the standard game (the map
reader, order values, legality of standard orders, retreats, the game's end) is imported from
it; the standard game imports nothing from here.
"""

SCENARIO = "1939-iii"
