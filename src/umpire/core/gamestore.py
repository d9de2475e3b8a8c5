"""One store interface for a game's record, and the use cases the command line and the server
share over it (issue 28).

A :class:`GameStore` is where one game's record lives: the command line's JSON record file
(``umpire.cli.records.RecordFile``) or the server's database rows
(``umpire.server.store.DatabaseStore``). The use cases here run the engine's session over
whichever store they are given, so ``umpire end`` and ``umpire rollback`` on the command line and the game
master's declared result and rollback on the console are the same code: the store decides only how the record is
read and how the change is written.

Nothing here does I/O; a store does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from umpire.core import session
from umpire.core.record import GameRecord, TurnRecord
from umpire.core.ruleset import Outcome


class GameStore(Protocol):
    """Where one game's record is kept."""

    def load(self) -> GameRecord:
        """The record as far as a use case needs it: at least the state after the last
        processed turn (the database's tail; the file's whole record)."""
        ...

    def load_whole(self) -> GameRecord:
        """The whole record, as undoing a turn needs it (the database drops the current
        turn's pending orders: they belonged to the turn that reopens no longer; the file
        keeps them)."""
        ...

    def save_rollback(self, table: session.Table, undone: TurnRecord) -> None:
        """Write the record with its last turn ``undone`` (``table`` holds the record after)."""
        ...

    def save_result(self, record: GameRecord) -> None:
        """Write the game's end: ``record.outcome`` is set, and no more orders are taken
        (the file is rewritten; the database marks the game finished and stores every
        reader's last printout again, now saying the game is over)."""
        ...


def end(store: GameStore, winners: Sequence[str], summary: str = "") -> Outcome:
    """End the game with a declared result: a draw among ``winners``, or one winner
    (:meth:`umpire.core.session.Table.declare_result`: refused with ``game/over`` when the
    game has ended already, ``game/winners`` when the winners are none or repeated)."""
    record = store.load()
    outcome = session.declare_result(record, winners, summary)
    store.save_result(record)
    return outcome


def rollback(store: GameStore) -> tuple[TurnRecord, session.Table]:
    """Undo the last processed turn (:meth:`umpire.core.session.Table.rollback`: refused with
    ``turn/none`` when none is); the turn undone, and the table after, for what follows."""
    table = session.open_table(store.load_whole())
    undone = table.rollback()
    store.save_rollback(table, undone)
    return undone, table
