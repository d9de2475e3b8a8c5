"""A game master running a game from its record file: ``new``, ``orders``, ``process``,
``rollback``, ``end``, ``report``, ``forecast``, ``status`` and ``replay``."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from umpire.cli.records import (
    EXIT_OK,
    EXIT_REFUSED,
    UMPIRE_NAMES,
    CliError,
    RecordFile,
    load_record,
    save_record,
)
from umpire.core import forecast, gamestore, registry, session
from umpire.core.errors import GAME_OVER
from umpire.core.powers import resolve_power
from umpire.core.record import GameRecord
from umpire.core.replay import replay_report
from umpire.core.session import SessionError
from umpire.core.settings import check as check_settings


def cmd_new(args: argparse.Namespace, out: TextIO) -> int:
    path = Path(args.record)
    if path.exists() and not args.force:
        raise CliError(f"{path} exists already (use --force to overwrite)")
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    powers = [p.strip() for p in args.powers.split(",") if p.strip()] if args.powers else None
    settings = parse_settings(args.set or [])
    try:
        record = session.create(
            args.game, scenario=args.scenario, seed=seed, powers=powers, settings=settings
        )
        # The game's own check passed at new_game; the settings its record declares as well.
        check_settings(registry.game(args.game).settings_for(args.scenario), settings)
    except (ValueError, TypeError, KeyError) as err:  # the game's own check of its settings
        if not settings:
            raise
        given = ", ".join(args.set)
        raise CliError(f"the game refuses the settings {given}: {err}") from err
    save_record(record, path)
    table = session.open_table(record)
    todo = table.pending()
    out.write(
        f"New game of {table.ruleset.info.title} ({record.scenario}) in {path}\n"
        f"Powers: {', '.join(table.named(p) for p in record.powers)}\nNext: {todo.label}\n"
    )
    return EXIT_OK


def parse_settings(pairs: Sequence[str]) -> dict[str, Any]:
    """Game settings from ``KEY=VALUE`` pairs: a value is JSON where it reads as JSON
    (``25``, ``true``, ``[1, 2]``), else the text itself.

    >>> parse_settings(["max_turns=25", "press=none", "open=true"])
    {'max_turns': 25, 'press': 'none', 'open': True}
    """
    settings: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise CliError(f"a setting is KEY=VALUE, not {pair!r}")
        try:
            settings[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            settings[key.strip()] = value
    return settings


def read_orders(source: str) -> str:
    if source == "-":
        return sys.stdin.read()
    try:
        return Path(source).read_text(encoding="utf-8", errors="replace")
    except OSError as err:
        raise CliError(f"cannot read orders from {source}: {err.strerror}") from err


def cmd_orders(args: argparse.Namespace, out: TextIO) -> int:
    path = Path(args.record)
    record = load_record(path)
    text = read_orders(args.file)
    try:
        receipt = session.open_table(record).submit(args.power, text, source="cli", turn=args.turn)
    except SessionError as err:
        if err.code.startswith("submission/"):  # refused whole: nothing stored
            print(f"umpire: {err} [{err.code}]", file=sys.stderr)
            return EXIT_REFUSED
        raise
    if receipt.stored:  # a refused submission changed nothing: the file is left as it was
        save_record(record, path)
    out.write(receipt.text())
    return EXIT_OK if receipt.ok else EXIT_REFUSED


def cmd_process(args: argparse.Namespace, out: TextIO) -> int:
    path = Path(args.record)
    record = load_record(path)
    table = session.open_table(record)
    turn = table.process()
    save_record(record, path)
    out.write(f"Processed {turn.label}.\n")
    if record.outcome:
        out.write(f"Game over: {record.outcome.summary}\n")
    else:
        out.write(f"Next: {table.pending().label}\n")
    return EXIT_OK


def _power_arg(record: GameRecord, power: str) -> str | None:
    return None if power.lower() in UMPIRE_NAMES else resolve_power(record, power)


def cmd_rollback(args: argparse.Namespace, out: TextIO) -> int:
    undone, table = gamestore.rollback(RecordFile(Path(args.record)))
    count = len(undone.submissions)
    out.write(
        f"Rolled back {undone.label}: its {count} submission(s) are pending again.\n"
        f"Next: {table.pending().label}\n"
    )
    return EXIT_OK


def cmd_end(args: argparse.Namespace, out: TextIO) -> int:
    """The same use case as the game master's declared result on the server
    (:func:`umpire.core.gamestore.end`), over the record file."""
    winners = [w.strip() for w in args.winners.split(",") if w.strip()]
    outcome = gamestore.end(RecordFile(Path(args.record)), winners, args.summary or "")
    out.write(f"Game over: {outcome.summary}\n")
    return EXIT_OK


def cmd_report(args: argparse.Namespace, out: TextIO) -> int:
    record = load_record(Path(args.record))
    turn = args.turn
    if turn is not None and not 0 <= turn <= len(record.turns):
        raise CliError(f"no turn {turn}: the record holds turns 0..{len(record.turns)}")
    table = session.open_table(record)
    out.write(table.report(_power_arg(record, args.power), turn=turn))
    return EXIT_OK


def cmd_forecast(args: argparse.Namespace, out: TextIO) -> int:
    """POWER's orders (and guesses for others) tried from POWER's own view of the current
    turn, as the session gives it to him; the record is read, never written. Prints the
    problems, then the forecast printout; exit 1 when some order line has a problem."""
    record = load_record(Path(args.record))
    if record.outcome is not None:
        raise SessionError.of(GAME_OVER, detail="; there is no turn to forecast")
    table = session.open_table(record)
    power = table.resolve_power(args.power)
    orders = {power: read_orders(args.file)}
    for guess in args.guess or ():
        who, sep, source = guess.partition("=")
        if not sep or not who.strip() or not source:
            raise CliError(f"--guess {guess!r}: write POWER=FILE (FILE: a file of orders)")
        named = table.resolve_power(who)
        if named in orders:
            raise CliError(f"--guess {guess!r}: orders for {named} are given twice")
        orders[named] = read_orders(source)
    game = registry.game(record.game)
    try:
        found = forecast.forecast(
            game, record.scenario, table.view(power), power, orders, args.seed
        )
    except forecast.ForecastError as err:
        raise CliError(f"{err} [{err.code}]") from err
    problems = found.problems_text()
    out.write((f"Problems:\n{problems}\n" if problems else "No problems.\n\n") + found.printout)
    return EXIT_REFUSED if problems else EXIT_OK


def cmd_status(args: argparse.Namespace, out: TextIO) -> int:
    record = load_record(Path(args.record))
    out.write(session.open_table(record).status().text())
    return EXIT_OK


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    record = load_record(Path(args.record))
    found = replay_report(record)
    for line in found.divergences:
        out.write(f"DIVERGENCE {line}\n")
    for line in found.notes:
        out.write(f"NOTE {line}\n")
    if found.divergences:
        return EXIT_REFUSED
    if found.notes:
        out.write(
            f"Replayed {len(record.turns)} turn(s): the same draws, states and rule events as "
            "the record; the notes to players (no orders received) differ, as in a record made "
            "by an earlier version.\n"
        )
        return EXIT_OK
    out.write(f"Replayed {len(record.turns)} turn(s): identical to the record.\n")
    return EXIT_OK
