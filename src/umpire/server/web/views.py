"""The players' and spectators' pages: home, my games, lobby, a game, a turn, watching."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from umpire.core import registry
from umpire.core.session import SessionError
from umpire.server import absence
from umpire.server.models import Enrollment, Game, GameStatus, Turn
from umpire.server.outputs import SPECTATOR_VIEWER, Viewer, mine, viewer_of, with_facts
from umpire.server.usecases import lifecycle
from umpire.server.web import community, downloads, live, orderlists, press, preview
from umpire.server.web.common import (
    game_or_404,
    listed_before,
    need_login,
    read,
    report_error,
    signed_in,
)
from umpire.server.web.maps import PUBLIC, page_maps, region_of, turn_maps
from umpire.server.web.params import int_param, str_param


def index(request: HttpRequest) -> HttpResponse:
    if signed_in(request):
        return redirect("web:my_games")
    return render(request, "web/index.html", {})


# A player's (or game master's) games listed at a time, newest first.
MY_GAMES_PAGE = 100


def my_games(request: HttpRequest) -> HttpResponse:
    user = signed_in(request)
    if user is None:
        return need_login(request)
    before = listed_before(request, "before")
    if isinstance(before, HttpResponse):
        return before
    games = Game.objects.filter(id__in=mine(user))
    if before is not None:
        games = games.filter(id__lt=before)
    # A page of games, each one's seats and sign-ups read in two queries for all of them.
    found = list(with_facts(games.order_by("-id")[: MY_GAMES_PAGE + 1]))
    more = found[MY_GAMES_PAGE - 1].pk if len(found) > MY_GAMES_PAGE else None
    viewers = [
        (g, viewer_of(g, user, getattr(g, "active_seats", None), seat_first=True))
        for g in found[:MY_GAMES_PAGE]
    ]
    unread = press.unread([(g, v) for g, v in viewers if g.status != GameStatus.FORMING], user)
    rows = []
    for game, viewer in viewers:
        started = game.status != GameStatus.FORMING
        seats = getattr(game, "active_seats", None)
        data = read(game, viewer, ["game", "status"] if started else ["game"], seats=seats)
        status = data.get("status") or {}
        me = viewer.power
        rows.append(
            {
                **data,
                "submitted": me is not None and me in status.get("submitted", []),
                "ready": me is not None and me in status.get("ready", []),
                "expected": me is not None and me in status.get("expected", []),
                "unread": unread.get(game.pk, 0),
            }
        )
    context: dict[str, Any] = {"rows": rows, "more": more, "paged": before is not None}
    if before is None:  # the newest games: the page that changes
        context["live_src"] = live.games_src(user.pk)
        context["live_every_ms"] = live.every_ms()
    return render(request, "web/my_games.html", context)


# Running and finished games are listed this many at a time, newest first (a house runs
# thousands; the page must cost the same with ten games or ten thousand).
LOBBY_PAGE = 50


def lobby(request: HttpRequest) -> HttpResponse:
    """Every forming public game (to join), then the running and the finished ones
    :data:`LOBBY_PAGE` at a time, newest first: ``?running_before=ID`` and
    ``?finished_before=ID`` page on. A handful of queries however many games there are."""
    before: dict[str, int | None] = {}
    for key in ("running_before", "finished_before"):
        found = listed_before(request, key)
        if isinstance(found, HttpResponse):
            return found
        before[key] = found
    user = signed_in(request)
    joined = _joined(user)
    public = Game.objects.filter(public=True).order_by("-id")
    forming = _lobby_rows(public.filter(status=GameStatus.FORMING), user, joined)
    community.add_players(forming)  # each player's reliability beside him
    running = public.filter(status__in=(GameStatus.RUNNING, GameStatus.PAUSED))
    finished = public.filter(status=GameStatus.FINISHED)
    pages: dict[str, Any] = {"forming": forming}
    for name, games in (("running", running), ("finished", finished)):
        if (last := before[f"{name}_before"]) is not None:
            games = games.filter(id__lt=last)
        rows = _lobby_rows(games[: LOBBY_PAGE + 1], user, joined)
        pages[name] = rows[:LOBBY_PAGE]
        pages[f"{name}_more"] = rows[LOBBY_PAGE - 1]["id"] if len(rows) > LOBBY_PAGE else None
        pages[f"{name}_paged"] = last is not None
    return render(request, "web/lobby.html", pages)


def _lobby_rows(games: Any, user: Any, joined: dict[int, list[str]]) -> list[dict[str, Any]]:
    """The public facts of ``games`` (newest first) as ``user`` sees them, their seats and
    sign-ups read in two queries for all of them."""
    rows = []
    for game in with_facts(games):
        viewer = viewer_of(game, user, getattr(game, "active_seats", None))
        facts = read(game, viewer, ["game"])["game"]
        facts["joined"] = joined.get(game.pk)
        rows.append(facts)
    return rows


def _joined(user: Any, game_id: int | None = None) -> dict[int, list[str]]:
    """The forming games ``user`` joined (of ``game_id`` alone, if given): their choices."""
    if user is None:
        return {}
    rows = Enrollment.objects.filter(user=user, game__status=GameStatus.FORMING)
    if game_id is not None:
        rows = rows.filter(game_id=game_id)
    return {g: list(p or []) for g, p in rows.values_list("game_id", "preferences")}


@require_POST
def join(request: HttpRequest, game_id: int) -> HttpResponse:
    user = signed_in(request)
    if user is None:
        return need_login(request)
    game = game_or_404(game_id, user)
    prefs = [p for p in request.POST.getlist("preferences") if p]
    # a game that seats players itself takes a typed list (starting spaces, positions, a fee)
    prefs += [p.strip() for p in request.POST.get("preference_list", "").split(",") if p.strip()]
    try:
        messages.success(request, lifecycle.join(game.pk, user, prefs))
    except SessionError as err:
        report_error(request, err)
        return redirect("web:lobby")
    return redirect("web:my_games")


def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    user = signed_in(request)
    game = game_or_404(game_id, user)
    viewer = viewer_of(game, user, seat_first=True)
    if viewer.role == "spectator" or game.status == GameStatus.FORMING:
        return watch(request, game_id)
    ctx = player_context(game, viewer, None)
    ctx["live_src"] = live.game_src(game.pk, viewer)
    ctx["live_every_ms"] = live.every_ms()
    if game.status == GameStatus.FINISHED:
        ctx["downloads"] = downloads.downloads(game, user)
    return render(request, "web/game.html", ctx)


def order_steps(request: HttpRequest, game_id: int) -> HttpResponse:
    """The next choices of an order built step by step on the game page (a 1939 III bomber's
    flight, ``?order=B ven - aus``), as JSON: ``{"steps": [...]}``, or ``null`` where the
    viewer has no such order to give now. Read through ``present`` like every page."""
    user = signed_in(request)
    game = game_or_404(game_id, user)
    viewer = viewer_of(game, user, seat_first=True)
    so_far = str_param(request.GET, "order")
    data = read(game, viewer, ["steps"], so_far=so_far)
    return JsonResponse({"steps": data.get("steps")})


def order_list(request: HttpRequest, game_id: int) -> HttpResponse:
    """The options of one list of legal orders on the game page (``?unit=@TU``: its
    ``<option>`` elements), asked for by the page's script when the list or its unit on the map
    is first used (a game whose orders name their places: Battle Plan's lists are long). Made
    once a turn (``orderlists``); 404 where the viewer has no such list now."""
    user = signed_in(request)
    game = game_or_404(game_id, user)
    html = orderlists.options_html(
        game, viewer_of(game, user, seat_first=True), str_param(request.GET, "unit")
    )
    if html is None:
        raise Http404("no such list of orders")
    return HttpResponse(html, content_type="text/html; charset=utf-8")


def player_context(game: Game, viewer: Viewer, turn: int | None) -> dict[str, Any]:
    """Everything the player's (or the game master's) game page shows, read via present."""
    data = read(game, viewer, ["game", "status", "view", "printout", "events"], turn=turn)
    at = (data.get("view") or {}).get("turn", 0)
    current = data["game"]["status"] in (GameStatus.RUNNING, GameStatus.PAUSED)
    ctx: dict[str, Any] = {
        **data,
        "viewer": viewer,
        "turn": at,
        "turn_label": processed_label(game, at),
        "last": max(game.turn - 1, 0),
        **page_maps(
            game,
            at,
            viewer.power or "umpire",
            (data.get("view") or {}).get("view"),
            (data.get("events") or {}).get("events"),
        ),
        "current": current and turn is None,
        "runs_game": viewer.is_umpire or game.gm_id == viewer.user_id,
        "history_downloads": history_downloads(game, viewer),
        # The absences every player (and the game master) of the game is told of.
        "absences": absence.of_game(game, timezone.now().date())
        if current and (viewer.power or viewer.is_umpire)
        else [],
        # What a player's absence does in this game (its policy), for its players.
        "away_policy": absence.policy_said(game) if current and viewer.power else "",
    }
    if ctx["current"] and viewer.power is not None:
        orders = read(game, viewer, ["orders", "votes"])
        subs = (orders.get("orders") or {}).get("submissions", [])
        ctx["submission"] = subs[-1] if subs else None
        ctx["box"] = preview.box_text(ctx["submission"])  # not its refused lines (issue 29)
        record = registry.game(game.game)
        can = record.capabilities(game.scenario)
        ctx["places"] = can.order_places is not None
        ctx["options"] = orderlists.order_lists(game, viewer)
        ctx["lists_on_demand"] = ctx["places"]
        ctx["map_help"] = can.order_places.map_help if can.order_places is not None else ""
        ctx["steps"] = can.order_steps is not None
        ctx["can_forecast"] = can.forecast is not None
        ctx["votes"] = [v["kind"] for v in orders.get("votes") or []]
        info = record.info
        ctx["order_help"] = info.scenario(game.scenario).order_help_for(viewer.power) or (
            info.order_help
        )
        status = data.get("status") or {}
        ctx["ready"] = viewer.power in status.get("ready", [])
        ctx["expected"] = viewer.power in status.get("expected", [])
        ctx["draw_votes"] = can.draw_votes is not None
    return ctx


def map_region(request: HttpRequest, game_id: int, region: str) -> HttpResponse:
    """One enlarged part of a page's map (``region``: Europe on the world map), as SVG, asked
    for by the page when its button is first pressed: the reader's own map of the processed
    turn ``?turn=`` (default the latest), or with ``public=1`` (and for a spectator, always)
    the spectators' map. Drawn once a turn with the page's (``turn_maps``)."""
    user = signed_in(request)
    game = game_or_404(game_id, user)
    viewer = viewer_of(game, user, seat_first=True)
    asked = int_param(request.GET, "turn")
    turn = min(asked, max(game.turn - 1, 0)) if asked is not None else None
    if request.GET.get("public") == "1" or viewer.role == "spectator":
        data = read(game, SPECTATOR_VIEWER, ["events", "public_view"], turn=turn)
        events = data.get("events") or {}
        view = (data.get("public_view") or {}).get("view")
        maps = turn_maps(game, events.get("turn", 0), PUBLIC, view, events.get("events"))
    else:
        data = read(game, viewer, ["view", "events"], turn=turn)
        seen = data.get("view") or {}
        reader = viewer.power or "umpire"
        events = (data.get("events") or {}).get("events")
        maps = turn_maps(game, seen.get("turn", 0), reader, seen.get("view"), events)
    svg = region_of(maps, region)
    if svg is None:
        raise Http404("no such map")
    return HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")


def turn_page(request: HttpRequest, game_id: int, turn: int) -> HttpResponse:
    """The printout and map of any processed turn (turn 0: the opening position)."""
    user = signed_in(request)
    game = game_or_404(game_id, user)
    viewer = viewer_of(game, user, seat_first=True)
    if viewer.role == "spectator":
        return watch(request, game_id, turn)
    ctx = player_context(game, viewer, min(max(turn, 0), max(game.turn - 1, 0)))
    return render(request, "web/turn.html", ctx)


def turn_go(request: HttpRequest, game_id: int) -> HttpResponse:
    """The turn slider's form without its script (``?turn=N``, ``&public=1`` for the
    spectators' pages): a redirect to that turn's permanent page, the turn kept to the turns
    processed; without a turn, the latest; a malformed turn is a 400."""
    user = signed_in(request)
    game = game_or_404(game_id, user)
    raw = request.GET.get("turn")
    turn = game.turn if raw is None else int_param(request.GET, "turn")
    if turn is None:
        return HttpResponse(
            "turn: a turn number (0: the opening position), e.g. turn=3\n",
            status=400,
            content_type="text/plain; charset=utf-8",
        )
    turn = min(turn, max(game.turn - 1, 0))
    name = "web:watch_turn" if request.GET.get("public") == "1" else "web:turn"
    return redirect(name, game.pk, turn)


def history_downloads(game: Game, viewer: Viewer | None) -> dict[str, str] | None:
    """The addresses of the game's animated history (SVG, GIF) as ``viewer`` may have it: a
    seated player his own maps, the game master the umpire's, None (or a spectator) the
    spectators' maps; None before the game has started."""
    if game.initial_state is None:
        return None
    public = "" if viewer is not None and viewer.role != "spectator" else "?public=1"
    return {fmt: reverse(f"web:history_{fmt}", args=[game.pk]) + public for fmt in ("svg", "gif")}


def processed_label(game: Game, turn: int) -> str:
    """What processed turn ``turn`` of ``game`` was, in the game's own words (``Fall 1901
    movement``, SPI's Game-Turn and Player-Turn): the record counts every phase as a turn, the
    players do not."""
    if turn <= 0:
        return "the opening position"
    found = Turn.objects.filter(game=game, number=turn).values_list("label", flat=True).first()
    return found or f"turn {turn}"


def watch(request: HttpRequest, game_id: int, turn: int | None = None) -> HttpResponse:
    """The spectator's page: public facts, public events, and the public position's map."""
    user = signed_in(request)
    game = game_or_404(game_id, user)
    parts = ["game"] if game.initial_state is None else ["game", "events", "public_view"]
    if turn is not None:
        turn = min(max(turn, 0), max(game.turn - 1, 0))
    data = read(game, SPECTATOR_VIEWER, parts, turn=turn)
    events = data.get("events") or {}
    public = data.get("public_view") or {}
    ctx = {
        **data,
        "turn": events.get("turn", 0),
        "turn_label": processed_label(game, events.get("turn", 0)),
        "last": max(game.turn - 1, 0),
        **page_maps(game, events.get("turn", 0), PUBLIC, public.get("view"), events.get("events")),
        "joined": _joined(user, game.pk).get(game.pk),
        "feed": game.public,
        "history_downloads": history_downloads(game, None),
    }
    if turn is None and game.status != GameStatus.FINISHED:
        ctx["live_src"] = live.game_src(game.pk, SPECTATOR_VIEWER)
        ctx["live_every_ms"] = live.every_ms()
    return render(request, "web/watch.html", ctx)
