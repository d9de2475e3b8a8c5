# ruff: noqa: RUF012  (Django Meta options are class-level by design)
"""What the mail entrances remember: every mail read (once) and every mail sent (once)."""

from __future__ import annotations

from django.db import models


class InboundMail(models.Model):
    """One mail read. The unique Message-ID makes a second copy a no-op.

    For order mail it also keeps the seat, turn and Date header, for the out-of-order rule.
    """

    message_id = models.CharField(max_length=255, unique=True)
    sender = models.CharField(max_length=254, blank=True)
    received_at = models.DateTimeField()
    dated = models.DateTimeField(null=True, blank=True, help_text="the Date header")
    game = models.ForeignKey(
        "umpire.Game", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    power = models.CharField(max_length=40, blank=True)
    turn = models.PositiveIntegerField(null=True, blank=True)
    orders = models.BooleanField(default=False, help_text="orders of this mail were stored")
    outcome = models.CharField(max_length=40, blank=True, help_text="a stable code")
    detail = models.TextField(blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["game", "power", "turn"]),
            # Retention deletes the log's old rows (umpire.server.retention).
            models.Index(fields=["received_at"], name="inmail_prune_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.message_id} from {self.sender}: {self.outcome}"


class MailStatus(models.TextChoices):
    PENDING = "pending"  # waiting to be sent (first try, or a retry after its time)
    SENDING = "sending"  # claimed by a worker
    SENT = "sent"
    FAILED = "failed"  # every attempt failed; shown to the game master


# The notices the notice pass may try to send again for the same turn (a deadline moved by an
# extension, a resume): each is keyed "<kind>:<game>:<turn>:<power>" (also the prefix of its
# webhook posts' keys), which sends it once per player and turn. Such a row is kept, however
# old, while its game is still on that turn (``umpire.server.retention``); a rollback frees the
# keys of the turn it reopens (``mail.outbound``).
TURN_NOTICES = ("reminder", "late")


def turn_notice_key(kind: str, game_id: int, turn: int, power: str, *, sitter: int = 0) -> str:
    """The key of a reminder or late notice (:data:`TURN_NOTICES`) to one power's holder, or
    with ``sitter`` (an account's id) to the sitter playing that power: his own notice, once
    per turn, under the same prefix (so retention keeps it and a rollback frees it alike).

    >>> turn_notice_key("reminder", 12, 3, "FRA")
    'reminder:12:3:FRA'
    >>> turn_notice_key("late", 12, 3, "FRA", sitter=7)
    'late:12:3:FRA:sitter7'
    """
    return f"{kind}:{game_id}:{turn}:{power}" + (f":sitter{sitter}" if sitter else "")


class OutboundMail(models.Model):
    """The outbox: one mail to send, written in the transaction of the change that causes it.

    A task on the worker's mail queue sends it (with a timeout); a failure is retried with
    backoff until ``UMPIRE_MAIL_MAX_ATTEMPTS``, then the mail is ``failed``. ``key`` (when
    set) makes a notice go out once only.
    """

    key = models.CharField(max_length=200, unique=True, null=True, blank=True)
    to = models.CharField(max_length=254)
    subject = models.CharField(max_length=200)
    body = models.TextField(blank=True)
    headers = models.JSONField(default=dict, blank=True)
    # Text attachments: [{"name", "mimetype", "content"}] (a printout's SVG map).
    attachments = models.JSONField(default=list, blank=True)
    kind = models.CharField(max_length=20)  # reply, printout, reminder, late, press, newspaper
    game = models.ForeignKey(
        "umpire.Game", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    status = models.CharField(max_length=10, choices=MailStatus.choices, default=MailStatus.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    queued_at = models.DateTimeField(null=True, blank=True, help_text="a send task was queued")
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["status", "next_attempt_at"]),
            # Retention deletes the old rows of a status (umpire.server.retention).
            models.Index(fields=["status", "created_at"], name="outmail_prune_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} to {self.to}: {self.subject} ({self.status})"
