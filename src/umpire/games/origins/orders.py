"""The orders of Origins, as small immutable values (one class per kind).

Canonical text is made by :mod:`umpire.games.origins.notation`; see its docstring for the
grammar. Every order is self-contained: ``HOME`` always means the home area of the power
whose orders these are.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Place:
    """OWW 3.2: place ``amount`` of this turn's PFs in ``area``."""

    area: str
    amount: int


@dataclass(frozen=True, slots=True)
class Move:
    """OWW 3.2, 3.3: move ``amount`` PFs from the home area to ``area``."""

    area: str
    amount: int


@dataclass(frozen=True, slots=True)
class Condition:
    """OWW 4.7: ``power`` placed (or, ``placed=False``, did not place) PFs in the area."""

    power: str
    placed: bool


@dataclass(frozen=True, slots=True)
class Attack:
    """OWW 4.1-4.7: one attack in ``area`` against ``targets`` with ``strength`` PFs."""

    area: str
    targets: tuple[str, ...]
    strength: int
    conditions: tuple[Condition, ...] = ()


@dataclass(frozen=True, slots=True)
class Understanding:
    """OWW 5.1, 5.2: turn 5 PFs in ``area`` into an Understanding marker."""

    area: str


@dataclass(frozen=True, slots=True)
class Control:
    """OWW 5.1, 5.3, 5.4: place a Control marker, sharing with ``share`` if they agree."""

    area: str
    share: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Spy:
    """OWW 6.1: spy on ``target`` in ``area`` (not one's own home area: see SpyHome)."""

    area: str
    target: str


@dataclass(frozen=True, slots=True)
class SpyHome:
    """OWW 6.1: spy on up to two players in one's own home area."""

    targets: tuple[str, ...]


Order = Place | Move | Attack | Understanding | Control | Spy | SpyHome
