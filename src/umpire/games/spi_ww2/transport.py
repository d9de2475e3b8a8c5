"""Naval and amphibious transport (5.7-5.9) with the multi-player cases, and the air zones of
control and the Mediterranean die roll (6.5, 6.53-6.55).

Transport points are kept per Game-Turn in ``board.state.transport`` as ``"OWNER:naval"`` and
``"OWNER:amphibious"`` (Strength Points that may still be carried this Game-Turn):

- 5.7: the Allied chart's points: Game-Turns 1-5 all British; 6-23 shared evenly between
  Britain and the US, any odd point British.
- 5.75: France, one Naval Transport Point between French Mediterranean ports (Marseilles,
  Lebanon, French North Africa) or Mediterranean ports of France's allies; any nationality.
- 5.77: Germany one SP per Game-Turn in the Baltic, and in the Mediterranean with a friendly
  port; Italy one SP per Game-Turn in the Mediterranean. Six Players: any nationality at the
  owner's discretion (TRANSPORT permission); five and four: only their own. Italians in
  North Africa: at most three SP in the five- and four-Player versions.
- 12.4: no sea transport past Turkish hexes while Turkey is neutral (:mod:`seas`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.core.chance import Chance
from umpire.core.problems import OrderError
from umpire.games.spi_ww2 import errors, politics, seas, supply
from umpire.games.spi_ww2.board import Board
from umpire.games.spi_ww2.charts import Charts

MED = "Mediterranean"


def allied_points(core: Mapping[str, Any], game_turn: int) -> tuple[int, int]:
    """(naval, amphibious) of the Allied chart for a Game-Turn (provisional values)."""
    table = core["allied_transport"]
    i = min(game_turn, len(table["naval"])) - 1
    return int(table["naval"][i]), int(table["amphibious"][i])


def share(total: int, game_turn: int, british_only_until: int) -> tuple[int, int]:
    """5.7: (British, US) shares of ``total`` points in a Game-Turn."""
    if game_turn <= british_only_until:
        return total, 0
    us = total // 2
    return total - us, us


def reset(board: Board, game_turn: int) -> Board:
    """The board with the transport points of a new Game-Turn (:func:`points`)."""
    return board.but(transport=points(board.charts, board.state.us_entry, game_turn))


def points(charts: Charts, us_entry: int, game_turn: int) -> dict[str, int]:
    """The transport points of a new Game-Turn (5.7, 5.75, 5.77, 18.0)."""
    mp = charts.mp["transport"]
    naval, amph = allied_points(charts.core, game_turn)
    until = int(mp["british_only_until"])
    gb_n, us_n = share(naval, game_turn, until)
    gb_a, us_a = share(amph, game_turn, until)
    if game_turn >= int(charts.mp["us_entry"]["amphibious_lost"]):
        us_a = 0  # 18.0: the US loses all its Amphibious Transport on 4/44
    if us_entry and game_turn >= us_entry:
        track = charts.core["reinforcements"]["USA_track"]
        offset = game_turn - us_entry
        if offset >= len(track):  # 18.0: beyond the track
            us_n += int(charts.mp["us_entry"]["beyond_track_naval"])
    return {
        "GBR:naval": gb_n,
        "GBR:amphibious": gb_a,
        "USA:naval": us_n,
        "USA:amphibious": us_a,
        "FRA:naval": int(mp["french_mediterranean"]),
        "GER:naval": int(mp["german_permanent"]),
        "ITA:naval": int(mp["italian_permanent"]),
    }


def carrier_problem(board: Board, owner: str, nat: str, frm: str, to: str) -> OrderError | None:
    """Why ``owner``'s transport may not carry ``nat`` between these ports (None if it may)."""
    voyage = {"nat": nat, "frm": frm, "to": to}
    st = board.state
    six = board.state.version == 6
    phasing = board.player_of(nat)
    owner_player = politics.player_of(st, board.charts, owner)
    if owner in ("GER", "ITA") and not six and nat != owner:
        return errors.AXIS_CARRIER.error(**voyage, owner=owner)
    if owner_player != phasing and not politics.permitted(st, owner_player, phasing, "TRANSPORT"):
        return errors.TRANSPORT_PERMISSION.error(**voyage, owner=owner, player=phasing)
    a, b = board.map.hexes[frm], board.map.hexes[to]
    if owner == "FRA":
        for h in (a, b):  # 5.75
            if MED not in h.seas or not _french_or_allied(board, h.id):
                return errors.FRENCH_TRANSPORT.error(**voyage)
    if owner == "ITA" and not (MED in a.seas and MED in b.seas):
        return errors.ITALIAN_TRANSPORT.error(**voyage)
    if owner == "GER":
        baltic = "Baltic" in a.seas and "Baltic" in b.seas
        med = MED in a.seas and MED in b.seas
        if not (baltic or med):
            return errors.GERMAN_TRANSPORT.error(**voyage)
    return None


def _french_or_allied(board: Board, hid: str) -> bool:
    holder = board.state.control.get(hid, "")
    return holder == "FRA" or (bool(holder) and not politics.at_war(board.state, "FRA", holder))


def voyage_problem(
    board: Board, player: str, nat: str, frm: str, to: str, amph: bool
) -> OrderError | None:
    """Why ``nat`` may not sail from ``frm`` to ``to`` (None if it may)."""
    voyage = {"nat": nat, "frm": frm, "to": to}
    a, b = board.map.hexes[frm], board.map.hexes[to]
    if not a.port or (board.state.control.get(frm) != player and not _friendly(board, player, frm)):
        return errors.NOT_FRIENDLY_PORT.error(**voyage, port=frm)
    if amph:
        if not board.map.passable(to) or board.hostile_in(to, nat):
            return errors.NOT_FREE_COAST.error(**voyage)
        coast = {board.map.hexes[n].sea for n in board.map.adjacent(to) if not board.map.land(n)}
        if not coast & seas.regions_from(board, player, set(a.seas)):
            return errors.NOT_ON_SEA.error(**voyage)
        return None
    if not b.port or not _friendly(board, player, to) or board.hostile_in(to, nat):
        return errors.NOT_FRIENDLY_PORT.error(**voyage, port=to)
    if seas.route(board, player, frm, to) is None:
        return errors.NO_SEA_ROUTE.error(**voyage)
    return None


def _friendly(board: Board, player: str, hid: str) -> bool:
    holder = board.state.control.get(hid, "")
    if holder == player:
        return True
    return bool(holder) and politics.permitted(board.state, holder, player, "TRANSIT")


def in_mediterranean(board: Board, player: str, frm: str, to: str) -> bool:
    a, b = board.map.hexes[frm], board.map.hexes[to]
    if MED in a.seas or MED in b.seas:
        return True
    path = seas.route(board, player, frm, to) or set()
    return MED in path and not (set(a.seas) & set(b.seas))


def italian_interdiction(board: Board, player: str, frm: str, to: str) -> bool:
    """6.53, 6.55: does the Mediterranean die roll apply to this voyage?"""
    st = board.state
    italy = politics.player_of(st, board.charts, "ITA")
    if player == italy or not politics.at_war(st, player, italy):
        return False  # only transport hostile to Italy
    if board.state.flags.italy_surrendered:
        return False
    if board.state.version != 6 and not board.state.flags.italy_active:
        return False  # 6.53: five and four Players: once Italy is an active belligerent
    if politics.permitted(st, italy, player, "MED"):
        return False  # 6.53, 6.55: at the Italian Player's discretion
    if not in_mediterranean(board, player, frm, to):
        return False
    return italians_in_africa(board)


def italians_in_africa(board: Board) -> bool:
    """6.53, 6.54: at least one Italian Strength Point in supply in Africa."""
    africa = set(board.charts.mp["mediterranean"]["africa"])
    hexes = [
        h
        for h, u in board.state.units.items()
        if u.get("ITA") and board.map.hexes[h].country in africa
    ]
    if not hexes:
        return False
    fed = supply.supplied(board, "ITA")
    return any(h in fed for h in hexes)


def air_zone(board: Board, player: str, hid: str) -> bool:
    """6.5: is ``hid`` within two hexes of German, British or US SP hostile to ``player``?"""
    air = board.charts.mp["air_zone"]
    own = politics.nationalities(board.state, board.charts, player)
    for h in board.map.within(hid, int(air["radius"])):
        for nat in board.state.units.get(h, {}):
            if nat in air["nationalities"] and own and board.hostile(nat, own[0]):
                return True
    return False


def crossing(
    board: Board,
    player: str,
    nat: str,
    n: int,
    frm: str,
    to: str,
    amph: bool,
    chance: Chance | None,
    origin: str = "",
) -> tuple[Board, tuple[int, int, int]]:
    """Roll for each SP crossing: the board with the roll said, and (landed, aborted,
    eliminated). Without chance (checking orders), every SP lands. ``origin``: said instead of ``frm`` for a voyage from off the
    map (US arrivals at a port, 10.83: ``frm`` is then the port itself)."""
    if chance is None:
        return board, (n, 0, 0)
    if italian_interdiction(board, player, frm, to):
        table = board.charts.mp["mediterranean"]
        why = "6.53 Mediterranean"
    elif air_zone(board, player, frm) or air_zone(board, player, to):
        table = board.charts.core["air_interdiction"]["amphibious" if amph else "naval"]
        why = "6.5 air zone"
    else:
        return board, (n, 0, 0)
    landed = aborted = lost = 0
    rolls = []
    voyage = f"{origin} to {to}" if origin else f"{frm}-{to}"
    for i in range(n):
        roll = chance.roll(6, purpose=f"{why}: {nat} SP {i + 1} {voyage}")
        rolls.append(roll)
        if roll in table.get("eliminated", ()):
            lost += 1
        elif roll in table.get("aborted", ()):
            aborted += 1
        else:
            landed += 1
    said = board.say(
        "interdiction",
        f"{why} die roll for {nat} {voyage}: {', '.join(map(str, rolls))}: "
        f"{landed} landed, {aborted} aborted, {lost} eliminated.",
        rolls=rolls,
    )
    return said, (landed, aborted, lost)
