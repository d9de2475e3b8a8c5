"""The problem codes of Conquest of the World, declared once with their message templates.

``syntax/`` the line is not understood; ``order/`` it names something that does not exist;
``illegal/`` it is understood but not allowed now (the message names the rule).
"""

from __future__ import annotations

from umpire.core.errors import Catalogue, Code

CODES = Catalogue("conquest")
_ = CODES.declare

UNKNOWN_ORDER = _(
    "syntax/unknown_order",
    "no order {word!r}{context}",
    "The line starts with no order word of the notation.",
)
TOO_LONG = _(
    "syntax/too_long",
    "line too long ({size} characters): {line!r}",
    "A line longer than the notation reads.",
)
EMPTY = _("syntax/empty", "empty order: {line!r}", "A line with no order word.")
PASS_ALONE = _("syntax/pass_alone", "PASS takes nothing more: {line!r}", "Words after PASS.")
BAD_DIGIT = _(
    "syntax/bad_order",
    "call one number 0-9: {line!r}",
    "A DIGIT order (rule 3) calls one number from 0 to 9.",
)
NO_COUNTRY = _(
    "syntax/no_country",
    "name a country: {line!r}",
    "An ALLY, HOMELAND or ATTACK order names no country.",
)
ONE_COUNTRY = _(
    "syntax/one_country",
    "name one country: {line!r}",
    "A HOMELAND or ATTACK order names one country, not several.",
)
ONE_PLAYER = _(
    "syntax/one_player",
    "name one player: {line!r}",
    "A PACT or BREAK order names one player.",
)
UNKNOWN_COUNTRY = _(
    "order/unknown_country",
    "no country {name!r} on the board",
    "A country name, code or alias not on the board.",
)
UNKNOWN_POWER = _(
    "order/unknown_power",
    "no player {name!r} (players: {players})",
    "A player alliance names a colour not seated in this game.",
)
UNKNOWN_WEAPON = _(
    "order/unknown_weapon",
    "name TANK, SUB or PLANE, then CAUTIOUS or AGGRESSIVE: {line!r}",
    "A weapon other than TANK, SUB, PLANE (rule 12).",
)
UNKNOWN_POSTURE = _(
    "order/unknown_posture",
    "no posture {posture!r}: {line!r}",
    "A posture other than CAUTIOUS, AGGRESSIVE (rule 12).",
)
NOT_YOUR_TURN = _(
    "illegal/not_your_turn",
    "{power} has no orders to give now (due from {due})",
    "Only the players the turn waits for may order (pending powers).",
)
WRONG_PHASE = _(
    "illegal/wrong_phase",
    "no {order} now: the {phase} phase does not take it",
    "The order is not one this phase takes.",
)
ALLY_PHASE = _(
    "illegal/ally_phase",
    "no ALLY now: alliances are bought only with the attack option (rule 9A)",
    "After the home alliances, an alliance is bought only in the attack phase.",
)
WEAPON_PHASE = _(
    "illegal/weapon_phase",
    "no {weapon} now: weapons are for battles only",
    "A weapon is chosen in a battle (rule 12) or the endgame's duel (rule 21) only.",
)
DUPLICATE = _(
    "illegal/duplicate", "{order!r} is refused: given twice", "The same order twice in a turn."
)
ONE_A_TURN = _(
    "illegal/one_a_turn",
    "{order!r} is refused: one DIGIT, HOMELAND, ATTACK, PASS or weapon a turn",
    "One order of these kinds a turn.",
)
TAKEN = _("illegal/taken", "{country} is taken: {owner} holds it", "The country is held already.")
HOMELAND_TAKEN = _(
    "illegal/homeland_taken",
    "{country} is taken: it is a Homeland",
    "A home alliance is not made with a Homeland.",
)
NOT_HOME_ZONE = _(
    "illegal/not_home_zone",
    "{country} is not in your Homeland zone (rule 4A)",
    "The first alliances are within the home zone only.",
)
OVER_CAPABILITY = _(
    "illegal/over_capability",
    "{country} would take your alliances to {total}, past your Homeland's {limit} (rule 4A)",
    "Home-zone alliances may not add up to more than the Homeland's value.",
)
OTHER_HOME_ZONE = _(
    "illegal/other_home_zone",
    "{country} is in another player's Homeland zone (rule 9A)",
    "No alliance is bought in another player's Homeland zone.",
)
OCCUPIED = _(
    "illegal/occupied",
    "{country} is occupied (rule 9A: unoccupied countries only)",
    "Alliances are bought with unoccupied countries only.",
)
CHIPS = _(
    "illegal/chips",
    "an alliance with {country} costs {cost} PBU in chips; you have {purse} (rule 9B)",
    "Not enough chips (with a player ally's, rule 18B) to pay for an alliance.",
)
CHIPS_ATTACK = _(
    "illegal/chips_attack",
    "attacking {country} costs {cost} PBU in chips; you have {purse} (rules 15A, 19B)",
    "Not enough chips (with a player ally's, rule 18B) to pay for attacking an occupied country.",
)
OWN_COUNTRY = _("illegal/own_country", "{country} is yours", "A player does not attack his own.")
ALLY_COUNTRY = _(
    "illegal/ally_country",
    "{country} is held by your ally {owner} (rule 18C)",
    "Allied players do not attack each other.",
)
HOMELAND_SHIELDED = _(
    "illegal/homeland_shielded",
    "{country} is a Homeland: first conquer {borders} (rule 19A)",
    "A Homeland is attacked only once the countries bordering it are the enemy's.",
)
NO_DEFENDER = _(
    "illegal/no_defender",
    "nobody may defend {country}: the others are your allies (rules 11A, 18C)",
    "An unoccupied country needs a defender who is not the attacker's ally.",
)
ONE_ALLIANCE = _(
    "illegal/one_alliance",
    "one alliance per attack option and per war won (rules 9A, 13D, 16E)",
    "One bought alliance per attack option and per war won.",
)
ONE_ALLIANCE_AT_A_TIME = _(
    "illegal/one_alliance_at_a_time",
    "one alliance at a time (rules 9A, 13D, 16E)",
    "One ALLY order in a submission of the attack phase.",
)
FINAL_ROUND = _(
    "illegal/final_round",
    "{country} is unoccupied: the final round attacks occupied countries only (rule 20A)",
    "The final round is fought under the rules of occupied countries.",
)
WEAPON_DESTROYED = _(
    "illegal/weapon_destroyed",
    "your {weapon} was destroyed in this war (rule 12F)",
    "A destroyed weapon is not used again in the war.",
)
WEAPON_LOST = _(
    "illegal/weapon_lost",
    "your {weapon} was lost in the last battle (rule 21F)",
    "The weapon lost in the endgame's last battle is not used in the next.",
)
PACT = _(
    "illegal/pact",
    "no player alliance with {other}: not another player in the game",
    "A player alliance (rule 18) is made with another player of the game.",
)
NO_PACT = _(
    "illegal/no_pact",
    "no player alliance with {other}: you have none to break",
    "BREAK names a player one is allied with.",
)
PACT_CLOSED = _(
    "illegal/pact_closed",
    "no player alliance with {other}: player alliances are formed only until the board is "
    "filled (rule 18A)",
    "No new player alliance in the final round or the endgame.",
)
PACT_PLAYERS = _(
    "illegal/pact_players",
    "no player alliance with {other}: player alliances need 3 or more players (rule 18)",
    "Player alliances are for games of three or more.",
)
PACT_BROKEN = _(
    "illegal/pact_broken",
    "no player alliance with {other}: it was broken and is never renewed (rule 18F)",
    "A broken player alliance is not made again.",
)
PACT_EXISTS = _(
    "illegal/pact_exists",
    "no player alliance with {other}: you are allied already",
    "The two players are allied already.",
)
PACT_AT_WAR = _(
    "illegal/pact_at_war",
    "no player alliance with {other}: you are at war with each other (ruling C9)",
    "The attacker and the defender of the war under way do not ally.",
)
CONFLICT = _(
    "illegal/conflict",
    "you ally with {country} in this submission: no attack on it",
    "An order contradicts another of the same submission.",
)

# -- void/: orders kept (legal) that the turn will not carry out; the receipt warns of them on
# their line (core's HasWarnings), they are never refused here.
VOID_ATTACK_BOARD_FULL = _(
    "void/attack_board_full",
    "your ALLY {ally} occupies the last unoccupied country: every country is then occupied "
    "and the final round begins with the player to your left, you last (rule 20A); this "
    "attack will not be made now: {order!r}",
    "An attack ordered with an alliance that fills the board: the alliance is bought first "
    "and the final round starts at once (ruling C8); the attack is not made.",
)

__all__ = ["CODES", "Code"]
