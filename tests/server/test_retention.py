"""Retention (``umpire.server.retention``): old delivery rows go, in batches; rows still to
send, tasks not finished and the keys a notice still needs stay; ``umpire prune`` says what
it removed."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from tests.server.conftest import deliver_mail, make_user, run_worker
from tests.server.mail.conftest import Table, start_table
from umpire.cli import main as umpire_main
from umpire.server import retention
from umpire.server.mail.models import InboundMail, MailStatus, OutboundMail
from umpire.server.mail.notices import send_notices
from umpire.server.mail.outbox import deliver_mail as deliver_mail_task
from umpire.server.models import Game, HookStatus, OutboundHook, Webhook
from umpire.server.usecases import gm_actions, turns

DAY = timedelta(days=1)


def _mail(status: str, age_days: float, now: datetime, **fields: Any) -> OutboundMail:
    row = OutboundMail.objects.create(
        to="x@example.org", subject="s", body="b", kind=fields.pop("kind", "reply"),
        status=status, **fields,
    )  # fmt: skip
    OutboundMail.objects.filter(pk=row.pk).update(created_at=now - age_days * DAY)
    return row


def _post(
    hook: Webhook, status: str, age_days: float, now: datetime, **fields: Any
) -> OutboundHook:
    row = OutboundHook.objects.create(
        webhook=hook, kind=fields.pop("kind", "turn"), status=status, **fields
    )
    OutboundHook.objects.filter(pk=row.pk).update(created_at=now - age_days * DAY)
    return row


def _left(model: Any) -> set[int]:
    return set(model.objects.values_list("pk", flat=True))


@pytest.fixture
def hook(db: Any) -> Webhook:
    user, _ = make_user("hana")
    return Webhook.objects.create(user=user, url="https://hooks.example.org/x", format="json")


def test_old_sent_mail_goes_recent_stays_and_nothing_still_to_send_goes(db: Any) -> None:
    now = timezone.now()
    old_sent = _mail(MailStatus.SENT, 31, now)
    recent_sent = _mail(MailStatus.SENT, 29, now)
    ancient_pending = _mail(MailStatus.PENDING, 1000, now)
    ancient_sending = _mail(MailStatus.SENDING, 1000, now)
    failed_40 = _mail(MailStatus.FAILED, 40, now)
    failed_91 = _mail(MailStatus.FAILED, 91, now)
    gameless = _mail(MailStatus.SENT, 31, now, key="reply:1")  # no game: nothing awaits it
    done = retention.prune(now)
    assert done["sent mails"] == 2 and done["failed mails"] == 1
    assert _left(OutboundMail) == {
        recent_sent.pk,
        ancient_pending.pk,
        ancient_sending.pk,
        failed_40.pk,
    }
    assert not {old_sent.pk, failed_91.pk, gameless.pk} & _left(OutboundMail)
    assert retention.prune(now)["sent mails"] == 0  # nothing more to do: idempotent


def test_old_sent_posts_go_dead_ones_stay_longer_pending_never(db: Any, hook: Webhook) -> None:
    now = timezone.now()
    old_sent = _post(hook, HookStatus.SENT, 31, now)
    recent_sent = _post(hook, HookStatus.SENT, 2, now)
    dead_60 = _post(hook, HookStatus.DEAD, 60, now)
    dead_100 = _post(hook, HookStatus.DEAD, 100, now)
    pending = _post(hook, HookStatus.PENDING, 500, now)
    sending = _post(hook, HookStatus.SENDING, 500, now)
    done = retention.prune(now)
    assert done["sent webhook posts"] == 1 and done["dead webhook posts"] == 1
    assert _left(OutboundHook) == {recent_sent.pk, dead_60.pk, pending.pk, sending.pk}
    assert old_sent.pk not in _left(OutboundHook) and dead_100.pk not in _left(OutboundHook)


def test_the_days_come_from_the_settings_and_zero_keeps_for_ever(db: Any, settings: Any) -> None:
    now = timezone.now()
    sent_10 = _mail(MailStatus.SENT, 10, now)
    failed_500 = _mail(MailStatus.FAILED, 500, now)
    settings.UMPIRE_KEEP_SENT_DAYS = 7
    settings.UMPIRE_KEEP_FAILED_DAYS = 0
    done = retention.prune(now)
    assert "failed mails" not in done and "dead webhook posts" not in done
    assert _left(OutboundMail) == {failed_500.pk}
    assert sent_10.pk not in _left(OutboundMail)


def test_finished_task_results_go_after_their_days_unfinished_never(db: Any) -> None:
    now = timezone.now()
    for row_id in range(4):
        deliver_mail_task.enqueue(10_000 + row_id)  # no such mail: each ends "not-pending"
    assert run_worker(queue="mail") == 4
    finished = list(DBTaskResult.objects.filter(status="SUCCESSFUL").values_list("pk", flat=True))
    old, recent, failed_old, failed_recent = finished
    DBTaskResult.objects.filter(pk=old).update(finished_at=now - 8 * DAY)
    DBTaskResult.objects.filter(pk=recent).update(finished_at=now - 6 * DAY)
    DBTaskResult.objects.filter(pk=failed_old).update(status="FAILED", finished_at=now - 91 * DAY)
    DBTaskResult.objects.filter(pk=failed_recent).update(
        status="FAILED", finished_at=now - 30 * DAY
    )
    waiting = deliver_mail_task.enqueue(1).id
    running = deliver_mail_task.enqueue(2).id
    DBTaskResult.objects.filter(pk=waiting).update(enqueued_at=now - 400 * DAY)
    DBTaskResult.objects.filter(pk=running).update(status="RUNNING", started_at=now - 400 * DAY)
    done = retention.prune(now)
    assert done["finished tasks"] == 1 and done["failed tasks"] == 1
    left = {str(pk) for pk in _left(DBTaskResult)}
    assert left == {str(recent), str(failed_recent), str(waiting), str(running)}


def test_deletes_in_batches_and_stops_between_them(db: Any) -> None:
    now = timezone.now()
    for _ in range(7):
        _mail(MailStatus.SENT, 40, now)
    rows = retention.KINDS[0].due(now)
    assert rows is not None
    with CaptureQueriesContext(connection) as queries:
        assert retention.delete_in_batches(rows, batch=3) == 7
    deletes = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("DELETE")]
    assert len(deletes) == 3  # 3 + 3 + 1, each its own statement
    for _ in range(5):
        _mail(MailStatus.SENT, 40, now)
    asked: list[int] = []

    def stop() -> bool:  # a worker shutting down after the first batch
        asked.append(1)
        return len(asked) > 1

    assert retention.delete_in_batches(rows, batch=2, stop=stop) == 2
    assert OutboundMail.objects.count() == 3


def test_mails_read_go_but_the_orders_of_a_turn_still_open(db: Any) -> None:
    table = start_table()
    game = Game.objects.get(pk=table.game_id)
    now = timezone.now()

    def read(turn: int | None, orders: bool) -> InboundMail:
        row = InboundMail.objects.create(
            message_id=f"<m{InboundMail.objects.count()}@x>", received_at=now - 100 * DAY,
            game=game if turn else None, power="RED" if turn else "", turn=turn, orders=orders,
        )  # fmt: skip
        return row

    current = read(game.turn, True)
    earlier = read(game.turn - 1 if game.turn > 1 else 99, True)
    chatter = read(None, False)
    recent = InboundMail.objects.create(message_id="<new@x>", received_at=now - DAY)
    assert retention.prune(now)["mails read"] == 2
    assert _left(InboundMail) == {current.pk, recent.pk}
    assert earlier.pk not in _left(InboundMail) and chatter.pk not in _left(InboundMail)


# --- keys: pruning never makes a notice go out twice ------------------------------------------


def _reminders(outbox: list[Any]) -> list[str]:
    return sorted(m.to[0] for m in outbox if "reminder" in m.subject)


def test_a_reminder_is_not_sent_again_after_pruning(
    transactional_db: Any, mailoutbox: list[Any]
) -> None:
    """The turn's reminders were sent, the game is paused for longer than sent mail is kept,
    then resumed: the notice pass looks again, and the kept keys say they went already."""
    table: Table = start_table()
    game = Game.objects.get(pk=table.game_id)
    assert game.deadline is not None
    mailoutbox.clear()
    assert send_notices(game.deadline - timedelta(minutes=30)) == 3
    deliver_mail()
    assert len(_reminders(mailoutbox)) == 3
    gm_actions.gm_action(game.pk, table.gm, "pause")
    deliver_mail()
    later = timezone.now() + 45 * DAY  # every row is older than UMPIRE_KEEP_SENT_DAYS now
    done = retention.prune(later)
    assert done["sent mails"] > 0  # the welcomes and the pause notice went
    kept = OutboundMail.objects.filter(kind="reminder", status=MailStatus.SENT)
    assert kept.count() == 3
    gm_actions.gm_action(game.pk, table.gm, "resume")
    game = Game.objects.get(pk=table.game_id)
    assert game.deadline is not None and game.notice_at is not None  # the pass looks again
    assert send_notices(game.deadline - timedelta(minutes=30)) == 0
    assert len(_reminders(mailoutbox)) == 3

    # Without the kept rows the same pass would remind everyone again: the keys matter.
    saved = list(kept.values_list("pk", flat=True))
    OutboundMail.objects.filter(pk__in=saved).update(key=None)
    Game.objects.filter(pk=game.pk).update(notice_at=game.notice_at)
    assert send_notices(game.deadline - timedelta(minutes=30)) == 3
    OutboundMail.objects.filter(kind="reminder", key__isnull=False).delete()
    OutboundMail.objects.filter(pk__in=saved).update(key=None)

    # Once the turn is processed the old reminders are nothing's business: they go.
    assert turns.process_due(game.pk, game.turn, force=True)
    deliver_mail()
    done = retention.prune(timezone.now() + 45 * DAY)
    assert not OutboundMail.objects.filter(kind="reminder", status=MailStatus.SENT).exists()


def test_posts_of_a_notice_still_awaited_stay(db: Any, hook: Webhook) -> None:
    table = start_table()
    game = Game.objects.get(pk=table.game_id)
    now = timezone.now()
    turn = game.turn

    def notice(kind: str, power: str, turn: int, status: str, age: float) -> OutboundHook:
        key = f"{kind}:{game.pk}:{turn}:{power}:{hook.pk}"
        return _post(hook, status, age, now, game=game, kind="deadline", key=key)

    awaited = [notice(kind, "RED", turn, HookStatus.SENT, 40) for kind in ("reminder", "late")]
    dead = notice("late", "BLUE", turn, HookStatus.DEAD, 100)
    # Another turn's reminder, and a printout (composed once), go.
    before = notice("reminder", "RED", turn + 10, HookStatus.SENT, 40)
    printout = _post(hook, HookStatus.SENT, 40, now, game=game, key=f"printout:7:RED:{hook.pk}")
    retention.prune(now)
    assert _left(OutboundHook) == {awaited[0].pk, awaited[1].pk, dead.pk}
    assert before.pk not in _left(OutboundHook) and printout.pk not in _left(OutboundHook)
    Game.objects.filter(pk=game.pk).update(turn=turn + 1)  # the turn was processed
    retention.prune(now)
    assert not _left(OutboundHook)


# --- the command ------------------------------------------------------------------------------


def test_the_command_prints_what_it_removed(
    db: Any, settings: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Django is set up already: setting it up again would point its log handlers at this
    # test's captured output, closed after it.
    monkeypatch.setattr("umpire.server.commands._setup", lambda: None)
    now = timezone.now()
    for _ in range(2):
        _mail(MailStatus.SENT, 31, now)
    _mail(MailStatus.SENT, 1, now)
    _mail(MailStatus.FAILED, 95, now)
    settings.UMPIRE_KEEP_TASKS_DAYS = 0
    assert umpire_main(["prune", "--dry-run"]) == 0
    said = capsys.readouterr().out
    assert "sent mails older than 30 days (UMPIRE_KEEP_SENT_DAYS): 2 would be deleted" in said
    assert OutboundMail.objects.count() == 4
    assert umpire_main(["prune"]) == 0
    said = capsys.readouterr().out
    assert "sent mails older than 30 days (UMPIRE_KEEP_SENT_DAYS): 2 deleted" in said
    assert "failed mails older than 90 days (UMPIRE_KEEP_FAILED_DAYS): 1 deleted" in said
    assert "finished tasks: kept for ever (UMPIRE_KEEP_TASKS_DAYS=0)" in said
    assert "Pruned 3 row(s) in all" in said
    assert OutboundMail.objects.count() == 1
    assert umpire_main(["prune"]) == 0
    assert "Pruned 0 row(s) in all" in capsys.readouterr().out


# --- the worker -------------------------------------------------------------------------------


def test_the_worker_prunes_on_its_own_thread_once_a_period(
    transactional_db: Any, settings: Any
) -> None:
    import threading

    from umpire.server.commands import Workers

    settings.UMPIRE_PRUNE_SECONDS = 3600
    settings.UMPIRE_NOTICE_SECONDS = 0.05  # how often the thread wakes to ask for the lease
    now = timezone.now()
    first = _mail(MailStatus.SENT, 40, now)
    workers = Workers()
    thread = threading.Thread(target=workers.prune_forever)
    thread.start()
    try:
        for _ in range(200):
            if not OutboundMail.objects.filter(pk=first.pk).exists():
                break
            workers.stop.wait(0.05)
        assert not OutboundMail.objects.filter(pk=first.pk).exists()
        second = _mail(MailStatus.SENT, 40, now)
        workers.stop.wait(0.5)  # ten wake-ups: the lease is held for the period
        assert OutboundMail.objects.filter(pk=second.pk).exists()
    finally:
        workers.stop.set()
        thread.join(10)


@pytest.mark.parametrize("entry", ["umpire", "python -m umpire.server"])
def test_prune_takes_the_documented_arguments(entry: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    from umpire.server import __main__ as server_main
    from umpire.server import commands

    text = (Path(__file__).resolve().parents[2] / "docs/server.md").read_text()
    assert "`umpire prune [--dry-run]`" in text
    seen: list[bool] = []
    monkeypatch.setattr(commands, "prune", lambda dry_run: seen.append(dry_run) or 0)
    main = umpire_main if entry == "umpire" else server_main.main
    assert main(["prune"]) == 0 and main(["prune", "--dry-run"]) == 0
    assert seen == [False, True]
