"""The legal orders Origins offers for order entry by a list and by clicking the map
(``order_options``, options.py): every one is an order the game accepts, only for the powers
due to order, each naming the area a click on the map chooses."""

from __future__ import annotations

import pytest

from umpire.core import registry
from umpire.core.chance import SeededChance
from umpire.core.ruleset import HasOrderOptions, HasOrderPlaces
from umpire.core.submission import parse
from umpire.games.origins.economy import pool


def _positions(turns: int = 4):
    ruleset = registry.get("origins", "historical")
    info = ruleset.info.scenario("historical")
    powers = list(info.default_powers or info.powers)
    chance = SeededChance(6)
    state = ruleset.new_game("historical", powers, chance, {})
    out = []
    for _ in range(turns):
        due = ruleset.pending(state).powers
        out.append(state)
        orders = {
            p: [o for _, o in parse(ruleset, state, p, ruleset.bot_orders(state, p, chance)).orders]
            for p in due
        }
        state = ruleset.resolve(state, orders, chance).state
    return ruleset, out, powers


def test_every_offered_order_is_accepted_as_given() -> None:
    ruleset, states, powers = _positions()
    assert isinstance(ruleset, HasOrderOptions) and isinstance(ruleset, HasOrderPlaces)
    charts = ruleset.charts(states[0])
    for state in states:
        for power in powers:
            options = ruleset.order_options(state, power)
            if power not in ruleset.pending(state).powers:
                assert options == {}
                continue
            (texts,) = options.values()
            for text in texts:
                parsed = parse(ruleset, state, power, text)
                assert not parsed.problems, (text, parsed.problems)
                assert [ruleset.format(o) for _, o in parsed.orders] == [text]
                named = ruleset.order_places(text)
                assert named == () or (named[0] == "" and named[1] in charts.area_codes)


@pytest.mark.rule("OWW 3.2")
def test_a_placement_of_all_the_turns_pfs_is_offered_in_every_open_area() -> None:
    ruleset, states, _ = _positions(2)
    state = states[-1]
    charts = ruleset.charts(state)
    power = ruleset.pending(state).powers[0]
    offered = ruleset.order_options(state, power)["orders"]
    n = pool(state, power, charts).total
    open_areas = [a for a in charts.area_codes if not state.control_marked(a)]
    assert [o for o in offered if o.startswith("PLACE ")] == [f"PLACE {n} {a}" for a in open_areas]
    # a second placement in an area with another number replaces the first on the page
    assert ruleset.order_key(f"PLACE 1 {open_areas[0]}") == ruleset.order_key(
        f"PLACE {n} {open_areas[0]}"
    )
    # OWW 4.3: one attack an area, whoever it is on
    assert ruleset.order_key("ATTACK POL GER WITH 3") == ruleset.order_key("ATTACK POL USSR WITH 1")
