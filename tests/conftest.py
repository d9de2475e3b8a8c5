"""Shared test set-up: the toy game is registered for every test.

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
