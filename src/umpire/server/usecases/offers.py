"""Seats offered to a new player (issue 31, replacements): a seat whose player missed the
game's number of turns in a row (``offer_after_missed``, default 2; 0: never), or whose
player left it (the game master freed it: a vacant seat), goes on the public list of games
needing a player (``/games/needing/``) until someone takes it over (``usecases.takeover``),
its player orders again, or the game ends.

The decision is taken when a turn is processed, from the turn's duties (``community``): the
last ``offer_after_missed`` turns the holder was due to order for all passed without his
own orders. In a game where a power is not waited for every turn (Conquest's turns, SPI's
Player-Turns), the turns counted are the ones that waited for that power.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.db.models import Count, OuterRef, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from umpire.server.community import DutyFact
from umpire.server.mail import outbound
from umpire.server.models import Duty, Game, GameStatus, Seat
from umpire.server.schemas import OFFER_AFTER_MISSED

MISSED = "missed"
LEFT = "left"
# The games whose offered seats anyone may take: running or paused (a paused game still
# needs its player when it resumes).
OPEN = (GameStatus.RUNNING, GameStatus.PAUSED)


def offer(seat: Seat, reason: str, now: datetime) -> None:
    """Put ``seat`` on the list of games needing a player (``reason``: missed, left)."""
    seat.offered_at = now
    seat.offer_reason = reason
    seat.requested_by = None
    seat.save(update_fields=["offered_at", "offer_reason", "requested_by"])
    if reason == MISSED:  # news for those who asked to hear of seats offered (a freed seat:
        outbound.seat_offered(seat)  # the game master's notice says so already)


def withdraw(seat: Seat) -> None:
    """Take ``seat`` off the list (its player is back): a pending request goes with it."""
    seat.offered_at = None
    seat.offer_reason = ""
    seat.requested_by = None
    seat.save(update_fields=["offered_at", "offer_reason", "requested_by"])


def missed_in_a_row(game: Game) -> int:
    """After how many turns missed in a row ``game`` offers a seat (0: never)."""
    return int(game.setting("offer_after_missed", OFFER_AFTER_MISSED))


def with_streaks(seats: QuerySet[Seat]) -> QuerySet[Seat]:
    """``seats`` each with ``missed_before``: how many turns in a row its holder has missed
    (his duties in this game and power since the last one with his orders in time), read in
    the same statement as the seats themselves (processing a turn costs no statement more)."""
    mine = {"game": OuterRef("game"), "power": OuterRef("power"), "user": OuterRef("user")}
    last_in_time = Duty.objects.filter(in_time=True, **mine).order_by("-number").values("number")
    since = Duty.objects.filter(
        in_time=False, number__gt=Coalesce(Subquery(last_in_time[:1]), Value(0)), **mine
    )
    count = since.order_by().values("game").annotate(n=Count("pk")).values("n")[:1]
    return seats.annotate(missed_before=Coalesce(Subquery(count), Value(0)))


def after_turn(game: Game, facts: Sequence[DutyFact], seats: Sequence[Seat], now: datetime) -> None:
    """Turn ``facts`` (the duties just recorded) of ``game`` was processed, ``seats`` its
    active seats as they were read before (:func:`with_streaks`): offer the seats whose holders
    have now missed the game's number of turns in a row, and withdraw the offer of a seat whose
    holder ordered in time again. No statement but the change itself."""
    n = missed_in_a_row(game)
    held = {(s.power, s.user_id): s for s in seats if not s.is_bot and s.user_id is not None}
    for fact in facts:
        seat = held.get((fact.power, fact.user_id))
        if seat is None:
            continue
        if fact.in_time:
            if seat.offered_at is not None and seat.offer_reason == MISSED:
                withdraw(seat)
            continue
        if n <= 0 or seat.offered_at is not None:
            continue
        before = getattr(seat, "missed_before", None)
        if before is None:  # seats read without their streaks: count the duties now
            last = Duty.objects.filter(game=game, power=fact.power, user_id=fact.user_id)
            recent = list(last.order_by("-number").values_list("in_time", flat=True)[:n])
            missed = len(recent) == n and not any(recent)
        else:  # this turn's duty was written after the seats were read
            missed = before + 1 >= n
        if missed:
            offer(seat, MISSED, now)


def player_is_back(seat: Seat) -> None:
    """The holder of ``seat`` sent orders of his own: it is no longer offered because of his
    missed turns (a seat offered because he left keeps its offer: he has no seat)."""
    if seat.offered_at is not None and seat.offer_reason == MISSED:
        withdraw(seat)


def offered_seats(limit: int) -> list[Seat]:
    """The seats offered in public running games, oldest offer first (``limit`` at most)."""
    rows = Seat.objects.filter(
        active=True, offered_at__isnull=False, game__public=True, game__status__in=OPEN
    )
    return list(rows.select_related("game").order_by("offered_at", "id")[:limit])
