"""``python -m umpire.server serve|worker|migrate|creategm|prune`` (the same as the ``umpire``
CLI)."""

from __future__ import annotations

import argparse
import sys

from umpire.server import commands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m umpire.server")
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve", help="web server, worker and demo game in one process")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--demo", action=argparse.BooleanOptionalAction, default=True)
    s.add_argument("--workers", type=int, default=None, help="web worker processes")
    w = sub.add_parser("worker", help="an extra task worker")
    w.add_argument("--parent", type=int, default=None, help=argparse.SUPPRESS)
    sub.add_parser("migrate", help="create or update the database")
    g = sub.add_parser("creategm", help="create a game-master account")
    g.add_argument("username")
    g.add_argument("email")
    g.add_argument("--password", default=None)
    p = sub.add_parser("prune", help="delete old sent and failed mail, posts, task results")
    p.add_argument("--dry-run", action="store_true", help="count what would go; delete nothing")
    args = parser.parse_args(argv)
    if args.command == "serve":
        return commands.serve(args.host, args.port, args.demo, args.workers)
    if args.command == "worker":
        if args.parent is not None:
            commands.watch_parent(args.parent)
        return commands.worker()
    if args.command == "migrate":
        return commands.migrate()
    if args.command == "prune":
        return commands.prune(args.dry_run)
    return commands.creategm(args.username, args.email, args.password)


if __name__ == "__main__":
    sys.exit(main())
