"""The contract every game implements, and the small value types it speaks in.

A game is a :class:`Ruleset`: pure functions over an immutable (or never-mutated) state.
``resolve`` takes all powers' orders at once and returns a new state and the events of the
turn; missing orders are filled by the game's own rules (standing orders, defaults, holds),
never by the caller. ``view`` is an allow-list of what a power may see; ``printout`` is the
power's turn report, built from the view and from the events addressed to that power only.

Orders travel between processes as canonical text: ``format(order)`` is canonical, and
reading it back (:func:`umpire.core.submission.parse`) gives the order back. A game reads orders
through core's one submission pipeline (:mod:`umpire.core.submission`): it gives the grammar of
one line (``read_line``) and the legality of the whole submission (``check``).
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeAlias, TypeVar, runtime_checkable

from typing_extensions import TypeIs

from umpire.core.chance import Chance
from umpire.core.errors import Catalogue
from umpire.core.events import Event
from umpire.core.problems import Parsed, Problem

if TYPE_CHECKING:
    from pydantic import BaseModel

S = TypeVar("S")
OrderT = TypeVar("OrderT")
OrderIn = TypeVar("OrderIn", contravariant=True)
StateIn = TypeVar("StateIn", contravariant=True)
P = TypeVar("P")
StateOut = TypeVar("StateOut", covariant=True)


def power_label(power: str, names: Mapping[str, str]) -> str:
    """How a person reads ``power``: its full name with its code beside it, where the scenario
    names it (``England (ENG)``), else its code.

    >>> power_label("UK", {"UK": "Ukraine"})
    'Ukraine (UK)'
    >>> power_label("ENG", {})
    'ENG'
    """
    name = names.get(power, "")
    return f"{name} ({power})" if name and name != power else power


@dataclass(frozen=True, slots=True)
class ScenarioInfo:
    name: str
    title: str
    powers: tuple[str, ...]  # every power the scenario can seat
    min_players: int
    max_players: int
    description: str = ""
    default_powers: tuple[str, ...] = ()  # the powers seated when none are named
    names: tuple[tuple[str, str], ...] = ()  # (power, full name): "GER", "Germany"
    # None: as the game says (GameInfo.hidden_information); False: this scenario hides nothing
    hidden_information: bool | None = None
    press_allowed: bool = True  # False: players may not send free press (e.g. Anonymous WWBP)
    # How to write orders where the scenario's notation is not the game's (GameInfo.order_help)
    order_help: str = ""
    # Each power's own order help, where examples must fit the power (1939 III's winter builds
    # in its own home centres): (power, text); a power not listed reads ``order_help``.
    power_help: tuple[tuple[str, str], ...] = ()

    def order_help_for(self, power: str | None) -> str:
        """The order help ``power`` reads (None: the general one)."""
        for who, text in self.power_help:
            if who == power:
                return text
        return self.order_help


@dataclass(frozen=True, slots=True)
class GameInfo:
    name: str  # the registry key, e.g. "origins"
    title: str
    aliases: tuple[str, ...]
    scenarios: tuple[ScenarioInfo, ...]
    hidden_information: bool
    uses_chance: bool
    rulebook: str = ""  # file name under shared/rules
    # How to write orders, in a few example lines (the game page shows it by the order box);
    # a scenario with notation of its own has its own (ScenarioInfo.order_help).
    order_help: str = ""

    @property
    def default_scenario(self) -> ScenarioInfo:
        return self.scenarios[0]

    def hides_information(self, scenario: str | None = None) -> bool:
        """Whether ``scenario`` (None: the default) has facts some powers may not see."""
        own = self.scenario(scenario).hidden_information
        return self.hidden_information if own is None else own

    def scenario(self, name: str | None) -> ScenarioInfo:
        if name is None:
            return self.default_scenario
        for s in self.scenarios:
            if s.name.lower() == name.lower():
                return s
        known = ", ".join(s.name for s in self.scenarios)
        raise KeyError(f"{self.name} has no scenario {name!r} (known: {known})")


@dataclass(frozen=True, slots=True)
class Pending:
    """What the current turn waits for."""

    turn: int  # 1-based number of the turn to be resolved next
    label: str  # the game's own name for it: "Turn 3 (1935)", "Spring 1901 movement"
    powers: tuple[str, ...]  # who is expected to submit orders
    kinds: tuple[str, ...] = ()  # the kinds of order this phase takes ("moves", "retreats", ...)


@dataclass(frozen=True, slots=True)
class Resolution(Generic[S]):
    state: S
    events: list[Event] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Outcome:
    winners: tuple[str, ...]
    scores: Mapping[str, float]
    summary: str

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": dict(self.scores), "summary": self.summary}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        return cls(tuple(data["winners"]), dict(data["scores"]), str(data["summary"]))


View = dict[str, Any]


@runtime_checkable
class RulesetBase(Protocol[S, OrderT]):
    """Everything of the contract but the reading of orders (see :class:`Ruleset`)."""

    info: GameInfo

    def new_game(
        self, scenario: str, powers: Sequence[str], chance: Chance, settings: Mapping[str, Any]
    ) -> S:
        """The opening state. ``powers`` are the seated powers (validated by the caller)."""

    def pending(self, state: S) -> Pending:
        """The turn to be resolved next and who must order (meaningless once over)."""

    def format(self, order: OrderT) -> str:
        """Canonical text of one order."""

    def resolve(
        self, state: S, orders: Mapping[str, Sequence[OrderT]], chance: Chance
    ) -> Resolution[S]:
        """Adjudicate the turn with every power's orders (absent power: no orders)."""

    def view(self, state: S, power: str | None) -> View:
        """What ``power`` may see (None: the umpire), as JSON-able data built by allow-list."""

    def printout_of_view(self, view: View, events: Sequence[Event], power: str | None) -> str:
        """The turn report of ``power`` (None: the umpire), made from his view alone
        (``view(state, power)``) and ``events``, already filtered to those he may read. No state
        goes in, so what a player reads can hold nothing his view does not: the service
        computes each reader's view once per turn and builds his printout from it."""

    def printout(self, state: S, events: Sequence[Event], power: str | None) -> str:
        """``printout_of_view(view(state, power), events, power)``: the same report, for a
        caller holding a state (tools, tests). The service never calls it."""

    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else None."""

    def dump_state(self, state: S) -> dict[str, Any]:
        """JSON-able form of the state (the umpire's: everything)."""

    def load_state(self, data: dict[str, Any]) -> S:
        """Inverse of :meth:`dump_state`."""

    def bot_orders(self, state: S, power: str, chance: Chance) -> Sequence[OrderT]:
        """Legal, sensible orders for ``power`` (demo, conformance, missed turns), each in the
        normal form ``check`` would keep it in: the session stores them without reading or
        checking them again (``Table.bot_submit``), and the conformance suite proves that
        ``check`` keeps every one unchanged and that its canonical text reads back to it.
        Text for a tool or a test: :func:`umpire.core.submission.bot_text`."""


@runtime_checkable
class Ruleset(RulesetBase[S, OrderT], Protocol[S, OrderT]):
    """The contract every game implements: order reading through core's pipeline.

    ``read_line`` is grammar only; ``check`` judges legality, once per order, at submission,
    and keeps each order (in its normal form against the position, whose canonical text reads
    back to it) or refuses it. So orders stored as canonical text at submission are read again
    at processing by ``read_line`` alone, and ``resolve`` trusts them: their legality was
    judged once, against the same state.
    """

    def read_line(
        self, state: S, power: str, line: str, scope: dict[str, Any]
    ) -> Sequence[OrderT | Problem]:
        """The orders on one stripped, non-blank, non-comment line (see
        :class:`umpire.core.submission.LineGrammar`); raise OrderError for a bad line."""

    def check(self, state: S, power: str, orders: Sequence[tuple[int, OrderT]]) -> Parsed[OrderT]:
        """The legality of the whole submission: the orders kept, a problem for each refused."""


AnyRuleset: TypeAlias = Ruleset[Any, Any]


@runtime_checkable
class HasNewspaper(Protocol[StateIn]):
    """Optional: a public publication of each turn (a newspaper, a world bulletin).

    ``events`` are the turn's public events only, so a newspaper can carry nothing a spectator
    could not read. None (or empty text): no publication this turn.
    """

    def newspaper(self, state: StateIn, events: Sequence[Event]) -> str | None:
        """The publication of the turn that led to ``state``, or None."""


@runtime_checkable
class HasWarnings(Protocol[StateIn, OrderIn]):
    """Optional: orders that ``check`` keeps (they are legal orders) but that the rules will
    refuse or void at adjudication whatever any other power orders, known from the position
    and the power's own submission alone (a 1939 III tank over the tank ratio, a support of
    one's own unit that orders something else). The receipt shows each on its order's line
    ("accepted, but will be refused: ..."); nothing about the order changes and nothing is
    stored: the warnings are worked out again from the stored orders whenever needed. An order
    that is simply illegal is still refused by ``check``, never warned of here.
    """

    def warnings(
        self, state: StateIn, power: str, orders: Sequence[tuple[int, OrderIn]]
    ) -> list[Problem]:
        """A problem (code family ``void/``, the order's line) for each order of ``orders``
        (as ``check`` kept them) that cannot take effect whatever the other powers do."""


@runtime_checkable
class HasDeclaredEnd(Protocol):
    """Optional, and every registered game has it: the last printout of a game that ended
    without its rules ending it (a result declared by the game master, a draw or concession
    voted by the players, a game the game master ended). The state after the last turn still
    awaits orders; this printout of it says instead that the game is over and how (``outcome``)
    and asks for nothing. A game without it gets core's notice above its ordinary printout.

    Like every printout it is made from the reader's view alone (issue 28): ``view`` is his
    ordinary view of that last position (``view(state, power)``), which the game turns into
    the view of a game over by ``outcome``; no state goes in.
    """

    def printout_ended_of_view(
        self, view: View, events: Sequence[Event], power: str | None, outcome: Outcome
    ) -> str:
        """``printout_of_view(view, events, power)`` of a game ended by ``outcome``."""


@runtime_checkable
class HasPrintoutForAll(Protocol):
    """Optional: the game's printout names no reader. ``printout_for_all(view, events)`` is
    ``printout_of_view(view, events, power)`` for every ``power`` (the umpire too), so readers
    with equal views and equal events read one body, rendered once per processed turn (the
    heading that names each reader is the session's, added to each). A game whose printout
    says whose it is, or varies with the reader in any way, does not have this part.
    """

    def printout_for_all(self, view: View, events: Sequence[Event]) -> str:
        """The printout of every reader whose view is ``view`` and who may read ``events``."""


@runtime_checkable
class HasPublicView(Protocol[StateIn]):
    """Optional, for a game with hidden information: the position as a spectator sees it.

    Built by allow-list from the facts every player may see (never the umpire's view with
    secrets deleted), so it holds nothing any one power knows alone. A game without hidden
    information needs none: its umpire's view is already public. Where a game has one, it is
    the spectator's position in every scenario, also one that hides nothing (drawn as the
    public's map, not as the umpire's).
    """

    def public_view(self, state: StateIn) -> View:
        """The facts of ``state`` that are public to every player and spectator."""


@dataclass(frozen=True, slots=True)
class Seating:
    """A game's own seating of the players who signed up (see :class:`HasSeating`)."""

    powers: tuple[str, ...]  # every power of the new game, in order (the player numbers)
    holders: tuple[str | None, ...]  # per sign-up, in join order: his power (None: no seat)
    settings: Mapping[str, Any] = field(default_factory=dict)  # added to the GM's settings


@runtime_checkable
class HasSeating(Protocol):
    """Optional: a scenario whose players sign up with preferences of its own (starting
    spaces, positions of a price list, a maximum fee) rather than the names of its powers.

    Without it the server matches each player's preferences against the powers' names.
    ``check_preferences`` runs when a player joins (every entrance), ``seat_players`` when
    the game starts; both raise :class:`~umpire.core.problems.OrderError` with one of the
    game's codes for a list it refuses. ``preferences_help`` tells a player what to list
    (the join form and the mail help show it). A ruleset may also have
    ``preference_choices``: the (code, description) pairs a player chooses from, where the
    list is short enough to show (Real Forces' price list); the join form and ``umpire
    games`` show it.
    """

    preferences_help: str

    def check_preferences(self, preferences: Sequence[str]) -> list[str]:
        """One player's list in canonical form, or OrderError (unknown, too many ...)."""

    def seat_players(
        self,
        preferences: Sequence[Sequence[str]],
        assigned: Sequence[str],
        powers: Sequence[str],
        chance: Chance,
    ) -> Seating:
        """The powers of the game and who holds which. ``preferences`` are the checked lists
        of the players the GM did not seat, in join order; ``assigned`` the powers the GM gave
        (they win: no one else gets them); ``powers`` the GM's list of powers to seat (empty:
        the game decides)."""


@runtime_checkable
class HasOrderOptions(Protocol[StateIn]):
    """Optional: the legal orders of each of a power's units now, for order entry by lists.

    Derived from the game's own legality (every option is an order ``read_line`` and ``check``
    accept), in canonical text, keyed by the unit or place it belongs to.
    """

    def order_options(self, state: StateIn, power: str) -> dict[str, list[str]]:
        """Unit or place -> the canonical text of every legal order for it."""


@runtime_checkable
class HasOrderPlaces(Protocol):
    """Optional, with :class:`HasOrderOptions`: order entry by clicking the map for a game whose
    orders name their spaces in a notation of its own, where one place may give several orders
    (Battle Plan: ``@TU AT10BU``, ``@TU AC20GR``), or where orders name a place that is not
    theirs (Conquest of the World: ``ATTACK IND``). Without it the pages read the places of
    Diplomacy's notation and keep one order per unit.

    ``order_places`` gives the spaces one offered order names, its own place first ("" where
    the order has none), as the map's space codes; ``order_gloss`` what it does, in words, for
    a notation of codes (``@TU AC20BU``: conquer BU with 20 Army; "" where the text says it);
    ``order_key`` what a later order replaces: on the page a new order takes the place of an
    earlier one with the same key (Battle Plan, 12C: the same order but for its numbers;
    Conquest: one ATTACK a turn); ``map_help`` is the sentence the page shows above the map.
    """

    map_help: str

    def order_places(self, order: str) -> tuple[str, ...]:
        """The spaces the canonical order ``order`` names, its own place first."""

    def order_gloss(self, order: str) -> str:
        """What the canonical order ``order`` does, in a few words ("" where it says itself)."""

    def order_key(self, order: str) -> str:
        """Orders with the same key replace each other on the page (the last one stands)."""


@runtime_checkable
class HasOrderNumber(Protocol):
    """Optional, with :class:`HasOrderPlaces`: where the number the player may lower stands in
    an offered order, for a notation whose last number is not it (SPI WW2: ``PLACE GER 3
    1915``, the Strength Points, not the hex). Without it the page lowers the last number of
    the text (Battle Plan's ``@TU AT10BU``)."""

    def order_number(self, order: str) -> tuple[int, int] | None:
        """``(start, end)``: ``order[start:end]`` is its number, at most what it says; None
        where the order has no number to lower."""


@runtime_checkable
class HasOrderSteps(Protocol[StateIn]):
    """Optional: orders with too many legal forms to list (a 1939 III bomber's flight), built a
    step at a time by the pages.

    ``so_far`` is the order written so far (the unit alone to begin); the answer lists every
    choice for the next step, each ``{"space", "text", "land", "on"}``: ``text`` the order so far
    with that step, ``land`` whether it is a whole legal order, ``on`` whether it can still go
    on to one. Derived from the game's own legality. None: ``so_far`` is no such order of this
    power now.

    A choice may also say (SPI WW2's moves on a hex map): ``path``, the spaces it passes, its
    own first (the page draws it); ``note``, its cost or odds in a few words (shown beside it);
    ``number``, ``[start, end]`` of the number in ``text`` the player may lower (the page asks
    how many, blank: all); ``key``, what it replaces in the order box (as ``order_key``).
    """

    def order_steps(self, state: StateIn, power: str, so_far: str) -> list[dict[str, Any]] | None:
        """The choices for the next step of the order ``so_far``."""


@runtime_checkable
class HasDrawVotes(Protocol[StateIn]):
    """Optional: the game ends in a draw when every surviving power votes for it."""

    def survivors(self, state: StateIn) -> list[str]:
        """The powers still in the game, who vote on a draw."""


@runtime_checkable
class HasSecrets(Protocol[S]):
    """Optional: lets the conformance suite prove that views do not leak."""

    def vary_secrets(self, state: S, power: str, chance: Chance) -> S:
        """A state that differs from ``state`` only in facts secret to ``power``."""


@runtime_checkable
class HasForecast(Protocol[StateOut]):
    """Optional: forecasts from a player's own view (:mod:`umpire.core.forecast`).

    The forecast of a turn starts from what ``power`` sees and nothing else: the game builds a
    complete state from the view, and resolves orders against it without storing anything.
    """

    def forecast_state(self, view: View, power: str) -> StateOut:
        """A complete state built from ``power``'s view alone: what the view shows, exactly;
        what it hides, filled by the game's rule in docs/forecast.md; never reads anything but
        ``view``. Raises ValueError (a clear sentence) for a view it cannot read (a sandbox's
        position typed or encoded by hand)."""


@dataclass(frozen=True, slots=True)
class Drawer:
    """How a game draws its map, every function pure and given a view (a power's, the umpire's
    or the public's): ``draw(view, events)`` the SVG of the whole map; ``regions(view)`` the
    enlarged parts of a crowded map (each with ``name`` and ``title``), each drawn by
    ``draw(view, events, region=name)``; ``order_overlay(view, marks, power, region=None)`` the
    orders being given (:mod:`umpire.core.ordermarks` marks with their lines) over the map."""

    draw: Callable[..., str]
    regions: Callable[[Mapping[str, Any]], Sequence[Any]] | None = None
    order_overlay: Callable[..., str] | None = None


@dataclass(frozen=True, slots=True)
class Capabilities:
    """The optional parts of the contract one scenario's ruleset has, each as a field: the
    ruleset itself where it has that part, else None. The server and the session read these
    fields and nothing else (no looking a method up): see :meth:`Game.capabilities`."""

    newspaper: HasNewspaper[Any] | None = None
    warnings: HasWarnings[Any, Any] | None = None
    declared_end: HasDeclaredEnd | None = None
    public_view: HasPublicView[Any] | None = None
    printout_for_all: HasPrintoutForAll | None = None
    seating: HasSeating | None = None
    draw_votes: HasDrawVotes[Any] | None = None
    order_options: HasOrderOptions[Any] | None = None
    order_places: HasOrderPlaces | None = None
    order_number: HasOrderNumber | None = None
    order_steps: HasOrderSteps[Any] | None = None
    secrets: HasSecrets[Any] | None = None
    forecast: HasForecast[Any] | None = None

    @classmethod
    def of(cls, ruleset: object) -> Capabilities:
        """The parts of the contract ``ruleset`` gives, found once (at registration)."""
        return cls(
            newspaper=ruleset if implements(ruleset, HasNewspaper) else None,
            warnings=ruleset if implements(ruleset, HasWarnings) else None,
            declared_end=ruleset if implements(ruleset, HasDeclaredEnd) else None,
            public_view=ruleset if implements(ruleset, HasPublicView) else None,
            printout_for_all=ruleset if implements(ruleset, HasPrintoutForAll) else None,
            seating=ruleset if implements(ruleset, HasSeating) else None,
            draw_votes=ruleset if implements(ruleset, HasDrawVotes) else None,
            order_options=ruleset if implements(ruleset, HasOrderOptions) else None,
            order_places=ruleset if implements(ruleset, HasOrderPlaces) else None,
            order_number=ruleset if implements(ruleset, HasOrderNumber) else None,
            order_steps=ruleset if implements(ruleset, HasOrderSteps) else None,
            secrets=ruleset if implements(ruleset, HasSecrets) else None,
            forecast=ruleset if implements(ruleset, HasForecast) else None,
        )


@dataclass(frozen=True, slots=True)
class Game:
    """A game, as one typed record (godip's Variant): what a game package registers.

    ``info`` describes it; ``rulesets`` plays each scenario (a scenario whose rules differ is
    its own ruleset, sharing the base game's functions and data by import; scenarios that differ
    only in data may share one ruleset object); ``errors`` its problem codes; ``drawer`` how its
    map is drawn (None: no map); ``settings`` the game master's settings it takes, a pydantic
    model (:class:`umpire.core.settings.Settings`; None: the game judges them alone at
    ``new_game``), with ``scenario_settings`` for a scenario that takes others;
    ``interchanges`` the formats of other tools it is written in and read from
    (:class:`umpire.core.interchange.Interchange`, by name). Every optional
    part of a scenario's contract is a field of :meth:`capabilities`. The server reads this
    record and nothing else of a game: no module of a game is imported by name.
    """

    info: GameInfo
    rulesets: Mapping[str, AnyRuleset]
    errors: Catalogue | None = None  # the game's problem codes (its errors.py)
    drawer: Drawer | None = None
    settings: type[BaseModel] | None = None
    scenario_settings: Mapping[str, type[BaseModel]] = field(default_factory=dict)
    # Formats other tools read the game in, by name: umpire.core.interchange.Interchange
    # (typed Any here: that module plays games through the session, which reads this one)
    interchanges: Mapping[str, Any] = field(default_factory=dict)
    features: Mapping[str, Capabilities] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        found = {name: Capabilities.of(rules) for name, rules in self.rulesets.items()}
        object.__setattr__(self, "features", found)

    def ruleset(self, scenario: str | None = None) -> AnyRuleset:
        """The ruleset of ``scenario`` (None: the default scenario); KeyError names the known."""
        return self.rulesets[self.info.scenario(scenario).name]

    def capabilities(self, scenario: str | None = None) -> Capabilities:
        """The optional parts of the contract ``scenario`` (None: the default) has."""
        return self.features[self.info.scenario(scenario).name]

    def settings_for(self, scenario: str | None = None) -> type[BaseModel] | None:
        """The model of the settings ``scenario`` (None: the default) takes, if declared."""
        return self.scenario_settings.get(self.info.scenario(scenario).name, self.settings)

    def settings_models(self) -> list[type[BaseModel]]:
        """Every settings model the game declares, once each (for the API's schema)."""
        found = [self.settings, *self.scenario_settings.values()]
        return list(dict.fromkeys(m for m in found if m is not None))

    @classmethod
    def single(cls, ruleset: AnyRuleset, errors: Catalogue | None = None, **parts: Any) -> Game:
        """A game whose every scenario is played by one ruleset (``parts``: the record's other
        fields, ``drawer=``, ``settings=``)."""
        return cls(ruleset.info, {s.name: ruleset for s in ruleset.info.scenarios}, errors, **parts)


def implements(obj: object, protocol: type[P]) -> TypeIs[P]:
    """``isinstance(obj, protocol)`` for a runtime-checkable protocol: ``obj`` has each of the
    protocol's members, as such a check decides, with the members listed once per protocol.

    On Python 3.11 the check itself lists the protocol's members again on every call, walking
    its classes (about 0.1 ms for :class:`Ruleset`, paid on every order submission). The
    members are looked up on ``obj`` each time, so one given to an instance later counts.
    """
    kind: Any = protocol
    return all(hasattr(obj, name) for name in _members(kind))


@cache
def _members(protocol: Any) -> tuple[str, ...]:
    listed = getattr(protocol, "__protocol_attrs__", None)  # Python 3.12 on
    if listed is None:
        listed = getattr(typing, "_get_protocol_attrs")(protocol)  # noqa: B009 (3.11)
    return tuple(sorted(listed))
