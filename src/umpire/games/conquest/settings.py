"""The game master's settings of Conquest of the World."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from umpire.core.settings import LIST_MAX, MAX_ID, Key, Settings


class ConquestRules(Settings):
    """Variation 1 (rounds or turns), variation 2 (a target), a GM's own board (country: PBU
    value), the opening warchest."""

    rounds: Annotated[int, Field(ge=0, le=10_000)] = 0
    turns: Annotated[int, Field(ge=0, le=10_000)] = 0
    target: Annotated[int, Field(ge=0, le=MAX_ID)] = 0
    board: dict[Key, Annotated[int, Field(ge=1, le=99)]] = Field(
        default_factory=dict, max_length=LIST_MAX
    )
    warchest: Annotated[int, Field(ge=0, le=10**12, multiple_of=100)] = 0
