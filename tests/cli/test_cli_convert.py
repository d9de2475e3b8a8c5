"""``umpire convert``: a standard Diplomacy record written in the ``diplomacy`` package's
saved-game JSON and read back, every phase adjudicated again; clear refusals otherwise."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from umpire import cli


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = cli.main(list(argv), out=out)
    return code, out.getvalue()


def test_a_record_goes_out_and_comes_back_the_same(tmp_path: Path) -> None:
    record, saved, back = (str(tmp_path / n) for n in ("r.json", "saved.json", "back.json"))
    assert run("demo", "diplomacy", "--seed", "2", "--turns", "12", "--record", record)[0] == 0
    code, said = run("convert", record, saved, "--to", "diplomacy")
    assert code == 0 and "written to" in said
    phases = json.loads(Path(saved).read_text())["phases"]
    assert phases[0]["name"] == "S1901M" and phases[0]["state"]["units"]["FRANCE"]
    code, said = run("convert", saved, back, "--from", "diplomacy")
    assert code == 0 and "every position as saved" in said
    ours, theirs = (json.loads(Path(p).read_text()) for p in (record, back))
    assert ours["turns"][-1]["state"] == theirs["turns"][-1]["state"]
    assert run("replay", back)[0] == 0
    # an existing file is not overwritten without --force
    assert run("convert", record, saved, "--to", "diplomacy")[0] == 2


def test_what_cannot_be_converted_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    origins, out = str(tmp_path / "o.json"), str(tmp_path / "out.json")
    assert run("new", "origins", origins, "--seed", "1")[0] == 0
    assert run("convert", origins, out, "--to", "diplomacy")[0] == 2
    assert "origins has no format 'diplomacy'" in capsys.readouterr().err
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    assert run("convert", str(garbage), out, "--from", "diplomacy")[0] == 2
    assert "is not JSON" in capsys.readouterr().err
    garbage.write_text(json.dumps({"phases": [{"name": "S1901M", "state": {"units": {}}}]}))
    assert run("convert", str(garbage), out, "--from", "diplomacy")[0] == 2
    assert "phase S1901M: its position has no 'centers'" in capsys.readouterr().err
    empty = {"units": {}, "centers": {}}
    garbage.write_text(json.dumps({"phases": [{"name": "S1901M", "state": empty}]}))
    assert run("convert", str(garbage), out, "--from", "diplomacy")[0] == 2
    assert "the position at the start of S1901M differs" in capsys.readouterr().err
