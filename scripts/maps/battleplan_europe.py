"""Spec of the Battle Plan Europe map (rules 15B) on Natural Earth Europe.

The printed map is schematic: its 29 countries are drawn from today's outlines (Czechoslovakia
= Czechia + Slovakia, Yugoslavia = its seven successors, the Baltic States = Estonia + Latvia +
Lithuania; Moldova goes with Romania, as Bessarabia did in 1938). Three printed spaces are not
countries and are carved by seed points: Lyons (southern France, 15B: France, Italy, Spain,
WES), and Russia and the Ukraine (the USSR west of the Urals and the Caucasus: the Ukraine along
the Black Sea coast to the Turkish border, 15B UK-TU; Russia to the Carpathians, 15B RU-CZ,
RU-HU). The five seas are Voronoi cells of seed points on the real seas they stand for.
Printed adjacencies with no real border (Baltic States-Finland and -Norway, the Turkey Strait)
are drawn as connection lines, as are the dotted air-range lines of 15B.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

GAME = "battleplan"
NAME = "europe"
TOML = Path(__file__).resolve().parents[2] / "src/umpire/games/battleplan/data/europe.toml"
WIDTH, HEIGHT = 1280, 900
CENTRE = (16.0, 50.0)
EXTENT = [(-11.0, 37.0), (-10.0, 58.0), (44.0, 36.0), (42.0, 62.0), (22.0, 69.3), (12.0, 34.5)]
LONLAT = (-40.0, 20.0, 75.0, 82.0)
MIN_ISLAND = 8.0
MIN_BORDER = 3.0
PROVENANCE = (
    "The spaces of rules 15B on Natural Earth outlines (present-day borders standing for 1938); "
    "Lyons, Russia and the Ukraine carved by seed points; seas carved by seed points; "
    "connection lines for printed adjacencies without a real border, the Turkey Strait and "
    "the dotted air-range lines."
)
YUGOSLAVIA = [
    "Slovenia",
    "Croatia",
    "Bosnia and Herz.",
    "Serbia",
    "Montenegro",
    "Kosovo",
    "Macedonia",
    "North Macedonia",
]
COUNTRIES = {
    "AL": ["Albania"],
    "AU": ["Austria"],
    "BA": ["Estonia", "Latvia", "Lithuania"],
    "BE": ["Belgium"],
    "BU": ["Bulgaria"],
    "CY": ["Cyprus", "N. Cyprus"],
    "CZ": ["Czechia", "Slovakia"],
    "DE": ["Denmark"],
    "FI": ["Finland"],
    "GB": ["United Kingdom"],
    "GE": ["Germany"],
    "GR": ["Greece"],
    "HU": ["Hungary"],
    "IR": ["Ireland"],
    "IT": ["Italy"],
    "LU": ["Luxembourg"],
    "NE": ["Netherlands"],
    "NO": ["Norway"],
    "PD": ["Poland"],
    "PR": ["Portugal"],
    "RO": ["Romania", "Moldova"],
    "SP": ["Spain"],
    "SW": ["Sweden"],
    "TU": ["Turkey"],
    "YU": YUGOSLAVIA,
}
CARVED = [
    (
        ["France"],
        {
            "FR": [
                (2.3, 48.8),
                (0.0, 46.5),
                (-2.0, 48.0),
                (4.5, 47.5),
                (3.0, 50.2),
                (6.0, 48.5),
                (-0.5, 44.2),
            ],
            "LY": [(4.8, 45.7), (3.5, 43.7), (6.2, 44.0), (1.5, 43.2), (9.0, 42.2), (5.5, 45.0)],
        },
    ),
    (
        ["Russia", "Belarus", "Ukraine", "Georgia", "Armenia", "Azerbaijan", "Kazakhstan"],
        {
            "RU": [
                (30.0, 55.0),
                (38.0, 56.0),
                (27.5, 53.0),
                (24.5, 49.8),
                (23.2, 48.5),
                (33.0, 61.0),
                (45.0, 58.0),
                (20.5, 54.7),
                (30.5, 51.0),
                (40.0, 52.0),
            ],
            "UK": [
                (33.0, 48.5),
                (36.0, 47.5),
                (30.0, 47.0),
                (40.0, 45.5),
                (44.0, 42.0),
                (34.0, 45.0),
                (38.5, 44.8),
                (47.0, 47.0),
                (29.0, 49.3),
            ],
        },
    ),
]
IMPASSABLE: list[list[str]] = []
LAND_SEEDS: dict[str, list[tuple[float, float]]] = {}
SEA_SEEDS: dict[str, list[tuple[float, float]]] = {
    "NTH": [
        (3.0, 55.0),
        (2.0, 58.0),
        (0.0, 50.5),
        (-4.5, 53.5),
        (18.0, 56.0),
        (20.0, 62.0),
        (25.0, 59.7),
        (5.0, 62.5),
        (12.0, 56.5),
        (-5.0, 51.5),
        (3.0, 52.5),
    ],
    "MID": [
        (-15.0, 45.0),
        (-12.0, 55.0),
        (-12.0, 38.0),
        (-5.0, 46.0),
        (-10.0, 60.0),
        (-8.0, 51.0),
        (-20.0, 50.0),
    ],
    "WES": [(3.0, 39.5), (-2.0, 36.5), (8.0, 40.0), (12.0, 40.0), (6.0, 42.5), (12.0, 37.5)],
    "EAS": [
        (16.0, 43.0),
        (18.5, 38.0),
        (25.0, 38.5),
        (30.0, 34.0),
        (34.0, 35.5),
        (20.0, 34.0),
        (13.5, 44.5),
        (25.0, 35.0),
    ],
    "BLA": [(34.0, 43.5), (31.0, 44.0), (37.5, 43.0), (29.5, 42.0), (36.0, 46.0)],
}
LABELS: dict[str, tuple[float, float]] = {"MID": (-13.0, 44.0)}
UNITS: dict[str, tuple[float, float]] = {}

_DATA = tomllib.loads(TOML.read_text())
KINDS = {k: v["kind"] for k, v in _DATA["space"].items()}
NAMES = {k: v["name"] for k, v in _DATA["space"].items()}


def adjacencies() -> set[tuple[str, str]]:
    out = set()
    for a, v in _DATA["space"].items():
        for b in v.get("adjacent", []):
            out.add((min(a, b), max(a, b)))
    return out


def connections() -> list[tuple[str, str, str]]:
    """The Turkey Strait (rule 7) and the dotted air-range lines of 15B."""
    a, b = _DATA["strait"]["seas"]
    out = [(a, b, "strait")]
    seen = set()
    for x, v in _DATA["space"].items():
        for y in v.get("dotted", []):
            pair = (min(x, y), max(x, y))
            if pair not in seen:
                seen.add(pair)
                out.append((pair[0], pair[1], "air"))
    return out


# Northern Ireland goes with Ireland (the printed map has no Great Britain-Ireland border);
# Kaliningrad (German East Prussia in 1938; no 15B space touches it) is left neutral.
REASSIGN = [
    ("GB", "IR", (-8.5, 53.9, -5.3, 55.0)),
    ("GB", "IR", (-8.5, 55.0, -6.0, 55.5)),
    ("RU", None, (19.0, 54.2, 23.0, 55.5)),
]
LINE_ENDS = {
    ("BLA", "EAS"): [(29.3, 41.4), (25.9, 39.9)],  # the Turkey Strait (rule 7)
    ("BA", "FI"): [(24.7, 59.5), (24.9, 60.3)],
}
