"""Supply (9.0): sources by nationality, tracing, blocking; the multi-player cases.

Provisional core (9.2, 9.5, 9.6, 9.71): a unit is in supply when a line of at most
``core.supply.range`` land hexes runs from it to a supply source, through no hex holding
hostile units and no hex in a blocking zone of control unless a friendly unit stands there.
Sources: the Resource Centers and capital of the nationality's home country that its player
controls, and every port its player controls that opens, through open passages, on a sea
region reached from a home port.

Multi-player cases: 9.1 (four and five Players: the Axis nationalities of one player share
sources; six Players: only by permission, 9.12 Italy for units in North Africa); 9.32 (the
US through Gibraltar or Suez: the passage rule of :mod:`seas`); 9.33 (foreign units in
Britain at the British Player's discretion; the US always in the four-Player version); 9.42
(French units outside France: three French Resource Centers outside Enemy control, or a
friendly country's supply by permission); 9.72 (zones of control block supply in the four-
and five-Player versions; in the six-Player version only German ones).
"""

from __future__ import annotations

from collections import deque

from umpire.games.spi_ww2 import politics, seas
from umpire.games.spi_ww2.board import Board


def home_sources(board: Board, nat: str) -> set[str]:
    """Resource Centers and capital of ``nat``'s home country its player controls."""
    player = board.player_of(nat)
    out = set()
    for hid in board.map.of_country.get(nat, ()):
        h = board.map.hexes[hid]
        minor = politics.is_minor(board.charts, nat)
        if (h.rc or h.capital or minor) and _held(board, hid, player, nat):
            out.add(hid)
    if nat == "FRA":
        # 9.42: three Resource Centers in France outside Enemy control
        free = [h for h in board.map.resource_centers("FRA") if _held(board, h, player, nat)]
        if len(free) < int(board.charts.mp["french_supply"]["resource_centers"]):
            out -= set(free)
    return out


def _held(board: Board, hid: str, player: str, nat: str) -> bool:
    holder = board.state.control.get(hid, "")
    return (holder in ("", player) or not politics.at_war(board.state, player, holder)) and (
        not board.hostile_in(hid, nat)
    )


def overseas_sources(board: Board, player: str, home: set[str], atlantic: bool) -> set[str]:
    """Ports ``player`` controls on the seas reached from his home ports (or the Atlantic)."""
    start = {s for h in home if board.map.hexes[h].port for s in board.map.hexes[h].seas}
    if atlantic:
        start.add("Atlantic")  # the US lies across the Atlantic (provisional)
    if not start:
        return set()
    reach = seas.regions_from(board, player, start)
    return {
        p.id
        for p in board.map.ports()
        if board.state.control.get(p.id) == player and reach & set(p.seas)
    }


def sources(board: Board, nat: str) -> set[str]:
    player = board.player_of(nat)
    own = home_sources(board, nat) if nat != "USA" else set()
    # 9.1: in the four- and five-Player versions a player's nationalities share sources
    for other in politics.nationalities(board.state, board.charts, player):
        if other != nat and not politics.is_minor(board.charts, other):
            own |= home_sources(board, other)
    own |= overseas_sources(board, player, own, atlantic=nat == "USA")
    # 9.12, 9.42, 9.33: another player's supply, at that player's discretion
    for granter, grantee, right in board.state.permits:
        if grantee == player and right == "SUPPLY":
            for gnat in politics.nationalities(board.state, board.charts, granter)[:1]:
                theirs = home_sources(board, gnat)
                own |= theirs | overseas_sources(board, granter, theirs, gnat == "USA")
    return own


def blocks(board: Board, nat: str, hid: str) -> bool:
    """9.71, 9.72: is the trace through ``hid`` blocked for ``nat``?"""
    if board.hostile_in(hid, nat) and not board.sp(hid, nat):
        return True
    if any(not board.hostile(nat, o) for o in board.state.units.get(hid, {})):
        return False  # a friendly unit negates the zone of control
    six = board.state.version == 6
    for n in board.map.adjacent(hid):
        for other in board.state.units.get(n, {}):
            if board.hostile(nat, other) and (not six or other == "GER"):
                return True
    return False


def supplied(board: Board, nat: str) -> set[str]:
    """Every land hex where units of ``nat`` are in supply."""
    rng = int(board.charts.core["supply"]["range"])
    start = sources(board, nat)
    dist = {h: 0 for h in start}
    queue = deque(start)
    while queue:
        hid = queue.popleft()
        d = dist[hid]
        if d >= rng or (d > 0 and blocks(board, nat, hid)):
            continue
        for n in board.map.adjacent(hid):
            if n in dist or not board.map.passable(n):
                continue
            if not board.hostile_in(n, nat) or board.sp(n, nat):  # 7.14: a shared hex
                dist[n] = d + 1
                queue.append(n)
    out = set(dist)
    return out - foreign_in_britain(board, nat)


def foreign_in_britain(board: Board, nat: str) -> set[str]:
    """9.33: Britain's hexes where foreign units are out of supply unless the British
    Player allows; the US always in supply there in the four-Player version."""
    player = board.player_of(nat)
    owner = politics.player_of(board.state, board.charts, "GBR")
    if player == owner or politics.permitted(board.state, owner, player, "SUPPLY"):
        return set()
    return set(board.map.of_country.get("GBR", ()))


def judged(board: Board, nat: str) -> Board:
    """The board with ``nat``'s supply judged (provisional 9.5: once per nationality and
    Player-Turn, on the board as it stands when first asked, ``board.supplied``)."""
    if nat in board.supplied:
        return board
    return board.marked(supplied={**board.supplied, nat: frozenset(supplied(board, nat))})


def in_supply(board: Board, nat: str, hid: str) -> bool:
    """Is ``nat`` in supply at ``hid``, as judged on ``board`` (:func:`judged`)?"""
    return hid in board.supplied[nat]
