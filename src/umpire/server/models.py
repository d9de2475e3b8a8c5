"""What the moderation service stores.

A game's engine record (:class:`umpire.core.record.GameRecord`) is spread over three tables:
:class:`Game` holds the header (game, scenario, rules settings, seed, powers, opening state,
outcome), :class:`Turn` one row per processed turn (label, draws, events, state after) and
:class:`Submission` every submission with the turn it was written for. ``store.load_record``
puts them back together.
"""
# ruff: noqa: RUF012  (Django Meta options and pydantic field defaults are class-level by design)

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings as conf
from django.db import models
from django.db.models import Q

from umpire.server.fields import PackedJSONField


class Profile(models.Model):
    """A player's profile; one per account."""

    user = models.OneToOneField(
        conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(max_length=80)
    # May create games and use the GM console (set by ``umpire creategm``); not staff: the
    # Django admin is for superusers only. The address lives in allauth's EmailAddress.
    is_game_master = models.BooleanField(default=False)
    # The player's choice (MAPS ON/OFF by mail, or the account page): each printout mail
    # carries the map of that turn as the player's page shows it (an SVG attachment).
    mail_maps = models.BooleanField(default=False)
    # The player's choice (PACKETS ON/OFF is not a mail command: the account page): each
    # printout mail carries his postal packet of that turn (a PDF: umpire.server.packets).
    mail_packets = models.BooleanField(default=False)

    def __str__(self) -> str:
        return self.display_name


class ApiToken(models.Model):
    """A bearer token; only its SHA-256 digest is stored. It expires (``UMPIRE_TOKEN_DAYS``)
    and is deleted when revoked or when its account's password changes."""

    user = models.ForeignKey(
        conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    digest = models.CharField(max_length=64, unique=True)
    name = models.CharField(max_length=80, default="api")
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name} token of {self.user}"


class CalendarFeed(models.Model):
    """The secret address of one account's calendar of deadlines (an iCalendar feed a calendar
    application subscribes to). Only the SHA-256 digest of its secret is stored; a new address
    replaces the old one, and revoking deletes it."""

    user = models.OneToOneField(
        conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="calendar_feed"
    )
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"calendar of {self.user}"


class GameStatus(models.TextChoices):
    FORMING = "forming"
    RUNNING = "running"
    PAUSED = "paused"
    FINISHED = "finished"


class Game(models.Model):
    name = models.CharField(max_length=120)
    game = models.CharField(max_length=40, help_text="registry name of the ruleset")
    scenario = models.CharField(max_length=80)
    settings = models.JSONField(
        default=dict, blank=True, help_text="press, deadline, grace, NMR policy, rules"
    )
    seed = models.BigIntegerField()  # never shown to anyone but the database
    status = models.CharField(max_length=10, choices=GameStatus.choices, default=GameStatus.FORMING)
    public = models.BooleanField(default=True, help_text="listed for spectators")
    gm = models.ForeignKey(
        conf.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="mastered_games",
        null=True,
        blank=True,
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The engine record's header (set when the game starts).
    powers = models.JSONField(default=list, blank=True)
    initial_state = models.JSONField(null=True, blank=True)
    setup_draws = models.JSONField(default=list, blank=True)
    seating_draws = models.JSONField(default=list, blank=True)  # the record's (Chance "seating")
    outcome = models.JSONField(null=True, blank=True)
    # The turn orders are taken for (processed turns + 1; 0 while forming). It is the game's
    # state id: a submission names the turn it was written for and is refused otherwise.
    turn = models.PositiveIntegerField(default=0)
    deadline = models.DateTimeField(null=True, blank=True)
    process_after = models.DateTimeField(
        null=True, blank=True, help_text="deadline + grace, or earlier once all are ready"
    )
    paused_remaining = models.DurationField(null=True, blank=True)
    # The game master's extensions of the current turn's deadline: a rollback keeps them.
    extension = models.DurationField(default=timedelta(0))
    enqueued_at = models.DateTimeField(null=True, blank=True)
    # The current turn's status, kept up to date as it changes (never recomputed on a read):
    # its label, the powers it waits for and those that have submitted orders.
    label = models.CharField(max_length=120, blank=True)
    expected = models.JSONField(default=list, blank=True)
    submitted = models.JSONField(default=list, blank=True)
    # When the notice pass next has something to do for this game (a reminder, then a late
    # notice); None: nothing to send.
    notice_at = models.DateTimeField(null=True, blank=True)
    # Deadlines moved for declared absences (``absence``): minutes granted so far in this game,
    # per account id (a string key: JSON); the game's ``away.limit_days`` caps each account.
    away_used = models.JSONField(default=dict, blank=True)
    # The last day of the declared absences that concern this game (None: none): a turn that
    # opens looks absences up only while this day is not past (``absence.extend``).
    away_until = models.DateField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["status", "process_after"]),
            models.Index(fields=["status", "notice_at"], name="game_notice_idx"),
            models.Index(fields=["public", "-id"], name="game_public_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.game})"

    def setting(self, key: str, default: Any) -> Any:
        return self.settings.get(key, default) if isinstance(self.settings, dict) else default


class Turn(models.Model):
    """One processed turn of the engine record."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="turns")
    number = models.PositiveIntegerField()
    label = models.CharField(max_length=120)
    # Compressed JSON (issue 33): a World Wide turn's 150 KiB of them take about 15 KiB. The
    # state is written plain, and packed when the next turn's row is saved (store.save_turn):
    # the game's latest state, read by every submission, is parsed without decompressing.
    draws = PackedJSONField(default=list)
    events = PackedJSONField(default=list)
    state = PackedJSONField(packed=False)
    processed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="one_row_per_turn")]

    def __str__(self) -> str:
        return f"{self.game} turn {self.number}"


class TurnOutput(models.Model):
    """What one reader sees after a processed turn, computed once when the turn is processed:
    a power's view and printout (``power`` empty: the umpire's, also the public position of
    games without hidden information). Turn 0 is the opening."""

    UMPIRE = ""
    PUBLIC = "@public"  # the public position of a game that hides information (no printout)

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="outputs")
    turn = models.PositiveIntegerField()
    power = models.CharField(max_length=40, blank=True)
    view = models.JSONField()
    printout = models.TextField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "turn", "power"], name="one_output_per_reader")
        ]


class Lease(models.Model):
    """A named job that one process of many runs at a time (e.g. the notice pass)."""

    name = models.CharField(max_length=40, unique=True)
    until = models.DateTimeField()


class Seat(models.Model):
    """A power held by an account, a bot, or nobody; replaced seats stay as history."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    power = models.CharField(max_length=40)
    user = models.ForeignKey(
        conf.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seats",
    )
    is_bot = models.BooleanField(default=False)
    active = models.BooleanField(default=True)
    secret_code = models.CharField(max_length=32, blank=True, help_text="for email orders")
    ready_turn = models.PositiveIntegerField(default=0, help_text="turn marked ready")
    joined_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True)
    note = models.CharField(max_length=200, blank=True)
    # Replacements: the seat is offered to newcomers (``usecases.offers``) since ``offered_at``
    # because its player missed turns in a row or left (``offer_reason``: missed, left); with
    # the game master's approval asked, ``requested_by`` waits for his decision.
    offered_at = models.DateTimeField(null=True, blank=True)
    offer_reason = models.CharField(max_length=10, blank=True)
    requested_by = models.ForeignKey(
        conf.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="takeover_requests",
    )

    class Meta:
        ordering = ["game", "power", "joined_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "power"], condition=Q(active=True), name="one_active_seat"
            ),
            models.UniqueConstraint(
                fields=["game", "user"], condition=Q(active=True), name="one_power_per_user"
            ),
        ]
        indexes = [
            models.Index(
                fields=["offered_at"],
                condition=Q(offered_at__isnull=False),
                name="seat_offered_idx",
            )
        ]

    def __str__(self) -> str:
        holder = "bot" if self.is_bot else (self.user or "vacant")
        return f"{self.power}: {holder}"


class Enrollment(models.Model):
    """A player who joined a game before it started, or stands by to replace someone."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="enrollments")
    user = models.ForeignKey(
        conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="enrollments"
    )
    preferences = models.JSONField(default=list, blank=True)
    standby = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="one_enrollment_per_user")
        ]


class Submission(models.Model):
    KEYED_IN = "gm"  # the source of orders the game master keyed in for a seat (a letter)

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="submissions")
    turn = models.PositiveIntegerField(help_text="the turn the orders were written for")
    power = models.CharField(max_length=40)
    user = models.ForeignKey(conf.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    source = models.CharField(max_length=10)  # web, api, email, cli, bot, default, gm
    raw = models.TextField()
    orders = models.JSONField(default=list)
    problems = models.JSONField(default=list)
    received_at = models.DateTimeField()
    void = models.BooleanField(default=False, help_text="written for a turn rolled back")

    class Meta:
        ordering = ["game", "turn", "id"]
        indexes = [models.Index(fields=["game", "turn"])]

    def __str__(self) -> str:
        return f"{self.power} turn {self.turn} ({self.source})"


class Message(models.Model):
    """Press: delivered to its recipients (and the game master) only."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="messages")
    turn = models.PositiveIntegerField()
    sender_power = models.CharField(max_length=40)
    sender_user = models.ForeignKey(
        conf.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    to_all = models.BooleanField(default=False)
    recipients = models.JSONField(default=list, blank=True)
    signed = models.BooleanField(default=True)
    text = models.TextField()
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "id"]


class AuditEntry(models.Model):
    """Every game-master action, who did it and when."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="audit", null=True, blank=True
    )
    actor = models.ForeignKey(
        conf.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    action = models.CharField(max_length=40)
    details = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action}"


class Vote(models.Model):
    """A power's standing vote to end the game: a draw among the survivors, or a concession.

    Secret: only the game master and the voting power read it, until the vote carries.
    """

    DRAW = "draw"
    CONCEDE = "concede"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="votes")
    power = models.CharField(max_length=40)
    kind = models.CharField(max_length=10, choices=[(DRAW, "draw"), (CONCEDE, "concede")])
    cast_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "power", "kind"], name="one_vote_per_kind")
        ]

    def __str__(self) -> str:
        return f"{self.power} votes {self.kind}"


class ReadMark(models.Model):
    """The last press message a user has seen in a game (for the pages' new-message marks)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="read_marks")
    user = models.ForeignKey(conf.AUTH_USER_MODEL, on_delete=models.CASCADE)
    last_seen = models.PositiveBigIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="one_mark_per_user")]


class Duty(models.Model):
    """One turn an account was due to order for (``community``): the power the turn waited
    for, who held it when the turn was processed, and whether his own orders came in time.
    Written when the turn is processed (from what the record says); deleted with the turn
    when a game master rolls it back. An account's turn figures are counted from these."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="duties")
    number = models.PositiveIntegerField(help_text="the turn's number in the game")
    label = models.CharField(max_length=120)
    user = models.ForeignKey(conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="duties")
    power = models.CharField(max_length=40)
    in_time = models.BooleanField()

    class Meta:
        ordering = ["game", "number", "power"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number", "power"], name="one_duty_per_power")
        ]
        indexes = [models.Index(fields=["user", "in_time"], name="duty_user_idx")]


class Reliability(models.Model):
    """An account's game figures (``community.refresh``): the games it left or lost its seat
    in, and those it held a seat in to their end; its turn figures are its :class:`Duty` rows.
    ``umpire community --recompute`` checks both against the records."""

    user = models.OneToOneField(
        conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reliability"
    )
    games_left = models.PositiveIntegerField(default=0)
    games_finished = models.PositiveIntegerField(default=0)


class Rating(models.Model):
    """An account's current rating in one game family (an OpenSkill ``mu`` and ``sigma``)."""

    user = models.ForeignKey(conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    family = models.CharField(max_length=40)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["family", "-mu"]
        constraints = [
            models.UniqueConstraint(fields=["user", "family"], name="one_rating_per_family")
        ]


class RatingChange(models.Model):
    """One change of a rating, and the finished game that made it."""

    user = models.ForeignKey(
        conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    family = models.CharField(max_length=40)
    power = models.CharField(max_length=40)
    rank = models.PositiveIntegerField(help_text="1: first; equal ranks tie")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="one_change_per_game")]


class Absence(models.Model):
    """Dates a player declared he is away (``absence``), both days included: for one game, or
    (``game`` empty) for every game he plays. No reason is stored: there is no field for one.
    Each game's ``away`` policy decides what the absence does there; ``sitter`` is the
    account that may play his seat meanwhile where the policy is ``sitter``, and
    ``sitter_code`` the secret mailed to him alone, which his order mails carry in the
    heading in place of the seat's code (the holder's code is never his: docs/email.md)."""

    user = models.ForeignKey(
        conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="absences"
    )
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="absences", null=True, blank=True
    )
    start = models.DateField()
    end = models.DateField()
    sitter = models.ForeignKey(
        conf.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="sittings",
    )
    sitter_code = models.CharField(max_length=32, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["start", "id"]
        indexes = [
            models.Index(fields=["user", "end"], name="absence_user_idx"),
            models.Index(fields=["sitter", "end"], name="absence_sitter_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.user} away {self.start} to {self.end}"


# --- notifications: each person's channels per kind of news, and his webhooks (issue 31) -----


class NotifyChoice(models.Model):
    """One person's choice for one kind of news on one channel (``notify.KINDS`` x
    ``notify.CHANNELS``). Only choices the person made are stored; a missing row means the
    default (``notify.DEFAULTS``: mail for the kinds mailed before channels existed)."""

    user = models.ForeignKey(
        conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notify_choices"
    )
    kind = models.CharField(max_length=20)
    channel = models.CharField(max_length=20)
    on = models.BooleanField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind", "channel"], name="notify_choice_once")
        ]
        indexes = [models.Index(fields=["kind", "channel", "on"])]

    def __str__(self) -> str:
        return f"{self.user} {self.kind} by {self.channel}: {'on' if self.on else 'off'}"


class Webhook(models.Model):
    """An address a person gave to be sent his news as a JSON POST (``format``: the body
    Discord or Slack take from an incoming webhook, or our own envelope). Deleting it
    revokes it: its posts not yet sent go with it."""

    user = models.ForeignKey(
        conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhooks"
    )
    url = models.CharField(max_length=500)
    format = models.CharField(max_length=10)  # discord, slack, json
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.format} webhook of {self.user}"


class HookStatus(models.TextChoices):
    PENDING = "pending"  # waiting to be posted (first try, or a retry after its time)
    SENDING = "sending"  # claimed by a worker
    SENT = "sent"
    DEAD = "dead"  # every attempt failed, or the receiver refused it for good


class OutboundHook(models.Model):
    """The webhook outbox: one post to make, written in the transaction of the change that
    causes it (as :class:`~umpire.server.mail.models.OutboundMail`); the hooks worker posts it
    with a timeout and retries a failure with backoff until ``UMPIRE_HOOK_MAX_ATTEMPTS``, then
    the post is ``dead`` (shown on its owner's account page). ``key`` makes a post go out
    once only."""

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="posts")
    key = models.CharField(max_length=200, unique=True, null=True, blank=True)
    kind = models.CharField(max_length=20)  # a notify kind, or "test"
    game = models.ForeignKey(
        "umpire.Game", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    payload = models.JSONField(default=dict, help_text="kind, game, turn, text, url")
    status = models.CharField(max_length=10, choices=HookStatus.choices, default=HookStatus.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    queued_at = models.DateTimeField(null=True, blank=True, help_text="a post task was queued")
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["status", "next_attempt_at"]),
            # Retention deletes the old rows of a status (umpire.server.retention).
            models.Index(fields=["status", "created_at"], name="outhook_prune_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} post to webhook {self.webhook_id} ({self.status})"
