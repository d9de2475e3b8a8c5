"""What a player does on the game page: orders (receipt by htmx), ready, draw and concede,
and leaving the game (a confirmation page, then its button).

Orders typed here go through ``submissions.submit_orders`` (source ``web``), the same function the
API and email call, so the receipt, ``turn/stale`` and every problem code are the same.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_http_methods, require_POST

from umpire.core.session import SessionError
from umpire.server import errors as E
from umpire.server.errors import refuse
from umpire.server.models import Enrollment, Game, GameStatus
from umpire.server.outputs import power_labels, present, viewer_of
from umpire.server.usecases import leaving, results, submissions
from umpire.server.usecases.common import may_know, seat_of
from umpire.server.web.common import game_or_404, need_login, report_error, signed_in
from umpire.server.web.params import int_param


def _turn(request: HttpRequest) -> int:
    turn = int_param(request.POST, "turn", -1)
    return -1 if turn is None else turn


@require_POST
def orders(request: HttpRequest, game_id: int) -> HttpResponse:
    user = signed_in(request)
    if user is None:
        if request.htmx:  # type: ignore[attr-defined]
            # into the receipt box: a redirect would put the whole log-in page there
            return render(request, "web/_receipt.html", _logged_out(game_id))
        return need_login(request)
    game = game_or_404(game_id, user)
    text = request.POST.get("orders", "")
    ready = request.POST.get("ready") == "on"
    ctx: dict[str, object] = {
        "game_id": game.pk,
        "rules_game": game.game,
        "rules_scenario": game.scenario,
    }
    try:
        receipt = submissions.submit_orders(
            game.pk, user, text, turn=_turn(request), ready=ready, source="web"
        )
        game.refresh_from_db()
        ctx["receipt"] = present(
            game, viewer_of(game, user, seat_first=True), ["receipt"], receipt=receipt
        )["receipt"]
        ctx["ready"] = ready
    except SessionError as err:
        ctx["error"] = err
    if request.htmx:  # type: ignore[attr-defined]
        return render(request, "web/_receipt.html", ctx)
    if "error" in ctx:
        report_error(request, ctx["error"])  # type: ignore[arg-type]
    elif not receipt.stored:
        messages.warning(
            request,
            "No order was accepted, so nothing was stored: your earlier orders stand. "
            "To withdraw them, send the line CLEAR.",
        )
    else:
        messages.success(request, "Orders received.")
    return redirect("web:game", game.pk)


def _logged_out(game_id: int) -> dict[str, object]:
    """The receipt of orders sent without a session: refused, and a way to log in again."""
    back = reverse("web:game", args=[game_id])
    try:
        login = f"{reverse('account_login')}?next={back}"
    except NoReverseMatch:
        login = back
    return {"game_id": game_id, "error": refuse(E.AUTH_LOGGED_OUT), "login": login}


@require_POST
def ready(request: HttpRequest, game_id: int) -> HttpResponse:
    user = signed_in(request)
    if user is None:
        return need_login(request)
    game = game_or_404(game_id, user)
    want = request.POST.get("ready") == "on"
    try:
        submissions.set_ready(game.pk, user, turn=_turn(request), ready=want)
        messages.success(request, "Marked ready." if want else "No longer ready.")
    except SessionError as err:
        report_error(request, err)
    return redirect("web:game", game.pk)


@require_POST
def vote(request: HttpRequest, game_id: int) -> HttpResponse:
    user = signed_in(request)
    if user is None:
        return need_login(request)
    game = game_or_404(game_id, user)
    kind = request.POST.get("kind", "")
    cast = request.POST.get("cast", "yes") == "yes"
    try:
        messages.success(request, results.vote(game.pk, user, kind, cast=cast))
    except SessionError as err:
        report_error(request, err)
    return redirect("web:game", game.pk)


@require_http_methods(["GET", "POST"])
def leave(request: HttpRequest, game_id: int) -> HttpResponse:
    """The page behind "Leave this game" (a seated player) and "Withdraw" (before the start):
    a GET is the confirmation page, which says what leaving does; its button POSTs with the
    CSRF token and ``confirm=yes``, and only that leaves (a POST without it comes back to the
    page). Works without a script. Refused with the reason and its code."""
    user = signed_in(request)
    if user is None:
        return need_login(request)
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not may_know(game, user):
        raise Http404("no such game")
    if request.method == "POST" and request.POST.get("confirm") == "yes":
        try:
            said = leaving.leave(game.pk, user, source="web")
        except SessionError as err:
            report_error(request, err)
            return redirect("web:leave", game.pk)
        messages.success(request, said[0].upper() + said[1:] + ".")
        return redirect("web:my_games")
    if request.method == "POST":
        return redirect("web:leave", game.pk)
    seat = seat_of(game, user)
    entry = None if seat is not None else Enrollment.objects.filter(game=game, user=user).first()
    ctx = {
        "game": game,
        "power": power_labels(game, [seat.power])[0] if seat is not None else None,
        "entry": entry,
        "over": game.status == GameStatus.FINISHED,
    }
    return render(request, "web/leave.html", ctx)
