"""One battle: the simulation that replaces the console's arcade battle (ruling C10).

The parameters are data (``data/battle.toml``). A battle is a series of exchanges: each side
pays its weapon's energy cost (planes dearest, a submarine's missile flight next, tanks
cheapest); a side that cannot pay has run out of energy (COTW 12G, 21G). Then each side fires
with one percent draw: a hit destroys the enemy weapon (12A); two hits in one exchange destroy
both, a tied battle (12B). In the end game the battle's attacker fires first and a destroyed
defender does not fire back (21E). Every draw states whose weapon fires at what.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from umpire.core.chance import Chance
from umpire.games.conquest.orders import POSTURES, WEAPONS, Weapon

DATA = Path(__file__).parent / "data" / "battle.toml"


@dataclass(frozen=True, slots=True)
class Model:
    war_energy: int  # COTW 10B, 11B
    energy_per_step: int  # COTW 21C
    battles: int  # COTW 12A
    cost: dict[str, int]
    hit: dict[str, dict[str, int]]
    posture_hit: dict[str, int]
    posture_cost: dict[str, int]  # percent

    def exchange_cost(self, order: Weapon) -> int:
        """Energy one exchange costs this weapon in this posture."""
        return self.cost[order.weapon] * self.posture_cost[order.posture] // 100

    def hit_chance(self, order: Weapon, target: str) -> int:
        """Percent chance per exchange that ``order``'s weapon destroys ``target``."""
        return max(1, min(99, self.hit[order.weapon][target] + self.posture_hit[order.posture]))


@cache
def model() -> Model:
    with DATA.open("rb") as handle:
        data = tomllib.load(handle)
    energy = data["energy"]
    return Model(
        war_energy=int(energy["war"]),
        energy_per_step=int(energy["endgame_per_step"]),
        battles=int(energy["battles"]),
        cost={w: int(data["cost"][w]) for w in WEAPONS},
        hit={w: {v: int(data["hit"][w][v]) for v in WEAPONS} for w in WEAPONS},
        posture_hit={p: int(data["posture"][p]["hit"]) for p in POSTURES},
        posture_cost={p: int(data["posture"][p]["cost_percent"]) for p in POSTURES},
    )


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a battle ended: ``destroyed[i]`` side i's weapon was destroyed, ``out[i]`` side i
    ran out of energy; ``energy`` what each side has left."""

    destroyed: tuple[bool, bool]
    out: tuple[bool, bool]
    energy: tuple[int, int]
    exchanges: int
    shots: tuple[tuple[bool, bool], ...] = ()  # each exchange: did side 0, side 1 hit

    def report(self, sides: tuple[str, str]) -> str:
        """The battle step by step: who hit in each exchange."""
        steps = []
        for n, (a, b) in enumerate(self.shots, start=1):
            hit = [s for s, h in zip(sides, (a, b), strict=True) if h]
            steps.append(f"{n}: {' and '.join(hit) + ' hit' if hit else 'no hit'}")
        return "; ".join(steps) or "none"

    @property
    def winner(self) -> int | None:
        """The side that won the battle (None: a tie, 12B, or both out of energy)."""
        if self.out[0] != self.out[1]:
            return 0 if self.out[1] else 1
        if self.out[0] or self.destroyed[0] == self.destroyed[1]:
            return None
        return 0 if self.destroyed[1] else 1


def fight(
    sides: tuple[str, str],
    orders: tuple[Weapon, Weapon],
    energy: tuple[int, int],
    chance: Chance,
    label: str,
    *,
    first: int | None = None,
    params: Model | None = None,
) -> Outcome:
    """Fight one battle. ``first``: the side that fires first (the end game's attacker);
    None: both fire at once (the wars of rules 10-17)."""
    m = params or model()
    left = list(energy)
    costs = (m.exchange_cost(orders[0]), m.exchange_cost(orders[1]))
    exchanges = 0
    shots: list[tuple[bool, bool]] = []
    while True:
        exchanges += 1
        out = (left[0] < costs[0], left[1] < costs[1])
        if any(out):  # COTW 12G / 21G: a side that cannot pay has run out
            spent = (0 if out[0] else left[0], 0 if out[1] else left[1])
            return Outcome((False, False), out, spent, exchanges, tuple(shots))
        left = [left[0] - costs[0], left[1] - costs[1]]
        hits = _fire(sides, orders, chance, f"{label}, exchange {exchanges}", first, m)
        shots.append(hits)
        if any(hits):
            destroyed = (hits[1], hits[0])
            return Outcome(destroyed, (False, False), (left[0], left[1]), exchanges, tuple(shots))


def _fire(
    sides: tuple[str, str],
    orders: tuple[Weapon, Weapon],
    chance: Chance,
    label: str,
    first: int | None,
    m: Model,
) -> tuple[bool, bool]:
    """Which sides hit in one exchange (``hits[i]``: side i destroyed the other's weapon)."""

    def shot(i: int) -> bool:
        j = 1 - i
        need = m.hit_chance(orders[i], orders[j].weapon)
        purpose = (
            f"{label}: {sides[i]}'s {orders[i].weapon} ({orders[i].posture}) fires at "
            f"{sides[j]}'s {orders[j].weapon}, hits on 1-{need}"
        )
        return chance.percent(purpose=purpose) <= need

    if first is None:
        a = shot(0)
        b = shot(1)
        return (a, b)
    if shot(first):
        return (first == 0, first == 1)
    other = 1 - first
    return (other == 0 and shot(0), other == 1 and shot(1))
