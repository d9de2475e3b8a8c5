"""``umpire forecast``: a power's orders tried from his own view; the record never written."""

from __future__ import annotations

import io
from contextlib import nullcontext
from pathlib import Path

import pytest

from umpire import cli
from umpire.core import registry
from umpire.core.ruleset import Capabilities


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = cli.main(list(argv), out=out)
    return code, out.getvalue()


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    code, text = run("new", "diplomacy", str(path), "--seed", "2")
    assert code == 0, text
    return path


def orders(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_forecast_prints_the_bounce_and_never_writes_the_record(
    record: Path, tmp_path: Path
) -> None:
    before = record.read_bytes()
    mine = orders(tmp_path, "fra.txt", "A par - bur\nF bre - mao\n")
    guess = orders(tmp_path, "ger.txt", "A mun - bur\n")
    code, text = run("forecast", str(record), "France", mine, "--guess", f"ger={guess}")
    assert code == 0, text
    assert text.startswith("No problems.\n\nFORECAST of Spring 1901 movement")
    assert "from France (FRA)" in text
    assert "FRA A par - bur: failed" in text and "GER A mun - bur: failed" in text
    assert "FRA F bre - mao: moved" in text
    assert record.read_bytes() == before
    code, status = run("status", str(record))
    assert "Submitted: nobody" in status


def test_forecast_reports_problems_with_exit_1(record: Path, tmp_path: Path) -> None:
    mine = orders(tmp_path, "fra.txt", "A par - xyz\nA mar H\n")
    code, text = run("forecast", str(record), "FRA", mine)
    assert code == 1
    assert text.startswith("Problems:\nFRA: line 1")
    assert "FORECAST of Spring 1901 movement" in text


@pytest.mark.parametrize(
    "extra",
    [
        ["--guess", "nowhere"],
        ["--guess", "Atlantis=x.txt"],
        ["--guess", "FRA=x.txt"],
        ["--seed", "-3"],
    ],
)
def test_bad_arguments_are_unusable_input(
    record: Path, tmp_path: Path, extra: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    mine = orders(tmp_path, "x.txt", "A par H\n")
    with pytest.raises(SystemExit) if extra[0] == "--seed" else nullcontext():
        code, _ = run(
            "forecast", str(record), "FRA", mine, *[e.replace("x.txt", mine) for e in extra]
        )
        assert code == 2
        assert "umpire:" in capsys.readouterr().err


def test_a_game_with_dice_draws_them_from_the_seed_given(tmp_path: Path) -> None:
    path = tmp_path / "toy.json"
    assert run("new", "pebbles", str(path), "--seed", "4")[0] == 0
    mine = orders(tmp_path, "red.txt", "TAKE 3\n")
    once = run("forecast", str(path), "RED", mine, "--seed", "8")
    again = run("forecast", str(path), "RED", mine, "--seed", "8")
    assert once == again and once[0] == 0
    assert "dice from seed 8" in once[1]


def test_a_game_without_a_forecast_is_unusable_input(
    record: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setitem(registry.game("diplomacy").features, "standard", Capabilities())  # type: ignore[index]
    code, _ = run("forecast", str(record), "FRA", orders(tmp_path, "x.txt", "A par H\n"))
    assert code == 2
    assert "[forecast/unavailable]" in capsys.readouterr().err
