"""Problems found in a submission, and the result of parsing one.

A submission never stops at its first bad line. Parsing returns every accepted order (with
the line it came from) and every problem: line number, a stable code such as
``order/unknown_area``, and a message that quotes the input.

Codes have a family before the slash: ``syntax/`` (not understood), ``order/`` (understood,
but refers to something that does not exist or is ambiguous), ``illegal/`` (understood but not
allowed now).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

OrderT = TypeVar("OrderT")


@dataclass(frozen=True, slots=True)
class Problem:
    line: int  # 1-based line of the submission; 0 for the submission as a whole
    code: str
    message: str
    text: str = ""  # the offending input, verbatim

    def __str__(self) -> str:
        where = f"line {self.line}" if self.line else "submission"
        return f"{where}: {self.message} [{self.code}]"

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "code": self.code, "message": self.message, "text": self.text}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Problem:
        return cls(int(data["line"]), str(data["code"]), str(data["message"]), str(data["text"]))


class OrderError(ValueError):
    """Raised inside a game's parser for one line; the bulk parser turns it into a Problem."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(slots=True)
class Parsed(Generic[OrderT]):
    """Accepted orders with their line numbers, and every problem, in line order."""

    orders: list[tuple[int, OrderT]] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def accept(self, line: int, order: OrderT) -> None:
        self.orders.append((line, order))

    def reject(self, line: int, code: str, message: str, text: str = "") -> None:
        self.problems.append(Problem(line, code, message, text))
