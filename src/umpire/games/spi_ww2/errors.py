"""The problem codes of Multi-Player World War II, declared once with their message templates;
``docs/errors.md`` is generated from this catalogue.

Each code is a constant raised through it (``NOT_YOURS.error(nat="GER")``), never looked up by
its string. A code says one situation, with the rule it cites; its fields are the facts of
the case (hexes, SP, nationalities, limits), never a prose reason. A rule area that finds a
problem for legality (a path in :mod:`movement`, a voyage in :mod:`transport`) returns the
error built from its code, which :mod:`legality` raises.
"""

from __future__ import annotations

from umpire.core.errors import Catalogue

CODES = Catalogue("spi-ww2")
_ = CODES.declare

# -- syntax/: the line is not understood ----------------------------------------------------------

UNKNOWN_ORDER = _(
    "syntax/unknown_order",
    "not an order: {text!r} (orders: PLACE MOVE RAIL SHIP LAND ATTACK PERMIT REFUSE LENDLEASE "
    "PEACE OBJECTIVES PASS)",
    "The line starts with no order word of the notation.",
)
BAD_ORDER = _(
    "syntax/bad_order",
    "cannot read {text!r}: expected {expected}",
    "The order word is known but what follows is not its form (the form is quoted).",
)
TOO_LONG = _(
    "syntax/too_long",
    "line too long ({size} characters; at most {limit})",
    "A line longer than the notation reads.",
)

# -- order/: understood, but names what does not exist ---------------------------------------------

UNKNOWN_HEX = _(
    "order/unknown_hex",
    "no hex or place {text!r} on the map",
    "Neither a hex id (CCRR) nor a place name of the map.",
)
UNKNOWN_NATIONALITY = _(
    "order/unknown_nationality", "no nationality {text!r}", "Not a nationality of the counters."
)
UNKNOWN_POWER = _(
    "order/unknown_power", "no power {text!r} in this game", "Not a player's country of this game."
)
UNKNOWN_COUNTRY = _(
    "order/unknown_country",
    "no country {text!r} on the National Objectives Chart",
    "A synthesis (19.2) names a country that has no row on the chart.",
)

# -- illegal/: understood, not allowed now --------------------------------------------------------

NOT_YOUR_TURN = _(
    "illegal/not_your_turn",
    "{power} does not order in {phase}",
    "Only the players of the phase order (4.2: the phasing player, or everyone in the "
    "Diplomacy Interphase).",
)
WRONG_PHASE = _(
    "illegal/wrong_phase",
    "{what} cannot be ordered in this phase ({phase})",
    "The order is not one this phase takes (standing choices, placement and movement, combat).",
)
NOT_YOURS = _(
    "illegal/not_yours",
    "{nat} is not a nationality you operate now",
    "A player orders only the nationalities he controls (2.0, 16.0).",
)
US_NEUTRAL = _(
    "illegal/us_neutral",
    "the US has not yet entered the war (18.0)",
    "US units do nothing until the US enters the war.",
)
ITALY_SURRENDERED = _(
    "illegal/italy_surrendered",
    "Italy has surrendered (16.64)",
    "Italian units are gone once Italy surrenders.",
)
NOT_ENOUGH = _(
    "illegal/not_enough",
    "only {have} {nat} SP at {hex}, not {want}",
    "Fewer SP in the hex free to move than the order moves (a unit moves once a Player-Turn).",
)
STACKING = _(
    "illegal/stacking",
    "{hex} would hold {sp} SP, above the stacking limit of {limit}",
    "The move or placement would overstack the hex (3.0).",
)
SELF_DEFENSE_NEUTRAL = _(
    "illegal/self_defense_neutral",
    "{nat} is a self-defense neutral not yet invaded (16.22)",
    "A self-defense neutral's units neither move nor attack until it is invaded.",
)
FINLAND_HOME = _(
    "illegal/finland_home",
    "Finnish units may not leave Finland until its border is violated (16.41)",
    "Finnish units stay in Finland until it is attacked or its border crossed.",
)
PRO_AXIS_HOME = _(
    "illegal/pro_axis_home",
    "{nat} may not leave its borders before Russia or the Balkans are attacked (16.31)",
    "A pro-Axis neutral stays home until Germany attacks Russia or the Balkans.",
)
PRO_AXIS_CONTINGENT = _(
    "illegal/pro_axis_contingent",
    "{nat} may keep only {allowed} SP outside its borders (16.32, 16.33)",
    "A pro-Axis neutral sends one SP for each front opened.",
)
ITALY_AT_HOME = _(
    "illegal/italy_at_home",
    "Italy is not yet at war: its units stay at home (16.62)",
    "Four and five Players: Italian units stay in Italy, Albania and Libya until Italy enters.",
)
ITALY_PROTECTED = _(
    "illegal/italy_protected",
    "Italy is not yet a belligerent (16.63)",
    "Four and five Players: nobody enters or attacks Italy or its possessions before it enters.",
)
NORTH_AFRICA = _(
    "illegal/north_africa",
    "at most {limit} Italian SP in North Africa (5.77): {there} there",
    "Four and five Players: a limit on Italian SP in North Africa.",
)
DESTINATION_CLOSED = _(
    "illegal/destination_closed",
    "{nat} cannot reach {to} from {frm} this turn: the destination is impassable or holds "
    "hostile units",
    "A move ends in a hex it may not enter (5.0, 19.12).",
)
NO_PATH = _(
    "illegal/no_path",
    "{nat} cannot reach {to} from {frm} this turn: no path over land open to it (sea, "
    "impassable or hostile hexes, or hexes it would invade, are in the way; by sea, SHIP or "
    "LAND)",
    "No land path at all between the two hexes (5.0).",
)
BEYOND_ALLOWANCE = _(
    "illegal/beyond_allowance",
    "{nat} cannot reach {to} from {frm} this turn: the cheapest path enters {steps}: {cost} "
    "movement points, more than the allowance of {allowance} (5.1; Terrain Effects Chart)",
    "The cheapest land path costs more than the movement allowance; it is shown hex by hex.",
)
RAIL_CAPACITY = _(
    "illegal/rail_capacity",
    "{nat} cannot rail from {frm} to {to}: rail capacity left this turn is {left} SP",
    "Rail movement is limited per nationality and Game-Turn (5.5).",
)
NO_RAIL_LINE = _(
    "illegal/no_rail_line",
    "{nat} cannot rail from {frm} to {to}: no rail line through hexes you control free of "
    "enemy zones of control",
    "Rail movement runs through controlled hexes free of enemy zones of control (5.5).",
)
AXIS_CARRIER = _(
    "illegal/axis_carrier",
    "cannot transport {nat} from {frm} to {to}: {owner} transport carries only {owner} SP in "
    "this version (5.77)",
    "Four and five Players: German and Italian transport carry their own SP only.",
)
TRANSPORT_PERMISSION = _(
    "illegal/transport_permission",
    "cannot transport {nat} from {frm} to {to}: {owner} has not allowed {player} the use of "
    "its transport",
    "Another player's transport is used with his TRANSPORT permission (R2).",
)
FRENCH_TRANSPORT = _(
    "illegal/french_transport",
    "cannot transport {nat} from {frm} to {to}: French transport runs only between French or "
    "allied Mediterranean ports (5.75)",
    "The French Mediterranean transport stays between French or allied ports.",
)
ITALIAN_TRANSPORT = _(
    "illegal/italian_transport",
    "cannot transport {nat} from {frm} to {to}: Italian transport runs only in the "
    "Mediterranean (5.77)",
    "Italian permanent transport sails the Mediterranean only.",
)
GERMAN_TRANSPORT = _(
    "illegal/german_transport",
    "cannot transport {nat} from {frm} to {to}: German transport runs only in the Baltic or "
    "the Mediterranean (5.77)",
    "German permanent transport sails the Baltic or the Mediterranean only.",
)
NOT_FRIENDLY_PORT = _(
    "illegal/not_friendly_port",
    "cannot transport {nat} from {frm} to {to}: {port} is not a friendly port",
    "Naval transport sails from and to ports one controls or may use (5.7, TRANSIT).",
)
NOT_FREE_COAST = _(
    "illegal/not_free_coast",
    "cannot transport {nat} from {frm} to {to}: {to} is not a free coastal land hex",
    "An amphibious landing is made on a passable land hex free of hostile units (5.8).",
)
NOT_ON_SEA = _(
    "illegal/not_on_sea",
    "cannot transport {nat} from {frm} to {to}: {to} is not on a sea reached from {frm}",
    "An amphibious landing is made on a coast of a sea the voyage can reach (5.8, 12.4).",
)
NO_SEA_ROUTE = _(
    "illegal/no_sea_route",
    "cannot transport {nat} from {frm} to {to}: no open sea route (passages closed, 12.4)",
    "No sea route between the ports through the passages open to the player.",
)
TRANSPORT_POINTS = _(
    "illegal/transport_points",
    "cannot transport {nat} from {frm} to {to}: {key} has {left} point(s) left this Game-Turn",
    "More SP than the carrier's transport points left this Game-Turn (5.7).",
)
POOL = _(
    "illegal/pool",
    "only {have} {nat} SP to place, not {want}",
    "More SP than the pool of reinforcements and replacements holds (10.0).",
)
PLACEMENT = _(
    "illegal/placement",
    "{nat} SP cannot be placed at {hex}: not a hex where these SP may enter",
    "Not a hex where that nationality's new SP enter (10.0, 10.44, 10.51, 10.73, 10.82).",
)
FRENCH_SPRING = _(
    "illegal/french_spring",
    "{nat} SP cannot be placed at {hex}: fewer than {need} French Resource Centers free of "
    "Enemy ZOC (10.91)",
    "The French spring replacements need free Resource Centers.",
)
RUSSIAN_SIZE = _(
    "illegal/russian_size",
    "{nat} SP cannot be placed at {hex}: Russian units may be at most {size} SP now (10.73)",
    "The largest Russian unit brought on depends on the war and the year.",
)
US_PORT = _(
    "illegal/us_port",
    "{nat} SP cannot be placed at {hex}: no sea route to that port from the Atlantic open to "
    "the US: Gibraltar or Suez only with the British Player's permission (10.83, 9.32)",
    "US SP enter at ports reached from the Atlantic.",
)
US_TRANSPORT = _(
    "illegal/us_transport",
    "{nat} SP cannot be placed at {hex}: not enough US Naval Transport to reach that port (10.83)",
    "US SP entering overseas use US Naval Transport.",
)
ATTACKED_ALREADY = _(
    "illegal/attacked_already",
    "attack on {hex} not allowed: that hex has been attacked already this Player-Turn",
    "A hex is attacked once a Player-Turn (8.0).",
)
NO_TARGET = _(
    "illegal/no_target",
    "attack on {hex} not allowed: no units there",
    "An attack is made on units (8.0).",
)
OWN_UNITS = _(
    "illegal/own_units",
    "attack on {hex} not allowed: your own units are there",
    "Nobody attacks a hex holding only units he commands.",
)
ITALY_IMMUNE = _(
    "illegal/italy_immune",
    "attack on {hex} not allowed: Italy is not yet a belligerent (16.63)",
    "Four and five Players: nobody attacks Italy or its possessions before it enters the war.",
)
COMBINED_ATTACK = _(
    "illegal/combined_attack",
    "attack on {hex} not allowed: {nats} may not combine attacks in this version (8.15)",
    "Nationalities of different players combine attacks only where 8.15 allows.",
)
NOT_ADJACENT = _(
    "illegal/not_adjacent",
    "attack on {hex} not allowed: {frm} is not next to {hex}",
    "Attacking SP stand next to the hex they attack (8.0) or in it (7.14).",
)
SPENT = _(
    "illegal/spent",
    "attack on {hex} not allowed: only {have} {nat} SP at {frm} may still attack",
    "SP attack once a Player-Turn; SP turned back at sea do no more that Game-Turn (6.53).",
)
OUT_OF_SUPPLY = _(
    "illegal/out_of_supply",
    "attack on {hex} not allowed: {nat} at {frm} is out of supply (9.6)",
    "Units out of supply do not attack (9.6).",
)
LOW_ODDS = _(
    "illegal/low_odds",
    "attack on {hex} not allowed: odds below {lowest}",
    "An attack at odds below the Combat Results Table's first column is not made (8.0).",
)
SELF_DEFENSE_ATTACK = _(
    "illegal/self_defense_attack",
    "attack on {hex} not allowed: {nat} is a self-defense neutral not yet invaded (16.22)",
    "A self-defense neutral's units do not attack until it is invaded.",
)
FINLAND_ATTACK = _(
    "illegal/finland_attack",
    "attack on {hex} not allowed: Finnish units may not attack until attacked or their "
    "border is crossed (16.42)",
    "Finnish units attack only once Finland is attacked or its border crossed.",
)
PRO_AXIS_ATTACK = _(
    "illegal/pro_axis_attack",
    "attack on {hex} not allowed: {nat} may not attack before Russia or the Balkans are "
    "attacked (16.31)",
    "A pro-Axis neutral attacks only once Germany attacks Russia or the Balkans.",
)
ITALY_ATTACK = _(
    "illegal/italy_attack",
    "attack on {hex} not allowed: Italy may not attack before its entry (16.61)",
    "Four and five Players: Italian units attack only once Italy enters the war.",
)
PERMIT_SELF = _(
    "illegal/permit",
    "a power needs no permission from itself",
    "A permission (9.3, 12.0) is given to another player.",
)
LEND_LEASE_GIVER = _(
    "illegal/lend_lease_giver",
    "only the US Player gives Lend-Lease (10.35)",
    "Lend-Lease is given by the US Player (the British Player in the four-Player version).",
)
LEND_LEASE_LIMIT = _(
    "illegal/lend_lease_limit",
    "at most {limit} SP of Lend-Lease per Game-Turn",
    "Lend-Lease is limited per Game-Turn (10.35).",
)
NOT_AT_WAR = _(
    "illegal/not_at_war",
    "you are not at war with {power}",
    "Peace is offered to a player one is at war with (19.12).",
)
ONE_IDENTITY = _(
    "illegal/objectives",
    "only a player with two identities synthesizes (19.2)",
    "Four and five Players: only the player of two nationalities records a synthesis.",
)
OBJECTIVE_TWICE = _(
    "illegal/objective_twice",
    "{country} is named twice",
    "A synthesis names each country once (19.2).",
)
OBJECTIVE_ENTRY = _(
    "illegal/objective_entry",
    "{country} {entry} is in neither column of {columns} (19.2)",
    "Each entry of a synthesis is taken from one of the player's two columns.",
)
OBJECTIVES_TOTAL = _(
    "illegal/objectives_total",
    "the column totals {total} points, above {limit} (19.2)",
    "A synthesized column holds at most 25 Victory Points in all.",
)
