"""The end of a 1939 game and its result (WW 1939.end; victory set B).

"The game will last approximately 25 turns. On each printout, starting with the one marked
T26, there will be a 33% chance that the game is over." The printout marked T26 is the one
made after turn 25 is resolved (its header reads "Turn 26": the turn to be played next), so the
draw is made after each resolved turn from turn 25 on, through the game's Chance. When the game
is over every power is scored by its victory list; the most points wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from umpire.core.chance import Chance
from umpire.core.events import Audience, Event
from umpire.core.ruleset import Outcome
from umpire.games.battleplan.model import GameState, but
from umpire.games.battleplan.orders import Order
from umpire.games.battleplan.world.geography import world_map
from umpire.games.battleplan.world.scoring1939 import total

FIRST_MARKED = 26  # the first printout that may end the game
CHANCE_PERCENT = 33


def random_end(
    state: GameState, orders: Mapping[int, Sequence[Order]], chance: Chance
) -> tuple[GameState, list[Event]]:
    """After a resolved turn: from the printout marked T26 on, a 33% chance the game is over.
    The state (with the turn the game ended on, if it did) and the event."""
    if state.turn < FIRST_MARKED or state.extra.get("over"):
        return state, []
    roll = chance.randint(1, 100, purpose=f"1939 end of game at T{state.turn}")
    if roll > CHANCE_PERCENT:
        return state, []
    ended = but(state, extra={**state.extra, "over": state.turn - 1})  # the last turn played
    text = f"The game is over after turn {state.turn - 1} (1939: 33% from T26)."
    return ended, [Event("game_over", Audience.public(), text, {"turn": state.turn - 1})]


def outcome(state: GameState) -> Outcome | None:
    """Victory points of set B for every power once the game is over; the most points win."""
    if not state.extra.get("over"):
        return None
    gm = world_map(icepack=False)
    scores = {p.power: float(total(state, gm, p.number)) for p in state.players}
    best = max(scores.values())
    winners = tuple(p for p, s in scores.items() if s == best)
    listed = ", ".join(f"{p} {int(s)}" for p, s in sorted(scores.items(), key=lambda x: -x[1]))
    return Outcome(winners, scores, f"1939 victory points: {listed}")
