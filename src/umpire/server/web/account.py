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
from umpire.server import accounts
from umpire.server import errors as E
from umpire.server.errors import refuse
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
