"""Absences (issue 31): a player declares the days he is away, for one game or for every
game he plays, and may cancel them; each game's policy (:mod:`umpire.server.absence`) decides
what they do there. Every player of each game concerned is told (the ``away`` notice: who,
which power, the days, what becomes of the deadline), never why: there is no field for a
reason."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from umpire.server import absence
from umpire.server import errors as E
from umpire.server.accounts import new_code
from umpire.server.errors import refuse
from umpire.server.mail import outbound
from umpire.server.mail.models import OutboundMail
from umpire.server.mail.replies import when
from umpire.server.models import Absence, Game, GameStatus, Seat
from umpire.server.outputs import power_labels
from umpire.server.store import notice_at
from umpire.server.usecases.common import audit, locked
from umpire.server.usecases.turns import apply_absences

MAX_DAYS = 60  # the longest absence: beyond, the game master replaces the player
MAX_AHEAD_DAYS = 365  # how far ahead an absence may start
MAX_OPEN = 10  # absences of one account that have not ended
LIVE = (GameStatus.RUNNING, GameStatus.PAUSED)


def parse_day(text: str | date) -> date:
    """An absence's day as written (``2026-12-24``); ``away/bad_date`` otherwise."""
    if isinstance(text, date):
        return text
    raw = str(text).strip()
    try:
        if len(raw) != 10:
            raise ValueError(raw)
        return date.fromisoformat(raw)
    except ValueError:
        raise refuse(E.AWAY_BAD_DATE, text=raw[:40]) from None


def today_utc() -> date:
    return timezone.now().date()


@dataclass(frozen=True)
class Declared:
    """A declared absence and the games it applies to, each with what it did there."""

    absence: Absence
    games: list[tuple[Game, str]]  # the game and the notice's sentence


def declare_absence(
    user: User,
    start: str | date,
    end: str | date,
    *,
    game_id: int | None = None,
    sitter: str = "",
    today: date | None = None,
) -> Declared:
    """Declare ``user`` away from ``start`` to ``end`` (both included) in game ``game_id``,
    or in every running game he plays; ``sitter``: the user name of the account that may
    play his seat meanwhile where a game's policy is ``sitter``."""
    today = today or today_utc()
    first, last = parse_day(start), parse_day(end)
    if last < first:
        raise refuse(E.AWAY_BAD_RANGE, start=first.isoformat(), end=last.isoformat())
    if first < today:
        raise refuse(E.AWAY_PAST, start=first.isoformat(), today=today.isoformat())
    length = (last - first).days + 1
    if length > MAX_DAYS:
        raise refuse(E.AWAY_TOO_LONG, days=MAX_DAYS, length=length)
    if first > today + timedelta(days=MAX_AHEAD_DAYS):
        raise refuse(E.AWAY_TOO_FAR, days=MAX_AHEAD_DAYS)
    with transaction.atomic():
        seats = _seats(user, game_id)
        open_count = Absence.objects.filter(user=user, end__gte=today).count()
        if open_count >= MAX_OPEN:
            raise refuse(E.AWAY_TOO_MANY, count=open_count, most=MAX_OPEN)
        sitting = _sitter(user, sitter, game_id)
        row = Absence.objects.create(
            user=user,
            game_id=game_id,
            start=first,
            end=last,
            sitter=sitting,
            # His own secret for his order mails (the seat's code is the holder's alone).
            sitter_code=new_code() if sitting is not None else "",
        )
        absence.mark_games([seat.game_id for seat in seats], last)
        games = [_told(seat.game_id, user, row, "away") for seat in seats]
        if sitting is not None:
            outbound.sitter_named(row)
    return Declared(row, games)


RESEND_MINUTES = 10  # a sitter code is mailed at most once in so many minutes


def resend_sitter_code(user: User, absence_id: int, *, now: datetime | None = None) -> str:
    """A new sitter code for ``user``'s absence ``absence_id`` (not ended, with a sitter),
    mailed to its sitter alone, as when the absence was declared: the mail was lost, or the
    code seen by another. The old code stops working at once. Refused: no such absence of his
    (``away/no_sitter``), a code mailed for it less than ``RESEND_MINUTES`` ago
    (``away/resend_soon``). What happened, as a sentence for him."""
    now = now or timezone.now()
    with transaction.atomic():
        row = (
            Absence.objects.select_for_update()
            .filter(pk=absence_id, user=user, end__gte=today_utc(), sitter__isnull=False)
            .select_related("sitter")
            .first()
        )
        if row is None or row.sitter is None:
            raise refuse(E.AWAY_NO_SITTER)
        since = now - timedelta(minutes=RESEND_MINUTES)
        if OutboundMail.objects.filter(
            key__startswith=f"sitter-code:{row.pk}:", created_at__gte=since
        ).exists():
            raise refuse(E.AWAY_RESEND_SOON, minutes=RESEND_MINUTES)
        row.sitter_code = new_code()
        row.save(update_fields=["sitter_code"])
        outbound.sitter_named(row)
    return (
        f"a new sitter code is being mailed to {row.sitter.username}; the old one no longer works"
    )


def open_absences(user: User, today: date | None = None) -> list[Absence]:
    """``user``'s absences that have not ended, soonest first."""
    rows = Absence.objects.filter(user=user, end__gte=today or today_utc())
    return list(rows.select_related("game", "sitter").order_by("start", "id"))


def cancel_absences(user: User, *, game_id: int | None = None, today: date | None = None) -> int:
    """Cancel ``user``'s absences that have not ended (those declared for ``game_id`` only,
    if given; else all): one that has begun ends yesterday, the others are deleted. A deadline
    already moved stays where it is. The count cancelled."""
    today = today or today_utc()
    with transaction.atomic():
        rows = Absence.objects.filter(user=user, end__gte=today)
        if game_id is not None:
            rows = rows.filter(game_id=game_id)
        found = list(rows.order_by("id"))
        if not found:
            where = f" in G-{game_id}" if game_id is not None else ""
            raise refuse(E.AWAY_NONE, where=where)
        games: set[int] = set()
        for row in found:
            if row.game_id is None:
                games.update(s.game_id for s in _seats(user, None, required=False))
            else:
                games.add(row.game_id)
        for row in found:
            if row.start < today:
                row.end = today - timedelta(days=1)
                row.save(update_fields=["end"])
            else:
                row.delete()
        seated = {s.game_id for s in _seats(user, None, required=False)}
        for gid in sorted(games & seated):
            _told(gid, user, None, "away_cancel")
    return len(found)


def _seats(user: User, game_id: int | None, *, required: bool = True) -> list[Seat]:
    """The user's seats in running (or paused) games, ``game_id``'s only if given."""
    seats = Seat.objects.filter(user=user, active=True, is_bot=False, game__status__in=LIVE)
    if game_id is not None:
        seats = seats.filter(game_id=game_id)
    found = list(seats.order_by("game_id"))
    if not found and required:
        where = f" G-{game_id}" if game_id is not None else ""
        raise refuse(E.AWAY_NO_GAME, where=f" (as{where})" if where else "")
    return found


def _sitter(user: User, name: str, game_id: int | None) -> User | None:
    name = name.strip()
    if not name:
        return None
    found = User.objects.filter(username__iexact=name, is_active=True).first()
    if found is None:
        raise refuse(E.ACCOUNT_NOT_FOUND, username=name[:40])
    if found.pk == user.pk:
        raise refuse(E.AWAY_BAD_SITTER, who="you", why="a sitter is another player")
    if game_id is not None and Seat.objects.filter(game_id=game_id, user=found, active=True):
        raise refuse(E.AWAY_BAD_SITTER, who=found.username, why=f"he plays in G-{game_id}")
    return found


def _told(game_id: int, user: User, row: Absence | None, action: str) -> tuple[Game, str]:
    """Apply the absence to the game's running turn, write it to the audit log and tell every
    player; the game and the notice's sentence."""
    game = locked(game_id)
    seats = list(Seat.objects.filter(game=game, active=True))
    seat = next(s for s in seats if s.user_id == user.pk)
    who = f"{user.username}/{power_labels(game, [seat.power])[0]}"
    if row is None:
        text = f"{who} is no longer away."
    else:
        text = f"{who} is away from {row.start.isoformat()} to {row.end.isoformat()}; "
        text += _effect(game, seats, user, row)
    details: dict[str, Any] = {"power": seat.power, "text": text}
    outbound.gm_acted(audit(game, user, action, **details))
    return game, text


def _effect(game: Game, seats: list[Seat], user: User, row: Absence) -> str:
    """What the absence does in ``game`` (the deadline of its running turn moved at once)."""
    policy = absence.policy(game)
    if policy == absence.STANDING:
        return "standing orders and the game's defaults play the seat meanwhile."
    if policy == absence.SITTER:
        if row.sitter is None or any(s.user_id == row.sitter_id for s in seats):
            return "no sitter plays the seat: standing orders and the game's defaults do."
        return f"{row.sitter.username} may send the seat's orders meanwhile."
    text = _moved(game, seats, user)
    left = absence.limit(game) - absence.used(game, user.pk)
    return f"{text} (deadline moves left to this player in this game: {_days(left)})."


def _moved(game: Game, seats: list[Seat], user: User) -> str:
    """Under ``extend``: the running turn's deadline moved now, if it falls in the absence."""
    base = "a deadline that falls in these days moves to the day after, within the limit"
    now = timezone.now()
    if (
        game.status != GameStatus.RUNNING
        or game.deadline is None
        or game.enqueued_at is not None
        or game.process_after is None
        or game.process_after <= now
    ):
        return base
    moves = [m for m in apply_absences(game, seats) if m.absence.user_id == user.pk]
    game.notice_at = notice_at(game, seats)
    game.save(update_fields=["deadline", "process_after", "notice_at", "away_used"])
    if any(m.granted for m in moves):
        return f"{base}: the deadline is now {when(game.deadline)}"
    if moves:
        return f"{base}: the limit is reached, the deadline stands at {when(game.deadline)}"
    return base


def _days(span: timedelta) -> str:
    days = max(span, timedelta(0)).total_seconds() / 86400
    return f"{days:g} day" + ("" if days == 1 else "s")
