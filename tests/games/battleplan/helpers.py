"""Shared set-up for the Battle Plan tests: games, orders and predictable dice."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from umpire.core import submission
from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.games.battleplan import RULESET
from umpire.games.battleplan.model import GameState, but
from umpire.games.battleplan.setup import new_state

SAMPLE_POWERS = ["AL", "NE", "SP", "SW", "TU"]  # the sample printout's game: [1]..[5]


class Down(Chance):
    """Every random rounding goes down; every random pick takes the first option."""

    def _next(self, low: int, high: int, purpose: str) -> int:
        return high if purpose.startswith("round") else low


class Up(Chance):
    """Every random rounding goes up; every random pick takes the first option."""

    def _next(self, low: int, high: int, purpose: str) -> int:
        return low


def game(powers: list[str] | None = None, *, ba1: bool = False) -> GameState:
    """A new game. Unless ``ba1``, the players have no default build (the standard defaults
    of 4B apply: Dollars, Army in minors), so that the forces a test counts are the ones it
    orders; the BA1 start of section 10 is tested on its own (test_bp_fidelity)."""
    state = new_state(powers or SAMPLE_POWERS, max_turns=0)
    if not ba1:
        state = but(state, players=tuple(but(p, defaults={}) for p in state.players))
    return state


def orders_of(state: GameState, power: str, text: str) -> list:
    parsed = submission.parse(RULESET, state, power, text)
    assert parsed.problems == [], parsed.problems
    return [o for _, o in parsed.orders]


def play(
    state: GameState, orders: Mapping[str, str], chance: Chance | None = None
) -> tuple[GameState, list[Event]]:
    parsed = {p: orders_of(state, p, text) for p, text in orders.items()}
    res = RULESET.resolve(state, parsed, chance or Down())
    return res.state, res.events


def problems(state: GameState, power: str, text: str) -> list[str]:
    return [p.code for p in submission.parse(RULESET, state, power, text).problems]


def at_sea(state: GameState, code: str, player: int, **units: int) -> GameState:
    """The state with some of ``player``'s forces in the sea ``code`` set (a new state)."""
    sea = state.seas[code]
    new = sea.with_stack(player, replace(sea.stack(player), **units))
    return but(state, seas={**state.seas, code: new})


def edit(state: GameState, code: str, **fields: Any) -> GameState:
    """The state with country ``code`` changed (states are frozen: a new one)."""
    return state.with_countries({code: but(state.countries[code], **fields)})


def edit_player(state: GameState, number: int, **fields: Any) -> GameState:
    """The state with player ``number`` changed (a new state)."""
    return state.with_players({number: but(state.player(number), **fields)})
