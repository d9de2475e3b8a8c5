"""The legal orders of a player now, for order entry by a list and by clicking the map (the
pages' ``HasOrderOptions``, ``HasOrderPlaces``).

The candidates are every order of the notation: ``DIGIT 0``-``9``, ``HOMELAND``, ``ALLY`` and
``ATTACK`` of every country on the board, ``PASS``, each weapon in each posture, ``PACT`` and
``BREAK`` with every other player. Each is put through the game's own :meth:`check`, alone,
and only what it accepts is offered, in canonical form: nothing here decides legality. A
player who is not due to order (legality.pending_powers) is offered nothing.

On the map a country's orders are the ones naming it (``order_places``: no place of their own,
the country); an order replaces on the page the earlier one of its kind (``order_key``): the
one DIGIT, HOMELAND, ATTACK, PASS or weapon of a turn, and ALLY with the attack option (rules
9A, 10, 11; legality.check), each PACT or BREAK with its player.

>>> places("ATTACK IND"), places("HOMELAND USA"), places("PASS")
(('', 'IND'), ('', 'USA'), ())
>>> [key(o) for o in ("ATTACK IND", "PASS", "TANK AGGRESSIVE", "ALLY CAN", "PACT BLUE")]
['ONE', 'ONE', 'ONE', 'ALLY CAN', 'PACT BLUE']
"""

from __future__ import annotations

from typing import Any, Protocol

from umpire.games.conquest.geography import Board
from umpire.games.conquest.legality import pending_powers
from umpire.games.conquest.model import State
from umpire.games.conquest.orders import (
    POSTURES,
    WEAPONS,
    Ally,
    Attack,
    Break,
    Digit,
    Homeland,
    Order,
    Pact,
    Pass,
    Weapon,
)

ORDERS = "orders"  # the one list of a player's orders (they belong to no place)
_COUNTRY_VERBS = ("HOMELAND", "ALLY", "ATTACK")
_ONE = ("DIGIT", "HOMELAND", "ATTACK", "PASS", *WEAPONS)  # one of these a turn (legality)


class _Rules(Protocol):
    def board(self, state: State) -> Board: ...
    def check(self, state: State, power: str, orders: Any) -> Any: ...
    def format(self, order: Any) -> str: ...


def legal_orders(rules: _Rules, state: State, power: str) -> dict[str, list[str]]:
    """``{"orders": [...]}``: every order ``power`` may give now (see the module)."""
    if power not in pending_powers(state):
        return {}
    board = rules.board(state)
    candidates: list[Order] = [Digit(d) for d in range(10)]
    for country in board.countries:
        candidates += [Homeland(country), Ally(country), Attack(country)]
    candidates.append(Pass())
    candidates += [Weapon(w, p) for w in WEAPONS for p in POSTURES]
    others = [p for p in state.players if p != power]
    candidates += [Pact(p) for p in others] + [Break(p) for p in others]
    accepted = [rules.format(o) for o in candidates if rules.check(state, power, [(1, o)]).orders]
    return {ORDERS: accepted} if accepted else {}


def places(order: str) -> tuple[str, ...]:
    """The country an order names (it has no place of its own: ""), or nothing."""
    verb, _, rest = order.partition(" ")
    return ("", rest) if verb in _COUNTRY_VERBS and rest else ()


def key(order: str) -> str:
    """What a later order replaces on the page: one DIGIT, HOMELAND, ATTACK, PASS or weapon
    a turn; every other order stands for itself (an ALLY more is refused when sent)."""
    verb = order.split(" ", 1)[0]
    return "ONE" if verb in _ONE else order
