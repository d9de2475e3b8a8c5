"""Nine bots play 50 turns: every order they write is legal, and they fight on land and sea."""

from __future__ import annotations

import pytest

from umpire.core import submission
from umpire.core.chance import SeededChance
from umpire.core.submission import bot_text
from umpire.games.battleplan import RULESET


@pytest.mark.rule("BP 1A")
@pytest.mark.rule("BP 2D")
def test_nine_bots_play_fifty_turns_and_fight_on_land_and_sea() -> None:
    state = RULESET.new_game(
        "europe", RULESET.info.default_scenario.default_powers, SeededChance(1), {"max_turns": 50}
    )
    land = sea = caught = 0
    for turn in range(1, 51):
        assert RULESET.outcome(state) is None
        orders = {}
        for power in RULESET.pending(state).powers:
            text = bot_text(RULESET, state, power, SeededChance(1, "bot", turn, power))
            parsed = submission.parse(RULESET, state, power, text)
            assert parsed.problems == [], (power, turn, parsed.problems)
            orders[power] = [o for _, o in parsed.orders]
        result = RULESET.resolve(state, orders, SeededChance(1, "turn", turn))
        state = result.state
        assert not [e for e in result.events if e.kind == "error"], turn
        land += len({e.data["space"] for e in result.events if e.kind == "land_combat"})
        sea += len({e.data["space"] for e in result.events if e.kind == "sea_combat"})
        caught += sum(1 for e in result.events if e.kind == "spy_caught")
    assert RULESET.outcome(state) is not None  # the 50-turn limit
    # seed 1 gave 100 land combats, 20 sea combats and 75 spies caught in 50 turns
    assert land >= 30 and sea >= 5 and caught >= 5, (land, sea, caught)
