"""The opening: who goes first (COTW 2), Homelands (3), alliances in the home zone (4-7), and
the first attack option (8)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.games.conquest.economy import move_record, public, zone_bonus
from umpire.games.conquest.geography import Board
from umpire.games.conquest.legality import home_ally_problem
from umpire.games.conquest.model import (
    ALLIED,
    ATTACK,
    HOME_ALLIANCES,
    HOMELAND,
    HOMELAND_KIND,
    State,
    half,
    with_holding,
)
from umpire.games.conquest.orders import Ally, Digit, Homeland, Order


def called_digits(state: State, orders: Mapping[str, Sequence[Order]]) -> dict[str, int]:
    """COTW 2C: the number each player calls; no two the same. A number already called by
    an earlier seat, or none, becomes the next free number upwards, wrapping (ruling C2)."""
    taken: dict[str, int] = {}
    for p in state.seats:
        wanted = next((o.digit for o in orders.get(p, ()) if isinstance(o, Digit)), 0)
        digit = wanted
        while digit in taken.values():
            digit = (digit + 1) % 10
        taken[p] = digit
    return taken


def first_player(digits: Mapping[str, int], readout: int) -> str:
    """COTW 2B/2D: the number closest to the readout's last digit goes first; two at the same
    distance (one above, one below): the higher number goes first."""
    return min(digits, key=lambda p: (abs(digits[p] - readout), -digits[p]))


def resolve_digits(
    state: State, orders: Mapping[str, Sequence[Order]], chance: Chance
) -> tuple[State, list[Event]]:
    digits = called_digits(state, orders)
    # COTW 2D: a player stops the readout without looking: a recorded draw of its last digit
    readout = chance.randint(
        0, 9, purpose="the readout's last digit when the SPACE bar stops it (rule 2D)"
    )
    first = first_player(digits, readout)
    order = [first]
    while len(order) < len(state.seats):  # COTW 3: then to the left, clockwise
        order.append(state.left_of(order[-1]))
    calls = ", ".join(f"{p} {d}" for p, d in digits.items())
    text = (
        f"Numbers called: {calls}. The readout stopped at {readout}: {first} is closest and "
        f"goes first. Homelands are chosen in this order: {', '.join(order)}."
    )
    new = replace(state, digits=digits, readout=readout, order=tuple(order), phase=HOMELAND)
    return new, [public("first", text, digits=digits, readout=readout, first=first)]


def default_homeland(state: State, board: Board) -> str:
    """Ruling C11: a player who names no Homeland gets the free country of highest value
    (the first on the board among equals), as rule 3 advises."""
    free = [c for c in board.countries if c not in state.holdings]
    return max(free, key=lambda c: (board.pbu(c), -list(board.countries).index(c)))


def resolve_homeland(
    state: State, board: Board, power: str, orders: Sequence[Order]
) -> tuple[State, list[Event]]:
    """COTW 3, 2C: the player places his Homeland marker."""
    chosen = next((o.country for o in orders if isinstance(o, Homeland)), "")
    note = ""
    if not chosen or chosen in state.holdings:
        chosen = default_homeland(state, board)
        note = " (no order: the free country of highest value, ruling C11)"
    state = with_holding(state, chosen, power, HOMELAND_KIND)
    homelands = {**state.homelands, power: chosen}
    state = replace(
        state,
        homelands=homelands,
        record={**state.record, power: 0},
        chips={**state.chips, power: 0},
    )
    if len(homelands) == len(state.order):
        state = replace(state, phase=HOME_ALLIANCES)
    c = board.country(chosen)
    text = f"{power} chooses {c.name} ({c.pbu}) as Homeland{note}."
    return state, [public("homeland", text, power=power, country=chosen)]


def resolve_home_alliances(
    state: State, board: Board, orders: Mapping[str, Sequence[Order]]
) -> tuple[State, list[Event]]:
    """COTW 4-7: each player allies within his home zone up to his Homeland's value, records
    half the sum, and collects the Zone Domination Bonus. Players whose homes share a zone
    are served in the order Homelands were chosen (ruling C3)."""
    events: list[Event] = []
    for power in state.order:
        total = 0
        made = []
        for order in orders.get(power, ()):
            if not isinstance(order, Ally):
                continue
            c = order.country
            if c in state.holdings or home_ally_problem(state, board, power, c, total):
                events.append(
                    public(
                        "refused",
                        f"{power} cannot ally with "
                        f"{board.country(c).name}: taken earlier (ruling C3).",
                    )
                )
                continue
            state = with_holding(state, c, power, ALLIED)
            total += board.pbu(c)
            made.append(f"{board.country(c).name} ({board.pbu(c)})")
        if made:
            events.append(
                public(
                    "alliance",
                    f"{power} allies with {', '.join(made)}: "
                    f"{total} PBU, recorded at {half(total)} (rules 4, 5, 6).",
                    power=power,
                    total=total,
                )
            )
        state, got = move_record(state, power, total, "home-zone alliances, half value")
        events += got
        state, got = zone_bonus(state, board, power)
        events += got
    # COTW 8: the last player to choose a Homeland has the first attack option
    holder = state.order[-1]
    state = replace(state, phase=ATTACK, holder=holder, may_ally=True, last_defender="")
    events.append(
        public(
            "option", f"{holder}, the last to choose a Homeland, has the attack option (rule 8)."
        )
    )
    return state, events
