"""Events and their audiences.

Every event a turn produces says who may read it: everyone (public), some powers, or the
umpire only. A power's report is its view plus the events addressed to it
(:func:`visible_to`); nothing else reaches it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

PUBLIC = "public"
UMPIRE = "umpire"
POWERS = "powers"
NO_DATA: Mapping[str, Any] = MappingProxyType({})
NOTES = frozenset({"no_orders", "nmr"})
"""Kinds of event that tell a player about the turn without being its adjudication: a power
that sent no orders is told so and what the rules did instead (what they did is in the state
and the other events). A record made before a game wrote them replays with them added; replay
reports that apart from a divergence (docs/server.md, "Replaying a record")."""


@dataclass(frozen=True, slots=True)
class Audience:
    """Who may read an event. Build with :meth:`public`, :meth:`umpire` or :meth:`powers`."""

    kind: str
    members: frozenset[str] = frozenset()

    @classmethod
    def public(cls) -> Audience:
        return cls(PUBLIC)

    @classmethod
    def umpire(cls) -> Audience:
        return cls(UMPIRE)

    @classmethod
    def powers(cls, *powers: str) -> Audience:
        return cls(POWERS, frozenset(powers))

    def admits(self, power: str | None) -> bool:
        """``power=None`` is the umpire, who reads everything."""
        if power is None or self.kind == PUBLIC:
            return True
        return self.kind == POWERS and power in self.members

    def to_json(self) -> dict[str, Any]:
        if self.kind == POWERS:
            return {"kind": self.kind, "members": sorted(self.members)}
        return {"kind": self.kind}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Audience:
        kind = data["kind"]
        if kind not in (PUBLIC, UMPIRE, POWERS):
            raise ValueError(f"unknown audience kind {kind!r}")
        return cls(kind, frozenset(data.get("members", ())))


class Event(NamedTuple):
    """Something that happened in a turn (an immutable value; a tuple for speed, since a
    turn of a large game makes hundreds).

    ``kind`` is a stable machine name (``"conflict"``, ``"capture"``); ``text`` the sentence a
    printout shows; ``data`` JSON-able details for printouts and the API.
    """

    kind: str
    audience: Audience
    text: str
    data: Mapping[str, Any] = NO_DATA

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "audience": self.audience.to_json(),
            "text": self.text,
            "data": dict(self.data),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        return cls(
            str(data["kind"]),
            Audience.from_json(data["audience"]),
            str(data["text"]),
            dict(data.get("data", {})),
        )


def rule_events(events: Iterable[Event]) -> list[Event]:
    """``events`` without the notes to players (:data:`NOTES`)."""
    return [e for e in events if e.kind not in NOTES]


def visible_to(events: Iterable[Event], power: str | None) -> list[Event]:
    """The events ``power`` may read, in order (``None``: the umpire, who reads all)."""
    return [e for e in events if e.audience.admits(power)]
