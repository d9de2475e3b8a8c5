"""The game master's settings of Battle Plan (every scenario)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from umpire.core.settings import Name, Settings


class BattlePlanRules(Settings):
    """``max_turns``: a last turn (none: the scenario's own end); ``due``: the due date the
    printout names (14: the server may supply it)."""

    max_turns: Annotated[int, Field(ge=1, le=10_000)] | None = None
    due: Name = ""
