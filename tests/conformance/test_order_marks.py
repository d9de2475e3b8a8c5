"""Orders drawn as they are given, over every (game, scenario) with a map: the bots' orders of
the first turns, read as the page's preview reads them, are all accepted, and every mark they
make stands on the game's map (a place the drawing cannot find would be an order silently not
drawn)."""

from __future__ import annotations

import importlib
import importlib.util

import pytest

from umpire.core import registry, session
from umpire.core.ordermarks import preview

GAMES = [
    (game, scenario)
    for game, scenario, _ in registry.all_scenarios()
    if importlib.util.find_spec(f"umpire.games.{game.replace('-', '_')}") is not None
    and importlib.util.find_spec(f"umpire.games.{game.replace('-', '_')}.drawing") is not None
]
TURNS = 6  # the first turns: openings, builds and placements, first moves and attacks


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=[f"{g}-{s}" for g, s in GAMES])
def test_every_bot_order_is_drawn_on_the_map(game: str, scenario: str) -> None:
    drawing = importlib.import_module(f"umpire.games.{game.replace('-', '_')}.drawing")
    table = session.open_table(session.create(game, scenario=scenario, seed=3))
    drawn = 0
    for _ in range(TURNS):
        if table.record.outcome is not None:
            break
        for power in table.pending().powers:
            number = table.record.processed + 1
            text = table.ruleset.bot_orders(
                table.state, power, session.bot_chance(table.record, number, power)
            )
            found = preview(table.ruleset, table.state, power, text)
            assert not found.problems, (power, text, found.problems)
            overlay = drawing.order_overlay(table.view(power), found.marks, power)
            assert overlay.count('class="order-mark"') == len(found.marks), (power, text)
            drawn += len(found.marks)
            table.submit(power, text)
        table.process()
    assert drawn > 0
