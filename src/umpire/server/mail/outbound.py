"""Mail the umpire sends on its own: printouts after a turn, press, welcomes, the game
master's notices, reminders and late notices.

Everything a player reads about a game is taken from :func:`umpire.server.outputs.present`
for that player's :class:`~umpire.server.outputs.Viewer` (the one view choke point); this
module only addresses it and puts it in the outbox (:mod:`umpire.server.mail.outbox`).

Notifications are explicit: the use case that causes the news (a processed turn, press, a
new seat, a game-master action) calls :func:`turn_processed`, :func:`press_sent`,
:func:`seat_taken` or :func:`gm_acted` inside its transaction; each queues a
:data:`compose_mail` task, whose row is written in that transaction, so the mails exist
exactly when the change does (a rolled-back use case queues nothing). No model signal is
involved. This is what ``transaction.on_commit`` would give, and durable: the task backend
stores tasks in the database, so the row commits with the change, where an on-commit hook
would lose the mail if the process died between the commit and the hook. :func:`.notices.send_notices` (reminders and late notices) must be run periodically: the
entrances run it after each pass, and a worker may call it on every tick.

Each notice has a key (``printout:<turn row>:<power>``...) stored in
:class:`~umpire.server.mail.models.OutboundMail`, so that it is sent once only.

Every piece of news goes out through :func:`.news.tell` (issue 31): it goes to each channel its
person chose for its kind (:mod:`umpire.server.notify`), by mail and by webhook
(:mod:`umpire.server.hooks`); the post carries the text of that person's own mail.

This module is the notifications and the task; the mails themselves are composed by
:mod:`.player_mail` (printouts, newspaper, welcome, new code, press, a sitter's code, orders
and printouts) and :mod:`.notices` (reminders, late notices, the game master's notices, seat
offers), over
:mod:`.news` (what they share).
"""

from __future__ import annotations

import logging
from typing import Any

from django_tasks import task

from umpire.server import notify
from umpire.server.mail.models import TURN_NOTICES, OutboundMail
from umpire.server.mail.news import mail_enabled
from umpire.server.mail.notices import (
    NOTICE_ACTIONS,
    send_gm_notice,
    send_missed_offer,
    send_offers,
)
from umpire.server.mail.player_mail import (
    deliver_press,
    send_printouts,
    send_sitter_code,
    send_sitter_receipt,
    send_welcome,
)
from umpire.server.models import (
    Absence,
    AuditEntry,
    Game,
    Message,
    OutboundHook,
    Seat,
    Turn,
)

log = logging.getLogger("umpire.mail")


# --- notifications: called by the use cases, in their transaction -------------------------


@task(queue_name="mail")
def compose_mail(what: str, *ids: int) -> int:
    """Write the mails one change causes into the outbox (printouts, press, notices)."""
    return compose(what, *ids)


def _compose(what: str, *ids: int) -> None:
    """Queue the composing of mails (in the caller's transaction: durable with the change)."""
    compose_mail.enqueue(what, *ids)


COMPOSERS: dict[str, Any] = {
    "printouts": send_printouts,
    "press": deliver_press,
    "welcome": send_welcome,
    "gm": send_gm_notice,
    "sitter": send_sitter_receipt,
    "sitter_code": send_sitter_code,
    "offers": send_offers,
    "missed_offer": send_missed_offer,
}


def compose(what: str, *ids: int) -> int:
    """Run one composer (the mail worker's task); the count of mails queued."""
    return int(COMPOSERS[what](*ids))


def turn_processed(game: Game, turn: Turn) -> None:
    """A turn was processed: each seat holder's printout (and the newspaper). A game without
    mail queues nothing (the composer would send nothing)."""
    if mail_enabled(game):
        _compose("printouts", game.pk, turn.pk)


def press_sent(message: Message) -> None:
    """Press was sent: to each recipient, as that recipient may read it."""
    _compose("press", message.pk)


def sitter_submitted(game: Game, turn: int, seat: Seat) -> None:
    """A sitter sent orders for an absent player's seat: its holder gets a copy."""
    if mail_enabled(game):
        _compose("sitter", game.pk, turn, seat.pk)


def sitter_named(row: Absence) -> None:
    """A player named a sitter for his absence: the sitter gets his code and headings (for
    the games whose policy lets him sit; none, nothing is mailed)."""
    _compose("sitter_code", row.pk)


def seat_offered(seat: Seat) -> None:
    """A seat was offered because its player missed turns: news for those who asked."""
    if seat.game.public and notify.anyone_wants("seat"):
        _compose("missed_offer", seat.game_id, seat.pk)


def seat_taken(seat: Seat) -> None:
    """A player took a seat: his welcome (code, heading, opening printout)."""
    if seat.user_id is not None:
        _compose("welcome", seat.pk)


def takeover_requested(entry: AuditEntry) -> None:
    """A player asked to take over an offered seat: his request, to the game master."""
    _compose("gm", entry.pk)


def game_created(game: Game) -> None:
    """A game was created: a public one offers its seats to those who asked for such news."""
    if game.public and mail_enabled(game) and notify.anyone_wants("seat"):
        _compose("offers", game.pk)


def gm_acted(entry: AuditEntry) -> None:
    """The game master acted, or a vote ended the game (its audit entry): the players are told
    of a pause, resume, extension, replacement or end; a rollback frees the reopened turn's
    reminder keys."""
    if entry.game_id is None:
        return
    if entry.action in (*NOTICE_ACTIONS, "takeover_refused"):
        _compose("gm", entry.pk)
    elif entry.action == "rollback":
        _rolled_back(entry.game_id, int(entry.details.get("undone", 0)))


def _rolled_back(game_id: int, turn: int) -> None:
    """The reopened turn may be reminded again: free its reminder and late-notice keys, on
    every channel (the mails' and the webhook posts', whose keys begin with the mail's). A
    freed row is a delivery row like any other: retention no longer keeps it for the turn."""
    for kind in TURN_NOTICES:
        prefix = f"{kind}:{game_id}:{turn}:"
        OutboundMail.objects.filter(key__startswith=prefix).update(key=None)
        OutboundHook.objects.filter(key__startswith=prefix).update(key=None)
