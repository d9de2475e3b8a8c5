"""Army fights and losses shared among groups (BP 4C.6)."""

from __future__ import annotations

from collections.abc import Sequence

from umpire.core.chance import Chance
from umpire.games.battleplan.context import Group
from umpire.games.battleplan.rounding import rround, share_losses


def army_losses(attackers: int, defenders: int, chance: Chance, purpose: str) -> tuple[int, int]:
    """BP 4C.6: (attacker losses, defender losses) of an army fight.

    The larger side wins; the smaller is destroyed and the larger loses loser² / winner
    (rounded randomly, 17). Equal sides: the defender wins "with one or no armies left".

    >>> from umpire.core.chance import ScriptedChance
    >>> army_losses(20, 6, ScriptedChance([1]), "x")   # 36/20 = 1.8
    (2, 6)
    >>> army_losses(5, 10, ScriptedChance([]), "x")    # 25/10 = 2.5 -> needs a draw
    Traceback (most recent call last):
    ...
    umpire.core.chance.ChanceExhausted: no scripted value left for 'round x'
    """
    if attackers <= 0:
        return 0, 0
    if attackers > defenders:
        return rround(defenders * defenders, attackers, chance, purpose), defenders
    if defenders > attackers:
        return attackers, rround(attackers * attackers, defenders, chance, purpose)
    keep = chance.randint(0, 1, purpose=f"tie {purpose}")
    return attackers, defenders - keep


def hit(groups: Sequence[Group], losses: int, chance: Chance, purpose: str) -> int:
    """Apportion ``losses`` at random among ``groups`` (4C.6); the losses actually taken."""
    live = [g for g in groups if g.n > 0]
    if not live or losses <= 0:
        return 0
    shares = share_losses([g.n for g in live], losses, chance, purpose)
    for g, s in zip(live, shares, strict=True):
        g.n -= s
    return sum(shares)


def total(groups: Sequence[Group]) -> int:
    return sum(g.n for g in groups)
