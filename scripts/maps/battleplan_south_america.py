"""Spec of the South American Battle Plan map (ruling W-SA): the S spaces of the WW map and the
seas that touch them, carved exactly as on the world map (scripts/maps/battleplan_world.py)
but projected about South America, so the small game is drawn large. Every other space of the
world map is drawn as neutral land or plain water."""

from __future__ import annotations

from battleplan_world import (  # noqa: F401
    _RAW,
    CARVED,
    COUNTRIES,
    ISLANDS,
    KINDS,
    NAMES,
    SEA_SEEDS,
    _borders,
)

GAME = "battleplan"
NAME = "south-america"
WIDTH, HEIGHT = 1280, 900
CENTRE = (-62.0, -22.0)
EXTENT = [(-92.0, 19.0), (-30.0, 19.0), (-82.0, -57.0), (-40.0, -57.0)]
LONLAT = (-130.0, -75.0, 10.0, 35.0)
MIN_ISLAND = 6.0
MIN_BORDER = 3.0
IMPASSABLE: list[list[str]] = []
LAND_SEEDS: dict[str, list[tuple[float, float]]] = {}
LABELS: dict[str, tuple[float, float]] = {
    "WCP": (-86.0, 2.0),
    "WSP": (-82.0, -40.0),
    "WCR": (-72.0, 14.0),
    "WWA": (-38.0, 2.0),
    "WMG": (-40.0, -38.0),
}
UNITS: dict[str, tuple[float, float]] = {}
LAKES: list[tuple[float, float, float, float]] = []
KEEP = {
    c
    for c in _RAW["space"]
    if c.startswith("S") or (c.startswith("W") and any(b.startswith("S") for b in _borders()[c]))
}
PROVENANCE = (
    "The S spaces of the WW map (version 2) and the seas touching them (ruling W-SA), carved "
    "as on the world map; the rest of the world neutral land or plain water."
)
KINDS = {k: v for k, v in KINDS.items() if k in KEEP}
NAMES = {k: v for k, v in NAMES.items() if k in KEEP}
ISLANDS = {k: v for k, v in ISLANDS.items() if k in KEEP}
DISC = 6.0


def adjacencies() -> set[tuple[str, str]]:
    return {
        (min(a, b), max(a, b)) for a, near in _borders().items() for b in near if {a, b} <= KEEP
    }


def connections() -> list[tuple[str, str, str]]:
    """Air range pairs of WW arrows inside the game (SFA-SSC, SSA-SFA)."""
    return [(min(a, b), max(a, b), "air") for a, b in _RAW["arrows"]["pairs"] if {a, b} <= KEEP]
