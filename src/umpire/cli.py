"""The ``umpire`` command line: a game master running games from record files, and the server.

::

    umpire games [GAME [SCENARIO]]                list games and their scenarios (GAME: every power)
    umpire new GAME RECORD.json [--scenario S] [--seed N] [--powers P1,P2,...] [--set K=V ...]
    umpire orders RECORD.json POWER FILE|- [--turn N]   store POWER's orders; print the receipt
    umpire process RECORD.json                    adjudicate the current turn
    umpire report RECORD.json POWER [--turn N]    that power's printout (POWER "umpire": all)
    umpire status RECORD.json                     turn, phase, who has submitted, outcome
    umpire forecast RECORD.json POWER FILE|- [--seed N] [--guess POWER=FILE ...]
                                                  POWER's orders tried from his own view; nothing stored
    umpire replay RECORD.json                     re-run the record; exit 1 on any divergence
    umpire rollback RECORD.json                   undo the last processed turn
    umpire community [--recompute]                reliability and ratings checked against the records
    umpire export GAME RECORD.json                a server game's record, to a file
    umpire convert RECORD.json OUT.json --to diplomacy    a record in the diplomacy package's format
    umpire convert SAVED.json RECORD.json --from diplomacy    read one: every phase played again
    umpire history RECORD.json [--power P | --umpire] --format svg|gif [-o FILE]
                                                  the whole game's maps, animated (default: public)
    umpire demo GAME [--scenario S | --players N] [--seed N] [--turns N]   bots play, every printout printed

Exit status: 0 success; 1 some order lines refused (the accepted ones are stored), a whole
submission refused (over the size limit: nothing stored) or a replay divergence; 2 unusable
input (unknown game or power, missing or corrupt record, game over, orders for another turn).
A power is named by its code or its full name, in any case (``GER``, ``Germany``).

The record file is written atomically (a temporary file in the same folder, then a rename),
so a crash never leaves a half-written record. It is compact JSON (no indentation: a long game
is rewritten on every command); any JSON layout is read, so older indented records still load.
Each command loads the record once, and its state at most once (one
:class:`~umpire.core.session.Table`), and imports only the game the record is of.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import tempfile
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from umpire.core import forecast, gamestore, history, registry, session
from umpire.core.errors import GAME_OVER
from umpire.core.interchange import Interchange, InterchangeError, import_game
from umpire.core.record import (
    GameRecord,
    RecordError,
    TurnRecord,
    dump_record,
    read_record_data,
)
from umpire.core.registry import UnknownGame
from umpire.core.ruleset import ScenarioInfo
from umpire.core.session import SessionError
from umpire.core.settings import check as check_settings

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


POWERS_LISTED = 30  # a scenario with more powers is summarised by ``umpire games``
WIDTH = 78


def cmd_games(args: argparse.Namespace, out: TextIO) -> int:
    """Every game and scenario, one summary each; a scenario's powers are listed in full when
    there are few (a world game seats one of some 200 starting spaces: it gives their count,
    how players choose theirs, and the command that lists them), or when the game is named."""
    if args.game is None:
        rulesets = registry.all_games()
    else:
        try:
            rulesets = [registry.get(args.game)]
        except UnknownGame as err:
            raise CliError(str(err)) from err
    for ruleset in rulesets:
        info = ruleset.info
        scenarios = info.scenarios
        if args.scenario is not None:
            try:
                scenarios = (info.scenario(args.scenario),)
            except KeyError as err:
                raise CliError(str(err.args[0])) from err
        aliases = f" (also: {', '.join(info.aliases)})" if info.aliases else ""
        out.write(f"{info.name}: {info.title}{aliases}\n")
        for sc in scenarios:
            out.write(_scenario_summary(info.name, sc, full=args.game is not None))
    return EXIT_OK


def _scenario_summary(game: str, sc: ScenarioInfo, *, full: bool) -> str:
    players = (
        f"{sc.min_players}"
        if sc.min_players == sc.max_players
        else f"{sc.min_players}-{sc.max_players}"
    )
    head = f"  {sc.name}: {sc.title}; {players} players"
    ruleset = registry.get(game, sc.name)
    seating = registry.game(game).capabilities(sc.name).seating
    chosen = (
        f"players choose theirs when they join: {seating.preferences_help}"
        if seating is not None
        else ""
    )
    if len(sc.powers) <= POWERS_LISTED and not full:
        return f"{head}; powers {' '.join(sc.powers)}\n" + (
            textwrap.fill(chosen, WIDTH, initial_indent=" " * 6, subsequent_indent=" " * 6) + "\n"
            if chosen
            else ""
        )
    lines = [head]
    count = f"{len(sc.powers)} powers" + (f"; {chosen}" if chosen else "")
    lines.append(textwrap.fill(count, WIDTH, initial_indent=" " * 6, subsequent_indent=" " * 8))
    default = sc.default_powers or sc.powers
    choices = dict(getattr(ruleset, "preference_choices", ()))
    if full and choices:  # one a line: code, and what a player choosing it gets (a price)
        lines.append("      the price list (code, position and turn fee):")
        lines += [f"      {p:<5} {choices.get(p, '')}".rstrip() for p in sc.powers]
    elif full and sc.names:  # one a line: code and name
        names = dict(sc.names)
        lines += [f"      {p:<5} {names.get(p, '')}".rstrip() for p in sc.powers]
    elif full:
        lines.append(textwrap.fill(" ".join(sc.powers), WIDTH, initial_indent=" " * 6,
                                   subsequent_indent=" " * 6))  # fmt: skip
    else:
        lines.append(f"      umpire games {game} {sc.name} lists them all")
    lines.append(
        textwrap.fill(
            f"umpire new without --powers seats {len(default)}: {' '.join(default)}",
            WIDTH,
            initial_indent=" " * 6,
            subsequent_indent=" " * 8,
        )
    )
    return "\n".join(lines) + "\n"


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
    return None if power.lower() in UMPIRE_NAMES else session.resolve_power(record, power)


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
        reader = session.resolve_power(record, args.power)
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


def _reader_name(reader: str) -> str:
    if reader == history.PUBLIC:
        return "the public view"
    if reader == history.UMPIRE:
        return "the umpire's view"
    return f"{reader}'s view"


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
    found = session.replay_report(record)
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


# The server commands import the server inside each function: file-based play needs neither
# Django nor the database.


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


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    from umpire.server import commands

    return commands.serve(args.host, args.port, args.demo, args.workers)


def cmd_worker(args: argparse.Namespace, out: TextIO) -> int:
    from umpire.server import commands

    return commands.worker()


def cmd_migrate(args: argparse.Namespace, out: TextIO) -> int:
    from umpire.server import commands

    return commands.migrate()


def cmd_creategm(args: argparse.Namespace, out: TextIO) -> int:
    from umpire.server import commands

    return commands.creategm(args.username, args.email, args.password)


def cmd_community(args: argparse.Namespace, out: TextIO) -> int:
    from umpire.server import commands

    return commands.community(args.recompute)


def cmd_mail(args: argparse.Namespace, out: TextIO) -> int:
    from umpire.server.mail import commands

    if args.imap:
        return commands.mail_imap(
            args.host, args.port, args.user, args.password, args.mailbox, not args.no_ssl
        )
    return commands.mail_stdin(sys.stdin.buffer)


def cmd_smtpd(args: argparse.Namespace, out: TextIO) -> int:
    from umpire.server.mail import commands

    return commands.smtpd(args.host, args.port)


def _seed(text: str) -> int:
    """A forecast's seed: a whole number in 0..2^63-1."""
    try:
        value = int(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from err
    if not 0 <= value <= forecast.MAX_SEED:
        raise argparse.ArgumentTypeError(f"the seed is 0 to {forecast.MAX_SEED}")
    return value


def _turns(text: str) -> int:
    """``--turns``: a whole number of turns, 1 or more."""
    try:
        turns = int(text)
    except ValueError:
        turns = 0
    if turns < 1:
        raise argparse.ArgumentTypeError(f"a number of turns is 1 or more, not {text!r}")
    return turns


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="umpire", description="Moderate multi-player strategic wargames."
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("games", help="list games and their scenarios")
    p.add_argument("game", nargs="?", help="one game only, every power of its scenarios listed")
    p.add_argument("scenario", nargs="?", help="one scenario of that game only")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("new", help="start a new game record")
    p.add_argument("game", help="a game: its name or an alias (umpire games lists them)")
    p.add_argument("record", help="the game record file to write (JSON)")
    p.add_argument("--scenario", help="one of the game's scenarios (default: its first)")
    p.add_argument("--seed", type=int, help="the random seed (default: a random one)")
    p.add_argument("--powers", help="comma-separated powers to seat")
    p.add_argument("--force", action="store_true", help="overwrite an existing record")
    p.add_argument(
        "--set",
        action="append",
        metavar="KEY=VALUE",
        help="a game setting (repeatable); VALUE is read as JSON where it can be",
    )
    p.set_defaults(func=cmd_new)

    p = sub.add_parser("orders", help="store a power's orders for the current turn")
    p.add_argument("record", help="the game record file (JSON)")
    p.add_argument("power", help="the power: its code or full name, in any case")
    p.add_argument("file", help="a file of orders, or - for standard input")
    p.add_argument("--turn", type=int, help="the turn the orders are for (refused if stale)")
    p.set_defaults(func=cmd_orders)

    p = sub.add_parser("process", help="adjudicate the current turn")
    p.add_argument("record", help="the game record file (JSON)")
    p.set_defaults(func=cmd_process)

    p = sub.add_parser(
        "rollback", help="undo the last processed turn; its orders are pending again"
    )
    p.add_argument("record", help="the game record file (JSON)")
    p.set_defaults(func=cmd_rollback)

    p = sub.add_parser(
        "end", help="end the game with a declared result (a draw among the winners, or a win)"
    )
    p.add_argument("record", help="the game record file (JSON)")
    p.add_argument(
        "--winners", required=True, help="the powers sharing the result, comma-separated (GER,FRA)"
    )
    p.add_argument("--summary", help="the result in words, as the printouts will say it")
    p.set_defaults(func=cmd_end)

    p = sub.add_parser("report", help="a power's printout")
    p.add_argument("record", help="the game record file (JSON)")
    p.add_argument("power", help='a power, or "umpire" for the game master\'s full report')
    p.add_argument(
        "--turn", type=int, help="the printout after this turn (0: the opening; default: latest)"
    )
    p.set_defaults(func=cmd_report)

    p = sub.add_parser("history", help="the whole game's maps as one reader saw them, animated")
    p.add_argument("record", help="the game record file (JSON)")
    p.add_argument("--power", help="that power's view only (default: the public view)")
    p.add_argument("--umpire", action="store_true", help="the umpire's view: every fact")
    p.add_argument("--format", choices=("svg", "gif"), required=True)
    p.add_argument("-o", "--output", help="the file to write, - for standard output")
    p.set_defaults(func=cmd_history)

    p = sub.add_parser("status", help="turn, phase, who has submitted, outcome")
    p.add_argument("record", help="the game record file (JSON)")
    p.set_defaults(func=cmd_status)

    p = sub.add_parser(
        "forecast", help="try a power's orders from his own view of the turn; nothing stored"
    )
    p.add_argument("record", help="the game record file (JSON): read, never written")
    p.add_argument("power", help="the power whose view the forecast starts from")
    p.add_argument("file", help="his orders: a file, or - for standard input")
    p.add_argument(
        "--seed", type=_seed, default=1, help="the seed of the forecast's dice (default 1)"
    )
    p.add_argument(
        "--guess",
        action="append",
        metavar="POWER=FILE",
        help="orders guessed for another power (repeatable); a power without any: no orders",
    )
    p.set_defaults(func=cmd_forecast)

    p = sub.add_parser("replay", help="re-run the record; exit 1 on divergence")
    p.add_argument("record", help="the game record file (JSON)")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("demo", help="bots play a game; every printout printed")
    p.add_argument("game", help="a game: its name or an alias (umpire games lists them)")
    p.add_argument("--scenario", help="one of the game's scenarios (default: its first)")
    p.add_argument("--seed", type=int, help="the random seed (default: a random one)")
    p.add_argument("--turns", type=_turns, help="stop after this many turns (default: the end)")
    p.add_argument("--players", type=int, help="the scenario named N-player (spi-ww2)")
    p.add_argument("--record", help="also write the game record to this file")
    p.set_defaults(func=cmd_demo)

    p = sub.add_parser(
        "convert", help="write a record in another tool's format, or read a game from one"
    )
    p.add_argument("source", help="the game record (with --to) or the other tool's file (--from)")
    p.add_argument("target", help="the file to write")
    way = p.add_mutually_exclusive_group(required=True)
    way.add_argument("--to", metavar="FORMAT", help="write the record in FORMAT (diplomacy)")
    way.add_argument("--from", dest="source_format", metavar="FORMAT", help="read a game in FORMAT")
    p.add_argument("--game", default="diplomacy", help="the game read with --from")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")
    p.set_defaults(func=cmd_convert)

    _server_commands(sub)
    return parser


def _server_commands(sub: Any) -> None:
    """The commands that run the server (Django and the database: imported when run)."""
    p = sub.add_parser("serve", help="run the web server and a worker (with a demo game)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument(
        "--demo",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="the demo game with random passwords, on a loopback address only (default: on)",
    )
    p.add_argument(
        "--workers", type=int, help="web worker processes (default: 2 x cores + 1, at most 9)"
    )
    p.set_defaults(func=cmd_serve)

    sub.add_parser("worker", help="run a turn-processing worker").set_defaults(func=cmd_worker)
    sub.add_parser("migrate", help="create or update the database").set_defaults(func=cmd_migrate)

    p = sub.add_parser(
        "export", help="write a server game's record to a file (for replay, report, status)"
    )
    p.add_argument("game", type=int, help="the game's number (G-12: 12)")
    p.add_argument("record")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("community", help="check (or recompute) reliability and ratings")
    p.add_argument(
        "--recompute", action="store_true", help="recompute every figure from the records"
    )
    p.set_defaults(func=cmd_community)
    p = sub.add_parser("creategm", help="create a game-master account")
    p.add_argument("username")
    p.add_argument("email")
    p.add_argument("--password")
    p.set_defaults(func=cmd_creategm)

    p = sub.add_parser("mail", help="handle one mail from standard input, or poll IMAP (--imap)")
    p.add_argument("--imap", action="store_true", help="poll an IMAP mailbox instead")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=993)
    p.add_argument("--user", default="")
    p.add_argument("--password", default="")
    p.add_argument("--mailbox", default="INBOX")
    p.add_argument("--no-ssl", action="store_true")
    p.set_defaults(func=cmd_mail)

    p = sub.add_parser("smtpd", help="listen for mail over SMTP")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8025)
    p.set_defaults(func=cmd_smtpd)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    stream = out if out is not None else sys.stdout
    func: Callable[[argparse.Namespace, TextIO], int] = args.func
    try:
        return func(args, stream)
    except SessionError as err:
        print(f"umpire: {err} [{err.code}]", file=sys.stderr)
        return EXIT_UNUSABLE
    except (CliError, UnknownGame, RecordError) as err:
        print(f"umpire: {err}", file=sys.stderr)
        return EXIT_UNUSABLE
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
