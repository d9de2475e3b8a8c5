"""The position a forecast starts from, built from a power's view alone (docs/forecast.md).

Diplomacy hides nothing in a position: every power's view is the umpire's, so the state built
from it is the position itself. The view leaves out three facts that are not the position:
the house year limit (a game master's setting), the record's count of phases, and nothing
else. The rule for them (docs/forecast.md, "Diplomacy"): a forecast takes no year limit (the
most a game master may set, 200 years: a forecast never ends a game for its length), and
counts its phase as the first.

A view may also come from outside (the public sandbox's link), so everything is checked
against the map: a view that is no position of the game is a ValueError naming what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umpire.core.ruleset import View
from umpire.games.diplomacy.geography import Map, province_of
from umpire.games.diplomacy.model import (
    ADJUSTMENTS,
    FALL,
    MOVEMENT,
    OVER,
    RETREATS,
    SPRING,
    UNIT_ORDER,
    WINTER,
    Dislodged,
    State,
    Unit,
)

NO_YEAR_LIMIT = 200  # the most DiplomacyRules.max_years allows: the forecast never ends on it
PHASES = {SPRING: (MOVEMENT, RETREATS), FALL: (MOVEMENT, RETREATS), WINTER: (ADJUSTMENTS,)}
MAX_ITEMS = 500  # more units, centres or owners than any map has spaces: no position


def phase_of(view: Mapping[str, Any], season: str) -> str:
    """The phase the view's label names (``Spring 1901 movement``; ``Game over (...)``)."""
    label = _text(view, "phase")
    if label.startswith("Game over"):
        return OVER
    phase = label.rsplit(" ", 1)[-1].lower()
    if phase not in PHASES[season]:
        raise ValueError(f"the phase {label!r} is not one of {season}'s")
    return phase


def position_fields(
    m: Map,
    view: Mapping[str, Any],
    scenario: str,
    *,
    kinds: str = "AF",
    neutral: str | None = None,
) -> dict[str, Any]:
    """The fields of :class:`State` the view shows, each checked against the map; ``kinds``:
    the unit kinds of the scenario; ``neutral``: a power of units that is no seated power."""
    if not isinstance(view, Mapping):
        raise ValueError("a position is a JSON object")
    centres = view.get("centres")
    if not isinstance(centres, Mapping) or not centres:
        raise ValueError("the position names no power (its 'centres')")
    powers = tuple(str(p) for p in centres)
    if any(not p.isalnum() or len(p) > 20 for p in powers) or len(powers) > 50:
        raise ValueError("a power is a short code of letters (ENG, FRA)")
    year = view.get("year")
    if not isinstance(year, int) or isinstance(year, bool) or not 1000 <= year <= 9999:
        raise ValueError(f"the year {year!r} is no year")
    season = _text(view, "season")
    if season not in PHASES:
        raise ValueError(f"the season {season!r} is not spring, fall or winter")
    owners: dict[str, str] = {}
    for power, held in centres.items():
        for sc in _list(held, "a power's centres"):
            if sc not in m.supply_centres:
                raise ValueError(f"{sc!r} is no supply centre of the map")
            if sc in owners:
                raise ValueError(f"the centre {sc} is owned twice")
            owners[str(sc)] = str(power)
    allowed = set(powers) | ({neutral} if neutral else set())
    units = [unit(m, text, allowed, kinds) for text in _list(view.get("units"), "units")]
    where = [u.province for u in units]
    twice = next((p for i, p in enumerate(where) if p in where[:i]), None)
    if twice is not None:
        raise ValueError(f"two units stand in {twice}")
    dislodged = []
    for d in _list(view.get("dislodged", []), "dislodged units"):
        if not isinstance(d, Mapping):
            raise ValueError("a dislodged unit is an object")
        options = tuple(str(o) for o in _list(d.get("options", []), "retreat options"))
        if any(province_of(o) not in m.provinces for o in options):
            raise ValueError(f"a retreat option of {d.get('unit')!r} is no space of the map")
        came = str(d.get("attacker_from", ""))
        if came and province_of(came) not in m.provinces:
            raise ValueError(f"{came!r} is no space of the map")
        dislodged.append(Dislodged(unit(m, d.get("unit"), allowed, kinds), came, options))
    winners = tuple(str(w) for w in _list(view.get("winners", []), "winners"))
    return dict(
        scenario=scenario,
        powers=powers,
        year=year,
        season=season,
        phase=phase_of(view, season),
        units=tuple(sorted(units, key=UNIT_ORDER)),
        owners=tuple(sorted(owners.items())),
        dislodged=tuple(dislodged),
        max_years=NO_YEAR_LIMIT,
        winners=winners,
        result=str(view.get("result") or ""),
        turn=1,
    )


def unit(m: Map, text: Any, powers: set[str], kinds: str) -> Unit:
    """The unit ``"FRA A par"`` of a view, checked: a known power, kind and space it may
    stand on (an army on land, a fleet on a coast or sea, a split coast named)."""
    if not isinstance(text, str) or len(text.split()) != 3:
        raise ValueError(f"{text!r} is no unit (a power, a kind and a space: 'FRA A par')")
    found = Unit.parse(text)
    if found.power not in powers:
        raise ValueError(f"{text!r}: {found.power} is no power of the position")
    if found.kind not in kinds:
        raise ValueError(f"{text!r}: the kind is one of {', '.join(kinds)}")
    place = m.provinces.get(found.province)
    if place is None:
        raise ValueError(f"{text!r}: {found.province} is no space of the map")
    if found.kind == "F":
        if found.loc not in m.fleet_locations[found.province]:
            raise ValueError(f"{text!r}: a fleet cannot stand there (a coast or a sea)")
    elif found.province in m.seas or found.loc != found.province:
        raise ValueError(f"{text!r}: only a fleet stands at sea or on a coast")
    return found


def forecast_state(m: Map, view: View, scenario: str) -> State:
    """The standard game's position from a view (see the module)."""
    return State(**position_fields(m, view, scenario))


def _text(view: Mapping[str, Any], key: str) -> str:
    value = view.get(key)
    if not isinstance(value, str) or len(value) > 80:
        raise ValueError(f"the position's {key!r} is missing or no text")
    return value


def _list(value: Any, what: str) -> Sequence[Any]:
    if not isinstance(value, list | tuple) or len(value) > MAX_ITEMS:
        raise ValueError(f"{what}: a list (of at most {MAX_ITEMS})")
    return value
