"""Feeds a reader subscribes to instead of watching a page.

* ``/games/<id>/feed.atom``: a public game's public events as an Atom feed (Django's
  syndication framework): its start, every processed turn with its public events, each move of
  its deadline (pause, resume, extension) and its end. Only what a spectator may read, through
  the same filter as the spectator's page (``outputs.shown_events``).
* ``/calendar/<secret>/deadlines.ics``: one account's deadlines as an iCalendar file (the
  ``icalendar`` library) at a secret address made on the account page; a calendar application
  subscribes to it and shows the next deadline of every game the account plays. The address is
  shown once; a new one replaces it and revoking it ends it.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import icalendar
from django.contrib.syndication.views import Feed
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.feedgenerator import Atom1Feed
from django.utils.html import escape
from django.views.decorators.http import require_POST

from umpire.core import registry
from umpire.core.events import Event
from umpire.core.ruleset import power_label
from umpire.server.accounts import digest
from umpire.server.models import AuditEntry, CalendarFeed, Game, GameStatus, Seat, Turn
from umpire.server.outputs import SPECTATOR_VIEWER, shown_events
from umpire.server.web.common import need_login, signed_in

FEED_TURNS = 30  # the newest processed turns a game's feed lists
FEED_NOTICES = 30  # the newest deadline moves it lists
DEADLINE_ACTIONS = {
    "pause": "The game master paused the game",
    "resume": "The game master resumed the game",
    "extend": "The game master extended the deadline",
}
SECRET = re.compile(r"[A-Za-z0-9_-]{20,64}")  # what secrets.token_urlsafe(32) makes


@dataclass(frozen=True)
class Item:
    """One entry of a game's feed."""

    key: str  # unique and stable within the game: the entry's id is built from it
    title: str
    lines: tuple[str, ...]
    link: str
    at: datetime


def _when(value: str | None) -> str:
    if not value:
        return ""
    return datetime.fromisoformat(value).strftime("%Y-%m-%d %H:%M UTC")


def game_items(game: Game) -> list[Item]:
    """The entries of ``game``'s feed, newest first: what a spectator may read, nothing else."""
    watch = reverse("web:watch", args=[game.pk])
    items: list[Item] = []
    if game.started_at is not None:
        items.append(Item("start", "The game started", (), watch, game.started_at))
    turns = list(
        Turn.objects.filter(game=game)
        .order_by("-number")
        .values_list("number", "label", "events", "processed_at")[:FEED_TURNS]
    )
    labels = {number: label for number, label, _, _ in turns}
    for number, label, events, at in turns:
        shown = shown_events([Event.from_json(e) for e in events], SPECTATOR_VIEWER)
        due = labels.get(number + 1) or (game.label if game.status != GameStatus.FINISHED else "")
        title = f"Results of {label}" + (f" · orders due for {due}" if due else "")
        lines = tuple(e.text for e in shown) or ("No public events.",)
        link = reverse("web:watch_turn", args=[game.pk, number])
        items.append(Item(f"turn/{number}", title, lines, link, at))
    notices = AuditEntry.objects.filter(game=game, action__in=DEADLINE_ACTIONS).order_by("-at")
    for entry in notices[:FEED_NOTICES]:
        deadline = _when(entry.details.get("deadline"))
        lines = (f"Orders are due by {deadline}.",) if deadline else ()
        items.append(
            Item(f"notice/{entry.pk}", DEADLINE_ACTIONS[entry.action], lines, watch, entry.at)
        )
    if game.status == GameStatus.FINISHED and game.finished_at is not None:
        summary = (game.outcome or {}).get("summary") or "The game is over."
        items.append(Item("end", "The game is over", (str(summary),), watch, game.finished_at))
    items.sort(key=lambda i: (i.at, i.key), reverse=True)
    return items


@dataclass(frozen=True)
class Source:
    """The game a feed is of, with the host it is read from (entries' ids are tag URIs minted
    under that host, so they are unique across sites and stable across reads)."""

    game: Game
    host: str


class GameFeed(Feed):  # type: ignore[type-arg]  # django-stubs: generic over item and object
    """A public game's public events (Atom)."""

    feed_type = Atom1Feed
    item_guid_is_permalink = False

    def get_object(self, request: HttpRequest, game_id: int) -> Source:
        game = Game.objects.filter(pk=game_id, public=True).first()
        if game is None:
            raise Http404("no such public game")
        return Source(game, request.get_host().split(":")[0] or "umpire")

    def title(self, obj: Source) -> str:
        return f"{obj.game.name}: public events"

    def subtitle(self, obj: Source) -> str:
        info = registry.get(obj.game.game).info
        return f"{info.title}, {obj.game.scenario}: what every spectator may read, newest first."

    def link(self, obj: Source) -> str:
        return reverse("web:watch", args=[obj.game.pk])

    def feed_guid(self, obj: Source) -> str:
        return f"tag:{obj.host},2026:game/{obj.game.pk}"

    def items(self, obj: Source) -> list[tuple[Source, Item]]:
        return [(obj, item) for item in game_items(obj.game)]

    def item_title(self, item: tuple[Source, Item]) -> str:
        return item[1].title

    def item_description(self, item: tuple[Source, Item]) -> str:
        return "<br>".join(escape(line) for line in item[1].lines)

    def item_link(self, item: tuple[Source, Item]) -> str:
        return item[1].link

    def item_guid(self, item: tuple[Source, Item]) -> str:
        source, entry = item
        return f"tag:{source.host},2026:game/{source.game.pk}/{entry.key}"

    def item_pubdate(self, item: tuple[Source, Item]) -> datetime:
        return item[1].at

    def item_updateddate(self, item: tuple[Source, Item]) -> datetime:
        return item[1].at


# --- the calendar of deadlines -------------------------------------------------------------


def deadline_seats(user: Any) -> Sequence[Seat]:
    """The seats whose next deadline belongs in ``user``'s calendar: seats he holds in games
    running with a deadline."""
    return list(
        Seat.objects.filter(
            user=user, active=True, is_bot=False,
            game__status=GameStatus.RUNNING, game__deadline__isnull=False,
        )
        .select_related("game")
        .order_by("game__deadline", "game_id")
    )  # fmt: skip


def calendar_of(seats: Sequence[Seat], request: HttpRequest) -> bytes:
    """An iCalendar file with one event per seat: the moment its orders are due."""
    cal = icalendar.Calendar()
    cal.add("prodid", "-//Umpire//deadlines//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", "Umpire deadlines")
    host = request.get_host().split(":")[0] or "umpire"
    now = timezone.now()
    for seat in seats:
        game = seat.game
        assert game.deadline is not None
        names = dict(registry.get(game.game).info.scenario(game.scenario).names)
        event = icalendar.Event()
        # One event per game and turn: a moved deadline moves the same event.
        event.add("uid", f"game-{game.pk}-turn-{game.turn}@{host}")
        event.add("dtstamp", now)
        event.add("dtstart", game.deadline)
        event.add("summary", f"Orders due: {game.name} ({power_label(seat.power, names)})")
        url = request.build_absolute_uri(reverse("web:game", args=[game.pk]))
        event.add("description", f"{game.label}: orders due for {seat.power}. {url}")
        event.add("url", url)
        cal.add_component(event)
    return bytes(cal.to_ical())


def calendar(request: HttpRequest, secret: str) -> HttpResponse:
    """The calendar at a secret address; an unknown or revoked address is a 404."""
    if not SECRET.fullmatch(secret):
        raise Http404("no such calendar")
    feed = CalendarFeed.objects.select_related("user").filter(digest=digest(secret)).first()
    if feed is None or not feed.user.is_active:
        raise Http404("no such calendar")
    CalendarFeed.objects.filter(pk=feed.pk).update(last_used_at=timezone.now())
    response = HttpResponse(
        calendar_of(deadline_seats(feed.user), request), content_type="text/calendar; charset=utf-8"
    )
    response["Cache-Control"] = "private, no-cache"
    return response


def issue_calendar(user: Any) -> str:
    """A new secret calendar address for ``user``, replacing his earlier one (which stops
    working); only its digest is kept, so it is shown once."""
    secret = secrets.token_urlsafe(32)
    with transaction.atomic():
        CalendarFeed.objects.filter(user=user).delete()
        CalendarFeed.objects.create(user=user, digest=digest(secret))
    return secret


@require_POST
def new_calendar(request: HttpRequest) -> HttpResponse:
    user = signed_in(request)
    if user is None:
        return need_login(request)
    secret = issue_calendar(user)
    request.session["new_calendar"] = request.build_absolute_uri(
        reverse("web:calendar", args=[secret])
    )
    return redirect("web:account")


@require_POST
def revoke_calendar(request: HttpRequest) -> HttpResponse:
    user = signed_in(request)
    if user is None:
        return need_login(request)
    CalendarFeed.objects.filter(user=user).delete()
    return redirect("web:account")
