"""Fixtures for the server tests: the fake game, accounts, API clients, an in-process worker.

The whole directory runs on SQLite by default and on PostgreSQL with
``DATABASE_URL=postgres://postgres@127.0.0.1:5432/test``; when that database cannot be
reached every test here is skipped with the reason.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

from . import fakegame

fakegame.install()


def _postgres_unreachable() -> str | None:
    from django.db import connections

    db = settings.DATABASES["default"]
    if connections["default"].vendor != "postgresql":
        return None
    import psycopg

    try:
        psycopg.connect(
            host=db.get("HOST") or "127.0.0.1",
            port=int(db.get("PORT") or 5432),
            user=db.get("USER") or "postgres",
            dbname=db.get("NAME") or "postgres",
            connect_timeout=3,
        ).close()
    except Exception as err:
        return f"PostgreSQL from DATABASE_URL is unreachable: {err}"
    return None


_UNREACHABLE = _postgres_unreachable()


# Why a test marked ``own_sqlite`` does not run again on PostgreSQL.
SAME_ON_ANY_DATABASE = (
    "own_sqlite: its servers run on SQLite files of their own whatever DATABASE_URL says, and "
    "it touches no test database: this run would repeat the SQLite pass's run of it exactly"
)


def pytest_collection_modifyitems(config: Any, items: list[pytest.Item]) -> None:
    if _UNREACHABLE:
        for item in items:
            if "tests/server" in str(item.fspath):
                item.add_marker(pytest.mark.skip(reason=_UNREACHABLE))
    elif _on_postgres():
        for item in items:
            if item.get_closest_marker("own_sqlite") is not None:
                item.add_marker(pytest.mark.skip(reason=SAME_ON_ANY_DATABASE))


def _on_postgres() -> bool:
    from django.db import connections

    return bool(connections["default"].vendor == "postgresql")


@pytest.fixture(autouse=True, scope="session")
def collected_static() -> None:
    """The static files collected as ``umpire serve`` collects them (hashed names, a manifest,
    compressed copies), into the tests' ``STATIC_ROOT`` (``var/static``): the pages render and
    are served by the production storage itself, so a template naming a file that does not
    exist fails here as it would on a site. Collected only when a file changed since the last
    run (``staticfiles.collect``); every server started by a test (``umpire serve`` in a child
    process) is pointed at the same directory, so it has nothing to collect."""
    import os

    from umpire.server import staticfiles

    staticfiles.collect()
    os.environ["UMPIRE_STATIC_ROOT"] = str(settings.STATIC_ROOT)


@pytest.fixture(autouse=True, scope="session")
def fast_password_hashing() -> Iterator[None]:
    """Passwords set by the tests are hashed with a fast hasher: the default one (PBKDF2, a
    million rounds) is slow on purpose, a quarter of a CPU second per account, and most
    tests make several. What is checked is Umpire's use of passwords, not PBKDF2; the slow
    hashers stay listed after it, so a password a child process (``umpire serve``, a worker)
    hashed with the default one is still checked here."""
    from django.conf import global_settings
    from django.test import override_settings

    fast = ["django.contrib.auth.hashers.MD5PasswordHasher", *global_settings.PASSWORD_HASHERS]
    with override_settings(PASSWORD_HASHERS=fast):
        yield


@pytest.fixture(autouse=True, scope="session")
def static_files_looked_up_when_asked() -> Iterator[None]:
    """WhiteNoise (the static files' middleware) looks each static file up in ``STATIC_ROOT``
    when it is asked for, instead of reading the whole directory when the middleware is made
    (its documented ``WHITENOISE_AUTOREFRESH`` setting). A test client makes its own
    middleware at its first request: reading the 550 files of the collection (a stat and
    headers each) cost 0.1-0.17 s of CPU per client, a quarter of a server test's time;
    a server test makes several clients (one per account). The files are the same (collected
    once before the tests, by ``collected_static``), and so are the answers; a server in a
    child process (``umpire serve``) reads the directory as on a site (issue 33)."""
    from django.test import override_settings

    with override_settings(WHITENOISE_AUTOREFRESH=True):
        yield


@pytest.fixture(autouse=True)
def private_cache() -> Iterator[None]:
    """Each test its own empty caches (the login throttle's counters live in the default one;
    the pages' lists of orders and maps in "pages")."""
    from django.core.cache import caches
    from django.test import override_settings

    locmem = {
        name: {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": name}
        for name in ("default", "pages")
    }
    with override_settings(CACHES=locmem):
        caches["default"].clear()
        caches["pages"].clear()
        yield


def is_postgres() -> bool:
    from django.db import connections

    return bool(connections["default"].vendor == "postgresql")


class Api:
    """A token-authenticated JSON client for one account (None: anonymous)."""

    def __init__(self, token: str | None) -> None:
        self.client = Client()
        self.token = token

    def _headers(self) -> dict[str, str]:
        return {"HTTP_AUTHORIZATION": f"Bearer {self.token}"} if self.token else {}

    def get(self, path: str, **params: Any) -> Any:
        response = self.client.get(f"/api{path}", params, **self._headers())
        return response.status_code, response.json()

    def post(self, path: str, body: dict[str, Any] | None = None) -> Any:
        response = self.client.post(
            f"/api{path}",
            json.dumps(body or {}),
            content_type="application/json",
            **self._headers(),
        )
        return response.status_code, response.json()


def make_user(name: str, *, gm: bool = False) -> tuple[User, Api]:
    from umpire.server import accounts

    # "bob-password" (the tests log in with it); a long name's "-password" would be refused
    # as too like the name (Django's similarity validator), so it gets a longer one.
    password = f"{name}-password" + ("-Ocelot-Quartz" if len(name) > 8 else "")
    user = accounts.register(name, password, display_name=name.title(), game_master=gm)
    return user, Api(accounts.issue_token(user))


def run_worker(monkeypatch: pytest.MonkeyPatch | None = None, queue: str = "default") -> int:
    """Run every ready task of ``queue`` in this process (the django-tasks database worker,
    batch mode); the count run."""
    from django_tasks_db.management.commands import db_worker
    from django_tasks_db.models import DBTaskResult

    saved = db_worker.close_old_connections
    db_worker.close_old_connections = lambda: None  # would close the test's transaction
    before = DBTaskResult.objects.exclude(status="READY").count()
    try:
        db_worker.Worker(
            queue_names=[queue],
            interval=0,
            batch=True,
            backend_name="default",
            startup_delay=False,
            max_tasks=None,
            worker_id="test-worker",
            excluded_queue_names=[],
        ).run()
    finally:
        db_worker.close_old_connections = saved
    failed = DBTaskResult.objects.filter(status="FAILED")
    assert not failed.exists(), [r.traceback for r in failed]
    return DBTaskResult.objects.exclude(status="READY").count() - before


def deliver_mail() -> int:
    """Run the mail queue (compose, then send) until it is empty; the count of tasks run."""
    total = 0
    while (ran := run_worker(queue="mail")) > 0:
        total += ran
    return total


class DeliveredOutbox(list[Any]):
    """Django's test ``mail.outbox`` that runs the mail queue whenever it is read: the mail
    the service queued is composed and sent by the real worker code before a test looks."""

    busy = False

    def _sync(self) -> None:
        if not DeliveredOutbox.busy:
            DeliveredOutbox.busy = True
            try:
                deliver_mail()
            finally:
                DeliveredOutbox.busy = False

    def __len__(self) -> int:
        self._sync()
        return list.__len__(self)

    def __iter__(self) -> Any:
        self._sync()
        return list.__iter__(self)

    def __getitem__(self, index: Any) -> Any:
        self._sync()
        return list.__getitem__(self, index)

    def __eq__(self, other: object) -> bool:
        self._sync()
        return list.__eq__(self, other)

    __hash__ = None  # type: ignore[assignment]

    def clear(self) -> None:
        self._sync()  # what was queued before the clear is sent, then forgotten
        list.clear(self)


@pytest.fixture
def mailoutbox(mailoutbox: list[Any]) -> Iterator[DeliveredOutbox]:
    from django.core import mail

    outbox = DeliveredOutbox(mailoutbox)
    mail.outbox = outbox  # type: ignore[attr-defined]
    yield outbox
    mail.outbox = []  # type: ignore[attr-defined]


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix: None,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Each test process (pytest-xdist) its own test database: on PostgreSQL pytest-django's
    ``_gw0``-style suffix; on SQLite a fresh file per process and run (no stale WAL is left).
    The worker subprocesses a test starts are given that database's name (the connection's
    ``NAME`` once the test database is made)."""
    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        db.setdefault("TEST", {})["NAME"] = str(tmp_path_factory.mktemp("db") / "test.sqlite3")


@pytest.fixture
def gm() -> tuple[User, Api]:
    return make_user("gamemaster", gm=True)


@pytest.fixture
def players() -> dict[str, tuple[User, Api]]:
    return {name: make_user(name) for name in ("ann", "bob", "cat")}


@pytest.fixture
def running_game(
    db: Any, gm: tuple[User, Api], players: dict[str, tuple[User, Api]]
) -> Iterator[dict[str, Any]]:
    """A started fakebid game: ann plays North, bob South; cat is not seated."""
    _, gm_api = gm
    status, body = gm_api.post(
        "/games",
        {"name": "Test", "game": "fakebid", "settings": {"deadline": {"minutes": 60},
                                                      "rules": {"rounds": 3}}},
    )  # fmt: skip
    assert status == 201, body
    game_id = body["game"]["id"]
    for name, pref in (("ann", "North"), ("bob", "South")):
        status, body = players[name][1].post(f"/games/{game_id}/join", {"preferences": [pref]})
        assert status == 200, body
    status, body = gm_api.post(f"/games/{game_id}/start", {})
    assert status == 200, body
    yield {"id": game_id, "gm": gm_api, **{n: p[1] for n, p in players.items()}}
