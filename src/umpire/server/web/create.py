"""Creating a game from the web: any signed-up player with a verified address (or, where the
operator keeps creation to game masters, a game master) fills in the form and becomes the
new game's game master (``accounts.why_not_create`` says who may).

The page ``/games/new/`` is the newcomer's way in (the lobby and the header point to it); the
GM console shows the same form beside its list of games. Both post here.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from umpire.core.session import SessionError
from umpire.server.accounts import why_not_create
from umpire.server.usecases import lifecycle
from umpire.server.web.common import need_login, signed_in
from umpire.server.web.forms import CreateGameForm


def handle(request: HttpRequest, user: User) -> CreateGameForm | HttpResponse:
    """The create form as posted (a created game: the redirect to its console), or empty."""
    form = CreateGameForm(request.POST or None)
    if request.method != "POST" or not form.is_valid():
        return form
    d = form.cleaned_data
    try:
        game = lifecycle.create_game(
            user,
            d["name"] or "",
            d["game_name"],
            scenario=d["scenario"],
            settings=form.settings(),
            public=d["public"],
        )
    except SessionError as err:
        form.add_error(None, f"{err.message} [{err.code}]")
        return form
    messages.success(
        request,
        f"Game {game.pk} created; you are its game master. Players may join it from the "
        "lobby now; join it yourself to play a power, then start it here.",
    )
    return redirect("web:gm_game", game.pk)


def new_game(request: HttpRequest) -> HttpResponse:
    user = signed_in(request)
    if user is None:
        return need_login(request)
    why = why_not_create(user)
    if why is not None:
        if request.method == "POST":
            messages.error(request, f"you may not create games yet: {why} [gm/cannot_create]")
        return render(request, "web/new_game.html", {"why": why, "form": None})
    done = handle(request, user)
    if isinstance(done, HttpResponse):
        return done
    return render(request, "web/new_game.html", {"why": None, "form": done})
