"""The game master's settings of Origins of World War II: none."""

from __future__ import annotations

from umpire.core.settings import Settings


class OriginsRules(Settings):
    """Origins of World War II takes no rules settings."""
