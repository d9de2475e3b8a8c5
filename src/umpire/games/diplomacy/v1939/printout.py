"""The 1939 III turn report, made from the reader's view: the events a power may read, the board
after (bombers beside the ground units, the neutral armies), supply points, and the orders the
next phase takes."""

from __future__ import annotations

from collections.abc import Sequence

from umpire.core.events import Event
from umpire.core.ruleset import View
from umpire.games.diplomacy.model import ADJUSTMENTS, OVER, RETREATS, Unit
from umpire.games.diplomacy.printout import board_of, over_line, results_lines
from umpire.games.diplomacy.v1939.model import NEUTRAL
from umpire.games.diplomacy.v1939.supply import transfer_limit

# Each power's winter examples, in its own home centres (D39 9: builds in owned home
# centres; a fleet on a split coast names it), removing a unit as it might stand there, and
# giving SP to a neighbour (D39 12).
WINTER = {
    "ENG": ("A lvp", "F lon", "T edi", "B lon", "F edi", "FRA"),
    "FRA": ("A par", "F bre", "T mar", "B par", "A mar", "ENG"),
    "GER": ("A ber", "F kie", "T mun", "B aus", "A mun", "ITA"),
    "ITA": ("A rom", "F nap", "T ven", "B rom", "F nap", "GER"),
    "RUS": ("A mos", "F len/sc", "T sev", "B mos", "A sev", "TUR"),
    "TUR": ("A ank", "F con", "T smy", "B con", "F smy", "RUS"),
}


def winter_examples(power: str | None, remove: str = "", give: int = 1) -> str:
    """Winter orders ``power`` may write (None: in general), ``remove``: a unit of his to
    name in the removal (else one as it might stand in a home centre); ``give``: the SP he
    may transfer (a fifth of his own, D39 12; three home centres give 9 SP, so 1)."""
    if power not in WINTER:
        return "Build A <home centre>   Build F <coastal home centre>   Remove A <place>   Waive"
    army, fleet, tank, bomber, unit, partner = WINTER[power]
    return (
        f"Build {army}   Build {fleet}   Build {tank}   Build {bomber}   "
        f"Remove {remove or unit}   Waive   Transfer {give} SP to {partner}"
    )


WINTER_HELP = [
    "  Transfers: at most a fifth of your SP, never conditional (D39 12).",
    "  Alternate:   starts an alternate set of builds and removals (D39 12), used only if",
    "               the sets before it cannot be carried out in full (a build refused, or a",
    "               unit disbanded for want of SP); if none can, the last set is used.",
    "               Write transfers before the first Alternate:.",
]
RETREAT_HELP = [
    "Retreat orders: T pol - ber   A pol R lit   A pol Disband   (D39 28, 29)",
    "  Two units dislodged from one space belong to two powers: each orders its own.",
]


def printout(seen: View, events: Sequence[Event], power: str | None, summary: str = "") -> str:
    """The report of ``power`` (None: the umpire), made from his view ``seen``
    (:func:`umpire.games.diplomacy.v1939.views.view`) alone, with the events addressed to him;
    ``summary``: how a game that is over ended, when not by the rules (a result declared or
    voted)."""
    # The heading (the phase played, the one due, whose report) is the session's.
    state = board_of(seen)
    lines = [*results_lines(events), "", "Units:"]
    bombers = sorted(Unit.parse(text) for text in seen["bombers"])
    for p in (*state.powers, NEUTRAL):
        mine = [f"{u.kind} {u.loc}" for u in [*state.units, *bombers] if u.power == p]
        if mine or p != NEUTRAL:
            lines.append(f"  {p}: {', '.join(mine) or '-'}")
    for d in state.dislodged:
        opts = ", ".join(d.options) or "none (disbands)"
        lines.append(f"  dislodged {d.unit.power} {d.unit.kind} {d.unit.loc} (retreat: {opts})")
    sp: dict[str, int] = seen["supply_points"]
    lines.append("Supply centres (SP next winter):")
    for p in state.powers:
        c = state.centres_of(p)
        lines.append(f"  {p} {len(c):2} ({sp[p]:2} SP): {' '.join(c)}")
    if state.phase == OVER:
        lines.append(over_line(state, summary))
    elif state.phase == ADJUSTMENTS:
        mine = [f"{u.kind} {u.loc}" for u in state.units if u.power == power]
        give = max(1, transfer_limit(sp[power])) if power else 1
        examples = winter_examples(power, mine[0] if mine else "", give)
        lines += ["Winter orders (D39 7-13, 18, 31):", f"  {examples}", *WINTER_HELP]
    elif state.phase == RETREATS:
        lines += RETREAT_HELP
    return "\n".join(lines) + "\n"
