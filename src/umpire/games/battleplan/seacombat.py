"""Step 4: sea combat (BP 2D, 4D.1, 4D.5, 4E.2, 4E.5, 9.4).

Everyone in a sea (plus the Navy and AirForce sent to support it) attacks the players there
who are his enemies. Each Navy and AirForce gets one shot; a player's shots are shared among
his enemies' Army, Navy and AirForce in proportion to their numbers, Navy counting double.
Army losses are about the shots at it, AirForce about half, Navy about a quarter (17: rounded
randomly). All sides fire at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.games.battleplan.economy import enemies_of
from umpire.games.battleplan.groups import Group, Log
from umpire.games.battleplan.losses import hit
from umpire.games.battleplan.model import Draft, GameState, Sea
from umpire.games.battleplan.reports import report_sea_combat
from umpire.games.battleplan.rounding import rround

SHARE_WEIGHT = {"A": 1, "N": 2, "F": 1}  # BP 9.4: a double share against Navy
LOSS_DIVISOR = {"A": 1, "N": 4, "F": 2}  # BP 9.4: losses ≈ shots, a quarter, half

NOBODY: frozenset[int] = frozenset()
Pools = dict[int, dict[str, list[Group]]]  # player -> unit -> his stack there, his supporters


def sea_combat(
    d: Draft,
    groups: Sequence[Group],
    seen_sea: Mapping[int, set[str]],
    chance: Chance,
    shooters: str = "NF",
) -> list[Event]:
    """Step 4 in every sea, alphabetically. ``shooters``: the units in the sea that fire
    (WW 1939.bombers: AirForce at sea takes hits but fires none)."""
    log = Log(d.state)
    support: dict[str, list[Group]] = {}  # the Navy and AirForce sent to support each sea
    for g in groups:
        if g.verb in ("NS", "FS") and g.target in d.seas:
            support.setdefault(g.target, []).append(g)
    foes = enemies_of(d.state)  # BP 1B: the declarations do not change in step 4
    for code in sorted(d.seas):
        # most seas hold no two enemies: those are passed over before any pool is made
        here = support.get(code, ())
        present = {p for p, s in d.seas[code].forces.items() if s.army or s.navy or s.air}
        present.update(g.player for g in here if g.n > 0)
        if len(present) > 1 and any(not foes.get(p, NOBODY).isdisjoint(present) for p in present):
            fight_at_sea(d, log, code, here, seen_sea, chance, shooters, foes)
    return log.events


def fight_at_sea(
    d: Draft,
    log: Log,
    code: str,
    support: Sequence[Group],
    seen_sea: Mapping[int, set[str]],
    chance: Chance,
    shooters: str = "NF",
    enemies: Mapping[int, set[int]] | None = None,
) -> None:
    """The combat in sea ``code``; ``support``: the Navy and AirForce sent to support it;
    ``enemies``: each player's enemies (:func:`~umpire.games.battleplan.economy.enemies_of`),
    if known."""
    state = d.state
    sea = state.seas[code]
    pools, homes = _pools(state, code, support)
    players = sorted(p for p, units in pools.items() if units)  # those with forces here
    if enemies is None:
        enemies = enemies_of(state)
    foes = {p: [q for q in players if q in enemies.get(p, ())] for p in players}
    if not any(foes.values()):
        return
    before = _numbers(pools, players)
    shots_at = _shots(code, pools, players, foes, before, chance, shooters)
    for (q, u), shots in sorted(shots_at.items()):
        losses = rround(shots, LOSS_DIVISOR[u], chance, f"sea losses {code}")
        hit(pools[q][u], losses, chance, f"sea losses {code}")
    forces = dict(sea.forces)
    for g in homes:
        forces[g.player] = forces[g.player].with_unit(g.unit, g.n)
    d.seas[code] = Sea(code, forces).pruned()
    fighting = [p for p in players if foes[p]]
    after = _numbers(pools, fighting)
    report_sea_combat(state, log, code, seen_sea, fighting, before, after)


def _numbers(pools: Pools, players: Sequence[int]) -> dict[int, dict[str, int]]:
    """Each player's units of each kind in the pools, as they are now."""
    out: dict[int, dict[str, int]] = {}
    for p in players:
        out[p] = {
            u: gs[0].n if len(gs) == 1 else sum(g.n for g in gs) for u, gs in pools[p].items()
        }
    return out


def _pools(state: GameState, code: str, support: Sequence[Group]) -> tuple[Pools, list[Group]]:
    """Everyone's forces in the sea, plus the Navy and AirForce sent to support it
    (``support``; 4D.1, 4E.2: supporting a sea attacks the enemies there): a group for each
    kind of unit a player has there (none for a kind he has none of, which nothing could
    hit, nor for a supporting group with nothing left)."""
    pools: Pools = {}
    homes: list[Group] = []
    for p, stack in sorted(state.seas[code].forces.items()):
        units: dict[str, list[Group]] = {}
        for unit, n in (("A", stack.army), ("N", stack.navy), ("F", stack.air)):
            if n > 0:
                g = Group(p, code, unit, "HOME", code, n, from_sea=True)
                homes.append(g)
                units[unit] = [g]
        pools[p] = units
    for g in support:
        if g.n > 0:
            pools.setdefault(g.player, {}).setdefault(g.unit, []).append(g)
    return pools, homes


def _shots(
    code: str,
    pools: Pools,
    players: Sequence[int],
    foes: Mapping[int, list[int]],
    before: Mapping[int, Mapping[str, int]],
    chance: Chance,
    shooters: str = "NF",
) -> dict[tuple[int, str], int]:
    """BP 9.4: each Navy and AirForce gets one shot, shared among the enemies' Army, Navy
    (a double share) and AirForce; all sides fire at once."""
    shots_at: dict[tuple[int, str], int] = {}
    for p in players:
        if not foes[p]:
            continue
        # 1939 bombers at sea do not fire; those supporting the sea from land do (4E.2)
        mine = pools[p]
        shots = 0
        for u in "NF":
            for g in mine.get(u, ()):
                if u in shooters or g.verb != "HOME":
                    shots += g.n
        targets = []
        weight = 0
        for q in foes[p]:
            theirs = before[q]
            for u in "ANF":
                n = theirs.get(u, 0)
                if n > 0:
                    w = SHARE_WEIGHT[u] * n
                    targets.append((q, u, w))
                    weight += w
        if not shots or not weight:
            continue
        for q, u, w in targets:
            n = rround(shots * w, weight, chance, f"shots at {code}")
            shots_at[(q, u)] = shots_at.get((q, u), 0) + n
    return shots_at
