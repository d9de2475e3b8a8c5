"""The map on a page: the game's own pure drawing function, where the game has one.

A game's record may have a drawer (:class:`umpire.core.ruleset.Drawer`): ``draw(view,
events) -> str`` (an SVG document drawn from a power's view), and on a crowded map
``regions(view)`` with ``draw(view, events, region=name)``: parts of the map enlarged (Europe on
a world map), offered beside the whole map. The page never draws anything itself. The maps of a processed turn
never change, so a page draws them once for each reader (:func:`turn_maps`, kept in the
pages' cache). A page carries the whole map; each enlarged part comes when its button is
first pressed (:func:`page_maps`: its address, the ``map_region`` page).
"""

from __future__ import annotations

import logging
from typing import Any

from django.urls import reverse

from umpire.core import registry
from umpire.core.ruleset import Drawer
from umpire.server.models import Game
from umpire.server.web.pagecache import remember, turn_key

log = logging.getLogger("umpire.server")
PUBLIC = "@public"  # the reader of the spectators' maps


def turn_maps(
    game: Game, turn: int, reader: str, view: dict[str, Any] | None, events: list[Any] | None
) -> dict[str, Any]:
    """``{"map": ..., "map_regions": ...}`` of ``view`` (the position after processed turn
    ``turn`` as ``reader`` sees it: a power, the game master, the public) with ``events``,
    drawn at the first reading and kept in the pages' cache."""

    def draw() -> dict[str, Any]:
        return {
            "map": with_note(map_svg(game.game, view, events)),
            "map_regions": [
                {**r, "svg": with_note(r["svg"])} for r in map_regions(game.game, view, events)
            ],
        }

    if view is None:
        return {"map": None, "map_regions": []}
    key = f"umpire-maps:{turn_key(game, turn)}:{reader}"
    return remember(key, draw, keep=lambda maps: maps["map"] is not None)


def page_maps(
    game: Game, turn: int, reader: str, view: dict[str, Any] | None, events: list[Any] | None
) -> dict[str, Any]:
    """What a page shows of :func:`turn_maps`: the whole map, and each enlarged part by its
    name and title with the address it is fetched from (the same reader's, ``@public`` the
    spectators')."""
    maps = turn_maps(game, turn, reader, view, events)
    public = "&public=1" if reader == PUBLIC else ""
    return {
        "map": maps["map"],
        "map_regions": [
            {
                "name": r["name"],
                "title": r["title"],
                "src": f"{reverse('web:map_region', args=[game.pk, r['name']])}?turn={turn}{public}",
            }
            for r in maps["map_regions"]
        ],
    }


# The note under every map on a page (web/_map.html): where the page says in words what the
# map shows, and how to give the orders a click on the map gives.
MAP_NOTE = "map-note"


def with_note(svg: str | None) -> str | None:
    """The map described by the note under it (``aria-describedby``) beside the name its own
    ``<title>`` gives it: the printout and the order lists are the text-first way to read and
    play the game (issue 29, WCAG 1.1.1). Not ``role="img"``: that hides the map's pieces
    from assistive technology and, in Chromium, defers the zoom's repaint after a click."""
    if svg is None or not svg.startswith("<svg "):
        return svg
    return svg.replace("<svg ", f'<svg aria-describedby="{MAP_NOTE}" ', 1)


def region_of(maps: dict[str, Any], name: str) -> str | None:
    """The SVG of the enlarged part ``name`` of :func:`turn_maps`' maps, if it has one."""
    return next((r["svg"] for r in maps["map_regions"] if r["name"] == name), None)


def drawer_of(game: str) -> Drawer | None:
    """The drawer of the game named ``game`` (its record's), None where it draws no map."""
    try:
        return registry.game(game).drawer
    except KeyError:  # a game no longer installed: no map
        return None


def map_svg(game: str, view: dict[str, Any] | None, events: list[Any] | None = None) -> str | None:
    """The SVG map of ``view``, or None where the game draws no map (or drawing failed)."""
    drawer = drawer_of(game)
    if view is None or drawer is None:
        return None
    try:
        svg = drawer.draw(view, events)
    except Exception:  # a broken drawing must never take the page down
        log.exception("drawing the %s map failed", game)
        return None
    return svg if isinstance(svg, str) else None


def map_regions(
    game: str, view: dict[str, Any] | None, events: list[Any] | None = None
) -> list[dict[str, str]]:
    """The enlarged parts of the map (name, title, SVG), where the game's drawing has any."""
    drawer = drawer_of(game)
    if view is None or drawer is None or drawer.regions is None:
        return []
    try:
        return [
            {"name": r.name, "title": r.title, "svg": drawer.draw(view, events, region=r.name)}
            for r in drawer.regions(view)
        ]
    except Exception:  # a broken drawing must never take the page down
        log.exception("drawing the %s map regions failed", game)
        return []
