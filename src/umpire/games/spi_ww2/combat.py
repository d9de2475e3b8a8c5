"""Combat (8.0): odds, the combat results table, losses, retreat; displacement (7.14).

Provisional core: attack strength is the attacking Strength Points (halved in snow, 11.0);
defence strength is the defending Strength Points times the terrain's defence multiplier;
the odds, rounded down in the defender's favour, pick a column of the CRT (data); one die.
Survivors of a defender that must retreat move one hex (to a hex free of hostile units and
of the attacker's zone of control, the lowest-numbered such hex), or are eliminated; then the
first-listed attacking group advances into an emptied hex.

Multi-player cases: 8.15 (which nationalities may combine an attack, by version), 8.21
(every nationality in the hex defends together), 8.52 (one defending nationality: its own
losses; several: the attacker chooses from which), 7.14 (units of different nationalities
stacked together when one attacks the other: the larger side moves the other one hex; a
tie: each rolls a die, the higher moves the other).
"""

from __future__ import annotations

from collections.abc import Sequence

from umpire.core.chance import Chance
from umpire.games.spi_ww2 import politics
from umpire.games.spi_ww2.board import Board


def may_combine(board: Board, nats: Sequence[str]) -> bool:
    """8.15: may these nationalities combine their attack strengths?"""
    kinds = set(nats)
    if len(kinds) <= 1:
        return True
    groups = board.charts.mp["combine_attack"][str(board.state.version)]
    return any(kinds <= set(g) for g in groups)


def defence_strength(board: Board, hid: str) -> int:
    """8.21: every nationality in the hex defends together, times the terrain multiplier."""
    terrain = board.map.hexes[hid].terrain
    return board.total(hid) * int(board.charts.terrain(terrain)["defence"])


def attack_strength(board: Board, sp: int, game_turn: int, target: str) -> float:
    zone = board.map.hexes[target].weather
    if board.charts.weather(game_turn, zone)["halve_attack"]:
        return sp / 2
    return float(sp)


def column(board: Board, attack: float, defence: int) -> int | None:
    """The CRT column for the odds (None: below the first column)."""
    best = None
    for i, label in enumerate(board.charts.crt_columns):
        a, d = (int(x) for x in label.split("-"))
        if attack * d >= defence * a:
            best = i
    return best


def take_losses(
    board: Board, hid: str, loss: int | None, order: Sequence[str]
) -> tuple[Board, int]:
    """Remove ``loss`` SP (None: all) from ``hid``, nationality by nationality in ``order``:
    the board after, and the SP taken."""
    taken = 0
    for nat in order:
        have = board.sp(hid, nat)
        n = have if loss is None else min(have, loss - taken)
        board = board.remove(hid, nat, n)
        taken += n
        if loss is not None and taken >= loss:
            break
    return board, taken


def defender_order(board: Board, hid: str, chosen: Sequence[str]) -> list[str]:
    """8.52: the order in which the defending nationalities lose Strength Points. With one
    nationality, its own; with several, the attacker's choice (``chosen``), then the rest
    from the largest."""
    nats = board.nats_at(hid)
    rest = sorted((n for n in nats if n not in chosen), key=lambda n: (-board.sp(hid, n), n))
    return [n for n in chosen if n in nats] + rest


def retreat_hex(board: Board, hid: str, nats: Sequence[str], attackers: Sequence[str]) -> str:
    for n in sorted(board.map.adjacent(hid)):
        if not board.map.passable(n) or any(board.hostile_in(n, x) for x in nats):
            continue
        if any(
            board.hostile(a, x)
            for m in board.map.adjacent(n)
            for a in board.state.units.get(m, {})
            if a in attackers
            for x in nats
        ):
            continue
        player = board.player_of(nats[0])
        if board.may_enter_freely(player, n):
            return n
    return ""


def displacement_hexes(board: Board, hid: str, nats: Sequence[str], player: str) -> list[str]:
    """7.14: one hex in any direction, not into neutral territory or impassable terrain, nor
    into an Enemy zone of control not negated by a friendly unit."""
    out = []
    for n in sorted(board.map.adjacent(hid)):
        if not board.map.passable(n) or not board.may_enter_freely(player, n):
            continue
        if any(board.hostile_in(n, x) for x in nats):
            continue
        friendly = any(not board.hostile(nats[0], o) for o in board.state.units.get(n, {}))
        # the stack doing the displacing does not count as the zone of control (ruling)
        if not friendly and any(board.zoc_of(n, x, ignore=hid) for x in nats):
            continue
        out.append(n)
    return out


def displacement_hex(board: Board, hid: str, nats: Sequence[str], player: str) -> str:
    legal = displacement_hexes(board, hid, nats, player)
    return legal[0] if legal else ""


def displace(
    board: Board, hid: str, attacker: str, chance: Chance | None, choice: str = ""
) -> tuple[Board, tuple[str, str]]:
    """7.14: resolve a stack of the attacker's and the defender's units in ``hid``.

    Returns the board after, and (side moved: "attacker"/"defender"/"", hex it moved to)."""
    own = [n for n in board.nats_at(hid) if board.player_of(n) == attacker]
    other = [n for n in board.nats_at(hid) if n not in own]
    a = sum(board.sp(hid, n) for n in own)
    d = sum(board.sp(hid, n) for n in other)
    if a == d:
        if chance is None:
            return board, ("", "")
        rolls = []
        while True:  # each Player rolls; the highest moves the other (a tie: again)
            ra = chance.roll(6, purpose=f"7.14 displacement at {hid}: {attacker}")
            rd = chance.roll(6, purpose=f"7.14 displacement at {hid}: defender")
            rolls.append(f"attacker {ra}, defender {rd}")
            if ra != rd:
                break
        board = board.say("displacement-roll", f"7.14 die rolls at {hid}: {'; '.join(rolls)}.")
        larger_attacker = ra > rd
    else:
        larger_attacker = a > d
    moved, mover = (other, board.player_of(other[0])) if larger_attacker else (own, attacker)
    side = "defender" if larger_attacker else "attacker"
    legal = displacement_hexes(board, hid, moved, mover)
    # the larger attacker may name the hex; otherwise (or if his choice is not legal) the first
    to = choice if (larger_attacker and choice in legal) else (legal[0] if legal else "")
    if not to:
        said = board.say(
            "displacement", f"7.14: no hex for the {side}'s units at {hid}; they stay."
        )
        return said, ("", "")
    for n in moved:
        sp = board.sp(hid, n)
        board = board.shift(n, sp, hid, to)
    return board.say("displacement", f"7.14: the {side}'s units at {hid} are moved to {to}."), (
        side,
        to,
    )


def odds_text(board: Board, col: int | None) -> str:
    return board.charts.crt_columns[col] if col is not None else "below 1-2"


def is_act_of_war(board: Board, player: str, target: str) -> list[str]:
    """The players (or minor countries) an attack on ``target`` makes hostile anew."""
    out = []
    for nat in board.nats_at(target):
        if politics.commands(board.state, board.charts, player, nat):
            continue
        own = politics.nationalities(board.state, board.charts, player)
        if own and not board.hostile(nat, own[0]):
            out.append(nat)
    return out
