"""Army fights and losses shared among groups (BP 4C.6)."""

from __future__ import annotations

from collections.abc import Sequence

from umpire.core.chance import Chance
from umpire.games.battleplan.groups import Group
from umpire.games.battleplan.rounding import rround, share_losses


def army_losses(
    attackers: int,
    defenders: int,
    chance: Chance,
    purpose: str,
    *,
    handicap: tuple[int, int] = (1, 1),
) -> tuple[int, int]:
    """BP 4C.6: (attacker losses, defender losses) of an army fight.

    The larger side wins; the smaller is destroyed and the larger loses loser² / winner
    (rounded randomly, 17). Equal sides: the defender wins "with one or no armies left".
    ``handicap`` (num, den) counts the defenders at that fraction of their number (BP 1B,
    ruling R-C3); the losses taken are real armies, never more than there are.

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
    strength = defenders * handicap[0] // handicap[1]
    if attackers > strength:
        return rround(strength * strength, attackers, chance, purpose), defenders
    if strength > attackers:
        return attackers, min(defenders, rround(attackers * attackers, strength, chance, purpose))
    keep = chance.randint(0, 1, purpose=f"tie {purpose}")
    return attackers, defenders - keep


def hit(groups: Sequence[Group], losses: int, chance: Chance, purpose: str) -> int:
    """Apportion ``losses`` at random among ``groups`` (4C.6); the losses actually taken."""
    if losses <= 0:
        return 0
    live = [g for g in groups if g.n > 0]
    if not live:
        return 0
    if len(live) == 1:  # one group takes them all, up to its number (no draw: share_losses)
        g = live[0]
        taken = losses if losses < g.n else g.n
        g.n -= taken
        return taken
    shares = share_losses([g.n for g in live], losses, chance, purpose)
    for g, s in zip(live, shares, strict=True):
        g.n -= s
    return sum(shares)


def total(groups: Sequence[Group]) -> int:
    n = 0
    for g in groups:  # a loop, not sum() over a generator: this runs a dozen times a combat
        n += g.n
    return n
