"""Scheduling and processing turns: a turn's deadline, queuing it when it is due (at once
when nobody must be waited for), and processing it in a worker (:data:`process_game`,
:data:`process_games`, the tasks defined here).

Processing is never done for a web request: :func:`enqueue` writes a task row in the
caller's transaction, and a worker runs :func:`process_due`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from django.conf import settings as django_settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django_tasks import task
from django_tasks_db.models import DBTaskResult

from umpire.core import session
from umpire.core.ruleset import Pending
from umpire.server import absence, community, statements
from umpire.server.mail import outbound
from umpire.server.models import Game, GameStatus, Seat
from umpire.server.store import (
    deadline_for,
    grace,
    keep_status,
    load_tail_stored,
    notice_at,
    save_outputs,
    save_submissions,
    save_turn,
)
from umpire.server.usecases import offers
from umpire.server.usecases.common import log


def expected_ready(game: Game, seats: Sequence[Seat] | None = None) -> bool:
    """Every power the turn waits for is a bot, or has submitted and marked itself ready."""
    if seats is None:
        seats = list(Seat.objects.filter(game=game, active=True))
    held = {s.power: s for s in seats}
    done = set(game.submitted)
    for power in game.expected:
        seat = held.get(power)
        if seat is not None and seat.is_bot:
            continue
        if seat is None or seat.ready_turn != game.turn or power not in done:
            return False
    return True


def maybe_early(
    game: Game, now: datetime, seats: Sequence[Seat] | None = None, changed: list[str] | None = None
) -> None:
    """Queue the turn now if nobody must be waited for; save the game row (only the columns
    in ``changed`` and those this changes, when ``changed`` is given)."""
    if game.status == GameStatus.RUNNING and expected_ready(game, seats):
        game.process_after = now
        enqueue(game, now)
        if changed is not None:
            changed += ["process_after", "enqueued_at"]
    if changed is None:
        game.save()
    elif changed:
        game.save(update_fields=changed)


def schedule(
    game: Game,
    todo: Pending,
    now: datetime,
    seats: Sequence[Seat] | None = None,
    *,
    queue: bool = True,
) -> None:
    """Set the deadline of the turn that opens now (the game's status columns are up to date);
    queue it at once if nobody must wait (without ``queue``: only mark it queued, for the
    caller to process)."""
    game.deadline = deadline_for(game, todo, now)
    game.process_after = game.deadline + grace(game) if game.deadline else None
    game.extension = timedelta(0)
    if seats is None:
        seats = list(Seat.objects.filter(game=game, active=True))
    apply_absences(game, seats)
    game.notice_at = notice_at(game, seats)
    if expected_ready(game, seats):
        game.process_after = now
        if queue:
            enqueue(game, now)
        else:
            game.enqueued_at = now


def apply_absences(game: Game, seats: Sequence[Seat]) -> list[absence.Move]:
    """Move the running turn's deadline for the declared absences of the players it waits
    for, as the game's policy says (:func:`umpire.server.absence.extend`); what each absence
    did. The caller saves the row (``deadline``, ``process_after``, ``away_used``) and sets
    ``notice_at`` afterwards."""
    deadline, moves = absence.extend(game, seats, game.deadline)
    if deadline != game.deadline and deadline is not None:
        game.deadline = deadline
        game.process_after = deadline + grace(game)
    return moves


def enqueue(game: Game, now: datetime, *, force: bool = False) -> None:
    """Queue the processing of the game's current turn (in the caller's transaction)."""
    process_game.enqueue(game.pk, game.turn, force)
    game.enqueued_at = now


BATCH = 16  # due games per task the scheduler queues


def enqueue_due(now: datetime | None = None) -> int:
    """Queue every game whose turn is due and not queued recently; the count queued.

    Run periodically by every worker. The due games go out in tasks of up to ``BATCH``
    games each (:func:`process_batch`), claimed a batch at a time: a handful of statements
    per batch rather than a transaction and a task per game. A game whose task failed or
    whose worker died is queued again once ``UMPIRE_REENQUEUE_AFTER`` seconds have passed;
    duplicates are harmless.
    """
    now = now or timezone.now()
    stale = now - timedelta(seconds=django_settings.UMPIRE_REENQUEUE_AFTER)
    due = Game.objects.filter(status=GameStatus.RUNNING, process_after__lte=now).filter(
        Q(enqueued_at__isnull=True) | Q(enqueued_at__lte=stale)
    )
    ids = list(due.order_by("process_after", "pk").values_list("pk", flat=True))
    count = 0
    for start in range(0, len(ids), BATCH):
        with transaction.atomic():
            # Locked and checked again: a game another scheduler has just queued (or a
            # worker is processing) is skipped.
            claimed = list(
                due.select_for_update(skip_locked=True)
                .filter(pk__in=ids[start : start + BATCH])
                .order_by("pk")
                .values_list("pk", "turn")
            )
            if not claimed:
                continue
            Game.objects.filter(pk__in=[pk for pk, _ in claimed]).update(enqueued_at=now)
            process_games.enqueue([[pk, turn] for pk, turn in claimed])
            count += len(claimed)
    return count


CHAIN = 4  # turns of one game a batch processes in a row when bots alone play the next


def process_batch(turns: Sequence[tuple[int, int]]) -> int:
    """Process the due turns of a batch, each game in its own transaction; the count of
    turns processed. A turn that only bots play, due at once after one processed here, is
    processed here too (up to ``CHAIN`` turns of a game in a row; after that it is queued as
    a task of its own). A game that fails is logged and left queued: the scheduler queues it
    again after ``UMPIRE_REENQUEUE_AFTER`` seconds, as it does for a task that failed."""
    done = 0
    for game_id, turn in turns:
        try:
            for step in range(CHAIN):
                processed, again = _process(game_id, turn + step, queue_next=step == CHAIN - 1)
                done += processed
                if not again:
                    break
        except Exception:
            log.exception("game %s: processing turn %s failed", game_id, turn)
    return done


def recover_stale_tasks(now: datetime | None = None) -> int:
    """Put back to ``READY`` every task row left ``RUNNING`` by a worker that died.

    A row is stale once it has run for ``UMPIRE_STALE_TASK_SECONDS``; every task is
    idempotent (a turn is processed once, a mail is claimed before it is sent), so running
    it again is safe. The count recovered.
    """
    now = now or timezone.now()
    stale = now - timedelta(seconds=django_settings.UMPIRE_STALE_TASK_SECONDS)
    rows = DBTaskResult.objects.filter(status="RUNNING", started_at__lt=stale)
    count = rows.update(status="READY", started_at=None)
    if count:
        log.warning("recovered %s task(s) left running by a dead worker", count)
    return count


def _fill_missing(game: Game, table: session.Table, seats: list[Seat], now: datetime) -> None:
    """Bots write their orders; with ``nmr: bot`` the bot also writes missing players'."""
    todo = table.pending()
    done = set(table.submitted())
    nmr_bot = game.setting("nmr", "rules") == "bot"
    written = []
    for seat in seats:
        if seat.power not in todo.powers:
            continue
        if seat.power in done or not (seat.is_bot or nmr_bot):
            continue
        receipt = table.bot_submit(seat.power, source="bot" if seat.is_bot else "default")
        if receipt.stored:  # a bot's text the game refused whole stores nothing
            written.append(table.record.pending[-1])
    if written:
        save_submissions(game, game.turn, written, now)


# What processing a turn changes on the game row.
PROCESSED_FIELDS = (
    "turn", "enqueued_at", "label", "expected", "submitted", "outcome", "status",
    "finished_at", "deadline", "process_after", "notice_at", "extension", "away_used",
)  # fmt: skip


def process_due(game_id: int, turn: int, *, force: bool = False) -> bool:
    """Process turn ``turn`` if it is still the current one and is due; True if done.

    One transaction: a worker that dies inside leaves the game as it was. Idempotent: the
    turn number makes a second run (duplicate task, second worker) a no-op.
    """
    return _process(game_id, turn, force=force)[0]


def _process(
    game_id: int, turn: int, *, force: bool = False, queue_next: bool = True
) -> tuple[bool, bool]:
    """:func:`process_due`; and whether the next turn is due at once (bots alone play it).
    Without ``queue_next`` that next turn is not queued: the caller processes it (the game
    is marked queued, so that the scheduler leaves it alone unless the caller dies)."""
    with transaction.atomic():
        game = statements.locked_game(game_id)  # select_for_update, compiled once
        if game is None or game.status != GameStatus.RUNNING or game.turn != turn:
            return False, False
        now = timezone.now()
        if not force and (game.process_after is None or game.process_after > now):
            return False, False
        # The game row names the powers with orders in: none, no submission to read.
        tail, stored = load_tail_stored(game, pending=bool(game.submitted))
        table = session.open_table(tail)
        record = table.record
        seats = statements.seats_with_streaks(game.pk)  # offers.with_streaks, compiled once
        _fill_missing(game, table, seats, now)
        done = table.process()
        outbound.turn_processed(game, save_turn(game, done, stored))
        duties = community.turn_processed(game, done, seats)  # before keep_status: expected
        offers.after_turn(game, duties, seats, now)  # seats missed N turns in a row: offered
        save_outputs(game, table)
        game.turn = done.number + 1
        game.enqueued_at = None
        keep_status(game, table)
        if record.outcome is not None:
            game.outcome = record.outcome.to_json()
            game.status = GameStatus.FINISHED
            game.finished_at = now
            game.deadline = game.process_after = game.notice_at = None
        else:
            schedule(game, table.pending(), now, seats, queue=queue_next)
        # Not the record's header: it never changes. One statement compiled once.
        statements.update(game, PROCESSED_FIELDS)
        if game.status == GameStatus.FINISHED:
            community.game_ended(game)
        log.info("game %s: processed turn %s (%s)", game.pk, done.number, done.label)
    return True, game.process_after == now


# --- game-master actions ------------------------------------------------------------------


@task()
def process_game(game_id: int, turn: int, force: bool = False) -> bool:
    """Process ``turn`` of game ``game_id`` if it is still current and due (idempotent)."""
    return process_due(game_id, turn, force=force)


@task()
def process_games(turns: list[list[int]]) -> int:
    """Process each ``[game_id, turn]`` of a batch the deadline scheduler queued (each game in
    its own transaction, as :data:`process_game` does); the count processed."""
    return process_batch([(game_id, turn) for game_id, turn in turns])
