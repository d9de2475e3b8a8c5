"""Between the database rows and the engine's :class:`GameRecord`; and deadline arithmetic."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from django.db import connection
from django.utils import timezone

from umpire.core.chance import Draw
from umpire.core.events import Event
from umpire.core.problems import Problem
from umpire.core.record import GameRecord, TurnRecord
from umpire.core.record import Submission as RecordSubmission
from umpire.core.ruleset import Outcome, Pending
from umpire.core.session import Table, open_table
from umpire.server import statements
from umpire.server.fields import is_packed, packed, unpack
from umpire.server.models import Game, GameStatus, Lease, Seat, Submission, Turn, TurnOutput

DEFAULT_DEADLINE_MINUTES = 48 * 60
DEFAULT_REMINDER_MINUTES = 24 * 60


def _submission(row: Submission) -> RecordSubmission:
    return RecordSubmission(
        power=row.power,
        raw=row.raw,
        orders=list(row.orders),
        problems=[Problem.from_json(p) for p in row.problems],
        source=row.source,
        received=row.received_at.isoformat(),
    )


def load_record(game: Game) -> GameRecord:
    """The engine record of a started game, rebuilt from its rows."""
    if game.initial_state is None:
        raise ValueError(f"game {game.pk} has not started")
    by_turn: dict[int, list[RecordSubmission]] = {}
    for row in Submission.objects.filter(game=game, void=False).order_by("turn", "id"):
        by_turn.setdefault(row.turn, []).append(_submission(row))
    turns = [
        TurnRecord(
            number=t.number,
            label=t.label,
            submissions=by_turn.get(t.number, []),
            draws=[Draw.from_json(d) for d in t.draws],
            events=[Event.from_json(e) for e in t.events],
            state=t.state,
        )
        for t in Turn.objects.filter(game=game).order_by("number")
    ]
    return GameRecord(
        game=game.game,
        scenario=game.scenario,
        seed=game.seed,
        powers=list(game.powers),
        initial_state=game.initial_state,
        setup_draws=[Draw.from_json(d) for d in game.setup_draws],
        seating_draws=[Draw.from_json(d) for d in game.seating_draws],
        settings=dict(game.setting("rules", {})),
        turns=turns,
        pending=by_turn.get(len(turns) + 1, []),
        outcome=Outcome.from_json(game.outcome) if game.outcome else None,
    )


def load_tail(game: Game, *, pending: bool = True, events: bool = True) -> GameRecord:
    """The part of a started game's record that taking and processing its current turn needs:
    the state after the last processed turn (with that turn's events, unless ``events`` is
    false: reading orders needs none) and, with ``pending``, the submissions for the current
    turn; nothing older. Two indexed queries at most, whatever the game's length. A partial
    record: never replayed or exported (:func:`load_record` is).
    """
    return load_tail_stored(game, pending=pending, events=events)[0]


def load_tail_stored(
    game: Game, *, pending: bool = True, events: bool = True
) -> tuple[GameRecord, bytes | None]:
    """:func:`load_tail`, and the last processed turn's state as it is stored (the bytes of
    :mod:`umpire.server.fields`; None before the first turn): what :func:`save_turn` packs
    when the next turn's row is written, without reading it again."""
    if game.initial_state is None:
        raise ValueError(f"game {game.pk} has not started")
    last = max(game.turn - 1, 0)
    turns: list[TurnRecord] = []
    stored: bytes | None = None
    if last:
        found = statements.last_turn(game.pk, last, events=events, stored=True)
        if found is None:
            raise Turn.DoesNotExist(f"game {game.pk} has no row for its turn {last}")
        label, happened, stored = found
        state = unpack(stored)
        turns.append(
            TurnRecord(
                number=last,
                label=label,
                submissions=[],
                draws=[],
                events=[Event.from_json(e) for e in happened],
                state=state,
            )
        )
    subs: list[RecordSubmission] = []
    if pending:
        rows = Submission.objects.filter(game=game, turn=game.turn, void=False).order_by("id")
        subs = [_submission(r) for r in rows]
    record = GameRecord(
        game=game.game,
        scenario=game.scenario,
        seed=game.seed,
        powers=list(game.powers),
        initial_state=game.initial_state,
        settings=dict(game.setting("rules", {})),
        turns=turns,
        pending=subs,
        outcome=Outcome.from_json(game.outcome) if game.outcome else None,
        partial=True,
        base=max(last - 1, 0),
    )
    return record, stored


def keep_status(game: Game, table: Table) -> None:
    """Copy the current turn's label, expected powers and submitters onto the game row."""
    todo = table.pending()
    game.label = todo.label
    game.expected = list(todo.powers)
    game.submitted = table.submitted()


def save_outputs(game: Game, table: Table) -> None:
    """Every reader's view and printout after the table's last processed turn (the opening
    when none is), computed once per distinct view (``Table.views_and_reports``: in a game
    without hidden information every reader's is the umpire's) and stored, a row per reader:
    reading one later is one indexed query."""
    at = table.record.processed
    readers: list[str | None] = [*table.record.powers, None]
    rows = [
        {"game_id": game.pk, "turn": at, "power": power or TurnOutput.UMPIRE, "view": seen,
         "printout": printout}
        for power, (seen, printout) in zip(readers, table.views_and_reports(readers), strict=True)
    ]  # fmt: skip
    if table.can.public_view is not None:  # the spectator's position, its own view
        public = table.public_view()
        if public is not None:
            rows.append(
                {"game_id": game.pk, "turn": at, "power": TurnOutput.PUBLIC, "view": public,
                 "printout": ""}
            )  # fmt: skip
    statements.insert_values(TurnOutput, rows)


def save_turn(game: Game, turn: TurnRecord, before: bytes | None = None) -> Turn:
    """The processed turn's row, its id read back: it names the turn's printout mails
    (``outbound.turn_processed``). Its state is stored plain (the latest, read by every
    submission), and the state of the turn before it packed (issue 33:
    ``fields.PackedJSONField``). ``before``: that state as stored, where the caller read it
    (:func:`load_tail_stored`): packed here, and written with the new row (one statement on
    PostgreSQL); without it, it is read again (:func:`pack_state`)."""
    row = Turn(
        game=game,
        number=turn.number,
        label=turn.label,
        draws=[d.to_json() for d in turn.draws],
        events=[e.to_json() for e in turn.events],
        state=turn.state,
    )
    if turn.number > 1 and before is not None:
        statements.insert_turn(row, None if is_packed(before) else packed(before))
        return row
    statements.insert_returning_key(row)
    if turn.number > 1:
        pack_state(game, turn.number - 1)
    return row


def pack_state(game: Game, number: int) -> None:
    """Turn ``number``'s stored state packed, if it is plain (without parsing it)."""
    field = Turn._meta.get_field("state")
    quote = connection.ops.quote_name
    sql = (
        f"SELECT {quote(str(field.column))} FROM {quote(Turn._meta.db_table)} "
        f"WHERE {quote(str(Turn._meta.get_field('game').column))} = %s AND {quote('number')} = %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [game.pk, number])
        found = cursor.fetchone()
    if found is not None and not is_packed(found[0]):
        Turn.objects.filter(game=game, number=number).update(state=packed(found[0]))


def save_submission(
    game: Game, turn: int, sub: RecordSubmission, user: Any, when: datetime
) -> None:
    """One account's submission, in one compiled statement (every order a client sends)."""
    fields = _submission_fields(game, turn, sub, user, when)
    game_row, account = fields.pop("game"), fields.pop("user")
    statements.insert_submission(
        game_id=game_row.pk, user_id=None if account is None else account.pk, **fields
    )


def save_submissions(game: Game, turn: int, subs: list[RecordSubmission], when: datetime) -> None:
    """Submissions no account wrote (bots, defaults), sent together."""
    rows = []
    for sub in subs:
        fields = _submission_fields(game, turn, sub, None, when)
        del fields["game"], fields["user"]
        rows.append({"game_id": game.pk, "user_id": None, **fields})
    statements.insert_values(Submission, rows)


def _submission_fields(
    game: Game, turn: int, sub: RecordSubmission, user: Any, when: datetime
) -> dict[str, Any]:
    return dict(
        game=game,
        turn=turn,
        power=sub.power,
        user=user,
        source=sub.source,
        raw=sub.raw,
        orders=list(sub.orders),
        problems=[p.to_json() for p in sub.problems],
        received_at=when,
    )


def deadline_for(game: Game, todo: Pending, now: datetime) -> datetime | None:
    """The deadline of the turn that starts ``now`` (None: processed only on demand).

    ``settings["deadline"]``: ``minutes`` (default 2880), ``by_kind`` (minutes per phase kind,
    e.g. ``{"retreats": 1440}``), ``at`` (``"HH:MM"``: move the deadline forward to that local
    time) and ``timezone`` (IANA name, default UTC).
    """
    schedule: dict[str, Any] = dict(game.setting("deadline", {}))
    minutes = schedule.get("minutes", DEFAULT_DEADLINE_MINUTES)
    by_kind: dict[str, Any] = dict(schedule.get("by_kind", {}))
    for kind in todo.kinds:
        if kind in by_kind:
            minutes = by_kind[kind]
            break
    if not minutes:
        return None
    deadline = now + timedelta(minutes=float(minutes))
    at = schedule.get("at")
    if at:
        zone = ZoneInfo(str(schedule.get("timezone", "UTC")))
        hour, minute = (int(x) for x in str(at).split(":"))
        local = deadline.astimezone(zone)
        moved = local.replace(hour=hour, minute=minute, second=0, microsecond=0)
        if moved < local:
            moved += timedelta(days=1)
        deadline = moved.astimezone(ZoneInfo("UTC"))
    return deadline


def notice_at(game: Game, seats: Sequence[Seat] | None = None) -> datetime | None:
    """When the notice pass next has to look at the game: the reminder time before its
    deadline (the pass then moves it to the deadline, for late notices); None without a
    deadline, without mail, or when no player the turn waits for is missing (bots and vacant
    seats are never mailed). ``seats``: the game's active seats, if already read."""
    if game.deadline is None or not game.setting("email", True):
        return None
    missing = set(game.expected) - set(game.submitted)
    if not missing:
        return None
    if seats is None:
        seats = list(Seat.objects.filter(game=game, active=True))
    if not any(s.power in missing and s.user_id and not s.is_bot for s in seats):
        return None
    lead = timedelta(minutes=float(game.setting("reminder_minutes", DEFAULT_REMINDER_MINUTES)))
    if lead >= _shortest_turn(game):
        # A turn no longer than the reminder's lead: the reminder would come with the turn
        # itself (the printout already says what is due): only the late notice is sent.
        return game.deadline
    return game.deadline - lead


def _shortest_turn(game: Game) -> timedelta:
    """The least time a turn of ``game`` is open before its deadline: its deadline minutes
    (the shortest of a phase's own, where phases have their own), plus the game master's
    extension of the current turn."""
    schedule: dict[str, Any] = dict(game.setting("deadline", {}))
    spans = [schedule.get("minutes", DEFAULT_DEADLINE_MINUTES)]
    spans += list(dict(schedule.get("by_kind", {})).values())
    shortest = min((float(m) for m in spans if m), default=0.0)
    return timedelta(minutes=shortest) + (game.extension or timedelta(0))


def take_lease(name: str, seconds: float, now: datetime | None = None) -> bool:
    """True for one caller of all processes per ``seconds``: that caller runs job ``name``."""
    from django.utils import timezone

    now = now or timezone.now()
    Lease.objects.get_or_create(name=name, defaults={"until": now})
    won = Lease.objects.filter(name=name, until__lte=now).update(
        until=now + timedelta(seconds=seconds * 0.9)
    )
    return bool(won)


def grace(game: Game) -> timedelta:
    return timedelta(minutes=float(game.setting("grace_minutes", 0)))


def finish(game: Game, outcome: Outcome, now: datetime, record: GameRecord | None = None) -> None:
    """Mark the game over with ``outcome`` (declared, voted, or ended by the game master):
    no deadline any more, and the views and printouts of the last turn stored again, since
    they were stored asking for the next orders and are now the last (the printout says the
    game is over, and how: ``readings.ended_printout``). ``record``: the tail already read,
    its outcome set. The caller saves the game row."""
    game.outcome = outcome.to_json()
    game.status = GameStatus.FINISHED
    game.finished_at = now
    game.deadline = game.process_after = game.notice_at = None
    if game.initial_state is None:  # ended while forming: no printout at all
        return
    table = open_table(record if record is not None else load_tail(game, pending=False))
    game.outputs.filter(turn=table.record.processed).delete()
    save_outputs(game, table)


class DatabaseStore:
    """A started game's rows as a :class:`~umpire.core.gamestore.GameStore`: the record read
    is the tail (:func:`load_tail`, no pending orders), and a declared end marks the game row
    finished (:func:`finish`). The caller holds the game row locked."""

    def __init__(self, game: Game, record: GameRecord | None = None) -> None:
        self.game = game
        self.record = record

    def load(self) -> GameRecord:
        if self.record is None:
            self.record = load_tail(self.game, pending=False)
        return self.record

    def load_whole(self) -> GameRecord:
        """The whole record (:func:`load_record`), without the current turn's orders: they
        were written for the turn being undone, and are voided with it."""
        record = load_record(self.game)
        record.pending = []
        return record

    def save_rollback(self, table: Table, undone: TurnRecord) -> None:
        """The undone turn's row and every output from it on deleted, the orders written for
        the turn after it voided, and the game row's turn, status and outcome put back (the
        caller sets the reopened turn's deadline and saves the row)."""
        game = self.game
        Submission.objects.filter(game=game, turn=game.turn).update(void=True)
        game.turns.filter(number=undone.number).delete()
        game.outputs.filter(turn__gte=undone.number).delete()
        game.turn = undone.number
        keep_status(game, table)
        outcome = table.record.outcome
        game.outcome = outcome.to_json() if outcome else None
        if game.status == GameStatus.FINISHED:
            game.status = GameStatus.RUNNING
            game.finished_at = None

    def save_result(self, record: GameRecord) -> None:
        assert record.outcome is not None
        finish(self.game, record.outcome, timezone.now(), record)
        self.game.save()
