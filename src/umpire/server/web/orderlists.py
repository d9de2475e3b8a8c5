"""The game page's lists of legal orders, made once a turn and kept in the pages' cache.

A power's legal orders (the game's ``order_options``, read through ``present``) do not change
while a turn is open: they depend on the position after the last processed turn only. They
are turned once into the markup of each unit's list (its ``<option>`` elements, with the
places each order names, what it does in words and what it replaces, where the game says
them: ``HasOrderPlaces``) and kept in the pages' cache (``pagecache``) under the position and
the power. A game whose orders name their places (``HasOrderPlaces``: Battle Plan, Conquest of
the World, Origins, SPI WW2) has long lists (Battle Plan 1939: thousands of orders, hundreds
of KB of markup): its page carries only each list's unit and place, and the page's script
asks for a list's options (:func:`options_html`, the ``options`` page) when the list or its
unit on the map is first used. Diplomacy's short lists stay in the page.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from umpire.core import registry
from umpire.core.ruleset import Capabilities
from umpire.server.models import Game, GameStatus
from umpire.server.outputs import Viewer
from umpire.server.web.common import read
from umpire.server.web.pagecache import remember, turn_key


@dataclass(frozen=True, slots=True)
class OrderList:
    """One unit's (or place's) list: its name as the page shows it, its own place ("-" where
    its orders have none; "" where the page reads it from the unit's name) and its options'
    markup."""

    unit: str
    home: str
    html: str


def order_lists(game: Game, viewer: Viewer) -> list[OrderList]:
    """The viewer's power's lists of legal orders for the open turn (none where it has no
    orders to give now), from the cache, else made and kept there."""
    open_turn = game.status in (GameStatus.RUNNING, GameStatus.PAUSED)
    if viewer.power is None or not open_turn or (game.label and viewer.power not in game.expected):
        return []  # (present's own test, before the cache is read)
    power = viewer.power

    def make() -> list[OrderList]:
        options = read(game, viewer, ["options"]).get("options") or {}
        return _lists(registry.game(game.game).capabilities(game.scenario), options)

    return remember(f"umpire-order-lists:{turn_key(game, game.turn - 1)}:{power}", make)


def options_html(game: Game, viewer: Viewer, unit: str) -> str | None:
    """The options of the list of ``unit`` (its ``<option>`` elements), or None where the
    viewer's power has no such list now."""
    for found in order_lists(game, viewer):
        if found.unit == unit:
            return found.html
    return None


def _lists(can: Capabilities, options: dict[str, list[str]]) -> list[OrderList]:
    """Each unit's list: its place and its options' markup. Each option is the order's text,
    with, where the game says them (``HasOrderPlaces``), the spaces it names (lower case, its
    own first, "-" where it has none: what a click on the map matches), what it does in words
    (shown after the text, and in the map's menu), what it replaces (which line of the order
    box it takes the place of) and, where the game says it (``HasOrderNumber``), where its
    number stands ("start end": the number the menu lowers). Else the page reads Diplomacy's
    notation itself."""
    places, numbered = can.order_places, can.order_number
    out = []
    for unit, texts in options.items():
        parts = []
        home = ""
        for text in texts:
            if places is None:
                parts.append(f"<option>{escape(text)}</option>")
                continue
            at = " ".join(p or "-" for p in places.order_places(text)).lower()
            gloss, key = places.order_gloss(text), places.order_key(text)
            number = numbered.order_number(text) if numbered is not None else None
            home = home or (at.split(" ")[0] if at else "")
            parts.append(
                "<option"
                + (f' data-places="{escape(at)}"' if at else "")
                + (f' data-key="{escape(key)}"' if key else "")
                + (f' data-number="{number[0]} {number[1]}"' if number is not None else "")
                + (f' value="{escape(text)}">' if gloss else ">")
                + escape(text)
                + (f" · {escape(gloss)}" if gloss else "")
                + "</option>"
            )
        out.append(OrderList(unit, home, "".join(parts)))
    return out
