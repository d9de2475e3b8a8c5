"""Fuzz the whole JSON API from its OpenAPI document with a large example count.

    .venv/bin/python bench/fuzz_api.py [--examples 200] [--coverage] [--random]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/fuzz .venv/bin/python bench/fuzz_api.py

Runs ``tests/server/test_server_fuzz_api.py`` (every operation, as a seated player at his own
game and anonymously at generated ids; valid and schema-breaking requests; checks: no 5xx,
every error ``{"code", "message"}``, status, content type and body as documented) with
``--examples`` generated requests per operation and mode, optionally the coverage phase
(boundary values for every parameter), and prints the requests sent and the failures found.
``--random`` draws new examples each run (the test suite's are fixed).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


class Tally:
    def __init__(self) -> None:
        self.failed: list[tuple[str, str]] = []
        self.passed = 0

    def pytest_runtest_logreport(self, report: Any) -> None:
        if report.when != "call" and not report.failed:
            return
        if report.failed:
            lines = [line for line in str(report.longrepr).splitlines() if line.strip()]
            found = next((line.strip() for line in lines if "ST" in line and " " in line), "")
            self.failed.append((report.nodeid.split("::", 1)[-1], found or lines[-1][:160]))
        elif report.when == "call":
            self.passed += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=200, help="per operation and mode")
    parser.add_argument("--coverage", action="store_true", help="also the coverage phase")
    parser.add_argument("--random", action="store_true", help="new examples each run")
    args = parser.parse_args()
    os.environ["UMPIRE_FUZZ_EXAMPLES"] = str(args.examples)
    os.environ["UMPIRE_FUZZ_COVERAGE"] = "1" if args.coverage else "0"
    os.environ["UMPIRE_FUZZ_RANDOM"] = "1" if args.random else "0"
    os.chdir(ROOT)
    sys.path.insert(0, str(ROOT))
    import pytest

    tally = Tally()
    started = time.monotonic()
    pytest.main(
        ["-q", "-p", "no:cacheprovider", "--no-header", "-o", "addopts=",
         "tests/server/test_server_fuzz_api.py"],
        plugins=[tally],
    )  # fmt: skip
    from tests.server.test_server_fuzz_api import SEEN

    took = time.monotonic() - started
    database = "PostgreSQL" if os.environ.get("DATABASE_URL", "").startswith("post") else "SQLite"
    print(f"\nfuzz_api on {database}: {args.examples} examples per operation and mode")
    print(f"requests sent:  {SEEN['requests']}")
    print(f"operations x callers passed: {tally.passed}")
    print(f"failures found: {len(tally.failed)}")
    for where, what in tally.failed:
        print(f"  {where}: {what}")
    print(f"time: {took:.0f} s")
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
