"""The problem codes of Origins' orders, declared once with their message templates.

``syntax/`` and ``order/`` codes come from the notation (one line not understood, or naming
an area or player that does not exist); ``illegal/`` codes from the notation where one line
alone breaks a rule, and from :mod:`~umpire.games.origins.legality` for the whole submission.
A line problem's message ends with the line quoted; a legality problem's with the order's
canonical text.
"""

from __future__ import annotations

from umpire.core.errors import Catalogue

ORIGINS = Catalogue("origins")
declare = ORIGINS.declare

# --- the notation: one line -------------------------------------------------------------
UNKNOWN_ORDER = declare(
    "syntax/unknown_order", "unknown order {word!r}{context}", "The first word is no order."
)
MISSING_NUMBER = declare(
    "syntax/missing_number", "{what} is missing in {line!r}", "A number of PFs is missing."
)
NOT_A_NUMBER = declare(
    "syntax/number",
    "{token!r} is not a number of PFs from 1 to {most} in {line!r}",
    "A number of PFs that is not a whole number from 1 to 999.",
)
MISSING_AREA = declare("syntax/missing_area", "an area is missing in {line!r}", "")
UNKNOWN_AREA = declare(
    "order/unknown_area", "unknown area {token!r} in {line!r}", "No area has that name or code."
)
MISSING_POWER = declare("syntax/missing_power", "a player is missing in {line!r}", "")
UNKNOWN_POWER = declare(
    "order/unknown_power", "unknown player {token!r} in {line!r}", "No player has that name."
)
DUPLICATE_PLAYER = declare(
    "illegal/duplicate_player", "{power} is named twice in {line!r}", "A player named twice."
)
TRAILING = declare(
    "syntax/trailing", "unexpected {rest!r} in {line!r}", "Words left over after an order."
)
MOVE_FROM_ABROAD = declare(
    "illegal/move_from_abroad",
    "PFs outside the home area may not be moved (from {origin}) in {line!r}",
    "OWW 3.3: only PFs in the home area may be moved.",
)
MISSING_WITH = declare(
    "syntax/missing_with", "WITH <number of PFs> is missing in {line!r}", "An attack's strength."
)
CONDITION = declare(
    "syntax/condition",
    "a condition reads '<player> [NOT] PLACED' in {line!r}",
    "An attack's IF condition is not understood (OWW 4.7).",
)
DUPLICATE_CONDITION = declare(
    "illegal/duplicate_condition",
    "{power} is named twice in {line!r}",
    "An attack's conditions name a player twice.",
)
SPY_TARGETS = declare(
    "illegal/spy_targets",
    "at most {most} player(s) may be spied on {where} in {line!r}",
    "OWW 6.1: one opposing player in another area, two in one's home area.",
)

# --- legality of the whole submission ---------------------------------------------------
GAME_OVER = declare("illegal/game_over", "the game is over", "No orders after the last turn.")
CONTROL_MARKED = declare(
    "illegal/control_marked",
    "{area} holds a Control marker (OWW 3.5)",
    "OWW 1.6, 3.5: nothing more happens in a Control-marked area.",
)
TOO_MANY_PFS = declare(
    "illegal/too_many_pfs",
    "{power} has {available} PFs this turn and has placed {placed} already",
    "OWW 3.1, 3.2: placements beyond the PFs of the turn.",
)
MOVE_HOME = declare("illegal/move_home", "PFs are moved from the home area, not to it", "OWW 3.2.")
MOVE_EXCEEDS_HOME = declare(
    "illegal/move_exceeds_home",
    "{power} has {pfs} PFs in its home area to move (OWW 3.2)",
    "OWW 3.2: moves beyond the PFs in the home area.",
)
SPY_SELF = declare("illegal/spy_self", "{power} cannot spy on itself", "OWW 6.1.")
SECOND_SPY = declare(
    "illegal/second_spy",
    "only one such espionage order is allowed (OWW 6.1)",
    "OWW 6.1: one area mission, and one mission in the home area.",
)
ATTACK_SELF = declare("illegal/attack_self", "{power} cannot attack itself", "OWW 4.1.")
SECOND_ATTACK = declare(
    "illegal/second_attack",
    "{power} already attacks in {area} (OWW 4.3)",
    "OWW 4.3: one attack per area.",
)
STRENGTH = declare(
    "illegal/strength",
    "{power} can have at most {most} PFs in {area} (OWW 4.4, 4.5)",
    "An attack with more PFs than the power could have in the area this turn.",
)
SECOND_MARKER = declare(
    "illegal/second_marker", "a marker is already ordered in {area}", "One marker per area."
)
NO_OBJECTIVE = declare(
    "illegal/no_objective",
    "{power} scores nothing in {area} (OWW 5.2)",
    "OWW 5.2: an Understanding only where the power has an objective.",
)
HAS_MARKER = declare(
    "illegal/has_marker", "{power} already has a marker in {area}", "One marker per area."
)
TOO_FEW_PFS = declare(
    "illegal/too_few_pfs",
    "{power} can have at most {most} PFs in {area} ({rule})",
    "OWW 5.2, 5.3.3: a marker needs 5 PFs in the area.",
)
NO_CONTROL_ENTRY = declare(
    "illegal/no_control_entry",
    "{power} has no Control entry for {area} (OWW 2.3)",
    "OWW 2.3: Control only where the power's chart has an entry.",
)
SHARE_SELF = declare("illegal/share_self", "{power} cannot share control with itself", "OWW 5.4.")
SHARE_INELIGIBLE = declare(
    "illegal/share_ineligible",
    "{powers} cannot hold a Control marker in {area} (OWW 5.4)",
    "OWW 5.4: a shared Control only with powers that may hold one there.",
)

# --- void/: orders kept (legal) that the turn will not carry out whatever the others order;
# the receipt warns of them on their line (core's HasWarnings), they are never refused here.
VOID_ATTACK = declare(
    "void/attack_no_pfs",
    "{power} has no PFs in {area} and this submission places or moves none there: the attack "
    "will not be carried out (OWW 4.1, 4.4): {order!r}",
    "An attack in an area (not the home area) where the power has no PFs and places or moves "
    "none this turn: other players can only take PFs away, so it is void.",
)
VOID_MARKER = declare(
    "void/marker_too_few_pfs",
    "{power} will have at most {most} PFs in {area} after this submission's placements and "
    "moves; the marker needs 5 ({rule}): {order!r}",
    "An Understanding or Control order in an area (not the home area) where the power's PFs "
    "with this turn's own placements and moves stay under 5: conflicts only take PFs away.",
)
