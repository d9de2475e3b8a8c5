"""The state of a Battle Plan game: countries, seas and players, and its JSON form.

Forces in a country always belong to whoever holds it (its occupying player, or the minor
itself, BP 2A): supports return home after combat (4C.3) and player navies and AirForce leave
a country someone else occupies (13B), so a country never holds two players' forces. A sea may
hold the forces of several players (2D), kept per player.

Money is kept in cents and spies in hundredths so that the state stays exact JSON (14: "these
numbers may be fractional").

Every object of the state is frozen (issue 28): a change is a new object made by :func:`but`,
and the maps and lists they hold are never changed in place. The turn works on a
:class:`Draft`, new maps of countries, players and seas over the state it was given, into
which its steps put the objects they change; a country, player or sea nobody changed is the
same object from turn to turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from copy import deepcopy
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

MINOR = 0  # the "owner" number of a minor country (2A)
KINDS = ("I", "A", "N", "F", "M", "X")  # 4A: Industry, Army, Navy, AirForce, Missiles, AntiMissiles
MULTIPLIER_KINDS = ("I", "A", "N", "F", "M", "X", "S", "C")  # 5C, in printout order
STARTING_MULTIPLIERS = {"I": 20, "A": 100, "N": 100, "F": 100, "M": 50, "X": 50, "S": 20, "C": 20}
STARTING_CENTS = 100_00
STARTING_HPI = 100
STARTING_SPIES = 30_00  # ruling R-S2: the sample printout (Spies=28 after sending 3, training 1)
STARTING_COUNTERSPIES = 3_00  # ... and CounterSpies=2 after sending 1


@dataclass(frozen=True)
class Country:
    code: str
    owner: int  # occupying player's number, or MINOR
    army: int
    navy: int
    air: int  # unsuppressed AirForce
    missiles: int
    anti: int
    industry: int
    limit: int  # 12E
    taxbase: int  # permanent (5E)
    air_suppressed: int = 0  # 5F.4
    industry_suppressed: int = 0  # 5F.3
    taxbase_suppressed: int = 0  # 5F.1
    hpi: int = 0  # 3A, occupied countries only
    popularity: Mapping[int, int] = field(default_factory=dict)  # 3B, minors: player -> index
    fractions: Mapping[str, int] = field(default_factory=dict)  # 4B: saved hundredths per kind
    standing: Mapping[int, str] = field(default_factory=dict)  # 11: slot -> canonical order
    standing_by: int = MINOR  # 11: the player who gave the standing orders (they are his)
    taxbase_blockaded: int = 0  # 5F.1: of taxbase_suppressed, what the last blockade added
    spies: Mapping[int, int] = field(default_factory=dict)  # 6B: player -> spies there

    def __post_init__(self) -> None:
        _own_dict(self)

    # (the two below are read for every country in several steps of a turn: written without
    # min() and max(), whose calls cost more than the arithmetic)
    @property
    def usable_industry(self) -> int:
        # BP 12E: industry past the limit is suppressed; 5F.3: suppressed industry builds nothing
        industry, limit = self.industry, self.limit
        usable = (industry if industry < limit else limit) - self.industry_suppressed
        return usable if usable > 0 else 0

    @property
    def unsuppressed_taxbase(self) -> int:
        left = self.taxbase - self.taxbase_suppressed
        return left if left > 0 else 0

    def controller(self) -> int:
        """The player who gives orders here: the occupier, or the minor's controller (2A)."""
        if self.owner != MINOR:
            return self.owner
        return controller_of(self.popularity)

    def to_json(self) -> dict[str, Any]:
        return {
            "owner": self.owner,
            "army": self.army,
            "navy": self.navy,
            "air": self.air,
            "missiles": self.missiles,
            "anti": self.anti,
            "industry": self.industry,
            "limit": self.limit,
            "taxbase": self.taxbase,
            "air_suppressed": self.air_suppressed,
            "industry_suppressed": self.industry_suppressed,
            "taxbase_suppressed": self.taxbase_suppressed,
            "hpi": self.hpi,
            "popularity": {str(k): v for k, v in sorted(self.popularity.items())},
            "fractions": dict(sorted(self.fractions.items())),
            "standing": {str(k): v for k, v in sorted(self.standing.items())},
            "standing_by": self.standing_by,
            "taxbase_blockaded": self.taxbase_blockaded,
            "spies": {str(k): v for k, v in sorted(self.spies.items())},
        }

    @classmethod
    def from_json(cls, code: str, d: dict[str, Any]) -> Country:
        c = cls._from_json(code, d)
        if "standing_by" not in d and c.standing:
            return but(c, standing_by=c.controller())  # saved before the giver was recorded (11)
        return c

    @classmethod
    def _from_json(cls, code: str, d: dict[str, Any]) -> Country:
        return made(
            cls,
            code=code,
            owner=int(d["owner"]),
            army=int(d["army"]),
            navy=int(d["navy"]),
            air=int(d["air"]),
            missiles=int(d["missiles"]),
            anti=int(d["anti"]),
            industry=int(d["industry"]),
            limit=int(d["limit"]),
            taxbase=int(d["taxbase"]),
            air_suppressed=int(d["air_suppressed"]),
            industry_suppressed=int(d["industry_suppressed"]),
            taxbase_suppressed=int(d["taxbase_suppressed"]),
            hpi=int(d["hpi"]),
            popularity={int(k): int(v) for k, v in d["popularity"].items()},
            fractions={str(k): int(v) for k, v in d["fractions"].items()},
            standing={int(k): str(v) for k, v in d["standing"].items()},
            standing_by=int(d.get("standing_by", MINOR)),
            taxbase_blockaded=int(d.get("taxbase_blockaded", 0)),
            spies={int(k): int(v) for k, v in d["spies"].items()},
        )


def controller_of(popularity: Mapping[int, int]) -> int:
    """BP 2A: the single player with the highest positive popularity; ties or none: MINOR."""
    best, who = 0, MINOR
    for player, value in popularity.items():
        if value > best:
            best, who = value, player
        elif value == best and value > 0:
            who = MINOR
    return who


@dataclass(frozen=True, slots=True)
class Stack:
    """One player's Army, Navy and AirForce in a sea (2D). Immutable: a change is a new
    stack (:meth:`plus`, :meth:`with_unit`) put in a new :class:`Sea`."""

    army: int = 0
    navy: int = 0
    air: int = 0

    @property
    def empty(self) -> bool:
        return self.army <= 0 and self.navy <= 0 and self.air <= 0

    def get(self, unit: str) -> int:
        return self.army if unit == "A" else self.navy if unit == "N" else self.air

    def with_unit(self, unit: str, n: int) -> Stack:
        """The stack with ``n`` units of ``unit`` (Army, Navy or else AirForce)."""
        if unit == "A":
            return Stack(n, self.navy, self.air)
        if unit == "N":
            return Stack(self.army, n, self.air)
        return Stack(self.army, self.navy, n)

    def plus(self, unit: str, n: int) -> Stack:
        return self.with_unit(unit, self.get(unit) + n)


NO_FORCES = Stack()


@dataclass(frozen=True, slots=True)
class Sea:
    """A sea and the forces of each player in it (2D). Immutable: a step that changes a sea
    puts a new one in the state (:meth:`with_stack`, :meth:`pruned`); a sea nobody changed is
    the same object from turn to turn (issue 28). ``forces`` is never changed in place."""

    code: str
    forces: Mapping[int, Stack] = field(default_factory=dict)

    def stack(self, player: int) -> Stack:
        """The player's forces here (none: an empty stack)."""
        return self.forces.get(player, NO_FORCES)

    def with_stack(self, player: int, stack: Stack) -> Sea:
        """The sea with ``stack`` as the player's forces (a newcomer comes last, as in a dict)."""
        return Sea(self.code, {**self.forces, player: stack})

    def pruned(self) -> Sea:
        """Without the players who have no forces left (itself if there are none)."""
        if not any(s.empty for s in self.forces.values()):
            return self
        return Sea(self.code, {p: s for p, s in self.forces.items() if not s.empty})

    def in_order(self) -> Sea:
        """With the players in number order, as a trip through JSON gives them (itself if
        they are)."""
        players = list(self.forces)
        if players == sorted(players):
            return self
        return Sea(self.code, dict(sorted(self.forces.items())))

    def to_json(self) -> dict[str, Any]:
        return {str(p): [s.army, s.navy, s.air] for p, s in sorted(self.forces.items())}

    @classmethod
    def from_json(cls, code: str, d: dict[str, Any]) -> Sea:
        return cls(code, {int(p): Stack(int(v[0]), int(v[1]), int(v[2])) for p, v in d.items()})


@dataclass(frozen=True)
class Player:
    number: int  # the player number shown in brackets (14)
    power: str  # the country the player started with: the power's name
    cents: int = STARTING_CENTS  # 5A Dollars, in cents
    multipliers: Mapping[str, int] = field(default_factory=lambda: dict(STARTING_MULTIPLIERS))
    spies: int = STARTING_SPIES  # trained and not sent, in hundredths (6B)
    counterspies: int = STARTING_COUNTERSPIES  # in hundredths (6C)
    declared: Mapping[int, str] = field(default_factory=dict)  # 1B: player -> "A" or "E"
    permits: tuple[int, ...] = ()  # 7: players let through the strait
    shares: Mapping[int, str] = field(default_factory=dict)  # 6D: player -> "F" or "H"
    defaults: Mapping[str, int] = field(default_factory=dict)  # 10: kind -> proportion
    options: tuple[int, ...] = ()  # 8: user options switched on
    research: Mapping[str, int] = field(
        default_factory=dict
    )  # 5B: cents spent, effective next turn
    # WW Real Forces: the odds of his research per kind, in percent of the usual gain (absent:
    # 100; 0: that research never succeeds). Secret even from him ("You'll have to experiment")
    research_odds: Mapping[str, int] = field(default_factory=dict)
    last_turn_occupying: int = 0  # 1A: the last turn the player occupied a country
    # What the player saw during the turn just resolved, kept so that his view stays a
    # function of the state (14, ruling R-I5): the countries he occupied or controlled when
    # it began ("control the country last turn"), those of them he occupied (6D pH), and
    # the seas he had forces in before or during it or supported with Navy or AirForce.
    held_before: tuple[str, ...] = ()
    occupied_before: tuple[str, ...] = ()
    seas_seen: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _own_dict(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "power": self.power,
            "cents": self.cents,
            "multipliers": dict(self.multipliers),
            "spies": self.spies,
            "counterspies": self.counterspies,
            "declared": {str(k): v for k, v in sorted(self.declared.items())},
            "permits": sorted(self.permits),
            "shares": {str(k): v for k, v in sorted(self.shares.items())},
            "defaults": dict(sorted(self.defaults.items())),
            "options": sorted(self.options),
            "research": dict(sorted(self.research.items())),
            "last_turn_occupying": self.last_turn_occupying,
            "held_before": sorted(self.held_before),
            "occupied_before": sorted(self.occupied_before),
            "seas_seen": sorted(self.seas_seen),
        } | (
            {"research_odds": dict(sorted(self.research_odds.items()))}
            if self.research_odds
            else {}
        )

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Player:
        return made(
            cls,
            number=int(d["number"]),
            power=str(d["power"]),
            cents=int(d["cents"]),
            multipliers={str(k): int(v) for k, v in d["multipliers"].items()},
            spies=int(d["spies"]),
            counterspies=int(d["counterspies"]),
            declared={int(k): str(v) for k, v in d["declared"].items()},
            permits=tuple(int(p) for p in d["permits"]),
            shares={int(k): str(v) for k, v in d["shares"].items()},
            defaults={str(k): int(v) for k, v in d["defaults"].items()},
            options=tuple(int(o) for o in d["options"]),
            research={str(k): int(v) for k, v in d["research"].items()},
            research_odds={str(k): int(v) for k, v in d.get("research_odds", {}).items()},
            last_turn_occupying=int(d["last_turn_occupying"]),
            held_before=tuple(str(c) for c in d.get("held_before", ())),
            occupied_before=tuple(str(c) for c in d.get("occupied_before", ())),
            seas_seen=tuple(str(c) for c in d.get("seas_seen", ())),
        )


@dataclass(frozen=True)
class GameState:
    scenario: str
    turn: int  # the number of the turn to be resolved next (1-based)
    max_turns: int  # ruling R-END: 0, no limit (1A); else the game ends after so many turns
    players: Sequence[Player]  # a tuple (a draft's state: the draft's list)
    countries: Mapping[str, Country]
    seas: Mapping[str, Sea]
    due: str = ""  # 14: the due date of the next turn, as the server or game master gave it
    # WW variants' own public record (the turn-one list of players, ...); saved only when set
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        _own_dict(self)

    # -- who is who -------------------------------------------------------------------------

    def player(self, number: int) -> Player:
        return self.players[number - 1]

    def number_of(self, power: str) -> int:
        for p in self.players:
            if p.power == power:
                return p.number
        raise KeyError(power)

    def enemies(self, a: int, b: int) -> bool:
        """BP 1B: enemies if EITHER has declared the other an enemy (minors have no lists)."""
        if MINOR in (a, b) or a == b:
            return False
        players = self.players  # player(n) inlined: this runs for every pair the turn looks at
        return players[a - 1].declared.get(b) == "E" or players[b - 1].declared.get(a) == "E"

    def cross_allies(self, a: int, b: int) -> bool:
        """BP 1B: cross allies if EACH has declared the other an ally."""
        if a == b:
            return True
        if a == MINOR or b == MINOR:
            return False
        players = self.players
        return players[a - 1].declared.get(b) == "A" and players[b - 1].declared.get(a) == "A"

    def occupied_by(self, number: int) -> list[str]:
        return [c for c, k in self.countries.items() if k.owner == number]

    def alive(self) -> list[int]:
        """Players who still occupy a country (1A)."""
        owners = {k.owner for k in self.countries.values()}
        return [p.number for p in self.players if p.number in owners]

    # -- JSON -------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "turn": self.turn,
            "max_turns": self.max_turns,
            "players": [p.to_json() for p in self.players],
            "countries": {c: k.to_json() for c, k in self.countries.items()},
            "seas": {c: s.to_json() for c, s in self.seas.items()},
            "due": self.due,
        } | ({"extra": self.extra} if self.extra else {})

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> GameState:
        state = cls(
            scenario=str(d["scenario"]),
            turn=int(d["turn"]),
            max_turns=int(d["max_turns"]),
            players=tuple(Player.from_json(p) for p in d["players"]),
            countries={c: Country.from_json(c, k) for c, k in d["countries"].items()},
            seas={c: Sea.from_json(c, s) for c, s in d["seas"].items()},
            due=str(d.get("due", "")),
            extra=deepcopy(d.get("extra", {})),
        )
        if all("seas_seen" in raw for raw in d["players"]):
            return state
        # a state saved before the seas seen were recorded: the seas he has forces in
        players = tuple(
            p
            if "seas_seen" in raw
            else but(
                p,
                seas_seen=tuple(
                    sorted(c for c, sea in state.seas.items() if p.number in sea.forces)
                ),
            )
            for p, raw in zip(state.players, d["players"], strict=True)
        )
        return but(state, players=players)

    # -- changes ----------------------------------------------------------------------------

    def with_countries(self, changed: Mapping[str, Country]) -> GameState:
        """The state with the ``changed`` countries (by code) in place of its own; every other
        country is shared."""
        if not changed:
            return self
        return but(self, countries={**self.countries, **changed})

    def with_players(self, changed: Mapping[int, Player]) -> GameState:
        """The state with the ``changed`` players (by number) in place of its own."""
        if not changed:
            return self
        return but(self, players=tuple(changed.get(p.number, p) for p in self.players))


Frozen = TypeVar("Frozen", Country, Player, GameState)
_FIELD_COUNT: dict[type, int] = {cls: len(fields(cls)) for cls in (Country, Player, GameState)}
_new = object.__new__
_set = object.__setattr__
# each class's own setter of ``__dict__`` (called directly: cheaper than object.__setattr__)
_SET_DICT = {cls: vars(cls)["__dict__"].__set__ for cls in (Country, Player, GameState)}


def _own_dict(obj: Country | Player | GameState) -> None:
    """Give an object made by ``__init__`` a dict of its own, as :func:`but` and
    :func:`made` give theirs: CPython reads attributes fastest when every object of a class
    holds them the same way."""
    _set(obj, "__dict__", dict(obj.__dict__))


def made(cls: type[Frozen], **values: Any) -> Frozen:
    """A new ``cls`` of ``values``, every field given in the order of the class (loading a
    state: faster than the frozen ``__init__``, which sets each field through
    ``object.__setattr__``)."""
    if len(values) != _FIELD_COUNT[cls]:
        raise TypeError(f"{cls.__name__} needs every field, given {', '.join(values)}")
    new = _new(cls)
    _SET_DICT[cls](new, values)
    return new


def but(obj: Frozen, **changes: Any) -> Frozen:
    """A new ``obj`` with ``changes``, ``obj`` unchanged: ``dataclasses.replace`` without
    running ``__init__`` over every field again (a country has 20 fields, and the frozen
    ``__init__`` sets each through ``object.__setattr__``). An unknown field is refused.

    The new object gets a dict of its own (not one shared with ``obj``): CPython reads the
    attributes of an object whose dict was assigned whole about as fast as those of one made
    by ``__init__``, and far faster than those of one whose dict was updated in place."""
    values = {**obj.__dict__, **changes}
    cls = type(obj)
    if len(values) != _FIELD_COUNT[cls]:
        unknown = sorted(values.keys() - {f.name for f in fields(cls)})
        raise TypeError(f"{cls.__name__} has no field(s) {', '.join(unknown)}")
    new = _new(cls)
    _SET_DICT[cls](new, values)
    return new


def changed(obj: Frozen, changes: Mapping[str, Any]) -> Frozen:
    """:func:`but` with the changes in a mapping a step gathered (a call with ``**changes``
    would unpack it and pack it again)."""
    values = {**obj.__dict__, **changes}
    cls = type(obj)
    if len(values) != _FIELD_COUNT[cls]:
        unknown = sorted(values.keys() - {f.name for f in fields(cls)})
        raise TypeError(f"{cls.__name__} has no field(s) {', '.join(unknown)}")
    new = _new(cls)
    _SET_DICT[cls](new, values)
    return new


def with_key(mapping: Mapping[Any, Any], key: Any, value: Any) -> dict[Any, Any]:
    """A new dict: ``mapping`` with ``key`` set to ``value`` (a new key comes last, as an
    assignment to a dict puts it)."""
    return {**mapping, key: value}


def without_key(mapping: Mapping[Any, Any], key: Any) -> Mapping[Any, Any]:
    """``mapping`` without ``key`` (itself if the key is absent)."""
    if key not in mapping:
        return mapping
    return {k: v for k, v in mapping.items() if k != key}


class Draft:
    """The turn's working state (issue 28): new maps of countries and seas and a new list of
    players over a frozen state, into which each step puts the objects it changes (each made
    once by :func:`but`); an object no step changed is the one the turn was given, and the
    given state is never changed. ``state`` reads through the draft (it holds the same maps);
    :meth:`done` is the new state."""

    __slots__ = ("countries", "extra", "players", "seas", "state")

    def __init__(self, state: GameState) -> None:
        self.countries: dict[str, Country] = dict(state.countries)
        self.players: list[Player] = list(state.players)
        # BP 2D: each sea's players in number order, as a trip through JSON gives them (a
        # newcomer during the turn comes last); a sea already in order is itself
        self.seas: dict[str, Sea] = {c: s.in_order() for c, s in state.seas.items()}
        self.extra: dict[str, Any] = dict(state.extra)
        self.state = but(
            state,
            countries=self.countries,
            players=self.players,
            seas=self.seas,
            extra=self.extra,
        )

    def player(self, number: int) -> Player:
        return self.players[number - 1]

    def set_player(self, player: Player) -> None:
        self.players[player.number - 1] = player

    def set_country(self, country: Country) -> None:
        self.countries[country.code] = country

    def done(self, **changes: Any) -> GameState:
        """The new state: the draft's maps (no one changes them after) and ``changes``."""
        return but(self.state, players=tuple(self.players), **changes)
