"""Retention: the delivery rows that would otherwise grow for ever, deleted once they are old.

What stays and what goes (ruling):

- **Records, kept for ever**: games, turns, submissions, the stored outputs, seats and their
  history, press, votes, the audit log, duties and ratings. A game, a player's standing and
  every page are read from them.
- **Delivery rows, deleted when old** (each kind after its own setting's days, counted from
  when the row was written; ``0`` keeps that kind for ever):

  ================================  ==========================  =======
  rows                              setting                     default
  ================================  ==========================  =======
  sent mail, sent webhook posts     ``UMPIRE_KEEP_SENT_DAYS``   30
  failed mail, dead webhook posts,  ``UMPIRE_KEEP_FAILED_DAYS`` 90
  failed tasks
  finished tasks' results           ``UMPIRE_KEEP_TASKS_DAYS``  7
  the log of mail read              ``UMPIRE_KEEP_INBOUND_DAYS`` 90
  ================================  ==========================  =======

  Failed mail and dead posts stay longer because the game master (``/gm/<id>/``, ``GET
  /api/games/{id}/gm/mail``) and the webhook's owner (the account page) are shown them.
- **Never deleted, whatever their age**: mail and posts still to send (``pending``,
  ``sending``) and tasks not finished (``READY``, ``RUNNING``).

Keys: an outbox row's ``key`` sends a notice once only. Most keys name something that is
composed once (a processed turn's printout, a message, an audit entry, an offer): the task
that composes it runs once, so the key is never asked for again once its row is old. The
reminder and the late notice of a turn (:data:`~umpire.server.mail.models.TURN_NOTICES`) are
different: the notice pass looks again whenever the deadline moves (an extension, a resume),
and a paused game may wait on one turn for months. Their rows, mail and posts, are therefore
kept while their game is running or paused on that turn (:func:`awaited_notice`), and go
with the rest once the turn is processed or the game is over (a rollback frees the keys of
the turn it reopens, mail and posts alike: ``mail.outbound``; the freed rows are no longer
awaited). Likewise the mail read that carried orders for the turn its game
is still on stays (the receipt of a later mail compares its Date with it).

Batches: each kind is deleted ``BATCH`` rows at a time, each batch its own short statement,
so a large backlog never holds a long transaction or lock; the worker's pruning runs on its
own thread (``commands.Workers``), in one process of all that run (a lease), never in the way
of a due turn.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import CharField, F, Q, QuerySet, Value
from django.db.models.functions import Cast, Concat
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from umpire.server.mail.models import TURN_NOTICES, InboundMail, MailStatus, OutboundMail
from umpire.server.models import GameStatus, HookStatus, OutboundHook

log = logging.getLogger("umpire.server")

BATCH = 500  # rows deleted in one statement
OPEN = (GameStatus.RUNNING, GameStatus.PAUSED)  # games whose notice pass may still run


@dataclass(frozen=True)
class Kind:
    """One kind of row retention deletes: its name as the command prints it, the setting of
    its days, and the rows of that kind old enough to go before a moment."""

    name: str
    setting: str
    rows: Callable[[datetime], QuerySet[Any]]

    @property
    def days(self) -> float:
        return float(getattr(settings, self.setting))

    def due(self, now: datetime) -> QuerySet[Any] | None:
        """The rows to delete at ``now``; None when this kind is kept for ever."""
        if self.days <= 0:
            return None
        return self.rows(now - timedelta(days=self.days))


def awaited_notice() -> Q:
    """Rows (mail or posts) of a reminder or late notice of the turn their game is still on,
    running or paused: the notice pass may try that notice again, and its key alone stops a
    second one (the keys are ``<kind>:<game>:<turn>:<power>``, a post's with ``:<webhook>``
    after it)."""
    keyed = Q()
    for kind in TURN_NOTICES:
        prefix = Concat(
            Value(f"{kind}:"), Cast("game_id", CharField()), Value(":"),
            Cast("game__turn", CharField()), Value(":"), output_field=CharField(),
        )  # fmt: skip
        keyed |= Q(key__startswith=prefix)
    return Q(game__status__in=OPEN) & keyed


def _mail(status: str) -> Callable[[datetime], QuerySet[Any]]:
    def rows(before: datetime) -> QuerySet[Any]:
        old = OutboundMail.objects.filter(status=status, created_at__lt=before)
        return old.exclude(awaited_notice())

    return rows


def _posts(status: str) -> Callable[[datetime], QuerySet[Any]]:
    def rows(before: datetime) -> QuerySet[Any]:
        old = OutboundHook.objects.filter(status=status, created_at__lt=before)
        return old.exclude(awaited_notice())

    return rows


def _tasks(status: str) -> Callable[[datetime], QuerySet[Any]]:
    def rows(before: datetime) -> QuerySet[Any]:
        return DBTaskResult.objects.filter(status=status, finished_at__lt=before)

    return rows


def _read(before: datetime) -> QuerySet[Any]:
    old = InboundMail.objects.filter(received_at__lt=before)
    return old.exclude(orders=True, game__status__in=OPEN, game__turn=F("turn"))


KINDS = (
    Kind("sent mails", "UMPIRE_KEEP_SENT_DAYS", _mail(MailStatus.SENT)),
    Kind("failed mails", "UMPIRE_KEEP_FAILED_DAYS", _mail(MailStatus.FAILED)),
    Kind("sent webhook posts", "UMPIRE_KEEP_SENT_DAYS", _posts(HookStatus.SENT)),
    Kind("dead webhook posts", "UMPIRE_KEEP_FAILED_DAYS", _posts(HookStatus.DEAD)),
    Kind("finished tasks", "UMPIRE_KEEP_TASKS_DAYS", _tasks(TaskResultStatus.SUCCESSFUL)),
    Kind("failed tasks", "UMPIRE_KEEP_FAILED_DAYS", _tasks(TaskResultStatus.FAILED)),
    Kind("mails read", "UMPIRE_KEEP_INBOUND_DAYS", _read),
)


def delete_in_batches(
    rows: QuerySet[Any], batch: int = BATCH, stop: Callable[[], bool] | None = None
) -> int:
    """Delete ``rows``, ``batch`` at a time (each a statement of its own, outside any
    transaction of the caller's making); the count deleted. ``stop``: asked before each
    batch, True ends early (a worker shutting down)."""
    total = 0
    while stop is None or not stop():
        ids = list(rows.order_by().values_list("pk", flat=True)[:batch])
        if not ids:
            break
        # The conditions again with the ids: a row that changed since it was read stays.
        deleted, _ = rows.filter(pk__in=ids).delete()
        total += deleted
        if len(ids) < batch:
            break
    return total


def prune(
    now: datetime | None = None, *, batch: int = BATCH, stop: Callable[[], bool] | None = None
) -> dict[str, int]:
    """Delete every row retention lets go at ``now``: the count deleted of each kind (a kind
    kept for ever is not named)."""
    now = now or timezone.now()
    done: dict[str, int] = {}
    for kind in KINDS:
        rows = kind.due(now)
        if rows is not None:
            done[kind.name] = delete_in_batches(rows, batch, stop)
    if any(done.values()):
        log.info("pruned %s", ", ".join(f"{n} {name}" for name, n in done.items() if n))
    return done


def prunable(now: datetime | None = None) -> dict[str, int]:
    """What :func:`prune` would delete at ``now``, counted, nothing deleted."""
    now = now or timezone.now()
    counts: dict[str, int] = {}
    for kind in KINDS:
        rows = kind.due(now)
        if rows is not None:
            counts[kind.name] = rows.count()
    return counts
