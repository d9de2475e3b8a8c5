"""Live pages: an open game page, spectator page or My games page learns within seconds that
a turn was processed, press came in or the deadline moved, without holding a server worker
per open page.

The page polls a tiny address every few seconds (``live.js``) with the version it last saw
in ``If-None-Match``; the answer is ``304 Not Modified`` (no body) until something it shows
has changed, then the new version as JSON. The version is made from columns already stored,
in at most two queries: the game row (its turn, status, deadline, pause) and, for a reader of
press, the count of the press he may read (never the press he may not: another power's
private message changes nothing in his version).

The page carries a signed key naming whom it was made for (game, role, power; for My games,
the account), so that a poll needs no session or account lookup; a key older than
:data:`KEY_SECONDS` (a seat changes hands; a long-open page) is answered 409, and the page
then reloads to get a fresh one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.core import signing
from django.db.models import Count, OuterRef, Q, Subquery
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.views.decorators.http import require_GET

from umpire.server.models import Game, GameStatus, Message, Seat
from umpire.server.outputs import PLAYER, UMPIRE, Viewer, mine

SALT = "umpire.web.live"
KEY_SECONDS = 3600
# The games a My games page lists (views.MY_GAMES_PAGE): the newest ones.
MY_GAMES_PAGE = 100


def game_key(game_id: int, viewer: Viewer) -> str:
    """The signed key of a game page made for ``viewer``."""
    return signing.dumps({"g": game_id, "r": viewer.role, "p": viewer.power or ""}, salt=SALT)


def games_key(user_id: int) -> str:
    """The signed key of the My games page of account ``user_id``."""
    return signing.dumps({"u": user_id}, salt=SALT)


def game_src(game_id: int, viewer: Viewer) -> str:
    """The address a game page made for ``viewer`` polls."""
    return f"{reverse('web:version', args=[game_id])}?k={game_key(game_id, viewer)}"


def games_src(user_id: int) -> str:
    """The address the My games page of account ``user_id`` polls."""
    return f"{reverse('web:my_versions')}?k={games_key(user_id)}"


def _key(request: HttpRequest) -> dict[str, Any] | None:
    try:
        found = signing.loads(request.GET.get("k", ""), salt=SALT, max_age=KEY_SECONDS)
    except signing.BadSignature:
        return None
    return found if isinstance(found, dict) else None


def _stamp(value: datetime | timedelta | None) -> str:
    if value is None:
        return ""
    if isinstance(value, timedelta):
        return str(int(value.total_seconds()))
    return str(int(value.timestamp()))


def _visible_press(role: str, power: str) -> Q:
    """The press a reader of ``role`` holding ``power`` may read (outputs.can_read, in SQL)."""
    if role == UMPIRE:
        return Q()
    # recipients is a JSON list of power codes: the quoted code matches one element exactly
    return Q(to_all=True) | Q(sender_power=power) | Q(recipients__icontains=f'"{power}"')


def _answer(request: HttpRequest, version: str, facts: dict[str, Any]) -> HttpResponse:
    etag = f'"{version}"'
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponse(status=304)
    else:
        response = JsonResponse({"version": version, **facts})
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache, private"
    return response


@require_GET
def version(request: HttpRequest, game_id: int) -> HttpResponse:
    """The version of one game's page: turn, status, deadline and the reader's press."""
    key = _key(request)
    if key is None or key.get("g") != game_id:
        return HttpResponse("reload the page\n", status=409, content_type="text/plain")
    row = (
        Game.objects.filter(pk=game_id)
        .values_list("turn", "status", "deadline", "paused_remaining", "label")
        .first()
    )
    if row is None:
        return HttpResponse("no such game\n", status=404, content_type="text/plain")
    turn, status, deadline, paused, label = row
    role, power = str(key.get("r", "")), str(key.get("p", ""))
    press = 0
    if role in (UMPIRE, PLAYER) and status != GameStatus.FORMING:
        found = Message.objects.filter(game_id=game_id).filter(_visible_press(role, power))
        press = found.count()
    version = f"{turn}.{status}.{_stamp(deadline)}.{_stamp(paused)}.{press}"
    facts = {"turn": turn, "status": status, "label": label, "press": press}
    return _answer(request, version, facts)


@require_GET
def my_versions(request: HttpRequest) -> HttpResponse:
    """The version of a My games page: every listed game's turn, status and deadline, and
    the count of the press its reader may read in each."""
    key = _key(request)
    if key is None or not isinstance(key.get("u"), int):
        return HttpResponse("reload the page\n", status=409, content_type="text/plain")
    user_id = int(key["u"])
    held = Seat.objects.filter(game=OuterRef("pk"), user_id=user_id, active=True)
    rows = list(
        Game.objects.filter(id__in=mine(User(pk=user_id)))
        .annotate(power=Subquery(held.values("power")[:1]))
        .order_by("-id")
        .values_list("id", "turn", "status", "deadline", "paused_remaining", "gm_id", "power")[
            :MY_GAMES_PAGE
        ]
    )
    parts = [f"{g}:{t}.{s}.{_stamp(d)}.{_stamp(p)}" for g, t, s, d, p, _, _ in rows]
    press = _press_counts(
        (g, PLAYER if power else UMPIRE, power or "")
        for g, _, s, _, _, gm, power in rows
        if s != GameStatus.FORMING and (power or gm == user_id)
    )
    parts += [f"m{g}:{n}" for g, n in sorted(press.items())]
    return _answer(request, _digest(parts), {"games": len(rows)})


def _press_counts(readers: Iterable[tuple[int, str, str]]) -> dict[int, int]:
    """For each (game, role, power): how much press that reader may read there (one query)."""
    where = Q(pk__in=[])
    for game_id, role, power in readers:
        where |= Q(game_id=game_id) & _visible_press(role, power)
    rows = Message.objects.filter(where).values("game_id").annotate(n=Count("id"))
    return {r["game_id"]: r["n"] for r in rows}


def _digest(parts: list[str]) -> str:
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:24]
