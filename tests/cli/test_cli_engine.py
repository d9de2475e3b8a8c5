"""The command line over the engine's seams: stale turns, power names, the size limit, game
settings and a damaged record's replay (issue 12, "The engine" and the CLI items)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from umpire import cli
from umpire.core.submission import MAX_SUBMISSION_BYTES


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = cli.main(list(argv), out=out)
    return code, out.getvalue()


def write(tmp_path: Path, text: str, name: str = "orders.txt") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.fixture
def origins(tmp_path: Path) -> Path:
    path = tmp_path / "oww.json"
    assert run("new", "origins", str(path), "--seed", "7")[0] == 0
    return path


def test_orders_for_a_stale_turn_are_refused_like_the_api(
    origins: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = origins.read_text()
    code, _ = run("orders", str(origins), "GER", write(tmp_path, "PLACE 2 POL\n"), "--turn", "2")
    assert code == 2
    assert "[turn/stale]" in capsys.readouterr().err
    assert origins.read_text() == before
    code, text = run("orders", str(origins), "GER", write(tmp_path, "PLACE 2 POL\n"), "--turn", "1")
    assert code == 0, text


@pytest.mark.parametrize("name", ["GER", "ger", "Germany", "GERMANY", " germany "])
def test_a_power_is_named_by_code_or_full_name_in_any_case(
    origins: Path, tmp_path: Path, name: str
) -> None:
    code, text = run("orders", str(origins), name, write(tmp_path, "PLACE 2 POL\n"))
    assert code == 0, text
    assert "orders of Germany (GER)" in text
    assert json.loads(origins.read_text())["pending"][0]["power"] == "GER"
    code, text = run("report", str(origins), name)
    assert code == 0 and "GER" in text


def test_a_full_name_of_two_words(origins: Path, tmp_path: Path) -> None:
    code, text = run("orders", str(origins), "great britain", write(tmp_path, "PLACE 1 POL\n"))
    assert code == 0 and "orders of Great Britain (GBR)" in text


def test_a_submission_over_the_size_limit_is_refused_and_nothing_is_stored(
    origins: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ok = run("orders", str(origins), "GER", write(tmp_path, "PLACE 2 POL\n"))
    assert ok[0] == 0
    before = origins.read_text()
    junk = "PLACE 1 POL " + "x" * MAX_SUBMISSION_BYTES
    code, text = run("orders", str(origins), "GER", write(tmp_path, junk, "big.txt"))
    assert code == 1 and text == ""  # no receipt: nothing was read
    err = capsys.readouterr().err
    assert "[submission/too_large]" in err and f"at most {MAX_SUBMISSION_BYTES} bytes" in err
    assert len(err) < 300  # the junk is never echoed back
    assert origins.read_text() == before  # the earlier submission still counts


def test_new_takes_game_settings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    code, _ = run(
        "new", "pebbles", str(path), "--seed", "1",
        "--set", "max_turns=2", "--set", "label=big game", "--set", "flags=[1, 2]",
    )  # fmt: skip
    assert code == 0
    assert json.loads(path.read_text())["settings"] == {
        "max_turns": 2,
        "label": "big game",
        "flags": [1, 2],
    }
    for _ in range(2):
        for power in ("RED", "BLUE", "GREEN"):
            run("orders", str(path), power, write(tmp_path, "TAKE 1\n"))
        assert run("process", str(path))[0] == 0
    assert json.loads(path.read_text())["outcome"] is not None  # the setting took effect
    assert run("new", "pebbles", str(tmp_path / "b.json"), "--set", "novalue")[0] == 2
    assert "KEY=VALUE" in capsys.readouterr().err


def _played(tmp_path: Path) -> Path:
    path = tmp_path / "demo.json"
    code, _ = run("demo", "pebbles", "--seed", "3", "--turns", "2", "--record", str(path))
    assert code == 0
    return path


def test_replay_of_a_record_whose_draws_run_out_reports_and_exits_1(
    tmp_path: Path,
) -> None:
    path = _played(tmp_path)
    data = json.loads(path.read_text())
    assert data["turns"][0]["draws"], "the first turn must draw for this test"
    data["turns"][0]["draws"] = data["turns"][0]["draws"][:1]
    path.write_text(json.dumps(data))
    code, text = run("replay", str(path))
    assert code == 1
    assert text.startswith("DIVERGENCE turn 1: the record holds no draw for")


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d["turns"][0].update(state={"nonsense": True}),
        lambda d: d["turns"][0]["submissions"][0].update(orders=["FROBNICATE"]),
        lambda d: d.update(setup_draws=[]),
        lambda d: d.update(initial_state={}),
    ],
    ids=["edited-state", "unreadable-order", "no-setup-draws", "empty-opening"],
)
def test_replay_of_a_damaged_record_never_raises(tmp_path: Path, damage: object) -> None:
    path = _played(tmp_path)
    data = json.loads(path.read_text())
    damage(data)  # type: ignore[operator]
    path.write_text(json.dumps(data))
    code, text = run("replay", str(path))
    assert code == 1
    assert text.startswith("DIVERGENCE ")
