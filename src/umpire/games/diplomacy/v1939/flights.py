"""A bomber's flight built step by step, for order entry by clicks and lists (issue 13).

A flight (D39 34-44) is a path of any spaces within range with at most one mission on it, so
its legal orders are far too many to list: the pages build one a step at a time instead. Given
the flight so far (``"B ven"``, ``"B ven - aus - cze [S A aus - cze]"``), :func:`next_steps`
gives every choice for the next space: fly into a neighbouring space, there or with a mission
(support a unit standing there or moving into it, D39 38; cut the support of the unit there,
``(N)``, D39 39; bomb the centre, ``(R)``, D39 40). Each choice says whether it is a whole
legal order as it stands (``land``: the bomber lands there) and whether the flight can still
go on to a legal order (``on``).

Nothing here decides legality: every candidate is put through the game's own parser (the
checks of ``legality.py`` and ``bombers.check_flight``), the ``land`` test on the choice
itself, the ``on`` test on the choice followed by the cheapest way on to a landing (to the
take-off space after a raid). Candidates come from the map (neighbours, costs) and the units
on it; a choice neither test accepts is not offered, so the steps offered are exactly those
on the way to some legal order, and every legal flight is reached by following its own path.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from typing import Any, Protocol

from umpire.core import submission
from umpire.core.problems import OrderError
from umpire.games.diplomacy.geography import Map, province_of
from umpire.games.diplomacy.model import MOVEMENT
from umpire.games.diplomacy.v1939.model import State1939
from umpire.games.diplomacy.v1939.notation import parse_order
from umpire.games.diplomacy.v1939.orders import RAID, Flight


class _Rules(Protocol):
    def read_line(self, state: Any, power: str, line: str, scope: dict[str, Any]) -> Any: ...
    def check(self, state: Any, power: str, orders: Any) -> Any: ...
    def format(self, order: Any) -> str: ...


def _step_cost(m: Map, province: str) -> float:
    return 1.5 if m.is_sea(province) else 1.0  # the costs of D39 34, for the search only


def _ways_to(m: Map, targets: set[str]) -> dict[str, tuple[float, str | None]]:
    """Per space: the cost of the cheapest way on to one of ``targets`` and the next space on
    it (None: already there). Entering a space costs what D39 34 says, so the search runs back
    from the targets."""
    best: dict[str, tuple[float, str | None]] = {t: (0.0, None) for t in targets}
    queue = [(0.0, t) for t in sorted(targets)]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > best[here][0]:
            continue
        for p in sorted(m.neighbours(here)):
            through = cost + _step_cost(m, here)
            if p not in best or through < best[p][0]:
                best[p] = (through, here)
                heapq.heappush(queue, (through, p))
    return best


def _onward(m: Map, ways: dict[str, tuple[float, str | None]], here: str) -> list[str]:
    """The cheapest way on from ``here`` (at least one step) to a target of ``ways``."""
    options = [(_step_cost(m, p) + ways[p][0], p) for p in sorted(m.neighbours(here)) if p in ways]
    if not options:
        return []
    path = [min(options)[1]]
    while (after := ways[path[-1]][1]) is not None:
        path.append(after)
    return path


def _missions(state: State1939, so_far: Flight | None, space: str) -> Iterator[str]:
    """The mission texts that might be flown in ``space`` (the game decides which may)."""
    if so_far is not None and so_far.mission:
        return  # D39 37: one mission a season
    for u in sorted(state.units):
        if u.province == space:
            yield f" [S {u.kind} {u.loc}]"
            yield " (N)"
        else:
            yield f" [S {u.kind} {u.loc} - {space}]"
    yield " (R)"


def _read(m: Map, text: str) -> Flight | None:
    """The flight written so far, or None for a bomber that has not moved (``"B ven"``)."""
    words = text.split()
    if len(words) == 2 and words[0].upper() == "B":
        return None
    order = parse_order(m, text)
    if not isinstance(order, Flight):
        raise ValueError(f"not a bomber's flight: {text!r}")
    return order


def next_steps(
    rules: _Rules, m: Map, state: State1939, power: str, so_far: str
) -> list[dict[str, Any]] | None:
    """Every choice for the next space of the flight ``so_far`` of one of ``power``'s bombers
    in a movement phase: ``{"space", "text", "land", "on"}`` per choice, ``text`` the flight
    with that step in canonical text (a whole order where ``land``). None where ``so_far`` is
    no flight of this power's bombers now (another unit, another phase)."""
    if state.phase != MOVEMENT:
        return None
    try:
        flight = _read(m, so_far.strip())
    except (OrderError, ValueError):
        return None
    start = flight.loc if flight is not None else province_of(so_far.split()[1].lower())
    if not any(b.power == power and b.province == start for b in state.bombers):
        return None
    here = flight.path[-1] if flight is not None else start
    head = f"B {start}" + "".join(f" - {p}" for p in flight.path) if flight else f"B {start}"
    if flight is not None and flight.mission:
        head = rules.format(flight)
    land = {p for p in m.provinces if not m.is_sea(p)}
    to_land, to_start = _ways_to(m, land), _ways_to(m, {start})
    raided = flight is not None and flight.mission == RAID

    def accepted(text: str) -> str | None:
        parsed = submission.read(rules, state, power, text)
        if parsed.problems or len(parsed.orders) != 1:
            return None
        return str(rules.format(parsed.orders[0][1]))

    out: list[dict[str, Any]] = []
    for space in sorted(m.neighbours(here)):
        for mission in ["", *_missions(state, flight, space)]:
            text = f"{head} - {space}{mission}"
            whole = accepted(text)
            ways = to_start if raided or mission == " (R)" else to_land
            rest = "".join(f" - {p}" for p in _onward(m, ways, space))
            longer = accepted(text + rest) if rest else None
            if longer is not None and longer.endswith(rest):
                text = longer[: len(longer) - len(rest)]  # the canonical text of the step
            elif whole is not None:
                text = whole
            if whole is not None or longer is not None:
                out.append(
                    {"space": space, "text": text, "land": whole is not None, "on": bool(longer)}
                )
    return out
