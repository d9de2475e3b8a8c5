"""The statements of the requests clients repeat many times a second, written once in SQL.

Building a query through the ORM costs about a millisecond of CPU each time (cloning the
queryset, resolving the filters, compiling every column); sending a statement compiled once
costs a tenth of that (issue 18: a printout read was four ORM queries, 80% of its time).
The statements here:

- :func:`token_user`: the account behind an API token, with the token's expiry and last use
  (every authenticated API request);
- :func:`reader_facts`: what reading a game's stored view or printout needs, in one indexed
  statement: whether the game exists, who may see it, the caller's seat, and the stored
  output itself (the printout and view reads);
- :func:`locked_game` and :func:`active_seats`: the game row locked for a change, and its
  seats (every submission); :func:`last_turn`: the state a submission is read against;
  :func:`insert_submission`: the submission written.

On PostgreSQL each of them is also prepared, once per connection, by psycopg (Django's
``server_side_binding`` and psycopg's ``prepare_threshold`` in the database's ``OPTIONS``,
``settings.py``): planning them cost the server more than running them.

The SQL is made from the models' own table and column names, and every value goes through
the field's own database converters, so PostgreSQL and SQLite give the same Python values
as the ORM would.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from django.contrib.auth.models import User
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.utils import CursorWrapper
from django.db.models import Field
from django.db.models.signals import post_save, pre_save
from django.utils import timezone

from umpire.server.cursors import kept_cursor, kept_raw_cursor, numbered
from umpire.server.models import (
    ApiToken,
    Duty,
    Enrollment,
    Game,
    Seat,
    Submission,
    Turn,
    TurnOutput,
)

# A field's conversion of a database value (the value, the connection); None: none needed.
Converter = Callable[[Any, BaseDatabaseWrapper], Any]
# A row's values, each converted where its field needs it.
RowReader = Callable[[Sequence[Any], BaseDatabaseWrapper], list[Any]]


def _db() -> BaseDatabaseWrapper:
    """The default connection itself: ``django.db.connection`` is a proxy that looks the
    connection up again on every attribute read (a few microseconds each, many per row)."""
    return connections[DEFAULT_DB_ALIAS]


def _converter(field: Field[Any, Any]) -> Converter | None:
    """The field's database value as the ORM gives it (aware datetimes, parsed JSON, booleans
    on SQLite...); None where the ORM gives the value as the driver read it."""
    db = _db()
    column = field.get_col(field.model._meta.db_table)
    steps = db.ops.get_db_converters(column) + field.get_db_converters(db)
    if not steps:
        return None

    def convert(value: Any, conn: BaseDatabaseWrapper) -> Any:
        for step in steps:
            value = step(value, column, conn)
        return value

    return convert


def _reader(fields: Sequence[Field[Any, Any]]) -> RowReader:
    """Reads a row of ``fields``' columns as the ORM would, converting only where needed."""
    steps = [(i, c) for i, c in enumerate(_converter(f) for f in fields) if c is not None]

    def read(row: Sequence[Any], conn: BaseDatabaseWrapper) -> list[Any]:
        values = list(row)
        for i, convert in steps:
            values[i] = convert(values[i], conn)
        return values

    return read


def _instances(model: Any, names: Sequence[str], rows: Sequence[Sequence[Any]]) -> list[Any]:
    """Instances of ``model`` read from the database, one per whole row (the values of
    ``names`` in order): Django's own ``Model.from_db``, as the ORM makes them."""
    return [model.from_db(DEFAULT_DB_ALIAS, names, values) for values in rows]


def _cursor(db: BaseDatabaseWrapper) -> AbstractContextManager[CursorWrapper]:
    """Django's cursor for a ``with``: on PostgreSQL bound on the server, prepared when run
    repeatedly (settings.py), kept per connection (:func:`umpire.server.cursors.kept_cursor`)."""
    return kept_cursor(db)


def _q(name: str) -> str:
    return connection.ops.quote_name(name)


def _table(model: Any) -> str:
    return _q(model._meta.db_table)


def _field(model: Any, name: str) -> Field[Any, Any]:
    field = model._meta.get_field(name)
    assert isinstance(field, Field)
    return field


def _col(model: Any, name: str) -> str:
    return _q(str(_field(model, name).column))


@cache
def _select(model: Any) -> tuple[str, list[str], RowReader]:
    """``SELECT`` of every column of ``model``'s table, the attribute names, the reader."""
    fields = [_field(model, f.name) for f in model._meta.concrete_fields]
    columns = ", ".join(f"m.{_q(str(f.column))}" for f in fields)
    return f"SELECT {columns} FROM {_table(model)} m", [f.attname for f in fields], _reader(fields)


@cache
def _models_sql(model: Any, where: str, tail: str) -> str:
    return f"{_select(model)[0]} WHERE {where} {tail}"


def _models(model: Any, where: str, params: Sequence[Any], tail: str = "") -> list[Any]:
    """Instances of ``model`` (whole, as the ORM makes them) for ``WHERE where``."""
    _, names, read = _select(model)
    db = _db()
    with _cursor(db) as cursor:
        cursor.execute(_models_sql(model, where, tail), params)
        rows = cursor.fetchall()
    return _instances(model, names, [read(row, db) for row in rows])


def locked_game(game_id: int) -> Game | None:
    """``Game.objects.select_for_update().filter(pk=game_id).first()``, compiled once (on
    SQLite, where every transaction already holds the write lock, without ``FOR UPDATE``)."""
    where, lock = _locked_game_sql()
    found = _models(Game, where, [game_id], lock)
    return found[0] if found else None


@cache
def _locked_game_sql() -> tuple[str, str]:
    lock = "FOR UPDATE" if connection.features.has_select_for_update else ""
    return f"m.{_col(Game, 'id')} = %s", lock


def active_seats(game_id: int) -> list[Seat]:
    """``list(Seat.objects.filter(game=game_id, active=True).order_by("id"))``, compiled once."""
    where, order = _active_seats_sql()
    return _models(Seat, where, [game_id], order)


@cache
def _active_seats_sql() -> tuple[str, str]:
    where = f"m.{_col(Seat, 'game')} = %s AND m.{_col(Seat, 'active')}"
    return where, f"ORDER BY m.{_col(Seat, 'id')}"


def seats_with_streaks(game_id: int) -> list[Seat]:
    """The game's active seats by power (a power's oldest first), each with ``missed_before``:
    ``list(offers.with_streaks(Seat.objects.filter(game=game_id, active=True)).order_by(
    "power", "joined_at"))``, compiled once (every processed turn reads them)."""
    sql = _streaks_sql()
    _, names, read = _select(Seat)
    db = _db()
    with _cursor(db) as cursor:
        cursor.execute(sql, [game_id])
        rows = cursor.fetchall()
    width = len(names)
    seats: list[Seat] = _instances(Seat, names, [read(row[:width], db) for row in rows])
    for seat, row in zip(seats, rows, strict=True):
        seat.missed_before = int(row[width] or 0)  # type: ignore[attr-defined]
    return seats


@cache
def _streaks_sql() -> str:
    """The seats and, for each, its holder's duties missed since his last one in time
    (``offers.with_streaks``'s correlated count)."""
    duty = _table(Duty)
    game, power, user = (_col(Duty, n) for n in ("game", "power", "user"))
    number, in_time, key = _col(Duty, "number"), _col(Duty, "in_time"), _col(Duty, "id")

    def mine(alias: str) -> str:
        return (
            f"{alias}.{game} = m.{_col(Seat, 'game')} AND {alias}.{power} = m.{_col(Seat, 'power')}"
            f" AND {alias}.{user} = m.{_col(Seat, 'user')}"
        )

    last = (
        f"SELECT l.{number} FROM {duty} l WHERE {mine('l')} AND l.{in_time} "
        f"ORDER BY l.{number} DESC LIMIT 1"
    )
    missed = (
        f"SELECT COUNT(d.{key}) FROM {duty} d WHERE {mine('d')} AND NOT d.{in_time} "
        f"AND d.{number} > COALESCE(({last}), 0)"
    )
    where = f"m.{_col(Seat, 'game')} = %s AND m.{_col(Seat, 'active')}"
    order = f"ORDER BY m.{_col(Seat, 'power')}, m.{_col(Seat, 'joined_at')}"
    columns, table = _select(Seat)[0].split(" FROM ", 1)
    return f"{columns}, COALESCE(({missed}), 0) FROM {table} WHERE {where} {order}"


def last_turn(
    game_id: int, number: int, *, events: bool = True, stored: bool = False
) -> tuple[str, Any, Any] | None:
    """Turn ``number``'s label, events (without ``events``: an empty list, not read) and state:
    ``Turn.objects.only("number", "label", "events", "state").get(game=game_id,
    number=number)``, compiled once (the game's tail). With ``stored``, the state as it is
    stored (the bytes of :mod:`umpire.server.fields`, packed or plain), not parsed."""
    sql, read = _last_turn_sql(events, stored)
    db = _db()
    with _cursor(db) as cursor:
        cursor.execute(sql, [game_id, number])
        row = cursor.fetchone()
    if row is None:
        return None
    values = read(row, db)
    if stored:
        values[-1] = bytes(values[-1])
    if events:
        label, happened, state = values
        return label, happened, state
    label, state = values
    return label, [], state


@cache
def _last_turn_sql(events: bool, stored: bool) -> tuple[str, RowReader]:
    names = ("label", "events", "state") if events else ("label", "state")
    where = f"{_col(Turn, 'game')} = %s AND {_col(Turn, 'number')} = %s"
    columns = ", ".join(_col(Turn, n) for n in names)
    sql = f"SELECT {columns} FROM {_table(Turn)} WHERE {where}"
    converted = names[:-1] if stored else names  # the state's bytes as they are
    return sql, _reader([_field(Turn, n) for n in converted])


@cache
def _insert(model: Any) -> tuple[str, list[Field[Any, Any]], list[Prep]]:
    fields = [_field(model, f.name) for f in model._meta.concrete_fields]
    fields = [f for f in fields if not f.primary_key]
    columns = ", ".join(_q(str(f.column)) for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    sql = f"INSERT INTO {_table(model)} ({columns}) VALUES ({marks})"
    return sql, fields, [_prep(f) for f in fields]


# A field's value as the database driver is sent it (the field's ``get_db_prep_save``).
Prep = Callable[[Any, BaseDatabaseWrapper], Any]

# Fields whose values of these Python types the ORM sends as they are (its preparation of them
# is a chain of calls that ends where it began), by the field's internal type.
_AS_THEY_ARE: dict[str, tuple[type, ...]] = {
    "ForeignKey": (int,), "IntegerField": (int,), "BigIntegerField": (int,),
    "PositiveIntegerField": (int,), "PositiveSmallIntegerField": (int,),
    "SmallIntegerField": (int,), "CharField": (str,), "TextField": (str,),
    "BooleanField": (bool,),
}  # fmt: skip


def _prep(field: Field[Any, Any]) -> Prep:
    """``field.get_db_prep_save``, with its usual values prepared directly: None (SQL NULL),
    the plain values of :data:`_AS_THEY_ARE`, a JSON list or object (the backend's adapter,
    as the field calls it), an aware datetime (likewise); anything else (an expression, a
    lazy string, a naive datetime) through the field itself. About a third of the cost of
    writing a submission went in that chain of calls."""
    slow = field.get_db_prep_save
    internal = field.get_internal_type()
    plain = _AS_THEY_ARE.get(internal)
    if plain is not None:

        def as_it_is(value: Any, db: BaseDatabaseWrapper) -> Any:
            return value if value is None or type(value) in plain else slow(value, db)

        return as_it_is
    if internal == "JSONField":
        encoder = getattr(field, "encoder", None)

        def json_value(value: Any, db: BaseDatabaseWrapper) -> Any:
            if value is None:
                return None
            if type(value) in (list, dict):
                return db.ops.adapt_json_value(value, encoder)
            return slow(value, db)

        return json_value
    if internal == "DateTimeField":

        def moment(value: Any, db: BaseDatabaseWrapper) -> Any:
            if value is None:
                return None
            if isinstance(value, datetime) and value.tzinfo is not None:
                return db.ops.adapt_datetimefield_value(value)
            return slow(value, db)

        return moment
    return slow


def insert(rows: Sequence[Any]) -> None:
    """``Model.objects.bulk_create(rows)`` for new rows of one model (their keys given by the
    database and not read back), compiled once per model and number of rows: each value goes
    through its field's ``pre_save`` and preparation (:func:`_prep`), as the ORM sends it, and
    the rows go in one statement (:func:`_insert_rows`). On PostgreSQL the statement is
    prepared and the values are bound on the server, so a large text or JSON value (a state, a
    view, a printout) is sent as it is instead of being quoted into the statement's text in
    Python (a third of the cost of storing a Battle Plan turn). No signal is sent, so a model
    with save receivers is refused (it goes through the ORM)."""
    if not rows:
        return
    model: Any = type(rows[0])
    if any(type(row) is not model for row in rows):
        raise TypeError("insert: rows of one model only")
    _no_receivers(model)
    _, fields, preps = _insert(model)
    db = _db()
    params = [
        [prep(f.pre_save(row, True), db) for f, prep in zip(fields, preps, strict=True)]
        for row in rows
    ]
    _insert_rows(model, params, db)


def insert_values(model: Any, rows: Sequence[dict[str, Any]]) -> None:
    """:func:`insert` of new rows given by their values (by attribute name: ``game_id``,
    ``user_id``...; a field not given takes its default, an ``auto_now`` field the time of
    saving), without making a model instance for each (a tenth of a millisecond a row)."""
    if not rows:
        return
    _no_receivers(model)
    _, fields, preps = _insert(model)
    known = {f.attname for f in fields}
    db = _db()
    params = []
    for values in rows:
        unknown = set(values) - known
        if unknown:
            raise TypeError(f"insert_values: no such fields {sorted(unknown)}")
        params.append([prep(_value(f, values), db) for f, prep in zip(fields, preps, strict=True)])
    _insert_rows(model, params, db)


def _no_receivers(model: Any) -> None:
    if post_save.has_listeners(model) or pre_save.has_listeners(model):
        # Saving through here sends no signal: a model others listen to goes through the ORM.
        raise TypeError(f"insert: {model.__name__} has save signal receivers; use the ORM")


# Values in one multi-row ``INSERT`` at most (SQLite before 3.32 takes 999).
MAX_VALUES = 900


def _insert_rows(model: Any, params: list[list[Any]], db: BaseDatabaseWrapper) -> None:
    """The prepared values of new rows of ``model`` inserted, as many rows a statement as
    :data:`MAX_VALUES` allows (one, for a turn's rows): one statement to plan and run, not one
    a row as ``executemany`` sends them (on PostgreSQL numbered: ``umpire.server.cursors``)."""
    per = max(1, MAX_VALUES // max(1, len(params[0])))
    raw = kept_raw_cursor(db)
    with raw or _cursor(db) as cursor:
        for start in range(0, len(params), per):
            chunk = params[start : start + per]
            sql = _insert_many(model, len(chunk))
            cursor.execute(numbered(sql) if raw else sql, [v for row in chunk for v in row])


@cache
def _insert_many(model: Any, count: int) -> str:
    sql, fields, _ = _insert(model)
    marks = "(" + ", ".join(["%s"] * len(fields)) + ")"
    return sql + ", " + ", ".join([marks] * (count - 1)) if count > 1 else sql


def insert_returning_key(row: Any) -> None:
    """``row.save()`` for one new row whose key the caller needs (it is set on ``row``), in
    one statement compiled once per model, as :func:`insert` sends it."""
    model: Any = type(row)
    _no_receivers(model)
    sql, fields, preps = _insert(model)
    db = _db()
    params = [prep(f.pre_save(row, True), db) for f, prep in zip(fields, preps, strict=True)]
    key = model._meta.pk
    with _cursor(db) as cursor:
        if db.features.can_return_columns_from_insert:
            cursor.execute(f"{sql} RETURNING {_q(str(key.column))}", params)
            value = cursor.fetchone()[0]
        else:
            cursor.execute(sql, params)
            value = db.ops.last_insert_id(cursor, model._meta.db_table, key.column)
    row.pk = value
    row._state.adding = False
    row._state.db = DEFAULT_DB_ALIAS


def insert_turn(row: Turn, before: bytes | None) -> None:
    """:func:`insert_returning_key` of a new turn row; with ``before``, the stored state of the
    game's turn before it replaced by ``before`` (its packed form: ``store.save_turn``). On
    PostgreSQL one statement, the update a ``WITH`` part of the insert; else two."""
    if before is None:
        insert_returning_key(row)
        return
    db = _db()
    update_sql = _pack_before_sql()
    values: list[Any] = [before, row.game_id, row.number - 1]
    if not db.features.can_return_columns_from_insert or db.vendor != "postgresql":
        insert_returning_key(row)
        with _cursor(db) as cursor:
            cursor.execute(update_sql, values)
        return
    _no_receivers(Turn)
    sql, fields, preps = _insert(Turn)
    params = [prep(f.pre_save(row, True), db) for f, prep in zip(fields, preps, strict=True)]
    key = Turn._meta.pk
    assert key is not None
    with _cursor(db) as cursor:
        cursor.execute(
            f"WITH packed AS ({update_sql}) {sql} RETURNING {_q(str(key.column))}",
            [*values, *params],
        )
        row.pk = cursor.fetchone()[0]
    row._state.adding = False
    row._state.db = DEFAULT_DB_ALIAS


@cache
def _pack_before_sql() -> str:
    where = f"{_col(Turn, 'game')} = %s AND {_col(Turn, 'number')} = %s"
    return f"UPDATE {_table(Turn)} SET {_col(Turn, 'state')} = %s WHERE {where}"


def update(row: Any, names: Sequence[str]) -> None:
    """``row.save(update_fields=names)`` for a row known to exist, in one statement compiled
    once per model and set of fields (each value through its field's ``pre_save`` and
    preparation, as the ORM sends it); no signal is sent, so a model with save receivers is
    refused."""
    model: Any = type(row)
    if post_save.has_listeners(model) or pre_save.has_listeners(model):
        raise TypeError(f"update: {model.__name__} has save signal receivers; use the ORM")
    sql, fields, preps = _update(model, tuple(names))
    db = _db()
    params = [prep(f.pre_save(row, False), db) for f, prep in zip(fields, preps, strict=True)]
    with _cursor(db) as cursor:
        cursor.execute(sql, [*params, row.pk])


@cache
def _update(model: Any, names: tuple[str, ...]) -> tuple[str, list[Field[Any, Any]], list[Prep]]:
    fields = [_field(model, n) for n in names]
    sets = ", ".join(f"{_q(str(f.column))} = %s" for f in fields)
    key = _q(str(model._meta.pk.column))
    sql = f"UPDATE {_table(model)} SET {sets} WHERE {key} = %s"
    return sql, fields, [_prep(f) for f in fields]


def insert_submission(**values: Any) -> None:
    """``Submission.objects.create(**values)`` (values by attribute name: ``game_id``,
    ``user_id``...; a field not given takes its default), compiled once, without making the
    model instance: each value as the field's ``pre_save`` would give it (the time of saving
    for an ``auto_now`` field, else the value given or the field's default)."""
    insert_values(Submission, [values])


def _value(field: Field[Any, Any], values: dict[str, Any]) -> Any:
    if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
        return timezone.now()
    if field.attname in values:
        return values[field.attname]
    return field.get_default()


# --- tokens -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TokenRow:
    id: int
    expires_at: datetime
    last_used_at: datetime | None
    user: User


@cache
def _token_statement() -> tuple[str, list[str], RowReader]:
    user_fields = [_field(User, f.name) for f in User._meta.concrete_fields]
    token_fields = [_field(ApiToken, n) for n in ("id", "expires_at", "last_used_at")]
    columns = [f"t.{_q(str(f.column))}" for f in token_fields] + [
        f"u.{_q(str(f.column))}" for f in user_fields
    ]
    sql = (
        f"SELECT {', '.join(columns)} FROM {_table(ApiToken)} t "
        f"JOIN {_table(User)} u ON u.{_col(User, 'id')} = t.{_col(ApiToken, 'user')} "
        f"WHERE t.{_col(ApiToken, 'digest')} = %s"
    )
    return sql, [f.attname for f in user_fields], _reader([*token_fields, *user_fields])


def token_user(digest: str) -> TokenRow | None:
    """The token with this digest and its account (a whole ``User``), in one statement."""
    sql, names, read = _token_statement()
    db = _db()
    with _cursor(db) as cursor:
        cursor.execute(sql, [digest])
        row = cursor.fetchone()
    if row is None:
        return None
    values = read(row, db)
    token_id, expires_at, last_used_at = values[:3]
    (user,) = _instances(User, names, [values[3:]])
    return TokenRow(token_id, expires_at, last_used_at, user)


# --- stored outputs ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReaderFacts:
    """A game as one reader finds it (see :func:`reader_facts`)."""

    public: bool
    gm_id: int
    turn: int
    started: bool
    power: str | None  # the reader's active seat
    member: bool  # holds or held a seat in the game, or joined it
    output: Any  # the stored view or printout asked for; None if there is none


@cache
def _reader_statement(what: str) -> tuple[str, Converter | None]:
    seat_game, seat_user = _col(Seat, "game"), _col(Seat, "user")
    # The reader's seat: the oldest active one, as ``Seat.objects.filter(...).first()``.
    seat = (
        f"SELECT s.{_col(Seat, 'power')} FROM {_table(Seat)} s WHERE s.{seat_game} = g.id "
        f"AND s.{seat_user} = %s AND s.{_col(Seat, 'active')} ORDER BY s.id LIMIT 1"
    )
    member = (
        f"EXISTS (SELECT 1 FROM {_table(Seat)} s WHERE s.{seat_game} = g.id "
        f"AND s.{seat_user} = %s) OR EXISTS (SELECT 1 FROM {_table(Enrollment)} e "
        f"WHERE e.{_col(Enrollment, 'game')} = g.id AND e.{_col(Enrollment, 'user')} = %s)"
    )
    # The stored output of the asked turn (default: the last processed one) for the reader:
    # the umpire's row for the game master and superusers, else the power of the seat.
    gm = f"g.{_col(Game, 'gm')}"
    output = (
        f"SELECT o.{_col(TurnOutput, what)} FROM {_table(TurnOutput)} o "
        f"WHERE o.{_col(TurnOutput, 'game')} = g.id "
        f"AND o.{_col(TurnOutput, 'turn')} = COALESCE(%s, g.{_col(Game, 'turn')} - 1) "
        f"AND o.{_col(TurnOutput, 'power')} = CASE WHEN %s OR {gm} = %s THEN %s ELSE ({seat}) END"
    )
    sql = (
        f"SELECT g.{_col(Game, 'public')}, {gm}, g.{_col(Game, 'turn')}, "
        f"g.{_col(Game, 'initial_state')} IS NOT NULL, ({seat}), {member}, ({output}) "
        f"FROM {_table(Game)} g WHERE g.id = %s"
    )
    return sql, _converter(_field(TurnOutput, what))


def reader_facts(game_id: int, user: User, what: str, turn: int | None) -> ReaderFacts | None:
    """Game ``game_id`` as ``user`` finds it, with the stored ``what`` ("view" or "printout")
    of ``turn`` (None: the last processed turn) for the user: the umpire's for its game master
    and superusers, else its seat's. One statement, every part of it on an index; the caller
    decides from the facts whether the user may have the output (``outputs.read_stored``).
    None: no such game."""
    sql, convert = _reader_statement(what)
    me = user.pk
    params: Sequence[Any] = [
        me, me, me, turn, user.is_superuser, me, TurnOutput.UMPIRE, me, game_id,
    ]  # fmt: skip
    db = _db()
    with _cursor(db) as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    public, gm_id, turn_now, started, seat_power, member, output = row
    return ReaderFacts(
        public=bool(public),
        gm_id=int(gm_id),
        turn=int(turn_now),
        started=bool(started),
        power=seat_power,
        member=bool(member),
        output=output if output is None or convert is None else convert(output, db),
    )
