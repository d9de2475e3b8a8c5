"""The request path of the API (issue 18): its own middleware stack, PostgreSQL's cheap health
check and prepared statements. What must not change: the security headers, the error format,
the account calls that go through allauth, a dropped database connection found and replaced."""

from __future__ import annotations

import io
import sys
from typing import Any

import pytest
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, connection, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext

from umpire.server import accounts, handlers
from umpire.server.models import Game

from .conftest import Api, is_postgres, make_user

pytestmark = pytest.mark.django_db

postgres_only = pytest.mark.skipif(
    not is_postgres(), reason="PostgreSQL only: DATABASE_URL names no PostgreSQL database"
)


def _wsgi(
    path: str, token: str | None = None, cookie: str | None = None
) -> tuple[str, dict[str, str], bytes]:
    """A GET through the server's own WSGI application (not the test client)."""
    from umpire.server.wsgi import application

    environ: dict[str, Any] = {
        "REQUEST_METHOD": "GET", "PATH_INFO": path, "SCRIPT_NAME": "", "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "HTTP_HOST": "127.0.0.1:8000",
        "wsgi.input": io.BytesIO(b""), "wsgi.url_scheme": "http", "wsgi.errors": sys.stderr,
        "SERVER_PROTOCOL": "HTTP/1.1",
    }  # fmt: skip
    if token:
        environ["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    if cookie:
        environ["HTTP_COOKIE"] = cookie
    answer: dict[str, Any] = {}

    def start_response(status: str, headers: list[tuple[str, str]], exc: Any = None) -> None:
        answer["status"], answer["headers"] = status, dict(headers)

    # As Django's test client does: the test's connection (inside its transaction) stays open.
    signals = (request_started, request_finished)
    for signal in signals:
        signal.disconnect(close_old_connections)
    try:
        body = application(environ, start_response)
        try:
            content = b"".join(body)
        finally:
            getattr(body, "close", lambda: None)()
    finally:
        for signal in signals:
            signal.connect(close_old_connections)
    return answer["status"], answer["headers"], content


def test_only_api_calls_outside_the_account_flows_take_the_api_stack() -> None:
    assert handlers.takes_api_stack("/api/games/3/printout")
    assert handlers.takes_api_stack("/api/public/games")
    assert handlers.takes_api_stack("/api/nowhere")
    for path in ("/api/auth/token", "/api/auth/register", "/api/docs", "/api/openapi.json",
                 "/games/3/", "/accounts/login/", "/apiary", "/"):  # fmt: skip
        assert not handlers.takes_api_stack(path), path


def test_an_api_answer_keeps_its_security_headers_and_sets_no_cookie() -> None:
    _user, api = make_user("ann")
    status, headers, body = _wsgi("/api/me", api.token)
    assert status.startswith("200"), body
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"
    assert int(headers["Content-Length"]) == len(body)
    assert "Set-Cookie" not in headers and "Cookie" not in headers.get("Vary", "")
    # A page still goes through the pages' stack: its form sets the CSRF cookie.
    status, headers, _ = _wsgi("/accounts/login/")
    assert status.startswith("200") and "csrftoken=" in headers.get("Set-Cookie", "")


def test_a_session_cookie_does_not_authenticate_an_api_call() -> None:
    user, _ = make_user("bob")
    browser = Client()
    browser.force_login(user)
    session = browser.cookies["sessionid"].value
    assert browser.get("/account/").status_code == 200  # the cookie works for the pages
    status, _, body = _wsgi("/api/me", cookie=f"sessionid={session}")
    assert status.startswith("401"), body
    assert b'"code"' in body


def test_errors_of_the_api_stack_keep_the_api_format() -> None:
    status, headers, body = _wsgi("/api/games/1/nothing-here")
    assert status.startswith("404")
    assert headers["Content-Type"].startswith("application/json")
    assert b'"request/not_found"' in body


def test_the_account_calls_still_go_through_allauth() -> None:
    """Getting a token checks the password through allauth (its throttle counts failures)."""
    accounts.register("cat", "cat-password", email="cat@example.org", verified=True)
    anonymous = Api(None)
    status, body = anonymous.post("/auth/token", {"username": "cat", "password": "wrong-one"})
    assert status == 401, body
    status, body = anonymous.post("/auth/token", {"username": "cat", "password": "cat-password"})
    assert status == 200 and body["token"], body


@postgres_only
def test_a_healthy_idle_connection_is_used_without_a_round_trip(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from django.db.backends.postgresql import base as django_base

    other = connections.create_connection("default")
    try:
        other.ensure_connection()

        def round_trip(self: Any) -> bool:
            raise AssertionError("SELECT 1 was sent to a healthy idle connection")

        monkeypatch.setattr(django_base.DatabaseWrapper, "is_usable", round_trip)
        assert other.is_usable()
    finally:
        other.close()


@postgres_only
def test_a_connection_the_server_ended_is_found_before_use() -> None:
    other = connections.create_connection("default")
    try:
        other.ensure_connection()
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            pid = cursor.fetchone()[0]
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
        # The server's closing message arrives; the check sees it (waiting for it briefly).
        for _ in range(50):
            if not other.is_usable():
                break
            import time

            time.sleep(0.02)
        assert not other.is_usable()
        other.close()
        with other.cursor() as cursor:  # a new connection
            cursor.execute("SELECT 1")
            assert cursor.fetchone()[0] == 1
    finally:
        other.close()


@postgres_only
def test_the_compiled_statements_are_prepared_once_per_connection() -> None:
    _user, api = make_user("dan")
    assert api.get("/me")[0] == 200
    assert api.get("/me")[0] == 200
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    token_statements = [s for s in prepared if "umpire_apitoken" in s]
    assert len(token_statements) == 1, prepared
    assert Game.objects.count() == 0  # (nothing else was written)


def test_the_compiled_insert_refuses_a_model_others_listen_to() -> None:
    """A compiled insert sends no signal, so a model with a save receiver goes through the
    ORM. No model of the server has one any more (issue 28: mail is notified explicitly),
    so the receiver here is the test's own."""
    from django.db.models.signals import post_save

    from umpire.server import statements
    from umpire.server.models import Turn

    _gm, api = make_user("eve", gm=True)
    status, body = api.post("/games", {"name": "R", "game": "fakebid"})
    assert status == 201, body
    game = Game.objects.get(pk=body["game"]["id"])
    heard: list[Any] = []

    def listener(sender: Any, **kwargs: Any) -> None:
        heard.append(kwargs["instance"])

    post_save.connect(listener, sender=Turn, dispatch_uid="test.stacks.turn")
    try:
        with pytest.raises(TypeError, match="receivers"):
            statements.insert([Turn(game=game, number=1, label="x", state={})])
    finally:
        post_save.disconnect(sender=Turn, dispatch_uid="test.stacks.turn")
    assert not Turn.objects.exists() and heard == []


def _fields(instance: Any) -> dict[str, Any]:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def test_the_compiled_reads_give_the_rows_the_orm_gives(running_game: dict[str, Any]) -> None:
    """The game row and seats a submission reads (without ``Model.__init__``) are the ORM's:
    every field's value, a loaded row's state, and a seat saved back as the ORM saves it."""
    from umpire.server import statements
    from umpire.server.models import Seat

    game_id = running_game["id"]
    game = statements.locked_game(game_id)
    assert game is not None and _fields(game) == _fields(Game.objects.get(pk=game_id))
    assert game.started_at is not None and game.started_at.utcoffset() is not None
    assert (game._state.adding, game._state.db) == (False, "default")
    seats = statements.active_seats(game_id)
    expected = list(Seat.objects.filter(game_id=game_id, active=True).order_by("id"))
    assert [_fields(s) for s in seats] == [_fields(s) for s in expected] and len(seats) == 2
    seat = seats[0]
    assert seat == expected[0] and seat.user == expected[0].user  # related rows as the ORM's
    seat.ready_turn = 7
    seat.save(update_fields=["ready_turn"])
    assert Seat.objects.get(pk=seat.pk).ready_turn == 7


@postgres_only
def test_timestamps_are_read_in_c_with_djangos_values() -> None:
    """Django's own ``timestamptz`` loader is pure Python; the backend's parses with psycopg's
    registered (C) loader and gives the same aware datetimes, in the same time zone object."""
    import datetime

    from umpire.server.pgsql.base import CTimestamptzLoader

    moment = datetime.datetime(2026, 11, 23, 3, 14, 15, 926535, tzinfo=datetime.UTC)
    with connection.cursor() as cursor:
        cursor.execute("SELECT %s::timestamptz, '2020-02-29 23:59:59.5+02'::timestamptz", [moment])
        got, leap = cursor.fetchone()
    assert got == moment and got.tzinfo is datetime.UTC
    assert leap == datetime.datetime(2020, 2, 29, 21, 59, 59, 500000, tzinfo=datetime.UTC)
    loader = connection.connection.adapters.get_loader(1184, 0)  # timestamptz, text format
    assert loader is not None and issubclass(loader, CTimestamptzLoader)


def test_the_compiled_inserts_store_what_the_orm_stores(running_game: dict[str, Any]) -> None:
    """Values prepared directly (plain values, JSON, aware datetimes) or through the field
    (anything else) are stored as the ORM stores them; a field not given takes its default."""
    import datetime

    from django.contrib.auth.models import User

    from umpire.server import statements
    from umpire.server.models import Submission, TurnOutput

    game = Game.objects.get(pk=running_game["id"])
    ann = User.objects.get(username="ann")
    moment = datetime.datetime(2026, 11, 23, 4, 10, 5, 123456, tzinfo=datetime.UTC)
    values = dict(
        turn=game.turn, power="North", source="api", raw="BID 3\nnonsense", orders=["BID 3"],
        problems=[{"line": 2, "code": "x/y", "message": "m", "text": "nonsense"}],
        received_at=moment,
    )  # fmt: skip
    statements.insert_submission(game_id=game.pk, user_id=ann.pk, **values)
    made = Submission.objects.create(game=game, user=ann, **values)
    stored = Submission.objects.exclude(pk=made.pk).get(game=game, raw=values["raw"])
    assert _fields(stored) | {"id": 0} == _fields(made) | {"id": 0}
    assert stored.void is False and stored.received_at == moment
    with pytest.raises(TypeError, match="no such fields"):
        statements.insert_submission(game_id=game.pk, colour="red", **values)
    view: dict[str, Any] = {"units": [["North", "A", 1]], "note": None, "ratio": 0.5}
    rows = [
        TurnOutput(game=game, turn=90, power="North", view=view, printout="p1"),
        TurnOutput(game=game, turn=90, power="", view=[], printout=""),
    ]
    statements.insert(rows)
    got = {o.power: (o.view, o.printout) for o in TurnOutput.objects.filter(game=game, turn=90)}
    assert got == {"North": (view, "p1"), "": ([], "")}
    # Rows by their values, no instance made: the same rows, in one statement.
    with CaptureQueriesContext(connection) as q:
        statements.insert_values(TurnOutput, [
            {"game_id": game.pk, "turn": 91, "power": "North", "view": view, "printout": "p1"},
            {"game_id": game.pk, "turn": 91, "power": "", "view": [], "printout": ""},
        ])  # fmt: skip
    assert len(q) == 1
    got = {o.power: (o.view, o.printout) for o in TurnOutput.objects.filter(game=game, turn=91)}
    assert got == {"North": (view, "p1"), "": ([], "")}
    with pytest.raises(TypeError, match="no such fields"):
        statements.insert_values(TurnOutput, [{"game_id": game.pk, "colour": "red"}])


def test_a_model_that_loads_its_own_way_or_is_listened_to_is_made_by_from_db(
    running_game: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rows become instances without ``__init__`` only where that is the same: a model with
    its own ``from_db``, or with receivers of its construction signals, gets Django's way."""
    from django.db.models.signals import post_init

    from umpire.server import statements
    from umpire.server.models import Seat

    made: list[Any] = []

    def heard(sender: Any, instance: Any, **kwargs: Any) -> None:
        made.append(instance)

    post_init.connect(heard, sender=Seat)
    try:
        seats = statements.active_seats(running_game["id"])
    finally:
        post_init.disconnect(heard, sender=Seat)
    assert len(seats) == 2 and made == seats

    loaded: list[Any] = []
    original = Game.from_db.__func__  # type: ignore[attr-defined]

    def own(cls: Any, db: str, names: Any, values: Any) -> Any:
        loaded.append(names)
        return original(cls, db, names, values)

    monkeypatch.setattr(Game, "from_db", classmethod(own))
    assert statements.locked_game(running_game["id"]) is not None and len(loaded) == 1
    assert not made or made == seats  # (nothing else heard)
