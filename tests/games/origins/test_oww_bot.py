"""The bot's orders respect the rules it can see (it is also used to fill missed turns)."""

from __future__ import annotations

import pytest

from tests.games.origins.helpers import make
from umpire.core.chance import SeededChance
from umpire.core.submission import bot_text, parse
from umpire.games.origins import RULESET


def bot_lines(boxes: dict[str, dict[str, int | tuple[int, str]]], seeds: int = 12) -> list[str]:
    state = make(boxes, turn=2)
    lines: list[str] = []
    for seed in range(seeds):
        text = bot_text(RULESET, state, "GER", SeededChance(seed, "bot"))
        assert parse(RULESET, state, "GER", text).problems == []
        lines.extend(text.splitlines())
    return lines


@pytest.mark.rule("OWW 4.8")
def test_bot_never_attacks_a_power_protected_by_an_understanding_in_its_home() -> None:
    exposed = bot_lines({"POL": {"GER": 12, "USSR": 1}})
    assert any(line.startswith("ATTACK POL USSR") for line in exposed)  # the control case
    shielded = bot_lines({"POL": {"GER": 12, "USSR": 1}, "GER": {"USSR": (0, "U")}})
    assert not any(line.startswith("ATTACK POL USSR") for line in shielded)
