"""Who is still in the game, and when the game ends (BP 1A; ruling R-END).

BP 1A: "The game continues as long as there is more than one player with an occupied
country. If a player has no occupied countries, but still controls forces in the game (such
as minor countries, or forces out at sea) he may continue to play as long as there are at
least two other players with occupied countries." A player with neither is out: he gives no
orders at all (ruling R-OUT). A turn limit is a game setting (``max_turns``), off by default.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from umpire.core.ruleset import Outcome
from umpire.games.battleplan.model import GameState


def has_forces(state: GameState, number: int) -> bool:
    """BP 1A: he controls a country (a minor, or one he occupies) or has forces at sea."""
    if any(c.controller() == number for c in state.countries.values()):
        return True
    return any(number in s.forces for s in state.seas.values())


def active(state: GameState, number: int) -> bool:
    """BP 1A: may ``number`` give orders this turn."""
    alive = state.alive()
    if number in alive:
        return True
    return len(alive) >= 2 and has_forces(state, number)


def active_players(state: GameState) -> set[int]:
    """BP 1A: every player who may give orders this turn (:func:`active` for all at once)."""
    alive = set(state.alive())
    if len(alive) < 2:
        return alive
    if len(alive) == len(state.players):
        return alive
    # has_forces of every other player at once: who controls a country, who has forces at sea
    holders = {c.controller() for c in state.countries.values()}
    holders.update(n for s in state.seas.values() for n in s.forces)
    return alive | {
        p.number for p in state.players if p.number not in alive and p.number in holders
    }


def max_turns(settings: Mapping[str, Any], default: int) -> int:
    """Ruling R-END: the ``max_turns`` setting (``umpire new ... --set max_turns=25``); 0 or
    absent: no limit. Raises ValueError for anything but a whole number >= 0."""
    value = settings.get("max_turns", default)
    if value in (None, ""):
        return 0
    n = int(value)
    if n < 0:
        raise ValueError(f"max_turns must be 0 (no limit) or more, not {value!r}")
    return n


def outcome(state: GameState) -> Outcome | None:
    alive = state.alive()
    occupied = Counter(c.owner for c in state.countries.values())  # one pass, not one a player
    scores = {p.power: float(occupied[p.number]) for p in state.players}
    if len(alive) <= 1:
        # BP 1A: the game goes on while more than one player occupies a country
        winners = tuple(state.player(n).power for n in alive)
        who = f"[{alive[0]}] {winners[0]}" if winners else "nobody"
        return Outcome(winners, scores, f"{who} is the last player occupying a country")
    if state.max_turns and state.turn > state.max_turns:
        # ruling R-END: after max_turns, the players occupying most countries win
        best = max(scores.values())
        winners = tuple(p for p, s in scores.items() if s == best)
        numbered = ", ".join(f"[{state.number_of(p)}] {p}" for p in winners)
        return Outcome(winners, scores, f"turn limit reached; most countries: {numbered}")
    return None
