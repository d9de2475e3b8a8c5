"""Issue 28, item 7: one store interface. The command line's record file and the server's rows
are two :class:`~umpire.core.gamestore.GameStore`s under one set of use cases: ``umpire end``
and the console's declared result are the same code, and give the same result."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from umpire import cli
from umpire.cli import records
from umpire.core import gamestore, session
from umpire.core.record import GameRecord
from umpire.server.models import Game, GameStatus
from umpire.server.store import DatabaseStore, load_record
from umpire.server.usecases import gm_actions, results, submissions, turns


class MemoryStore:
    """A store in memory: what a use case reads, and what it wrote."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.saved: list[GameRecord] = []

    def load(self) -> GameRecord:
        return self.record

    def save_result(self, record: GameRecord) -> None:
        self.saved.append(record)


def test_end_reads_the_store_once_and_writes_the_result() -> None:
    store = MemoryStore(session.create("pebbles", seed=3))
    store_type: gamestore.GameStore = store  # a MemoryStore is a GameStore (mypy checks)
    outcome = gamestore.end(store_type, ["red", "BLUE"], "agreed")
    assert outcome.winners == ("RED", "BLUE") and outcome.summary == "agreed"
    assert store.saved == [store.record] and store.record.outcome == outcome


@pytest.mark.django_db
def test_the_command_line_and_the_console_end_a_game_by_the_same_code_alike(
    running_game: dict[str, Any],
    gm: tuple[User, Any],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game.objects.get(pk=running_game["id"])
    path = tmp_path / "game.json"
    records.save_record(load_record(game), path)  # what ``umpire export`` writes
    stores: list[str] = []
    real = gamestore.end

    def spy(store: gamestore.GameStore, *args: Any, **kwargs: Any) -> Any:
        stores.append(type(store).__name__)
        return real(store, *args, **kwargs)

    monkeypatch.setattr(gamestore, "end", spy)
    results.declare(game.pk, gm[0], ["north", "South"], "agreed draw")
    out = io.StringIO()
    assert cli.main(["end", str(path), "--winners", "north,South", "--summary", "agreed draw"],
                    out) == records.EXIT_OK  # fmt: skip
    assert stores == [DatabaseStore.__name__, records.RecordFile.__name__]
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert json.loads(path.read_text())["outcome"] == game.outcome
    assert out.getvalue() == "Game over: agreed draw\n"


@pytest.mark.django_db
def test_the_command_line_and_the_console_roll_back_by_the_same_code_alike(
    running_game: dict[str, Any],
    gm: tuple[User, Any],
    players: dict[str, tuple[User, Any]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game_id = running_game["id"]
    submissions.submit_orders(game_id, players["ann"][0], "bid 3", turn=1)
    assert turns.process_due(game_id, 1, force=True)
    path = tmp_path / "game.json"
    records.save_record(load_record(Game.objects.get(pk=game_id)), path)
    before = json.loads(path.read_text())
    stores: list[str] = []
    real = gamestore.rollback

    def spy(store: gamestore.GameStore) -> Any:
        stores.append(type(store).__name__)
        return real(store)

    monkeypatch.setattr(gamestore, "rollback", spy)
    gm_actions.gm_action(game_id, gm[0], "rollback")
    out = io.StringIO()
    assert cli.main(["rollback", str(path)], out) == records.EXIT_OK
    assert stores == [DatabaseStore.__name__, records.RecordFile.__name__]
    game = Game.objects.get(pk=game_id)
    after = json.loads(path.read_text())
    assert game.turn == 1 and after["turns"] == [] and len(before["turns"]) == 1
    assert not game.turns.exists() and after["outcome"] is None and game.outcome is None
    # The file keeps the undone turn's orders pending; the server voids them (ruling kept).
    assert [s["power"] for s in after["pending"]] == ["North"]
    assert "Rolled back Round 1" in out.getvalue()
