"""Every problem code Battle Plan gives a player, declared once with its message template.

``order`` in a template is the order as the player wrote it (its body, without the ``@``
header). Families: ``syntax/`` (not an order of section 8), ``order/`` (names a space or a
player that does not exist), ``illegal/`` (understood, but not allowed now: 2C, 4, 7, 11, 12).
"""

from __future__ import annotations

from umpire.core.errors import Catalogue

ERRORS = Catalogue("battleplan")
declare = ERRORS.declare

# -- syntax: the notation of section 8 -------------------------------------------------------

NUMBER_TOO_LONG = declare(
    "syntax/number_too_long",
    "{order!r}: quantities have at most {digits} digits",
    "A quantity longer than six digits.",
)
STANDING_WITHOUT_SPACE = declare(
    "syntax/standing_without_space",
    "{order!r}: a standing order must follow @ and the country it is for",
    "A standing order (11) among the player orders.",
)
STANDING_SLOT = declare(
    "syntax/standing_slot",
    "{order!r}: standing orders are /1/ to /5/",
    "Section 11 allows five standing orders per country.",
)
STANDING_ORDER = declare(
    "syntax/standing_order",
    "{order!r}: {inner!r} is not a space order (section 8)",
    "What follows /k/ is not a space order.",
)
UNKNOWN_ORDER = declare(
    "syntax/unknown_order",
    "{order!r} is not an order of section 8",
    "The token is no order of section 8.",
)
SPACE_ORDER_WITHOUT_SPACE = declare(
    "syntax/space_order_without_space",
    "{order!r} is a space order: write @XXX (the space) before it",
    "A space order among the player orders.",
)
EMPTY_MESSAGE = declare(
    "syntax/empty_message",
    "{order!r}: the message has no text",
    "A diplomatic message (16) with nothing to say.",
)
MESSAGE_TOO_LONG = declare(
    "syntax/message_too_long",
    "{order!r}...: a message holds at most {limit} characters (16: a 3x5 card)",
    "A diplomatic message longer than a 3x5 card (ruling R-M1).",
)

# -- order: names that do not exist ----------------------------------------------------------

UNKNOWN_POWER = declare(
    "order/unknown_power",
    "{power!r} is not playing in this game",
    "The power is not seated in this game.",
)
UNKNOWN_SPACE = declare(
    "order/unknown_space",
    "{order!r}: there is no space {space!r}",
    "A space code that is not on the map (15B).",
)
UNKNOWN_PLAYER = declare(
    "order/unknown_player",
    "{order!r}: there is no player {player}",
    "A player number not in this game.",
)

# -- illegal: understood, not allowed now ----------------------------------------------------

ZERO_QUANTITY = declare(
    "illegal/zero_quantity",
    "{order!r}: the quantity must be at least 1",
    "An order for no units or no Dollars.",
)
BUILD_AT_SEA = declare(
    "illegal/build_at_sea",
    "{order!r}: build orders are for countries only (8)",
    "Build orders are for countries only.",
)
NO_COAST = declare(
    "illegal/no_coast",
    "{order!r}: {space} has no coast, so it cannot build Navy",
    "Navy is built only where there is a coast (4B, 4D).",
)
MINOR_CANNOT_MOVE = declare(
    "illegal/minor_cannot_move",
    "{order!r}: a minor's forces cannot move (2C)",
    "A minor's forces never move (2C, 4C.4, 4D.2, 4E.4).",
)
NOT_A_COUNTRY = declare(
    "illegal/not_a_country",
    "{order!r}: {space} is a sea; {what} (2D, 4F, 4G, 5D, 6B, 8)",
    "The order needs a country (a CCC of section 8) and names a sea.",
)
MINOR_CANNOT_CONQUER = declare(
    "illegal/minor_cannot_conquer",
    "{order!r}: a minor's army cannot conquer (2C)",
    "Minors may attack but never conquer (2C, 4C.1).",
)
ATTACK_OWN_COUNTRY = declare(
    "illegal/attack_own_country",
    "{order!r}: {space} is your own country (12A)",
    "No attack of any kind on one's own occupied country (12A).",
)
NAVY_ATTACK_FROM_PORT = declare(
    "illegal/navy_attack_from_port",
    "{order!r}: only Navy at sea can attack (4D.3)",
    "Navy in port cannot attack (4D.3).",
)
OUT_OF_RANGE = declare(
    "illegal/out_of_range",
    "{order!r}: {to} is not within air range of {frm} (4E.1)",
    "AirForce, Missiles and AntiMissiles move within air range (4E.1, 4F.2, 4G.2).",
)
STRAIT_CLOSED = declare(
    "illegal/strait_closed",
    "{order!r}: {canal} is closed to you (7)",
    "Only the holder of Turkey (WW: of a canal) and those he permits pass the strait (7).",
)
NOT_COASTAL = declare(
    "illegal/not_coastal",
    "{order!r}: Navy in port can only go to its own sea (4D)",
    "Navy in a country only goes out to an adjacent sea (4D.2).",
)
NOT_ADJACENT = declare(
    "illegal/not_adjacent",
    "{order!r}: {to} is not adjacent to {frm} (15B)",
    "Army and Navy act on adjacent spaces only (4C, 4D, 15B).",
)
SELF = declare(
    "illegal/self",
    "{order!r}: that order cannot name yourself",
    "An order that cannot name the player who gives it.",
)
SPY_OWN_COUNTRY = declare(
    "illegal/spy_own_country",
    "{order!r}: you own {space} already (6B)",
    "No spies to one's own countries (6B).",
)
PROPORTION = declare(
    "illegal/proportion",
    "{order!r}: a default proportion is 0 to 100 (10)",
    "Default build proportions are 0 to 100 (10).",
)
DUPLICATE_ORDER = declare(
    "illegal/duplicate_order",
    "{order!r}: one order of this kind only (12C)",
    "Two orders differing only by their number (12C).",
)
NOT_ENOUGH_DOLLARS = declare(
    "illegal/not_enough_dollars",
    "{order!r}: you have ${left} left",
    "The orders spend more Dollars than the player has (5A).",
)
NOT_ENOUGH_SPIES = declare(
    "illegal/not_enough_spies",
    "{order!r}: you have {left} to send",
    "More spies or counterspies sent than are trained (6B, 6C).",
)
NOT_ENOUGH_INDUSTRY = declare(
    "illegal/not_enough_industry",
    "{order!r}: {left} Industry left",
    "Builds using more usable Industry than the country has (4B, 12E).",
)
NOT_ENOUGH_UNITS = declare(
    "illegal/not_enough_units",
    "{order!r}: only {left} {unit} left at {space}",
    "More units ordered than are there and able to act.",
)
ATTACKS_OWN_FORCES = declare(
    "illegal/attacks_own_forces",
    "{order!r}: it would attack your own forces (12B)",
    "Attack plus support (or move) on the same space (12B).",
)
NOT_YOUR_SPACE = declare(
    "illegal/not_your_space",
    "{order!r}: you give no orders for {space}",
    "Orders only for one's countries, controlled minors and seas with one's forces (8).",
)
OUT_OF_GAME = declare(
    "illegal/out_of_game",
    "you occupy no country and control no forces: you are out of the game (1A)",
    "A player with no occupied country and no forces gives no orders (1A, ruling R-OUT).",
)
STANDING_AT_SEA = declare(
    "illegal/standing_at_sea",
    "{order!r}: no standing orders for seas (11)",
    "Standing orders are for countries only (11).",
)
NO_FREE_MESSAGES = declare(
    "illegal/no_free_messages",
    "{order!r}: no diplomatic messages in this game; use the numbered message orders (pMn)",
    "Anonymous World Wide Battle Plan allows only the numbered message orders (WW anonymous).",
)
UNKNOWN_MESSAGE_ORDER = declare(
    "illegal/unknown_message_order",
    "{order!r}: there is no known message {number} (known: 1 to {last})",
    "A numbered message order beyond the known list (WW anonymous; ruling W-ANON1).",
)
MESSAGE_SUBJECT = declare(
    "illegal/message_subject",
    "{order!r}: message {number} takes {wanted}",
    "A numbered message order with the wrong fill-in: none, a space code or a player number.",
)
NO_NEWSPAPER = declare(
    "illegal/no_newspaper",
    "{order!r}: this game has no World Newspaper",
    "Articles for the World Newspaper are for World Wide games (WW newspaper).",
)
FORGED_SIGNATURE = declare(
    "illegal/forged_signature",
    "{order!r}: you cannot sign another player's name ([{other}])",
    "An article signed with another player's number (WW newspaper; ruling W-NEWS1).",
)
NO_ATTACKS_TURN_ONE = declare(
    "illegal/no_attacks_turn_one",
    "{order!r}: no attacks on turn one in this game (you may still declare enemies)",
    "Real Forces and 1939 reserve turn one for spies, propaganda and moves (WW real.turn1).",
)
NO_WORLD_OPINION = declare(
    "illegal/no_world_opinion",
    "{order!r}: this game has no World Opinion lists",
    "Good-guy and bad-guy lists are for Real Forces and 1939 games (WW opinion).",
)
BOMBER_AT_SEA = declare(
    "illegal/bomber_at_sea",
    "{order!r}: strategic bombers cannot attack or support from a sea; they can only transfer",
    "1939: AirForce at sea (strategic bombers on transports) may only transfer (WW 1939.bombers).",
)
BOMBER_RANGE = declare(
    "illegal/bomber_range",
    "{order!r}: {what}",
    "1939: AirForce at sea may only land in a country on that sea; AirForce ending up at sea "
    "may only go to a sea on its own coast (WW 1939.bombers; ruling W-1939B).",
)
NO_ANTIMISSILES = declare(
    "illegal/no_antimissiles",
    "{order!r}: there are no antimissiles in this game",
    "1939 has no antimissiles: no building, research, default build or move of them "
    "(WW 1939.missiles).",
)
NO_MISSILE_RESEARCH = declare(
    "illegal/no_missile_research",
    "{order!r}: your position can never research missiles in this game",
    "1939: only certain players may create a missile multiplier by research "
    "(WW 1939.missiles; ruling W-1939M).",
)

# -- setup: choosing positions (WW real) ---------------------------------------------------

UNKNOWN_POSITION = declare(
    "setup/unknown_position",
    "{position!r} is no position of the Real Forces price list",
    "A sign-up names a position that is not on the price list (WW real).",
)
NO_POSITION = declare(
    "setup/no_position",
    "player {player}: no position he listed is free at a turn fee of at most ${fee}",
    "Every position a player listed is taken or costs more than his maximum fee (WW real).",
)

# -- setup: sign-up preferences (WW equal, WW real; ruling W-SIGNUP) ---------------------

UNKNOWN_START_SPACE = declare(
    "setup/unknown_start_space",
    "{space!r} is no country of the map: list the codes of land spaces (EFR, NTX ...)",
    "An Equal Forces sign-up lists a starting space that is no land space of the map.",
)
ISLAND_NOT_ASKED = declare(
    "setup/island_not_asked",
    "{space!r} is an island; you start there only if you ask for it: write 'ISLAND {space}'",
    'WW equal: "you won\'t start with an island unless you specifically request it" '
    "(ruling W-SIGNUP).",
)
NOT_AN_ISLAND = declare(
    "setup/not_an_island",
    "{space!r} is not an island: list it without 'ISLAND'",
    "A sign-up asks for an island that is not one (ruling W-SIGNUP).",
)
TOO_MANY_PREFERENCES = declare(
    "setup/too_many_preferences",
    "{count} choices listed: at most {most} are taken ({why})",
    "A sign-up lists more choices than the scenario takes (ruling W-SIGNUP).",
)
NOTHING_WITHIN_FEE = declare(
    "setup/nothing_within_fee",
    "nothing you listed is within your maximum turn fee of {fee}: {prices}; list cheaper "
    "positions of the price list, or raise the fee",
    "WW real: every position a sign-up lists (or, with only a fee, every position after the "
    "special deal's discount) costs more than the maximum fee it gives, so it could never be "
    "seated (ruling W-SIGNUP3).",
)
BAD_FEE = declare(
    "setup/bad_fee",
    "{text!r}: {problem}",
    "WW real: the maximum turn fee of a sign-up is written once, as $4.50 (ruling W-SIGNUP).",
)

# --- void/: orders kept (legal) that the turn will not use whatever the others order; the
# receipt warns of them on their line (core's HasWarnings), they are never refused here.
STANDING_UNUSED = declare(
    "void/standing_unused",
    "filed for later turns, but not used this turn: {why}: {order!r}",
    "A standing order given with the turn's own orders that the turn cannot use beside them "
    "(BP 11, 12D: an order of the same kind given this turn takes precedence, as do the limits "
    "on combinations of orders and the units and Industry left): it is filed for later turns.",
)
