"""A tiny game used to test the core and the command line without any real rulebook.

Pebbles: a public pile of pebbles; each turn every power orders ``TAKE n`` (1 to 3). Takes
are served in a random order (a recorded draw); a power whose take exceeds what is left gets
what is left. Each power's hoard is secret: only the owner sees it. The game ends when the
pile is empty or after ``max_turns``; the largest hoard wins.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from umpire.core.chance import Chance
from umpire.core.events import Audience, Event
from umpire.core.problems import OrderError, Parsed
from umpire.core.ruleset import (
    GameInfo,
    Outcome,
    Pending,
    Resolution,
    ScenarioInfo,
    View,
)

POWERS = ("RED", "BLUE", "GREEN")


@dataclass(frozen=True)
class Take:
    count: int


@dataclass(frozen=True)
class PebbleState:
    turn: int
    pile: int
    hoards: dict[str, int]
    max_turns: int


class Pebbles:
    info = GameInfo(
        name="pebbles",
        title="Pebbles (test game)",
        aliases=("toy",),
        scenarios=(ScenarioInfo("standard", "Twenty pebbles", POWERS, 2, 3),),
        hidden_information=True,
        uses_chance=True,
    )

    def new_game(
        self, scenario: str, powers: Sequence[str], chance: Chance, settings: Mapping[str, Any]
    ) -> PebbleState:
        pile = 15 + chance.roll(10, purpose="size of the pile")
        return PebbleState(1, pile, {p: 0 for p in powers}, int(settings.get("max_turns", 10)))

    def pending(self, state: PebbleState) -> Pending:
        return Pending(state.turn, f"Turn {state.turn}", tuple(state.hoards), ("take",))

    def read_line(
        self, state: PebbleState, power: str, line: str, scope: dict[str, Any]
    ) -> list[Take]:
        m = re.fullmatch(r"take\s+(\d+)", line, re.IGNORECASE)
        if not m:
            raise OrderError("syntax/unknown_order", f"not an order: {line!r}")
        n = int(m.group(1))
        if not 1 <= n <= 3:
            raise OrderError("illegal/take_count", f"take 1 to 3 pebbles, not {n}: {line!r}")
        return [Take(n)]

    def check(
        self, state: PebbleState, power: str, orders: Sequence[tuple[int, Take]]
    ) -> Parsed[Take]:
        return Parsed(list(orders))  # every take read is legal

    def format(self, order: Take) -> str:
        return f"TAKE {order.count}"

    def resolve(
        self, state: PebbleState, orders: Mapping[str, Sequence[Take]], chance: Chance
    ) -> Resolution[PebbleState]:
        pile = state.pile
        hoards = dict(state.hoards)
        events: list[Event] = []
        for power in chance.shuffle(sorted(hoards), purpose="order of the takes"):
            wanted = orders[power][-1].count if orders.get(power) else 1
            got = min(wanted, pile)
            pile -= got
            hoards[power] += got
            events.append(Event("take", Audience.powers(power), f"You took {got}.", {"got": got}))
        events.append(Event("pile", Audience.public(), f"{pile} pebbles are left.", {"pile": pile}))
        return Resolution(PebbleState(state.turn + 1, pile, hoards, state.max_turns), events)

    def view(self, state: PebbleState, power: str | None) -> View:
        over = self.outcome(state) is not None  # who won follows from the hoards: secret
        view: View = {"turn": state.turn, "pile": state.pile, "over": over}
        if power is None:
            view["hoards"] = dict(state.hoards)
        else:
            view["hoard"] = state.hoards[power]
        return view

    def printout(self, state: PebbleState, events: Sequence[Event], power: str | None) -> str:
        return self.printout_of_view(self.view(state, power), events, power)

    def printout_of_view(self, view: View, events: Sequence[Event], power: str | None) -> str:
        lines = [f"Pebbles, turn {view['turn']}, {power or 'umpire'}", f"Pile: {view['pile']}"]
        if "hoard" in view:
            lines.append(f"Your hoard: {view['hoard']}")
        lines.extend(e.text for e in events)
        if view["over"]:
            lines.append("Game over.")
        return "\n".join(lines) + "\n"

    def outcome(self, state: PebbleState) -> Outcome | None:
        if state.pile > 0 and state.turn <= state.max_turns:
            return None
        best = max(state.hoards.values())
        winners = tuple(p for p, h in state.hoards.items() if h == best)
        return Outcome(winners, dict(state.hoards), f"{', '.join(winners)} won with {best}")

    def dump_state(self, state: PebbleState) -> dict[str, Any]:
        return {
            "turn": state.turn,
            "pile": state.pile,
            "hoards": dict(state.hoards),
            "max_turns": state.max_turns,
        }

    def load_state(self, data: dict[str, Any]) -> PebbleState:
        return PebbleState(data["turn"], data["pile"], dict(data["hoards"]), data["max_turns"])

    def bot_orders(self, state: PebbleState, power: str, chance: Chance) -> list[Take]:
        return [Take(chance.roll(3, purpose="bot take"))]

    def forecast_state(self, view: View, power: str) -> PebbleState:
        """The toy's forecast rule: the pile and one's own hoard as the view shows them; every
        power of the scenario seated, each other hoard taken as empty (a secret); ten turns."""
        hoards = {p: 0 for p in POWERS}
        hoards[power] = int(view["hoard"])
        return PebbleState(int(view["turn"]), int(view["pile"]), hoards, 10)

    def vary_secrets(self, state: PebbleState, power: str, chance: Chance) -> PebbleState:
        hoards = dict(state.hoards)
        hoards[power] += chance.roll(5, purpose="vary hoard")
        return PebbleState(state.turn, state.pile, hoards, state.max_turns)


PEBBLES = Pebbles()
