"""Diplomacy 1939 III (Neil Duncan & Dave Newnham): the ``1939-iii`` scenario of ``diplomacy``.

Modules: ``orders`` (the new order values), ``notation`` (the rulebook's forms), ``legality``
(validate: reads), ``combat`` (ground adjudication with tanks and bomber help), ``bombers``
(range, flights, landing), ``supply`` (SP and the winter), ``game`` (the turn pipeline),
``bot``. The standard game never imports the engine's hot parts; it hands 1939 III states to
:class:`~umpire.games.diplomacy.v1939.game.V1939`.
"""
