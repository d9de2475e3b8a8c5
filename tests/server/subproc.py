"""Child processes for the server tests.

``python subproc.py worker | stall GAME | slow GAME SECONDS | process GAME | serve PORT |
slowworker SECONDS``.

Each registers the fake game first. The database comes from ``DATABASE_URL``.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.server.settings")


def main() -> int:
    from tests.server import fakegame

    fakegame.install()
    mode = sys.argv[1]
    if mode == "slowworker":
        # ``umpire worker`` whose turn processing takes the given seconds (to be stopped
        # with SIGTERM while it runs).
        import django

        django.setup()
        from umpire.server import commands
        from umpire.server.usecases import turns

        real = turns.process_due
        pause = float(sys.argv[2])

        def slow(game_id, turn, *, force=False):  # type: ignore[no-untyped-def]
            print("TASK STARTED", flush=True)
            time.sleep(pause)
            done = real(game_id, turn, force=force)
            print("TASK FINISHED", done, flush=True)
            return done

        turns.process_due = slow  # type: ignore[assignment]
        return commands.worker()
    if mode == "serve":
        from umpire.server import commands

        return commands.serve("127.0.0.1", int(sys.argv[2]), True)
    import django

    django.setup()
    if mode == "worker":
        from django.core.management import call_command

        call_command("db_worker", batch=True, reload=False, startup_delay=False, interval=0)
        return 0
    if mode in ("stall", "slow"):
        # Process a turn but pause after its rows are written, inside the transaction:
        # "stall" waits to be killed; "slow" resumes after the given seconds and commits.
        from umpire.server import store
        from umpire.server.usecases import turns

        real = store.save_turn
        pause = 60.0 if mode == "stall" else float(sys.argv[3])

        def save_then_pause(game, turn, *more):  # type: ignore[no-untyped-def]
            row = real(game, turn, *more)
            print("STALLED", flush=True)
            time.sleep(pause)
            return row

        turns.save_turn = save_then_pause  # type: ignore[assignment]
        print("PROCESSED", turns.process_due(int(sys.argv[2]), 1, force=True), flush=True)
        return 0
    if mode == "process":
        from umpire.server.usecases import turns

        asked = time.monotonic()
        done = turns.process_due(int(sys.argv[2]), 1, force=True)
        print("PROCESSED", done, f"after {time.monotonic() - asked:.2f}", flush=True)
        return 0
    raise SystemExit(f"unknown mode {mode}")


if __name__ == "__main__":
    sys.exit(main())
