"""Legality of a submission against the state (the second step after notation).

"Invalid is not understood; illegal is understood but not allowed." The notation module
raises ``syntax/`` and ``order/`` problems for a line; this module checks each understood
order against the map and the rest of the submission and returns ``illegal/`` problems.
What can only be known during the turn (other players' placements, the result of earlier
attacks) is checked again when the turn is resolved.
"""

from __future__ import annotations

from collections.abc import Sequence

from umpire.core.problems import Problem
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

Lines = Sequence[tuple[int, Order, str]]  # (line, order, raw text)


def check(
    state: State, power: str, lines: Lines, charts: Charts
) -> tuple[list[tuple[int, Order]], list[Problem]]:
    """The legal orders of ``lines`` and a Problem for each illegal one."""
    accepted: list[tuple[int, Order]] = []
    problems: list[Problem] = []

    def bad(number: int, raw: str, code: str, why: str) -> None:
        problems.append(Problem(number, f"illegal/{code}", f"{why}: {raw!r}", raw))

    if state.turn > charts.turns:
        for number, _, raw in lines:
            bad(number, raw, "game_over", "the game is over")
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
            bad(number, raw, "control_marked", f"{area} holds a Control marker (OWW 3.5)")
            continue
        if isinstance(order, Place):
            if placed + order.amount > available:
                bad(
                    number,
                    raw,
                    "too_many_pfs",
                    f"{power} has {available} PFs this turn and has placed {placed} already",
                )
                continue
            placed += order.amount
        elif isinstance(order, Move):
            if area == power:
                bad(number, raw, "move_home", "PFs are moved from the home area, not to it")
                continue
            if moved + order.amount > home_pfs:
                bad(
                    number,
                    raw,
                    "move_exceeds_home",
                    f"{power} has {home_pfs} PFs in its home area to move (OWW 3.2)",
                )
                continue
            moved += order.amount
        elif isinstance(order, Attack | Understanding | Control):
            later.append((number, order, raw))
            continue
        else:
            kind = "spy" if isinstance(order, Spy) else "spy_home"
            target_list = [order.target] if isinstance(order, Spy) else list(order.targets)
            if power in target_list:
                bad(number, raw, "spy_self", f"{power} cannot spy on itself")
                continue
            if kind in seen:
                # OWW 6.1: one area mission, and one mission in the home area
                bad(number, raw, "second_spy", "only one such espionage order is allowed (OWW 6.1)")
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
                bad(number, raw, "attack_self", f"{power} cannot attack itself")
                continue
            if area in attacked:
                # OWW 4.3: one attack per area
                bad(number, raw, "second_attack", f"{power} already attacks in {area} (OWW 4.3)")
                continue
            if order.strength > strength:
                bad(
                    number,
                    raw,
                    "strength",
                    f"{power} can have at most {strength} PFs in {area} (OWW 4.4, 4.5)",
                )
                continue
            attacked.add(area)
        elif isinstance(order, Understanding):
            if area in marked:
                bad(number, raw, "second_marker", f"a marker is already ordered in {area}")
                continue
            if not may_understand(area, power, charts):
                bad(number, raw, "no_objective", f"{power} scores nothing in {area} (OWW 5.2)")
                continue
            if box.marker:
                bad(number, raw, "has_marker", f"{power} already has a marker in {area}")
                continue
            if pfs < 5:
                bad(
                    number,
                    raw,
                    "too_few_pfs",
                    f"{power} can have at most {pfs} PFs in {area} (OWW 5.2)",
                )
                continue
            marked.add(area)
        else:
            assert isinstance(order, Control)
            if area in marked:
                bad(number, raw, "second_marker", f"a marker is already ordered in {area}")
                continue
            if not may_control(area, power, charts):
                bad(
                    number,
                    raw,
                    "no_control_entry",
                    f"{power} has no Control entry for {area} (OWW 2.3)",
                )
                continue
            if power in order.share:
                bad(number, raw, "share_self", f"{power} cannot share control with itself")
                continue
            unable = [p for p in order.share if not may_control(area, p, charts)]
            if unable:
                bad(
                    number,
                    raw,
                    "share_ineligible",
                    f"{', '.join(unable)} cannot hold a Control marker in {area} (OWW 5.4)",
                )
                continue
            if strength < 5:
                bad(
                    number,
                    raw,
                    "too_few_pfs",
                    f"{power} can have at most {strength} PFs in {area} (OWW 5.3.3)",
                )
                continue
            marked.add(area)
        accepted.append((number, order))
    accepted.sort(key=lambda item: item[0])
    problems.sort(key=lambda p: p.line)
    return accepted, problems


def describe(orders: Sequence[Order]) -> tuple[str, ...]:
    return tuple(format_order(o) for o in orders)
