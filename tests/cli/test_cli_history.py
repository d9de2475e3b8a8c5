"""``umpire history``: the whole game's maps as one reader saw them, as an SVG or a GIF."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from umpire import cli
from umpire.cli import records
from umpire.core import history, session
from umpire.core.record import GameRecord


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = cli.main(list(argv), out=out)
    return code, out.getvalue()


def _play(game: str, scenario: str, turns: int) -> GameRecord:
    record = session.create(game, scenario=scenario, seed=2)
    while record.processed < turns:
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    return record


@pytest.fixture(scope="module")
def origins(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("history") / "oww.json"
    records.save_record(_play("origins", "historical", 2), path)
    return path


def test_a_powers_svg_is_drawn_from_his_views_only(origins: Path, tmp_path: Path) -> None:
    out = tmp_path / "ger.svg"
    code, text = run(
        "history", str(origins), "--power", "germany", "--format", "svg", "-o", str(out)
    )
    assert code == 0, text
    assert text == f"3 turn(s) of GER's view written to {out}\n"
    record = records.load_record(origins)
    expected = history.animated_svg(
        history.record_frames(record, "GER"), "origins (historical): GER's view"
    )
    assert out.read_text(encoding="utf-8") == expected
    assert expected != history.animated_svg(
        history.record_frames(record, history.UMPIRE), "origins (historical): GER's view"
    )


def test_the_public_gif_by_default(origins: Path, tmp_path: Path) -> None:
    out = tmp_path / "public.gif"
    code, text = run("history", str(origins), "--format", "gif", "-o", str(out))
    assert code == 0, text
    assert "the public view" in text
    image = Image.open(out)
    assert image.format == "GIF" and image.n_frames == 3


def test_the_umpires_view_needs_umpire(origins: Path, tmp_path: Path) -> None:
    out = tmp_path / "u.svg"
    assert (
        run("history", str(origins), "--power", "umpire", "--format", "svg", "-o", str(out))[0] == 2
    )
    assert not out.exists()
    assert run("history", str(origins), "--power", "GER", "--umpire", "--format", "svg")[0] == 2
    code, text = run("history", str(origins), "--umpire", "--format", "svg", "-o", str(out))
    assert code == 0 and "the umpire's view" in text


def test_a_game_that_draws_no_map_has_no_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pebbles.json"
    assert run("new", "pebbles", str(path), "--seed", "4", "--powers", "red,blue")[0] == 0
    code, _ = run(
        "history", str(path), "--power", "RED", "--format", "svg", "-o", str(tmp_path / "x.svg")
    )
    assert code == 2
    assert "draws no map" in capsys.readouterr().err
    assert not (tmp_path / "x.svg").exists()


def test_an_unknown_power_is_refused(origins: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("history", str(origins), "--power", "PINK", "--format", "svg")[0] == 2
    assert "PINK" in capsys.readouterr().err
