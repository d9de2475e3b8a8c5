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
    umpire prune [--dry-run]                      old sent and failed mail, posts, task results deleted
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

The commands are grouped one module per kind: :mod:`.games`, :mod:`.play` (a game from its
record file), :mod:`.shows` (history, demo), :mod:`.exchange` (export, convert) and
:mod:`.server`, over :mod:`.records` (the record file, exit statuses); :mod:`.parser` builds
the arguments. ``main`` is the ``umpire`` script's entry point (``umpire.cli:main``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from umpire.cli.parser import build_parser
from umpire.cli.records import EXIT_OK, EXIT_UNUSABLE, CliError
from umpire.core.record import RecordError
from umpire.core.registry import UnknownGame
from umpire.core.session import SessionError


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
