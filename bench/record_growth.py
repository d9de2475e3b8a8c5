"""Record size and replay time against the length of a game (issue 18): both must grow
linearly with the turns played, nothing quadratic.

Bot games through the session functions: Diplomacy (standard) to 10, 40 and 80 turns and
Battle Plan (Europe) to 5, 25 and 50. For each, the record's size as written (compact JSON), the
time of ``umpire replay RECORD`` (a fresh process: start-up included) and of the replay alone
in this process, each also per turn: per-turn figures that stay flat mean linear growth.

    .venv/bin/python bench/record_growth.py
    .venv/bin/python bench/record_growth.py diplomacy
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from umpire.core import session
from umpire.core.record import GameRecord
from umpire.core.replay import replay

CASES = {"diplomacy": ("standard", (10, 40, 80)), "battleplan": ("europe", (5, 25, 50))}
REPLAY = "import sys; from umpire.cli import main; sys.exit(main(sys.argv[1:]))"


def played(game: str, scenario: str, turns: int) -> GameRecord:
    record = session.create(game, scenario=scenario, seed=7)
    table = session.open_table(record)
    while record.outcome is None and len(record.turns) < turns:
        for power in table.pending().powers:
            table.bot_submit(power)
        table.process()
    return record


def main(argv: list[str]) -> None:
    wanted = set(argv) or set(CASES)
    print(f"{'game':<11} {'turns':>5} {'record KiB':>10} {'KiB/turn':>8} "
          f"{'umpire replay s':>15} {'replay ms/turn':>14} {'in-process ms/turn':>18}")  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        for game, (scenario, lengths) in CASES.items():
            if game not in wanted:
                continue
            for turns in lengths:
                record = played(game, scenario, turns)
                n = len(record.turns)
                path = Path(tmp) / f"{game}-{n}.json"
                path.write_text(json.dumps(record.to_json(), separators=(",", ":")))
                size = path.stat().st_size / 1024
                start = time.perf_counter()
                done = subprocess.run(
                    [sys.executable, "-c", REPLAY, "replay", str(path)],
                    capture_output=True, text=True, check=False,
                )  # fmt: skip
                cli = time.perf_counter() - start
                if done.returncode:
                    raise SystemExit(f"replay of {path.name} failed: {done.stdout}{done.stderr}")
                start = time.perf_counter()
                assert replay(record) == []
                alone = time.perf_counter() - start
                print(f"{game:<11} {n:>5} {size:>10.1f} {size / n:>8.2f} {cli:>15.2f} "
                      f"{cli / n * 1000:>14.1f} {alone / n * 1000:>18.2f}", flush=True)  # fmt: skip


if __name__ == "__main__":
    main(sys.argv[1:])
