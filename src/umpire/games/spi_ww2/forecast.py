"""A forecast's starting position: a whole SPI WW2 state built from one player's view alone.

The map is open (docs/rulings/spi-ww2.md R20): every stack, the control of every hex that
changed hands, the wars, invasions, operators, permissions, pools, transport and the phase
are in every view and are taken as they are; the control of the other hexes is their pre-war
owner's, as the set-up gives it (15.0). The one secret is a dual-identity player's
synthesized Objectives column (19.2): our rule (docs/forecast.md, ruling R22) is that a
column the forecaster cannot see is none recorded, so that player scores his printed German
or US column, as a player who recorded none does (19.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from umpire.games.spi_ww2 import politics
from umpire.games.spi_ww2.charts import Charts
from umpire.games.spi_ww2.model import Flags, State


def forecast_state(view: Mapping[str, Any], power: str, charts: Charts) -> State:
    """The state ``power`` forecasts from: the open board of his view, his own column."""
    state = State(
        version=int(view["version"]),
        players=tuple(view["players"]),
        game_turn=int(view["game_turn"]),
        phase=int(view["phase"]),
        over=bool(view["over"]),
        variable_us_entry=bool(view["variable_us_entry"]),
        last_game_turn=int(view["last_game_turn"]),
        units={h: {n: int(sp) for n, sp in u.items()} for h, u in view["units"].items()},
        wars=tuple((str(a), str(b)) for a, b in view["wars"]),
        invaded={k: tuple(v) for k, v in view["invaded"].items()},
        operators=dict(view["operators"]),
        permits=tuple((str(a), str(b), str(c)) for a, b, c in view["permits"]),
        peace_offers=tuple((str(a), str(b)) for a, b in view["peace_offers"]),
        lend_lease={k: int(v) for k, v in view["lend_lease"].items()},
        pools={**view["pools"], **view.get("resources", {})},
        holding={k: int(v) for k, v in view["holding"].items()},
        transport={k: int(v) for k, v in view["transport"].items()},
        flags=Flags.from_json(view["flags"]),
        objectives={p: dict(c) for p, c in view.get("objectives", {}).items() if p == power},
        us_entry=int(view["us_entry"]),
        scores={k: int(v) for k, v in view.get("scores", {}).items()},
    )
    control = prewar_control(state, charts)
    control.update(view["control_changed"])
    return replace(state, control=control)


def prewar_control(state: State, charts: Charts) -> dict[str, str]:
    """15.0: every passable hex of a country under its pre-war owner, as the set-up gives it
    (the pro-Axis minors under the German Player, 16.12)."""
    out: dict[str, str] = {}
    for hid, h in charts.map.hexes.items():
        if h.country is None or not charts.map.passable(hid):
            continue
        if politics.pro_axis(charts, h.country):
            out[hid] = politics.player_of(state, charts, "GER")
        elif charts.map.owner(h.country):
            out[hid] = politics.player_of(state, charts, charts.map.owner(h.country))
    return out
