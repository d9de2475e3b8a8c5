"""Order entry on the pages for a game whose orders are one list of canonical texts that say
what they do (Conquest of the World, Origins of WW2): the four members of core's
:class:`~umpire.core.ruleset.HasOrderOptions` and :class:`~umpire.core.ruleset.HasOrderPlaces`,
given once here from the game's own module of order options (its ``options.py``).

A game's ruleset class takes :class:`ListedOrders` as a base and names that module
(``order_list = options``) and the sentence its map shows (``map_help``).
"""

from __future__ import annotations

from typing import Any, Protocol


class OrderList(Protocol):
    """What a game's options module gives: every order offered to a power now, the places an
    offered order names, and what a later order replaces on the page."""

    def legal_orders(self, rules: Any, state: Any, power: str, /) -> dict[str, list[str]]: ...

    def places(self, order: str, /) -> tuple[str, ...]: ...

    def key(self, order: str, /) -> str: ...


class ListedOrders:
    """``order_options``, ``order_places``, ``order_gloss`` and ``order_key`` from the game's
    ``order_list`` (its options module, which receives the ruleset to check each order)."""

    order_list: OrderList
    map_help: str

    def order_options(self, state: Any, power: str) -> dict[str, list[str]]:
        """``{"orders": [...]}``: every order offered to ``power`` now."""
        return self.order_list.legal_orders(self, state, power)

    def order_places(self, order: str) -> tuple[str, ...]:
        """The places an offered order names (its own first: "" where it has none)."""
        return self.order_list.places(order)

    def order_gloss(self, order: str) -> str:
        return ""  # the orders say what they do

    def order_key(self, order: str) -> str:
        """Offered orders with the same key replace each other on the page."""
        return self.order_list.key(order)
