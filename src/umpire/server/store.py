"""Between the database rows and the engine's :class:`GameRecord`; and deadline arithmetic."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from umpire.core.chance import Draw
from umpire.core.events import Event
from umpire.core.problems import Problem
from umpire.core.record import GameRecord, TurnRecord
from umpire.core.record import Submission as RecordSubmission
from umpire.core.ruleset import Outcome, Pending
from umpire.server.models import Game, Submission, Turn

DEFAULT_DEADLINE_MINUTES = 48 * 60


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
        settings=dict(game.setting("rules", {})),
        turns=turns,
        pending=by_turn.get(len(turns) + 1, []),
        outcome=Outcome.from_json(game.outcome) if game.outcome else None,
    )


def save_turn(game: Game, turn: TurnRecord) -> Turn:
    return Turn.objects.create(
        game=game,
        number=turn.number,
        label=turn.label,
        draws=[d.to_json() for d in turn.draws],
        events=[e.to_json() for e in turn.events],
        state=turn.state,
    )


def save_submission(
    game: Game, turn: int, sub: RecordSubmission, user: Any, when: datetime
) -> Submission:
    return Submission.objects.create(
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


def grace(game: Game) -> timedelta:
    return timedelta(minutes=float(game.setting("grace_minutes", 0)))
