"""A game shown rather than moderated: ``history`` (the whole game's maps, animated) and
``demo`` (bots play it, every printout printed)."""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from umpire.cli.records import (
    EXIT_OK,
    UMPIRE_NAMES,
    CliError,
    load_record,
    save_record,
)
from umpire.core import history, session
from umpire.core.powers import resolve_power
from umpire.core.record import GameRecord


def _reader_name(reader: str) -> str:
    if reader == history.PUBLIC:
        return "the public view"
    if reader == history.UMPIRE:
        return "the umpire's view"
    return f"{reader}'s view"


def cmd_history(args: argparse.Namespace, out: TextIO) -> int:
    """The whole game as one reader saw it, turn by turn: an animated SVG or a GIF. The
    public view unless ``--power`` (that power's view only) or ``--umpire`` (everything)."""
    if args.power and args.umpire:
        raise CliError("--power and --umpire name two readers: give one")
    record = load_record(Path(args.record))
    if args.umpire:
        reader = history.UMPIRE
    elif args.power:
        if args.power.lower() in UMPIRE_NAMES:
            raise CliError("the umpire's view of the whole game needs --umpire")
        reader = resolve_power(record, args.power)
    else:
        reader = history.PUBLIC
    try:
        frames = history.record_frames(record, reader)
        title = f"{record.game} ({record.scenario}): {_reader_name(reader)}"
        data = (
            history.animated_svg(frames, title).encode("utf-8")
            if args.format == "svg"
            else history.gif(frames)
        )
    except history.HistoryError as err:
        raise CliError(str(err)) from err
    target = args.output or f"{Path(args.record).stem}-history.{args.format}"
    if target == "-":
        sys.stdout.buffer.write(data)
        return EXIT_OK
    Path(target).write_bytes(data)
    out.write(f"{len(frames)} turn(s) of {_reader_name(reader)} written to {target}\n")
    return EXIT_OK


def play_demo(
    game: str,
    *,
    scenario: str | None,
    seed: int,
    turns: int | None,
    out: TextIO,
    powers: Sequence[str] | None = None,
) -> GameRecord:
    """Bots play ``game``; every power's printout is written to ``out`` after every turn."""
    record = session.create(game, scenario=scenario, seed=seed, powers=powers)
    info = session.ruleset_of(record).info
    out.write(f"=== Demo: {info.title} ({record.scenario}), seed {seed}\n")
    out.write(f"=== Powers: {', '.join(record.powers)}\n\n")
    table = session.open_table(record)  # the state is loaded once and kept from turn to turn
    while record.outcome is None and (turns is None or len(record.turns) < turns):
        for power in table.pending().powers:
            table.bot_submit(power)
        turn = table.process()
        out.write(f"{'=' * 72}\n=== {turn.label}\n{'=' * 72}\n")
        for power in record.powers:
            out.write(f"--- Printout for {power} ---\n")
            out.write(table.report(power))
            out.write("\n")
    if record.outcome:
        out.write(f"=== Game over: {record.outcome.summary}\n")
    else:
        out.write(f"=== Stopped after {len(record.turns)} turn(s).\n")
    return record


def cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    seed = args.seed if args.seed is not None else secrets.randbits(31)
    scenario = f"{args.players}-player" if args.players else args.scenario  # "--players N"
    record = play_demo(args.game, scenario=scenario, seed=seed, turns=args.turns, out=out)
    if args.record:
        save_record(record, Path(args.record))
        out.write(f"=== Record written to {args.record}\n")
    return EXIT_OK
