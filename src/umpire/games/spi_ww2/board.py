"""The state of one step of the turn, read-only: :class:`Board` is frozen. It holds the
:class:`State` as the step's earlier changes left it, the Player-Turn's own marks (SP that
moved or attacked, rail used, supply judged) and the events said so far. Every change
returns a new Board and leaves the old one as it was; :func:`on_board` runs a step from a
State and returns the new State and the step's events.

A change copies only what it changes: the new State shares every hex (and every mapping)
nobody touched with the old one.

It also carries the one rule every step shares: what happens when a player's units enter a
hex (invasion, acts of war, control).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from umpire.core.events import Audience, Event
from umpire.games.spi_ww2 import model, politics
from umpire.games.spi_ww2.charts import Charts
from umpire.games.spi_ww2.geography import Map
from umpire.games.spi_ww2.model import State


@dataclass(frozen=True, slots=True)
class Board:
    state: State
    charts: Charts
    map: Map
    # this Player-Turn only: SP that moved (may not move again), rail used, SP and hexes that
    # attacked / were attacked, supply judged per nationality (once a Player-Turn)
    moved: Mapping[tuple[str, str], int] = field(default_factory=dict)
    railed: Mapping[str, int] = field(default_factory=dict)
    attacked: Mapping[tuple[str, str], int] = field(default_factory=dict)
    attacked_hexes: frozenset[str] = frozenset()
    supplied: Mapping[str, frozenset[str]] = field(default_factory=dict)
    events: tuple[Event, ...] = ()

    @classmethod
    def of(cls, state: State, charts: Charts) -> Board:
        """The board a step starts from: 6.53's aborted SP count as having attacked."""
        attacked = {(hid, nat): n for hid, nat, n in state.flags.spent}
        return cls(state, charts, charts.map, attacked=attacked)

    # --- changes: each a new Board ---
    def but(self, **changes: Any) -> Board:
        """The board with ``changes`` to its State."""
        return self._with(model.but(self.state, **changes), self.events)

    def _with(self, state: State, events: tuple[Event, ...]) -> Board:
        """This board with another State and events, the Player-Turn's marks shared (built
        field by field: the commonest change, cheaper than ``replace``)."""
        return Board(
            state,
            self.charts,
            self.map,
            self.moved,
            self.railed,
            self.attacked,
            self.attacked_hexes,
            self.supplied,
            events,
        )

    def count(self, name: str, key: str, n: int) -> Board:
        """``n`` more (or fewer) in the State's count ``name`` (pools, holding, transport,
        Lend-Lease) at ``key``."""
        counts: Mapping[str, int] = getattr(self.state, name)
        return self.but(**{name: {**counts, key: counts.get(key, 0) + n}})

    def drop(self, name: str, key: str) -> tuple[Board, int]:
        """The State's count ``name`` without ``key``, and what it held there."""
        counts: Mapping[str, int] = getattr(self.state, name)
        if key not in counts:
            return self, 0
        return self.but(**{name: {k: v for k, v in counts.items() if k != key}}), counts[key]

    def set_flags(self, **changes: Any) -> Board:
        """The board with new flags (:class:`Flags`' fields)."""
        return self.but(flags=replace(self.state.flags, **changes))

    def marked(self, **changes: Any) -> Board:
        """The board with new Player-Turn marks (moved, railed, attacked, ...)."""
        return replace(self, **changes)

    def say(self, kind: str, text: str, audience: Audience | None = None, **data: Any) -> Board:
        return self._with(self.state, (*self.events, said(kind, text, audience, **data)))

    # --- units ---
    def sp(self, hid: str, nat: str) -> int:
        return self.state.units.get(hid, {}).get(nat, 0)

    def total(self, hid: str) -> int:
        return sum(self.state.units.get(hid, {}).values())

    def add(self, hid: str, nat: str, n: int) -> Board:
        return self.shift(nat, n, to=hid)

    def remove(self, hid: str, nat: str, n: int) -> Board:
        return self.shift(nat, n, frm=hid)

    def shift(self, nat: str, n: int, frm: str = "", to: str = "") -> Board:
        """``n`` of ``nat``'s SP taken from ``frm`` and put in ``to`` (either may be ""), in
        one change: a hex left empty is dropped."""
        units = self.state.units
        taken = bool(frm) and frm in units
        if not taken and (not to or n <= 0):
            return self
        new = dict(units)
        if taken:
            here = dict(units[frm])
            left = here.get(nat, 0) - n
            if left > 0:
                here[nat] = left
            else:
                here.pop(nat, None)
            if here:
                new[frm] = here
            else:
                del new[frm]
        if to and n > 0:
            there = new.get(to, {})
            new[to] = {**there, nat: there.get(nat, 0) + n}
        return self.but(units=new)

    def nats_at(self, hid: str) -> list[str]:
        return sorted(self.state.units.get(hid, {}))

    def player_of(self, nat: str) -> str:
        return politics.player_of(self.state, self.charts, nat)

    def hostile(self, a: str, b: str) -> bool:
        return politics.hostile(self.state, self.charts, a, b)

    def hostile_in(self, hid: str, nat: str) -> bool:
        """Does ``hid`` hold units hostile to ``nat``?"""
        return any(self.hostile(nat, o) for o in self.state.units.get(hid, {}))

    def zoc_of(self, hid: str, nat: str, ignore: str = "") -> bool:
        """Is ``hid`` in the zone of control of units hostile to ``nat`` (6.0; 16.41)?
        ``ignore``: a hex whose units' zone of control does not count."""
        units = self.state.units
        for n in self.map.adjacent(hid):
            if n == ignore:
                continue
            for other in units.get(n, {}):
                if not self.hostile(nat, other):
                    continue
                # 16.41: Finnish ZOC does not extend across the border until violated
                if (
                    other == "FIN"
                    and not self.state.flags.finland_violated
                    and self.map.hexes[hid].country != "FIN"
                ):
                    continue
                return True
        return False

    def fought(self, player: str, nat: str) -> Board:
        """19.12: combat with a country's units makes the player a hostile force there."""
        invaded = self.state.invaded
        if nat in self.map.countries and player not in invaded.get(nat, ()):
            return self.but(invaded=_with_invader(invaded, nat, player))
        return self

    # --- entering a hex: invasion, war, control ---
    def may_enter_freely(self, player: str, hid: str) -> bool:
        """May ``player``'s units enter ``hid`` without invading anyone?"""
        country = self.map.hexes[hid].country
        if country is None:
            return False
        st = self.state
        if politics.dormant(st, self.charts, country):
            return False  # 12.0, 16.24, 20.0: a neutral nobody has invaded; its operator too
        if st.control.get(hid) == player:
            return True
        owner = politics.country_player(st, self.charts, country)
        if player in st.invaded.get(country, ()):
            return True  # already invaded by him
        holder = st.control.get(hid, "")
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

    def enter(self, player: str, nat: str, hid: str) -> Board:
        """``player``'s ``nat`` units enter ``hid``: invade if need be, take control."""
        country = self.map.hexes[hid].country
        assert country is not None
        board = self
        if not self.may_enter_freely(player, hid) or self._at_war_with_owner(player, country):
            board = board.invade(player, nat, country)
        st = board.state
        holder = st.control.get(hid, "")
        if holder != player and (
            not holder
            or politics.at_war(st, player, holder)
            or player in st.invaded.get(country, ())
        ):
            board = board.but(control={**st.control, hid: player})  # 19.13: the last to enter
        return board

    def _at_war_with_owner(self, player: str, country: str) -> bool:
        owner = politics.country_player(self.state, self.charts, country)
        return bool(owner) and politics.at_war(self.state, player, owner)

    def invade(self, player: str, nat: str, country: str) -> Board:
        """``player`` invades ``country`` (12.0, 16.14, 16.21): a hostile force there (19.12)."""
        invaded = self.state.invaded
        if player in invaded.get(country, ()):
            return self
        owner = politics.country_player(self.state, self.charts, country)
        name = self.map.countries[country]["name"]
        board = self.but(invaded=_with_invader(invaded, country, player)).say(
            "invasion", f"{player} invades {name}.", country=country, player=player
        )
        if politics.is_minor(self.charts, country) and self.map.owner(country) == "":
            board = board._invade_minor(player, nat, country, owner, name)
        elif owner and owner != player:
            board = board.declare_war(player, owner)
        if nat == "GER":
            board = board._german_invasion(country)
        return board

    def _invade_minor(self, player: str, nat: str, country: str, owner: str, name: str) -> Board:
        """An unowned minor country invaded: war on a pro-Axis minor's player, a new
        operator (20.0), and the flags of Finland (16.41, 16.42) and Sweden (12.1)."""
        board = self
        operators = self.state.operators
        version = self.state.version
        if politics.pro_axis(self.charts, country) and owner:
            board = board.declare_war(player, owner)
        elif country in operators:
            new = politics.operator_after_invasion(
                self.charts, version, country, player, operators[country]
            )
            if new and new != operators[country]:
                case = "20.2" if version == 4 else "20.1" if country == "SWE" else "20.0"
                board = board.but(operators={**operators, country: new}).say(
                    "operations", f"{name} is now operated by {new} ({case})."
                )
        if country == "FIN" and nat not in ("GER", *self.charts.mp["minors"]["pro_axis"]):
            board = board.set_flags(finland_violated=True)  # 16.41, 16.42
        if country == "SWE" and player == board.player_of("GER"):
            board = board.set_flags(german_invaded_sweden=True)  # 12.1: "if they invade Sweden"
        return board

    def _german_invasion(self, country: str) -> Board:
        """What a German invasion sets off: US entry (18.0), Balkans and Russia (16.31-16.33)."""
        board = self
        if country in ("FRA", "GBR", "USSR"):
            board = board.trigger_us(country)
        if country in self.charts.mp["minors"]["balkans"]:
            board = board.set_flags(balkans_attacked=True)  # 16.31, 16.33
        if country == "USSR":
            board = board.set_flags(russia_attacked=True)  # 16.31, 16.32
        return board

    def trigger_us(self, country: str) -> Board:
        """18.0: the Game-Turn Germany invades France, Britain or the USSR."""
        flags = self.state.flags
        if country in flags.us_triggers:
            return self
        return self.set_flags(
            us_triggers=(*flags.us_triggers, country),
            us_trigger_now=(*flags.us_trigger_now, country),
        )

    def declare_war(self, p: str, q: str) -> Board:
        if not p or not q or p == q or politics.at_war(self.state, p, q):
            return self
        board = self.but(wars=politics.with_war(self.state.wars, p, q))
        board = board.say("war", f"{p} and {q} are at war.", players=[p, q])
        if "USSR" in (p, q):
            board = board.set_flags(russia_war=True)  # 10.73: Limited or Full War
        return board


def _with_invader(
    invaded: Mapping[str, tuple[str, ...]], country: str, player: str
) -> dict[str, tuple[str, ...]]:
    return {**invaded, country: tuple(sorted({*invaded.get(country, ()), player}))}


def said(kind: str, text: str, audience: Audience | None = None, **data: Any) -> Event:
    """An event of the turn (public unless an audience is given)."""
    return Event(kind, audience or Audience.public(), text, data)


def settle(state: State, **changes: Any) -> State:
    """``state`` as a turn leaves it, with ``changes``: empty hexes and counts dropped, the
    map and the counts in order (the hexes' mappings shared, not copied)."""
    return replace(
        state,
        units={h: u for h, u in sorted(state.units.items()) if u},
        lend_lease={k: v for k, v in state.lend_lease.items() if v},
        pools={k: v for k, v in sorted(state.pools.items()) if v},
        holding={k: v for k, v in sorted(state.holding.items()) if v},
        transport=dict(sorted(state.transport.items())),
        **changes,
    )


def on_board(
    state: State, charts: Charts, step: Callable[[Board], Board], **settled: Any
) -> tuple[State, list[Event]]:
    """One step of the turn that works on a board: ``state`` is read, never changed; the
    new State and the step's events are returned. With ``settled`` changes, the step is the
    turn's last: the State is settled (:func:`settle`)."""
    board = step(Board.of(state, charts))
    return settle(board.state, **settled) if settled else board.state, list(board.events)
