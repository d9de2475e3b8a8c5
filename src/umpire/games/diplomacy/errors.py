"""The problem codes of Diplomacy (the standard game and 1939 III), declared once with their
message templates; ``docs/errors.md`` is generated from this catalogue.

Most templates end with the player's line, quoted (``{text!r}``). A code that covers several
situations of one kind (``illegal/wrong_phase``: a movement order in a winter, a transfer in a
retreat phase ...) says which in its ``{reason}``. Where the bad word may be the whole line,
the template's ``{context}`` is :func:`context`: the line only when it adds something
(``unknown province 'moon' in 'A Par - Moon'``, but ``unknown province 'foo'``).

>>> UNKNOWN_PROVINCE.message(name="foo", context=context("foo", "Foo"))
"unknown province 'foo'"
>>> UNKNOWN_PROVINCE.message(name="foo", context=context("foo", "A foo"))
"unknown province 'foo' in 'A foo'"
"""

from __future__ import annotations

from umpire.core.errors import Catalogue, in_line

CODES = Catalogue("diplomacy")


# `` in '<the line>'``, or nothing where the line is the bad word alone (core's).
context = in_line


_ = CODES.declare

# -- syntax/: the line is not understood ----------------------------------------------------------

EMPTY = _("syntax/empty", "empty order {text!r}", "A line with no order on it.")
UNREADABLE = _("syntax/unreadable", "cannot read {text!r}", "A line the notation cannot read.")
EXPECTED_PROVINCE = _(
    "syntax/expected_province",
    "expected a province {where} in {text!r}",
    "A place in the order where a province name must stand.",
)
EXPECTED_CONVOY = _(
    "syntax/expected_convoy",
    "expected 'convoy' after 'via' in {text!r}",
    "'via' not followed by 'convoy'.",
)
EXPECTED_MOVE = _(
    "syntax/expected_move",
    "expected '-' and a destination in the convoy in {text!r}",
    "A convoy order that does not say where the army goes.",
)
UNKNOWN_ORDER = _(
    "syntax/unknown_order",
    "cannot read {word!r} as an order in {text!r}",
    "The word after the unit is no order (hold, move, support, convoy, retreat, disband).",
)
TRAILING_TEXT = _(
    "syntax/trailing_text",
    "unexpected {rest!r} in {text!r}",
    "Words after a complete order.",
)
AMOUNT = _(
    "syntax/amount",
    "a transfer needs a positive amount: {text!r}",
    "1939 III: a transfer of no supply points (D39 12).",
)
CONVOY = _(
    "syntax/convoy",
    "write F(NTH) C T(Lon) - Bel: {text!r}",
    "1939 III: a tank convoy order in an unreadable form (D39 27).",
)
TANK_MOVE = _(
    "syntax/tank_move",
    "{reason}: {text!r}",
    "1939 III: a tank movement in an unreadable form, or over more than two provinces (D39 23).",
)
FLIGHT = _(
    "syntax/flight",
    "{reason}: {text!r}",
    "1939 III: a bomber's flight path missing or with an empty step (D39 37).",
)
MISSION = _(
    "syntax/mission",
    "{reason} in {text!r}",
    "1939 III: a bomber mission that is not S [unit ...], (N) or (R) (D39 38-40).",
)
MISSIONS = _(
    "syntax/missions",
    "{reason}: {text!r}",
    "1939 III: more than one mission in one flight (D39 37).",
)

# -- order/: understood, but names what does not exist, or is replaced ----------------------------

UNKNOWN_PROVINCE = _(
    "order/unknown_province",
    "unknown province {name!r}{context}",
    "A province name that is not on the map (names and abbreviations, any case).",
)
UNKNOWN_COAST = _(
    "order/unknown_coast",
    "unknown coast {coast!r} in {text!r}",
    "Brackets or a slash after a province that name no coast (nc, sc, ec, north coast ...).",
)
OTHER_POWER = _(
    "order/other_power",
    "a line headed {head!r} is not {power}'s: {text!r}",
    "A line prefixed with another power's name (``Germany: A mun - bur`` sent by France).",
)
UNKNOWN_POWER = _(
    "order/unknown_power",
    "unknown power {word!r} in {text!r}",
    "1939 III: a transfer or landing permission naming no power of the game.",
)
SUPERSEDED = _(
    "order/superseded",
    "{order!r} is replaced by the order on line {last}",
    "A unit ordered twice: the last order counts, the earlier one is reported (ruling).",
)

# -- illegal/: understood, not allowed now --------------------------------------------------------

WRONG_PHASE = _(
    "illegal/wrong_phase", "{reason}: {text!r}", "An order of a kind this phase does not take."
)
GAME_OVER = _("illegal/game_over", "the game is over: {text!r}", "Orders after the game's end.")
NO_UNIT = _(
    "illegal/no_unit",
    "{reason}: {text!r}",
    "No unit (of this power, where it must be) in the province the order names.",
)
NOT_YOUR_UNIT = _(
    "illegal/not_your_unit",
    "{reason}: {text!r}",
    "The unit ordered belongs to another power (or is neutral).",
)
SAME_PLACE = _(
    "illegal/same_place", "a unit cannot move to itself: {text!r}", "A move to its own province."
)
UNREACHABLE = _(
    "illegal/unreachable",
    "{reason}: {text!r}",
    "A move or support into a province the unit does not border (or an army into the sea).",
)
COAST = _(
    "illegal/coast",
    "{reason}: {text!r}",
    "A move or fleet build into a split-coast province without a coast that can be reached.",
)
CONVOY_FLEET = _(
    "illegal/convoy_fleet",
    "only armies can be convoyed: {text!r}",
    "A convoy of a fleet, or a fleet's move via convoy.",
)
NO_CONVOY = _(
    "illegal/no_convoy",
    "no fleets at sea could convoy this army: {text!r}",
    "A move by convoy that no chain of fleets at sea could carry (DATC 4.E.1).",
)
CONVOY_FROM_COAST = _(
    "illegal/convoy_from_coast",
    "only a fleet at sea can convoy: {text!r}",
    "A convoy order for an army or a coastal fleet.",
)
CONVOY_ROUTE = _(
    "illegal/convoy_route",
    "{reason}: {text!r}",
    "A convoy no route needs, or between provinces no convoy can join (DATC 6.G.19).",
)
SUPPORT_SELF = _(
    "illegal/support_self",
    "{reason}: {text!r}",
    "A support of the unit itself or of a move into its own province.",
)
IMPOSSIBLE_MOVE = _(
    "illegal/impossible_move",
    "{reason}: {text!r}",
    "A support of a move the supported unit could never make.",
)
NOT_DISLODGED = _(
    "illegal/not_dislodged",
    "no dislodged unit in {here}: {text!r}",
    "A retreat for a province with no dislodged unit.",
)
RETREAT = _(
    "illegal/retreat",
    "{loc} cannot retreat to {dest}: {text!r}",
    "A retreat to a province not among the unit's options.",
)
NOT_HOME = _(
    "illegal/not_home",
    "{here} is not a home supply centre of {power}: {text!r}",
    "A build outside the power's home supply centres.",
)
NOT_OWNED = _(
    "illegal/not_owned",
    "{power} does not own {here}: {text!r}",
    "A build in a home centre the power no longer owns.",
)
OCCUPIED = _("illegal/occupied", "{here} is occupied: {text!r}", "A build in an occupied centre.")
KIND = _(
    "illegal/kind",
    "{reason}: {text!r}",
    "A unit letter that does not fit: a build of no known kind, or a retreat naming another.",
)
FLEET_INLAND = _(
    "illegal/fleet_inland",
    "a fleet cannot be built inland: {text!r}",
    "A fleet build in an inland centre.",
)

TOO_MANY_BUILDS = _(
    "illegal/too_many_builds",
    "{power} has {count} build(s) to make: this one is beyond them: {text!r}",
    "A build (or waive) beyond the power's allowance this winter (DATC 6.I.1).",
)
SECOND_BUILD = _(
    "illegal/second_build",
    "{here} is already built in on line {first}: {text!r}",
    "A second build in one centre in one winter (DATC 6.I.7).",
)
TOO_MANY_REMOVALS = _(
    "illegal/too_many_removals",
    "{power} has {count} unit(s) to remove: this one is beyond them: {text!r}",
    "A removal beyond the number the power must make this winter (DATC 6.J.1).",
)
SECOND_REMOVAL = _(
    "illegal/second_removal",
    "{unit} is already removed on line {first}: {text!r}",
    "The same unit removed twice (DATC 6.J.2).",
)
WRONG_ADJUSTMENT = _(
    "illegal/wrong_adjustment",
    "{power} has {what} this winter: {text!r}",
    "A build from a power that must remove units, or a removal from one that may build.",
)

# -- illegal/, 1939 III -------------------------------------------------------------------------

NO_TANK = _(
    "illegal/no_tank", "{reason}: {text!r}", "1939 III: a tank order with no tank (D39 23, 27)."
)
ROUTE = _(
    "illegal/route",
    "no tank movement {loc}-{route}-{dest}",
    "1939 III: a tank movement whose steps do not cross army borders (D39 23).",
)
BOMBER = _(
    "illegal/bomber",
    "a bomber stands or flies a path: {text!r}",
    "1939 III: a bomber given a ground unit's order (D39 37).",
)
FLIGHT_PATH = _(
    "illegal/flight_path",
    "{here} does not border {step}: {text!r}",
    "1939 III: a flight path between spaces that do not border (D39 37).",
)
RANGE = _(
    "illegal/range",
    "the flight costs {cost:g}, the range is {limit}: {text!r}",
    "1939 III: a flight longer than the bomber's range this season (D39 33, 34).",
)
LANDING = _(
    "illegal/landing",
    "a bomber must end its move on land (D39 36): {text!r}",
    "1939 III: a flight that ends at sea.",
)
RAID = _(
    "illegal/raid",
    "{reason}: {text!r}",
    "1939 III: a strategic raid on no centre, or not returning to take-off (D39 40).",
)
MISSION_PLACE = _(
    "illegal/mission_place",
    "the bomber must support at {place}: {text!r}",
    "1939 III: a bomber support flown elsewhere than where the supported unit holds or goes.",
)
NOT_OWNER = _(
    "illegal/not_owner",
    "{power} does not own {province}: {text!r}",
    "1939 III: a landing permission for a province the power does not own (D39 44).",
)
OWN_BOMBER = _(
    "illegal/own_bomber",
    "your own bombers need no permission: {text!r}",
    "1939 III: a landing permission for one's own bomber (D39 44).",
)
BOMBED = _(
    "illegal/bombed",
    "{here} was strategically bombed (D39 41): {text!r}",
    "1939 III: a build in a centre bombed since the last winter.",
)
TRANSFER_TO = _(
    "illegal/transfer_to",
    "cannot transfer SP to {to}: {text!r}",
    "1939 III: a transfer to oneself or to a power not in the game (D39 12).",
)
TRANSFER_LIMIT = _(
    "illegal/transfer_limit",
    "at most 20% of {own} SP, {limit}, may be given: {text!r}",
    "1939 III: a transfer over a fifth of the power's SP (D39 12).",
)
CONDITIONAL_TRANSFER = _(
    "illegal/conditional_transfer",
    "a transfer may not be conditional (D39 12); write it before 'Alternate:': {order!r}",
    "1939 III: a transfer of supply points written in an alternate set of winter orders.",
)

# -- void/: orders kept (legal) that adjudication will void whatever the others order; the
# receipt warns of them on their line (core's HasWarnings), they are never refused here.
VOID_SUPPORT = _(
    "void/support_unmatched",
    "{why}; the support will be void: {order!r}",
    "A support of one's own unit that matches no order the unit is given (2023 rulebook; "
    "DATC 6.D): the order is kept and will be void.",
)
VOID_CONVOY = _(
    "void/convoy_unmatched",
    "the army is ordered {given!r}, not to that province; the convoy will be void: {order!r}",
    "A convoy of one's own army that is not ordered there (2023 rulebook): kept, will be void.",
)
VOID_RETREAT = _(
    "void/retreat_clash",
    "your unit on line {lines} retreats to {dest} too: all of them will be disbanded: {order!r}",
    "Two of one's own units retreating to one province (2023 rulebook): both disbanded.",
)
VOID_TANK_RATIO = _(
    "void/tank_ratio",
    "one tank for two armies (D39 18): with {armies} army(ies) at most after this winter's "
    "orders, {allowed} tank(s) in all; the build will be refused: {order!r}",
    "1939 III: a tank build over the ratio even if every army build of the set is made.",
)
VOID_BOMBER_RATIO = _(
    "void/bomber_ratio",
    "not more than one bomber more than armies (D39 31): with {armies} army(ies) at most after "
    "this winter's orders, {allowed} bomber(s) in all; the build will be refused: {order!r}",
    "1939 III: a bomber build over the ratio even if every army build of the set is made.",
)
