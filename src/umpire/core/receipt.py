"""What a power and a game master are told: the :class:`Receipt` of a submission (every
accepted order and every problem, and whether it now stands) and the :class:`Status` of a
game (the turn, who has submitted, the outcome)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from umpire.core.problems import Problem
from umpire.core.ruleset import Outcome, power_label
from umpire.core.submission import WITHDRAW


@dataclass(slots=True)
class Receipt:
    """What a power is told after submitting: every accepted order and every problem.

    ``stored``: whether the submission now stands as the power's orders for the turn. One
    with no accepted order and a problem is refused (unless it says ``CLEAR``): it stores
    nothing and the power's earlier orders, ``standing`` (None: he has sent none), stand."""

    game: str
    power: str
    turn: int
    label: str
    accepted: list[tuple[int, str]]  # (line, canonical order)
    problems: list[Problem]
    stored: bool = True
    standing: list[str] | None = None  # when not stored: the orders that still stand
    # Accepted orders the rules will refuse whatever the others order (HasWarnings).
    warnings: list[Problem] = field(default_factory=list)
    named: str = ""  # the power as a person reads it: "England (ENG)" (default: its code)
    # The storage's cap, when it has one: a power's newest ``kept`` submissions for a turn
    # are kept, older ones deleted (the newest, the one that counts, always stays).
    kept: int | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    def text(self, link: Callable[[str], str] | None = None) -> str:
        """The receipt as a player reads it. ``link``: the address explaining a problem code
        (the rules page's anchor), put at the end of each problem's line ("" or None: none)."""

        def linked(line: str, code: str) -> str:
            address = link(code) if link is not None else ""
            return f"{line} {address}" if address else line

        lines = [f"Receipt: {self.game}, {self.label}, orders of {self.named or self.power}"]
        count = len(self.accepted)
        lines.append(f"{count} order(s) accepted:" if count else "No order accepted.")
        warned = {w.line: w for w in self.warnings}
        for n, order in self.accepted:
            lines.append(f"  line {n:>3}: {order}")
            if n in warned:
                w = warned.pop(n)
                said = f"            accepted, but will be refused: {w.message}"
                lines.append(linked(said, w.code))
        lines.extend(linked(f"  {w}", w.code) for w in warned.values())  # none on an order's line
        if self.problems:
            lines.append(f"{len(self.problems)} problem(s):")
            lines.extend(linked(f"  {p}", p.code) for p in self.problems)
        elif self.warnings:
            lines.append(
                f"No problems, but {len(self.warnings)} order(s) will be refused as written."
            )
        else:
            lines.append("No problems.")
        if not self.stored:
            lines.extend(self._unchanged())
        elif not count:
            lines.append("You now have no orders for this turn: any sent earlier are withdrawn.")
        if self.stored and self.kept is not None:
            lines.append(
                f"Only your newest {self.kept} submissions for a turn are kept (the last one "
                "counts); older ones are deleted."
            )
        return "\n".join(lines) + "\n"

    def _unchanged(self) -> list[str]:
        """What a refused submission left as it was."""
        lines = ["Nothing was stored: this submission changed nothing."]
        if self.standing is None:
            lines.append("You have no orders stored for this turn.")
        elif not self.standing:
            lines.append("Your earlier submission for this turn, with no orders, stands.")
        else:
            lines.append(f"Your earlier orders for this turn stand ({len(self.standing)}):")
            lines.extend(f"  {order}" for order in self.standing)
            lines.append(f"To withdraw them, send the line {WITHDRAW}.")
        return lines

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "power": self.power,
            "turn": self.turn,
            "label": self.label,
            "accepted": [{"line": n, "order": o} for n, o in self.accepted],
            "problems": [p.to_json() for p in self.problems],
            "warnings": [w.to_json() for w in self.warnings],
            "named": self.named or self.power,
            **({} if self.kept is None else {"kept": self.kept}),
        }


@dataclass(slots=True)
class Status:
    game: str
    scenario: str
    turn: int
    label: str
    expected: list[str]
    submitted: list[str]
    outcome: Outcome | None
    turns_processed: int = 0
    powers: list[str] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # power -> full name, where it has one

    def text(self) -> str:
        head = f"{self.game} ({self.scenario}), {self.turns_processed} turn(s) processed"
        if self.outcome:
            return f"{head}\nGame over: {self.outcome.summary}\n"
        waiting = [p for p in self.expected if p not in self.submitted]
        return (
            f"{head}\nNext: {self.label}\n"
            f"Submitted: {self.listed(self.submitted)}\n"
            f"Waiting for: {self.listed(waiting)}\n"
        )

    def listed(self, powers: Sequence[str]) -> str:
        """``powers`` as a person reads them: "England (ENG), France (FRA)"; "nobody"."""
        return ", ".join(power_label(p, self.names) for p in powers) or "nobody"
