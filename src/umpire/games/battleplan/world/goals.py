"""What a player needs to win, printed on his printout (WW; ruling W-GOAL).

The section-14 printout of a World Wide game adds, after the player's heading, the goal of
his scenario: Equal Forces, Anonymous and South America the end of BP 1A; Real Forces the
industry each class needs to be a winner rather than a survivor (WW real.winners), his own
class and the industry he owns or controls now; 1939 the lines of his power's list of victory
set B (WW 1939.vp1-13; only the conditions and their points, never the points scored, which
would tell him facts he may not see) and the random end from T26. Only facts he knows go in.

>>> basic_goal(None, None, 1)  # type: ignore[arg-type]
['To win: be the last player left who occupies a country (1A).']
"""

from __future__ import annotations

from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.model import GameState
from umpire.games.battleplan.world.ending1939 import CHANCE_PERCENT, FIRST_MARKED
from umpire.games.battleplan.world.real import CLASSES, industry_owned, real_data, seat_class
from umpire.games.battleplan.world.scoring1939 import score

CLASS_NAMES = {"super": "Super Power", "major": "Major Power", "medium": "Medium", "small": "Small"}


def basic_goal(state: GameState, gm: GameMap, number: int) -> list[str]:
    """WW equal (and Anonymous, South America): "played until only one player is left"."""
    return ["To win: be the last player left who occupies a country (1A)."]


def real_goal(state: GameState, gm: GameMap, number: int) -> list[str]:
    """WW real.end and real.winners: the thresholds of every class, his own marked."""
    thresholds = real_data().thresholds
    mine = seat_class(state, number)  # a deal by the price the list gives it (W-REAL3)
    classes = ", ".join(
        f"{CLASS_NAMES[k]} {thresholds[k]}" + (" (you)" if k == mine else "") for k in CLASSES
    )
    return [
        "To win: the game ends when everyone left has declared everyone else an ally; each "
        "player who then owns a country is a winner (3 points) with at least the industry "
        "of his class, else a survivor (1 point).",
        f"Industry to win: {classes}.",
        f"You need {thresholds[mine]}; you own or control {industry_owned(state, number)} "
        "(suppressed counts, over the limit does not).",
    ]


def goal_1939(state: GameState, gm: GameMap, number: int) -> list[str]:
    """WW 1939: the power's own victory list (set B) and the end of the game."""
    lines = [line.label for line in score(state, gm, number)]
    return [
        f"To win: the most victory points (set B) when the game ends (from the printout "
        f"marked T{FIRST_MARKED}, a {CHANCE_PERCENT}% chance each turn). Your list:",
        *(f"  {label}" for label in lines),
    ]
