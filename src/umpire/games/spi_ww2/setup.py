"""The opening state (15.0, 14.0): the 1939 set-up, always; no Vichy France (14.1, 9.4), no
Partition of Poland (14.3); the seated players by version (2.0); control of every hex by
its pre-war owner (a major's home and possessions; the pro-Axis minors as the German
Player's satellites, 16.12); minor countries' operators (20.1, 20.2); the wars of 1939.
"""

from __future__ import annotations

from dataclasses import replace

from umpire.games.spi_ww2 import politics, reinforcements, transport
from umpire.games.spi_ww2.board import Board, settle
from umpire.games.spi_ww2.charts import Charts
from umpire.games.spi_ww2.model import DIPLOMACY, OBJECTIVES, State


def dual_players(charts: Charts, version: int) -> tuple[str, ...]:
    """19.2: the players who represent two major countries."""
    return tuple(
        t[0] for t in charts.order(version) if len([n for n in t if n in politics.MAJORS]) > 1
    )


def new_state(charts: Charts, version: int, variable_us_entry: bool, last: int) -> State:
    players = charts.players(version)
    bare = State(
        version=version,
        players=players,
        game_turn=1,
        phase=OBJECTIVES if dual_players(charts, version) else DIPLOMACY,
        variable_us_entry=variable_us_entry,
        last_game_turn=last,
        operators=politics.initial_operators(charts, version),
    )
    control = {}
    for hid, h in charts.map.hexes.items():
        if h.country is None or not charts.map.passable(hid):
            continue
        country = h.country
        if politics.pro_axis(charts, country):
            control[hid] = politics.player_of(bare, charts, "GER")
        elif charts.map.owner(country):
            control[hid] = politics.player_of(bare, charts, charts.map.owner(country))
    units: dict[str, dict[str, int]] = {}
    for nat, placements in charts.core["setup"].items():
        if nat == "provenance":
            continue
        for where, sp in placements:
            found = charts.map.find(str(where))
            if found is None:
                raise ValueError(f"set-up: no place {where!r} for {nat}")
            if int(sp) > 0:
                here = units.setdefault(found, {})
                here[nat] = here.get(nat, 0) + int(sp)
    wars = bare.wars
    for p, q in charts.core["wars"]["initial"]:
        wars = politics.with_war(wars, p, q)
    invaded = {c: tuple(sorted(who)) for c, who in charts.core["wars"]["invaded"].items()}
    state = replace(
        bare,
        control=control,
        units=units,
        wars=wars,
        invaded=invaded,
        us_entry=0 if variable_us_entry else int(charts.core["us_entry"]["fixed_turn"]),
    )
    board = reinforcements.arrivals(transport.reset(Board.of(state, charts), 1), 1)
    return settle(board.state)
