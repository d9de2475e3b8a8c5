"""A standard Diplomacy game in the saved-game JSON of the ``diplomacy`` package (PyPI).

The ``diplomacy`` package (its ``diplomacy.utils.export.to_saved_game_format``) saves a game
as ``{"id", "map", "rules", "phases": [...]}``, each phase ``{"name", "state", "orders",
"results", "messages"}``: the phase's name (``S1901M``, ``F1901R``, ``W1901A``: season, year,
movement / retreats / adjustments), the position at its start and every power's orders of
that phase in the package's notation. The facts of the format used here were read from the
package's own saved games (version 1.1.2): powers by their full names in capitals, units as
``"A PAR"`` / ``"F STP/SC"`` with a dislodged unit prefixed ``*`` in a retreat phase, orders as
``A PAR - BUR``, ``A LON - BEL VIA``, ``A MAR S A PAR - BUR``, ``F NTH C A LON - BEL``,
``A PAR H``, ``A MUN R BOH``, ``A MUN D`` (a disband, in a retreat or an adjustment phase),
``A PAR B`` (a build) and ``WAIVE``. The last phase of a saved game has no orders: the
position the game reached.

:func:`export_game` writes an Umpire record of a standard game in that format;
:func:`read_game` reads one back into the orders of each phase and the position the package
says each phase reached, which :func:`umpire.core.interchange.import_game` plays through
Umpire's own adjudication, phase by phase, and compares.

Orders Umpire filled in by rule are written out so that the package, replaying the saved
game, does what Umpire did: an adjustment phase's removals a power did not order (civil
disorder, rule 7 of the 2023 rulebook) are written as that power's ``D`` orders, and a
dislodged unit with no retreat ordered as its ``D``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umpire.core.interchange import Imported, ImportedPhase, InterchangeError
from umpire.core.record import GameRecord
from umpire.games.diplomacy import notation
from umpire.games.diplomacy.geography import standard_map
from umpire.games.diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    Support,
    Waive,
)

FORMAT = "diplomacy"
POWERS = {
    "AUS": "AUSTRIA",
    "ENG": "ENGLAND",
    "FRA": "FRANCE",
    "GER": "GERMANY",
    "ITA": "ITALY",
    "RUS": "RUSSIA",
    "TUR": "TURKEY",
}
CODES = {name: code for code, name in POWERS.items()}
SEASONS = {"spring": "S", "fall": "F", "winter": "W"}
PHASES = {"movement": "M", "retreats": "R", "adjustments": "A"}
MAX_PHASES = 2000  # a saved game longer than this is refused (the standard game ends in 1940)
MAX_ORDERS = 64  # orders of one power in one phase


def phase_name(state: Mapping[str, Any]) -> str:
    """The package's name of the phase ``state`` (a dumped state) is at: ``S1901M``.

    >>> phase_name({"season": "fall", "year": 1901, "phase": "retreats"})
    'F1901R'
    """
    phase = str(state["phase"])
    if phase not in PHASES:  # the game is over: the package names that phase COMPLETED
        return "COMPLETED"
    return f"{SEASONS[str(state['season'])]}{int(state['year'])}{PHASES[phase]}"


def omitted(state: Mapping[str, Any]) -> bool:
    """Whether the package plays no phase where Umpire plays ``state``'s: a retreat phase in
    which no dislodged unit has anywhere to go (the package disbands them at once), or an
    adjustment phase in which no power can build or must remove (it skips that winter).
    Umpire still plays such a phase (its result is the same: the units are disbanded, or
    nothing happens), so an export leaves it out and an import plays it with no orders."""
    if state["phase"] == "retreats":
        return all(not d["options"] for d in state.get("dislodged", []))
    if state["phase"] != "adjustments":
        return False
    units, centres = _units(state), _centres(state)
    homes = _homes()
    for power in POWERS.values():
        count = len(centres[power]) - len(units[power])
        taken = {u.split()[1].split("/")[0] for u in units[power]}
        free = [h for h in homes[power] if h in centres[power] and h not in taken]
        if count < 0 or (count > 0 and free):
            return False
    return True


def _loc(loc: str) -> str:
    return loc.upper()


def their_order(order: Order) -> str:
    """One of Umpire's orders in the package's notation.

    >>> m = standard_map()
    >>> their_order(notation.parse_order(m, "A lon - bel via convoy"))
    'A LON - BEL VIA'
    >>> their_order(notation.parse_order(m, "Build F stp/sc"))
    'F STP/SC B'
    >>> their_order(notation.parse_order(m, "A lvp S F lon - nth"))
    'A LVP S F LON - NTH'
    """
    if isinstance(order, Waive):
        return "WAIVE"
    unit = f"{order.kind} {_loc(order.loc)}"
    if isinstance(order, Hold):
        return f"{unit} H"
    if isinstance(order, Move):
        return f"{unit} - {_loc(order.dest)}" + (" VIA" if order.via_convoy else "")
    if isinstance(order, Support):
        target = f"{order.target_kind} {_loc(order.target_loc)}"
        if order.target_dest is None:
            return f"{unit} S {target}"
        return f"{unit} S {target} - {_loc(order.target_dest)}"
    if isinstance(order, Convoy):
        return f"{unit} C A {_loc(order.army_loc)} - {_loc(order.army_dest)}"
    if isinstance(order, Retreat):
        return f"{unit} R {_loc(order.dest)}"
    if isinstance(order, Disband | Remove):
        return f"{unit} D"
    if isinstance(order, Build):
        return f"{unit} B"
    raise TypeError(f"not an order of standard Diplomacy: {order!r}")


def our_order(text: str, phase: str) -> str:
    """One order in the package's notation as Umpire reads it (``phase``: M, R or A).

    >>> our_order("A PAR B", "A"), our_order("F KIE D", "A"), our_order("A MUN D", "R")
    ('Build A par', 'Remove F kie', 'A mun D')
    >>> our_order("A LON - BEL VIA", "M")
    'A lon - bel via convoy'
    """
    words = text.split()
    if not words or len(text) > 80:
        raise InterchangeError(f"an order of the saved game is not one: {text[:80]!r}")
    if words == ["WAIVE"]:
        return "Waive"
    if phase == "A" and len(words) == 3 and words[2] in ("B", "D"):
        verb = "Build" if words[2] == "B" else "Remove"
        return f"{verb} {words[0]} {words[1].lower()}"
    if words[-1] == "VIA":
        words = [*words[:-1], "via", "convoy"]
    return " ".join(
        w if w in ("A", "F", "H", "S", "C", "R", "D", "-") else w.lower() for w in words
    )


def _units(state: Mapping[str, Any]) -> dict[str, list[str]]:
    """The package's ``units`` of a dumped state: every power's units, dislodged ones with
    ``*`` (they are still on the board until their retreat)."""
    units: dict[str, list[str]] = {name: [] for name in POWERS.values()}
    for text in state["units"]:
        power, kind, loc = str(text).split()
        units[POWERS[power]].append(f"{kind} {_loc(loc)}")
    for dislodged in state.get("dislodged", []):
        if not dislodged["options"]:  # the package disbands it at once (see ``omitted``)
            continue
        power, kind, loc = str(dislodged["unit"]).split()
        units[POWERS[power]].append(f"*{kind} {_loc(loc)}")
    return units


def _centres(state: Mapping[str, Any]) -> dict[str, list[str]]:
    centres: dict[str, list[str]] = {name: [] for name in POWERS.values()}
    for province, power in sorted(dict(state["owners"]).items()):
        centres[POWERS[power]].append(_loc(province))
    return centres


def _homes() -> dict[str, list[str]]:
    m = standard_map()
    homes: dict[str, list[str]] = {name: [] for name in POWERS.values()}
    for abbr, province in sorted(m.provinces.items()):
        if province.supply_centre and province.home in POWERS:
            homes[POWERS[province.home]].append(_loc(abbr))
    return homes


def _their_state(state: Mapping[str, Any], name: str) -> dict[str, Any]:
    """The package's ``state`` of a phase: the position at its start."""
    units, centres, homes = _units(state), _centres(state), _homes()
    retreats: dict[str, dict[str, list[str]]] = {p: {} for p in POWERS.values()}
    for dislodged in state.get("dislodged", []):
        if not dislodged["options"]:
            continue
        power, kind, loc = str(dislodged["unit"]).split()
        retreats[POWERS[power]][f"{kind} {_loc(loc)}"] = [_loc(o) for o in dislodged["options"]]
    builds: dict[str, dict[str, Any]] = {}
    for power in POWERS.values():
        count = len(centres[power]) - len([u for u in units[power] if not u.startswith("*")])
        taken = {u.split()[1].split("/")[0] for u in units[power]}
        free = [h for h in homes[power] if h in centres[power] and h not in taken]
        adjusting = name.endswith("A")
        builds[power] = {
            "count": count if adjusting else 0,
            "homes": free if adjusting and count > 0 else [],
        }
    return {
        "name": name,
        "units": units,
        "retreats": retreats,
        "centers": centres,
        "homes": homes,
        "influence": {p: list(c) for p, c in centres.items()},
        "civil_disorder": {p: 0 for p in POWERS.values()},
        "builds": builds,
        "note": "",
    }


def _orders_of(record: GameRecord, number: int) -> dict[str, list[str]]:
    """Every power's orders of turn ``number`` in the package's notation, with the removals
    and disbands Umpire's rules made for orders not given (see the module's docstring)."""
    m = standard_map()
    turn = record.turn(number)
    before, after = record.state_after(number - 1), turn.state
    orders: dict[str, list[str]] = {name: [] for name in POWERS.values()}
    given: set[str] = set()  # units (as "A PAR") an order was given for
    for power, sub in sorted(turn.latest().items()):
        for text in sub.orders:
            order = notation.parse_order(m, text)
            written = their_order(order)
            orders[POWERS[power]].append(written)
            if not isinstance(order, Waive):
                given.add(f"{order.kind} {_loc(order.loc)}")
    if before["phase"] == "adjustments":  # removals by rule (civil disorder)
        still = {str(u) for u in after["units"]}
        for text in before["units"]:
            power, kind, loc = str(text).split()
            unit = f"{kind} {_loc(loc)}"
            if text not in still and unit not in given:
                orders[POWERS[power]].append(f"{unit} D")
    if before["phase"] == "retreats":  # a dislodged unit not ordered is disbanded
        for dislodged in before.get("dislodged", []):
            power, kind, loc = str(dislodged["unit"]).split()
            unit = f"{kind} {_loc(loc)}"
            if unit not in given and dislodged["options"]:
                orders[POWERS[power]].append(f"{unit} D")
    return orders


def export_game(record: GameRecord) -> dict[str, Any]:
    """The saved game of a standard Diplomacy record (the whole record: every turn)."""
    record.require_whole()
    if record.game != "diplomacy" or record.scenario != "standard":
        raise InterchangeError(
            f"only standard Diplomacy has this format, not {record.game} ({record.scenario})"
        )
    if sorted(record.powers) != sorted(POWERS):
        raise InterchangeError("the format holds a game of all seven powers")
    phases: list[dict[str, Any]] = []
    for number in range(1, record.processed + 1):
        before = record.state_after(number - 1)
        if omitted(before):
            continue
        name = phase_name(before)
        phases.append(
            {
                "name": name,
                "state": _their_state(before, name),
                "orders": _orders_of(record, number),
                "results": {},
                "messages": [],
            }
        )
    last = record.latest_state
    name = phase_name(last)
    phases.append(
        {
            "name": name,
            "state": _their_state(last, name),
            "orders": {p: [] for p in POWERS.values()},
            "results": {},
            "messages": [],
        }
    )
    return {"id": f"umpire-{record.seed % 10**8}", "map": "standard", "rules": [], "phases": phases}


def position_of_theirs(state: Mapping[str, Any]) -> dict[str, Any]:
    """What a phase of either side is compared by: units (dislodged ones apart) and centres."""
    units = sorted(
        f"{CODES[power]} {u.lstrip('*').split()[0]} {u.lstrip('*').split()[1].lower()}"
        for power, listed in dict(state["units"]).items()
        for u in listed
        if not u.startswith("*")
    )
    owners = {
        str(c).lower(): CODES[power]
        for power, listed in dict(state["centers"]).items()
        for c in listed
    }
    return {"units": units, "owners": dict(sorted(owners.items()))}


def position(state: Mapping[str, Any]) -> dict[str, Any]:
    """The same comparison key of one of Umpire's dumped states."""
    return {
        "units": sorted(str(u) for u in state["units"]),
        "owners": dict(sorted(dict(state["owners"]).items())),
    }


def _strings(value: Any, what: str, limit: int) -> list[str]:
    if not isinstance(value, list) or len(value) > limit:
        raise InterchangeError(f"{what} is not a list of at most {limit} entries")
    if not all(isinstance(v, str) for v in value):
        raise InterchangeError(f"{what} holds something other than text")
    return list(value)


def read_game(data: Any) -> Imported:
    """A saved game of the package: the orders of each phase, in Umpire's notation, and the
    position the package says each phase led to. Refused (:class:`InterchangeError`) when it is
    not a standard game of the seven powers, or malformed."""
    if not isinstance(data, dict) or not isinstance(data.get("phases"), list):
        raise InterchangeError("not a saved game of the diplomacy package (no 'phases' list)")
    if data.get("map", "standard") != "standard":
        raise InterchangeError(f"only the standard map is read, not {data.get('map')!r}")
    raw = data["phases"]
    if not raw or len(raw) > MAX_PHASES:
        raise InterchangeError(f"a saved game has 1 to {MAX_PHASES} phases, not {len(raw)}")
    phases: list[ImportedPhase] = []
    for at, phase in enumerate(raw):
        if not isinstance(phase, dict) or not isinstance(phase.get("name"), str):
            raise InterchangeError(f"phase {at + 1} has no name")
        name = str(phase["name"])
        state = phase.get("state")
        if not isinstance(state, dict) or not isinstance(state.get("units"), dict):
            raise InterchangeError(f"phase {name} has no position")
        try:
            expected = position_of_theirs(state)
        except KeyError as err:
            raise InterchangeError(f"phase {name}: its position has no {err}") from err
        except (IndexError, AttributeError, TypeError) as err:
            raise InterchangeError(f"phase {name}: a unit or centre is not one: {err}") from err
        orders: dict[str, list[str]] = {}
        given = phase.get("orders") or {}
        if not isinstance(given, dict):
            raise InterchangeError(f"phase {name}: its orders are not by power")
        for power, listed in sorted(given.items()):
            if power not in CODES:
                raise InterchangeError(f"phase {name}: no power {str(power)[:20]!r}")
            if listed is None:  # the package's saved games give a power out of the game None
                continue
            texts = _strings(listed, f"{power}'s orders of {name}", MAX_ORDERS)
            kind = name[-1] if name != "COMPLETED" else "M"
            orders[CODES[power]] = [our_order(t, kind) for t in texts]
        phases.append(ImportedPhase(name=name, orders=orders, position=expected))
    return Imported(scenario="standard", powers=tuple(POWERS), phases=tuple(phases))


def orders_text(orders: Sequence[str]) -> str:
    return "".join(f"{o}\n" for o in orders)
