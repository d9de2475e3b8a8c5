"""The scenarios of Battle Plan as data: the map, the starting forces and the options each
ruleset is built from (a new scenario is a new :class:`Scenario`, never a branch in the rules).

Europe is the basic game (1A, 15). World Wide Battle Plan: Equal Forces plays the basic rules
on the world map with the icepack air range (WW equal); Anonymous is Equal Forces with no free
diplomatic messages, only the numbered message orders (WW anonymous). Real Forces starts
from the world of 1982 (``world.real``) and ends when everyone left is allied (WW real).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.core.ruleset import Outcome, ScenarioInfo, Seating
from umpire.games.battleplan import bot, ending
from umpire.games.battleplan.arms import BP_ARMS, Arms
from umpire.games.battleplan.geography import GameMap, europe
from umpire.games.battleplan.model import GameState
from umpire.games.battleplan.orders import Order
from umpire.games.battleplan.printout import Goal
from umpire.games.battleplan.setup import EUROPE_START, Start
from umpire.games.battleplan.turn import HpiStep
from umpire.games.battleplan.world import botreal, botworld, ending1939, endingreal
from umpire.games.battleplan.world.equal import GM_CHOICES
from umpire.games.battleplan.world.geography import MAP_VERSION, south_america_map, world_map
from umpire.games.battleplan.world.goals import basic_goal, goal_1939, real_goal
from umpire.games.battleplan.world.opinion import world_opinion
from umpire.games.battleplan.world.powers1939 import ARMS_1939, powers_1939
from umpire.games.battleplan.world.real import holdings as real_holdings
from umpire.games.battleplan.world.real import positions as real_positions
from umpire.games.battleplan.world.real import real_start
from umpire.games.battleplan.world.signup import (
    check_positions,
    check_spaces,
    price_list,
    seat_positions,
    seat_spaces,
)

# a variant's step after the turn: (state, the turn's orders, chance) -> (new state, events)
AfterTurn = Callable[
    [GameState, Mapping[int, Sequence[Order]], Chance], tuple[GameState, list[Event]]
]
Setup = Callable[[GameState, GameMap, Mapping[str, Any]], GameState]
Bot = Callable[[GameState, GameMap, int, Chance, bool, bool, Arms], list[Order]]
CheckPreferences = Callable[[Sequence[str]], list[str]]
SeatPlayers = Callable[[Sequence[Sequence[str]], Sequence[str], Sequence[str]], Seating]


@dataclass(frozen=True, slots=True)
class SignUp:
    """A scenario whose players sign up with their own kind of preferences (ruling W-SIGNUP):
    the check of one list at joining, and the seating at the start (core's HasSeating)."""

    check: CheckPreferences
    seat: SeatPlayers
    help: str  # what a player lists
    # the list a player chooses from, where it is short enough to show (Real Forces' price
    # list: each position's code, and its name and turn fee)
    choices: tuple[tuple[str, str], ...] = ()


def _no_setup(state: GameState, gm: GameMap, settings: Mapping[str, Any]) -> GameState:
    """The starting forces of ``new_state`` stand (15C)."""
    return state


@dataclass(frozen=True, slots=True)
class Scenario:
    """Everything a Battle Plan ruleset needs to know about its scenario."""

    info: ScenarioInfo
    game_map: GameMap
    start: Start
    max_turns: int = 0  # ruling R-END: the default of the ``max_turns`` setting (0: no limit)
    free_messages: bool = True  # BP 16 messages; WW anonymous: only the numbered message orders
    newspaper: bool = False  # WW newspaper: articles and the turn-one list of players
    holdings: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # WW 1939 start
    minors: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # minors controlled
    no_attacks_turn_one: bool = False  # WW real.turn1, 1939.turn1
    outcome: Callable[[GameState], Outcome | None] = ending.outcome  # BP 1A unless changed
    world_opinion: bool = False  # WW opinion: the nG/nB orders and their HPI effect
    # changes of HPI at step 8, before its revolutions see the HPI (WW opinion; ruling W-OP1)
    hpi_steps: tuple[HpiStep, ...] = ()
    # steps after the turn's pipeline, in order (WW 1939.end)
    after_turn: tuple[AfterTurn, ...] = ()
    setup: Setup = _no_setup  # after new_state: a scenario's own starting forces (WW real)
    player_bot: Bot = bot.bot_orders  # the scenario's bot (WW real: peace and World Opinion)
    arms: Arms = BP_ARMS  # AirForce and missiles: BP 4E-4G, WW 1939.bombers, 1939.missiles
    signup: SignUp | None = None  # WW equal, real: preferences of their own (None: power names)
    goal: Goal | None = None  # WW: what the player needs to win, on his printout (W-GOAL)
    # the version of the map a game is made on (the world map's; 0: a map with no versions);
    # a game made on another version is refused (ruling W-MAPV)
    map_version: int = 0


def _space_names(game_map: GameMap) -> tuple[tuple[str, str], ...]:
    """Each country's name on the map: what a person reads beside its code (issue 29)."""
    return tuple((c, game_map.spaces[c].name) for c in game_map.countries)


EUROPE = Scenario(
    info=ScenarioInfo(
        name="europe",
        title="Battle Plan: Europe",
        powers=europe().countries,
        min_players=5,
        max_players=29,
        description="The basic game on the map of Europe: 29 countries, 5 seas (15).",
        default_powers=("GB", "FR", "SP", "IT", "GE", "PD", "SW", "TU", "UK"),
        names=tuple((c, europe().spaces[c].name) for c in europe().countries),
    ),
    game_map=europe(),
    start=EUROPE_START,
)

# The default seats of Real Forces: the first of the price list ("approximately their order of
# desirability"; "WWBP usually has 20 to 25 players"; ruling W-REAL6).
REAL_DEFAULT_SEATS = 20

# The default seats of a world game: the GM's choices of WW equal (ruling W-EQ1).
WORLD_DEFAULT = GM_CHOICES
_WORLD = world_map(icepack=True)

# WW equal: "a list of spaces that you would like to have as your starting country"
EQUAL_SIGNUP = SignUp(
    check=lambda prefs: check_spaces(_WORLD, prefs),
    seat=lambda prefs, assigned, powers: seat_spaces(_WORLD, prefs, assigned, powers, least=2),
    help=(
        "starting spaces, best first: codes or names of land spaces (NTX, France); an island "
        "only as ISLAND EIC; at most 10"
    ),
)

EQUAL = Scenario(
    info=ScenarioInfo(
        name="equal",
        title="World Wide Battle Plan: Equal Forces",
        powers=world_map(icepack=True).countries,
        min_players=2,
        max_players=31,
        description=(
            "Every player starts with the same forces in one space of the world map of his "
            "choice; the game goes on until one player is left who occupies a country (WW)."
        ),
        default_powers=WORLD_DEFAULT,
        names=_space_names(world_map(icepack=True)),
    ),
    game_map=world_map(icepack=True),
    start=EUROPE_START,
    newspaper=True,
    signup=EQUAL_SIGNUP,
    goal=basic_goal,
    player_bot=botworld.equal_bot,  # plays to conquer (ruling W-BOT)
    map_version=MAP_VERSION,
)

ANONYMOUS = Scenario(
    info=ScenarioInfo(
        name="anonymous",
        title="World Wide Battle Plan: Anonymous",
        powers=world_map(icepack=True).countries,
        min_players=2,
        max_players=31,
        description=(
            "Equal Forces with no diplomatic messages: players speak only through the "
            "numbered message orders (pMn) (WW anonymous)."
        ),
        default_powers=WORLD_DEFAULT,
        names=_space_names(world_map(icepack=True)),
        press_allowed=False,
    ),
    game_map=world_map(icepack=True),
    start=EUROPE_START,
    free_messages=False,
    newspaper=True,
    signup=EQUAL_SIGNUP,
    goal=basic_goal,
    player_bot=botworld.anonymous_bot,  # WW anonymous: the numbered message orders
    map_version=MAP_VERSION,
)

_POWERS_1939 = powers_1939()

WW1939 = Scenario(
    info=ScenarioInfo(
        name="1939",
        title="1939 World Wide Battle Plan (victory set B)",
        powers=tuple(p.code for p in _POWERS_1939),
        min_players=13,
        max_players=13,
        description=(
            "World War II on the world map: 13 powers (9 major, 4 minor), about 25 turns "
            "(33% chance of the end on each printout from T26), scored by victory set B."
        ),
        default_powers=tuple(p.code for p in _POWERS_1939),
        names=tuple((p.code, p.name) for p in _POWERS_1939),
    ),
    game_map=world_map(icepack=False),
    # WW 1939.missiles: "No one starts with any missiles or a missile multiplier", and there
    # are no antimissiles
    start=replace(EUROPE_START, multipliers=(("M", 0), ("X", 0))),
    newspaper=True,
    holdings={p.code: p.spaces for p in _POWERS_1939},
    minors={p.code: p.minors for p in _POWERS_1939 if p.minors},
    no_attacks_turn_one=True,
    outcome=ending1939.outcome,
    world_opinion=True,
    hpi_steps=(world_opinion,),
    after_turn=(ending1939.random_end,),
    arms=ARMS_1939,
    goal=goal_1939,
    player_bot=botworld.bot_1939,  # World Opinion and the victory list (ruling W-BOT)
    map_version=MAP_VERSION,
)

SOUTH_AMERICA = Scenario(
    info=ScenarioInfo(
        name="south-america",
        title="South American Battle Plan",
        powers=south_america_map().countries,
        min_players=2,
        max_players=9,
        description=(
            "The basic game on the South American spaces of the world map and the seas "
            "around them (ruling W-SA): one space each, the same forces for everyone."
        ),
        default_powers=("SEC", "SPE", "SNA", "SNC", "SRJ", "SAM"),
        names=_space_names(south_america_map()),
    ),
    game_map=south_america_map(),
    start=EUROPE_START,
    goal=basic_goal,
    player_bot=botworld.equal_bot,  # plays to conquer (ruling W-BOT)
    map_version=MAP_VERSION,
)

_REAL = real_positions()

REAL = Scenario(
    info=ScenarioInfo(
        name="real",
        title="World Wide Battle Plan: Real Forces",
        powers=tuple(p.code for p in _REAL),
        min_players=2,
        max_players=len(_REAL),
        description=(
            "The world of about 1982: the positions of the price list (some of several "
            "countries) start with their real forces, multipliers and research odds; no "
            "attacks on turn one; World Opinion; the game ends when everyone left has "
            "declared everyone else an ally, with winners by industry (WW real)."
        ),
        default_powers=tuple(p.code for p in _REAL[:REAL_DEFAULT_SEATS]),
        names=tuple((p.code, p.name) for p in _REAL),
    ),
    game_map=world_map(icepack=True),
    start=EUROPE_START,
    newspaper=True,
    holdings=real_holdings(),
    no_attacks_turn_one=True,
    outcome=endingreal.outcome,
    world_opinion=True,
    hpi_steps=(world_opinion,),
    setup=real_start,
    player_bot=botreal.bot_orders,
    goal=real_goal,
    # WW real: positions of the price list and a maximum turn fee
    signup=SignUp(
        check=check_positions,
        seat=lambda prefs, assigned, powers: seat_positions(
            prefs, assigned, powers, [p.code for p in _REAL[:REAL_DEFAULT_SEATS]], least=2
        ),
        help=(
            "3 to 6 positions of the price list, best first (codes or names: USA, Iraq & "
            "Kuwait) and your maximum turn fee ($4.50); only a fee: the special deal"
        ),
        choices=price_list(),
    ),
    map_version=MAP_VERSION,
)

SCENARIOS = (EUROPE, EQUAL, ANONYMOUS, WW1939, SOUTH_AMERICA, REAL)
