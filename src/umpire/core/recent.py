"""What was last worked out of a few objects, found again by the objects' identity.

A turn's views all read the same finished state: one per reader, each asking the same questions
of it (who controls each country, the public list of players, the open map). A game's module
keeps the answers for the last few states it was asked about in a :class:`Recent`, and answers
again from there while the same state object is asked about. The objects are kept (so that
their identity cannot pass to a new object) and must not change after being asked about: a
finished state never does (each turn makes a new one).

The entries are one tuple, replaced whole, so that a reader never pairs one object with
another's answer; a few entries, not one, so that two states read in turns (a table's kept
state and the same turn loaded from its record) do not push each other out.
"""

from __future__ import annotations

from typing import Generic, TypeVar

V = TypeVar("V")


class Recent(Generic[V]):
    """The answers for the last ``size`` keys (tuples of objects, compared by identity)."""

    def __init__(self, size: int = 4) -> None:
        self.size = size
        self._entries: tuple[tuple[tuple[object, ...], V], ...] = ()

    def get(self, *key: object) -> V | None:
        for keys, value in self._entries:
            if len(keys) == len(key) and all(a is b for a, b in zip(keys, key, strict=True)):
                return value
        return None

    def put(self, value: V, *key: object) -> V:
        """Keep ``value`` as the answer for ``key`` (the oldest entry goes), and return it."""
        self._entries = ((key, value), *self._entries[: self.size - 1])
        return value
