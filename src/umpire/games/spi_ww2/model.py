"""The state of a game of Multi-Player World War II, and its JSON form.

Units are Strength Points (SP) by nationality in each hex: combat, losses, break-down and
build-up are in Strength Points (8.5, 7.2), so a hex holds ``{nationality: SP}``. Beside the
map the state keeps the political facts the multi-player rules turn on: who is at war with
whom, which countries each player has invaded (19.12's hostile forces), who operates each
minor country (20.0-20.2), the standing permissions (supply, Britain, straits, transit), the
calendar and the phase. The state is never mutated: the turn builds a new one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

OBJECTIVES = -1  # the phase index of the 19.2 synthesis at the start of the game
DIPLOMACY = 0  # the Diplomacy Interphase (4.2 A)
# Player-Turn k (1..N) has two phases: 2k-1 its movement (placement, movement, transport),
# 2k its combat.


def player_turn(phase: int) -> int:
    """The Player-Turn (1..N) a phase belongs to (0 for the set-up and the Interphase)."""
    return (phase + 1) // 2 if phase > 0 else 0


def is_combat(phase: int) -> bool:
    return phase > 0 and phase % 2 == 0


@dataclass(frozen=True)
class Flags:
    """The facts of the game's course the rules turn on, one typed field each. Every field
    starts at its empty value, and the JSON form (:meth:`to_json`) holds only the fields set,
    by the names the records have always used."""

    russia_war: bool = False  # 10.73: Limited or Full War
    italy_active: bool = False  # 16.6, 6.53: Italy an active belligerent
    italy_surrendered: bool = False  # 16.64
    finland_violated: bool = False  # 16.41, 16.42: Finland invaded by a non-Axis force
    finland_attacked: bool = False  # 16.42
    russia_attacked: bool = False  # 16.31, 16.32: by the German Player
    balkans_attacked: bool = False  # 16.33: by the German Player
    sweden_halved: bool = False  # 12.1: the Swedish army eliminated by a non-German invader
    german_invaded_sweden: bool = False  # 12.1: "if they invade Sweden"
    us_triggers: tuple[str, ...] = ()  # 18.0: the German invasions already used (FRA, ...)
    us_trigger_now: tuple[str, ...] = ()  # 18.0: those of this Game-Turn, rolled for at its end
    garrison_short: tuple[str, ...] = ()  # 14.4: players who forfeit next Game-Turn's replacements
    spent: tuple[tuple[str, str, int], ...] = ()  # 6.53: (hex, nat, SP) turned back, idle
    us_aborted: int = 0  # 6.53, 10.83: US arrivals turned back this Player-Turn

    def to_json(self) -> dict[str, Any]:
        """The fields set, by name: lists for tuples, ``{"hex:nat": SP}`` for ``spent``."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if not value:
                continue
            if f.name == "spent":
                value = {f"{h}:{n}": sp for h, n, sp in value}
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Flags:
        """The flags of a record (:meth:`to_json`'s form); an unknown name is refused."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown flag(s): {', '.join(unknown)}")
        spent = []
        for key, sp in dict(data.get("spent", {})).items():
            hid, _, nat = str(key).partition(":")
            spent.append((hid, nat, int(sp)))
        return cls(
            **{
                name: bool(data.get(name, False))
                for name in known
                if isinstance(getattr(_EMPTY, name), bool)
            },
            us_triggers=tuple(data.get("us_triggers", ())),
            us_trigger_now=tuple(data.get("us_trigger_now", ())),
            garrison_short=tuple(data.get("garrison_short", ())),
            spent=tuple(spent),
            us_aborted=int(data.get("us_aborted", 0)),
        )


_EMPTY = Flags()


@dataclass(frozen=True)
class State:
    version: int  # 4, 5 or 6 players
    players: tuple[str, ...]  # the seated players (their codes: FRA, USSR, ...)
    game_turn: int  # 1 = 4/39
    phase: int  # OBJECTIVES, DIPLOMACY, or a Player-Turn's movement (2k-1) or combat (2k)
    over: bool = False
    variable_us_entry: bool = True  # 18.0 (optional rule; on by default, as 18.0 advises)
    last_game_turn: int = 0  # 0: the calendar's length (4.3); a setting may shorten the game
    units: Mapping[str, Mapping[str, int]] = field(default_factory=dict)  # hex -> nat -> SP
    control: Mapping[str, str] = field(default_factory=dict)  # hex -> player (19.13)
    wars: tuple[tuple[str, str], ...] = ()  # sorted pairs of players at war
    invaded: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # country -> players
    operators: Mapping[str, str] = field(default_factory=dict)  # minor -> operating player
    permits: tuple[tuple[str, str, str], ...] = ()  # (granter, grantee, right)
    peace_offers: tuple[tuple[str, str], ...] = ()
    lend_lease: Mapping[str, int] = field(default_factory=dict)  # 10.35 standing amount
    pools: Mapping[str, int] = field(default_factory=dict)  # nat -> SP waiting to be placed
    holding: Mapping[str, int] = field(default_factory=dict)  # US Reinforcement Holding Area
    transport: Mapping[str, int] = field(default_factory=dict)  # "GBR:naval" -> left this turn
    flags: Flags = Flags()  # the facts the rules turn on
    objectives: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # 19.2 (secret)
    us_entry: int = 0  # the Game-Turn the US enters (0: not yet determined)
    scores: Mapping[str, int] = field(default_factory=dict)  # once over


_FIELDS = frozenset(f.name for f in fields(State))


def but(state: State, **changes: Any) -> State:
    """A new State: ``state`` with ``changes``, ``state`` unchanged (``dataclasses.replace``
    without running ``__init__`` over every field again: a State has 23 fields, and a turn
    makes hundreds of small changes, one or two fields each). An unknown field is refused."""
    unknown = changes.keys() - _FIELDS
    if unknown:
        raise TypeError(f"State has no field(s) {', '.join(sorted(unknown))}")
    new = object.__new__(State)
    new.__dict__.update(state.__dict__, **changes)
    return new


def dump_state(state: State) -> dict[str, Any]:
    """The state as JSON data, its keys in the order of the fields. Every field is new data
    (what ``dataclasses.asdict`` made before, without its deep copy of the thousands of hex
    entries that are then made again, sorted, below)."""
    data = {n: None if n in _MADE_AGAIN else _plain(getattr(state, n)) for n in _NAMES}
    data["flags"] = state.flags.to_json()
    data["players"] = list(state.players)
    data["wars"] = [list(w) for w in state.wars]
    data["permits"] = [list(p) for p in state.permits]
    data["peace_offers"] = [list(p) for p in state.peace_offers]
    data["invaded"] = {k: list(v) for k, v in sorted(state.invaded.items())}
    data["units"] = {h: dict(sorted(u.items())) for h, u in sorted(state.units.items())}
    data["control"] = dict(sorted(state.control.items()))
    return data


_NAMES = tuple(f.name for f in fields(State))
_MADE_AGAIN = frozenset(
    ("flags", "players", "wars", "permits", "peace_offers", "invaded", "units", "control")
)


def _plain(value: Any) -> Any:
    """A copy of a field's value as ``asdict`` copies it: mappings and tuples made again, all
    the way down; a number, string or boolean as it is."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    return value


def load_state(data: Mapping[str, Any]) -> State:
    names = {f.name for f in fields(State)}
    d = {k: v for k, v in data.items() if k in names}
    d["players"] = tuple(d["players"])
    d["wars"] = tuple(tuple(w) for w in d.get("wars", ()))
    d["permits"] = tuple(tuple(p) for p in d.get("permits", ()))
    d["peace_offers"] = tuple(tuple(p) for p in d.get("peace_offers", ()))
    d["invaded"] = {k: tuple(v) for k, v in d.get("invaded", {}).items()}
    d["units"] = {h: dict(u) for h, u in d.get("units", {}).items()}
    d["flags"] = Flags.from_json(d.get("flags", {}))
    return State(**d)
