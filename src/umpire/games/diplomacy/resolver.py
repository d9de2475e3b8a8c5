"""A small, game-agnostic resolver for mutually dependent yes/no decisions.

This is the guess algorithm of the DATC (section 5.F, with the section 5.D refinement for
cycles that are not clean single cycles), written over integer decision numbers. It knows
nothing about Diplomacy: the caller supplies

- ``decide(n, resolver)``: the outcome of decision ``n``, asking ``resolver.resolve(m)`` for
  every decision it depends on;
- ``backup(cycle)``: outcomes for (some of) the decisions of a cycle that has no single
  consistent outcome (circular movement, convoy paradoxes); ``decide`` is asked again for any
  decision the backup leaves open.

Each decision is first guessed False; when the recursion meets the decision it is guessing,
the decision is in a cycle, and the guess True is tried as well. One consistent outcome is
taken; two (or none) go to the backup rule.

>>> r = Resolver(2, lambda n, r: not r.resolve(1 - n), lambda cycle: {cycle[0]: True})
>>> r.resolve(0), r.resolve(1)
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import compress, count
from operator import not_

Decide = Callable[[int, "Resolver"], bool]
Backup = Callable[[Sequence[int]], Mapping[int, bool]]


class Resolver:
    __slots__ = (
        "_backup",
        "_cycle",
        "_decide",
        "_guess_based",
        "_hits",
        "_visited",
        "resolved",
        "value",
    )

    def __init__(self, size: int, decide: Decide, backup: Backup) -> None:
        self._decide = decide
        self._backup = backup
        # The outcome of each decision (provisional while it is being resolved), and whether
        # it is final: read them, change them only through :meth:`settle` (or, before
        # anything is resolved, as it does: a caller's fast path settling many at once).
        self.value = [False] * size
        self.resolved = [False] * size
        self._visited = [False] * size
        self._cycle: list[int] = []
        self._guess_based = False
        self._hits = 0  # times the recursion met a decision it was already visiting

    def resolve(self, n: int) -> bool:
        if self.resolved[n]:
            return self.value[n]
        if n in self._cycle:
            # Part of a cycle still being resolved: its provisional outcome.
            self._guess_based = True
            return self.value[n]
        if self._visited[n]:
            # The recursion came back to a decision it is guessing: a cycle.
            self._cycle.append(n)
            self._guess_based = True
            self._hits += 1
            return self.value[n]
        self._visited[n] = True
        start = len(self._cycle)
        outer_guess_based = self._guess_based
        self._guess_based = False
        outer_hits = self._hits
        self.value[n] = False
        first = self._decide(n, self)
        if not self._guess_based:
            # Independent of any guess: settled.
            return self._settle(n, first, outer_guess_based)
        if n in self._cycle:
            self._hits -= 1
        if self._hits == outer_hits:
            # Every cycle met below closes on this decision: try the other guess.
            del self._cycle[start:]
            self.value[n] = True
            second = self._decide(n, self)
            if first == second:
                del self._cycle[start:]
                return self._settle(n, first, outer_guess_based)
            members = list(dict.fromkeys([n, *self._cycle[start:]]))
            del self._cycle[start:]
            for m, value in self._backup(members).items():
                self.value[m] = value
                self.resolved[m] = True
            self._guess_based = outer_guess_based
            self._visited[n] = False
            return self.resolve(n)
        # A cycle closes further up the recursion: remember the provisional outcome.
        if n not in self._cycle:
            self._cycle.append(n)
        self.value[n] = first
        self._visited[n] = False
        return first

    def resolve_all(self) -> list[bool]:
        """The outcome of every decision, in order (:attr:`value`, every decision resolved)."""
        resolve = self.resolve
        # The decisions not resolved yet, in order, picked at C level: each is looked at when
        # reached, so one resolved on the way by an earlier one is skipped.
        for n in compress(count(), map(not_, self.resolved)):
            resolve(n)
        return self.value

    def settle(self, n: int, value: bool) -> None:
        """Fix decision ``n`` before resolving: for an outcome the caller knows without asking
        about any other decision (a fast path; it must be the value ``decide`` would give)."""
        self.value[n] = value
        self.resolved[n] = True

    def _settle(self, n: int, value: bool, outer_guess_based: bool) -> bool:
        self._guess_based = outer_guess_based
        self.value[n] = value
        self.resolved[n] = True
        return value
