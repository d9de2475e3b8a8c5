"""Live pages: an open game page, spectator page or My games page learns within seconds that
a turn was processed, press came in or the deadline moved, without holding a server worker
per open page.

The page polls a tiny address every few seconds (``live.js``; ``UMPIRE_LIVE_POLL_SECONDS``)
with the version it last saw in ``If-None-Match``; the answer is ``304 Not Modified`` (no
body) until something it shows has changed, then the new version as JSON. The version is made from columns already stored,
in at most two queries: the game row (its turn, status, deadline, pause) and, for a reader of
press, the count of the press he may read (never the press he may not: another power's
private message changes nothing in his version).

The page carries a signed key naming whom it was made for (game, role, power; for My games,
the account), so that a poll needs no session or account lookup; where the reader no longer
is who the page was made for (his seat went to another), the poll is answered 409 and the
page reloads, made for who he is now; a missing or forged key, 404.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core import signing
from django.db import DEFAULT_DB_ALIAS, connections
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.views.decorators.http import require_GET

from umpire.server.models import Enrollment, Game, GameStatus, Message, Seat
from umpire.server.outputs import PLAYER, UMPIRE, Viewer

SIGNER = signing.Signer(salt="umpire.web.live")
# The games a My games page lists (views.MY_GAMES_PAGE): the newest ones.
MY_GAMES_PAGE = 100


def game_key(game_id: int, viewer: Viewer) -> str:
    """The signed key of a game page made for ``viewer`` (the same for every page made for
    him: a page shows nothing that changes from one reading to the next unless the game
    does)."""
    said = {"g": game_id, "r": viewer.role, "p": viewer.power or "", "u": viewer.user_id}
    return SIGNER.sign_object(said)


def games_key(user_id: int) -> str:
    """The signed key of the My games page of account ``user_id``."""
    return SIGNER.sign_object({"u": user_id})


def every_ms() -> int:
    """How often a live page polls, in milliseconds: ``UMPIRE_LIVE_POLL_SECONDS`` (4 by
    default), kept between half a second (more often, a site would answer polls more than
    pages) and a minute (less often, a page would look stale)."""
    seconds = float(settings.UMPIRE_LIVE_POLL_SECONDS)
    return round(min(max(seconds, 0.5), 60.0) * 1000)


def game_src(game_id: int, viewer: Viewer) -> str:
    """The address a game page made for ``viewer`` polls."""
    return f"{reverse('web:version', args=[game_id])}?k={game_key(game_id, viewer)}"


def games_src(user_id: int) -> str:
    """The address the My games page of account ``user_id`` polls."""
    return f"{reverse('web:my_versions')}?k={games_key(user_id)}"


def _key(request: HttpRequest) -> dict[str, Any] | HttpResponse:
    """The page's key, or 404 for a poll without a good one (missing or forged: an address
    that names nothing)."""
    try:
        found = SIGNER.unsign_object(request.GET.get("k", ""))
    except signing.BadSignature:
        found = None
    if not isinstance(found, dict):
        return HttpResponse("no such page\n", status=404, content_type="text/plain")
    return found


def _reload() -> HttpResponse:
    """The reader is no longer who the page was made for (his seat went to another, the game
    to another GM): the page reloads, and is made for who he is now."""
    return HttpResponse("reload the page\n", status=409, content_type="text/plain")


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
    if isinstance(key, HttpResponse):
        return key
    if key.get("g") != game_id:
        return HttpResponse("no such page\n", status=404, content_type="text/plain")
    role, power = str(key.get("r", "")), str(key.get("p", ""))
    row = _game_row(game_id, role, power, key.get("u"))
    if row is None:
        return HttpResponse("no such game\n", status=404, content_type="text/plain")
    turn, status, deadline, paused, label, press, holds = row
    if not holds:
        return _reload()
    press = press if role in (UMPIRE, PLAYER) and status != GameStatus.FORMING else 0
    # the stored values as the database gives them: only their changes matter
    version = _digest([str(turn), status, str(deadline), str(paused), str(press)])
    facts = {"turn": turn, "status": status, "label": label, "press": press}
    return _answer(request, version, facts)


def _game_row(game_id: int, role: str, power: str, user_id: Any) -> tuple[Any, ...] | None:
    """The game's turn, status, deadline, pause and label, the count of the press the reader
    may read, and whether he still is who the page was made for (holds the seat; runs the
    game): one statement, its SQL written once (the ORM would build it anew for every poll,
    most of a poll's time)."""
    db = connections[DEFAULT_DB_ALIAS]
    params: list[Any] = []
    if role == PLAYER:
        params += [power, _recipient(db.vendor, power), user_id, power]
    elif role == UMPIRE:
        params += [user_id, user_id]
    params.append(game_id)
    with db.cursor() as cursor:
        cursor.execute(_version_sql(db.vendor, role), params)
        row = cursor.fetchone()
    return tuple(row) if row is not None else None


def _recipient(vendor: str, power: str) -> str:
    """The parameter that finds ``power`` among a message's recipients (a JSON list)."""
    quoted = json.dumps(power)
    return f"[{quoted}]" if vendor == "postgresql" else f"%{quoted}%"


@cache
def _version_sql(vendor: str, role: str) -> str:
    q = connections[DEFAULT_DB_ALIAS].ops.quote_name
    game, message, seat = (q(m._meta.db_table) for m in (Game, Message, Seat))
    users = q(User._meta.db_table)

    def col(model: Any, name: str) -> str:
        return q(model._meta.get_field(name).column)

    true = "TRUE" if vendor == "postgresql" else "1"
    gid = f"g.{col(Game, 'id')}"
    if role == PLAYER:
        within = "@> %s::jsonb" if vendor == "postgresql" else "LIKE %s"
        visible = (
            f"(m.{col(Message, 'to_all')} OR m.{col(Message, 'sender_power')} = %s "
            f"OR m.{col(Message, 'recipients')} {within})"
        )
        holds = (
            f"EXISTS (SELECT 1 FROM {seat} s WHERE s.{col(Seat, 'game')} = {gid} "
            f"AND s.{col(Seat, 'user')} = %s AND s.{col(Seat, 'power')} = %s "
            f"AND s.{col(Seat, 'active')})"
        )
    elif role == UMPIRE:
        visible = true
        holds = (
            f"(g.{col(Game, 'gm')} = %s OR EXISTS (SELECT 1 FROM {users} u "
            f"WHERE u.{col(User, 'id')} = %s AND u.{col(User, 'is_superuser')}))"
        )
    else:  # a spectator reads no press, and stays one
        visible = "1 = 0"
        holds = true
    count = (
        f"(SELECT COUNT(*) FROM {message} m WHERE m.{col(Message, 'game')} = {gid} AND {visible})"
    )
    names = ("turn", "status", "deadline", "paused_remaining", "label")
    columns = ", ".join(f"g.{col(Game, n)}" for n in names)
    return f"SELECT {columns}, {count}, {holds} FROM {game} g WHERE {gid} = %s"


@require_GET
def my_versions(request: HttpRequest) -> HttpResponse:
    """The version of a My games page: every listed game's turn, status and deadline, and
    the count of the press its reader may read in each."""
    key = _key(request)
    if isinstance(key, HttpResponse):
        return key
    if not isinstance(key.get("u"), int):
        return HttpResponse("no such page\n", status=404, content_type="text/plain")
    user_id = int(key["u"])
    db = connections[DEFAULT_DB_ALIAS]
    with db.cursor() as cursor:
        cursor.execute(_my_games_sql(db.vendor), [user_id] * 5)
        rows = cursor.fetchall()
    parts = [
        f"{g}:{t}.{s}.{d}.{p}.{n if s != GameStatus.FORMING else 0}" for g, t, s, d, p, n in rows
    ]
    return _answer(request, _digest(parts), {"games": len(rows)})


@cache
def _my_games_sql(vendor: str) -> str:
    """The newest :data:`MY_GAMES_PAGE` games an account runs, holds a seat in or joined:
    each one's turn, status, deadline and pause, and the count of the press the account may
    read there (as the player of his seat; as the umpire of a game he runs unseated). One
    statement, its SQL written once; five parameters, each the account's id."""
    q = connections[DEFAULT_DB_ALIAS].ops.quote_name
    game, seat = q(Game._meta.db_table), q(Seat._meta.db_table)
    message, enrollment = q(Message._meta.db_table), q(Enrollment._meta.db_table)

    def col(model: Any, name: str) -> str:
        return q(model._meta.get_field(name).column)

    gid, power = f"g.{col(Game, 'id')}", f"s.{col(Seat, 'power')}"
    if vendor == "postgresql":
        among = f"m.{col(Message, 'recipients')} @> jsonb_build_array({power})"
    else:
        among = f"m.{col(Message, 'recipients')} LIKE '%%\"' || {power} || '\"%%'"
    visible = (
        f"(({power} IS NOT NULL AND (m.{col(Message, 'to_all')} "
        f"OR m.{col(Message, 'sender_power')} = {power} OR {among})) "
        f"OR ({power} IS NULL AND g.{col(Game, 'gm')} = %s))"
    )
    count = (
        f"(SELECT COUNT(*) FROM {message} m WHERE m.{col(Message, 'game')} = {gid} AND {visible})"
    )
    mine = (
        f"SELECT {col(Seat, 'game')} FROM {seat} WHERE {col(Seat, 'user')} = %s "
        f"AND {col(Seat, 'active')} "
        f"UNION SELECT {col(Game, 'id')} FROM {game} WHERE {col(Game, 'gm')} = %s "
        f"UNION SELECT {col(Enrollment, 'game')} FROM {enrollment} "
        f"WHERE {col(Enrollment, 'user')} = %s"
    )
    names = ("turn", "status", "deadline", "paused_remaining")
    columns = ", ".join(f"g.{col(Game, n)}" for n in names)
    return (
        f"SELECT {gid}, {columns}, {count} FROM {game} g "
        f"LEFT JOIN {seat} s ON s.{col(Seat, 'game')} = {gid} AND s.{col(Seat, 'user')} = %s "
        f"AND s.{col(Seat, 'active')} "
        f"WHERE {gid} IN ({mine}) ORDER BY {gid} DESC LIMIT {MY_GAMES_PAGE}"
    )


def _digest(parts: list[str]) -> str:
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:24]
