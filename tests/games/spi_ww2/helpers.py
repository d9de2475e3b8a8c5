"""Building positions for the Multi-Player World War II tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from umpire.core import submission
from umpire.core.chance import ScriptedChance, SeededChance
from umpire.core.events import Event
from umpire.games.spi_ww2.board import Board
from umpire.games.spi_ww2.charts import load
from umpire.games.spi_ww2.game import RULESET
from umpire.games.spi_ww2.model import State

CHARTS = load()
MAP = CHARTS.map


def hx(name: str) -> str:
    hid = MAP.find(name)
    assert hid is not None, name
    return hid


def start(version: int = 6, **settings: Any) -> State:
    return RULESET.new_game(
        f"{version}-player", CHARTS.players(version), SeededChance(0, "t"), settings
    )


def phase_of(state: State, player: str, step: str = "movement") -> State:
    """The state at ``player``'s movement (or combat) phase of the current Game-Turn."""
    order = [t[0] for t in CHARTS.order(state.version)]
    k = order.index(player) + 1
    return replace(state, phase=2 * k - 1 if step == "movement" else 2 * k)


def with_units(state: State, units: Mapping[str, Mapping[str, int]], keep: bool = False) -> State:
    base = {h: dict(u) for h, u in state.units.items()} if keep else {}
    for h, u in units.items():
        base.setdefault(h, {}).update(u)
    return replace(state, units=base)


def with_(state: State, **changes: Any) -> State:
    return replace(state, **changes)


def controlled(state: State, hexes: Iterable[str], player: str) -> State:
    control = dict(state.control)
    control.update({h: player for h in hexes})
    return replace(state, control=control)


def codes(state: State, power: str, text: str) -> list[str]:
    return [p.code for p in submission.parse(RULESET, state, power, text).problems]


def messages(state: State, power: str, text: str) -> list[str]:
    return [p.message for p in submission.parse(RULESET, state, power, text).problems]


def play(
    state: State, power: str, text: str, rolls: Sequence[int] = (6,) * 30
) -> tuple[State, list[Event]]:
    """Resolve ``power``'s orders (which must all be accepted) with scripted dice (default:
    sixes, which never bring the US in)."""
    parsed = submission.parse(RULESET, state, power, text)
    assert parsed.problems == [], parsed.problems
    chance = ScriptedChance(rolls)
    res = RULESET.resolve(state, {power: [o for _, o in parsed.orders]}, chance)
    return res.state, list(res.events)


def texts(events: Sequence[Event]) -> str:
    return "\n".join(e.text for e in events)


def board(state: State) -> Board:
    return Board.of(state, CHARTS)


def land_neighbours(hid: str, country: str | None = None) -> list[str]:
    return [
        n
        for n in MAP.adjacent(hid)
        if MAP.passable(n) and (country is None or MAP.hexes[n].country == country)
    ]
