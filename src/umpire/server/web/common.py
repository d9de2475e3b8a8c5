"""What every page view shares: finding the game, the viewer, reading through ``present``."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import NoReverseMatch, reverse

from umpire.core.session import SessionError
from umpire.server.models import Game
from umpire.server.outputs import Viewer, present, viewer_of


def game_or_404(game_id: int, user: Any) -> Game:
    """The game, if it exists and the user may know of it (public, or they play or run it)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise Http404("no such game")
    if not game.public and viewer_of(game, user).role == "spectator":
        raise Http404("no such game")
    return game


def read(game: Game, viewer: Viewer, parts: list[str], **kw: Any) -> dict[str, Any]:
    """``present`` for a page: a part the viewer may not read is simply absent."""
    out: dict[str, Any] = {}
    for part in parts:
        try:
            out.update(present(game, viewer, [part], **kw))
        except SessionError:
            out[part] = None
    return out


def login_url(request: HttpRequest) -> str:
    """The account login page (django-allauth) with a way back, or the lobby without it."""
    try:
        return f"{reverse('account_login')}?next={request.get_full_path()}"
    except NoReverseMatch:
        return reverse("web:lobby")


def signed_in(request: HttpRequest) -> User | None:
    user = request.user
    return user if isinstance(user, User) and user.is_authenticated else None


def need_login(request: HttpRequest) -> HttpResponse:
    messages.info(request, "Log in first.")
    return redirect(login_url(request))


def report_error(request: HttpRequest, err: SessionError) -> None:
    messages.error(request, f"{err.message} [{err.code}]")


def listed_before(request: HttpRequest, key: str) -> int | HttpResponse | None:
    """The game number in ``?key=`` where a list of games goes on (the last one listed: the
    next page starts below it), None without one, or a plain 400 answer naming what is
    wrong."""
    raw = request.GET.get(key)
    if raw is None:
        return None
    if raw.isascii() and raw.isdigit() and len(raw) <= 12:
        return int(raw)
    return HttpResponse(
        f"{key}: a game number (the last game listed), e.g. {key}=120\n",
        status=400,
        content_type="text/plain; charset=utf-8",
    )
