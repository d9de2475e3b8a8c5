"""Seeded, recorded randomness.

Every random decision of a game goes through a :class:`Chance`. Each draw states its purpose
and is recorded as a :class:`Draw`, so a turn can be replayed from its recorded draws and a
player (or the game master) can audit the dice.

All draws reduce to one primitive, :meth:`Chance.randint`; the helpers (``roll``, ``choice``,
``shuffle``, ``percent``) are built on it, so a recorded list of draws replays any of them.

>>> c = SeededChance(42, "turn 1")
>>> c.roll(6, purpose="example") in range(1, 7)
True
>>> c.draws[0].purpose
'example'
>>> s = ScriptedChance([3, 6])
>>> s.roll(6, purpose="first"), s.roll(6, purpose="second")
(3, 6)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Draw:
    """One recorded draw: an integer ``value`` in ``low..high`` drawn for ``purpose``."""

    purpose: str
    low: int
    high: int
    value: int

    def to_json(self) -> dict[str, Any]:
        return {"purpose": self.purpose, "low": self.low, "high": self.high, "value": self.value}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Draw:
        return cls(str(data["purpose"]), int(data["low"]), int(data["high"]), int(data["value"]))


class ChanceExhausted(RuntimeError):
    """A scripted or replayed chance was asked for more draws than it holds."""


class ReplayDivergence(RuntimeError):
    """A replay asked for a draw that differs from the recorded one."""


class Chance:
    """Base class: subclasses supply :meth:`_next`; everything else is shared."""

    def __init__(self) -> None:
        self.draws: list[Draw] = []

    def _next(self, low: int, high: int, purpose: str) -> int:
        raise NotImplementedError

    def randint(self, low: int, high: int, *, purpose: str) -> int:
        """An integer in ``low..high`` inclusive."""
        if high < low:
            raise ValueError(f"empty range {low}..{high} for {purpose!r}")
        value = self._next(low, high, purpose)
        if not low <= value <= high:
            raise ValueError(f"draw {value} outside {low}..{high} for {purpose!r}")
        self.draws.append(Draw(purpose, low, high, value))
        return value

    def roll(self, sides: int, *, purpose: str) -> int:
        """A die of ``sides`` faces: ``1..sides``."""
        return self.randint(1, sides, purpose=purpose)

    def percent(self, *, purpose: str) -> int:
        """``1..100``; ``chance.percent(...) <= 5`` happens 5% of the time."""
        return self.randint(1, 100, purpose=purpose)

    def succeeds(self, numerator: int, denominator: int, *, purpose: str) -> bool:
        """True with probability ``numerator / denominator`` (one draw in ``1..denominator``)."""
        return self.randint(1, denominator, purpose=purpose) <= numerator

    def choice(self, options: Sequence[T], *, purpose: str) -> T:
        return options[self.randint(0, len(options) - 1, purpose=purpose)]

    def shuffle(self, items: Iterable[T], *, purpose: str) -> list[T]:
        """A new list in random order (Fisher-Yates, one draw per position)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.randint(0, i, purpose=purpose)
            out[i], out[j] = out[j], out[i]
        return out


def derive_seed(seed: int, *labels: object) -> int:
    """A stable 64-bit seed for one stream (a turn, a bot) from the game seed and labels."""
    return _seed_of(_stream_name(seed, labels))


def _stream_name(seed: int, labels: tuple[object, ...]) -> str:
    return ":".join([str(seed), *map(str, labels)])


def _seed_of(name: str) -> int:
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big")


class SeededChance(Chance):
    """Draws from a PRNG seeded by the game seed and a stream label (for example the turn).

    The PRNG is seeded at the first draw (seeding costs more than many a turn that draws
    nothing); the stream's name is fixed at construction, so the draws are the same.
    """

    def __init__(self, seed: int, *labels: object) -> None:
        super().__init__()
        self._name = _stream_name(seed, labels)
        self._rng: random.Random | None = None

    def _next(self, low: int, high: int, purpose: str) -> int:
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(_seed_of(self._name))
        return rng.randint(low, high)


class ScriptedChance(Chance):
    """A test double: returns the given values in order, whatever the purpose."""

    def __init__(self, values: Iterable[int]) -> None:
        super().__init__()
        self._values = list(values)
        self._index = 0

    def _next(self, low: int, high: int, purpose: str) -> int:
        if self._index >= len(self._values):
            raise ChanceExhausted(f"no scripted value left for {purpose!r}")
        value = self._values[self._index]
        self._index += 1
        return value

    @property
    def remaining(self) -> int:
        return len(self._values) - self._index


class ReplayChance(Chance):
    """Replays recorded draws, checking that each is asked for the same purpose and range."""

    def __init__(self, recorded: Iterable[Draw]) -> None:
        super().__init__()
        self._recorded = list(recorded)
        self._index = 0

    def _next(self, low: int, high: int, purpose: str) -> int:
        if self._index >= len(self._recorded):
            raise ChanceExhausted(f"the record holds no draw for {purpose!r}")
        draw = self._recorded[self._index]
        self._index += 1
        if (draw.purpose, draw.low, draw.high) != (purpose, low, high):
            raise ReplayDivergence(
                f"draw {self._index}: recorded {draw.purpose!r} {draw.low}..{draw.high}, "
                f"replay asked {purpose!r} {low}..{high}"
            )
        return draw.value

    @property
    def complete(self) -> bool:
        return self._index == len(self._recorded)
