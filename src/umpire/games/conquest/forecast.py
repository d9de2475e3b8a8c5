"""A forecast's starting position: a whole Conquest state built from one player's view alone.

Everything on the table is public (ruling C17): the board, the records, the chips, the
WARCHEST, the wars, the alliances and the count of passes and hand-overs are in every view,
and are taken as they are. What a view hides is filled by our rule (docs/forecast.md, ruling
C18 in docs/rulings/conquest.md): a player alliance proposed between two other players is
not known, so there is none; other players' orders of last turn are not known, so none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.games.conquest.model import Duel, Limits, State, War


def _pairs(items: Any) -> frozenset[tuple[str, str]]:
    return frozenset((str(a), str(b)) for a, b in items)


def forecast_state(view: Mapping[str, Any], power: str) -> State:
    """The state ``power`` forecasts from: the table as his view shows it, his secrets."""
    war = duel = None
    if view.get("war"):
        w = view["war"]
        war = War(
            str(w["attacker"]),
            str(w["defender"]),
            str(w["country"]),
            bool(w["occupied"]),
            (int(w["energy"][0]), int(w["energy"][1])),
            int(w["battles"]),
            (int(w["wins"][0]), int(w["wins"][1])),
            (tuple(w["lost"][0]), tuple(w["lost"][1])),
        )
    if view.get("duel"):
        d = view["duel"]
        duel = Duel(
            str(d["challenger"]),
            str(d["opponent"]),
            (int(d["energy"][0]), int(d["energy"][1])),
            str(d["attacker"]),
            int(d["battles"]),
            (str(d["lost_last"][0]), str(d["lost_last"][1])),
        )
    limits = view["limits"]
    seats = tuple(str(p) for p in view["seats"])
    halves = view["record_half_steps"]
    return State(
        scenario=str(view["scenario"]),
        edits={str(k): int(v) for k, v in view["edits"].items()},
        seats=seats,
        limits=Limits(int(limits["rounds"]), int(limits["turns"]), int(limits["target"])),
        phase=str(view["phase"]),
        turn=int(view["turn"]),
        warchest=int(view["warchest"]),
        digits={str(k): int(v) for k, v in view["digits"].items()},
        readout=int(view["readout"]),
        order=tuple(view["order"]),
        homelands={str(k): str(v) for k, v in view["homelands"].items()},
        holdings={str(c): (str(h[0]), str(h[1])) for c, h in view["holdings"].items()},
        record={p: int(halves[p]) for p in seats},
        chips={p: int(view["chips"][p]) for p in seats},
        holder=str(view["holder"]),
        may_ally=bool(view["may_ally"]),
        last_defender=str(view["last_defender"]),
        war=war,
        pacts=_pairs(view["pacts"]),
        broken=_pairs(view["broken"]),
        # the offers naming him (the others he cannot see: none)
        offers=_pairs(o for o in view["offers"] if power in o),
        dominated=frozenset((str(p), int(z)) for p, z in view["dominated"]),
        eliminated=tuple(view["eliminated"]),
        passes=int(view["passes"]),
        handovers=int(view["handovers"]),
        final_queue=tuple(view["final_queue"]),
        ladder=tuple(view["ladder"]),
        duel=duel,
        last_orders={power: tuple(view["orders"].get(power, ()))},
        winners=tuple(view["winners"]),
        summary=str(view["summary"]),
    )
