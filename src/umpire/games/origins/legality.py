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

from umpire.core.errors import Code
from umpire.core.problems import Parsed, Problem
from umpire.games.origins import errors as E
from umpire.games.origins.charts import Charts
from umpire.games.origins.economy import pool
from umpire.games.origins.markers import may_control, may_understand
from umpire.games.origins.model import State
from umpire.games.origins.notation import format_order
from umpire.games.origins.orders import (
    Attack,
    Control,
    Move,
    Order,
    Place,
    Spy,
    Understanding,
)

Lines = Sequence[tuple[int, Order]]  # (line, order)


def check_submission(state: State, power: str, numbered: Lines, charts: Charts) -> Parsed[Order]:
    """The legal orders of ``numbered`` (in line order) and a problem for each illegal one."""
    accepted, problems = check(state, power, numbered, charts)
    return Parsed(accepted, problems)


def check(
    state: State, power: str, numbered: Lines, charts: Charts
) -> tuple[list[tuple[int, Order]], list[Problem]]:
    """The legal orders of ``numbered`` and a Problem for each illegal one; a problem's
    message ends with the order's canonical text, quoted."""
    accepted: list[tuple[int, Order]] = []
    problems: list[Problem] = []
    lines = [(number, order, format_order(order)) for number, order in numbered]

    def bad(number: int, raw: str, code: Code, **fields: object) -> None:
        problems.append(Problem(number, code.code, f"{code.message(**fields)}: {raw!r}", raw))

    if state.turn > charts.turns:
        for number, _, raw in lines:
            bad(number, raw, E.GAME_OVER)
        return accepted, problems
    available = pool(state, power, charts).total
    home_pfs = state.box(power, power).pfs
    placed = moved = 0
    seen: set[str] = set()
    later: list[tuple[int, Attack | Understanding | Control, str]] = []
    for number, order, raw in lines:
        area = getattr(order, "area", power)
        if isinstance(order, Place | Move | Attack | Understanding | Control) and (
            state.control_marked(area)
        ):
            # OWW 1.6, 3.5: nothing more happens in a Control-marked area
            bad(number, raw, E.CONTROL_MARKED, area=area)
            continue
        if isinstance(order, Place):
            if placed + order.amount > available:
                bad(number, raw, E.TOO_MANY_PFS, power=power, available=available, placed=placed)
                continue
            placed += order.amount
        elif isinstance(order, Move):
            if area == power:
                bad(number, raw, E.MOVE_HOME)
                continue
            if moved + order.amount > home_pfs:
                bad(number, raw, E.MOVE_EXCEEDS_HOME, power=power, pfs=home_pfs)
                continue
            moved += order.amount
        elif isinstance(order, Attack | Understanding | Control):
            later.append((number, order, raw))
            continue
        else:
            kind = "spy" if isinstance(order, Spy) else "spy_home"
            target_list = [order.target] if isinstance(order, Spy) else list(order.targets)
            if power in target_list:
                bad(number, raw, E.SPY_SELF, power=power)
                continue
            if kind in seen:
                # OWW 6.1: one area mission, and one mission in the home area
                bad(number, raw, E.SECOND_SPY)
                continue
            seen.add(kind)
        accepted.append((number, order))
    attacked: set[str] = set()
    marked: set[str] = set()
    for number, order, raw in later:
        area = order.area
        box = state.box(area, power)
        # Each canonical line must stand alone, so strength is checked against the most
        # this power could have there this turn (its PFs of the turn, and its home PFs
        # moved in); the exact figure is checked when the turn is resolved.
        extra = available + (home_pfs if area != power else 0)
        strength = box.strength + extra
        pfs = box.pfs + extra
        if isinstance(order, Attack):
            if power in order.targets:
                bad(number, raw, E.ATTACK_SELF, power=power)
                continue
            if area in attacked:
                # OWW 4.3: one attack per area
                bad(number, raw, E.SECOND_ATTACK, power=power, area=area)
                continue
            if order.strength > strength:
                bad(number, raw, E.STRENGTH, power=power, most=strength, area=area)
                continue
            attacked.add(area)
        elif isinstance(order, Understanding):
            if area in marked:
                bad(number, raw, E.SECOND_MARKER, area=area)
                continue
            if not may_understand(area, power, charts):
                bad(number, raw, E.NO_OBJECTIVE, power=power, area=area)
                continue
            if box.marker:
                bad(number, raw, E.HAS_MARKER, power=power, area=area)
                continue
            if pfs < 5:
                bad(number, raw, E.TOO_FEW_PFS, power=power, most=pfs, area=area, rule="OWW 5.2")
                continue
            marked.add(area)
        else:
            assert isinstance(order, Control)
            if area in marked:
                bad(number, raw, E.SECOND_MARKER, area=area)
                continue
            if not may_control(area, power, charts):
                bad(number, raw, E.NO_CONTROL_ENTRY, power=power, area=area)
                continue
            if power in order.share:
                bad(number, raw, E.SHARE_SELF, power=power)
                continue
            unable = [p for p in order.share if not may_control(area, p, charts)]
            if unable:
                bad(number, raw, E.SHARE_INELIGIBLE, powers=", ".join(unable), area=area)
                continue
            if strength < 5:
                rule = "OWW 5.3.3"
                bad(number, raw, E.TOO_FEW_PFS, power=power, most=strength, area=area, rule=rule)
                continue
            marked.add(area)
        accepted.append((number, order))
    accepted.sort(key=lambda item: item[0])
    problems.sort(key=lambda p: p.line)
    return accepted, problems


def describe(orders: Sequence[Order]) -> tuple[str, ...]:
    return tuple(format_order(o) for o in orders)
