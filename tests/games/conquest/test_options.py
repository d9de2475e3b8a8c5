"""The legal orders Conquest of the World offers for order entry by a list and by clicking the
map (``order_options``, options.py): every one is an order the game accepts, only for the
player due to order, each naming the country a click on the map chooses."""

from __future__ import annotations

import pytest

from umpire.core import registry
from umpire.core.chance import SeededChance
from umpire.core.ruleset import HasOrderOptions, HasOrderPlaces
from umpire.core.submission import parse
from umpire.games.conquest.model import HOMELAND


def _positions(turns: int = 14):
    """Each position of a bot game (every phase: digits, homelands, alliances, attacks,
    battles), with who is due."""
    ruleset = registry.get("conquest", "standard")
    info = ruleset.info.scenario("standard")
    powers = list(info.default_powers or info.powers)
    chance = SeededChance(4)
    state = ruleset.new_game("standard", powers, chance, {})
    out = []
    for _ in range(turns):
        due = ruleset.pending(state).powers
        out.append((state, due, powers))
        orders = {p: list(ruleset.bot_orders(state, p, chance)) for p in due}
        state = ruleset.resolve(state, orders, chance).state
    return ruleset, out


def test_every_offered_order_is_accepted_and_only_the_players_due_are_offered_any() -> None:
    ruleset, positions = _positions()
    assert isinstance(ruleset, HasOrderOptions) and isinstance(ruleset, HasOrderPlaces)
    phases = set()
    for state, due, powers in positions:
        phases.add(state.phase)
        for power in powers:
            options = ruleset.order_options(state, power)
            if power not in due:
                assert options == {}
                continue
            (texts,) = options.values()
            for text in texts:
                parsed = parse(ruleset, state, power, text)
                assert not parsed.problems, (state.phase, text, parsed.problems)
                assert [ruleset.format(o) for _, o in parsed.orders] == [text]
                named = ruleset.order_places(text)
                assert named == () or (
                    named[0] == "" and named[1] in ruleset.board(state).countries
                )
    assert len(phases) >= 4, phases


@pytest.mark.rule("COTW 3")
def test_a_homeland_is_offered_in_every_country_not_yet_taken() -> None:
    ruleset, positions = _positions()
    state, due, _ = next(p for p in positions if p[0].phase == HOMELAND and p[0].homelands)
    (power,) = due
    offered = ruleset.order_options(state, power)["orders"]
    homelands = [o for o in offered if o.startswith("HOMELAND ")]
    free = [c for c in ruleset.board(state).countries if c not in state.holdings]
    assert homelands == [f"HOMELAND {c}" for c in free]
    assert all(ruleset.order_key(o) == "ONE" for o in homelands)  # one a turn: the last stands
    assert set(offered) - set(homelands) <= {f"PACT {p}" for p in state.players}  # 18A
