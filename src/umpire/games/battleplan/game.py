"""Battle Plan (Flying Buffalo, 1989) as an Umpire :class:`Ruleset`: the Europe map.

Powers are the codes of the 29 countries; a player is known by the country he starts with
and by his player number (his position in the list of seated powers, shown in brackets).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.core.problems import Parsed, Problem
from umpire.core.record import RecordError
from umpire.core.ruleset import GameInfo, Outcome, Pending, Resolution, Seating, View
from umpire.games.battleplan import ending, errors, forecast, options, views
from umpire.games.battleplan.legality import check_orders, refuse_by_options
from umpire.games.battleplan.model import MINOR, GameState, but
from umpire.games.battleplan.notation import format_order, read_line
from umpire.games.battleplan.orders import Order
from umpire.games.battleplan.printout import build_printout
from umpire.games.battleplan.scenarios import EUROPE, SCENARIOS, Scenario
from umpire.games.battleplan.setup import new_state
from umpire.games.battleplan.standing import standing_warnings
from umpire.games.battleplan.turn import resolve_turn
from umpire.games.battleplan.world import newspaper

INFO = GameInfo(
    name="battleplan",
    title="Battle Plan",
    aliases=("bp", "battle-plan"),
    scenarios=tuple(s.info for s in SCENARIOS),
    hidden_information=True,
    uses_chance=True,
    rulebook="battle-plan.md",
    order_help="""\
Orders are codes separated by spaces (section 8); @XXX starts the orders of space XXX.
  2E 4A             declare player 2 an enemy, player 4 an ally
  @TU AC20BU        from Turkey, 20 Army conquer Bulgaria
  @TU FA8BU         from Turkey, 8 AirForce attack Bulgaria's Army
  @BLA NN10BU       from the Black Sea, 10 Navy attack Bulgaria's Navy
  @TU AT5BLA        move 5 Army from Turkey to the Black Sea
  @TU BA6 BN2       build 6 Army and 2 Navy with Industry in Turkey
  RA10 P5BU         $10 of Army research; $5 of propaganda in Bulgaria
  MSG 3: text       a signed message to player 3 (where the game allows messages)
Your printout lists your spaces, forces and Dollars.\n""",
)


class BattlePlan:
    """The rules of Battle Plan for one scenario: its map, starting forces and options are
    the :class:`Scenario` it is built from."""

    info = INFO

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.gm = scenario.game_map

    def new_game(
        self, scenario: str, powers: Sequence[str], chance: Chance, settings: Mapping[str, Any]
    ) -> GameState:
        return self.opening(powers, settings)

    def opening(self, powers: Sequence[str], settings: Mapping[str, Any]) -> GameState:
        """The opening state of the scenario for ``powers`` (no chance is drawn)."""
        max_turns = ending.max_turns(settings, self.scenario.max_turns)
        state = new_state(
            list(powers),
            max_turns=max_turns,
            gm=self.gm,
            scenario=self.scenario.info.name,
            start=self.scenario.start,
            holdings=self.scenario.holdings,
            minors=self.scenario.minors,
        )
        extra: dict[str, Any] = {}
        if self.scenario.map_version:  # ruling W-MAPV: the map version the game is made on
            extra["map_version"] = self.scenario.map_version
        state = but(state, extra=extra)
        state = self.scenario.setup(state, self.gm, settings)  # WW real: the 1982 forces, deals
        extra = dict(state.extra)
        if self.scenario.newspaper:  # WW newspaper: the list of players printed on turn one
            names = self.scenario.free_messages  # WW anonymous: no contact outside the game
            extra["roster"] = newspaper.roster(list(powers), settings, names=names)
        # 14: the server may supply the due date
        return but(state, due=str(settings.get("due", "")), extra=extra)

    def pending(self, state: GameState) -> Pending:
        # BP 1A: those who occupy a country, and those with forces while two others do
        active = ending.active_players(state)
        expected = tuple(p.power for p in state.players if p.number in active)
        return Pending(state.turn, f"Turn {state.turn}", expected, ("orders",))

    # -- orders: the grammar of one line and the legality of the whole (core.submission) ----

    def read_line(
        self, state: GameState, power: str, line: str, scope: dict[str, Any]
    ) -> list[Order | Problem]:
        return read_line(line, scope, self.gm.spaces)

    def check(
        self, state: GameState, power: str, orders: Sequence[tuple[int, Order]]
    ) -> Parsed[Order]:
        """BP 12: the orders are checked together, in the order given (duplicates, budgets,
        units: :func:`check_orders`); each refused one is reported on its line."""
        kept: Parsed[Order] = Parsed()
        if not any(p.power == power for p in state.players):
            kept.problems.append(errors.UNKNOWN_POWER.problem(0, power=power))
            return kept
        number = state.number_of(power)
        if not ending.active(state, number):
            # BP 1A, ruling R-OUT: with no country and no forces he is out of the game
            for line, order in orders:
                kept.reject(
                    line, errors.OUT_OF_GAME.code, errors.OUT_OF_GAME.message(), format_order(order)
                )
            return kept
        verdicts = self.verdicts(state, number, [o for _, o in orders])
        for (line, order), verdict in zip(orders, verdicts, strict=True):
            if verdict is None:
                kept.accept(line, order)
            else:
                kept.reject(line, verdict[0], verdict[1], format_order(order))
        return kept

    # -- order entry on the pages: lists of legal orders, and clicks on the map ----------------

    map_help = (
        "On the map: click a space of yours (its forces), then the space to move to, attack or "
        "support (your space again: builds there); each order takes every unit it may, lower "
        "the number in the menu or in the box. A space may give several orders."
    )

    def order_options(self, state: GameState, power: str) -> dict[str, list[str]]:
        """``@XXX`` -> every legal space order of each space ``power`` holds (options.py)."""
        return options.legal_orders(self, state, power)

    def order_places(self, order: str) -> tuple[str, ...]:
        """The spaces an offered order names, its own first (``@TU AC20BU``: TU, BU)."""
        return options.places(order)

    def order_gloss(self, order: str) -> str:
        """What an offered order does, in words (``@TU AC20BU``: conquer BU with 20 Army)."""
        return options.gloss(order)

    def order_key(self, order: str) -> str:
        """BP 12C: two orders that differ only by their number are one order (the last)."""
        return options.key(order)

    def verdicts(
        self, state: GameState, number: int, given: Sequence[Order]
    ) -> list[tuple[str, str] | None]:
        """For each order of an active player's submission, in turn: None (legal with the ones
        before it) or why not: the rules (:func:`check_orders`), then the scenario's options."""
        verdicts = check_orders(state, self.gm, number, given, self.scenario.arms)
        return refuse_by_options(
            given,
            verdicts,
            free_messages=self.scenario.free_messages,  # WW anonymous
            newspaper=self.scenario.newspaper,  # WW newspaper
            attacks=not (self.scenario.no_attacks_turn_one and state.turn == 1),
            opinion=self.scenario.world_opinion,  # WW opinion
        )

    def warnings(
        self, state: GameState, power: str, orders: Sequence[tuple[int, Order]]
    ) -> list[Problem]:
        """Kept orders the turn will not use whatever the others order: standing orders given
        with the turn's orders that cannot be used alongside them this turn (BP 11, 12D)."""
        if not any(p.power == power for p in state.players):
            return []
        number = state.number_of(power)
        out = []
        for line, order, why in standing_warnings(
            state, self.gm, number, orders, self.scenario.arms
        ):
            text = format_order(order)
            out.append(errors.STANDING_UNUSED.problem(line, text, why=why, order=text))
        return out

    def newspaper(self, state: GameState, events: Sequence[Event]) -> str | None:
        """WW newspaper: the World Newspaper of the turn (public events only)."""
        return newspaper.newspaper(state, events)

    def format(self, order: Order) -> str:
        return format_order(order)

    def resolve(
        self, state: GameState, orders: Mapping[str, Sequence[Order]], chance: Chance
    ) -> Resolution[GameState]:
        numbers = {p.power: p.number for p in state.players}  # number_of, for every power
        by_number = {numbers[p]: list(os) for p, os in orders.items()}
        new, events = resolve_turn(
            state, self.gm, by_number, chance, self.scenario.arms, self.scenario.hpi_steps
        )
        for step in self.scenario.after_turn:  # WW 1939.end
            new, said = step(new, by_number, chance)
            events += said
        return Resolution(new, events)

    def view(self, state: GameState, power: str | None) -> View:
        return self._view(state, power, self.outcome(state))

    def _view(self, state: GameState, power: str | None, result: Outcome | None) -> View:
        """The view of ``power`` (None: the umpire), the game being over by ``result`` (the
        scenario's own ending, or a result declared or voted before it), or not (None). A
        player's holds his scenario's lines on what he needs to win (WW, ruling W-GOAL): facts
        about himself that his printout prints."""
        if power is None:
            return views.umpire_view(state, self.gm, result)
        number = state.number_of(power)
        seen = views.view(state, self.gm, number, result)
        if self.scenario.goal is not None:
            seen["goal"] = self.scenario.goal(state, self.gm, number)
        return seen

    def public_view(self, state: GameState) -> View:
        return views.public_view(state, self.outcome(state))

    def printout(self, state: GameState, events: Sequence[Event], power: str | None) -> str:
        return self.printout_of_view(self.view(state, power), events, power)

    def printout_of_view(self, view: View, events: Sequence[Event], power: str | None) -> str:
        return build_printout(view, events)

    def printout_ended_of_view(
        self, view: View, events: Sequence[Event], power: str | None, outcome: Outcome
    ) -> str:
        """The printout of ``view`` as :meth:`_view` makes it for a game over by ``outcome``
        (BP 1A, 14: everyone sees that it is over and who won), made from the view alone."""
        numbers = {p["power"]: p["number"] for p in view["players"]}
        over = {"summary": outcome.summary, "winners": [numbers[p] for p in outcome.winners]}
        return build_printout({**view, "over": over}, events)

    def outcome(self, state: GameState) -> Outcome | None:
        return self.scenario.outcome(state)

    def dump_state(self, state: GameState) -> dict[str, Any]:
        return state.to_json()

    def load_state(self, data: dict[str, Any]) -> GameState:
        state = GameState.from_json(data)
        want = self.scenario.map_version
        if want and state.extra.get("map_version", 1) != want:
            # ruling W-MAPV: a game of the reconstructed world map (version 1, before issue
            # 27) names spaces that no longer exist; it is refused, never played on a map
            # it was not made on
            made = state.extra.get("map_version", 1)
            raise RecordError(
                f"this {self.scenario.info.title} game was made on world map version {made}; "
                f"this Umpire plays version {want} (the real map) and cannot replay or "
                "continue it (ruling W-MAPV)"
            )
        return state

    def bot_orders(self, state: GameState, power: str, chance: Chance) -> list[Order]:
        number = state.number_of(power)
        attacks = not (self.scenario.no_attacks_turn_one and state.turn == 1)
        return self.scenario.player_bot(
            state,
            self.gm,
            number,
            chance,
            self.scenario.free_messages,
            attacks,
            self.scenario.arms,
        )

    def vary_secrets(self, state: GameState, power: str, chance: Chance) -> GameState:
        """A state differing only in what ``power`` alone knows: his money, spies, research
        (and its odds, which even he is not shown: WW real), multipliers and defaults, the forces in countries he holds that no one spies on, and his
        Navy in seas no one else sees (14)."""
        number = state.number_of(power)
        me = state.player(number)
        cents = me.cents + chance.randint(1, 100_000, purpose="vary dollars")
        spies = chance.randint(0, 1000, purpose="vary spies")
        army = chance.randint(50, 150, purpose="vary multipliers")
        me = but(
            me,
            cents=cents,
            spies=spies,
            multipliers={**me.multipliers, "A": army},
            research={"F": chance.randint(1, 50, purpose="vary research")},
            research_odds={"M": chance.randint(0, 200, purpose="vary research odds")},
        )
        s = state.with_players({number: me})
        # countries someone else sees (by a spy, or shared with him, 6B, 6D) are not secret
        seen_by_others = set().union(
            *(views.visible_countries(s, p.number) for p in s.players if p.number != number)
        )
        # BP 14: his forces in a sea no one else sees (nor is shown by a sharer, 6D)
        seas_seen_by_others = set().union(
            *(views.visible_seas(s, p.number) for p in s.players if p.number != number)
        )
        # ruling W-VP9: a finished 1939 game's victory points, shown to all, count who has
        # more Navy ("per rival with less navy", "most navy in"): its navies are no secret
        navies_public = bool(s.extra.get("over"))
        seas = dict(s.seas)
        for code in sorted(seas):
            stack = seas[code].forces.get(number)
            if stack is not None and code not in seas_seen_by_others and not navies_public:
                navy = chance.randint(1, 60, purpose="vary navy at sea")
                seas[code] = seas[code].with_stack(number, stack.with_unit("N", navy))
        changed = {}
        for code in sorted(s.countries):
            c = s.countries[code]
            if c.controller() != number or code in seen_by_others:
                continue
            army = chance.randint(0, 60, purpose="vary army")
            air = chance.randint(0, 60, purpose="vary air")
            missiles = chance.randint(0, 5, purpose="vary missiles")
            hpi = chance.randint(1, 200, purpose="vary hpi") if c.owner != MINOR else c.hpi
            changed[code] = but(c, army=army, air=air, missiles=missiles, hpi=hpi)
        return but(s.with_countries(changed), seas=seas)

    def forecast_state(self, view: View, power: str) -> GameState:
        """A whole state from ``power``'s view alone (:mod:`~umpire.games.battleplan.forecast`):
        what he does not see is filled from the scenario's opening for the seated powers."""
        return forecast.forecast_state(
            view,
            power,
            self.gm,
            lambda powers: self.opening(powers, {}),
            self.scenario.map_version,
        )


class SignedUpBattlePlan(BattlePlan):
    """A scenario whose players sign up with preferences of its own (WW equal and anonymous:
    starting spaces; WW real: positions and a maximum fee): core's ``HasSeating``."""

    def __init__(self, scenario: Scenario) -> None:
        super().__init__(scenario)
        assert scenario.signup is not None
        self.signup = scenario.signup
        self.preferences_help = scenario.signup.help
        self.preference_choices = scenario.signup.choices

    def check_preferences(self, preferences: Sequence[str]) -> list[str]:
        return self.signup.check(preferences)

    def seat_players(
        self,
        preferences: Sequence[Sequence[str]],
        assigned: Sequence[str],
        powers: Sequence[str],
        chance: Chance,
    ) -> Seating:
        """Ruling W-SIGNUP: the seating is fixed by the rules (sign-up order), no draw."""
        return self.signup.seat(preferences, assigned, powers)


RULESETS = {
    s.info.name: BattlePlan(s) if s.signup is None else SignedUpBattlePlan(s) for s in SCENARIOS
}
RULESET = RULESETS[EUROPE.info.name]
