"""What each player may see, built by allow-list, and the secrets.

The map is open, as on the board: every player sees every stack, the control of hexes that
changed hands, the wars, invasions, operators, permissions, pools and transport. The one
secret is the synthesized Objectives column of 19.2, recorded secretly at the start: a
player sees only his own. The umpire (``power=None``) sees everything.
"""

from __future__ import annotations

from typing import Any

from umpire.core.chance import Chance
from umpire.games.spi_ww2 import objectives, politics
from umpire.games.spi_ww2.board import Board
from umpire.games.spi_ww2.charts import Charts
from umpire.games.spi_ww2.model import State
from umpire.games.spi_ww2.turn import label, last_turn, phasing


def view(state: State, power: str | None, charts: Charts) -> dict[str, Any]:
    board = Board(state, charts)
    out: dict[str, Any] = {
        "game": "spi-ww2",
        "version": state.version,
        "power": power,
        "game_turn": state.game_turn,
        "last_game_turn": last_turn(state, charts),
        "label": label(state, charts),
        "phasing": list(phasing(state, charts)),
        "over": state.over,
        "players": list(state.players),
        "nationalities": {p: list(politics.nationalities(state, charts, p)) for p in state.players},
        "units": {h: dict(u) for h, u in sorted(state.units.items())},
        "control_changed": {
            h: p for h, p in sorted(state.control.items()) if p != _prewar(state, charts, h)
        },
        "wars": [list(w) for w in state.wars],
        "invaded": {k: list(v) for k, v in sorted(state.invaded.items())},
        "operators": dict(sorted(state.operators.items())),
        "permits": [list(p) for p in state.permits],
        "peace_offers": [list(p) for p in state.peace_offers],
        "lend_lease": dict(state.lend_lease),
        "pools": {k: v for k, v in state.pools.items() if not k.endswith(":resources")},
        "holding": dict(state.holding),
        "transport": dict(state.transport),
        "flags": {k: v for k, v in sorted(state.flags.items()) if k != "us_trigger_now"},
        "us_entry": state.us_entry,
    }
    if power is None:
        out["objectives"] = {p: dict(c) for p, c in state.objectives.items()}
    elif power in state.objectives:
        out["objectives"] = {power: dict(state.objectives[power])}
    if state.over:
        out["scores"] = dict(state.scores)
    elif power is not None:
        out["own_column"] = objectives.column(board, power)
    return out


def _prewar(state: State, charts: Charts, hid: str) -> str:
    country = charts.map.hexes[hid].country or ""
    if politics.pro_axis(charts, country):
        return politics.player_of(state, charts, "GER")
    owner = charts.map.owner(country)
    return politics.player_of(state, charts, owner) if owner else ""


def vary_secrets(state: State, power: str, chance: Chance, charts: Charts) -> State:
    """Another synthesis for ``power`` (19.2): the only secret of the game."""
    from dataclasses import replace

    if power not in state.objectives:
        return state
    column = dict(state.objectives[power])
    if not column:
        return state
    country = chance.choice(sorted(column), purpose="vary a secret objective")
    del column[country]
    return replace(state, objectives={**state.objectives, power: column})
