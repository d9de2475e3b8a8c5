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
from umpire.games.battleplan.groups import Group, Log
from umpire.games.battleplan.losses import hit
from umpire.games.battleplan.model import Draft, GameState, Sea
from umpire.games.battleplan.reports import report_sea_combat
from umpire.games.battleplan.rounding import rround

SHARE_WEIGHT = {"A": 1, "N": 2, "F": 1}  # BP 9.4: a double share against Navy
LOSS_DIVISOR = {"A": 1, "N": 4, "F": 2}  # BP 9.4: losses ≈ shots, a quarter, half

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
    state = d.state
    support: dict[str, list[Group]] = {}  # the Navy and AirForce sent to support each sea
    for g in groups:
        if g.verb in ("NS", "FS") and g.target in d.seas:
            support.setdefault(g.target, []).append(g)
    for code in sorted(d.seas):
        # most seas hold no two enemies: those are passed over before any pool is made
        here = support.get(code, ())
        present = {p for p, s in d.seas[code].forces.items() if s.army or s.navy or s.air}
        present.update(g.player for g in here if g.n > 0)
        if len(present) > 1 and any(state.enemies(p, q) for p in present for q in present):
            fight_at_sea(d, log, code, here, seen_sea, chance, shooters)
    return log.events


def fight_at_sea(
    d: Draft,
    log: Log,
    code: str,
    support: Sequence[Group],
    seen_sea: Mapping[int, set[str]],
    chance: Chance,
    shooters: str = "NF",
) -> None:
    """The combat in sea ``code``; ``support``: the Navy and AirForce sent to support it."""
    state = d.state
    sea = state.seas[code]
    pools, homes = _pools(state, code, support)
    players = sorted(
        p for p, units in pools.items() if any(g.n for gs in units.values() for g in gs)
    )
    foes = {p: [q for q in players if state.enemies(p, q)] for p in players}
    if not any(foes.values()):
        return
    before = {p: {u: sum(g.n for g in gs) for u, gs in pools[p].items()} for p in players}
    shots_at = _shots(code, pools, players, foes, before, chance, shooters)
    for (q, u), shots in sorted(shots_at.items()):
        losses = rround(shots, LOSS_DIVISOR[u], chance, f"sea losses {code}")
        hit(pools[q][u], losses, chance, f"sea losses {code}")
    forces = dict(sea.forces)
    for g in homes:
        forces[g.player] = forces[g.player].with_unit(g.unit, g.n)
    d.seas[code] = Sea(code, forces).pruned()
    fighting = [p for p in players if foes[p]]
    after = {p: {u: sum(g.n for g in gs) for u, gs in pools[p].items()} for p in fighting}
    report_sea_combat(state, log, code, seen_sea, fighting, before, after)


def _pools(state: GameState, code: str, support: Sequence[Group]) -> tuple[Pools, list[Group]]:
    """Everyone's forces in the sea, plus the Navy and AirForce sent to support it
    (``support``; 4D.1, 4E.2: supporting a sea attacks the enemies there)."""
    pools: Pools = {}
    homes: list[Group] = []
    for p, stack in sorted(state.seas[code].forces.items()):
        for unit in "ANF":
            g = Group(p, code, unit, "HOME", code, stack.get(unit), from_sea=True)
            homes.append(g)
            pools.setdefault(p, {}).setdefault(unit, []).append(g)
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
        shots = sum(
            g.n for u in "NF" for g in pools[p].get(u, []) if u in shooters or g.verb != "HOME"
        )
        targets = [
            (q, u, SHARE_WEIGHT[u] * before[q].get(u, 0))
            for q in foes[p]
            for u in "ANF"
            if before[q].get(u, 0) > 0
        ]
        weight = sum(w for _, _, w in targets)
        if not shots or not weight:
            continue
        for q, u, w in targets:
            n = rround(shots * w, weight, chance, f"shots at {code}")
            shots_at[(q, u)] = shots_at.get((q, u), 0) + n
    return shots_at
