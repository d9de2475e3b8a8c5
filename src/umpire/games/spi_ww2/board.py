"""A working copy of the state for one step of the turn: the step reads and changes it,
then :meth:`Board.result` gives the new :class:`State` (:meth:`Board.freeze`: settled, as
the turn leaves it). The state a board starts from is never changed: each step of the turn
takes a State and returns a new one (:func:`on_board`), and no board outlives its step.

The copy is made on write: the board starts from the state's own mappings, a hex's units
are copied only when a step changes them, and the new State shares every hex nobody
touched with the old one.

It also carries the phase's events (each with its audience) and the one rule every step
shares: what happens when a player's units enter a hex (invasion, acts of war, control).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from umpire.core.events import Audience, Event
from umpire.games.spi_ww2 import politics
from umpire.games.spi_ww2.charts import Charts
from umpire.games.spi_ww2.model import State


class Board:
    def __init__(self, state: State, charts: Charts) -> None:
        self.base = state
        self.charts = charts
        self.map = charts.map
        # hex -> nat -> SP: the state's own mappings, until a step changes a hex (_own)
        self.units: dict[str, Mapping[str, int]] = dict(state.units)
        self._own: dict[str, dict[str, int]] = {}
        self.control: dict[str, str] = dict(state.control)
        self.wars = state.wars
        self.invaded: dict[str, tuple[str, ...]] = dict(state.invaded)
        self.operators: dict[str, str] = dict(state.operators)
        self.permits = state.permits
        self.peace_offers = state.peace_offers
        self.lend_lease: dict[str, int] = dict(state.lend_lease)
        self.pools: dict[str, int] = dict(state.pools)
        self.holding: dict[str, int] = dict(state.holding)
        self.transport: dict[str, int] = dict(state.transport)
        self.flags = state.flags
        self.objectives: dict[str, Mapping[str, str]] = dict(state.objectives)
        self.us_entry = state.us_entry
        self.events: list[Event] = []
        # this Player-Turn only: SP that moved (may not move again), rail used, SP and hexes
        # that attacked / were attacked, supply judged at the start of the Player-Turn
        self.moved: dict[tuple[str, str], int] = {}
        self.railed: dict[str, int] = {}
        self.attacked: dict[tuple[str, str], int] = {}
        for hid, nat, n in state.flags.spent:  # 6.53: aborted SP
            self.attacked[(hid, nat)] = n
        self.attacked_hexes: set[str] = set()
        # supply.in_supply's judgement per nationality, made once a Player-Turn
        self.supplied: dict[str, set[str]] = {}
        self._state: State | None = None
        self._state_key: tuple[int, int, int] = (0, 0, 0)

    # --- the state seen through the board ---
    @property
    def state(self) -> State:
        """The board as a State (the politics functions read States). It shares the board's
        dicts, so it is rebuilt only when a reassigned field (wars, permits, US entry) changes,
        or the flags (:meth:`set_flags`)."""
        key = (id(self.wars), id(self.permits), self.us_entry)
        if self._state is not None and self._state_key == key:
            return self._state
        self._state_key = key
        self._state = replace(
            self.base,
            units=self.units,
            control=self.control,
            wars=self.wars,
            invaded=self.invaded,
            operators=self.operators,
            permits=self.permits,
            flags=self.flags,
            us_entry=self.us_entry,
        )
        return self._state

    def result(self, **changes: Any) -> State:
        """The board's state as the step leaves it, with ``changes``, for the next step (not
        yet settled: :func:`settle`). It shares the hexes no step changed with the board's
        own state; the board copies a hex again before changing it after this."""
        counts = {
            "units": dict(self.units),
            "lend_lease": dict(self.lend_lease),
            "pools": dict(self.pools),
            "holding": dict(self.holding),
            "transport": dict(self.transport),
        }
        return self._made(counts, changes)

    def freeze(self, **changes: Any) -> State:
        """The new State as the turn leaves it (:func:`settle`), with ``changes``."""
        counts = _settled(self.units, self.lend_lease, self.pools, self.holding, self.transport)
        return self._made(counts, changes)

    def _made(self, counts: Mapping[str, Any], changes: Mapping[str, Any]) -> State:
        """One new State (one ``replace``: a State has many fields, and a turn makes few)."""
        self._own = {}
        return replace(
            self.base,
            control=dict(self.control),
            wars=self.wars,
            invaded=dict(self.invaded),
            operators=dict(self.operators),
            permits=self.permits,
            peace_offers=self.peace_offers,
            flags=self.flags,
            objectives=dict(self.objectives),
            us_entry=self.us_entry,
            **counts,
            **changes,
        )

    def set_flags(self, **changes: Any) -> None:
        """Set flags (:class:`Flags`' fields): a new Flags, the old one unchanged."""
        self.flags = replace(self.flags, **changes)
        self._state = None

    def say(self, kind: str, text: str, audience: Audience | None = None, **data: Any) -> None:
        self.events.append(said(kind, text, audience, **data))

    # --- units ---
    def sp(self, hid: str, nat: str) -> int:
        return self.units.get(hid, {}).get(nat, 0)

    def total(self, hid: str) -> int:
        return sum(self.units.get(hid, {}).values())

    def _mine(self, hid: str) -> dict[str, int]:
        """The board's own copy of ``hid``'s units, made on the first change."""
        here = self._own.get(hid)
        if here is None:
            here = self._own[hid] = dict(self.units.get(hid, {}))
            self.units[hid] = here
        return here

    def add(self, hid: str, nat: str, n: int) -> None:
        if n > 0:
            here = self._mine(hid)
            here[nat] = here.get(nat, 0) + n

    def remove(self, hid: str, nat: str, n: int) -> None:
        if hid not in self.units:
            return
        here = self._mine(hid)
        left = here.get(nat, 0) - n
        if left > 0:
            here[nat] = left
        else:
            here.pop(nat, None)
        if not here:
            self.units.pop(hid, None)
            self._own.pop(hid, None)

    def nats_at(self, hid: str) -> list[str]:
        return sorted(self.units.get(hid, {}))

    def player_of(self, nat: str) -> str:
        return politics.player_of(self.state, self.charts, nat)

    def hostile(self, a: str, b: str) -> bool:
        return politics.hostile(self.state, self.charts, a, b)

    def hostile_in(self, hid: str, nat: str) -> bool:
        """Does ``hid`` hold units hostile to ``nat``?"""
        return any(self.hostile(nat, o) for o in self.units.get(hid, {}))

    def zoc_of(self, hid: str, nat: str, ignore: str = "") -> bool:
        """Is ``hid`` in the zone of control of units hostile to ``nat`` (6.0; 16.41)?
        ``ignore``: a hex whose units' zone of control does not count."""
        for n in self.map.adjacent(hid):
            if n == ignore:
                continue
            for other in self.units.get(n, {}):
                if not self.hostile(nat, other):
                    continue
                # 16.41: Finnish ZOC does not extend across the border until violated
                if (
                    other == "FIN"
                    and not self.flags.finland_violated
                    and self.map.hexes[hid].country != "FIN"
                ):
                    continue
                return True
        return False

    def fought(self, player: str, nat: str) -> None:
        """19.12: combat with a country's units makes the player a hostile force there."""
        if nat in self.map.countries and player not in self.invaded.get(nat, ()):
            self.invaded[nat] = tuple(sorted({*self.invaded.get(nat, ()), player}))

    # --- entering a hex: invasion, war, control ---
    def may_enter_freely(self, player: str, hid: str) -> bool:
        """May ``player``'s units enter ``hid`` without invading anyone?"""
        country = self.map.hexes[hid].country
        if country is None:
            return False
        st = self.state
        if politics.dormant(st, self.charts, country):
            return False  # 12.0, 16.24, 20.0: a neutral nobody has invaded; its operator too
        if self.control.get(hid) == player:
            return True
        owner = politics.country_player(st, self.charts, country)
        if player in self.invaded.get(country, ()):
            return True  # already invaded by him
        holder = self.control.get(hid, "")
        if holder and holder != owner and politics.at_war(st, player, holder):
            return True  # an enemy's conquest
        if owner == player:
            return True
        if not owner:
            return False  # an unoperated minor (Persia)
        if politics.at_war(st, player, owner):
            return True
        # 16.24, 16.31: with the permission of the controlling player
        return politics.permitted(st, owner, player, "TRANSIT") and (
            not politics.is_minor(self.charts, country)
            or politics.pro_axis(self.charts, country)
            or politics.active_minor(st, country)
        )

    def enter(self, player: str, nat: str, hid: str) -> None:
        """``player``'s ``nat`` units enter ``hid``: invade if need be, take control."""
        country = self.map.hexes[hid].country
        assert country is not None
        if not self.may_enter_freely(player, hid) or self._at_war_with_owner(player, country):
            self.invade(player, nat, country)
        holder = self.control.get(hid, "")
        if holder != player and (
            not holder
            or politics.at_war(self.state, player, holder)
            or player in self.invaded.get(country, ())
        ):
            self.control[hid] = player  # 19.13: the last to enter or pass through

    def _at_war_with_owner(self, player: str, country: str) -> bool:
        owner = politics.country_player(self.state, self.charts, country)
        return bool(owner) and politics.at_war(self.state, player, owner)

    def invade(self, player: str, nat: str, country: str) -> None:
        """``player`` invades ``country`` (12.0, 16.14, 16.21): a hostile force there (19.12)."""
        if player in self.invaded.get(country, ()):
            return
        owner = politics.country_player(self.state, self.charts, country)
        self.invaded[country] = tuple(sorted({*self.invaded.get(country, ()), player}))
        name = self.map.countries[country]["name"]
        self.say("invasion", f"{player} invades {name}.", country=country, player=player)
        if politics.is_minor(self.charts, country) and self.map.owner(country) == "":
            self._invade_minor(player, nat, country, owner, name)
        elif owner and owner != player:
            self.declare_war(player, owner)
        if nat == "GER":
            self._german_invasion(country)

    def _invade_minor(self, player: str, nat: str, country: str, owner: str, name: str) -> None:
        """An unowned minor country invaded: war on a pro-Axis minor's player, a new
        operator (20.0), and the flags of Finland (16.41, 16.42) and Sweden (12.1)."""
        if politics.pro_axis(self.charts, country) and owner:
            self.declare_war(player, owner)
        elif country in self.operators:
            new = politics.operator_after_invasion(
                self.charts, self.base.version, country, player, self.operators[country]
            )
            if new and new != self.operators[country]:
                self.operators[country] = new
                case = "20.2" if self.base.version == 4 else "20.1" if country == "SWE" else "20.0"
                self.say("operations", f"{name} is now operated by {new} ({case}).")
        if country == "FIN" and nat not in ("GER", *self.charts.mp["minors"]["pro_axis"]):
            self.set_flags(finland_violated=True)  # 16.41, 16.42
        if country == "SWE" and player == self.player_of("GER"):
            self.set_flags(german_invaded_sweden=True)  # 12.1: "if they invade Sweden"

    def _german_invasion(self, country: str) -> None:
        """What a German invasion sets off: US entry (18.0), Balkans and Russia (16.31-16.33)."""
        if country in ("FRA", "GBR", "USSR"):
            self.trigger_us(country)
        if country in self.charts.mp["minors"]["balkans"]:
            self.set_flags(balkans_attacked=True)  # 16.31, 16.33
        if country == "USSR":
            self.set_flags(russia_attacked=True)  # 16.31, 16.32

    def trigger_us(self, country: str) -> None:
        """18.0: the Game-Turn Germany invades France, Britain or the USSR."""
        used = self.flags.us_triggers
        if country not in used:
            self.set_flags(
                us_triggers=(*used, country), us_trigger_now=(*self.flags.us_trigger_now, country)
            )

    def declare_war(self, p: str, q: str) -> None:
        if not p or not q or p == q or politics.at_war(self.state, p, q):
            return
        self.wars = politics.with_war(self.wars, p, q)
        self.say("war", f"{p} and {q} are at war.", players=[p, q])
        if "USSR" in (p, q):
            self.set_flags(russia_war=True)  # 10.73: Limited or Full War


def said(kind: str, text: str, audience: Audience | None = None, **data: Any) -> Event:
    """An event of the turn (public unless an audience is given)."""
    return Event(kind, audience or Audience.public(), text, data)


def settle(state: State, **changes: Any) -> State:
    """``state`` as a turn leaves it, with ``changes``: empty hexes and counts dropped, the
    map and the counts in order (the hexes' mappings shared, not copied)."""
    counts = _settled(state.units, state.lend_lease, state.pools, state.holding, state.transport)
    return replace(state, **counts, **changes)


def _settled(
    units: Mapping[str, Mapping[str, int]],
    lend_lease: Mapping[str, int],
    pools: Mapping[str, int],
    holding: Mapping[str, int],
    transport: Mapping[str, int],
) -> dict[str, Any]:
    """The counts of a State as a turn leaves them: no empty hex or count, in order."""
    return {
        "units": {h: u for h, u in sorted(units.items()) if u},
        "lend_lease": {k: v for k, v in lend_lease.items() if v},
        "pools": {k: v for k, v in sorted(pools.items()) if v},
        "holding": {k: v for k, v in sorted(holding.items()) if v},
        "transport": dict(sorted(transport.items())),
    }


def on_board(
    state: State, charts: Charts, step: Callable[[Board], object], **settled: Any
) -> tuple[State, list[Event]]:
    """One step of the turn that works on a board: ``state`` is read, never changed; the
    new State (:meth:`Board.result`) and the step's events are returned. With ``settled``
    changes, the step is the turn's last: the State is settled (:meth:`Board.freeze`)."""
    board = Board(state, charts)
    step(board)
    return board.freeze(**settled) if settled else board.result(), board.events
