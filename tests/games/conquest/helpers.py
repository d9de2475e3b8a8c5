"""Shared set-up for the Conquest of the World tests: states built as the manual's examples
describe them, and turns played with scripted orders and scripted draws."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from umpire.core.chance import ScriptedChance
from umpire.core.events import Event
from umpire.core.submission import parse
from umpire.games.conquest.game import POWERS
from umpire.games.conquest.game import RULESET as GAME
from umpire.games.conquest.model import ATTACK, HOMELAND_KIND, State

HIT, MISS = 1, 100  # percent draws: 1 always hits, 100 never does


def fresh(players: int = 4, scenario: str = "standard", **settings: Any) -> State:
    return GAME.new_game(scenario, POWERS[:players], ScriptedChance([]), settings)


def opened(
    homelands: dict[str, str],
    holdings: dict[str, tuple[str, str]] | None = None,
    *,
    holder: str = "",
    chips: dict[str, int] | None = None,
    record: dict[str, int] | None = None,
    players: int = 0,
    **settings: Any,
) -> State:
    """A game past its opening: Homelands placed, the given countries held, ``holder`` with
    the attack option. Records in half steps."""
    state = fresh(players or len(homelands), **settings)
    held = {c: (p, HOMELAND_KIND) for p, c in homelands.items()}
    held.update(holdings or {})
    return replace(
        state,
        phase=ATTACK,
        order=state.seats,
        homelands=dict(homelands),
        holdings=held,
        holder=holder or state.seats[0],
        may_ally=True,
        chips={p: (chips or {}).get(p, 0) for p in state.seats},
        record={p: (record or {}).get(p, 0) for p in state.seats},
    )


def play(
    state: State, orders: dict[str, str], draws: list[int] | None = None
) -> tuple[State, list[Event]]:
    """Resolve one turn with the given order texts (each must parse cleanly) and draws."""
    parsed = {}
    for power, text in orders.items():
        got = parse(GAME, state, power, text)
        assert got.problems == [], got.problems
        parsed[power] = [o for _, o in got.orders]
    chance = ScriptedChance(draws or [])
    result = GAME.resolve(state, parsed, chance)
    assert chance.remaining == 0, f"{chance.remaining} scripted draws unused"
    return result.state, result.events


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)
