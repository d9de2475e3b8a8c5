"""What each player and a spectator may see, built by allow-list (ruling C17).

Everything on the table is public: the board with its markers, every POWER BASE RECORD,
every player's chips and the WARCHEST, the wars and their battles, the player alliances
formed or broken. Secret: a player's own orders as carried out last turn, and a player
alliance proposed but not yet accepted (seen by the two players it names). The umpire
(``power=None``) sees everything; a spectator (:func:`public_view`) sees the table alone.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from umpire.core.chance import Chance
from umpire.games.conquest.geography import Board
from umpire.games.conquest.legality import pending_powers
from umpire.games.conquest.model import Duel, State, War, half
from umpire.games.conquest.orders import WEAPONS


def label(state: State, board: Board) -> str:
    """The game's own name for the turn to be resolved next."""
    phase = state.phase
    head = f"Turn {state.turn}: "
    if phase == "digits":
        return head + "every player calls a number (rule 2)"
    if phase == "homeland":
        return head + f"{pending_powers(state)[0]} chooses a Homeland (rule 3)"
    if phase == "home-alliances":
        return head + "alliances within the home zones (rule 4)"
    if phase == "attack":
        return head + f"{state.holder} has the attack option"
    if phase == "final":
        return head + f"final round: {state.holder}'s last attack (rule 20)"
    if phase == "battle" and state.war:
        w = state.war
        return head + (
            f"war for {board.country(w.country).name}, battle {w.battles + 1} "
            f"({w.attacker} v {w.defender})"
        )
    if phase == "endgame" and state.duel:
        d = state.duel
        return head + f"end game, {d.challenger} v {d.opponent}, battle {d.battles + 1}"
    return "game over"


def view(state: State, power: str | None, board: Board) -> dict[str, Any]:
    """What ``power`` sees (None: the umpire): the table, and the secrets he may read."""
    return {**_table(state, board), "power": power, **_secrets(state, power)}


def public_view(state: State, board: Board) -> dict[str, Any]:
    """What a spectator sees (ruling C17): the table as every player sees it (COTW 1A, 3-7,
    9B, 13-19: the markers on the board and on the POWER BASE RECORD, the chips, the
    WARCHEST, the war on the screen) and no orders or pact offers."""
    return {**_table(state, board), "power": None, "public": True}


def _table(state: State, board: Board) -> dict[str, Any]:
    """The allow-list of facts on the table, in every player's view alike."""
    return {
        "game": "conquest",
        "scenario": state.scenario,
        "board": board.title,
        "edits": dict(sorted(state.edits.items())),
        "turn": state.turn,
        "phase": state.phase,
        "label": label(state, board),
        "pending": list(pending_powers(state)),
        "seats": list(state.seats),
        "eliminated": list(state.eliminated),
        "digits": dict(state.digits),  # 2C: called out loud
        "readout": state.readout,
        "order": list(state.order),
        "homelands": dict(sorted(state.homelands.items())),  # 3: the Homeland markers
        "holdings": {c: list(h) for c, h in sorted(state.holdings.items())},  # the C/A markers
        "record": {p: half(state.record.get(p, 0)) for p in state.seats},
        "record_half_steps": {p: state.record.get(p, 0) for p in state.seats},
        "chips": {p: state.chips.get(p, 0) for p in state.seats},  # chips on the table
        "warchest": state.warchest,
        "holder": state.holder,
        "may_ally": state.may_ally,
        "pacts": sorted(list(p) for p in state.pacts),  # 18A: formed in the open
        "broken": sorted(list(p) for p in state.broken),
        "final_queue": list(state.final_queue),
        "ladder": list(state.ladder),
        # the count of the table kept by every player alike (a forecast starts from them):
        # passes in a row (ruling C8), hand-overs of the attack option (V1), the zones whose
        # domination was paid (7), the last defender (13E)
        "passes": state.passes,
        "handovers": state.handovers,
        "dominated": sorted([p, z] for p, z in state.dominated),
        "last_defender": state.last_defender,
        "limits": {
            "rounds": state.limits.max_rounds,
            "turns": state.limits.max_turns,
            "target": state.limits.target,
        },
        "winners": list(state.winners),
        "summary": state.summary,
        "war": None if state.war is None else _war(state.war),
        "duel": None if state.duel is None else _duel(state.duel),
    }


def _war(w: War) -> dict[str, Any]:
    """The war under way and its battles (public)."""
    return {
        "attacker": w.attacker,
        "defender": w.defender,
        "country": w.country,
        "occupied": w.occupied,
        "energy": list(w.energy),
        "battles": w.battles,
        "wins": list(w.wins),
        "lost": [list(w.lost[0]), list(w.lost[1])],
    }


def _duel(d: Duel) -> dict[str, Any]:
    """The end-game duel under way (public)."""
    return {
        "challenger": d.challenger,
        "opponent": d.opponent,
        "energy": list(d.energy),
        "attacker": d.attacker,
        "battles": d.battles,
        "lost_last": list(d.lost_last),
    }


def _secrets(state: State, power: str | None) -> dict[str, Any]:
    """The secrets ``power`` may see: the pact offers naming him and his own orders of last
    turn (the umpire, ``power=None``, sees them all)."""
    if power is None:
        return {
            "offers": sorted(list(o) for o in state.offers),
            "orders": {p: list(o) for p, o in sorted(state.last_orders.items())},
        }
    return {
        "offers": sorted(list(o) for o in state.offers if power in o),
        "orders": {power: list(state.last_orders.get(power, ()))},
    }


def vary_secrets(state: State, power: str, chance: Chance) -> State:
    """A state differing only in ``power``'s secrets that no other player may see: its orders
    of last turn (its secret weapon choice among them). A pact offer is not varied here: the
    player it names sees it (ruling C17)."""
    weapon = WEAPONS[chance.randint(0, 2, purpose=f"vary {power}'s secret weapon")]
    last = dict(state.last_orders)
    invented = (f"{weapon} AGGRESSIVE",)
    last[power] = invented if tuple(last.get(power, ())) != invented else (f"{weapon} CAUTIOUS",)
    return replace(state, last_orders=last)
