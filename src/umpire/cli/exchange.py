"""Records to and from elsewhere: ``export`` (a server game's record, to a file) and
``convert`` (a record to or from the diplomacy package's format).

The server commands import the server inside each function: file-based play needs neither
Django nor the database."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TextIO

from umpire.cli.records import (
    EXIT_OK,
    CliError,
    load_record,
    save_record,
)
from umpire.core import registry
from umpire.core.interchange import Interchange, InterchangeError, import_game
from umpire.core.record import RecordError


def cmd_export(args: argparse.Namespace, out: TextIO) -> int:
    from umpire.server import commands

    path = Path(args.record)
    if path.exists() and not args.force:
        raise CliError(f"{path} exists already (use --force to overwrite)")
    record = commands.export_record(args.game)
    if record is None:
        raise CliError(f"no started game {args.game} in the database")
    save_record(record, path)
    out.write(
        f"Game {args.game} ({record.game}, {record.scenario}): {len(record.turns)} turn(s) "
        f"written to {path}\n"
    )
    return EXIT_OK


MAX_CONVERT_BYTES = 20 * 1024 * 1024  # a saved game read by ``convert --from``


def _interchange(game: str, fmt: str) -> Interchange:
    formats = registry.game(game).interchanges
    if fmt not in formats:
        known = ", ".join(sorted(formats)) or "none"
        raise CliError(f"{game} has no format {fmt!r} (its formats: {known})")
    found = formats[fmt]
    assert isinstance(found, Interchange)
    return found


def cmd_convert(args: argparse.Namespace, out: TextIO) -> int:
    """A record written in another tool's format (``--to``), or a game in such a format read
    into a new record (``--from``: every phase played again by Umpire and checked)."""
    source, target = Path(args.source), Path(args.target)
    if target.exists() and not args.force:
        raise CliError(f"{target} exists already (use --force to overwrite)")
    if args.to:
        record = load_record(source)
        fmt = _interchange(record.game, args.to)
        try:
            data = fmt.export(record)
        except (InterchangeError, RecordError) as err:
            raise CliError(f"{source} cannot be written as {args.to}: {err}") from err
        target.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        out.write(f"{source}: {len(data.get('phases', []))} phase(s) written to {target}\n")
        return EXIT_OK
    fmt = _interchange(args.game, args.source_format)
    try:
        with source.open("rb") as f:
            raw = f.read(MAX_CONVERT_BYTES + 1)
    except OSError as err:
        raise CliError(f"cannot read {source}: {err.strerror}") from err
    if len(raw) > MAX_CONVERT_BYTES:
        raise CliError(f"{source} is over {MAX_CONVERT_BYTES // 2**20} MiB")
    try:
        record = import_game(args.game, fmt, json.loads(raw))
    except json.JSONDecodeError as err:
        raise CliError(f"{source} is not JSON: {err}") from err
    except InterchangeError as err:
        raise CliError(f"{source} is not imported: {err}") from err
    save_record(record, target)
    out.write(
        f"{source}: {record.processed} turn(s) played again by Umpire, every position as saved;"
        f" record written to {target}\n"
    )
    return EXIT_OK
