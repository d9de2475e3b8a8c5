"""Spec of the Diplomacy 1939 III map on Natural Earth Europe.

The 1939 III map is itself a reconstruction (data/1939-iii.toml: the standard map redrawn to
the borders of early 1939). Its provinces are carved here like the standard map's: the
standard seed points (diplomacy_standard.py) where a province is unchanged, and new seed points
on the real 1938-39 regions where the reconstruction redraws it (Austria with Vienna and
Tyrol; Czechoslovakia after Munich, with Slovakia and Ruthenia; the Sudetenland in Silesia;
Poland with Galicia, Wilno and the corridor; the three Baltic states; Hungary; Romania with
Bessarabia and Bukovina; Yugoslavia's Croatia and Serbia; Venice with Trieste and Istria;
Eire).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import diplomacy_standard as std

GAME = "diplomacy"
NAME = "1939-iii"
TOML = Path(__file__).resolve().parents[2] / "src/umpire/games/diplomacy/data/1939-iii.toml"
WIDTH, HEIGHT = std.WIDTH, std.HEIGHT
CENTRE, EXTENT, LONLAT = std.CENTRE, std.EXTENT, std.LONLAT
MIN_ISLAND, MIN_BORDER = std.MIN_ISLAND, std.MIN_BORDER
PROVENANCE = (
    "The reconstructed 1939 III map (data/1939-iii.toml, itself a reconstruction) carved from "
    "Natural Earth geography by seed points on the real regions of 1938-39; borders are "
    "Voronoi cuts, not printed lines."
)
COUNTRIES: dict[str, list[str]] = {}
IMPASSABLE = [n for n in std.IMPASSABLE if n != ["Ireland"]]

_GONE = {"boh", "bud", "gal", "lvn", "nwy", "rum", "stp", "tri", "tyr", "vie", "war", "ven", "sil"}
LAND_SEEDS: dict[str, list[tuple[float, float]]] = {
    k: v for k, v in std.LAND_SEEDS.items() if k not in _GONE
}
LAND_SEEDS.update(
    {
        "eir": [(-8.0, 53.0), (-7.0, 54.6)],
        "nor": std.LAND_SEEDS["nwy"],
        "len": [*std.LAND_SEEDS["stp"], (28.6, 58.6)],
        "aus": [(16.0, 48.0), (14.5, 47.5), (11.5, 47.1), (13.0, 47.2), (15.5, 47.0)],
        "sil": [(16.5, 51.0), (15.5, 51.7), (13.0, 50.4), (15.2, 50.7), (17.8, 50.1)],
        "cze": [(14.6, 49.7), (16.8, 49.3), (19.5, 48.7), (22.8, 48.4), (15.5, 49.2)],
        "hun": [(19.2, 47.5), (21.5, 47.0), (17.5, 46.8), (20.5, 48.0)],
        "roa": [(25.0, 45.5), (27.5, 45.0), (23.5, 46.3), (28.5, 46.8), (25.8, 47.9), (22.5, 45.2)],
        "pol": [
            (20.5, 52.3),
            (22.5, 50.8),
            (23.3, 52.3),
            (19.8, 49.9),
            (24.5, 49.5),
            (25.8, 53.3),
            (18.2, 54.1),
            (17.5, 52.5),
            (26.0, 50.8),
            (25.5, 54.6),
            (26.8, 55.4),
        ],
        "lit": [(24.0, 55.3), (22.0, 55.5), (24.5, 55.8)],
        "lat": [(24.5, 56.8), (26.5, 56.5), (22.3, 57.0)],
        "est": [(25.5, 58.8), (26.8, 58.3), (23.5, 58.6)],
        "ser": [(20.8, 43.8), (21.2, 42.4), (20.2, 45.5), (21.6, 41.7)],
        "cro": [
            (15.6, 45.2),
            (17.6, 43.9),
            (14.9, 46.1),
            (18.3, 44.2),
            (16.5, 43.5),
            (16.5, 45.7),
            (19.1, 42.7),
        ],
        "ven": [(11.7, 45.6), (12.0, 44.6), (13.8, 45.7), (13.9, 45.2), (11.3, 46.6)],
        "pru": [(20.5, 54.2), (21.8, 54.5), (19.6, 53.9)],
        "ber": [(13.3, 52.6), (13.4, 53.8), (15.8, 53.7)],
        "mos": [
            (37.5, 55.5),
            (46.0, 56.0),
            (40.0, 59.0),
            (33.0, 56.5),
            (28.0, 53.5),
            (31.0, 54.5),
            (31.0, 56.5),
            (28.6, 56.6),
        ],
        "ukr": [(30.5, 49.5), (28.2, 51.0), (34.0, 50.5)],
    }
)
SEA_SEEDS = dict(std.SEA_SEEDS)
COAST_UNITS = {
    "len/nc": std.COAST_UNITS["stp/nc"],
    "len/sc": std.COAST_UNITS["stp/sc"],
    **{k: v for k, v in std.COAST_UNITS.items() if not k.startswith("stp")},
}
LABELS = {**std.LABELS, "len": std.LABELS["stp"]}
UNITS = dict(std.UNITS)
LINE_ENDS = {("den", "swe"): std.LINE_ENDS[("den", "swe")]}

_DATA = tomllib.loads(TOML.read_text())
KINDS = {k: v["kind"] for k, v in _DATA["provinces"].items()}
NAMES = {k: v["name"] for k, v in _DATA["provinces"].items()}


def adjacencies() -> set[tuple[str, str]]:
    out = set()
    for edges in _DATA["adjacency"].values():
        for e in edges:
            a, b = (x.split("/")[0] for x in e.split("-"))
            out.add((min(a, b), max(a, b)))
    return out


def connections() -> list[tuple[str, str, str]]:
    return []
