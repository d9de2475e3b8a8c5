"""The end of a Real Forces game, its winners and its survivors (WW real.end, real.winners).

"This game ends when everyone left in the game has declared everyone else an 'ally'. At that
point, every player who still owns at least one country, and who has not dropped out, is
either a 'survivor' or a 'winner'. If you own or control a certain amount of industry on the
final turn (suppressed industry counts, but industry in excess of the maximum in a space does
not count) you are a winner." Super Powers need 2200, Major Powers 1500, Medium Countries 400,
Small Countries 100. "Winners will get 3 ratings points for the win. Survivors will get 1."

"Everyone left in the game" is every player who may still give orders (BP 1A, ruling R-OUT:
he occupies a country, or has forces while two others occupy countries); each must list each
of the others as an ally. A game stopped by the game master's turn limit (ruling R-END) is
scored the same way (ruling W-REAL5).
"""

from __future__ import annotations

from umpire.core.ruleset import Outcome
from umpire.games.battleplan.ending import active_players
from umpire.games.battleplan.model import GameState
from umpire.games.battleplan.world.real import industry_owned, threshold

WINNER_POINTS = 3
SURVIVOR_POINTS = 1


def left_in_game(state: GameState) -> list[int]:
    """The players still in the game (BP 1A; ruling R-OUT), in the order of the players."""
    left = active_players(state)  # who occupies a country found once, not once a player
    return [p.number for p in state.players if p.number in left]


def all_allied(state: GameState) -> bool:
    """WW real.end: everyone left has declared everyone else left an ally."""
    left = left_in_game(state)
    return all(state.player(a).declared.get(b) == "A" for a in left for b in left if a != b)


def owns_a_country(state: GameState, number: int) -> bool:
    return any(c.controller() == number for c in state.countries.values())


def standing(state: GameState) -> dict[int, str]:
    """WW real.winners: "winner" or "survivor" for each player still in the game who owns
    (occupies or controls) a country; the others are not listed."""
    out: dict[int, str] = {}
    for n in left_in_game(state):
        if not owns_a_country(state, n):
            continue
        enough = industry_owned(state, n) >= threshold(state, n)
        out[n] = "winner" if enough else "survivor"
    return out


def outcome(state: GameState) -> Outcome | None:
    """The result once everyone left is allied with everyone else (or the turn limit came):
    the winners; each player's score is his ratings points (3 a winner, 1 a survivor)."""
    limit = bool(state.max_turns) and state.turn > state.max_turns
    if not (all_allied(state) or limit):
        return None
    ranks = standing(state)
    scores = {
        p.power: float(
            {"winner": WINNER_POINTS, "survivor": SURVIVOR_POINTS}.get(ranks.get(p.number, ""), 0)
        )
        for p in state.players
    }
    winners = tuple(state.player(n).power for n, r in ranks.items() if r == "winner")
    parts = []
    for n, r in ranks.items():
        p = state.player(n)
        parts.append(f"[{n}] {p.power} {r} ({industry_owned(state, n)}/{threshold(state, n)})")
    why = "everyone left is allied" if all_allied(state) else "turn limit reached"
    listed = "; ".join(parts) or "nobody owns a country"
    return Outcome(winners, scores, f"Real Forces over ({why}): {listed}")
