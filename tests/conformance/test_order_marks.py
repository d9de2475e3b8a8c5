"""Orders drawn as they are given, over every (game, scenario) with a map: the bots' orders of
the first turns, read as the page's preview reads them, are all accepted, and every mark they
make stands on the game's map (a place the drawing cannot find would be an order silently not
drawn)."""

from __future__ import annotations

import importlib
import importlib.util

import pytest

from umpire.core import registry, session
from umpire.core.chance import SeededChance
from umpire.core.ordermarks import preview
from umpire.core.submission import bot_text

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
            text = bot_text(
                table.ruleset, table.state, power, session.bot_chance(table.record, number, power)
            )
            found = preview(table.ruleset, table.state, power, text)
            assert not found.problems, (power, text, found.problems)
            overlay = drawing.order_overlay(table.view(power), found.marks, power)
            assert overlay.count('class="order-mark"') == len(found.marks), (power, text)
            drawn += len(found.marks)
            table.submit(power, text)
        table.process()
    assert drawn > 0


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=[f"{g}-{s}" for g, s in GAMES])
def test_another_powers_secrets_never_change_what_is_drawn(game: str, scenario: str) -> None:
    """The preview of a power's own orders (what is accepted, refused and drawn) is the same
    whatever another power's secret facts are: it tells him nothing his page does not."""
    ruleset = registry.get(game, scenario)
    if not ruleset.info.hides_information(scenario):
        pytest.skip(f"{game} {scenario} has no hidden information")
    drawing = importlib.import_module(f"umpire.games.{game.replace('-', '_')}.drawing")
    table = session.open_table(session.create(game, scenario=scenario, seed=3))
    varied_something = False
    for n in range(TURNS):
        if table.record.outcome is not None:
            break
        state = table.state
        texts = {
            power: bot_text(ruleset, state, power, session.bot_chance(table.record, n + 1, power))
            for power in table.pending().powers
        }
        # each other power's secrets varied once a turn (the variation is the reader's business
        # only through what his preview shows)
        dumped = ruleset.dump_state(state)
        varied_by = {
            other: ruleset.vary_secrets(state, other, SeededChance(9, "vary", n, other))
            for other in table.record.powers
        }
        varied_something |= any(ruleset.dump_state(v) != dumped for v in varied_by.values())
        for power, text in texts.items():
            # his orders with a line of another power's mixed in: refused the same way
            mixed = text + "\n" + next((t for p, t in texts.items() if p != power), "")
            seen = preview(ruleset, state, power, mixed)
            seen_json = seen.to_json()
            view = table.view(power)
            drawn = drawing.order_overlay(view, seen.marks, power)
            for other, varied in varied_by.items():
                if other == power:
                    continue
                again = preview(ruleset, varied, power, mixed)
                assert again.to_json() == seen_json, (power, other, n)
                assert drawing.order_overlay(view, again.marks, power) == drawn
            table.submit(power, text)
        table.process()
    assert varied_something, f"{game}: vary_secrets never changed any state"
