"""PFs available each turn: the Base PF chart plus the Bonus PF chart (OWW 3.1)."""

from __future__ import annotations

from dataclasses import dataclass

from umpire.games.origins.charts import Bonus, Charts
from umpire.games.origins.model import State


@dataclass(frozen=True, slots=True)
class Pool:
    """What ``power`` may place in ``turn``: ``base`` and each paying bonus entry."""

    power: str
    turn: int
    base: int
    bonuses: tuple[tuple[str, Bonus], ...]  # (area, entry)

    @property
    def bonus(self) -> int:
        return sum(b.amount for _, b in self.bonuses)

    @property
    def total(self) -> int:
        return self.base + self.bonus


def bonus_pays(state: State, area: str, receiver: str, entry: Bonus) -> bool:
    """Whether a BONUS entry pays now. ``C/GER``: Germany has a Control marker in the area;
    ``C/Any``: any other player has one; ``*``: the owner has sole control, i.e. no other
    player has a Control marker there too (the chart's footnote); ``U/``: likewise with an
    Understanding marker (ruling R7: paid each turn the marker stands)."""
    row = state.boxes.get(area, {})
    holders = [p for p, b in row.items() if b.marker == entry.marker and p != receiver]
    if entry.owner.upper() == "ANY":
        return bool(holders)
    if entry.owner not in holders:
        return False
    if entry.sole:
        return not any(b.control for p, b in row.items() if p != entry.owner)
    return True


def pool(state: State, power: str, charts: Charts, turn: int | None = None) -> Pool:
    """OWW 3.1: Base PFs of the turn plus bonus PFs for the markers on the map now."""
    turn = state.turn if turn is None else turn
    base = charts.base.get(turn, {}).get(power, 0)
    paying = tuple(
        (area.code, entry)
        for area in charts.areas
        if (entry := charts.bonus.get(area.code, {}).get(power)) is not None
        and bonus_pays(state, area.code, power, entry)
    )
    return Pool(power, turn, base, paying)
