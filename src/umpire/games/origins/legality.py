"""Legality of a submission against the state (the second step after notation): the
``check`` of core's submission pipeline.

"Invalid is not understood; illegal is understood but not allowed." The notation module
raises ``syntax/`` and ``order/`` problems for a line; this module checks each understood
order against the map and the rest of the submission and returns ``illegal/`` problems.
What can only be known during the turn (other players' placements, the result of earlier
attacks) is checked again when the turn is resolved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from umpire.core.errors import Code
from umpire.core.problems import Parsed, Problem
from umpire.games.origins import errors as E
from umpire.games.origins.charts import Charts
from umpire.games.origins.economy import pool
from umpire.games.origins.markers import may_control, may_understand
from umpire.games.origins.model import Box, State
from umpire.games.origins.notation import format_order
from umpire.games.origins.orders import (
    Attack,
    Control,
    Move,
    Order,
    Place,
    Spy,
    SpyHome,
    Understanding,
)

Lines = Sequence[tuple[int, Order]]  # (line, order)


def check_submission(state: State, power: str, numbered: Lines, charts: Charts) -> Parsed[Order]:
    """The legal orders of ``numbered`` (in line order) and a problem for each illegal one."""
    accepted, problems = check(state, power, numbered, charts)
    return Parsed(accepted, problems)


Refusal = tuple[Code, dict[str, object]]  # why an order is refused: its code and fields
Numbered = tuple[int, Order, str]  # (line, order, canonical text)
Claim = Attack | Understanding | Control


@dataclass(frozen=True)
class Spent:
    """What the orders kept so far use up: PFs placed, PFs moved from home, spy missions."""

    placed: int = 0
    moved: int = 0
    missions: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Claimed:
    """The areas already attacked (OWW 4.3) and already given a marker order."""

    attacked: frozenset[str] = frozenset()
    marked: frozenset[str] = frozenset()


def check(
    state: State, power: str, numbered: Lines, charts: Charts
) -> tuple[list[tuple[int, Order]], list[Problem]]:
    """The legal orders of ``numbered`` and a Problem for each illegal one; a problem's
    message ends with the order's canonical text, quoted."""
    lines = [(number, order, format_order(order)) for number, order in numbered]
    if state.turn > charts.turns:
        return [], [_problem(number, raw, (E.GAME_OVER, {})) for number, _, raw in lines]
    available = pool(state, power, charts).total
    home_pfs = state.box(power, power).pfs
    accepted, problems, later = _check_allowances(state, power, lines, available, home_pfs)
    kept, refused = _check_claims(state, power, later, available, home_pfs, charts)
    accepted += kept
    problems += refused
    accepted.sort(key=lambda item: item[0])
    problems.sort(key=lambda p: p.line)
    return accepted, problems


def _problem(number: int, raw: str, refusal: Refusal) -> Problem:
    code, fields = refusal
    return Problem(number, code.code, f"{code.message(**fields)}: {raw!r}", raw)


def _check_allowances(
    state: State, power: str, lines: Sequence[Numbered], available: int, home_pfs: int
) -> tuple[list[tuple[int, Order]], list[Problem], list[tuple[int, Claim, str]]]:
    """First pass, in line order: Control-marked areas (OWW 1.6, 3.5), placements against the
    turn's PFs, moves against the home PFs, spy missions (OWW 6.1). Returns the orders kept,
    the problems, and the attacks and marker orders left for the second pass."""
    accepted: list[tuple[int, Order]] = []
    problems: list[Problem] = []
    later: list[tuple[int, Claim, str]] = []
    spent = Spent()
    for number, order, raw in lines:
        refusal = _marked_refusal(state, power, order)
        if refusal is None and isinstance(order, Attack | Understanding | Control):
            later.append((number, order, raw))
            continue
        if refusal is None:
            refusal = _allowance_refusal(order, power, available, home_pfs, spent)
        if refusal is not None:
            problems.append(_problem(number, raw, refusal))
            continue
        spent = _spend(order, spent)
        accepted.append((number, order))
    return accepted, problems, later


def _marked_refusal(state: State, power: str, order: Order) -> Refusal | None:
    """OWW 1.6, 3.5: nothing more happens in a Control-marked area."""
    area = getattr(order, "area", power)
    if isinstance(order, Place | Move | Attack | Understanding | Control) and (
        state.control_marked(area)
    ):
        return E.CONTROL_MARKED, {"area": area}
    return None


def _allowance_refusal(
    order: Order, power: str, available: int, home_pfs: int, spent: Spent
) -> Refusal | None:
    """A placement, move or spy mission against what the earlier orders have used."""
    if isinstance(order, Place):
        if spent.placed + order.amount > available:
            return E.TOO_MANY_PFS, {"power": power, "available": available, "placed": spent.placed}
    elif isinstance(order, Move):
        if order.area == power:
            return E.MOVE_HOME, {}
        if spent.moved + order.amount > home_pfs:
            return E.MOVE_EXCEEDS_HOME, {"power": power, "pfs": home_pfs}
    elif isinstance(order, Spy | SpyHome):
        targets = [order.target] if isinstance(order, Spy) else list(order.targets)
        if power in targets:
            return E.SPY_SELF, {"power": power}
        if _mission(order) in spent.missions:
            # OWW 6.1: one area mission, and one mission in the home area
            return E.SECOND_SPY, {}
    return None


def _mission(order: Spy | SpyHome) -> str:
    return "spy" if isinstance(order, Spy) else "spy_home"


def _spend(order: Order, spent: Spent) -> Spent:
    """What a kept placement, move or spy mission adds to ``spent``."""
    if isinstance(order, Place):
        return replace(spent, placed=spent.placed + order.amount)
    if isinstance(order, Move):
        return replace(spent, moved=spent.moved + order.amount)
    if isinstance(order, Spy | SpyHome):
        return replace(spent, missions=spent.missions | {_mission(order)})
    return spent


def _check_claims(
    state: State,
    power: str,
    later: Sequence[tuple[int, Claim, str]],
    available: int,
    home_pfs: int,
    charts: Charts,
) -> tuple[list[tuple[int, Order]], list[Problem]]:
    """Second pass: attacks (OWW 4.3) and Understanding (OWW 5.2) and Control (OWW 5.3)
    orders, in line order."""
    accepted: list[tuple[int, Order]] = []
    problems: list[Problem] = []
    claimed = Claimed()
    for number, order, raw in later:
        area = order.area
        box = state.box(area, power)
        # Each canonical line must stand alone, so strength is checked against the most
        # this power could have there this turn (its PFs of the turn, and its home PFs
        # moved in); the exact figure is checked when the turn is resolved.
        extra = available + (home_pfs if area != power else 0)
        strength = box.strength + extra
        if isinstance(order, Attack):
            refusal = _attack_refusal(order, power, strength, claimed)
        elif isinstance(order, Understanding):
            refusal = _understanding_refusal(order, power, box, box.pfs + extra, claimed, charts)
        else:
            refusal = _control_refusal(order, power, strength, claimed, charts)
        if refusal is not None:
            problems.append(_problem(number, raw, refusal))
            continue
        claimed = _claim(order, claimed)
        accepted.append((number, order))
    return accepted, problems


def _attack_refusal(order: Attack, power: str, strength: int, claimed: Claimed) -> Refusal | None:
    area = order.area
    if power in order.targets:
        return E.ATTACK_SELF, {"power": power}
    if area in claimed.attacked:
        # OWW 4.3: one attack per area
        return E.SECOND_ATTACK, {"power": power, "area": area}
    if order.strength > strength:
        return E.STRENGTH, {"power": power, "most": strength, "area": area}
    return None


def _understanding_refusal(
    order: Understanding, power: str, box: Box, pfs: int, claimed: Claimed, charts: Charts
) -> Refusal | None:
    """OWW 5.2: an Understanding marker needs an objective area, no marker, and 5 PFs."""
    area = order.area
    if area in claimed.marked:
        return E.SECOND_MARKER, {"area": area}
    if not may_understand(area, power, charts):
        return E.NO_OBJECTIVE, {"power": power, "area": area}
    if box.marker:
        return E.HAS_MARKER, {"power": power, "area": area}
    if pfs < 5:
        return E.TOO_FEW_PFS, {"power": power, "most": pfs, "area": area, "rule": "OWW 5.2"}
    return None


def _control_refusal(
    order: Control, power: str, strength: int, claimed: Claimed, charts: Charts
) -> Refusal | None:
    """OWW 5.3: a Control marker needs a Control entry, eligible partners, and strength 5."""
    area = order.area
    if area in claimed.marked:
        return E.SECOND_MARKER, {"area": area}
    if not may_control(area, power, charts):
        return E.NO_CONTROL_ENTRY, {"power": power, "area": area}
    if power in order.share:
        return E.SHARE_SELF, {"power": power}
    unable = [p for p in order.share if not may_control(area, p, charts)]
    if unable:
        return E.SHARE_INELIGIBLE, {"powers": ", ".join(unable), "area": area}
    if strength < 5:
        return E.TOO_FEW_PFS, {"power": power, "most": strength, "area": area, "rule": "OWW 5.3.3"}
    return None


def _claim(order: Claim, claimed: Claimed) -> Claimed:
    """What a kept attack or marker order adds to ``claimed``."""
    if isinstance(order, Attack):
        return replace(claimed, attacked=claimed.attacked | {order.area})
    return replace(claimed, marked=claimed.marked | {order.area})


def describe(orders: Sequence[Order]) -> tuple[str, ...]:
    return tuple(format_order(o) for o in orders)
