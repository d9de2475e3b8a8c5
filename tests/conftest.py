"""Shared test set-up: the toy game is registered for every test; with ``--dist loadgroup``
(scripts/test) tests that share a costly set-up run in the same test process.

``UMPIRE_TEST_CPU=DIR`` writes, per test process, the CPU seconds of every test's set-up, call
and tear-down (the process's own, and its waited-for children's) to ``DIR/cpu-<worker>.tsv``:
on a loaded machine wall times mislead, CPU seconds do not (docs/testing.md).
"""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.toygame import PEBBLES
from umpire.core import registry

registry.register(PEBBLES)

# Modules whose tests share a costly set-up: a module-scoped fixture (a live server and its
# browser; a game played for the module) or games played once per test process (a
# ``functools.cache`` at module level).
SHARED_SET_UP = (
    "tests/server/web/test_browser",  # every browser module (browser.py's live and chrome)
    "tests/cli/test_cli_history.py",
    "tests/core/test_history.py",
    "tests/core/test_forecast_hidden.py",
    "tests/games/test_import_cycles.py",
    "tests/games/battleplan/test_bp_sample_turn.py",
    "tests/games/battleplan/test_ww_1939.py",
    "tests/games/battleplan/test_ww_playouts.py",
    "tests/games/conquest/test_cotw_public.py",
    "tests/games/diplomacy/test_1939_game.py",
    "tests/games/diplomacy/test_1939_golden.py",
    "tests/games/diplomacy/test_interchange.py",
    "tests/games/diplomacy/test_map_1939.py",
)
CONFORMANCE = "tests/conformance/test_conformance.py"


def shared_set_up(nodeid: str) -> str | None:
    """The group of tests that share their set-up with test ``nodeid``, or None: a module of
    ``SHARED_SET_UP``; the conformance tests of one game and scenario (its bot playouts are
    cached).

    >>> shared_set_up("tests/conformance/test_conformance.py::test_x[pebbles-standard]")
    'tests/conformance/test_conformance.py[pebbles-standard]'
    >>> shared_set_up("tests/core/test_chance.py::test_y") is None
    True
    """
    path, _, rest = nodeid.partition("::")
    if path.startswith(SHARED_SET_UP):
        return path
    if path == CONFORMANCE and rest.endswith("]") and "[" in rest:
        return path + rest[rest.index("[") :]
    return None


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup`` (scripts/test): the tests of one ``shared_set_up`` group go to
    the same test process, so their set-up is made once; every other test to whichever
    process is free, in ``hand_out_order``. pytest-xdist's own loadgroup, by
    ``xdist_group`` marks, does nothing under pytest 9 (it renames the tests through an
    attribute pytest no longer reads)."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class SharedSetUpScheduling(LoadScopeScheduling):  # type: ignore[misc]
        ordered = False

        def _split_scope(self, nodeid: str) -> str:
            return shared_set_up(nodeid) or nodeid

        def _assign_work_unit(self, node: Any) -> None:
            if not self.ordered:  # the whole queue is made before the first unit is handed out
                self.ordered = True
                units = sorted(self.workqueue.items(), key=lambda unit: hand_out_order(*unit))
                self.workqueue.clear()
                self.workqueue.update(units)
            super()._assign_work_unit(node)

    return SharedSetUpScheduling(config, log)


def hand_out_order(scope: str, tests: Any) -> tuple[int, int]:
    """Where a unit of tests (a ``shared_set_up`` group or a single test) comes in the queue
    the test processes take from: first the tests that mostly wait (on a live server and its
    browser, on a server in a child process), largest first; then those that compute, largest
    first. The PostgreSQL pass (scripts/test) computes beside the first; the end of the run
    is computing tests only, which keep both cores busy once that pass is over.

    >>> hand_out_order("tests/server/web/test_browser_a11y.py", range(29))
    (0, -29)
    >>> hand_out_order("tests/server/test_server_httpd.py::test_x", range(1))
    (1, -1)
    >>> hand_out_order("tests/conformance/test_conformance.py[diplomacy-standard]", range(12))
    (2, -12)
    """
    if scope.startswith("tests/server/web/test_browser"):
        return 0, -len(tests)
    if scope.startswith("tests/server/"):
        return 1, -len(tests)
    return 2, -len(tests)


_CPU_DIR = os.environ.get("UMPIRE_TEST_CPU")


def _cpu() -> tuple[float, float, float]:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time(), children.ru_utime + children.ru_stime, time.perf_counter()


def _timed(item: pytest.Item, phase: str) -> Iterator[None]:
    before = _cpu()
    yield
    after = _cpu()
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    spent = "\t".join(f"{b - a:.3f}" for a, b in zip(before, after, strict=True))
    with (Path(str(_CPU_DIR)) / f"cpu-{worker}.tsv").open("a") as out:
        out.write(f"{item.nodeid}\t{phase}\t{spent}\n")


if _CPU_DIR:
    Path(_CPU_DIR).mkdir(parents=True, exist_ok=True)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_setup(item: pytest.Item) -> Iterator[Any]:
        timer = _timed(item, "setup")
        next(timer)
        try:
            return (yield)
        finally:
            next(timer, None)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(item: pytest.Item) -> Iterator[Any]:
        timer = _timed(item, "call")
        next(timer)
        try:
            return (yield)
        finally:
            next(timer, None)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_teardown(item: pytest.Item) -> Iterator[Any]:
        timer = _timed(item, "teardown")
        next(timer)
        try:
            return (yield)
        finally:
            next(timer, None)
