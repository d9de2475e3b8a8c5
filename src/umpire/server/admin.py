"""Django admin, for superusers only (game masters use the GM console of the web pages).

The seed is never shown, and no lookup, ordering or search may name it: a changelist
filter such as ``?seed__gt=`` would let an admin recover it by bisection.
"""
# ruff: noqa: RUF012  (Django Meta options and pydantic field defaults are class-level by design)

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db import models

from umpire.server.fields import PackedJSONField
from umpire.server.models import (
    AuditEntry,
    Enrollment,
    Game,
    Message,
    Profile,
    Seat,
    Submission,
    Turn,
)


class NoSeed:
    """Refuses every changelist lookup that names the seed (``seed__gt``, ``game__seed``),
    and every lookup into a JSON field (``initial_state__contains``: not a lookup SQLite can
    make, and no filter the admin offers; a compressed one, ``Turn.state``, is opaque to the
    database), answered 400 by the admin."""

    model: Any

    def lookup_allowed(self, lookup: str, value: str, request: Any = None) -> bool:
        parts = lookup.split("__")
        if "seed" in parts:
            return False
        field = next((f for f in self.model._meta.get_fields() if f.name == parts[0]), None)
        if isinstance(field, models.JSONField | PackedJSONField):
            return False
        return bool(super().lookup_allowed(lookup, value, request))  # type: ignore[misc]


class SeatInline(admin.TabularInline[Seat, Game]):
    model = Seat
    extra = 0
    fields = ("power", "user", "is_bot", "active", "ready_turn", "joined_at", "left_at", "note")
    readonly_fields = ("joined_at",)


@admin.register(Game)
class GameAdmin(NoSeed, admin.ModelAdmin[Game]):
    list_display = ("id", "name", "game", "scenario", "status", "turn", "deadline", "gm")
    list_filter = ("status", "game")
    search_fields = ("name",)
    exclude = ("seed", "initial_state", "setup_draws", "seating_draws")
    readonly_fields = ("turn", "powers", "outcome", "created_at", "started_at", "finished_at")
    inlines = [SeatInline]


@admin.register(Turn)
class TurnAdmin(NoSeed, admin.ModelAdmin[Turn]):
    list_display = ("game", "number", "label", "processed_at")
    list_filter = ("game",)


@admin.register(Submission)
class SubmissionAdmin(NoSeed, admin.ModelAdmin[Submission]):
    list_display = ("game", "turn", "power", "source", "received_at", "void")
    list_filter = ("game", "source")


@admin.register(Message)
class MessageAdmin(NoSeed, admin.ModelAdmin[Message]):
    list_display = ("game", "turn", "sender_power", "to_all", "signed", "sent_at")
    list_filter = ("game",)


@admin.register(AuditEntry)
class AuditAdmin(NoSeed, admin.ModelAdmin[AuditEntry]):
    list_display = ("at", "game", "actor", "action")
    list_filter = ("game", "action")
    readonly_fields = ("at", "game", "actor", "action", "details")


admin.site.register(Profile)
admin.site.register(Enrollment)


def superusers_only(request: Any) -> bool:
    """The admin is for superusers: staff status alone (which game masters no longer have)
    opens nothing here."""
    user = request.user
    return bool(user.is_active and user.is_superuser)


admin.site.has_permission = superusers_only  # type: ignore[method-assign]
