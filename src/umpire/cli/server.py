"""The commands that run the server: ``serve``, ``worker``, ``migrate``, ``creategm``,
``community``, ``prune``, ``mail`` and ``smtpd``. Each imports the server inside its function:
file-based play needs neither Django nor the database."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO


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


def cmd_prune(args: argparse.Namespace, out: TextIO) -> int:
    from umpire.server import commands

    return commands.prune(args.dry_run)


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
