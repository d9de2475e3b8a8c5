"""The game-master console: create, start, and run games through ``umpire.server.usecases``.

Every action re-checks on the server that the user is this game's game master (the service
functions refuse anyone else with ``gm/forbidden``).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from umpire.core.session import SessionError
from umpire.server.accounts import why_not_create
from umpire.server.errors import GM_BAD_REQUEST, GM_UNKNOWN_ACTION, refuse
from umpire.server.mail.notices import settings_lines
from umpire.server.models import Game, GameStatus, Seat
from umpire.server.outputs import Viewer, viewer_of, with_facts
from umpire.server.schemas import MAX_MINUTES
from umpire.server.usecases import (
    game_settings,
    gm_actions,
    lifecycle,
    results,
    submissions,
    takeover,
)
from umpire.server.web import create, downloads
from umpire.server.web.common import (
    game_or_404,
    listed_before,
    need_login,
    read,
    report_error,
    signed_in,
)
from umpire.server.web.forms import SettingsForm
from umpire.server.web.maps import page_maps

# The games listed on the console at a time, newest first.
CONSOLE_PAGE = 100


def console(request: HttpRequest) -> HttpResponse:
    user = signed_in(request)
    if user is None:
        return need_login(request)
    # Every signed-in player has a console: the games he runs, and the create form where he
    # may create games (else what stands in the way).
    why = why_not_create(user)
    form = None
    if why is None:
        done = create.handle(request, user)
        if isinstance(done, HttpResponse):
            return done
        form = done
    elif request.method == "POST":
        messages.error(request, f"you may not create games yet: {why} [gm/cannot_create]")
    before = listed_before(request, "before")
    if isinstance(before, HttpResponse):
        return before
    # A superuser's list is every game: newest first, CONSOLE_PAGE at a time, each page read
    # in a few queries for all its games.
    games = Game.objects.all() if user.is_superuser else Game.objects.filter(gm=user)
    if before is not None:
        games = games.filter(id__lt=before)
    found = list(with_facts(games.order_by("-id")[: CONSOLE_PAGE + 1]))
    rows = [
        read(g, viewer_of(g, user, getattr(g, "active_seats", None)), ["game"])["game"]
        for g in found[:CONSOLE_PAGE]
    ]
    more = rows[-1]["id"] if len(found) > CONSOLE_PAGE else None
    context = {"form": form, "why": why, "rows": rows, "more": more, "paged": before is not None}
    return render(request, "web/gm_console.html", context)


def gm_game(request: HttpRequest, game_id: int) -> HttpResponse:
    user = signed_in(request)
    if user is None:
        return need_login(request)
    game = game_or_404(game_id, user)
    viewer = viewer_of(game, user)
    if not viewer.is_umpire:
        messages.error(request, "Only this game's game master may do that. [gm/forbidden]")
        return redirect("web:game", game.pk)
    return _console(request, game, user, viewer)


def _console(
    request: HttpRequest,
    game: Game,
    user: User,
    viewer: Viewer,
    settings: SettingsForm | None = None,
) -> HttpResponse:
    """The console of one game; ``settings``: the settings form as posted (with its errors),
    else one showing the values in effect."""
    parts = ["game", "seats", "audit"]
    if game.initial_state is not None:
        parts += ["status", "view", "events", "votes", "printout", "orders"]
    data = read(game, viewer, parts)
    ctx: dict[str, Any] = {
        **data,
        **page_maps(
            game,
            (data.get("view") or {}).get("turn", 0),
            "umpire",
            (data.get("view") or {}).get("view"),
            (data.get("events") or {}).get("events"),
        ),
        "active_seats": [s for s in data.get("seats") or [] if s["active"]],
        "submitted_orders": latest_orders(data.get("orders")),
        "enrolled": list(game.enrollments.values_list("user__username", "standby")),
        "downloads": downloads.downloads(game, user),
        "offered": list(
            Seat.objects.filter(game=game, active=True, offered_at__isnull=False)
            .select_related("requested_by")
            .order_by("power")
        ),
        "settings_form": settings or _settings_form(game),
    }
    return render(request, "web/gm_game.html", ctx)


def _settings_form(game: Game) -> SettingsForm | None:
    """The settings form of a game not over, showing the values in effect."""
    if game.status == GameStatus.FINISHED:
        return None
    stored = game.settings if isinstance(game.settings, dict) else {}
    return SettingsForm.of(game_settings.effective(stored))


@require_POST
def gm_settings(request: HttpRequest, game_id: int) -> HttpResponse:
    """The console's "Settings" form: the settings the game master may change in a created
    game (``usecases.game_settings``); a refusal is shown on the console with the form as
    posted, a change told above it."""
    user = signed_in(request)
    if user is None:
        return need_login(request)
    game = game_or_404(game_id, user)
    viewer = viewer_of(game, user)
    if not viewer.is_umpire:
        messages.error(request, "Only this game's game master may do that. [gm/forbidden]")
        return redirect("web:game", game.pk)
    form = SettingsForm(request.POST)
    if not form.is_valid():
        return _console(request, game, user, viewer, form)
    try:
        done = game_settings.change_settings(game.pk, user, form.patch(), source="web")
    except SessionError as err:
        form.add_error(None, f"{err.message} [{err.code}]")
        return _console(request, game, user, viewer, form)
    if done.changes:
        said = "; ".join(line.removeprefix("- ") for line in settings_lines(done.changes))
        messages.success(request, f"Settings changed (every player is told): {said}.")
    else:
        messages.info(request, "Settings: nothing changed.")
    return redirect("web:gm_game", game.pk)


def latest_orders(orders: dict[str, Any] | None) -> list[dict[str, Any]]:
    """Each power's last submission of the current turn (the one that counts), in the order
    the powers last submitted: what was accepted and what was refused."""
    latest: dict[str, dict[str, Any]] = {}
    for sub in (orders or {}).get("submissions", []):
        latest.pop(sub["power"], None)
        latest[sub["power"]] = sub
    return list(latest.values())


ACTIONS = ("start", "pause", "resume", "extend", "process", "rollback", "replace", "end",
           "orders", "approve", "refuse")  # fmt: skip


def _arguments(action: str, post: Any) -> dict[str, Any]:
    if action == "extend":
        try:
            return {"minutes": float(post.get("minutes", "0"))}
        except ValueError as err:
            raise refuse(GM_BAD_REQUEST, most=MAX_MINUTES) from err
    if action == "replace":
        how = post.get("with", "user")
        return {
            "power": post.get("power", ""),
            "username": post.get("username", "").strip() or None,
            "bot": how == "bot",
            "standby": how == "standby",
        }
    if action == "end":
        return {"summary": post.get("summary", "")}
    return {}


@require_POST
def gm_action(request: HttpRequest, game_id: int, action: str) -> HttpResponse:
    user = signed_in(request)
    if user is None:
        return need_login(request)
    game = game_or_404(game_id, user)
    try:
        if action not in ACTIONS:
            raise refuse(GM_UNKNOWN_ACTION, action=action)
        if action == "start":
            method = request.POST.get("method", "preferences")
            started = lifecycle.start(game.pk, user, method=method)
            messages.success(request, seated_summary(started))
        elif action == "end" and request.POST.get("winners", "").strip():
            _declare(game, user, request.POST)
        elif action == "orders":
            _key_in(request, game, user)
            return redirect("web:gm_game", game.pk)
        elif action in ("approve", "refuse"):  # a request to take over an offered seat
            power = str(request.POST.get("power", ""))
            said = takeover.decide(game.pk, user, power, approve=action == "approve")
            messages.success(request, f"{action}: {said}.")
        else:
            gm_actions.gm_action(game.pk, user, action, **_arguments(action, request.POST))
        if action not in ("start", "approve", "refuse"):
            messages.success(request, f"{action}: done.")
    except SessionError as err:
        report_error(request, err)
    return redirect("web:gm_game", game.pk)


def seated_summary(game: Game) -> str:
    """What the start did with the seats: how many players, bots and vacant powers."""
    seats = list(game.seats.filter(active=True).values_list("user_id", "is_bot"))
    players = sum(1 for user, _ in seats if user is not None)
    bots = sum(1 for user, bot in seats if user is None and bot)
    vacant = len(seats) - players - bots
    said = [f"{players} player{'s' if players != 1 else ''}"]
    said.append(f"{bots} bot{'s' if bots != 1 else ''}")
    if vacant:
        said.append(f"{vacant} vacant (the rules write their orders)")
    return f"Game started: {len(seats)} powers; " + ", ".join(said) + "."


def _declare(game: Game, user: Any, post: Any) -> None:
    """End the game with a declared result (a draw among the winners, or one winner)."""
    winners = [w.strip() for w in post.get("winners", "").split(",") if w.strip()]
    results.declare(game.pk, user, winners, post.get("summary", ""))


def _key_in(request: HttpRequest, game: Game, user: Any) -> None:
    """The game master keys in a seat's orders from a postal player's letter, through the
    same submission as a player's own (issue 32); the receipt is shown here and goes into the
    power's next packet."""
    raw = request.POST.get("turn", "")
    turn = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else game.turn
    done = submissions.submit(game.pk, user, request.POST.get("orders", ""), turn=turn,
                              for_power=request.POST.get("power", "")[:40])  # fmt: skip
    receipt = done.receipt
    said = f"Orders keyed in for {receipt.named or receipt.power}:\n{receipt.text()}"
    if receipt.stored:
        messages.success(request, said)
    else:
        messages.error(request, said)
