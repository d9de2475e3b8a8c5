"""The legal orders of a power this turn, for order entry by a list and by clicking the map
(the pages' ``HasOrderOptions``, ``HasOrderPlaces``).

For every area: a placement of all this turn's PFs (OWW 3.2), a move of all the home PFs
(3.2, 3.3), an attack on each other power with the most strength the power could have there
(4.1-4.3; several targets and conditions, 4.7, are typed): first on the powers with influence
there now (their box on the map is not empty, 8.4), then on the others, who may place PFs
there this turn before the conflicts (7.1, 7.2), but never on a power that OWW 4.8 shields
from this one there (its Understanding marker in this power's home area: the attack would be
dropped unless the marker fell earlier in the turn; typed, it is still accepted, ruling R14,
O-PAGE-2), an Understanding and a Control
marker (5.2, 5.3; sharing is typed), a spy mission on each other power (6.1; in the home
area, ``SPY HOME`` on one power). Each candidate is put through the game's own :meth:`check`,
alone, and only what it accepts is offered, in canonical form: nothing here decides
legality. The page lets the player lower an order's number.

On the map an area's orders are the ones naming it (``order_places``: no place of their
own, the area; ``SPY HOME`` is in the list only); an order replaces on the page the earlier one it repeats (``order_key``): a
placement or move in the same area with another number, the one attack of an area (4.3), the
one marker order of an area (5.1), the one spy mission in an area and the one at home (6.1).

>>> places("PLACE 3 POL"), places("SPY HOME GER"), places("BOGUS")
(('', 'POL'), (), ())
>>> [key(o) for o in ("PLACE 3 POL", "ATTACK POL GER WITH 6", "CONTROL AUS", "SPY POL GER")]
['PLACE # POL', 'ATTACK POL', 'MARK AUS', 'SPY']
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from umpire.games.origins.charts import Charts
from umpire.games.origins.economy import pool
from umpire.games.origins.model import State
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

ORDERS = "orders"  # the one list of a power's orders (they belong to no place)
_AREA = re.compile(r"(?:PLACE \d+|MOVE \d+ FROM HOME TO|ATTACK|UNDERSTANDING|CONTROL|SPY) (\w+)")


class _Rules(Protocol):
    def charts(self, state: State) -> Charts: ...
    def pending(self, state: State) -> Any: ...
    def check(self, state: State, power: str, orders: Any) -> Any: ...
    def format(self, order: Any) -> str: ...


def legal_orders(rules: _Rules, state: State, power: str) -> dict[str, list[str]]:
    """``{"orders": [...]}``: every order offered to ``power`` this turn (see the module)."""
    if power not in rules.pending(state).powers:
        return {}
    charts = rules.charts(state)
    available = pool(state, power, charts).total
    home = state.box(power, power).pfs
    others = [p for p in state.powers if p != power]
    candidates: list[Order] = []
    for area in charts.area_codes:
        if available > 0:
            candidates.append(Place(area, available))
        if home > 0 and area != power:
            candidates.append(Move(area, home))
        most = state.box(area, power).strength + available + (home if area != power else 0)
        if most > 0:
            candidates += [Attack(area, (p,), most) for p in attack_targets(state, power, area)]
        candidates += [Understanding(area), Control(area)]
        if area != power:
            candidates += [Spy(area, p) for p in others]
    candidates += [SpyHome((p,)) for p in others]
    accepted = [rules.format(o) for o in candidates if rules.check(state, power, [(1, o)]).orders]
    return {ORDERS: accepted} if accepted else {}


def attack_targets(state: State, power: str, area: str) -> list[str]:
    """The powers ``power`` is offered an attack on in ``area`` (ruling O-PAGE-2): those with
    influence there now first, then the rest (they may place PFs there this turn, OWW 7.1,
    before the conflicts, 7.2), each in the game's order; none that OWW 4.8 shields from him
    there (an Understanding marker in his home area, anywhere but in that area). Both facts
    are on the map every player sees (OWW 8.4: the boxes' X, U+, U, C)."""
    others = [p for p in state.powers if p != power]
    shielded = {p for p in others if area != power and state.box(power, p).understanding}
    present = [p for p in others if p not in shielded and not state.box(area, p).empty]
    absent = [p for p in others if p not in shielded and state.box(area, p).empty]
    return present + absent


def places(order: str) -> tuple[str, ...]:
    """The area an order names (it has no place of its own: ""), or nothing: ``SPY HOME``
    names no area in its text (the home area of the power ordering), so it is in the list
    only."""
    if order.startswith("SPY HOME "):
        return ()
    found = _AREA.match(order)
    return ("", found[1]) if found else ()


def key(order: str) -> str:
    """What a later order replaces on the page (see the module)."""
    words = order.split()
    if words[:2] == ["SPY", "HOME"]:
        return "SPY HOME"
    if words[0] == "SPY":
        return "SPY"
    if words[0] == "ATTACK":
        return f"ATTACK {words[1]}"
    if words[0] in ("UNDERSTANDING", "CONTROL"):
        return f"MARK {words[1]}"
    return re.sub(r"\d+", "#", order)
