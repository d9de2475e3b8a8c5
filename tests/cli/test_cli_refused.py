"""The command line's entrance to the one submission rule (issue 26, items 1 and 2): a
submission with no accepted order changes nothing and says what stands; CLEAR withdraws; a
power the turn does not wait for stores nothing and is never listed under "Submitted"."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from umpire import cli


def run(*argv: str, stdin: str | None = None) -> tuple[int, str]:
    out = io.StringIO()
    if stdin is not None:
        saved, sys.stdin = sys.stdin, io.StringIO(stdin)
    try:
        code = cli.main(list(argv), out=out)
    finally:
        if stdin is not None:
            sys.stdin = saved
    return code, out.getvalue()


@pytest.fixture
def conquest(tmp_path: Path) -> str:
    path = str(tmp_path / "rec.json")
    assert run("new", "conquest", path, "--seed", "1")[0] == 0
    return path


@pytest.mark.rule("COTW 2")
def test_a_typo_after_good_orders_leaves_them_standing(conquest: str) -> None:
    """`umpire orders REC RED - <<< "DIGIT 3"`, then `... <<< "DIGTI 4"` (exit 1): RED's
    number was the no-orders default 0 after processing, not 3, and nothing warned him."""
    assert run("orders", conquest, "RED", "-", stdin="DIGIT 3\n")[0] == 0
    saved = Path(conquest).read_text()
    code, text = run("orders", conquest, "RED", "-", stdin="DIGTI 4\n")
    assert code == 1
    assert "Nothing was stored: this submission changed nothing." in text
    assert "Your earlier orders for this turn stand (1):\n  DIGIT 3\n" in text
    assert Path(conquest).read_text() == saved  # the record is not touched
    assert "Submitted: RED" in run("status", conquest)[1]
    assert run("process", conquest)[0] == 0
    record = json.loads(Path(conquest).read_text())
    assert record["turns"][0]["state"]["digits"]["RED"] == 3


@pytest.mark.rule("COTW 2")
def test_clear_withdraws_the_orders(conquest: str) -> None:
    assert run("orders", conquest, "RED", "-", stdin="DIGIT 3\n")[0] == 0
    code, text = run("orders", conquest, "RED", "-", stdin="CLEAR\n")
    assert code == 0 and "any sent earlier are withdrawn" in text
    record = json.loads(Path(conquest).read_text())
    assert [s["orders"] for s in record["pending"]] == [["DIGIT 3"], []]


@pytest.mark.rule("SPI 4.1")
def test_orders_out_of_turn_are_refused_and_not_listed_as_submitted(tmp_path: Path) -> None:
    """SPI WW2: orders from a power that is not phasing were refused line by line but stored,
    and `umpire status` listed that power under "Submitted"."""
    path = str(tmp_path / "spi.json")
    assert run("new", "spi-ww2", path, "--scenario", "4-player", "--seed", "1")[0] == 0
    status = run("status", path)[1]
    # "Waiting for: Germany (GER), ...": the codes beside the names (issue 29)
    waiting = re.findall(r"\((\w+)\)", status.split("Waiting for: ")[1])
    assert waiting
    idle = next(p for p in json.loads(Path(path).read_text())["powers"] if p not in waiting)
    code, text = run("orders", path, idle, "-", stdin="PASS\n")
    assert code == 1 and "[turn/not_expected]" in text
    assert "Submitted: nobody" in run("status", path)[1]
    assert json.loads(Path(path).read_text())["pending"] == []
