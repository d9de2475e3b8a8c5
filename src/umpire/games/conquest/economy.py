"""PBU chips, the WARCHEST and the POWER BASE RECORD (rules 5-7, 9B, 13A, 15A, 18B, 18D, 20C).

Every function takes the state and returns the new state with the events it caused.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from umpire.core.events import Audience, Event
from umpire.games.conquest.geography import Board
from umpire.games.conquest.model import State, add, half

BONUS_PER_COUNTRY = 1000  # COTW 7
CHIP = 100  # the smallest chip (white, 100 PBU)


def public(kind: str, text: str, **data: Any) -> Event:
    return Event(kind, Audience.public(), text, data)


def nearest_hundred(units: int) -> int:
    """COTW 13A: energy units rounded off to the nearest hundred (1355 -> 1400); a half
    hundred rounds up (ruling C7)."""
    return (max(0, units) + 50) // 100 * 100


def half_steps_of(units: int) -> int:
    """COTW 20C, 21G: units rounded to the nearest 500 (a half 250 up, ruling C7); every
    1000 is one step and every 500 half a step. Returned in half steps."""
    return (max(0, units) + 250) // 500


def move_record(state: State, power: str, steps2: int, why: str) -> tuple[State, list[Event]]:
    """Move ``power``'s POWER BASE RECORD marker by ``steps2`` half steps (never below 0,
    ruling C7)."""
    old = state.record.get(power, 0)
    new = max(0, old + steps2)
    if new == old:
        return state, []
    record = dict(state.record)
    record[power] = new
    sign = "advances" if new > old else "moves back"
    text = (
        f"{power} {sign} {half(abs(new - old))} on the POWER BASE RECORD ({why}): now {half(new)}."
    )
    return replace(state, record=record), [public("record", text, power=power, record=new)]


def pay_out(state: State, power: str, amount: int, why: str) -> tuple[State, list[Event]]:
    """The WARCHEST pays ``amount`` in chips; short, it pays what it holds (ruling C6)."""
    paid = min(amount, state.warchest)
    if amount <= 0:
        return state, []
    text = f"{power} receives {paid} PBU in chips from the WARCHEST ({why})."
    if paid < amount:
        text += f" The WARCHEST held only {paid} of the {amount} owed (ruling C6)."
    state = replace(state, warchest=state.warchest - paid, chips=add(state.chips, power, paid))
    return state, [public("chips", text, power=power, amount=paid, owed=amount)]


def purse(state: State, power: str) -> int:
    """What ``power`` can spend: his chips and, in a player alliance, his partners' (18B)."""
    return sum(state.chips.get(p, 0) for p in (power, *state.partners(power)))


def pay_in(state: State, power: str, amount: int, why: str) -> tuple[State, list[Event]]:
    """``power`` pays ``amount`` into the WARCHEST: his own chips first, then his partners'
    in seat order (COTW 18B, ruling C9). The caller has checked :func:`purse`."""
    chips = dict(state.chips)
    owed = amount
    parts = []
    for p in (power, *state.partners(power)):
        take = min(owed, chips.get(p, 0))
        if take:
            chips[p] -= take
            owed -= take
            parts.append(f"{take} from {p}")
    text = f"{power} pays {amount} PBU into the WARCHEST ({why}): {', '.join(parts)}."
    event = public("payment", text, power=power, amount=amount)
    return replace(state, chips=chips, warchest=state.warchest + amount), [event]


def share_winnings(state: State, winner: str, amount: int, why: str) -> tuple[State, list[Event]]:
    """COTW 13A, 14A, 16D, 17B: the winner takes ``amount`` from the WARCHEST; in a player
    alliance it is divided equally among the allies (18D) in whole chips, any remainder to
    the winner (ruling C9)."""
    takers = (winner, *state.partners(winner))
    share = amount // len(takers) // CHIP * CHIP
    events: list[Event] = []
    for p in takers:
        part = share + (amount - share * len(takers) if p == winner else 0)
        state, got = pay_out(state, p, part, why)
        events += got
    return state, events


def zone_bonus(state: State, board: Board, power: str) -> tuple[State, list[Event]]:
    """COTW 7: a player allied with or conquering every country of a zone receives 1000 PBU
    for each country of the zone but his Homeland, once for each time he comes to hold the
    whole zone (ruling C5)."""
    events: list[Event] = []
    dominated = set(state.dominated)
    for zone in board.zones.values():
        whole = all(state.owner(c) == power for c in zone.countries)
        if not whole:
            dominated.discard((power, zone.number))
            continue
        if (power, zone.number) in state.dominated:
            continue
        dominated.add((power, zone.number))
        count = sum(1 for c in zone.countries if c != state.homelands.get(power))
        state, got = pay_out(
            state,
            power,
            BONUS_PER_COUNTRY * count,
            f"Zone Domination Bonus, zone {zone.number} {zone.name}",
        )
        events += got
    return replace(state, dominated=frozenset(dominated)), events


def refresh_domination(state: State, board: Board) -> State:
    """Forget the bonus of a zone a player no longer holds whole (so holding it again pays
    again, ruling C5)."""
    kept = {
        (p, z)
        for p, z in state.dominated
        if all(state.owner(c) == p for c in board.zones[z].countries)
    }
    return replace(state, dominated=frozenset(kept))
