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
BAD_ORDER = _(
    "syntax/bad_order",
    "{problem}: {line!r}",
    "The order word is known but what follows is not its form.",
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
    "{problem}: {line!r}",
    "A weapon other than TANK, SUB, PLANE or a posture other than CAUTIOUS, AGGRESSIVE.",
)
NOT_YOUR_TURN = _(
    "illegal/not_your_turn",
    "{power} has no orders to give now (due from {due})",
    "Only the players the turn waits for may order (pending powers).",
)
WRONG_PHASE = _(
    "illegal/wrong_phase", "no {order} now: {reason}", "The order is not one this phase takes."
)
DUPLICATE = _("illegal/duplicate", "{order!r} is refused: {kind}", "One order of this kind a turn.")
TAKEN = _("illegal/taken", "{country} is taken: {why}", "The country is held already.")
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
    "{what} costs {cost} PBU in chips; you have {purse} ({rule})",
    "Not enough chips (with a player ally's, rule 18B) to pay.",
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
    "one alliance {when} (rules 9A, 13D, 16E)",
    "One bought alliance per attack option and per war won.",
)
FINAL_ROUND = _(
    "illegal/final_round",
    "{country} is unoccupied: the final round attacks occupied countries only (rule 20A)",
    "The final round is fought under the rules of occupied countries.",
)
WEAPON_LOST = _(
    "illegal/weapon_lost",
    "your {weapon} {reason}",
    "A destroyed weapon is not used again in the war (12F) or the next battle (21F).",
)
PACT = _(
    "illegal/pact",
    "no player alliance with {other}: {reason}",
    "A player alliance that cannot be made or broken now (rule 18).",
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
