"""Sea regions and the passages between them (provisional core), shared by naval transport
(5.7) and supply tracing (9.0).

A passage (Gibraltar, Suez, the Turkish straits, the Danish straits) is a hex joining two sea
regions; the Cape route joins the Atlantic and the Indian Ocean off the map, held by the
British Player (Royal Navy). A passage is
open to a player who controls its hex, or with the controller's STRAITS permission (9.32);
12.4: never past Turkish hexes while Turkey is neutral (not invaded).
"""

from __future__ import annotations

from umpire.games.spi_ww2 import politics
from umpire.games.spi_ww2.board import Board


def passage_open(board: Board, player: str, name: str) -> bool:
    place, _, _ = board.charts.core["passages"][name]
    if place.startswith("@"):  # off the map, held by a nationality's player (the Cape route)
        holder = politics.player_of(board.state, board.charts, place[1:])
        return holder == player or (
            not politics.at_war(board.state, player, holder)
            and politics.permitted(board.state, holder, player, "STRAITS")
        )
    hid = board.map.find(place)
    if hid is None:
        return False
    country = board.map.hexes[hid].country or ""
    if country == "TUR" and not board.state.invaded.get("TUR"):
        return False  # 12.4
    holder = board.state.control.get(hid) or politics.country_player(
        board.state, board.charts, country
    )
    if not holder:
        return True
    if politics.at_war(board.state, player, holder):
        return False
    # 9.32: in the four-Player version the US and Britain are one player; otherwise the
    # British Player decides whether others pass Gibraltar or Suez
    return politics.permitted(board.state, holder, player, "STRAITS")


def regions_from(board: Board, player: str, start: set[str]) -> set[str]:
    """Every sea region reachable from ``start`` through passages open to ``player``."""
    links = board.charts.core["passages"]
    seen = set(start)
    changed = True
    while changed:
        changed = False
        for name, spec in links.items():
            if name == "provenance":
                continue
            _, a, b = spec
            if (a in seen) != (b in seen) and passage_open(board, player, name):
                seen |= {a, b}
                changed = True
    return seen


def route(board: Board, player: str, frm: str, to: str) -> set[str] | None:
    """The sea regions a voyage from port ``frm`` to port ``to`` may use (None: no route)."""
    a = set(board.map.hexes[frm].seas)
    b = set(board.map.hexes[to].seas)
    if a & b:
        return a & b
    reach = regions_from(board, player, a)
    if not reach & b:
        return None
    return reach
