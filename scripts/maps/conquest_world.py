"""Spec of the Conquest of the World map: the 43 countries of the board on Natural Earth.

The board is the world of the early 1980s (data/board.toml). Each country is its present-day
Natural Earth outline standing for its 1982 state: the Soviet Union is the union of its fifteen
successors, Czechoslovakia of Czechia and Slovakia, Indonesia takes East Timor (annexed 1976),
India the Siachen Glacier, Israel the Palestinian territories (occupied 1967); East and West
Germany are carved from Germany by seed points on either side of the inner German border. All
other land is drawn neutral. The game has no adjacency (wars are fought across zones, rule 7),
so there are no connection lines.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

GAME = "conquest"
NAME = "world"
TOML = Path(__file__).resolve().parents[2] / "src/umpire/games/conquest/data/board.toml"
WIDTH, HEIGHT = 1280, 900
PROJECTION = "miller"
LONLAT = (-169.0, -60.0, 191.0, 80.0)  # west, south, east, north
CENTRE = (11.0, 0.0)
MIN_ISLAND = 4.0
SIMPLIFY = 1.1  # px: coarser than the regional maps (the whole world in one frame)
MIN_BORDER = 3.0
PROVENANCE = (
    "The 43 countries of the board (1982) on Natural Earth outlines (present-day borders "
    "standing for 1982: the USSR as its 15 successors, Czechoslovakia, Indonesia with East "
    "Timor); East and West Germany carved by seed points along the inner German border; "
    "other land neutral."
)
USSR = [
    "Russia", "Belarus", "Ukraine", "Moldova", "Georgia", "Armenia", "Azerbaijan",
    "Kazakhstan", "Uzbekistan", "Turkmenistan", "Kyrgyzstan", "Tajikistan", "Estonia",
    "Latvia", "Lithuania",
]  # fmt: skip
COUNTRIES = {
    "CAN": ["Canada"],
    "USA": ["United States of America"],
    "MEX": ["Mexico"],
    "POL": ["Poland"],
    "USSR": USSR,
    "CZE": ["Czechia", "Slovakia"],
    "ROM": ["Romania"],
    "CHN": ["China", "Hong Kong", "Macao"],
    "PRK": ["North Korea"],
    "GRE": ["Greece"],
    "ITA": ["Italy"],
    "ESP": ["Spain"],
    "FRA": ["France"],
    "GBR": ["United Kingdom"],
    "NOR": ["Norway"],
    "TUR": ["Turkey"],
    "IRQ": ["Iraq"],
    "IRN": ["Iran"],
    "SAU": ["Saudi Arabia"],
    "ISR": ["Israel", "Palestine"],
    "EGY": ["Egypt"],
    "AFG": ["Afghanistan"],
    "PAK": ["Pakistan"],
    "IND": ["India", "Siachen Glacier"],
    "BAN": ["Bangladesh"],
    "THA": ["Thailand"],
    "PHI": ["Philippines"],
    "INA": ["Indonesia", "Timor-Leste"],
    "MAL": ["Malaysia"],
    "KOR": ["South Korea"],
    "JPN": ["Japan"],
    "TWN": ["Taiwan"],
    "VEN": ["Venezuela"],
    "BRA": ["Brazil"],
    "ARG": ["Argentina"],
    "CHL": ["Chile"],
    "NGA": ["Nigeria"],
    "RSA": ["South Africa"],
    "ZAI": ["Dem. Rep. Congo"],
    "AUS": ["Australia"],
    "NZL": ["New Zealand"],
}
# The inner German border (Luebeck Bay - Harz - Eichsfeld - Rhoen - Hof), seeds either side.
CARVED = [
    (
        ["Germany"],
        {
            "FRG": [
                (10.2, 54.2),
                (10.1, 53.3),
                (10.3, 52.3),
                (9.9, 51.6),
                (9.5, 51.0),
                (9.6, 50.3),
                (10.7, 49.9),
                (11.8, 49.7),
                (8.0, 50.5),
                (9.0, 48.6),
                (11.5, 48.3),
                (7.5, 52.0),
                (8.8, 53.4),
                (9.5, 54.5),
            ],
            "GDR": [
                (11.6, 53.8),
                (11.4, 53.1),
                (11.7, 52.3),
                (11.3, 51.7),
                (10.8, 51.1),
                (10.9, 50.7),
                (11.6, 50.8),
                (12.5, 50.6),
                (13.4, 52.5),
                (12.4, 51.3),
                (13.8, 51.1),
                (13.5, 54.2),
                (14.2, 53.4),
                (12.8, 52.0),
            ],
        },
    ),
]
LAND_SEEDS: dict[str, list[tuple[float, float]]] = {}
SEA_SEEDS: dict[str, list[tuple[float, float]]] = {}
LABELS: dict[str, tuple[float, float]] = {
    "USA": (-99.0, 39.0),
    "CAN": (-105.0, 57.0),
    "USSR": (90.0, 61.0),
    # Europe, the Middle East and East Asia: small countries labelled out at sea
    "GBR": (-16.0, 56.0),
    "NOR": (3.0, 67.0),
    "FRA": (-16.0, 47.5),
    "ESP": (-16.0, 39.5),
    "FRG": (3.0, 57.5),
    "GDR": (10.0, 60.5),
    "POL": (20.5, 52.5),
    "CZE": (15.0, 45.0),
    "ITA": (9.0, 38.0),
    "GRE": (21.0, 35.0),
    "ROM": (26.0, 46.5),
    "TUR": (33.0, 39.0),
    "ISR": (28.5, 33.5),
    "EGY": (29.0, 25.5),
    "BAN": (89.0, 16.0),
    "PRK": (120.0, 40.5),
    "KOR": (123.0, 34.0),
    "JPN": (147.0, 37.5),
    "TWN": (126.5, 22.0),
    "PHI": (131.0, 12.0),
    "MAL": (107.0, 5.5),
    "INA": (113.8, -1.0),
    "CHL": (-80.0, -33.0),
    "NZL": (167.0, -38.0),
}
UNITS: dict[str, tuple[float, float]] = {}

_DATA = tomllib.loads(TOML.read_text())
KINDS = {c["code"]: "land" for c in _DATA["country"]}
NAMES = {c["code"]: c["name"] for c in _DATA["country"]}


def adjacencies() -> set[tuple[str, str]]:
    return set()


def connections() -> list[tuple[str, str, str]]:
    return []
