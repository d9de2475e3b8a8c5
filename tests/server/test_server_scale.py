"""Cost independent of a game's length (issue 18): a printout read, an order submission and a
processed turn make as many queries and load the state as often at turn 12 as at turn 2; the
stored views and printouts are what the record gives; background work touches only the games
it has to; a read request writes nothing; SIGTERM stops a worker after its current task.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from umpire.core import registry, session
from umpire.core.record import RecordError
from umpire.core.replay import replay
from umpire.core.submission import bot_text
from umpire.server import accounts
from umpire.server.mail.notices import send_notices
from umpire.server.models import ApiToken, Game, TurnOutput
from umpire.server.outputs import SPECTATOR_VIEWER, present
from umpire.server.store import load_record, load_tail
from umpire.server.usecases import gm_actions, lifecycle, turns

from .conftest import Api, is_postgres, make_user, run_worker

DIPLOMACY = "diplomacy"
HUMAN = "FRA"
LATE = 12  # the turn the counts are taken again at
SEED = 18
TASKS = DBTaskResult._meta.db_table


def _counted(queries: CaptureQueriesContext) -> int:
    """The statements of a request or a turn, the queuing of tasks left out: whether the next
    turn is queued at once (it waits for bots only) depends on the phase, not on the game's
    length."""
    return sum(TASKS not in q["sql"] for q in queries.captured_queries)


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts every state the Diplomacy ruleset loads from JSON."""
    ruleset = type(registry.get(DIPLOMACY, "standard"))
    real = ruleset.load_state
    counter = [0]

    def counting(self: Any, data: Any) -> Any:
        counter[0] += 1
        return real(self, data)

    monkeypatch.setattr(ruleset, "load_state", counting)
    yield counter


def _diplomacy(deadline: float = 60, n: int = 0) -> tuple[Game, Api]:
    gm, _ = make_user(f"gamemaster{n or ''}", gm=True)
    ann, api = make_user(f"ann{n or ''}")
    # The human misses most turns: his seat is never offered to a newcomer here (the offer and
    # its withdrawal when he orders again are one statement each, once; the check that decides
    # them is measured: it is read with the seats, issue 31's replacements).
    settings = {
        "fill_with_bots": True,
        "deadline": {"minutes": deadline},
        "offer_after_missed": 1000,
    }
    game = lifecycle.create_game(gm, "Long", DIPLOMACY, settings=settings)
    Game.objects.filter(pk=game.pk).update(seed=SEED)  # the same game every run
    lifecycle.join(game.pk, ann, [HUMAN])
    return lifecycle.start(game.pk, gm), api


def _advance_to_human_turn(game: Game, at_least: int) -> Game:
    """Process turns (the human's orders left to the rules) until turn ``at_least`` or later
    waits for the human."""
    while True:
        game.refresh_from_db()
        if game.turn >= at_least and HUMAN in game.expected:
            return game
        assert turns.process_due(game.pk, game.turn, force=True)


def _costs(game: Game, api: Api, loads: list[int]) -> dict[str, tuple[int, int]]:
    """(queries, state loads) of a printout read, an order submission and the processing."""
    api.get(f"/games/{game.pk}/printout")  # warm: the token's first use is written once
    costs: dict[str, tuple[int, int]] = {}
    loads[0] = 0
    with CaptureQueriesContext(connection) as q:
        status, body = api.get(f"/games/{game.pk}/printout")
    assert status == 200 and body["printout"]["turn"] == game.turn - 1
    costs["printout"] = (_counted(q), loads[0])
    tail = load_tail(game, pending=False)
    ruleset = session.ruleset_of(tail)
    text = bot_text(
        ruleset, session.open_table(tail).state, HUMAN, session.bot_chance(tail, game.turn, HUMAN)
    )
    loads[0] = 0
    with CaptureQueriesContext(connection) as q:
        status, body = api.post(f"/games/{game.pk}/orders", {"turn": game.turn, "text": text})
    assert status == 200 and body["receipt"]["ok"], body
    costs["orders"] = (_counted(q), loads[0])
    loads[0] = 0
    with CaptureQueriesContext(connection) as q:
        assert turns.process_due(game.pk, game.turn, force=True)
    costs["process"] = (_counted(q), loads[0])
    assert len(q) - _counted(q) <= 2  # the turn's mail, the next turn when bots only play it
    return costs


@pytest.mark.django_db
def test_a_turn_costs_at_turn_12_what_it_costs_at_turn_2(loads: list[int]) -> None:
    game, api = _diplomacy()
    first = _costs(_advance_to_human_turn(game, 1), api, loads)
    early = _costs(_advance_to_human_turn(game, 2), api, loads)
    late = _costs(_advance_to_human_turn(game, LATE), api, loads)
    assert late == early, (early, late)
    # Turn 1 has no processed turn to read: one query less where the state is read.
    assert first["printout"] == early["printout"]
    assert first["orders"] == (early["orders"][0] - 1, 1)
    # Processing turn 1 also packs no state before it (issue 33: the state the tail read is
    # written back compressed with the new turn's row, in its statement on PostgreSQL).
    packing = 0 if is_postgres() else 1
    assert first["process"] == (early["process"][0] - 1 - packing, 1)
    # A printout is one stored row: no state is loaded to read it, and the request is two
    # statements, the token's and one for the game, the reader's seat and the stored row.
    queries, states = early["printout"]
    assert states == 0 and queries == 2, early
    # A submission reads the latest state once: the token, then in one transaction the game
    # row locked, its seats, the last turn's state, the submission written, the game's
    # status columns updated (the first submission of the power this turn), and the
    # submissions past the kept cap deleted (one indexed statement, issue 30 item 11).
    assert early["orders"][1] == 1 and early["orders"][0] <= 9, early
    # Processing: one statement more than before issue 31, the turn's duties inserted (who
    # was due and whether his orders came in time: the players' reliability); on SQLite one
    # more from issue 33, the state before the new turn's packed (store.save_turn).
    assert early["process"][1] == 1 and early["process"][0] <= 11 + packing, early


def _due_turns_through_the_worker(games: list[Game]) -> int:
    """The statements of processing every game's due turn the way the service does: the
    scheduler queues them, a worker (this process) runs the tasks; the task rows included."""
    now = timezone.now()
    Game.objects.update(process_after=None)  # none due but these
    Game.objects.filter(pk__in=[g.pk for g in games]).update(process_after=now)
    with CaptureQueriesContext(connection) as q:
        assert turns.enqueue_due(now) == len(games)
        run_worker()
    for game in games:
        before = game.turn
        game.refresh_from_db()
        assert game.turn == before + 1
    return len(q)


@pytest.mark.django_db
def test_a_due_turn_costs_a_few_statements_however_many_are_due() -> None:
    """Task queuing, claiming and completing are paid per batch of due games, not per game:
    each more due game costs only its own turn's statements (lock and read the game, read
    its last turn and its seats, write the bots' orders, the turn, its outputs and its mail
    task, update the game, insert the turn's duties (issue 31); at turn 1 no earlier turn is
    read)."""
    games = [_diplomacy(n=n)[0] for n in range(8)]  # turn 1; the next waits for the human
    few = _due_turns_through_the_worker(games[:2])
    many = _due_turns_through_the_worker(games[2:])
    per_game = (many - few) / 4
    assert per_game <= 10, (few, many)
    assert few - 2 * per_game <= 20, (few, many)  # the batch's own statements


@pytest.mark.django_db
def test_a_batch_goes_on_with_the_turns_only_bots_play_then_queues_the_rest() -> None:
    gm, _ = make_user("gamemaster", gm=True)
    settings = {"fill_with_bots": True, "deadline": {"minutes": 60}}
    game = lifecycle.create_game(gm, "Bots", DIPLOMACY, settings=settings)
    lifecycle.join(game.pk, make_user("ann")[0], ["ENG"])  # a game starts with a player
    game = lifecycle.start(game.pk, gm)
    # ... whom the game master replaces by a bot: every power a bot, every turn due at once
    game = gm_actions.gm_action(game.pk, gm, "replace", power="ENG", bot=True)
    gm_actions.gm_action(game.pk, gm, "process")
    DBTaskResult.objects.all().delete()  # the task the start queued: the batch runs instead
    assert turns.process_batch([(game.pk, 1)]) == turns.CHAIN
    game.refresh_from_db()
    assert game.turn == turns.CHAIN + 1 and game.enqueued_at is not None
    # No task for the turns the batch went on with; one for the turn after them.
    queued = [r.args_kwargs["args"] for r in DBTaskResult.objects.filter(queue_name="default")]
    assert queued == [[game.pk, turns.CHAIN + 1, False]]
    assert turns.enqueue_due(timezone.now()) == 0  # queued: the scheduler leaves it


@pytest.mark.django_db
def test_stored_views_and_printouts_are_those_of_the_record() -> None:
    game, api = _diplomacy()
    game = _advance_to_human_turn(game, 6)
    record = load_record(game)
    assert replay(record) == []
    for turn in range(game.turn):
        status, body = api.get(f"/games/{game.pk}/printout", turn=turn)
        assert status == 200
        assert body["printout"]["text"] == session.report(record, HUMAN, turn=turn)
        status, body = api.get(f"/games/{game.pk}/view", turn=turn)
        assert body["view"]["view"] == session.view(record, HUMAN, turn=turn)
        public = present(game, SPECTATOR_VIEWER, ["public_view"], turn=turn)["public_view"]
        assert public["view"] == session.view(record, None, turn=turn)
    # One row per power and the umpire for each turn, the opening included.
    assert TurnOutput.objects.filter(game=game).count() == game.turn * (len(game.powers) + 1)
    # The game row's status is the record's.
    table = session.open_table(record)
    assert (game.label, game.expected) == (table.pending().label, list(table.pending().powers))
    assert game.submitted == table.submitted()


@pytest.mark.django_db
def test_a_rollback_drops_the_stored_outputs_of_the_undone_turn() -> None:
    game, api = _diplomacy()
    game = _advance_to_human_turn(game, 3)
    last = game.turn - 1
    gm_actions.gm_action(game.pk, game.gm, "rollback")
    game.refresh_from_db()
    assert game.turn == last
    assert not TurnOutput.objects.filter(game=game, turn=last).exists()
    status, body = api.get(f"/games/{game.pk}/printout", turn=last)
    assert (status, body["code"]) == (404, "turn/unknown") or status == 400, body
    assert turns.process_due(game.pk, game.turn, force=True)
    record = load_record(game)
    _, body = api.get(f"/games/{game.pk}/printout")
    assert body["printout"]["text"] == session.report(record, HUMAN)


@pytest.mark.django_db
def test_a_tail_is_never_exported_or_replayed() -> None:
    game, _ = _diplomacy()
    game = _advance_to_human_turn(game, 3)
    tail = load_tail(game)
    assert tail.processed == game.turn - 1 and len(tail.turns) == 1
    with pytest.raises(RecordError):
        tail.to_json()
    with pytest.raises(RecordError):
        replay(tail)


@pytest.mark.django_db
def test_the_notice_pass_reads_only_games_with_someone_to_notify() -> None:
    quiet = [_diplomacy(deadline=48 * 60, n=n)[0] for n in range(3)]
    now = timezone.now()
    with CaptureQueriesContext(connection) as q:
        assert send_notices(now) == 0
    assert len(q) == 1  # one indexed query; no game is read
    # Within a day of its deadline a game is due; once its players are reminded it is not
    # due again until its deadline.
    game = quiet[0]
    game.refresh_from_db()
    assert game.notice_at is not None and game.deadline is not None
    soon = game.deadline - timedelta(minutes=30)
    send_notices(soon)
    game.refresh_from_db()
    assert game.notice_at == game.deadline
    with CaptureQueriesContext(connection) as q:
        assert send_notices(soon + timedelta(minutes=1)) == 0
    assert len(q) == 1


@pytest.mark.django_db
def test_once_every_player_has_submitted_nobody_is_left_to_notify() -> None:
    game, api = _diplomacy(deadline=48 * 60)
    game = _advance_to_human_turn(game, 1)
    assert game.notice_at is not None  # the human has not submitted yet
    status, _ = api.post(f"/games/{game.pk}/orders", {"turn": game.turn, "text": ""})
    assert status == 200
    game.refresh_from_db()
    assert HUMAN in game.submitted
    # Only bots are missing (they write their orders at processing): nobody to mail.
    assert set(game.expected) - set(game.submitted) <= set(game.powers) - {HUMAN}
    assert game.notice_at is None
    with CaptureQueriesContext(connection) as q:
        assert send_notices(game.deadline) == 0
    assert len(q) == 1


@pytest.mark.django_db
def test_a_read_request_writes_nothing() -> None:
    game, api = _diplomacy()
    api.get(f"/games/{game.pk}")  # the token's first use is written
    for path in (
        f"/games/{game.pk}",
        f"/games/{game.pk}/printout",
        f"/games/{game.pk}/view",
        f"/games/{game.pk}/events",
        f"/games/{game.pk}/orders",
        "/games",
    ):
        with CaptureQueriesContext(connection) as q:
            status, _ = api.get(path)
        assert status == 200
        writes = [x["sql"] for x in q if x["sql"].split()[0].upper() in ("INSERT", "UPDATE")]
        assert writes == [], path
    # The last use is written again once an hour has passed.
    ApiToken.objects.update(last_used_at=timezone.now() - timedelta(hours=2))
    api.get(f"/games/{game.pk}")
    row = ApiToken.objects.get(user__username="ann")
    assert row.last_used_at is not None
    assert timezone.now() - row.last_used_at < timedelta(minutes=5)


@pytest.mark.django_db
def test_the_public_game_list_is_paginated_in_constant_queries() -> None:
    gm, _ = make_user("gamemaster", gm=True)
    made = [lifecycle.create_game(gm, f"G{i}", "fakebid").pk for i in range(12)]
    anon = Api(None)
    with CaptureQueriesContext(connection) as q:
        status, page = anon.get("/public/games", limit=5)
    assert status == 200 and [g["id"] for g in page] == sorted(made, reverse=True)[:5]
    few = len(q)
    with CaptureQueriesContext(connection) as q:
        status, whole = anon.get("/public/games", limit=12)
    assert status == 200 and len(whole) == 12
    assert len(q) == few  # not one more query per game
    status, rest = anon.get("/public/games", limit=5, before=page[-1]["id"])
    assert [g["id"] for g in rest] == sorted(made, reverse=True)[5:10]
    status, body = anon.get("/public/games", limit=10_000)
    assert status == 400 or status == 422, body


SUBPROC = Path(__file__).with_name("subproc.py")


def _database_url() -> str:
    s = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{s['NAME']}"
    user = s.get("USER") or "postgres"
    return f"postgres://{user}@{s.get('HOST') or '127.0.0.1'}:{s.get('PORT') or 5432}/{s['NAME']}"


@pytest.mark.django_db(transaction=True)
def test_sigterm_stops_the_worker_after_its_current_task() -> None:
    gm, _ = make_user("gamemaster", gm=True)
    ann, _ = make_user("ann")
    bob, _ = make_user("bob")
    game = lifecycle.create_game(gm, "Term", "fakebid", settings={"deadline": {"minutes": 60}})
    lifecycle.join(game.pk, ann, ["North"])
    lifecycle.join(game.pk, bob, ["South"])
    game = lifecycle.start(game.pk, gm)
    gm_actions.gm_action(game.pk, gm, "process")  # queues turn 1
    env = {**os.environ, "DATABASE_URL": _database_url(), "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen(
        [sys.executable, str(SUBPROC), "slowworker", "3"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert child.stdout is not None
        for line in child.stdout:
            if "TASK STARTED" in line:
                break
        else:
            pytest.fail("the worker never started the task")
        child.send_signal(signal.SIGTERM)
        asked = time.monotonic()
        out, _ = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, out
    assert "TASK FINISHED" in out, out
    # The task ran to its end (not marked failed) and the turn was processed, once.
    assert time.monotonic() - asked < 60
    game.refresh_from_db()
    assert game.turn == 2
    statuses = list(
        DBTaskResult.objects.filter(queue_name="default").values_list("status", flat=True)
    )
    assert "FAILED" not in statuses and "SUCCESSFUL" in statuses, statuses


@pytest.mark.django_db
def test_a_player_who_takes_over_from_a_bot_is_reminded() -> None:
    game, ann = _diplomacy(deadline=48 * 60)
    game = _advance_to_human_turn(game, 1)
    ann.post(f"/games/{game.pk}/orders", {"turn": game.turn, "text": ""})
    game.refresh_from_db()
    assert game.notice_at is None  # bots only are missing
    bob, _ = make_user("bob")
    bot = next(p for p in game.expected if p != HUMAN and p not in game.submitted)
    gm_actions.gm_action(game.pk, game.gm, "replace", power=bot, username="bob")
    game.refresh_from_db()
    assert game.notice_at is not None and game.deadline is not None
    accounts.set_email(bob, "bob@example.org", verified=True)  # reminders go to verified only
    from umpire.server.mail.models import OutboundMail

    send_notices(game.deadline - timedelta(minutes=30))
    assert OutboundMail.objects.filter(kind="reminder", to="bob@example.org").exists()
