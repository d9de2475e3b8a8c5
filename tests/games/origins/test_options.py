"""The legal orders Origins offers for order entry by a list and by clicking the map
(``order_options``, options.py): every one is an order the game accepts, only for the powers
due to order, each naming the area a click on the map chooses."""

from __future__ import annotations

import pytest

from umpire.core import registry
from umpire.core.chance import SeededChance
from umpire.core.ruleset import HasOrderOptions, HasOrderPlaces
from umpire.core.submission import parse
from umpire.games.origins import RULESET
from umpire.games.origins.economy import pool
from umpire.games.origins.model import State

from .helpers import make, run


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
        orders = {p: list(ruleset.bot_orders(state, p, chance)) for p in due}
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


def _attacks(state: State, power: str, area: str) -> list[str]:
    """The powers ``power`` is offered an attack on in ``area``, in the order offered."""
    offered = RULESET.order_options(state, power)["orders"]
    return [o.split()[2] for o in offered if o.startswith(f"ATTACK {area} ")]


@pytest.mark.rule("OWW 4.1")
@pytest.mark.rule("OWW 8.4")
def test_attacks_are_offered_first_on_the_powers_with_influence_there() -> None:
    """The powers with influence in the area (a box on the map not empty: X, U+, U) come
    first; those without are offered after them: they may place PFs there this turn before
    the conflicts (OWW 7.1, 7.2), so an attack on them is not void (ruling O-PAGE-2)."""
    state = make({"POL": {"GER": 3, "GBR": (0, "U")}, "AUS": {"USSR": (2, "U")}})
    assert _attacks(state, "FRA", "POL") == ["GBR", "GER", "USA", "USSR"]
    assert _attacks(state, "FRA", "AUS") == ["USSR", "USA", "GBR", "GER"]
    assert _attacks(state, "FRA", "ITA") == ["USA", "GBR", "USSR", "GER"]  # nobody there yet
    # Only what the map shows decides it: the exact PFs (hidden, OWW 3.6) change nothing.
    assert _attacks(make({"POL": {"GER": 9, "GBR": (4, "U")}}), "FRA", "POL") == [
        "GBR", "GER", "USA", "USSR"
    ]  # fmt: skip


@pytest.mark.rule("OWW 4.7")
def test_an_attack_on_a_power_with_nothing_there_strikes_what_it_places_this_turn() -> None:
    """Why the page offers it: placement comes before the conflicts (OWW 7.1, 7.2), so the
    attack meets the PFs the target placed this turn; with nothing placed it is not carried
    out and costs nothing."""
    state = make({"POL": {"FRA": 4}})
    assert "GER" in _attacks(state, "FRA", "POL")
    after, _ = run(state, {"FRA": "ATTACK POL GER WITH 4", "GER": "PLACE 2 POL"}, [1])
    assert after.box("POL", "GER").pfs == 0 and after.box("POL", "FRA").pfs > 0  # D: all gone
    after, _ = run(state, {"FRA": "ATTACK POL GER WITH 4"})
    assert after.box("POL", "FRA").pfs == 4  # no target there: not carried out, no loss


@pytest.mark.rule("OWW 4.8")
def test_no_attack_is_offered_on_a_power_shielded_by_its_understanding_in_our_home() -> None:
    """GER's Understanding marker in France shields GER from France everywhere but in
    France (OWW 4.8): the page offers France no attack on GER elsewhere, and offers it in
    France. Typed, the attack is still accepted: the marker may fall to an earlier attack in
    the same turn (ruling R14), and the turn drops it while the marker stands."""
    from tests.games.origins.helpers import make

    state = make({"FRA": {"GER": (0, "U")}, "POL": {"GER": 3}})
    assert "GER" not in _attacks(state, "FRA", "POL")
    assert _attacks(state, "FRA", "FRA")[0] == "GER"  # in the home area itself: first
    assert "GER" in _attacks(state, "USSR", "POL")  # the shield is against France only
    assert not parse(RULESET, state, "FRA", "ATTACK POL GER WITH 4").problems
