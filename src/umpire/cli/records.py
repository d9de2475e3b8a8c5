"""The record file every command reads and writes (read whole, written atomically: a
temporary file in the same folder, then a rename), and what the commands share: the exit
statuses and the error for unusable input."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from umpire.core import session
from umpire.core.record import (
    GameRecord,
    RecordError,
    TurnRecord,
    dump_record,
    read_record_data,
)

EXIT_OK = 0
EXIT_REFUSED = 1
EXIT_UNUSABLE = 2
UMPIRE_NAMES = frozenset({"umpire", "gm", "moderator"})


class CliError(Exception):
    """Unusable input: printed to stderr, exit status 2."""


def load_record(path: Path) -> GameRecord:
    try:
        raw = path.read_bytes()
    except FileNotFoundError as err:
        raise CliError(f"no game record at {path}") from err
    except OSError as err:
        raise CliError(f"cannot read {path}: {err.strerror}") from err
    try:
        data = read_record_data(raw)
    except json.JSONDecodeError as err:
        raise CliError(f"{path} is not valid JSON (line {err.lineno}): corrupt record") from err
    except (RecordError, UnicodeDecodeError) as err:
        raise CliError(f"{path}: {err}") from err
    try:
        return GameRecord.from_json(data)
    except RecordError as err:
        raise CliError(f"{path}: {err}") from err


def save_record(record: GameRecord, path: Path) -> None:
    """Write atomically: a temporary file beside the target, flushed, then renamed over it.
    A name ending in ``.gz`` is written compressed (:func:`dump_record`)."""
    data = dump_record(record, compressed=path.suffix == ".gz")
    folder = path.resolve().parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@dataclass(frozen=True)
class RecordFile:
    """A JSON record file as a :class:`~umpire.core.gamestore.GameStore`: the whole record
    read, and written back atomically (:func:`save_record`)."""

    path: Path

    def load(self) -> GameRecord:
        return load_record(self.path)

    def load_whole(self) -> GameRecord:
        return load_record(self.path)

    def save_rollback(self, table: session.Table, undone: TurnRecord) -> None:
        save_record(table.record, self.path)

    def save_result(self, record: GameRecord) -> None:
        save_record(record, self.path)
