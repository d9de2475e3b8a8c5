"""Games for the service benchmarks: N copies of one bot-filled game at a given turn.

One template game is played to the wanted turn through the service (one human seat whose
orders are left to the rules, bots elsewhere), then copied N-1 times row for row (game,
seats, turns, submissions, stored outputs): N games with the same history, quickly.

The database comes from ``DATABASE_URL`` (``postgres://...`` or ``sqlite:///path``); call
:func:`setup` first. Nothing here is timed.
"""

from __future__ import annotations

import copy
import os
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if not os.environ.get("PYTHONPATH"):  # else older code's src, given first (its models too)
    sys.path.insert(0, str(ROOT / "src"))

# Battle Plan Europe seats a handful of its many powers (the default setup), as a house would.
SCENARIOS = {"diplomacy": ("standard", "FRA"), "battleplan": ("europe", None)}


def ensure_postgres_database(url: str) -> None:
    """Create the database of a ``postgres://`` URL if it does not exist."""
    from urllib.parse import urlparse

    import psycopg

    parts = urlparse(url)
    name = parts.path.lstrip("/")
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not found:
            conn.execute(f'CREATE DATABASE "{name}"')


def drop_postgres_database(url: str) -> None:
    from urllib.parse import urlparse

    import psycopg

    parts = urlparse(url)
    name = parts.path.lstrip("/")
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def setup(url: str) -> None:
    """Django on ``url``, its tables created."""
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.server.settings")
    os.environ.setdefault("UMPIRE_SECRET_KEY", "bench-only-secret-key-not-for-production-use")
    if url.startswith("postgres"):
        ensure_postgres_database(url)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)


def user(name: str, *, gm: bool = False) -> Any:
    from django.contrib.auth.models import User

    from umpire.server import accounts

    found = User.objects.filter(username=name).first()
    return found or accounts.register(name, f"{name}-password-1", game_master=gm)


def template(game: str, turn: int, human: Any, gm: Any, *, expected: bool = False) -> Any:
    """A game of ``game`` at turn ``turn`` (turn - 1 processed), ``human`` holding a seat;
    with ``expected``, at the first turn from ``turn`` on that waits for the human's orders
    (a turn that waits for bots only is processed at once)."""
    from umpire.core import registry
    from umpire.server.usecases import lifecycle, turns

    scenario, power = SCENARIOS[game]
    info = registry.game(game).info.scenario(scenario)
    seat = power or (info.default_powers or info.powers)[0]
    settings = {"fill_with_bots": True, "deadline": {"minutes": 60}, "email": False}
    row = lifecycle.create_game(gm, f"{game} template", game, scenario=scenario, settings=settings)
    lifecycle.join(row.pk, human, [seat])
    row = lifecycle.start(row.pk, gm)
    while row.status == "running":
        if row.turn >= turn and (not expected or seat in waits_for(row)):
            break
        assert turns.process_due(row.pk, row.turn, force=True)
        row.refresh_from_db()
    return row


def waits_for(row: Any) -> list[str]:
    """The powers the game's current turn waits for (read from the record on code older than
    the game row's status columns)."""
    if hasattr(row, "expected"):
        return list(row.expected)
    from umpire.core import session
    from umpire.server.store import load_record

    return list(session.pending(load_record(row)).powers)


def copies(source: Any, count: int) -> list[int]:
    """``count`` copies of game ``source`` with all its rows; their ids."""
    from django.apps import apps
    from django.db import transaction

    from umpire.server.models import Game, Seat, Submission, Turn

    # (The stored outputs exist from issue 18 on: the benchmark also runs on older code.)
    names = {m.__name__ for m in apps.get_app_config("umpire").get_models()}
    kinds: list[Any] = [Seat, Turn, Submission]
    if "TurnOutput" in names:
        kinds.append(apps.get_model("umpire", "TurnOutput"))
    with transaction.atomic():  # one snapshot of the game and its rows
        header = Game.objects.get(pk=source.pk)
        rows_of = {model: list(model.objects.filter(game=source)) for model in kinds}
    made: list[int] = []
    batch = 50
    for start in range(0, count, batch):
        with transaction.atomic():
            games = []
            for i in range(start, min(count, start + batch)):
                clone = copy.copy(header)
                clone.pk = None
                clone.name = f"{source.game} {i}"
                games.append(clone)
            Game.objects.bulk_create(games)
            for model, rows in rows_of.items():
                new = []
                for g in games:
                    for r in rows:
                        c = model.objects.model(**{
                            f.attname: getattr(r, f.attname)
                            for f in model._meta.concrete_fields
                            if f.attname not in ("id",)
                        })  # fmt: skip
                        c.game_id = g.pk
                        new.append(c)
                model.objects.bulk_create(new, batch_size=2000)
            made.extend(g.pk for g in games)
    return made


def make_due(ids: list[int]) -> None:
    """Every game's deadline passed: due for processing, not yet queued."""
    from django.utils import timezone
    from django_tasks_db.models import DBTaskResult

    from umpire.server.models import Game

    past = timezone.now() - timedelta(minutes=1)
    Game.objects.filter(pk__in=ids).update(deadline=past, process_after=past, enqueued_at=None)
    DBTaskResult.objects.all().delete()


def drop(ids: list[int]) -> None:
    """Remove the games ``ids`` and all their rows, table by table."""
    from django.db import connection

    with connection.cursor() as cursor:
        for model in _game_tables():
            column = next(
                (f.column for f in model._meta.concrete_fields if f.is_relation
                 and f.related_model is not None and f.related_model.__name__ == "Game"),
                "id",
            )  # fmt: skip
            marks = ", ".join(["%s"] * len(ids))
            table = connection.ops.quote_name(model._meta.db_table)
            cursor.execute(f"DELETE FROM {table} WHERE {column} IN ({marks})", ids)


def _game_tables() -> list[Any]:
    """Every model with a row per game (duties, rating changes, hooks... as they come), the
    games themselves last."""
    from django.apps import apps

    from umpire.server.models import Game

    named = [
        m
        for m in apps.get_models()
        if m is not Game
        and any(f.is_relation and f.related_model is Game for f in m._meta.concrete_fields)
    ]
    return [*named, Game]


def clear() -> None:
    """Remove every game and task (between runs), table by table."""
    from django.apps import apps
    from django.db import connection
    from django_tasks_db.models import DBTaskResult

    models = [DBTaskResult, *apps.get_app_config("umpire_mail").get_models()]
    models += [m for m in _game_tables() if m not in models]
    with connection.cursor() as cursor:
        for model in models:
            cursor.execute(f"DELETE FROM {connection.ops.quote_name(model._meta.db_table)}")
