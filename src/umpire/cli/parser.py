"""The command line's arguments: one sub-command per ``cmd_*`` function of the command
modules."""

from __future__ import annotations

import argparse
from typing import Any

from umpire.cli.exchange import cmd_convert, cmd_export
from umpire.cli.games import cmd_games
from umpire.cli.play import (
    cmd_end,
    cmd_forecast,
    cmd_new,
    cmd_orders,
    cmd_process,
    cmd_replay,
    cmd_report,
    cmd_rollback,
    cmd_status,
)
from umpire.cli.server import (
    cmd_community,
    cmd_creategm,
    cmd_mail,
    cmd_migrate,
    cmd_prune,
    cmd_serve,
    cmd_smtpd,
    cmd_worker,
)
from umpire.cli.shows import cmd_demo, cmd_history
from umpire.core import forecast


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
    p = sub.add_parser(
        "prune", help="delete old sent and failed mail, webhook posts, finished tasks' results"
    )
    p.add_argument("--dry-run", action="store_true", help="count what would go; delete nothing")
    p.set_defaults(func=cmd_prune)
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
