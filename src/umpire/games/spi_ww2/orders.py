"""The order value types, one per kind of order."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Place:
    """Place reinforcement or replacement SP (10.0) from the pool (US: due, then holding)."""

    nat: str
    sp: int
    hex: str


@dataclass(frozen=True, slots=True)
class Move:
    """Land movement (5.1-5.6)."""

    nat: str
    sp: int
    frm: str
    to: str


@dataclass(frozen=True, slots=True)
class Rail:
    """Rail movement (5.6, provisional)."""

    nat: str
    sp: int
    frm: str
    to: str


@dataclass(frozen=True, slots=True)
class Ship:
    """Naval transport port to port (5.7); ``owner``: whose transport points ("": own)."""

    nat: str
    sp: int
    frm: str
    to: str
    owner: str = ""


@dataclass(frozen=True, slots=True)
class Land:
    """Amphibious movement from a port to a coastal hex (5.8)."""

    nat: str
    sp: int
    frm: str
    to: str
    owner: str = ""


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack on ``target`` by groups (nationality, SP, hex); ``losses``: 8.52, the order
    in which several defending nationalities lose SP; ``displace``: 7.14, where the larger
    attacker moves the other unit."""

    target: str
    groups: tuple[tuple[str, int, str], ...]
    losses: tuple[str, ...] = ()
    displace: str = ""


@dataclass(frozen=True, slots=True)
class Permit:
    """A standing choice: grant (or refuse) another power a right (see politics.RIGHTS)."""

    grantee: str
    right: str
    granted: bool = True


@dataclass(frozen=True, slots=True)
class LendLease:
    """10.35: Strength Points of Lend-Lease given to Russia each Game-Turn (standing)."""

    sp: int


@dataclass(frozen=True, slots=True)
class Peace:
    """Offer peace to a power; war ends when both have offered (standing until war ends)."""

    power: str


@dataclass(frozen=True, slots=True)
class Objectives:
    """19.2: a synthesized Objectives column (country, entry), secretly recorded."""

    entries: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Pass:
    """Nothing to order this phase (said explicitly, as a player marks himself ready)."""


Order = Pass | Place | Move | Rail | Ship | Land | Attack | Permit | LendLease | Peace | Objectives
