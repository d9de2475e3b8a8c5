"""Bots for every power: legal, simple orders that keep the war moving.

- 19.2: a synthesis taking, country by country, the better entry of the two columns while
  the total stays within the limit.
- Diplomacy: permissions to every player it is not at war with; Lend-Lease once the US is in.
- Player-Turn: place everything, march each stack toward the nearest enemy, attack at 2-1 or
  better; Germany turns on the USSR from 1941 and a six-Player Italy enters in 1940.
Every order is tried on a working board and kept only if the rules accept it.
"""

from __future__ import annotations

from collections import deque

from umpire.core.chance import Chance
from umpire.games.spi_ww2 import combat, legality, movement, phase, politics, supply
from umpire.games.spi_ww2.board import Board
from umpire.games.spi_ww2.charts import Charts
from umpire.games.spi_ww2.model import DIPLOMACY, OBJECTIVES, State, is_combat
from umpire.games.spi_ww2.orders import (
    Attack,
    LendLease,
    Move,
    Objectives,
    Order,
    Pass,
    Permit,
    Place,
)

GERMAN_EAST = 7  # 2/41: the bot's Germany attacks the USSR from here
ITALIAN_ENTRY = 4  # 3/40


def bot_orders(state: State, power: str, chance: Chance, charts: Charts) -> list[Order]:
    """The orders the bot chooses (the ruleset keeps those its ``check`` keeps)."""
    board = Board.of(state, charts)
    if state.phase == OBJECTIVES:
        orders: list[Order] = [synthesis(board, power)]
    elif state.phase == DIPLOMACY:
        orders = diplomacy(board, power)
    elif is_combat(state.phase):
        orders = _attacks(board, power, politics.nationalities(state, charts, power))
    else:
        orders = movement_phase(board, power, chance)
    return orders or [Pass()]


def _try(board: Board, power: str, order: Order) -> tuple[Board, bool]:
    """The working board after ``order`` if the rules accept it (else as judged), and
    whether they do."""
    board, problem = legality.judge(board, power, order)
    if problem is not None:
        return board, False
    return phase.apply(board, power, order, None), True


def synthesis(board: Board, power: str) -> Objectives:
    chart = board.charts.mp["objectives"]
    nats = [
        n for n in politics.nationalities(board.state, board.charts, power) if n in politics.MAJORS
    ]
    cols = [chart["columns"].index(n) for n in nats]
    limit = int(chart["synthesis_limit"])
    total = 0
    entries = []
    for country, row in sorted(chart["rows"].items()):
        best = max((row[c] for c in cols if row[c]), key=lambda e: int(e[1:]), default="")
        if best and total + int(best[1:]) <= limit:
            entries.append((country, best))
            total += int(best[1:])
    return Objectives(tuple(entries))


def diplomacy(board: Board, power: str) -> list[Order]:
    out: list[Order] = []
    for other in board.state.players:
        if other == power or politics.at_war(board.state, power, other):
            continue
        for right in ("SUPPLY", "STRAITS", "BRITAIN", "TRANSIT"):
            if (power, other, right) not in board.state.permits:
                out.append(Permit(other, right))
    if (
        power == board.player_of("USA")
        and legality.us_active(board)
        and not board.state.lend_lease.get(power)
    ):
        out.append(LendLease(1))
    return out


def movement_phase(board: Board, power: str, chance: Chance) -> list[Order]:
    del chance
    out: list[Order] = []
    own = politics.nationalities(board.state, board.charts, power)
    start = {h: dict(u) for h, u in board.state.units.items()}
    board, out = _marches(board, power, own, start)
    for key in sorted(board.state.pools) + (
        ["USA"] if "USA" in own and board.state.holding.get("USA") else []
    ):
        nat = key.split(":")[0]
        if nat not in own:
            continue
        have = board.state.holding.get("USA", 0) if key == "USA" else board.state.pools.get(key, 0)
        for hid in legality.placement_hexes(board, power, key):
            n = min(have, 2)
            if not n:
                continue
            board, ok = _try(board, power, o := Place(nat, n, hid))
            if ok:
                out.append(o)
                have -= n
    return out


def _marches(
    board: Board, power: str, own: tuple[str, ...], start: dict[str, dict[str, int]]
) -> tuple[Board, list[Order]]:
    """Each stack (as it stood at the start) toward the nearest enemy: the working board
    after the marches, and their orders."""
    out: list[Order] = []
    targets = _targets(board, power)
    dist = _distances(board, targets)
    for hid, units in sorted(start.items()):
        for nat in sorted(units):
            if nat not in own or (
                politics.self_defense(board.charts, nat)
                and not politics.active_minor(board.state, nat)
            ):
                continue
            n = units[nat] - (1 if _keep(board, hid) else 0)
            if n <= 0 or hid not in dist:
                continue
            reach = movement.reachable(board, power, nat, hid, board.state.game_turn)
            best = min(reach, key=lambda h: (dist.get(h, 999), reach[h], h))
            if best == hid or dist.get(best, 999) >= dist[hid]:
                continue
            board, ok = _try(board, power, o := Move(nat, n, hid, best))
            if ok:
                out.append(o)
    return board, out


def _keep(board: Board, hid: str) -> bool:
    h = board.map.hexes[hid]
    return h.capital or h.rc


def _enemy_nat(board: Board, power: str, nat: str) -> bool:
    """An enemy now, or one the bot means to attack (scripted aggression)."""
    own = politics.nationalities(board.state, board.charts, power)
    if own and board.hostile(nat, own[0]):
        return True
    turn = board.state.game_turn
    if power == board.player_of("GER") and nat == "USSR" and turn >= GERMAN_EAST:
        return True
    italian = board.state.version == 6 and power == "ITA" and nat in ("FRA", "GBR")
    return italian and turn >= ITALIAN_ENTRY


def _targets(board: Board, power: str) -> set[str]:
    return {h for h, u in board.state.units.items() if any(_enemy_nat(board, power, n) for n in u)}


def _distances(board: Board, targets: set[str]) -> dict[str, int]:
    dist = {h: 0 for h in targets}
    queue = deque(targets)
    while queue:
        h = queue.popleft()
        for n in board.map.adjacent(h):
            if n not in dist and board.map.passable(n):
                dist[n] = dist[h] + 1
                queue.append(n)
    return dist


def _attacks(board: Board, power: str, own: tuple[str, ...]) -> list[Order]:
    out: list[Order] = []
    for target in sorted(_targets(board, power)):
        for nat in own:
            groups = []
            for h in board.map.adjacent(target):
                sp = board.sp(h, nat) - board.attacked.get((h, nat), 0)
                if sp <= 0:
                    continue
                board = supply.judged(board, nat)
                if supply.in_supply(board, nat, h):
                    groups.append((nat, sp, h))
            if not groups:
                continue
            att = combat.attack_strength(
                board, sum(g[1] for g in groups), board.state.game_turn, target
            )
            col = combat.column(board, att, combat.defence_strength(board, target))
            if col is None or col < 2:
                continue
            board, ok = _try(board, power, o := Attack(target, tuple(groups)))
            if ok:
                out.append(o)
                break
    return out
