"""Battle Plan (Flying Buffalo, 1989) as an Umpire :class:`Ruleset`: the Europe map.

Powers are the codes of the 29 countries; a player is known by the country he starts with
and by his player number (his position in the list of seated powers, shown in brackets).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.core.problems import OrderError, Parsed
from umpire.core.ruleset import GameInfo, Outcome, Pending, Resolution, ScenarioInfo, View
from umpire.games.battleplan import bot, views
from umpire.games.battleplan.geography import europe
from umpire.games.battleplan.legality import check_orders
from umpire.games.battleplan.model import MINOR, GameState
from umpire.games.battleplan.notation import (
    Order,
    format_order,
    parse_token,
    split_header,
    tokens,
)
from umpire.games.battleplan.printout import build_printout
from umpire.games.battleplan.setup import new_state
from umpire.games.battleplan.turn import resolve_turn

DEFAULT_MAX_TURNS = 25  # ruling R-END
DEFAULT_POWERS = ("GB", "FR", "SP", "IT", "GE", "PD", "SW", "TU", "UK")

INFO = GameInfo(
    name="battleplan",
    title="Battle Plan",
    aliases=("bp", "battle-plan"),
    scenarios=(
        ScenarioInfo(
            name="europe",
            title="Battle Plan: Europe",
            powers=europe().countries,
            min_players=5,
            max_players=29,
            description="The basic game on the map of Europe: 29 countries, 5 seas (15).",
            default_powers=DEFAULT_POWERS,
        ),
    ),
    hidden_information=True,
    uses_chance=True,
    rulebook="battle-plan.md",
)


class BattlePlan:
    info = INFO

    def new_game(
        self, scenario: str, powers: Sequence[str], chance: Chance, settings: Mapping[str, Any]
    ) -> GameState:
        max_turns = int(settings.get("max_turns", DEFAULT_MAX_TURNS))
        state = new_state(list(powers), max_turns=max_turns)
        state.due = str(settings.get("due", ""))  # 14: the server may supply the due date
        return state

    def pending(self, state: GameState) -> Pending:
        alive = state.alive()
        expected = []
        for p in state.players:
            if p.number in alive:
                expected.append(p.power)
            elif len(alive) >= 2 and self._has_forces(state, p.number):
                expected.append(p.power)  # BP 1A: may play on while two others occupy
        return Pending(state.turn, f"Turn {state.turn}", tuple(expected), ("orders",))

    @staticmethod
    def _has_forces(state: GameState, number: int) -> bool:
        if any(c.controller() == number for c in state.countries.values()):
            return True
        return any(number in s.forces for s in state.seas.values())

    def parse(self, state: GameState, power: str, text: str) -> Parsed[Order]:
        parsed: Parsed[Order] = Parsed()
        try:
            number = state.number_of(power)
        except KeyError:
            parsed.reject(0, "order/unknown_power", f"{power!r} is not playing in this game")
            return parsed
        gm = europe()
        space: str | None = None
        bad_space = False
        found: list[tuple[int, str, Order]] = []
        for tok in tokens(text):
            header = split_header(tok.text)
            if header is not None:
                if header == "":
                    space, bad_space = None, False
                elif header in gm.spaces:
                    space, bad_space = header, False
                else:
                    parsed.reject(
                        tok.line,
                        "order/unknown_space",
                        f"{tok.text!r}: no space {header!r}",
                        tok.text,
                    )
                    space, bad_space = None, True
                continue
            try:
                if bad_space:
                    raise OrderError(
                        "order/unknown_space", f"{tok.text!r}: follows an unknown space header"
                    )
                order = parse_token(tok.text, space)
            except OrderError as err:
                parsed.reject(tok.line, err.code, err.message, tok.text)
                continue
            found.append((tok.line, tok.text, order))
        verdicts = check_orders(state, gm, number, [o for _, _, o in found])
        for (line, raw, order), verdict in zip(found, verdicts, strict=True):
            if verdict is None:
                parsed.accept(line, order)
            else:
                parsed.reject(line, verdict[0], verdict[1], raw)
        parsed.problems.sort(key=lambda p: p.line)
        return parsed

    def format(self, order: Order) -> str:
        return format_order(order)

    def resolve(
        self, state: GameState, orders: Mapping[str, Sequence[Order]], chance: Chance
    ) -> Resolution[GameState]:
        by_number = {state.number_of(p): list(os) for p, os in orders.items()}
        new, events = resolve_turn(state, europe(), by_number, chance)
        return Resolution(new, events)

    def view(self, state: GameState, power: str | None) -> View:
        if power is None:
            return views.umpire_view(state)
        return views.view(state, state.number_of(power))

    def printout(self, state: GameState, events: Sequence[Event], power: str | None) -> str:
        return build_printout(state, events, None if power is None else state.number_of(power))

    def outcome(self, state: GameState) -> Outcome | None:
        alive = state.alive()
        scores = {
            p.power: float(sum(1 for c in state.countries.values() if c.owner == p.number))
            for p in state.players
        }
        if len(alive) <= 1:
            # BP 1A: the game goes on while more than one player occupies a country
            winners = tuple(state.player(n).power for n in alive)
            who = winners[0] if winners else "nobody"
            return Outcome(winners, scores, f"{who} has conquered Europe")
        if state.turn > state.max_turns:
            # ruling R-END: after max_turns, the players occupying most countries win
            best = max(scores.values())
            winners = tuple(p for p, s in scores.items() if s == best)
            return Outcome(
                winners, scores, f"turn limit reached; most countries: {', '.join(winners)}"
            )
        return None

    def dump_state(self, state: GameState) -> dict[str, Any]:
        return state.to_json()

    def load_state(self, data: dict[str, Any]) -> GameState:
        return GameState.from_json(data)

    def bot_orders(self, state: GameState, power: str, chance: Chance) -> str:
        return bot.bot_orders(state, europe(), state.number_of(power), chance)

    def vary_secrets(self, state: GameState, power: str, chance: Chance) -> GameState:
        """A state differing only in what ``power`` alone knows: his money, spies, research,
        multipliers and defaults, the forces in countries he holds that no one spies on, and his
        Navy in seas no one else sees (14)."""
        s = state.copy()
        number = s.number_of(power)
        me = s.player(number)
        me.cents += chance.randint(1, 100_000, purpose="vary dollars")
        me.spies = chance.randint(0, 1000, purpose="vary spies")
        me.multipliers["A"] = chance.randint(50, 150, purpose="vary multipliers")
        me.research = {"F": chance.randint(1, 50, purpose="vary research")}
        # countries someone else sees (by a spy, or shared with him, 6B, 6D) are not secret
        seen_by_others = set().union(
            *(views.visible_countries(s, p.number) for p in s.players if p.number != number)
        )
        # BP 14: his forces in a sea no one else sees (nor is shown by a sharer, 6D)
        seas_seen_by_others = set().union(
            *(views.visible_seas(s, p.number) for p in s.players if p.number != number)
        )
        for code in sorted(s.seas):
            stack = s.seas[code].forces.get(number)
            if stack is not None and code not in seas_seen_by_others:
                stack.navy = chance.randint(1, 60, purpose="vary navy at sea")
        for code in sorted(s.countries):
            c = s.countries[code]
            if c.controller() != number or code in seen_by_others:
                continue
            c.army = chance.randint(0, 60, purpose="vary army")
            c.air = chance.randint(0, 60, purpose="vary air")
            c.missiles = chance.randint(0, 5, purpose="vary missiles")
            if c.owner != MINOR:
                c.hpi = chance.randint(1, 200, purpose="vary hpi")
        return s


RULESET = BattlePlan()
