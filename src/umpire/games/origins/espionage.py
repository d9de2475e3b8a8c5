"""Espionage (OWW 6.1, 8.5): what each power's spies reveal.

Each player may spy on one opposing player in one area, and on up to two players in his own
home area. Ruling R10: missions are carried out last in the turn, after the markers, so they
reveal the exact holdings the spying player's map shows for that turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from umpire.games.origins.model import Box, State
from umpire.games.origins.orders import Spy, SpyHome

Mission = tuple[str, str, str]  # (spy, area, target)


def missions(orders: Mapping[str, Sequence[object]], order_of_play: Sequence[str]) -> list[Mission]:
    """Every (spy, area, target) ordered this turn, in the order of play."""
    found: list[Mission] = []
    for power in order_of_play:
        for order in orders.get(power, ()):
            if isinstance(order, Spy) and order.target != power:
                found.append((power, order.area, order.target))
            elif isinstance(order, SpyHome):
                found.extend((power, power, t) for t in order.targets if t != power)
    return found


def revealed(state: State, power: str) -> dict[tuple[str, str], Box]:
    """OWW 8.5: (area, target) -> the target's exact box, for ``power``'s missions."""
    return {(a, t): state.box(a, t) for spy, a, t in state.spied if spy == power}


def spied_on(spied: Iterable[Mission], target: str) -> set[str]:
    """The areas where someone saw ``target``'s exact holdings."""
    return {a for _, a, t in spied if t == target}
