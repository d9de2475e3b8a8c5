"""Land movement (5.1-5.6 provisional), rail movement, zones of control (6.0) and the
movement restrictions of the multi-player rules on neutrals and minor countries.

Provisional core (docs/rulings/spi-ww2.md): a move is from one hex to another; the umpire
finds the cheapest path within the nationality's movement allowance, paying each entered
hex's terrain cost plus the weather's extra cost; hexes holding hostile units cannot be
entered; entering a hostile zone of control ends the move. Every hex on the way must be open
to the player without invading anyone; only the destination may be an invasion (12.0).
"""

from __future__ import annotations

import heapq
from collections import deque

from umpire.core.problems import OrderError
from umpire.games.spi_ww2 import errors, politics
from umpire.games.spi_ww2.board import Board


def hex_cost(board: Board, hid: str, game_turn: int) -> int:
    h = board.map.hexes[hid]
    weather = board.charts.weather(game_turn, h.weather)
    return int(board.charts.terrain(h.terrain)["cost"]) + int(weather["move_extra"])


def enterable(board: Board, nat: str, hid: str) -> bool:
    """Passable, free of hostile units, and any units there are the player's own or those of
    a player who lets him in (TRANSIT); a neutral's army must be attacked, not joined."""
    if not board.map.passable(hid) or board.hostile_in(hid, nat):
        return False
    player = board.player_of(nat)
    for other in board.state.units.get(hid, {}):
        if politics.dormant(board.state, board.charts, other):
            return False  # its operator's too: he invades it (20.0), he does not join it
        owner = board.player_of(other)
        if owner != player and not (
            owner and politics.permitted(board.state, owner, player, "TRANSIT")
        ):
            return False
    return True


def path_cost(
    board: Board, player: str, nat: str, frm: str, to: str, game_turn: int
) -> tuple[int | None, OrderError | None]:
    """The cost of the cheapest legal path, or None with the reason: the cheapest path there
    is beyond the allowance, hex by hex with its terrain and cost, or that there is none."""
    move = {"nat": nat, "frm": board.map.name(frm), "to": board.map.name(to)}
    if not enterable(board, nat, to):
        return None, errors.DESTINATION_CLOSED.error(**move)
    allowance = board.charts.allowance(nat)
    cost, _ = _cheapest(board, player, nat, frm, to, game_turn, allowance)
    if cost is not None:
        return cost, None
    cost, path = _cheapest(board, player, nat, frm, to, game_turn, 1 << 30)
    if cost is None:
        return None, errors.NO_PATH.error(**move)
    steps = ", ".join(
        f"{board.map.name(h)} ({board.map.hexes[h].terrain} {hex_cost(board, h, game_turn)})"
        for h in path
    )
    return None, errors.BEYOND_ALLOWANCE.error(**move, steps=steps, cost=cost, allowance=allowance)


def route(
    board: Board, player: str, nat: str, frm: str, to: str, game_turn: int
) -> tuple[int, list[str]] | None:
    """The path :func:`path_cost` accepts: its cost and the hexes it enters, or None (the
    game page draws it, docs/rulings/spi-ww2.md S-PAGE-1)."""
    if not enterable(board, nat, to):
        return None
    cost, path = _cheapest(board, player, nat, frm, to, game_turn, board.charts.allowance(nat))
    return None if cost is None else (cost, path)


def _cheapest(
    board: Board, player: str, nat: str, frm: str, to: str, game_turn: int, limit: int
) -> tuple[int | None, list[str]]:
    """The cost of the cheapest legal path from ``frm`` to ``to`` costing at most ``limit``,
    and the hexes it enters; (None, []) if there is none."""
    best = {frm: 0}
    came: dict[str, str] = {}
    queue = [(0, frm)]
    while queue:
        cost, hid = heapq.heappop(queue)
        if hid == to:
            path = [to]
            while path[-1] in came:
                path.append(came[path[-1]])
            return cost, path[-2::-1]
        if cost > best.get(hid, 1 << 30):
            continue
        if hid != frm and (board.zoc_of(hid, nat) or not board.may_enter_freely(player, hid)):
            continue  # 6.0: entering a hostile ZOC ends the move; 12.0: invasion ends it
        for n in board.map.adjacent(hid):
            if not enterable(board, nat, n):
                continue
            if n != to and not board.may_enter_freely(player, n):
                continue
            c = cost + hex_cost(board, n, game_turn)
            if c <= limit and c < best.get(n, 1 << 30):
                best[n] = c
                came[n] = hid
                heapq.heappush(queue, (c, n))
    return None, []


def reachable(board: Board, player: str, nat: str, frm: str, game_turn: int) -> dict[str, int]:
    """Every hex ``nat`` at ``frm`` can reach without invading (for the bots)."""
    allowance = board.charts.allowance(nat)
    best = {frm: 0}
    queue = [(0, frm)]
    while queue:
        cost, hid = heapq.heappop(queue)
        if cost > best[hid] or (hid != frm and board.zoc_of(hid, nat)):
            continue
        for n in board.map.adjacent(hid):
            if not enterable(board, nat, n) or not board.may_enter_freely(player, n):
                continue
            c = cost + hex_cost(board, n, game_turn)
            if c <= allowance and c < best.get(n, 1 << 30):
                best[n] = c
                heapq.heappush(queue, (c, n))
    return best


def rail_path(board: Board, player: str, nat: str, frm: str, to: str) -> bool:
    """Provisional rail movement: any distance through land hexes the player controls, free
    of hostile units and hostile zones of control, from a hex not in a hostile ZOC."""
    return to in rail_network(board, player, nat, frm)


def rail_network(board: Board, player: str, nat: str, frm: str) -> dict[str, str]:
    """Every hex :func:`rail_path` reaches from ``frm``, with the hex it is reached from
    (``frm`` itself: ""); empty from a hex in a hostile ZOC. Its lines are the page's
    (docs/rulings/spi-ww2.md S-PAGE-1)."""
    if board.zoc_of(frm, nat):
        return {}
    came = {frm: ""}
    queue = deque([frm])  # breadth first: each hex by its fewest hexes of line
    while queue:
        hid = queue.popleft()
        for n in board.map.adjacent(hid):
            if n in came or board.state.control.get(n) != player or not enterable(board, nat, n):
                continue
            if board.zoc_of(n, nat):
                continue
            came[n] = hid
            queue.append(n)
    return came


def outside_borders(board: Board, nat: str) -> int:
    """Strength Points of a minor's army outside its own country."""
    return sum(
        u.get(nat, 0) for h, u in board.state.units.items() if board.map.hexes[h].country != nat
    )


def minor_restriction(
    board: Board, player: str, nat: str, to: str, n: int = 1
) -> OrderError | None:
    """Why a minor country's (or Italy's) units may not end a move at ``to`` (None if they may).

    16.22: self-defense neutrals do not move until invaded; 16.31-16.33: pro-Axis neutrals
    stay inside their borders until Russia or the Balkans are attacked, then send one SP
    each; 16.41: Finns stay home until their border is violated; 16.62 (provisional, four
    and five Players): Italy stays in Italy and its possessions until it enters the war.
    """
    charts = board.charts
    country = board.map.hexes[to].country
    if politics.self_defense(charts, nat) and not politics.active_minor(board.state, nat):
        return errors.SELF_DEFENSE_NEUTRAL.error(nat=nat)
    if nat == "FIN" and country != "FIN" and not board.state.flags.finland_violated:
        return errors.FINLAND_HOME.error()
    if politics.pro_axis(charts, nat) and nat != "FIN" and country != nat:
        return _pro_axis_outside(board, nat, n)
    if nat == "ITA" and not italy_free(board) and country not in ("ITA", "ALB", "LIB"):
        return errors.ITALY_AT_HOME.error()
    return None


def _pro_axis_outside(board: Board, nat: str, n: int) -> OrderError | None:
    charts = board.charts
    russia = (
        board.state.flags.russia_attacked and nat in charts.mp["minors"]["russia_front_contingent"]
    )
    balkans = board.state.flags.balkans_attacked and nat in charts.mp["minors"]["balkan_contingent"]
    if not (russia or balkans):
        return errors.PRO_AXIS_HOME.error(nat=nat)
    allowed = (1 if russia else 0) + (1 if balkans else 0)
    if outside_borders(board, nat) + n > allowed:
        return errors.PRO_AXIS_CONTINGENT.error(nat=nat, allowed=allowed)
    return None


def italy_free(board: Board) -> bool:
    """16.61 (provisional two-player rule, four and five Players only): Italy is free from
    its entry Game-Turn or once attacked; in the six-Player version always (16.61)."""
    if board.state.version == 6:
        return True
    entry = int(board.charts.core["italian_entry"]["entry_turn"])
    return board.state.flags.italy_active or board.state.game_turn >= entry
