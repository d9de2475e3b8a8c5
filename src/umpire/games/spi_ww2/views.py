"""What each player may see, built by allow-list, and the secrets.

The map is open, as on the board: every player sees every stack, the control of hexes that
changed hands, the wars, invasions, operators, permissions, pools and transport. The one
secret is the synthesized Objectives column of 19.2, recorded secretly at the start: a
player sees only his own. The umpire (``power=None``) sees everything. A spectator sees
:func:`public_view` in every version (the six-Player one too, which hides nothing): the facts
every player sees, and no column.
"""

from __future__ import annotations

from typing import Any

from umpire.core.chance import Chance
from umpire.core.recent import Recent
from umpire.games.spi_ww2 import objectives, politics
from umpire.games.spi_ww2.board import Board
from umpire.games.spi_ww2.charts import Charts
from umpire.games.spi_ww2.model import State
from umpire.games.spi_ww2.turn import label, last_turn, phasing


def view(state: State, power: str | None, charts: Charts) -> dict[str, Any]:
    """What ``power`` sees (None: the umpire): the public facts, then his own secret."""
    public = _public(state, charts)
    out: dict[str, Any] = {"game": public["game"], "version": public["version"], "power": power}
    out.update(public)
    if power is None:
        out["objectives"] = {p: dict(c) for p, c in state.objectives.items()}
    elif power in state.objectives:
        out["objectives"] = {power: dict(state.objectives[power])}
    if not state.over and power is not None:
        out["own_column"] = objectives.column(Board.of(state, charts), power)
    return out


def public_view(state: State, charts: Charts) -> dict[str, Any]:
    """What a spectator sees (docs/rulings/spi-ww2.md R20): the board and the political
    situation every player sees, and, once the game is over, the Victory Points (13.0). No
    Objectives column of any player: a synthesis is secret (19.2), and which column a player
    with two identities scores would tell whether he recorded one."""
    return {**_public(state, charts), "power": None, "public": True}


# Per state and charts, the facts every view holds: a turn's views (one per reader, and the
# public one) all read the same finished state (umpire.core.recent).
_public_of: Recent[dict[str, Any]] = Recent()


def _public(state: State, charts: Charts) -> dict[str, Any]:
    """The allow-list of the facts every player's view holds: the open map (units, control),
    the calendar and phase, and the political facts the players act on openly. Made once per
    state and shared by its views (a view is a value, never changed; each view is a new dict
    of its own around them)."""
    known = _public_of.get(state, charts)
    if known is not None:
        return known
    return _public_of.put(_public_facts(state, charts), state, charts)


def _public_facts(state: State, charts: Charts) -> dict[str, Any]:
    out: dict[str, Any] = {
        "game": "spi-ww2",
        "version": state.version,
        "game_turn": state.game_turn,
        "last_game_turn": last_turn(state, charts),
        "label": label(state, charts),
        "phasing": list(phasing(state, charts)),
        "over": state.over,
        # the phase's index and the settings every player knows (a forecast starts from them)
        "phase": state.phase,
        "variable_us_entry": state.variable_us_entry,
        "players": list(state.players),
        "nationalities": {p: list(politics.nationalities(state, charts, p)) for p in state.players},
        "units": {h: dict(u) for h, u in sorted(state.units.items())},
        "control_changed": _control_changed(state, charts),
        "wars": [list(w) for w in state.wars],
        "invaded": {k: list(v) for k, v in sorted(state.invaded.items())},
        "operators": dict(sorted(state.operators.items())),
        "permits": [list(p) for p in state.permits],
        "peace_offers": [list(p) for p in state.peace_offers],
        "lend_lease": dict(state.lend_lease),
        "pools": {k: v for k, v in state.pools.items() if not k.endswith(":resources")},
        # 4.2: the Russian Resources Computation announced at the end of the Game-Turn
        "resources": {k: v for k, v in state.pools.items() if k.endswith(":resources")},
        "holding": dict(state.holding),
        "transport": dict(state.transport),
        "flags": {k: v for k, v in sorted(state.flags.to_json().items()) if k != "us_trigger_now"},
        "us_entry": state.us_entry,
    }
    if state.over:
        out["scores"] = dict(state.scores)  # 13.0: the result, announced to all
    return out


def _control_changed(state: State, charts: Charts) -> dict[str, str]:
    """The hexes whose controller is not the player of their country before the war."""
    prewar: dict[str, str] = {}  # per country: a map has thousands of hexes, a few countries
    hexes = charts.map.hexes
    out = {}
    for hid, player in sorted(state.control.items()):
        country = hexes[hid].country or ""
        before = prewar.get(country)
        if before is None:
            before = prewar[country] = _prewar(state, charts, country)
        if player != before:
            out[hid] = player
    return out


def _prewar(state: State, charts: Charts, country: str) -> str:
    """The player a hex of ``country`` belongs to before any conquest."""
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
