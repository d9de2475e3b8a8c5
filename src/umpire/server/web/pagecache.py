"""What the game pages make once a turn and keep: the lists of legal orders, the maps.

Both depend only on the position after one processed turn (and on who reads it), never on
anything that happens while the next turn is open, so they are made at the first reading and
kept in the ``pages`` cache (``CACHES["pages"]``: files beside the default cache, so they never
push out the login throttle's counters) under a key naming that position exactly
(:func:`turn_key`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache import caches
from django.core.cache.backends.base import InvalidCacheBackendError

from umpire.server.models import Game, Turn

CACHE = "pages"
KEEP_SECONDS = 14 * 24 * 3600  # a turn open longer makes them again: nothing else
T = TypeVar("T")


def page_cache() -> Any:
    """The pages' cache, or the default one where the settings name none."""
    try:
        return caches[CACHE]
    except InvalidCacheBackendError:
        return caches["default"]


def turn_key(game: Game, turn: int) -> str:
    """What names the position after processed turn ``turn`` of ``game`` (0: the opening):
    the game (its id and creation time: ids come round again in a fresh database), the turn,
    and that turn's row (id and time: a turn rolled back and processed again is another
    position)."""
    row: tuple[int, Any] | None = None
    if turn >= 1:
        row = Turn.objects.filter(game=game, number=turn).values_list("id", "processed_at").first()
    made = game.created_at.timestamp() if game.created_at else 0
    stamp = f"{row[0]}.{row[1].timestamp()}" if row else "0"
    return f"{game.pk}.{made}:{turn}:{stamp}"


def remember(key: str, make: Callable[[], T], keep: Callable[[T], bool] = bool) -> T:
    """The value kept under ``key``, else ``make()`` (kept where ``keep`` says so)."""
    cache = page_cache()
    found = cache.get(key)
    if found is None:
        found = make()
        if keep(found):
            cache.set(key, found, KEEP_SECONDS)
    return found  # type: ignore[no-any-return]
