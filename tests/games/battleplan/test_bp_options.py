"""The legal space orders Battle Plan offers for order entry by lists and by clicking the map
(``order_options``, options.py): every one is an order the game accepts, only for the spaces
the player may give orders for (BP 8), to the spaces each force type reaches (4C-4G)."""

from __future__ import annotations

import re

import pytest

from umpire.core import registry
from umpire.core.chance import SeededChance
from umpire.core.ruleset import HasOrderOptions, HasOrderPlaces
from umpire.core.submission import parse
from umpire.games.battleplan import options
from umpire.games.battleplan.game import RULESET
from umpire.games.battleplan.legality import holds

SCENARIOS = ["europe", "equal", "real", "1939", "south-america"]


def _game(scenario: str, turns: int = 0):
    ruleset = registry.get("battleplan", scenario)
    info = ruleset.info.scenario(scenario)
    powers = list(info.default_powers or info.powers)
    chance = SeededChance(11)
    state = ruleset.new_game(scenario, powers, chance, {})
    for _ in range(turns):
        orders = {
            p: list(ruleset.bot_orders(state, p, chance)) for p in ruleset.pending(state).powers
        }
        state = ruleset.resolve(state, orders, chance).state
    return ruleset, state, powers


@pytest.mark.rule("BP 8")
@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("turns", [0, 2])
def test_every_offered_order_is_accepted_as_given(scenario: str, turns: int) -> None:
    ruleset, state, powers = _game(scenario, turns)
    assert isinstance(ruleset, HasOrderOptions) and isinstance(ruleset, HasOrderPlaces)
    for power in powers[:4]:
        options = ruleset.order_options(state, power)
        for key, texts in options.items():
            assert texts, key
            for text in texts:
                parsed = parse(ruleset, state, power, text)
                assert not parsed.problems, (text, parsed.problems)
                assert [ruleset.format(o) for _, o in parsed.orders] == [text]
                assert ruleset.order_places(text)[0] == key[1:]  # its own place first
                assert ruleset.order_gloss(text)


@pytest.mark.rule("BP 8")
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_sieve_leaves_out_only_what_the_check_refuses(scenario: str) -> None:
    """The candidates left out before the check (a verb that needs a country towards a sea,
    an attack on one's own country) change nothing: with every candidate put through the
    check the lists are the same, order for order."""
    ruleset, state, powers = _game(scenario, 2)
    for power in powers:
        sieved = options.legal_orders(ruleset, state, power)
        assert sieved == options.legal_orders(ruleset, state, power, sieve=False), power


@pytest.mark.rule("BP 8")
def test_orders_are_offered_for_the_spaces_the_player_holds_and_no_other() -> None:
    ruleset, state, powers = _game("europe", 2)
    for power in powers:
        number = state.number_of(power)
        keys = {k[1:] for k in ruleset.order_options(state, power)}
        held = {s for s in ruleset.gm.spaces if holds(state, number, s)}
        # a space with neither forces nor Industry to use has nothing to offer
        assert keys <= held
        for code in held - keys:
            c = state.countries.get(code)
            assert c is None or (c.usable_industry == 0 and not (c.army or c.navy or c.air))


@pytest.mark.rule("BP 4C.4")
@pytest.mark.rule("BP 4D.2")
def test_army_moves_go_to_the_neighbours_and_a_port_s_navy_out_to_its_seas() -> None:
    state = RULESET.new_game("europe", list(RULESET.info.scenarios[0].default_powers),
                             SeededChance(1), {})  # fmt: skip
    options = RULESET.order_options(state, "GE")["@GE"]
    gm = RULESET.gm
    army = {re.sub(r"^@GE AT\d+", "", o) for o in options if o.startswith("@GE AT")}
    assert army == set(gm.neighbours("GE"))
    navy = {re.sub(r"^@GE NT\d+", "", o) for o in options if o.startswith("@GE NT")}
    assert navy == set(gm.spaces["GE"].coasts)
    # each with every unit there: the number the page lets the player lower
    have = state.countries["GE"].army
    assert all(f"AT{have}" in o for o in options if o.startswith("@GE AT"))
    # 12B: never an attack on one's own country; builds with all the usable Industry
    assert not any(o.endswith("GE") for o in options)
    industry = state.countries["GE"].usable_industry
    assert {o for o in options if re.match(r"@GE B[A-Z]\d+$", o)} == {
        f"@GE B{k}{industry}" for k in "IANFMX"
    }


@pytest.mark.rule("WW real.turn1")
def test_no_attack_is_offered_on_turn_one_of_real_forces() -> None:
    ruleset, state, powers = _game("real")
    offered = [t for p in powers[:5] for ts in ruleset.order_options(state, p).values() for t in ts]
    assert offered
    verbs = {re.match(r"@\w+ ([A-Z]{2})", t)[1] for t in offered}  # type: ignore[index]
    assert not verbs & {"AC", "AB", "NN", "FA", "FN", "FF", "FI", "MA", "MF", "MI"}
    after, state2, _ = _game("real", 1)
    later = [t for p in powers[:5] for ts in after.order_options(state2, p).values() for t in ts]
    assert any(re.match(r"@\w+ AC\d+", t) for t in later)
