"""Reliability: submissions racing processing, killed workers, two workers racing.

These tests commit for real (``transaction=True``) so that threads and child processes share
the data; they run on SQLite and, with ``DATABASE_URL``, on PostgreSQL.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from umpire.core import session
from umpire.core.session import SessionError
from umpire.server.models import Game, Submission, Turn
from umpire.server.usecases import lifecycle, submissions, turns

from .conftest import make_user, run_worker

pytestmark = pytest.mark.django_db(transaction=True)
SUBPROC = Path(__file__).with_name("subproc.py")


def _database_url() -> str:
    s = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{s['NAME']}"
    user = s.get("USER") or "postgres"
    return f"postgres://{user}@{s.get('HOST') or '127.0.0.1'}:{s.get('PORT') or 5432}/{s['NAME']}"


def _child(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "DATABASE_URL": _database_url(), "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, str(SUBPROC), *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def _game() -> tuple[Game, Any, Any]:
    gm, _ = make_user("gamemaster", gm=True)
    ann, _ = make_user("ann")
    bob, _ = make_user("bob")
    game = lifecycle.create_game(gm, "Race", "fakebid", settings={"deadline": {"minutes": 60}})
    lifecycle.join(game.pk, ann, ["North"])
    lifecycle.join(game.pk, bob, ["South"])
    return lifecycle.start(game.pk, gm), ann, bob


def test_submission_during_processing_is_refused_not_lost() -> None:
    game, ann, bob = _game()
    submissions.submit_orders(game.pk, ann, "bid 4", turn=1)
    locked, finished = threading.Event(), threading.Event()
    real = session.Table.process

    def slow_process(table: Any) -> Any:
        locked.set()  # the game row is locked now
        time.sleep(1.0)
        return real(table)

    outcome: dict[str, Any] = {}

    def process() -> None:
        try:
            outcome["processed"] = turns.process_due(game.pk, 1, force=True)
        finally:
            connection.close()
            finished.set()

    session.Table.process = slow_process  # type: ignore[method-assign]
    try:
        worker = threading.Thread(target=process)
        worker.start()
        assert locked.wait(10)
        started = time.monotonic()
        with pytest.raises(SessionError) as err:
            submissions.submit_orders(game.pk, bob, "bid 9", turn=1)
        waited = time.monotonic() - started
        worker.join()
        assert finished.is_set()
    finally:
        session.Table.process = real  # type: ignore[method-assign]
    assert outcome["processed"] is True
    # It waited for the lock, then saw the processed turn: refused, with a clear error.
    assert err.value.code == "turn/stale" and waited > 0.3
    assert "current turn is 2" in err.value.message
    assert not Submission.objects.filter(power="South").exists()  # neither turn 1 nor 2
    assert Turn.objects.get(game=game, number=1).state["last"]["North"] == ["bid 4"]


def test_killed_worker_leaves_the_game_as_it_was_and_the_turn_is_redone() -> None:
    game, ann, _ = _game()
    submissions.submit_orders(game.pk, ann, "bid 4", turn=1)
    child = _child("stall", str(game.pk))
    assert child.stdout is not None
    line = child.stdout.readline()
    assert "STALLED" in line, line + child.stdout.read()
    child.send_signal(signal.SIGKILL)
    child.wait(10)
    game.refresh_from_db()
    assert game.turn == 1 and not Turn.objects.filter(game=game).exists()
    # The scheduler of the next worker queues the due turn again, and it is processed.
    Game.objects.filter(pk=game.pk).update(process_after=timezone.now())
    assert turns.enqueue_due(timezone.now() + timedelta(seconds=1)) == 1
    assert run_worker() == 1
    assert list(Turn.objects.filter(game=game).values_list("number", flat=True)) == [1]


def test_two_workers_never_process_a_turn_twice() -> None:
    game, ann, bob = _game()
    submissions.submit_orders(game.pk, ann, "bid 4", turn=1)
    submissions.submit_orders(game.pk, bob, "bid 3", turn=1)
    for _ in range(8):  # duplicate tasks, as a GM's repeated "process now" would make
        turns.process_game.enqueue(game.pk, 1, True)
    children = [_child("worker"), _child("worker")]
    for child in children:
        out, _ = child.communicate(timeout=60)
        assert child.returncode == 0, out
    results = DBTaskResult.objects.filter(task_path__endswith="process_game")
    assert results.count() == 8
    assert sorted(r.status for r in results) == ["SUCCESSFUL"] * 8
    assert [r.return_value for r in results].count(True) == 1
    assert len({w for r in results for w in r.worker_ids}) >= 1
    assert list(Turn.objects.filter(game=game).values_list("number", flat=True)) == [1]
    game.refresh_from_db()
    assert game.turn == 2


def test_a_second_worker_waits_for_the_first_and_does_not_process_the_turn_again() -> None:
    """Two worker processes on the same turn at the same moment, overlapping for certain:
    the first holds the game row mid-turn while the second asks for the same turn."""
    game, ann, bob = _game()
    submissions.submit_orders(game.pk, ann, "bid 4", turn=1)
    submissions.submit_orders(game.pk, bob, "bid 3", turn=1)
    first = _child("slow", str(game.pk), "20")  # long enough for a loaded machine
    assert first.stdout is not None
    line = first.stdout.readline()
    assert "STALLED" in line, line + first.stdout.read()
    second = _child("process", str(game.pk))  # starts while the first is mid-transaction
    out_second, _ = second.communicate(timeout=60)
    out_first, _ = first.communicate(timeout=60)
    assert "PROCESSED True" in out_first, out_first
    assert "PROCESSED False" in out_second, out_second
    # The second was held at the game's lock until the first committed, then saw turn 2.
    waited = float(out_second.split("after ")[1].split()[0])
    assert waited > 0.5, out_second
    assert list(Turn.objects.filter(game=game).values_list("number", flat=True)) == [1]
    game.refresh_from_db()
    assert game.turn == 2
