"""The map specs scripts/build_maps.py knows: name -> spec module (in this directory)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType


def _spec(module: str) -> Callable[[], ModuleType]:
    return lambda: importlib.import_module(module)


SPECS = {
    "standard": _spec("diplomacy_standard"),
    "1939-iii": _spec("diplomacy_1939"),
    "europe": _spec("battleplan_europe"),
    "historical": _spec("origins_historical"),
    "conquest": _spec("conquest_world"),
    "spi-ww2": _spec("spi_ww2_europe"),
    "bp-world": _spec("battleplan_world"),
    "bp-south-america": _spec("battleplan_south_america"),
}
