"""Diplomacy: the standard game (2023 rulebook, adjudicated to the DATC 3.0 preferred options)
and the 1939 III scenario (Duncan & Newnham), each its own ruleset.

The standard game: ``geography`` (the maps from data/), ``orders`` (order values),
``notation`` (the grammar of one line, canonical text), ``legality`` (may this power give this
order now: reads the state), ``memo`` (canonical lines and map-only legality read before), ``movement`` (order semantics of a movement phase), ``resolver``
(the cycle-resolving resolver), ``retreats``, ``adjustments``, ``model`` (the state),
``turn`` (the phases in the rulebook's order), ``views``, ``printout``, ``bot``, ``errors``
(the game's problem codes) and ``game`` (the Ruleset). ``v1939/`` is 1939 III with the same
layout, sharing the standard game's functions and data by import.
"""

from umpire.core.interchange import Interchange
from umpire.core.ruleset import Drawer, Game, GameInfo
from umpire.games.diplomacy import drawing, game, interchange, v1939
from umpire.games.diplomacy.errors import CODES
from umpire.games.diplomacy.settings import DiplomacyRules
from umpire.games.diplomacy.v1939 import game as game_1939

INFO = GameInfo(
    name="diplomacy",
    title="Diplomacy",
    aliases=("dip", "standard-diplomacy"),
    scenarios=(game.SCENARIO, game_1939.SCENARIO_INFO),
    hidden_information=False,
    uses_chance=False,
    rulebook="diplomacy",
    order_help="""\
One order a line; provinces by abbreviation or name.
  A par - bur           move       F bre H            hold
  A mar S A par - bur   support    F eng C A lon - bre   convoy
  A lon - bre via convoy           F stp/sc - bot     a coast after /
  A mun R kie           retreat    Build A par / Remove F kie / Waive\n""",
)
RULESET = game.Diplomacy(INFO)
RULESET_1939 = game_1939.Diplomacy1939(INFO)
GAME = Game(
    INFO,
    {"standard": RULESET, v1939.SCENARIO: RULESET_1939},
    errors=CODES,
    drawer=Drawer(drawing.draw, order_overlay=drawing.order_overlay),
    settings=DiplomacyRules,
    interchanges={
        interchange.FORMAT: Interchange(
            name=interchange.FORMAT,
            title="the diplomacy package's saved game (JSON)",
            scenarios=("standard",),
            export=interchange.export_game,
            read=interchange.read_game,
            position=interchange.position,
            phase_name=interchange.phase_name,
            omitted=interchange.omitted,
        )
    },
)

__all__ = ["GAME", "INFO", "RULESET", "RULESET_1939"]
