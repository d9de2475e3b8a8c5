"""The player's report: the phase, the turn's events addressed to him (every die roll is an
event), the map's stacks, the political situation, his pools and transport, and his Victory
Points so far (his own objectives: another player's secret synthesis is never used)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from umpire.core.events import Event
from umpire.games.spi_ww2.charts import Charts

CORE_NOTE = (
    "Rules marked (SAME AS TWO-PLAYER) in the Multi-Player rules run on the provisional "
    "two-player core (map, CRT, movement, supply, weather, schedules): our rulings on the How to play page, /rules/spi-ww2/."
)


# The orders each kind of phase takes (legality.check_phase), as the player writes them.
ORDERS_BY_KIND = {
    "objectives": "OBJECTIVES <country> <entry>, ... (19.2), or PASS",
    "diplomacy": "PERMIT <power> <permission> (REFUSE withdraws it), LENDLEASE <sp>, "
    "PEACE <power>, or PASS",
    "movement": "PLACE, MOVE, RAIL, SHIP, LAND (and the Interphase's PERMIT, REFUSE, "
    "LENDLEASE, PEACE), or PASS",
    "combat": "ATTACK <hex> WITH <nat> <sp> <hex>, ... (and the Interphase's PERMIT, REFUSE, "
    "LENDLEASE, PEACE), or PASS",
}


def render(
    view: dict[str, Any],
    events: Sequence[Event],
    charts: Charts,
    vp: dict[str, Any],
    ended: str = "",
    due: str = "",
) -> str:
    """The report from ``view``; ``vp``: the reader's Victory Points so far; ``ended``: how the
    game ended, once it is over (by the rules, 13.0, or by a result declared or voted);
    ``due``: the kind of orders the next phase takes (``turn.kinds``).

    A finished game's report asks for nothing: no phase to order in, no pools "to place" and
    no transport "left this Game-Turn" (there is no next Game-Turn), only the final position
    (docs/rulings/spi-ww2.md S-PAGE-2)."""
    # The heading (the phase played, the one due, whose report) is the session's.
    out = [
        "",
        f"The game is over: {ended.rstrip('.')}. No more orders are taken."
        if ended
        else f"The game ends after Game-Turn {view['last_game_turn']}.",
    ]
    if not ended and due:
        out += _due(view, due)
    out += [CORE_NOTE, "", "Events:"]
    out += [f"  {e.text}" for e in events] or ["  none"]
    out += _politics(view, charts)
    if not ended:
        out += _means(view)
    out += _units(view, charts)
    out += _victory(view, vp)
    return "\n".join(out) + "\n"


def _due(view: dict[str, Any], due: str) -> list[str]:
    """Who orders next, and what that phase takes; a player it does not wait for is told so."""
    phasing = view["phasing"]
    out = [f"Orders due from {', '.join(phasing) or 'nobody'} ({due}): {ORDERS_BY_KIND[due]}."]
    if view["power"] is not None and view["power"] not in phasing:
        out.append("You have no orders to give this phase.")
    return out


def _politics(view: dict[str, Any], charts: Charts) -> list[str]:
    """Wars, invasions (19.12), minor countries' operators, permissions, US entry."""
    out = ["", "Wars: " + (", ".join(f"{a}-{b}" for a, b in view["wars"]) or "none")]
    if view["invaded"]:
        out.append(
            "Invaded (hostile forces, 19.12): "
            + "; ".join(f"{c} by {'/'.join(p)}" for c, p in view["invaded"].items())
        )
    out.append(
        "Minor countries operated by: "
        + ", ".join(f"{c} {p}" for c, p in view["operators"].items())
    )
    if view["permits"]:
        out.append("Permissions granted (standing until withdrawn by REFUSE):")
        out += _permissions(view["permits"])
    us = view["us_entry"]
    out.append(
        f"US entry: {'Game-Turn ' + str(us) + ' (' + charts.turn_name(us) + ')' if us else 'not yet determined'}"
    )
    return out


def _permissions(permits: list[list[str]]) -> list[str]:
    """One line per granter, his grantees grouped by the rights he gives them ("FRA to GBR
    USA: STRAITS SUPPLY"): 96 pairs were one unreadable line in the six-Player opening."""
    given: dict[str, dict[str, list[str]]] = {}
    for granter, grantee, right in permits:
        given.setdefault(granter, {}).setdefault(grantee, []).append(right)
    out = []
    for granter, rights in sorted(given.items()):
        alike: dict[tuple[str, ...], list[str]] = {}
        for grantee, these in sorted(rights.items()):
            alike.setdefault(tuple(sorted(these)), []).append(grantee)
        parts = [f"to {' '.join(g)}: {' '.join(r)}" for r, g in alike.items()]
        out.append(f"  {granter} " + "; ".join(parts))
    return out


def _means(view: dict[str, Any]) -> list[str]:
    """What is left to place (the pools and the US holding) and the transport left."""
    out: list[str] = []
    if view["pools"] or view["holding"]:
        out.append(
            "To place: "
            + ", ".join(
                f"{k} {v}"
                for k, v in {
                    **view["pools"],
                    **{"US holding": view["holding"].get("USA", 0)},
                }.items()
                if v
            )
        )
    out.append(
        "Transport left this Game-Turn: "
        + ", ".join(f"{k} {v}" for k, v in view["transport"].items() if v)
    )
    return out


def _units(view: dict[str, Any], charts: Charts) -> list[str]:
    """The stacks on the map, and the hexes that changed hands."""
    out = ["", "Units (hex: nationality SP):"]
    for hid, units in view["units"].items():
        place = charts.map.hexes[hid].place
        stack = " ".join(f"{n} {sp}" for n, sp in sorted(units.items()))
        out.append(f"  {hid}{' ' + place if place else ''}: {stack}")
    if view["control_changed"]:
        out += [
            "",
            "Hexes that changed hands: "
            + " ".join(f"{h}:{p}" for h, p in view["control_changed"].items()),
        ]
    return out


def _victory(view: dict[str, Any], vp: dict[str, Any]) -> list[str]:
    """The power's own secret Objectives column (19.2) and its Victory Points."""
    out: list[str] = []
    if view.get("objectives") and view["power"]:
        col = view["objectives"][view["power"]]
        out += [
            "",
            "Your synthesized Objectives column (secret, 19.2): "
            + ", ".join(f"{c} {e}" for c, e in sorted(col.items())),
        ]
    if view.get("scores"):
        out += [
            "",
            "Final Victory Points: " + ", ".join(f"{p} {n}" for p, n in view["scores"].items()),
        ]
    elif view["power"] and vp:  # none once the game has ended
        out += ["", f"Your Victory Points if the game ended now: {vp.get('points', 0)}"]
        out += [f"  {line}" for line in vp.get("lines", [])]
    return out
