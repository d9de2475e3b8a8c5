"""Record size and replay time against the length of a game (issues 18 and 33): both must grow
linearly with the turns played, nothing quadratic, and a turn must take little room.

Bot games through the session functions: Diplomacy (standard) to 10, 40 and 80 turns, Battle
Plan (Europe) to 5, 25 and 50 and Battle Plan World Wide (Real Forces, 31 players) to 50 (its
bots make peace from turn ``botreal.PEACE_FROM``, 8, which ends the game allied: here they
make it from turn 1000, so the game runs its 50 turns as in the issue's measurement). Tables:

1. ``growth``: for each game and length, the record's size as written (compact JSON), the time
   of ``umpire replay RECORD`` (a fresh process: start-up included) and of the replay alone in
   this process, each also per turn: per-turn figures that stay flat mean linear growth.
2. ``parts``: the bytes per turn of each part of the record, in the record file (the state,
   the draws, the events, the submissions: each turn's compact JSON) and in the database rows
   written as the server writes them, turn after turn, into a new SQLite database
   (``store.save_submissions``, ``store.save_turn``, ``store.save_outputs``): the record's
   rows (``Turn.state``, ``draws``, ``events``, ``label``; ``Submission.raw``, ``orders``,
   ``problems``) and the stored outputs (``TurnOutput.view``, ``printout``: every reader's,
   derived from the record and not part of it), each the mean over the turns. Then, over
   every turn: the least, mean and greatest of what each turn's rows take in the end (the
   state packed), of what the database grew by when the turn was stored (the new latest
   state plain, the one before it packed), and of the outputs.
3. ``turns``: the same figures turn by turn.
4. ``loads``: the CPU time of reading the game back from that database: its tail (the latest
   state: ``store.load_tail``, what every submission and turn processing reads; with the
   current turn's submissions), the whole record (``store.load_record``), the state after
   turn N (one ``Turn`` row), and a stored printout and view (one ``TurnOutput`` row each).

    .venv/bin/python bench/record_growth.py                       # every table and game
    .venv/bin/python bench/record_growth.py parts loads battleplan-ww diplomacy

Run against older code (``PYTHONPATH=OTHER/src``) for the figures before a change.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import pairwise
from pathlib import Path
from typing import Any

from umpire.core import registry, session
from umpire.core.record import GameRecord

try:
    from umpire.core.replay import replay
except ImportError:  # older code (PYTHONPATH=OTHER/src), where replay was in session
    from umpire.core.session import replay  # type: ignore[attr-defined,no-redef]

try:  # World Wide bots make peace from turn 8: here from turn 1000 (the game runs 50 turns)
    from umpire.games.battleplan.world import botreal

    botreal.PEACE_FROM = 1000
except ImportError:  # older code without the Real Forces bot
    pass

# name: (game, scenario, powers (None: the default), lengths)
CASES: dict[str, tuple[str, str, int | None, tuple[int, ...]]] = {
    "diplomacy": ("diplomacy", "standard", None, (10, 40, 80)),
    "battleplan": ("battleplan", "europe", None, (5, 25, 50)),
    "battleplan-ww": ("battleplan", "real", 31, (50,)),
}
TABLES = ("growth", "parts", "turns", "loads")
REPLAY = "import sys; from umpire.cli import main; sys.exit(main(sys.argv[1:]))"
WHEN = datetime(2026, 11, 27, tzinfo=UTC)
# The columns counted, by model: the record's rows and the stored outputs.
RECORD_COLUMNS = {"Turn": ("state", "draws", "events", "label"),
                  "Submission": ("raw", "orders", "problems")}  # fmt: skip
OUTPUT_COLUMNS = {"TurnOutput": ("view", "printout")}


def played(game: str, scenario: str, turns: int, players: int | None = None) -> GameRecord:
    return _play(game, scenario, turns, players)[0]


def _play(
    game: str,
    scenario: str,
    turns: int,
    players: int | None = None,
    after: Callable[[session.Table], None] | None = None,
) -> tuple[GameRecord, session.Table]:
    """A bot game of up to ``turns`` turns; ``after(table)`` once at the start and after each
    processed turn."""
    powers = None
    if players is not None:
        info = registry.game(game).info.scenario(scenario)
        powers = list(info.powers[:players])
    record = session.create(game, scenario=scenario, seed=7, powers=powers)
    table = session.open_table(record)
    if after is not None:
        after(table)
    while record.outcome is None and len(record.turns) < turns:
        for power in table.pending().powers:
            table.bot_submit(power)
        table.process()
        if after is not None:
            after(table)
    return record, table


def compact(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":")))


def written(record: GameRecord, path: Path) -> int | None:
    """The size of the record file as ``umpire`` writes it at ``path`` (a name ending in
    ``.gz``: compressed; None where the code measured cannot write it so)."""
    try:
        from umpire.cli.records import save_record
    except ImportError:  # older code: the command line in one module
        try:
            from umpire.cli import save_record  # type: ignore[attr-defined,no-redef]
        except ImportError:
            path.write_text(json.dumps(record.to_json(), separators=(",", ":")))
            return path.stat().st_size
    if path.suffix == ".gz" and not hasattr(sys.modules[save_record.__module__], "dump_record"):
        return None  # older code: no compressed record files
    save_record(record, path)
    return path.stat().st_size


def growth(name: str, tmp: Path) -> None:
    game, scenario, players, lengths = CASES[name]
    for turns in lengths:
        record = played(game, scenario, turns, players)
        n = len(record.turns)
        path = tmp / f"{name}-{n}.json"
        size = (written(record, path) or 0) / 1024
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", REPLAY, "replay", str(path)],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        cli = time.perf_counter() - start
        if done.returncode:
            raise SystemExit(f"replay of {path.name} failed: {done.stdout}{done.stderr}")
        start = time.perf_counter()
        assert replay(record) == []
        alone = time.perf_counter() - start
        print(f"{name:<13} {n:>5} {size:>10.1f} {size / n:>8.2f} {cli:>15.2f} "
              f"{cli / n * 1000:>14.1f} {alone / n * 1000:>18.2f}", flush=True)  # fmt: skip


def _game_row(record: GameRecord) -> Any:
    from umpire.server.models import Game

    return Game.objects.create(
        name="bench", game=record.game, scenario=record.scenario, seed=record.seed,
        status="running", powers=record.powers, initial_state=record.initial_state,
        setup_draws=[d.to_json() for d in record.setup_draws], turn=len(record.turns) + 1,
    )  # fmt: skip


def _store_turn(row: Any, table: session.Table) -> None:
    """The rows the server writes when a turn is processed (none for the opening but its
    outputs): the turn's submissions, the turn, every reader's view and printout."""
    from umpire.server import store

    record = table.record
    if record.turns:
        turn = record.turns[-1]
        store.save_submissions(row, turn.number, turn.submissions, WHEN)
        store.save_turn(row, turn)
    if hasattr(store, "save_outputs"):
        store.save_outputs(row, table)


def stored(record: GameRecord) -> int:
    """``record`` written into the database as the server writes it: the game row's pk."""
    from umpire.server import store

    row = _game_row(record)
    for turn in record.turns:
        store.save_submissions(row, turn.number, turn.submissions, WHEN)
        store.save_turn(row, turn)
    return int(row.pk)


def _bytes(model: str, columns: tuple[str, ...], pk: int, turn: int | None = None) -> list[int]:
    """The bytes in each column of the game's rows of ``model`` (of turn ``turn`` only)."""
    from django.apps import apps
    from django.db import connection

    try:
        meta = apps.get_model("umpire", model)._meta
    except LookupError:  # older code without the model
        return [0] * len(columns)
    quote = connection.ops.quote_name
    sums = ", ".join(f"SUM(LENGTH(CAST({quote(c)} AS BLOB)))" for c in columns)
    where = "game_id = %s"
    args = [pk]
    if turn is not None:
        where += f" AND {quote('number' if model == 'Turn' else 'turn')} = %s"
        args.append(turn)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {sums} FROM {quote(meta.db_table)} WHERE {where}", args)
        return [int(v or 0) for v in cursor.fetchone()]


@dataclass
class Sizes:
    """The bytes in the database after each turn, and each turn's rows in the end."""

    pk: int = 0
    record_after: list[int] = field(default_factory=list)  # the record's rows, turn 0 on
    outputs_after: list[int] = field(default_factory=list)  # the stored outputs, turn 0 on
    parts: dict[str, int] = field(default_factory=dict)  # column: bytes over the game
    final: list[int] = field(default_factory=list)  # each turn's record rows in the end
    outputs: list[int] = field(default_factory=list)  # each turn's outputs

    def measure(self) -> None:
        self.record_after.append(sum(sum(_bytes(m, c, self.pk)) for m, c in RECORD_COLUMNS.items()))
        self.outputs_after.append(
            sum(sum(_bytes(m, c, self.pk)) for m, c in OUTPUT_COLUMNS.items())
        )


def server_sizes(record_and_table: Callable[..., Any], name: str) -> tuple[GameRecord, Sizes]:
    """A game of case ``name`` played and stored turn after turn as the server stores it."""
    game, scenario, players, lengths = CASES[name]
    sizes = Sizes()
    holder: dict[str, Any] = {}

    def after(table: session.Table) -> None:
        if "row" not in holder:
            holder["row"] = _game_row(table.record)
            sizes.pk = int(holder["row"].pk)
        _store_turn(holder["row"], table)
        sizes.measure()

    record, _ = record_and_table(game, scenario, lengths[-1], players, after)
    for model, columns in {**RECORD_COLUMNS, **OUTPUT_COLUMNS}.items():
        for column, size in zip(columns, _bytes(model, columns, sizes.pk), strict=True):
            sizes.parts[f"{model}.{column}"] = size
    for turn in record.turns:
        k = turn.number
        sizes.final.append(sum(sum(_bytes(m, c, sizes.pk, k)) for m, c in RECORD_COLUMNS.items()))
        sizes.outputs.append(sum(_bytes("TurnOutput", OUTPUT_COLUMNS["TurnOutput"], sizes.pk, k)))
    return record, sizes


def _spread(values: list[float]) -> str:
    if not values:
        return f"{'':>23}"
    return f"{min(values):>7.1f} {sum(values) / len(values):>7.1f} {max(values):>7.1f}"


def parts(name: str, tmp: Path) -> None:
    record, sizes = server_sizes(_play, name)
    n = len(record.turns)
    kib = 1024 * n
    state = sum(compact(t.state) for t in record.turns) / kib
    draws = sum(compact([d.to_json() for d in t.draws]) for t in record.turns) / kib
    events = sum(compact([e.to_json() for e in t.events]) for t in record.turns) / kib
    subs = sum(compact([s.to_json() for s in t.submissions]) for t in record.turns) / kib
    whole = (written(record, tmp / f"{name}-parts.json") or 0) / kib
    print(f"{name:<13} {n:>5} {'file':<8} {state:>7.1f} {draws:>7.1f} {events:>7.1f} "
          f"{subs:>7.1f} {whole:>7.1f}", flush=True)  # fmt: skip
    packed = written(record, tmp / f"{name}-parts.json.gz")
    if packed is not None:
        print(f"{'':<13} {'':>5} {'file.gz':<8} {'':>31} {packed / kib:>7.1f}", flush=True)
    p = {k: v / kib for k, v in sizes.parts.items()}
    in_subs = p["Submission.raw"] + p["Submission.orders"] + p["Submission.problems"]
    row = [p["Turn.state"], p["Turn.draws"], p["Turn.events"] + p["Turn.label"], in_subs]
    print(f"{'':<13} {'':>5} {'database':<8} {row[0]:>7.1f} {row[1]:>7.1f} {row[2]:>7.1f} "
          f"{row[3]:>7.1f} {sum(row):>7.1f}   (submissions: raw {p['Submission.raw']:.1f}, "
          f"orders {p['Submission.orders']:.1f}, problems {p['Submission.problems']:.1f})",
          flush=True)  # fmt: skip
    outputs = p["TurnOutput.view"] + p["TurnOutput.printout"]
    print(f"{'':<13} {'':>5} {'outputs':<8} {'':>31} {outputs:>7.1f}   (views "
          f"{p['TurnOutput.view']:.1f}, printouts {p['TurnOutput.printout']:.1f}; "
          f"turn 0's included)", flush=True)  # fmt: skip
    grew = [(b - a) / 1024 for a, b in pairwise(sizes.record_after)]
    print(f"{'':<13} {'':>5} {'a turn:':<8} {'least':>7} {'mean':>7} {'most':>7}", flush=True)
    for label, values in (
        ("record, its rows in the end", [v / 1024 for v in sizes.final]),
        ("record, database growth", grew),
        ("stored outputs", [v / 1024 for v in sizes.outputs]),
    ):
        print(f"{'':<13} {'':>5} {'':<8} {_spread(values)}   {label}", flush=True)
    if "turns" in sys.argv[1:] or "--turns" in sys.argv[1:]:
        _turns(name, sizes, grew)


def _turns(name: str, sizes: Sizes, grew: list[float]) -> None:
    print(f"\n{name}: KiB a turn  {'rows':>7} {'growth':>7} {'outputs':>8}")
    for k, (final, up, out) in enumerate(zip(sizes.final, grew, sizes.outputs, strict=True), 1):
        print(f"  turn {k:>3}        {final / 1024:>7.1f} {up:>7.1f} {out / 1024:>8.1f}")


def cpu_us(work: Callable[[], Any], least: float = 0.3) -> float:
    """The least CPU time of ``work`` over seven samples of at least ``least`` seconds each."""
    samples = []
    for _ in range(7):
        count, start = 0, time.process_time()
        while True:
            work()
            count += 1
            spent = time.process_time() - start
            if spent >= least:
                break
        samples.append(spent / count * 1e6)
    return min(samples)


def loads(name: str, tmp: Path) -> None:
    from umpire.server import store
    from umpire.server.models import Game, Turn

    game, scenario, players, lengths = CASES[name]
    record = played(game, scenario, lengths[-1], players)
    n = len(record.turns)
    pk = stored(record)
    row = Game.objects.get(pk=pk)
    # The current turn's submissions as well: those of the last turn, written again for it.
    store.save_submissions(row, n + 1, record.turns[-1].submissions, WHEN)
    tail = cpu_us(lambda: store.load_tail(Game.objects.get(pk=pk), pending=False))
    pending = cpu_us(lambda: store.load_tail(Game.objects.get(pk=pk)))
    whole = cpu_us(lambda: store.load_record(row), least=1.0)
    at = {
        k: cpu_us(lambda k=k: Turn.objects.only("state").get(game=pk, number=k).state)
        for k in sorted({1, n // 2 or 1, n})
    }
    states = "  ".join(f"{k}: {v:.0f}" for k, v in at.items())
    print(f"{name:<13} {n:>5} {tail:>10.0f} {pending:>10.0f} {whole / 1000:>12.1f} "
          f"{whole / n:>8.0f}   {states}", flush=True)  # fmt: skip


def output_reads(name: str, tmp: Path) -> None:
    """A stored printout and view read back (one ``TurnOutput`` row each)."""
    from django.apps import apps

    try:
        model = apps.get_model("umpire", "TurnOutput")
    except LookupError:
        return
    record, sizes = server_sizes(_play, name)
    n, power = len(record.turns), record.powers[0]
    printout = cpu_us(
        lambda: model.objects.only("printout").get(game=sizes.pk, turn=n, power=power).printout
    )
    view = cpu_us(lambda: model.objects.only("view").get(game=sizes.pk, turn=n, power=power).view)
    print(f"{name:<13} {n:>5} {printout:>10.0f} {view:>10.0f}", flush=True)


def setup_database(tmp: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/records.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.server.settings")
    os.environ.setdefault("UMPIRE_SECRET_KEY", "bench-only-secret-key-not-for-production-use")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)


def main(argv: list[str]) -> None:
    tables = [t for t in TABLES if t in argv] or [t for t in TABLES if t != "turns"]
    names = [c for c in CASES if c in argv] or list(CASES)
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        if "growth" in tables:
            print(f"{'game':<13} {'turns':>5} {'record KiB':>10} {'KiB/turn':>8} "
                  f"{'umpire replay s':>15} {'replay ms/turn':>14} {'in-process ms/turn':>18}")  # fmt: skip
            for case in names:
                growth(case, tmp)
        if {"parts", "turns", "loads"} & set(tables):
            setup_database(tmp)
        if "parts" in tables or "turns" in tables:
            print(f"\nKiB per turn     {'':>5} {'':<8} {'state':>7} {'draws':>7} {'events':>7} "
                  f"{'subs':>7} {'total':>7}")  # fmt: skip
            for case in names:
                parts(case, tmp)
        if "loads" in tables:
            print(f"\nCPU us           {'turns':>5} {'load_tail':>10} {'+ pending':>10} "
                  f"{'load_record ms':>12} {'us/turn':>8}   state after turn N: us")  # fmt: skip
            for case in names:
                loads(case, tmp)
            print(f"\nCPU us           {'turns':>5} {'printout':>10} {'view':>10}   "
                  "(the last turn's, one stored row)")  # fmt: skip
            for case in names:
                output_reads(case, tmp)


if __name__ == "__main__":
    main(sys.argv[1:])
