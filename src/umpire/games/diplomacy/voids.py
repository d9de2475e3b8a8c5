"""Orders that are legal but that adjudication will void whatever the other powers order.

Legality (:mod:`legality`) asks whether an order could be valid not knowing the other orders
(DATC 4.E.1); some legal orders are decided by the power's own submission alone, and the
receipt warns of them (core's ``HasWarnings``) while keeping them, as adjudication will:

- a support of one's own unit that does not match that unit's own order (support to hold a
  unit ordered to move, support of a move the unit is not ordered to make,
  and the 2023 rulebook: a support that names an order not given is void);
- a convoy of one's own army that is not ordered to that province (2023 rulebook: a convoy
  order that does not match the army's order is void);
- two of one's own units retreating to the same province: both are disbanded (2023
  rulebook, "Retreats").

An own unit with no order in the submission holds (it receives hold support, no move
support). Other powers' units are never judged: their orders are not known.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from umpire.core.problems import Problem
from umpire.games.diplomacy import errors
from umpire.games.diplomacy.geography import province_of
from umpire.games.diplomacy.model import Unit
from umpire.games.diplomacy.orders import Convoy, Hold, Move, Retreat, Support

Format = Callable[[Any], str]


def movement_warnings(
    power: str,
    units: Mapping[str, Unit],
    orders: Sequence[tuple[int, Any]],
    format_order: Format,
) -> list[Problem]:
    """The supports and convoys of ``orders`` (one movement submission of ``power``, as
    ``check`` kept them) that name one of ``power``'s own armies or fleets and match no order
    it is given; ``units``: the unit in each province; ``format_order``: the game's notation."""
    own = {province_of(o.loc): o for _, o in orders if type(o) in (Hold, Move, Support, Convoy)}
    out: list[Problem] = []
    for line, o in orders:
        text = format_order(o)
        if isinstance(o, Support):
            unit = units.get(province_of(o.target_loc))
            if unit is None or unit.power != power or unit.kind not in ("A", "F"):
                continue
            given = own.get(unit.province)
            why = _support_mismatch(o, given, format_order)
            if why:
                out.append(errors.VOID_SUPPORT.problem(line, text, why=why, order=text))
        elif isinstance(o, Convoy):
            unit = units.get(province_of(o.army_loc))
            if unit is None or unit.power != power or unit.kind != "A":
                continue
            given = own.get(unit.province)
            if not (isinstance(given, Move) and province_of(given.dest) == o.army_dest):
                said = format_order(given) if given is not None else f"{unit.kind} {unit.loc} H"
                out.append(errors.VOID_CONVOY.problem(line, text, given=said, order=text))
    return out


def _support_mismatch(support: Support, given: Any, format_order: Format) -> str:
    """Why ``support`` of one's own unit matches not its order ``given`` (None: it holds),
    or "" where it matches."""
    said = format_order(given) if given is not None else "no order (it holds)"
    if support.target_dest is None:
        if isinstance(given, Move):
            return f"the unit is ordered {said!r}: a unit ordered to move gets no hold support"
        return ""
    if not isinstance(given, Move):
        return f"the unit is ordered {said!r}, not to move to {support.target_dest}"
    if province_of(given.dest) != province_of(support.target_dest):
        return f"the unit is ordered {said!r}, not to move to {support.target_dest}"
    if "/" in support.target_dest and "/" in given.dest and support.target_dest != given.dest:
        return f"the unit is ordered {said!r}: the coast differs (DATC 6.B.9)"
    return ""


def retreat_warnings(orders: Sequence[tuple[int, Any]], format_order: Format) -> list[Problem]:
    """Each of two or more retreats of ``orders`` (one power's) to the same province: all of
    them will be disbanded, whatever the others order."""
    lines: dict[str, list[tuple[int, Retreat]]] = defaultdict(list)
    for line, o in orders:
        if isinstance(o, Retreat):
            lines[province_of(o.dest)].append((line, o))
    out: list[Problem] = []
    for dest, group in lines.items():
        if len(group) < 2:
            continue
        for line, o in group:
            text = format_order(o)
            others = ", ".join(str(n) for n, _ in group if n != line)
            out.append(errors.VOID_RETREAT.problem(line, text, dest=dest, lines=others, order=text))
    return sorted(out, key=lambda p: p.line)
