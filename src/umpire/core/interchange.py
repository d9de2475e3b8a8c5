"""Games in formats other tools read: a game's record declares them, core plays them in.

A game gives its record an :class:`Interchange` per format (``Game(..., interchanges=...)``):
``export(record)`` writes a whole record in the format, ``read(data)`` reads a game in it into
the orders of each phase and the position the format says each phase reached, and
``position(state)`` gives one of the game's own dumped states the same comparable form.

:func:`import_game` plays what ``read`` gave through Umpire's own adjudication, phase by
phase, exactly as submitted orders are played (the submission pipeline, then ``process``),
and compares each position reached with the format's: an import either reproduces the game
or is refused, naming the first phase where the two differ. Nothing of the format is trusted
but its orders: the positions are Umpire's own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from umpire.core import session
from umpire.core.record import GameRecord


class InterchangeError(ValueError):
    """Data that is not a game in the format, or a game Umpire does not play the same way."""


@dataclass(frozen=True, slots=True)
class ImportedPhase:
    name: str  # the format's name of the phase ("S1901M")
    orders: Mapping[str, list[str]]  # power -> orders, in the game's own notation
    position: Any  # the position at the START of this phase, as ``Interchange.position`` gives


@dataclass(frozen=True, slots=True)
class Imported:
    scenario: str
    powers: tuple[str, ...]
    phases: tuple[ImportedPhase, ...]


@dataclass(frozen=True, slots=True)
class Interchange:
    """One format a game is written in and read from."""

    name: str  # "diplomacy": the command line's --format and the download's name
    title: str  # "the diplomacy package's saved game (JSON)"
    scenarios: tuple[str, ...]  # the scenarios it holds
    export: Callable[[GameRecord], dict[str, Any]]
    read: Callable[[Any], Imported]
    position: Callable[[Mapping[str, Any]], Any]
    phase_name: Callable[[Mapping[str, Any]], str]
    # A phase Umpire plays that the format leaves out (nothing to order in it): an import
    # plays it with no orders, an export writes nothing of it.
    omitted: Callable[[Mapping[str, Any]], bool] = lambda state: False


def import_game(game: str, interchange: Interchange, data: Any, *, seed: int = 0) -> GameRecord:
    """A new record of ``game`` that plays the game ``data`` holds, every phase adjudicated by
    Umpire and checked against the format's positions (:class:`InterchangeError` at the first
    difference or refused order)."""
    imported = interchange.read(data)
    record = session.create(
        game, scenario=imported.scenario, seed=seed, powers=list(imported.powers)
    )
    table = session.open_table(record)
    phases = imported.phases
    for at, phase in enumerate(phases):
        state = record.latest_state
        if record.outcome is not None:
            if at < len(phases) - 1:
                raise InterchangeError(f"the game ended before phase {phase.name}")
            break
        ours = interchange.phase_name(state)
        while ours != phase.name and interchange.omitted(state) and record.outcome is None:
            table.process()  # a phase the format leaves out: played with no orders
            state = record.latest_state
            ours = interchange.phase_name(state)
        if ours != phase.name:
            raise InterchangeError(f"Umpire is at phase {ours}, the saved game at {phase.name}")
        if interchange.position(state) != phase.position:
            raise InterchangeError(f"the position at the start of {phase.name} differs")
        if at == len(phases) - 1:  # the position the game reached: no orders to play
            break
        for power, orders in sorted(phase.orders.items()):
            if not orders:
                continue
            text = "".join(f"{o}\n" for o in orders)
            try:
                receipt = table.submit(power, text, source="import")
            except session.SessionError as err:
                raise InterchangeError(
                    f"{phase.name}: {power}'s orders are refused: {err}"
                ) from err
            if receipt.problems:
                first = receipt.problems[0]
                raise InterchangeError(
                    f"{phase.name}: {power}'s order {first.text!r} is refused: {first.message}"
                )
        table.process()
    return record
