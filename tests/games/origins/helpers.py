"""Shared helpers for the Origins tests: build a map, parse orders, run a turn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from umpire.core.chance import ScriptedChance
from umpire.core.events import Event
from umpire.core.submission import parse
from umpire.games.origins import RULESET
from umpire.games.origins.game import POWERS
from umpire.games.origins.model import Box, State
from umpire.games.origins.orders import Order

BoxSpec = int | tuple[int, str]


def make(boxes: Mapping[str, Mapping[str, BoxSpec]] | None = None, turn: int = 1) -> State:
    """A state at ``turn`` with ``boxes``: area -> power -> PFs or (PFs, marker)."""
    built = {
        area: {p: Box(v, "") if isinstance(v, int) else Box(*v) for p, v in row.items()}
        for area, row in (boxes or {}).items()
    }
    return State("historical", POWERS, turn, built)


def orders(state: State, texts: Mapping[str, str]) -> dict[str, list[Order]]:
    """Parse each power's text, insisting that it is all legal."""
    out = {}
    for power, text in texts.items():
        parsed = parse(RULESET, state, power, text)
        assert parsed.problems == [], parsed.problems
        out[power] = [o for _, o in parsed.orders]
    return out


def run(
    state: State, texts: Mapping[str, str], dice: Sequence[int] = (), *, all_dice: bool = True
) -> tuple[State, list[Event]]:
    """Resolve one turn; powers not in ``texts`` send empty orders (not NMR)."""
    given = {p: [] for p in state.powers} | orders(state, texts)
    chance = ScriptedChance(dice)
    result = RULESET.resolve(state, given, chance)
    if all_dice:
        assert chance.remaining == 0, "not every scripted die was rolled"
    return result.state, result.events


def kinds(events: Sequence[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]
