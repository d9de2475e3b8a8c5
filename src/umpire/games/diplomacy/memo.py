"""Memos of one ruleset's orders: the order of each canonical line, and the legality of an order
where it depends on the map alone (every line of every phase is read and checked: most lines
are canonical, written by the pages, the bots or the record, and recur from phase to phase).

- :attr:`OrderMemo.lines`: a line that is the canonical text of the order it reads as (``A par -
  bur``) reads as that order every time: kept, at most one entry per order the fast path of
  the grammar can give (bounded by the map).
- :meth:`OrderMemo.legal`: a movement-phase order of a kept line is legal, and normalised to
  itself or to the same order, every time the unit it names stands where it says, is of the
  kind it says and is the submitting power's, and (a support) the unit it supports stands
  where the order says with the kind it says; except where the position's other units count (a
  convoy, an army's move by convoy: fleets at sea must be able to carry it). Those outcomes
  are kept per order and are used only while the units match; anything else goes to
  :func:`~umpire.games.diplomacy.legality.check_movement`, which also gives every problem.
- :attr:`OrderMemo.events`: the public event of a kept line's order in a movement phase
  (``"FRA A par - bur: moved"``) is a value of the order, its unit's power, and whether it
  succeeded: one made before is taken again (turn.order_events). At most
  :data:`EVENTS_KEPT` are kept; then the memo starts again.

The orders of kept lines are immutable and kept alive by the memo, so each is known by its
identity (``id``), a cheaper key than the order's own hash.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from umpire.core.events import Event
from umpire.games.diplomacy import notation
from umpire.games.diplomacy.geography import Map
from umpire.games.diplomacy.model import Unit, unit_of
from umpire.games.diplomacy.orders import Convoy, Hold, Move, Order, Support

# What the check of a kept order needs to see to take the kept outcome: the province of the
# ordered unit and the unit (model.unit_of's: a unit of the same location and kind, of the
# submitting power, will do: the unit itself, known by identity, is the common case); the
# province, location and kind of the supported unit (or None, None, None); the outcome.
Legal = tuple[str, Unit, str | None, str | None, str | None, Order]

EVENTS_KEPT = 20_000  # order events kept at most (:meth:`OrderMemo.made_events`)
# An order event's key: the identity of a kept line's order, the power of its unit (whose
# province is the order's own: legality gives an order its unit's location), and whether it
# succeeded (None: a unit that held, unordered or ordered to hold).
EventKey = tuple[int, str, bool | None]


class OrderMemo:
    """The memos of one map's orders (one per ruleset)."""

    __slots__ = ("events", "legal_of", "lines", "map", "text_of")

    def __init__(self, m: Map) -> None:
        self.map = m
        # A canonical line read before -> its order (read the same whatever the state, power
        # and scope: core.submission.read looks lines up here before asking read_line).
        self.lines: dict[str, Order] = {}
        # id of a kept line's order -> its kept legality, or None while unknown or not kept.
        self.legal_of: dict[int, Legal | None] = {}
        # id of a kept line's order -> that line, its canonical text (the turn's events).
        self.text_of: dict[int, str] = {}
        # The order events of movement phases for kept lines' orders (turn.order_events): at
        # most :data:`EVENTS_KEPT`, then started again.
        self.events: dict[EventKey, Event] = {}

    def made_events(self) -> dict[EventKey, Event]:
        """The order events made before (:attr:`events`), emptied first when full: the events
        a map's orders can have are many more than a game's recur."""
        if len(self.events) >= EVENTS_KEPT:
            self.events.clear()
        return self.events

    def keep_line(self, line: str, order: Order) -> tuple[Order]:
        """``(order,)``, kept for ``line`` if ``line`` is ``order``'s canonical text."""
        if notation.format_order(order) == line:
            self.lines[line] = order
            self.legal_of.setdefault(id(order), None)
            self.text_of[id(order)] = line
        return (order,)

    def legal(self, order: Order, power: str, units: Mapping[str, Unit]) -> Order | None:
        """The kept outcome of checking ``order`` for ``power`` among ``units``, or None
        (:meth:`Diplomacy.check <umpire.games.diplomacy.game.Diplomacy.check>` has it inlined)."""
        kept = self.legal_of.get(id(order))
        return None if kept is None else matching(kept, power, units)

    def keep_legal(self, order: Order, outcome: Order, units: Mapping[str, Unit]) -> None:
        """Keep ``outcome``, the legality check's answer for the kept line's ``order``, where
        it depends only on the units :meth:`legal` compares."""
        key = id(order)
        if key not in self.legal_of or self.legal_of[key] is not None:
            return  # not a kept line's order (its identity is not its own), or kept already
        kind = type(order)
        if kind is Convoy:
            return  # the fleets at sea count
        o: Hold | Move | Support = order  # type: ignore[assignment]  # not a convoy: checked
        loc = o.loc
        province = loc[: loc.index("/")] if "/" in loc else loc
        unit = units.get(province)
        if unit is None or unit.loc != loc or unit.kind != o.kind:
            return  # normalised to another unit's designation: compared by the slow path
        if kind is Move:
            mv: Move = order  # type: ignore[assignment]
            dest = mv.dest[: mv.dest.index("/")] if "/" in mv.dest else mv.dest
            if mv.kind == "A" and (
                mv.via_convoy or dest not in self.map.army_adj.get(province, ())
            ):
                return  # by convoy: the fleets at sea count
            self.legal_of[key] = (
                province,
                unit_of(loc, o.kind, unit.power),
                None,
                None,
                None,
                outcome,
            )
        elif kind is Support:
            sup: Support = order  # type: ignore[assignment]
            tloc = sup.target_loc
            tprovince = tloc[: tloc.index("/")] if "/" in tloc else tloc
            target = units.get(tprovince)
            if target is None or target.loc != tloc or target.kind != sup.target_kind:
                return
            known = unit_of(loc, o.kind, unit.power)
            self.legal_of[key] = (province, known, tprovince, tloc, sup.target_kind, outcome)
        elif kind is Hold:
            self.legal_of[key] = (
                province,
                unit_of(loc, o.kind, unit.power),
                None,
                None,
                None,
                outcome,
            )


@cache
def of(m: Map) -> OrderMemo:
    """The memos of map ``m``'s orders (one per map: the ruleset reads lines into them, the
    turn takes the canonical text of the orders from them)."""
    return OrderMemo(m)


def matching(kept: Legal, power: str, units: Mapping[str, Unit]) -> Order | None:
    """The kept outcome ``kept`` if the units it names stand as it says, else None."""
    province, known, tprovince, tloc, tkind, outcome = kept
    unit = units.get(province)
    if unit is None or unit.loc != known.loc or unit.kind != known.kind or unit.power != power:
        return None
    if tprovince is not None:
        target = units.get(tprovince)
        if target is None or target.loc != tloc or target.kind != tkind:
            return None
    return outcome
