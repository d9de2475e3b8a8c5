"""A tiny game for the server tests: two powers bid each round; secrets per power.

State (plain JSON): ``round`` (rounds done), ``rounds`` (length of the game), ``powers``,
``secrets`` (one per power, seen by its owner only), ``scores``, ``last`` (each power's last
bids, private). Orders: ``bid N`` (N 0..9) or ``hold`` (bid 0); a power without orders holds
(the game's own default). Events: a public result and a private note to each power.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umpire.core.chance import Chance
from umpire.core.events import Audience, Event
from umpire.core.problems import OrderError, Parsed
from umpire.core.registry import register
from umpire.core.ruleset import GameInfo, Outcome, Pending, Resolution, ScenarioInfo

State = dict[str, Any]
Order = tuple[str, int]


class FakeBid:
    info = GameInfo(
        name="fakebid",
        title="Fake Bid",
        aliases=("fb",),
        scenarios=(
            ScenarioInfo("standard", "Standard", ("North", "South"), 2, 2),
            # As Battle Plan's Anonymous game: no free press between the players.
            ScenarioInfo("silent", "Silent", ("North", "South"), 2, 2, press_allowed=False),
        ),
        hidden_information=True,
        uses_chance=True,
    )

    def new_game(
        self, scenario: str, powers: Sequence[str], chance: Chance, settings: Mapping[str, Any]
    ) -> State:
        return {
            "round": 0,
            "rounds": int(settings.get("rounds", 3)),
            "powers": list(powers),
            "secrets": {
                p: f"SECRET-{p}-{chance.randint(100000, 999999, purpose='secret of ' + p)}"
                for p in powers
            },
            "scores": {p: 0 for p in powers},
            "last": {p: [] for p in powers},
        }

    def pending(self, state: State) -> Pending:
        n = state["round"] + 1
        return Pending(n, f"Round {n}", tuple(state["powers"]), ("bids",))

    def read_line(self, state: State, power: str, line: str, scope: dict[str, Any]) -> list[Order]:
        words = line.lower().split()
        if words == ["hold"]:
            return [("bid", 0)]
        if len(words) != 2 or words[0] != "bid":
            raise OrderError("syntax/bad_order", f"cannot read {line!r}: write 'bid N'")
        if not words[1].isdigit() or not 0 <= int(words[1]) <= 9:
            raise OrderError("illegal/bid", f"a bid is 0 to 9, not {words[1]!r}")
        return [("bid", int(words[1]))]

    def check(self, state: State, power: str, orders: Sequence[tuple[int, Order]]) -> Parsed[Order]:
        return Parsed(list(orders))  # every bid read is legal

    def format(self, order: Order) -> str:
        return f"bid {order[1]}"

    def resolve(
        self, state: State, orders: Mapping[str, Sequence[Order]], chance: Chance
    ) -> Resolution[State]:
        bids = {p: (orders[p][-1][1] if orders.get(p) else 0) for p in state["powers"]}
        tie = chance.randint(0, 1, purpose="tie break")
        best = max(bids.values())
        leaders = [p for p in state["powers"] if bids[p] == best]
        winner = leaders[tie % len(leaders)]
        new = {
            **state,
            "round": state["round"] + 1,
            "scores": {**state["scores"], winner: state["scores"][winner] + 1},
            "last": {p: [self.format(o) for o in orders.get(p, [])] for p in state["powers"]},
        }
        events = [Event("result", Audience.public(), f"{winner} won round {new['round']}")]
        events += [
            Event("note", Audience.powers(p), f"{p} bid {bids[p]}; secret {state['secrets'][p]}")
            for p in state["powers"]
        ]
        events.append(Event("umpire", Audience.umpire(), f"tie draw {tie}"))
        return Resolution(new, events)

    def view(self, state: State, power: str | None) -> dict[str, Any]:
        if power is None:
            return dict(state)
        return {
            "round": state["round"],
            "scores": state["scores"],
            "secret": state["secrets"][power],
            "my_last_orders": state["last"][power],
        }

    def printout(self, state: State, events: Sequence[Event], power: str | None) -> str:
        return self.printout_of_view(self.view(state, power), events, power)

    def printout_of_view(
        self, view: dict[str, Any], events: Sequence[Event], power: str | None
    ) -> str:
        lines = [f"Fake Bid, after round {view['round']}, for {power or 'the umpire'}"]
        lines += [f"{k}: {v}" for k, v in sorted(view.items())]
        lines += [f"- {e.text}" for e in events]
        return "\n".join(lines) + "\n"

    def outcome(self, state: State) -> Outcome | None:
        if state["round"] < state["rounds"]:
            return None
        top = max(state["scores"].values())
        winners = tuple(p for p in state["powers"] if state["scores"][p] == top)
        return Outcome(winners, dict(state["scores"]), f"{' and '.join(winners)} won")

    def dump_state(self, state: State) -> dict[str, Any]:
        return dict(state)

    def load_state(self, data: dict[str, Any]) -> State:
        return dict(data)

    def forecast_state(self, view: dict[str, Any], power: str) -> State:
        """The fake's forecast rule: the round and the scores as the view shows them, one's own
        secret and last orders; each other power's secret a placeholder and its last orders
        none (both secret); no end of the game (the length is a setting, not in the view)."""
        powers = list(view["scores"])
        return {
            "round": int(view["round"]),
            "rounds": 10**6,
            "powers": powers,
            "secrets": {p: view["secret"] if p == power else "unknown" for p in powers},
            "scores": dict(view["scores"]),
            "last": {p: list(view["my_last_orders"]) if p == power else [] for p in powers},
        }

    def vary_secrets(self, state: State, power: str, chance: Chance) -> State:
        """The state with ``power``'s secret drawn anew (core's HasSecrets)."""
        fresh = f"SECRET-{power}-{chance.randint(100000, 999999, purpose='varied secret')}"
        return {**state, "secrets": {**state["secrets"], power: fresh}}

    def bot_orders(self, state: State, power: str, chance: Chance) -> list[Order]:
        return [("bid", chance.randint(0, 9, purpose="bot bid"))]


FAKE = FakeBid()


def install() -> None:
    """Register the fake game (a broken built-in game cannot hide it: see core.registry)."""
    register(FAKE)
