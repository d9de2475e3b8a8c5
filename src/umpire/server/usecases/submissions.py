"""Orders and readiness: a player stores his power's orders for the current turn (the latest
submission counts) and marks himself ready, which may make the turn due at once."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from umpire.core import session
from umpire.core.errors import GAME_OVER, TURN_STALE
from umpire.core.receipt import Receipt
from umpire.server import absence, statements
from umpire.server import errors as E
from umpire.server.errors import refuse
from umpire.server.mail import outbound
from umpire.server.models import Game, GameStatus, Seat
from umpire.server.models import Submission as SubmissionRow
from umpire.server.schemas import (
    ORDERS_MAX_BYTES,
)
from umpire.server.store import (
    load_tail,
    notice_at,
    save_submission,
)
from umpire.server.usecases import offers
from umpire.server.usecases.common import (
    SOURCES,
    audit,
    locked,
    power_named,
    require_gm,
    seat_of,
)
from umpire.server.usecases.turns import maybe_early


@dataclass(frozen=True)
class Submitted:
    """A stored submission: its receipt, and the game row and active seats as the submission
    left them (what the answer shows, without reading them again)."""

    receipt: Receipt
    game: Game
    seats: list[Seat]


def submit_orders(
    game_id: int,
    user: User,
    text: str,
    *,
    turn: int,
    ready: bool = False,
    source: str = "api",
) -> Receipt:
    """Store the orders of the user's power for ``turn``; the latest submission counts."""
    return submit(game_id, user, text, turn=turn, ready=ready, source=source).receipt


def submit(
    game_id: int,
    user: User,
    text: str,
    *,
    turn: int,
    ready: bool = False,
    source: str = "api",
    for_power: str | None = None,
) -> Submitted:
    """:func:`submit_orders`, with the game and its seats as it left them. Whatever the game's
    length: the game row locked, its seats, the last state (``load_tail``), the submission
    written, and the row's status columns written only when they change.

    A submission the session refuses (no order accepted, or a power the turn does not wait
    for: ``Receipt.stored`` false) writes nothing, READY included; its receipt lists the
    orders that stand, read from the stored submissions.

    ``for_power``: the game master keys in the orders of that seat (a postal player's
    letter): only this game's game master may, the submission is stored as that power's with
    source ``gm`` and the game master as its writer, and the audit log records it
    (``key_in``); its receipt goes into the power's next packet."""
    if for_power is not None:
        source = SubmissionRow.KEYED_IN
    elif source not in SOURCES:
        raise refuse(E.ORDERS_BAD_SOURCE, sources=", ".join(SOURCES))
    if len(text.encode("utf-8", errors="replace")) > ORDERS_MAX_BYTES:
        raise refuse(E.ORDERS_TOO_LARGE, kib=ORDERS_MAX_BYTES // 1024)
    with transaction.atomic():
        game = locked(game_id)
        if game.status == GameStatus.FORMING:
            raise refuse(E.GAME_NOT_STARTED)
        if game.status == GameStatus.FINISHED:
            raise refuse(GAME_OVER, detail="; no more orders are taken")
        seats = statements.active_seats(game.pk)
        sitter = False
        if for_power is not None:
            require_gm(game, user)
            power = power_named(game, for_power)
            seat = next((s for s in seats if s.power == power), None)
        else:
            seat = next((s for s in seats if s.user_id == user.pk), None)  # as _seat_of
            if seat is None:  # a sitter plays an absent player's seat (absence.sitting)
                seat = absence.sitting(game, user.pk, seats, timezone.now())
                sitter = seat is not None
        if seat is None:
            raise refuse(E.SEAT_NONE)
        table = session.open_table(load_tail(game, pending=False, events=False))
        now = timezone.now()
        receipt = table.submit(seat.power, text, source=source, received=now.isoformat(), turn=turn)
        if not receipt.stored:  # changed nothing; the tail was loaded without pending orders
            return Submitted(replace(receipt, standing=standing(game, seat.power)), game, seats)
        save_submission(game, game.turn, table.record.pending[-1], user, now)
        offers.player_is_back(seat)  # his own orders: his seat is no longer offered
        if sitter:  # receipted to both: the sitter reads this receipt, the holder a mail
            outbound.sitter_submitted(game, game.turn, seat)
        kept = submissions_kept()
        prune_submissions(game, game.turn, seat.power, kept)
        receipt = replace(receipt, kept=kept)
        if for_power is not None:
            audit(game, user, "key_in", power=seat.power, turn=game.turn,
                  accepted=len(receipt.accepted), refused=len(receipt.problems))  # fmt: skip
        ready_turn = game.turn if ready else 0
        if seat.ready_turn != ready_turn:
            seat.ready_turn = ready_turn
            seat.save(update_fields=["ready_turn"])
        changed: list[str] = []
        if seat.power not in game.submitted:
            game.submitted = [p for p in game.powers if p in {*game.submitted, seat.power}]
            changed.append("submitted")
            if game.notice_at is not None:
                game.notice_at = notice_at(game, seats)  # None once nobody is left to remind
                changed.append("notice_at")
        maybe_early(game, now, seats, changed)
    return Submitted(receipt, game, seats)


def submissions_kept() -> int:
    """How many submissions of one power for one turn are kept (``UMPIRE_SUBMISSIONS_KEPT``)."""
    return max(1, int(getattr(django_settings, "UMPIRE_SUBMISSIONS_KEPT", 20)))


def prune_submissions(game: Game, turn: int, power: str, kept: int) -> int:
    """Delete ``power``'s submissions for ``turn`` older than his newest ``kept`` (issue 30:
    200 submissions of 64 KiB in one turn were all stored); the count deleted. The newest
    is the one that counts, so it always stays; a rolled-back turn's void rows are left."""
    rows = SubmissionRow.objects.filter(game=game, turn=turn, power=power, void=False)
    old = list(rows.order_by("-id").values_list("id", flat=True)[kept:])
    if not old:
        return 0
    SubmissionRow.objects.filter(pk__in=old).delete()
    return len(old)


def standing(game: Game, power: str) -> list[str] | None:
    """The orders ``power`` has stored for the game's current turn (his latest submission's),
    or None when he has sent none."""
    latest = (
        SubmissionRow.objects.filter(game=game, turn=game.turn, power=power, void=False)
        .order_by("-id")
        .values_list("orders", flat=True)
        .first()
    )
    return None if latest is None else [str(order) for order in latest]


def set_ready(game_id: int, user: User, *, turn: int, ready: bool) -> None:
    with transaction.atomic():
        game = locked(game_id)
        seat = seat_of(game, user) or absence.sitting(
            game, user.pk, list(Seat.objects.filter(game=game, active=True)), timezone.now()
        )
        if seat is None:
            raise refuse(E.SEAT_NONE)
        if game.status not in (GameStatus.RUNNING, GameStatus.PAUSED):
            raise refuse(E.GAME_NOT_RUNNING, status="not running")
        if turn != game.turn:
            raise refuse(TURN_STALE, turn=turn, current=game.turn, label=game.label)
        if ready and seat.power not in game.submitted:
            raise refuse(E.ORDERS_NONE)
        seat.ready_turn = game.turn if ready else 0
        seat.save(update_fields=["ready_turn"])
        maybe_early(game, timezone.now())
