"""The game master's settings of SPI's Multi-Player World War II."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from umpire.core.settings import Settings


class SpiWW2Rules(Settings):
    """18.0 Variable US Entry on or off (a true/false, never a word), and the last Game-Turn
    (0: the calendar's 23, 4.3)."""

    variable_us_entry: bool = True
    game_turns: Annotated[int, Field(ge=0, le=23)] = 0
