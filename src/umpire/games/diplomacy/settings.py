"""The game master's settings of Diplomacy (both scenarios)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from umpire.core.settings import Settings


class DiplomacyRules(Settings):
    """``max_years``: the game ends after this many game years (a house limit)."""

    max_years: Annotated[int, Field(ge=1, le=200)] = 40
