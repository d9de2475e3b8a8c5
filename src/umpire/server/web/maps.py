"""The map on a page: the game's own pure drawing function, where the game has one.

Each game may provide ``umpire.games.<game>.drawing.draw(view, events=None) -> str`` (an SVG
document drawn from a power's view), and on a crowded map ``regions(view)`` with
``draw(view, events, region=name)``: parts of the map enlarged (Europe on a world map), offered
beside the whole map. The page never draws anything itself.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
from typing import Any

log = logging.getLogger("umpire.server")


def map_svg(game: str, view: dict[str, Any] | None, events: list[Any] | None = None) -> str | None:
    """The SVG map of ``view``, or None where the game draws no map (or drawing failed)."""
    if view is None:
        return None
    name = f"umpire.games.{game.replace('-', '_')}.drawing"  # the package of "spi-ww2"
    try:
        if importlib.util.find_spec(name) is None:
            return None
        module = importlib.import_module(name)
        svg = module.draw(view, events)
    except Exception:  # a broken drawing must never take the page down
        log.exception("drawing the %s map failed", game)
        return None
    return svg if isinstance(svg, str) else None


def map_regions(
    game: str, view: dict[str, Any] | None, events: list[Any] | None = None
) -> list[dict[str, str]]:
    """The enlarged parts of the map (name, title, SVG), where the game's drawing has any."""
    if view is None:
        return []
    name = f"umpire.games.{game.replace('-', '_')}.drawing"
    try:
        if importlib.util.find_spec(name) is None:
            return []
        module = importlib.import_module(name)
        regions = getattr(module, "regions", None)
        if regions is None:
            return []
        return [
            {"name": r.name, "title": r.title, "svg": module.draw(view, events, region=r.name)}
            for r in regions(view)
        ]
    except Exception:  # a broken drawing must never take the page down
        log.exception("drawing the %s map regions failed", game)
        return []
