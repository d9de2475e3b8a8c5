"""The orders of Conquest of the World, one frozen value type per kind."""

from __future__ import annotations

from dataclasses import dataclass

WEAPONS = ("TANK", "SUB", "PLANE")  # rule 10C: P (PLANE), S (SUB), T (TANK)
POSTURES = ("CAUTIOUS", "AGGRESSIVE")  # ruling C10: the battle model's postures


@dataclass(frozen=True, slots=True)
class Digit:
    """COTW 2C: the number 0-9 a player calls before the readout is stopped."""

    digit: int


@dataclass(frozen=True, slots=True)
class Homeland:
    """COTW 3: the country chosen as Homeland."""

    country: str


@dataclass(frozen=True, slots=True)
class Ally:
    """COTW 4 (home-zone alliances, free) or 9 (one bought alliance with an unoccupied country)."""

    country: str


@dataclass(frozen=True, slots=True)
class Attack:
    """COTW 10 (unoccupied), 15 (occupied) or 19 (a Homeland)."""

    country: str


@dataclass(frozen=True, slots=True)
class Pass:
    """COTW 8, 14D, 20B: decline to attack; the attack option passes left."""


@dataclass(frozen=True, slots=True)
class Weapon:
    """COTW 10C, 11B, 21C: the weapon (and posture, ruling C10) for the next battle."""

    weapon: str
    posture: str = "CAUTIOUS"


@dataclass(frozen=True, slots=True)
class Pact:
    """COTW 18A: propose (or accept) a player alliance with ``power``."""

    power: str


@dataclass(frozen=True, slots=True)
class Break:
    """COTW 18F: break the player alliance with ``power``; it can never be renewed."""

    power: str


Order = Digit | Homeland | Ally | Attack | Pass | Weapon | Pact | Break
