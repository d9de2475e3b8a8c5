"""Spec of the Origins of World War II map: the 13 areas of OWW 1.1 on Natural Earth Europe.

Areas that are countries use today's outlines (Czechoslovakia = Czechia + Slovakia, the Baltic
States = Estonia + Latvia + Lithuania, the USSR = Russia, Belarus, Ukraine and the Caucasus);
Alsace-Lorraine and the Rhineland are carved from France and Germany by seed points on the
real regions. The USA is drawn in its own box. The game has no adjacency (OWW areas are not
moved between by land), so there are no connection lines.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

GAME = "origins"
NAME = "historical"
TOML = Path(__file__).resolve().parents[2] / "src/umpire/games/origins/data/historical.toml"
WIDTH, HEIGHT = 1280, 900
CENTRE = (16.0, 51.0)
EXTENT = [(-9.0, 43.0), (-8.0, 59.0), (40.0, 44.0), (40.0, 60.0), (20.0, 62.0), (12.0, 37.5)]
LONLAT = (-30.0, 25.0, 70.0, 75.0)
MIN_ISLAND = 8.0
MIN_BORDER = 3.0
PROVENANCE = (
    "The 13 areas of OWW 1.1: whole countries (present-day Natural Earth outlines standing "
    "for the 1933 states), Alsace-Lorraine and the Rhineland carved by seed points; the USA "
    "in an inset box."
)
COUNTRIES = {
    "AUS": ["Austria"],
    "BAL": ["Estonia", "Latvia", "Lithuania"],
    "GBR": ["United Kingdom"],
    "CZE": ["Czechia", "Slovakia"],
    "ITA": ["Italy"],
    "POL": ["Poland"],
    "ROM": ["Romania", "Moldova"],
    "USSR": ["Russia", "Belarus", "Ukraine", "Georgia", "Armenia", "Azerbaijan", "Kazakhstan"],
}
CARVED = [
    (
        ["France"],
        {
            "ALS": [(6.8, 48.6), (7.4, 48.0), (6.2, 49.1)],
            "FRA": [
                (2.3, 48.8),
                (0.0, 46.5),
                (4.5, 46.0),
                (4.7, 48.6),
                (2.5, 44.0),
                (-2.0, 48.0),
                (3.0, 50.2),
                (5.6, 49.4),
                (6.0, 47.6),
                (9.0, 42.2),
            ],
        },
    ),
    (
        ["Germany"],
        {
            "RHI": [(7.0, 50.5), (6.8, 51.5), (7.8, 49.6)],
            "GER": [
                (10.5, 51.0),
                (13.0, 52.5),
                (11.5, 48.5),
                (9.0, 53.5),
                (9.0, 48.6),
                (8.9, 50.8),
                (8.5, 52.0),
            ],
        },
    ),
]
INSETS = {
    "USA": {
        "countries": ["United States of America"],
        "lonlat": (-125.0, 24.0, -66.0, 50.0),
        "box": (12, 738, 250, 150),
    },
}
LAND_SEEDS: dict[str, list[tuple[float, float]]] = {}
SEA_SEEDS: dict[str, list[tuple[float, float]]] = {}
LABELS: dict[str, tuple[float, float]] = {"USSR": (33.0, 55.5), "GBR": (-1.5, 52.8)}
UNITS: dict[str, tuple[float, float]] = {}

_DATA = tomllib.loads(TOML.read_text())
KINDS = {a["code"]: "land" for a in _DATA["areas"]}
NAMES = {a["code"]: a["name"] for a in _DATA["areas"]}


def adjacencies() -> set[tuple[str, str]]:
    return set()


def connections() -> list[tuple[str, str, str]]:
    return []


# Kaliningrad was German East Prussia in 1933.
REASSIGN = [("USSR", "GER", (19.0, 54.2, 23.0, 55.5))]
