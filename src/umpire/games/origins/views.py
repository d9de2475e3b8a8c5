"""What each power may see (OWW 3.6, 8.1-8.5), built by allow-list, and the secrets.

Every player sees the box symbols (X, U+, U, C) of every power in every area, who placed or
moved PFs where last turn, who moved PFs out of his home area, every player's PFs for the
coming turn (the charts and the markers are public) and, once over, the scores. Only his own
exact holdings, the exact holdings his spies saw (OWW 8.5) and his own orders are added. The
umpire (``power=None``) sees everything.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from umpire.core.chance import Chance
from umpire.games.origins.charts import Charts
from umpire.games.origins.economy import pool
from umpire.games.origins.espionage import revealed, spied_on
from umpire.games.origins.model import Box, State
from umpire.games.origins.scoring import scored_entries, scores
from umpire.games.origins.turn import label


def _exact(box: Box) -> dict[str, Any]:
    return {"pfs": box.pfs, "marker": box.marker}


def view(state: State, power: str | None, charts: Charts) -> dict[str, Any]:
    public = _public(state, charts)
    out: dict[str, Any] = {"game": public["game"], "scenario": public["scenario"], "power": power}
    out.update(public)
    out.update(_secrets(state, power))
    return out


def public_view(state: State, charts: Charts) -> dict[str, Any]:
    """What a spectator sees: the facts every player sees (OWW 3.1, 3.6, 8.1, 8.3, 8.4: the
    box symbols, who placed or moved, the PFs of the coming turn; once over, the scores),
    and no exact holdings, spy missions or orders."""
    return {**_public(state, charts), "power": None, "public": True}


def _public(state: State, charts: Charts) -> dict[str, Any]:
    """The allow-list of facts every power's view holds."""
    over = state.turn > charts.turns
    out: dict[str, Any] = {
        "game": "origins",
        "scenario": state.scenario,
        "turn": state.turn,
        "label": "game over" if over else label(state.turn, charts),
        "over": over,
        "powers": list(state.powers),
        # OWW 8.3, 8.4: the boxes, public
        "map": {
            a: {p: b.symbol for p, b in sorted(row.items()) if b.symbol}
            for a, row in sorted(state.boxes.items())
        },
        # OWW 8.1, 3.6: who placed / moved, not how many
        "placed": {a: list(ps) for a, ps in sorted(state.placed.items())},
        "moved_out": list(state.moved_out),
    }
    out.update(_scores(state, charts) if over else _pools(state, charts))
    return out


def _pools(state: State, charts: Charts) -> dict[str, Any]:
    """OWW 3.1: every power's PFs for the next turn."""
    return {
        "pools": {
            p: {
                "base": (got := pool(state, p, charts)).base,
                "bonus": [[a, str(b), b.amount] for a, b in got.bonuses],
                "total": got.total,
            }
            for p in state.powers
        }
    }


def _scores(state: State, charts: Charts) -> dict[str, Any]:
    """OWW 2.1, 2.2: the final scores and the entries that made them."""
    return {
        "scores": scores(state, charts),
        "scored": [[s.power, s.area, s.entry, s.points] for s in scored_entries(state, charts)],
    }


def _secrets(state: State, power: str | None) -> dict[str, Any]:
    """The exact holdings, spy missions and orders ``power`` may see (the umpire all)."""
    if power is None:
        return {
            "exact": {
                a: {p: _exact(b) for p, b in sorted(row.items())}
                for a, row in sorted(state.boxes.items())
            },
            "spied": [list(m) for m in state.spied],
            "orders": {p: list(o) for p, o in sorted(state.accepted.items())},
        }
    own = {a: _exact(row[power]) for a, row in sorted(state.boxes.items()) if power in row}
    exact = {a: {power: b} for a, b in own.items()}
    # OWW 8.5: espionage reveals the targets' exact holdings to the spy
    for (area, target), box in sorted(revealed(state, power).items()):
        exact.setdefault(area, {})[target] = _exact(box)
    return {
        "exact": exact,
        "spied": [[a, t] for s, a, t in state.spied if s == power],
        "orders": {power: list(state.accepted.get(power, ()))},
    }


def vary_secrets(state: State, power: str, chance: Chance, charts: Charts) -> State:
    """A state differing only in ``power``'s secrets: its exact PF amounts (keeping every
    box symbol, and leaving alone what a spy saw) and its orders of last turn."""
    seen = spied_on(state.spied, power)
    boxes = {a: dict(row) for a, row in state.boxes.items()}
    changed = False
    for area, row in boxes.items():
        box = row.get(power)
        if box is None or box.pfs == 0 or area in seen:
            continue
        new = chance.randint(1, 30, purpose=f"vary {power} {area}")
        row[power] = replace(box, pfs=new if new != box.pfs else new + 1)
        changed = True
    accepted = dict(state.accepted)
    mine = accepted.get(power, ())
    if not changed or chance.randint(0, 1, purpose=f"vary {power} orders"):
        invented = (f"PLACE {chance.randint(1, 9, purpose='vary')} {power}",)
        accepted[power] = invented if invented != mine else ()
    return replace(state, boxes=boxes, accepted=accepted)
