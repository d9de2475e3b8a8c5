"""Issue 29 item 9: the command line names powers as a person reads them, code beside."""

from __future__ import annotations

import io
from pathlib import Path

from umpire import cli


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return cli.main(list(argv), out=out), out.getvalue()


def test_new_and_status_name_each_power_with_its_code(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, text = run("new", "diplomacy", str(path), "--seed", "3")
    assert code == 0, text
    assert "Austria (AUS), England (ENG), France (FRA)" in text
    code, text = run("status", str(path))
    assert code == 0, text
    assert "Submitted: nobody" in text
    assert "Waiting for: Austria (AUS), England (ENG), France (FRA)" in text


def test_a_power_without_a_name_reads_as_its_code(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run("new", "pebbles", str(path), "--seed", "4", "--powers", "red,blue")
    assert "Waiting for: BLUE, RED" in run("status", str(path))[1]
