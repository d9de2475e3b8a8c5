"""Capture, return, counter-attack and evacuation: BP 4C.1, 4C.5, 13A, 13B, 9.3k, 9.5-9.7.

At capture (9.3k) the country's TaxBase and Industry are all suppressed (5F.1, 13A, 13B). A
minor's AirForce is all suppressed (13A; it becomes the captor's as it recovers) and its
Navy, Missiles and AntiMissiles are captured. An occupied country's suppressed AirForce,
Missiles and AntiMissiles are captured; its Navy and unsuppressed AirForce stay the loser's
and leave at step 7 unless the country is taken back at step 6 (13B, 4D.4, 4E.5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.groups import Captured, Group, Log
from umpire.games.battleplan.losses import army_losses
from umpire.games.battleplan.model import MINOR, STARTING_HPI, Draft, GameState, but
from umpire.games.battleplan.movement import put
from umpire.games.battleplan.reports import Cell, report_counter_attack


def capture(
    d: Draft,
    groups: Sequence[Group],
    code: str,
    captor: int,
    conquerors: Sequence[Group],
    saved_hits: int,
) -> Captured:
    """Step 3k: ``captor`` takes ``code`` with his ``conquerors``; what the loser had there."""
    c = d.countries[code]
    loser = c.owner
    cap = Captured(
        code=code,
        captor=captor,
        previous={
            "owner": c.owner,
            "hpi": c.hpi,
            "popularity": dict(c.popularity),
            "standing": dict(c.standing),
            "standing_by": c.standing_by,
        },
        loser=loser,
        saved_hits=saved_hits,
    )
    if loser == MINOR:
        # BP 13A: the minor's AirForce is suppressed; Navy, Missiles, AntiMissiles captured
        forces = {"air_suppressed": c.air_suppressed + c.air, "air": 0}
    else:
        # BP 13B: the loser's Navy and unsuppressed AirForce will leave (step 7)
        cap.navy, cap.air = c.navy, c.air
        forces = {"navy": 0, "air": 0}
    # BP 4C.1: the captor's conquering groups stay in the country
    army = c.army
    for g in conquerors:
        if g.n > 0:
            army += g.n
            g.stayed = True  # its survivors stay (and still count as survivors, 3A)
    d.countries[code] = but(
        c,
        **forces,
        army=army,
        # BP 5F.1, 5F.3, 13A, 13B: all TaxBase and Industry suppressed
        taxbase_suppressed=c.taxbase,
        industry_suppressed=min(c.industry, c.limit),
        owner=captor,
        hpi=STARTING_HPI,  # ruling R-O1 (the sample printout: UK taken on turn 1 has HPI=100)
        popularity={},
        standing={},  # BP 11: standing orders end when another player takes over
        standing_by=MINOR,
    )
    return cap


def returns(d: Draft, groups: Sequence[Group], captured: Mapping[str, Captured]) -> None:
    """Step 5 (and the first part of step 4 for sea groups): survivors go home (4C.2, 4C.3,
    4D.1, 4E.2). Armies coming home to a country captured in their absence wait to
    counter-attack (4C.5); Navy and AirForce coming home to it join the evacuation."""
    for g in groups:
        if g.n <= 0 or g.unit == "M" or g.stayed or g.home:
            continue
        n, g.home = g.n, True
        cap = captured.get(g.origin)
        if cap is not None and cap.captor != g.player:
            if g.unit == "A":
                cap.returning_army += n
            elif g.unit == "N":
                cap.navy += n
            else:
                cap.air += n
            continue
        put(d, g.player, g.origin, g.unit, n)


def sea_groups_home(d: Draft, groups: Sequence[Group]) -> None:
    """Step 4, first part: survivors of sea forces that attacked or supported land spaces
    return to their seas (4D.5: they also defend the sea they are in)."""
    for g in groups:
        if g.from_sea and g.target in d.countries and g.n > 0 and not g.stayed:
            put(d, g.player, g.origin, g.unit, g.n)
            g.home = True


def counter_attack(
    d: Draft,
    captured: Mapping[str, Captured],
    excess_air: Mapping[str, Mapping[int, int]],
    entitled: Mapping[str, set[int]],
    chance: Chance,
) -> list[Event]:
    """Step 6, BP 4C.5: armies that come home to a captured country try to take it back.

    Saved missile hits (9.3d) and the excess enemy AirForce sent against Army there (9.6)
    strike them first; then they fight as in 4C.6, the captor's army defending.
    """
    state = d.state
    log = Log(state)
    for code in sorted(captured):
        cap = captured[code]
        if cap.returning_army <= 0:
            continue
        c = d.countries[code]
        home, held = cap.returning_army, c.army
        spare = sum(n for p, n in excess_air.get(code, {}).items() if p != cap.loser)
        army = max(0, home - cap.saved_hits - spare)
        if army:
            a_loss, d_loss = army_losses(army, c.army, chance, f"counter-attack {code}")
            army -= a_loss
            if d_loss:
                d.countries[code] = c = but(c, army=c.army - d_loss)
        captors = Cell("Army", held, held - c.army)
        if army > 0 and c.army == 0:
            cap.recaptured = True
            d.countries[code] = but(
                c,
                owner=cap.previous["owner"],
                hpi=cap.previous["hpi"],
                popularity=dict(cap.previous["popularity"]),
                standing=dict(cap.previous["standing"]),
                standing_by=cap.previous["standing_by"],
                army=army,
                navy=c.navy + cap.navy,
                air=c.air + cap.air,
            )
            cap.navy = cap.air = 0
        returning = Cell("Army", home, home - army)
        report_counter_attack(state, log, cap, captors, returning, entitled.get(code, set()))
    return log.events


def evacuate(d: Draft, gm: GameMap, captured: Mapping[str, Captured]) -> list[Event]:
    """Step 7, BP 13B, 4D.4, 4E.5: the loser's Navy goes out to an adjacent sea (ruling R-O2:
    the first in alphabetical order); his unsuppressed AirForce to the nearest space in
    range he owns, or failing one to the nearest sea in range (:func:`refuge`); with nowhere
    to go it is lost."""
    state = d.state
    log = Log(state)
    for code in sorted(captured):
        cap = captured[code]
        if cap.recaptured or cap.loser == MINOR:
            continue
        coasts = sorted(gm.spaces[code].coasts)
        if cap.navy and coasts:
            put(d, cap.loser, coasts[0], "N", cap.navy)
        place = refuge(state, gm, code, cap.loser)
        if cap.air and place is not None:
            put(d, cap.loser, place, "F", cap.air)
        if cap.navy or cap.air:
            log.tell(cap.loser, "evacuation", f"Your Navy and AirForce leave {code}.")
    return log.events


def refuge(state: GameState, gm: GameMap, code: str, loser: int) -> str | None:
    """BP 4E.5: "it will move to the nearest space in range owned by its owning player, or
    to a sea space" (13B: "to another space owned by the original player"). Ruling R-O2:
    a country he occupies if one is in range, else a sea; the nearest first (an adjacent
    space before one only in air range); among equally near ones, alphabetical order."""
    in_range = gm.spaces[code].air
    owned = [s for s in in_range if s in state.countries and state.countries[s].owner == loser]
    places = owned or [s for s in in_range if gm.is_sea(s)]
    if not places:
        return None
    return min(places, key=lambda s: (0 if gm.adjacent(code, s) else 1, s))
