"""Diplomatic conflict (OWW 1.4, 4.1-4.8, 8.2) and the Revised Diplomatic Conflict Table.

One attack: the attacker commits some of his strength in the area (PFs, plus 5 for an
Understanding marker, OWW 4.4, 4.5) against the whole strength of the targets there (one or
several opponents, OWW 4.2); the odds column is found (rounded in the defender's favour,
capped at 5-1, below 1-2 an automatic A: ruling R3), a die is rolled, and the result's
losses are applied (OWW 8.2: PFs first, then the Understanding marker).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from umpire.core.chance import Chance
from umpire.games.origins.charts import Charts
from umpire.games.origins.model import Box


def odds_column(attack: int, defence: int, charts: Charts) -> str | None:
    """The DCT column for ``attack`` against ``defence`` PFs; None: worse than the lowest.

    Ruling R3: odds are rounded down in the defender's favour (7 to 3 is 2-1; 5 to 8 is
    1-2) and odds above the highest column use the highest (5-1).

    >>> from umpire.games.origins.charts import load
    >>> [odds_column(a, 4, load()) for a in (1, 2, 3, 4, 11, 40)]
    [None, '1-2', '1-2', '1-1', '2-1', '5-1']
    """
    if defence <= 0 or attack <= 0:
        raise ValueError(f"no odds for {attack} against {defence}")
    columns = charts.dct_columns
    if attack >= defence:
        wanted = attack // defence
        ratios = [int(c.split("-")[0]) for c in columns if c.endswith("-1")]
        best = max(r for r in ratios if r <= wanted)
        return f"{best}-1"
    if 2 * attack >= defence and "1-2" in columns:
        return "1-2"
    return None


def result_code(column: str | None, die: int, charts: Charts) -> str:
    """The DCT result for ``die`` in ``column`` (None: the automatic A below 1-2)."""
    if column is None:
        return charts.dct_below
    return charts.dct_rows[die][charts.dct_columns.index(column)]


def divide(loss: int, strengths: Mapping[str, int], order: Sequence[str]) -> dict[str, int]:
    """Ruling R8: a loss shared by several defenders is divided in proportion to their
    strength in the area (largest remainders first; ties go to the player named first).

    >>> divide(5, {"GER": 6, "USSR": 3}, ["GER", "USSR"])
    {'GER': 3, 'USSR': 2}
    """
    total = sum(strengths[p] for p in order)
    loss = min(loss, total)
    if total == 0:
        return {p: 0 for p in order}
    shares = {p: loss * strengths[p] // total for p in order}
    left = loss - sum(shares.values())
    by_remainder = sorted(order, key=lambda p: (-(loss * strengths[p] % total), order.index(p)))
    for p in by_remainder:
        if left == 0:
            break
        if shares[p] < strengths[p]:
            shares[p] += 1
            left -= 1
    return shares


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one attack did: public part (column, die, result) and the numbers."""

    column: str | None  # None: worse than 1-2 (automatic A)
    die: int | None  # None when no die is rolled (automatic A)
    result: str
    attack: int
    defence: dict[str, int]  # target -> strength in the area
    attacker_loss: int
    defender_losses: dict[str, int]

    @property
    def column_text(self) -> str:
        return self.column or "worse than 1-2"


def fight(
    attacker: str,
    area: str,
    targets: Sequence[str],
    attack: int,
    row: Mapping[str, Box],
    charts: Charts,
    chance: Chance,
) -> Outcome:
    """Roll one attack of ``attack`` strength against ``targets`` (all present in ``row``).

    DCT key (ruling R4): on A and Xa the attacker removes all of his PFs in the area — his
    whole strength there, not only what he committed (OWW 4.4 lets him commit less, which only
    worsens his odds) — and on Xa the targets remove an equal number.
    """
    defence = {t: row[t].strength for t in targets}
    held = max(attack, row[attacker].strength if attacker in row else 0)
    total = sum(defence.values())
    column = odds_column(attack, total, charts)
    die = None
    if column is not None:
        names = ",".join(targets)
        die = chance.roll(6, purpose=f"DCT {area} {attacker} vs {names} at {column}")
    code = result_code(column, die or 0, charts)
    result = charts.results[code]
    # The side losing "all" (or a number) first, then the side losing an "equal" number.
    attacker_loss = 0 if result.attacker == "equal" else _amount(result.attacker, held)
    if result.defender == "all":
        losses = dict(defence)
    elif result.defender == "equal":
        losses = divide(attacker_loss, defence, targets)
    else:
        losses = divide(int(result.defender), defence, targets)
    if result.attacker == "equal":
        attacker_loss = min(attack, sum(losses.values()))
    return Outcome(column, die, code, attack, defence, attacker_loss, losses)


def _amount(loss: str | int, held: int) -> int:
    if loss == "all":
        return held
    return min(held, int(loss))
