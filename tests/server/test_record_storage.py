"""Issue 33: a turn's draws, events and state are stored compressed (``PackedJSONField``), read
back unchanged, and the rows of a database written before (plain JSON columns) are converted
by migration 0014 and converted back by undoing it."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from django.core import serializers
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test.utils import CaptureQueriesContext

from umpire.core import session
from umpire.core.record import GameRecord
from umpire.core.replay import replay
from umpire.server.fields import is_packed, pack, packed, unpack
from umpire.server.models import Game, Turn, TurnOutput
from umpire.server.store import load_record, save_turn

BEFORE = [("umpire", "0013_contract")]
WHEN = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)


def played(turns: int) -> GameRecord:
    record = session.create("diplomacy", scenario="standard", seed=3)
    table = session.open_table(record)
    while len(record.turns) < turns:
        for power in table.pending().powers:
            table.bot_submit(power)
        table.process()
    return record


def test_pack_round_trips_json_with_its_key_order_packed_or_plain() -> None:
    value = {"b": [1, 2.5, None, True], "a": {"é": "ü", "z": {}}, "": []}
    plain = pack(value, compress=False)
    assert not is_packed(plain) and plain.startswith(b'{"b":[1,2.5,null,true]')
    for stored in (pack(value), plain, packed(plain), packed(pack(value))):
        back = unpack(stored)
        assert back == value
        assert list(back) == ["b", "a", ""]
    assert is_packed(packed(plain)) and packed(plain) == pack(value)
    for other in ("x", 7, [], None, "", {"x": 1}):  # plain JSON never looks packed
        assert not is_packed(pack(other, compress=False))
        assert unpack(pack(other)) == other == unpack(pack(other, compress=False))


def _migrate(target: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def _store_as_before(apps: Any, record: GameRecord) -> int:
    """The record's rows as the code before migration 0014 wrote them (plain JSON)."""
    game = apps.get_model("umpire", "Game").objects.create(
        name="Old",
        game=record.game,
        scenario=record.scenario,
        seed=record.seed,
        status="running",
        powers=record.powers,
        initial_state=record.initial_state,
        setup_draws=[d.to_json() for d in record.setup_draws],
        turn=len(record.turns) + 1,
    )
    turn_model = apps.get_model("umpire", "Turn")
    sub_model = apps.get_model("umpire", "Submission")
    for turn in record.turns:
        turn_model.objects.create(
            game=game,
            number=turn.number,
            label=turn.label,
            draws=[d.to_json() for d in turn.draws],
            events=[e.to_json() for e in turn.events],
            state=turn.state,
        )
        for sub in turn.submissions:
            sub_model.objects.create(
                game=game,
                turn=turn.number,
                power=sub.power,
                source=sub.source,
                raw=sub.raw,
                orders=sub.orders,
                problems=[p.to_json() for p in sub.problems],
                received_at=WHEN,
            )
    return int(game.pk)


def _raw_states(pk: int) -> list[bytes]:
    """The stored bytes of the game's states, in turn order."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT state FROM {Turn._meta.db_table} WHERE game_id = %s ORDER BY number", [pk]
        )
        return [bytes(r[0]) for r in cursor.fetchall()]


def _turns(record: GameRecord) -> list[dict[str, Any]]:
    return [{k: v for k, v in t.to_json().items() if k != "submissions"} for t in record.turns]


@pytest.mark.django_db(transaction=True)
def test_migration_0014_packs_old_rows_and_undoes_it() -> None:
    record = played(6)
    try:
        old_apps = _migrate(BEFORE)
        pk = _store_as_before(old_apps, record)
        _migrate(list(MigrationExecutor(connection).loader.graph.leaf_nodes("umpire")))

        # Packed: the columns hold compressed bytes, the game reads back the same and replays.
        raw = _raw_states(pk)
        assert [unpack(b) for b in raw] == [t.state for t in record.turns]
        assert [is_packed(b) for b in raw] == [True] * 5 + [False]  # the latest plain
        back = load_record(Game.objects.get(pk=pk))
        assert _turns(back) == _turns(record)
        assert replay(back) == []

        # Undone: plain JSON columns again, with the same values.
        old_apps = _migrate(BEFORE)
        rows = old_apps.get_model("umpire", "Turn").objects.filter(game=pk).order_by("number")
        assert [(r.draws, r.events, r.state) for r in rows] == [
            (t["draws"], t["events"], t["state"]) for t in _turns(record)
        ]
    finally:
        _migrate(list(MigrationExecutor(connection).loader.graph.leaf_nodes("umpire")))


@pytest.mark.django_db
def test_a_turn_row_reads_back_what_was_stored_in_fewer_bytes() -> None:
    record = played(4)
    game = Game.objects.create(name="G", game="diplomacy", scenario="standard", seed=3)
    turn = record.turns[-1]
    Turn.objects.create(
        game=game,
        number=turn.number,
        label=turn.label,
        draws=[],
        events=[e.to_json() for e in turn.events],
        state=turn.state,
    )
    row = Turn.objects.get(game=game)
    assert row.state == turn.state
    assert row.events == [e.to_json() for e in turn.events]
    assert Turn.objects.filter(game=game).values_list("draws", flat=True).get() == []
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT events FROM {Turn._meta.db_table} WHERE game_id = %s", [game.pk])
        stored = len(bytes(cursor.fetchone()[0]))
    assert stored * 3 < len(json.dumps(row.events, separators=(",", ":")))


@pytest.mark.django_db
def test_saving_a_turn_packs_the_state_before_it_and_rollback_reads_packed() -> None:
    record = played(3)
    game = Game.objects.create(name="G", game="diplomacy", scenario="standard", seed=3)
    for number, turn in enumerate(record.turns, 1):
        save_turn(game, turn)
        assert [is_packed(b) for b in _raw_states(game.pk)] == [True] * (number - 1) + [False]
    Turn.objects.filter(game=game, number=3).delete()  # a rollback: the latest is packed now
    assert Turn.objects.get(game=game, number=2).state == record.turns[1].state
    save_turn(game, record.turns[2])
    assert [is_packed(b) for b in _raw_states(game.pk)] == [True, True, False]
    assert [t.state for t in Turn.objects.filter(game=game).order_by("number")] == [
        t.state for t in record.turns
    ]


@pytest.mark.django_db
def test_saving_a_turn_with_the_state_before_as_read_packs_it_without_reading_it() -> None:
    """The worker passes the state before as the tail read it: it is packed and written with
    the new turn's row (one statement on PostgreSQL), not read again."""
    record = played(3)
    game = Game.objects.create(name="G", game="diplomacy", scenario="standard", seed=3)
    save_turn(game, record.turns[0])
    for number, turn in enumerate(record.turns[1:], 2):
        before = _raw_states(game.pk)[-1]
        with CaptureQueriesContext(connection) as q:
            save_turn(game, turn, before)
        assert len(q) == (1 if connection.vendor == "postgresql" else 2)
        assert [is_packed(b) for b in _raw_states(game.pk)] == [True] * (number - 1) + [False]
        assert _raw_states(game.pk)[-2] == packed(before)
    assert [t.state for t in Turn.objects.filter(game=game).order_by("number")] == [
        t.state for t in record.turns
    ]


@pytest.mark.django_db
def test_a_turn_row_serializes_as_json_and_back() -> None:
    game = Game.objects.create(name="G", game="diplomacy", scenario="standard", seed=3)
    Turn.objects.create(game=game, number=1, label="L", events=[{"a": 1}], state={"b": [2]})
    text = serializers.serialize("json", Turn.objects.filter(game=game))
    assert json.loads(text)[0]["fields"]["state"] == {"b": [2]}
    Turn.objects.filter(game=game).delete()
    for obj in serializers.deserialize("json", text):
        obj.save()
    row = Turn.objects.get(game=game)
    assert (row.state, row.events, row.draws) == ({"b": [2]}, [{"a": 1}], [])


def _compression(table: str, column: str) -> str:
    """How PostgreSQL compresses new values of the column: "l" LZ4, "p" pglz, "" its default."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attcompression FROM pg_attribute "
            "WHERE attrelid = %s::regclass AND attname = %s",
            [table, column],
        )
        return str(cursor.fetchone()[0] or "")


def _lz4_supported() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression'")
        row = cursor.fetchone()
    return bool(row and "lz4" in row[0])


@pytest.mark.django_db(transaction=True)
def test_migration_0015_compresses_a_turns_large_columns_with_lz4_and_undoes_it() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("LZ4 column compression is PostgreSQL's (SQLite stores values as given)")
    if not _lz4_supported():
        pytest.skip("this PostgreSQL server was built without LZ4: migration 0015 leaves it")
    columns = [(TurnOutput._meta.db_table, c) for c in ("view", "printout")]
    columns += [(Turn._meta.db_table, c) for c in ("state", "events", "draws")]
    assert [_compression(t, c) for t, c in columns] == ["l"] * 5
    record = played(3)
    game = Game.objects.create(name="G", game="diplomacy", scenario="standard", seed=3)
    for turn in record.turns:
        save_turn(game, turn)
    try:
        _migrate([("umpire", "0014_records")])
        assert [_compression(t, c) for t, c in columns] == [""] * 5
        # values stored under either method read back the same
        assert [t.state for t in Turn.objects.filter(game=game).order_by("number")] == [
            t.state for t in record.turns
        ]
    finally:
        _migrate(list(MigrationExecutor(connection).loader.graph.leaf_nodes("umpire")))
    assert [_compression(t, c) for t, c in columns] == ["l"] * 5
    assert [t.state for t in Turn.objects.filter(game=game).order_by("number")] == [
        t.state for t in record.turns
    ]
