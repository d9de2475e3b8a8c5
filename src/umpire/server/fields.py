"""A model field for the bulky JSON of the game record: stored compressed (issue 33).

A turn's state, draws and events are JSON that repeats itself (the same keys in every country,
the same purposes in every draw): a World Wide Battle Plan turn of 31 players was 150 KiB of
it, and zlib makes it about a ninth. :class:`PackedJSONField` keeps a JSON value in a binary
column in one of two forms, told apart by their first byte:

- packed: the zlib compression of its compact UTF-8 JSON text (zlib's first byte, 0x78);
- plain: that text itself, uncompressed (JSON text never starts with 0x78, ``x``).

Reading gives the same value back from either (key order kept), so every reader of the
column (the ORM, ``values_list``, the compiled statements of :mod:`umpire.server.statements`)
sees plain JSON, as from a ``JSONField``. A field writes new values packed, or plain with
``packed=False``: the form for a value read often (a game's latest state, read by every
submission), since decompressing it costs about a seventh more than parsing it alone (a World
Wide state: 115 us on top of 820 us). :func:`packed` turns a plain stored value into the packed
one without parsing it (``store.save_turn`` packs the state before the latest). Lookups into
the JSON are not possible (the column is opaque to the database); none is made.

No preset dictionary (``zdict``) and no higher level: measured on the World Wide game, level 9
with a dictionary of 32 KiB built from the games' own records saved about 2.9 KiB a turn,
but setting the dictionary costs every compression about ten times zlib's own work on a short
value and level 9 the state's three times (``docs/server.md``).
"""

from __future__ import annotations

import json
import zlib
from typing import TYPE_CHECKING, Any

from django.db import models

if TYPE_CHECKING:
    _Binary = models.BinaryField[Any, Any]
else:  # Django's fields are generic for the type checker only
    _Binary = models.BinaryField

LEVEL = 6  # zlib's default: a World Wide state in 1 ms, 8 KiB; level 9 takes 3 ms for 7.5 KiB
ZLIB = 0x78  # the first byte of every zlib stream of the default window


class Stored(bytes):
    """A value already in its stored form (:func:`pack`, :func:`packed`): written as it is."""


def pack(value: Any, *, compress: bool = True) -> Stored:
    """The stored form of the JSON value ``value``: packed, or plain without ``compress``."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()
    return Stored(zlib.compress(text, LEVEL) if compress else text)


def packed(data: bytes | memoryview) -> Stored:
    """The packed form of a stored value (``data`` itself where it is packed already)."""
    data = bytes(data)
    return Stored(data if is_packed(data) else zlib.compress(data, LEVEL))


def is_packed(data: bytes | memoryview) -> bool:
    return len(data) > 0 and data[0] == ZLIB


def unpack(data: bytes | memoryview) -> Any:
    """The JSON value stored as ``data``, packed or plain (:func:`pack`). Decoded before it
    is parsed: ``json.loads`` given bytes guesses their encoding in Python code first."""
    return json.loads((zlib.decompress(data) if is_packed(data) else bytes(data)).decode())


class PackedJSONField(_Binary):
    """A JSON value, stored compressed (:func:`pack`), or plain with ``packed=False``; read
    and written as the value itself (a :class:`Stored` value is written as it is)."""

    _pyi_private_set_type: Any
    _pyi_private_get_type: Any

    def __init__(self, *args: Any, packed: bool = True, **kwargs: Any) -> None:
        self.packed = packed
        kwargs.setdefault("editable", False)
        super().__init__(*args, **kwargs)

    def deconstruct(self) -> Any:
        name, path, args, kwargs = super().deconstruct()
        if not self.packed:
            kwargs["packed"] = False
        return name, path, args, kwargs

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        return None if value is None else unpack(value)

    def get_prep_value(self, value: Any) -> Any:
        if value is None or isinstance(value, Stored):
            return value
        return pack(value, compress=self.packed)

    def to_python(self, value: Any) -> Any:
        return value

    def value_to_string(self, obj: Any) -> Any:
        # As JSONField: the serializers (dumpdata, loaddata) carry the value itself.
        return self.value_from_object(obj)
