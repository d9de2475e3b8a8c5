"""The problem codes of Conquest of the World, declared once.

``syntax/`` the line is not understood; ``order/`` it names something that does not exist;
``illegal/`` it is understood but not allowed now (the message says which rule forbids it).
"""

from __future__ import annotations

UNKNOWN_ORDER = "syntax/unknown_order"
BAD_ORDER = "syntax/bad_order"
UNKNOWN_COUNTRY = "order/unknown_country"
UNKNOWN_POWER = "order/unknown_power"
UNKNOWN_WEAPON = "order/unknown_weapon"

NOT_YOUR_TURN = "illegal/not_your_turn"
WRONG_PHASE = "illegal/wrong_phase"
DUPLICATE = "illegal/duplicate"
TAKEN = "illegal/taken"
NOT_HOME_ZONE = "illegal/not_home_zone"
OVER_CAPABILITY = "illegal/over_capability"
OTHER_HOME_ZONE = "illegal/other_home_zone"
OCCUPIED = "illegal/occupied"
CHIPS = "illegal/chips"
OWN_COUNTRY = "illegal/own_country"
ALLY_COUNTRY = "illegal/ally_country"
HOMELAND_SHIELDED = "illegal/homeland_shielded"
NO_DEFENDER = "illegal/no_defender"
ONE_ALLIANCE = "illegal/one_alliance"
FINAL_ROUND = "illegal/final_round"
WEAPON_LOST = "illegal/weapon_lost"
PACT = "illegal/pact"
CONFLICT = "illegal/conflict"
