"""The account page: the verified address, whether printout mails carry maps, API tokens (listed, created, revoked) and the
seat codes of the games one plays (shown to their holder, replaced on request)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from umpire.core.session import SessionError
from umpire.server import accounts, notify
from umpire.server import errors as E
from umpire.server.errors import refuse
from umpire.server.hooks import outbox as hooks
from umpire.server.hooks.post import FORMATS
from umpire.server.models import CalendarFeed, Game, GameStatus, Seat
from umpire.server.outputs import viewer_of
from umpire.server.usecases import absences, seats
from umpire.server.web.common import need_login, read, report_error, signed_in
from umpire.server.web.params import int_param, str_param


def _seats(user: Any) -> list[dict[str, Any]]:
    """The games where the user holds a seat, as ``present`` shows them to him (his own
    power and code are in its ``you``)."""
    games = (
        Game.objects.filter(seats__user=user, seats__active=True, seats__is_bot=False)
        .exclude(status=GameStatus.FINISHED)
        .distinct()
        .order_by("id")
    )
    rows = [read(g, viewer_of(g, user), ["game"])["game"] for g in games]
    return [r for r in rows if r and r["you"].get("secret_code")]


def account_page(request: HttpRequest) -> HttpResponse:
    user = signed_in(request)
    if user is None:
        return need_login(request)
    ctx = {
        "address": accounts.verified_address(user),
        "tokens": accounts.tokens_of(user),
        "seats": _seats(user),
        "new_token": request.session.pop("new_token", None),
        "token_days": accounts.token_lifetime().days,
        "mail_maps": accounts.mails_maps(user),
        "mail_packets": accounts.mails_packets(user),
        "attempts": accounts.login_attempts(user),
        "calendar": CalendarFeed.objects.filter(user=user).first(),
        "new_calendar": request.session.pop("new_calendar", None),
        "absences": absences.open_absences(user),
        "today": absences.today_utc().isoformat(),
        "notify": _choices_table(user),
        "channels": list(notify.CHANNELS.items()),
        "hooks": hooks.hooks_of(user),
        "hook_formats": list(FORMATS.items()),
        "hooks_max": hooks.HOOKS_PER_USER,
    }
    return render(request, "web/account.html", ctx)


@require_POST
def new_token(request: HttpRequest) -> HttpResponse:
    user = signed_in(request)
    if user is None:
        return need_login(request)
    name = (request.POST.get("name") or "web").strip()[:80] or "web"
    # Shown once, on the next page only (it is stored as a digest).
    request.session["new_token"] = {"name": name, "value": accounts.issue_token(user, name)}
    return redirect("web:account")


@require_POST
def mail_maps(request: HttpRequest) -> HttpResponse:
    """The checkbox: printout mails carry the turn's map (as MAPS ON / MAPS OFF by mail)."""
    user = signed_in(request)
    if user is None:
        return need_login(request)
    on = request.POST.get("mail_maps") == "on"
    accounts.set_mail_maps(user, on)
    messages.success(request, "Printout mails now carry the map." if on
                     else "Printout mails no longer carry the map.")  # fmt: skip
    return redirect("web:account")


@require_POST
def mail_packets(request: HttpRequest) -> HttpResponse:
    """The checkbox: printout mails carry the player's postal packet (a PDF)."""
    user = signed_in(request)
    if user is None:
        return need_login(request)
    on = request.POST.get("mail_packets") == "on"
    accounts.set_mail_packets(user, on)
    messages.success(request, "Printout mails now carry your postal packet (PDF)." if on
                     else "Printout mails no longer carry your postal packet.")  # fmt: skip
    return redirect("web:account")


@require_POST
def revoke_token(request: HttpRequest, token_id: int) -> HttpResponse:
    user = signed_in(request)
    if user is None:
        return need_login(request)
    try:
        accounts.revoke_token(user, token_id)
    except SessionError as err:
        report_error(request, err)
    else:
        messages.success(request, "Token revoked.")
    return redirect("web:account")


@require_POST
def new_code(request: HttpRequest, game_id: int) -> HttpResponse:
    """A new code for the user's own seat in the game (re-checked here: only the holder)."""
    user = signed_in(request)
    if user is None:
        return need_login(request)
    with transaction.atomic():
        seat = (
            Seat.objects.select_for_update()
            .filter(game_id=game_id, user=user, active=True, is_bot=False)
            .select_related("game")
            .first()
        )
        if seat is None:
            messages.error(request, "You hold no such seat.")
            return redirect("web:account")
        seats.rotate_code(seat, by="asked for on the web")
    messages.success(
        request,
        f"{seat.power} in G-{seat.game_id} has a new seat code; the old one no longer works.",
    )
    return redirect("web:account")


@require_POST
def away(request: HttpRequest) -> HttpResponse:
    """Declare an absence (the form: first and last day, all games or one, a sitter), as
    ``AWAY`` by mail; every refusal is a declared code shown on the page."""
    user = signed_in(request)
    if user is None:
        return need_login(request)
    game_id = int_param(request.POST, "game", None) if request.POST.get("game") else 0
    try:
        if game_id is None:  # not a number: the form offers numbers only
            raise refuse(E.REQUEST_INVALID, problem="game: not a game number")
        done = absences.declare_absence(
            user,
            request.POST.get("start", ""),
            request.POST.get("end", ""),
            game_id=game_id or None,
            sitter=str_param(request.POST, "sitter"),
        )
    except SessionError as err:
        report_error(request, err)
    else:
        where = ", ".join(f"G-{g.pk}" for g, _ in done.games)
        messages.success(request, f"Absence declared; the players of {where} are told.")
    return redirect("web:account")


@require_POST
def away_resend(request: HttpRequest, absence_id: int) -> HttpResponse:
    """Mail the sitter of one of his absences a new sitter code (the old one stops working)."""
    user = signed_in(request)
    if user is None:
        return need_login(request)
    try:
        said = absences.resend_sitter_code(user, absence_id)
    except SessionError as err:
        report_error(request, err)
    else:
        messages.success(request, said[0].upper() + said[1:] + ".")
    return redirect("web:account")


@require_POST
def away_cancel(request: HttpRequest) -> HttpResponse:
    """Cancel every absence that has not ended (``AWAY CANCEL``)."""
    user = signed_in(request)
    if user is None:
        return need_login(request)
    try:
        count = absences.cancel_absences(user)
    except SessionError as err:
        report_error(request, err)
    else:
        messages.success(request, f"{count} absence(s) cancelled.")
    return redirect("web:account")


def _choices_table(user: Any) -> list[dict[str, Any]]:
    """One row per kind of news: its name and, per channel, the field's name and whether it
    is on."""
    chosen = notify.choices_of(user)
    return [
        {"kind": kind, "label": label,
         "cells": [{"name": f"n:{kind}:{c}", "channel": label_c, "on": chosen[(kind, c)]}
                   for c, label_c in notify.CHANNELS.items()]}
        for kind, label in notify.KINDS.items()
    ]  # fmt: skip


@require_POST
def notify_choices(request: HttpRequest) -> HttpResponse:
    """The table of kinds x channels: a box ticked is on, a box not ticked off (a form with
    no box ticked turns everything off; other fields are ignored)."""
    user = signed_in(request)
    if user is None:
        return need_login(request)
    chosen = {(k, c): request.POST.get(f"n:{k}:{c}") == "on"
              for k in notify.KINDS for c in notify.CHANNELS}  # fmt: skip
    notify.set_choices(user, chosen)
    messages.success(request, "Your choice of news is saved.")
    return redirect("web:account")


@require_POST
def add_hook(request: HttpRequest) -> HttpResponse:
    """A new webhook; its address is checked here (and again before every post)."""
    user = signed_in(request)
    if user is None:
        return need_login(request)
    url = str(request.POST.get("url") or "")
    fmt = str(request.POST.get("format") or "")
    try:
        hooks.register(user, url[:2000], fmt[:20])
    except SessionError as err:
        report_error(request, err)
    else:
        messages.success(request, "Webhook added. Tick the news it should carry under Webhooks.")
    return redirect("web:account")


@require_POST
def delete_hook(request: HttpRequest, hook_id: int) -> HttpResponse:
    """Revoke a webhook: it and its posts not yet made are gone."""
    user = signed_in(request)
    if user is None:
        return need_login(request)
    try:
        hooks.remove(user, hook_id)
    except SessionError as err:
        report_error(request, err)
    else:
        messages.success(request, "Webhook deleted: nothing more is posted to it.")
    return redirect("web:account")


@require_POST
def test_hook(request: HttpRequest, hook_id: int) -> HttpResponse:
    """Queue a test post to one of the user's webhooks (its status shows below it)."""
    user = signed_in(request)
    if user is None:
        return need_login(request)
    try:
        hooks.send_test(hooks.owned(user, hook_id))
    except SessionError as err:
        report_error(request, err)
    else:
        messages.success(request, "A test post is on its way; reload to see how it went.")
    return redirect("web:account")
