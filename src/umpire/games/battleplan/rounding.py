"""Random rounding (BP 17) and random sharing of losses (BP 4C.6).

BP 17: "Whenever the result of some calculation (except building and training) contains a
fraction, it is rounded randomly up or down. The greater the fraction, the more likely it is
to be rounded up." :func:`rround` rounds ``num / den`` so, with exact integer odds.

>>> from umpire.core.chance import ScriptedChance
>>> rround(36, 20, ScriptedChance([16]), "loss")   # 1.8: up when the draw is <= 16 of 20
2
>>> rround(36, 20, ScriptedChance([17]), "loss")
1
>>> rround(40, 20, ScriptedChance([]), "whole")     # no fraction, no draw
2
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from umpire.core.chance import Chance


def rround(num: int, den: int, chance: Chance, purpose: str) -> int:
    """``num / den`` (both >= 0, den > 0) rounded randomly, up with the odds of the fraction."""
    q, r = divmod(num, den)
    if r == 0:
        return q
    return q + (1 if chance.randint(1, den, purpose=f"round {purpose}") <= r else 0)


def rsqrt(value: int, chance: Chance, purpose: str) -> int:
    """The square root of ``value`` rounded randomly (3A propaganda), to a thousandth's odds."""
    root = math.isqrt(value)
    if root * root == value:
        return root
    frac = round((math.sqrt(value) - root) * 1000)
    return root + (1 if chance.randint(1, 1000, purpose=f"round {purpose}") <= frac else 0)


def share_losses(sizes: Sequence[int], losses: int, chance: Chance, purpose: str) -> list[int]:
    """BP 4C.6: ``losses`` apportioned at random among groups of the given sizes.

    Each loss falls on one surviving unit drawn at random, so a group loses in proportion to
    its size on average; no group loses more than it has.
    """
    left = list(sizes)
    out = [0] * len(sizes)
    total = sum(left)
    losses = min(losses, total)
    if losses == total:
        return list(sizes)
    live = [i for i, n in enumerate(left) if n > 0]
    if len(live) == 1:
        out[live[0]] = losses
        return out
    for _ in range(losses):
        pick = chance.randint(1, total, purpose=f"share {purpose}")
        for i in live:
            if pick <= left[i]:
                left[i] -= 1
                out[i] += 1
                break
            pick -= left[i]
        total -= 1
    return out
