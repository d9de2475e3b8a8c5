"""The command line on a real game: Origins of World War II from new game to final scores."""

from __future__ import annotations

import io
import json
from pathlib import Path

from umpire import cli


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return cli.main(list(argv), out=out), out.getvalue()


def test_a_full_game_of_origins_through_the_command_line(tmp_path: Path) -> None:
    game = tmp_path / "origins.json"
    assert run("new", "origins", str(game), "--seed", "12")[0] == 0
    orders = tmp_path / "ger.txt"
    orders.write_text("place 4 poland\nattack pol ussr with 99\nfoo bar\n")
    code, receipt = run("orders", str(game), "ger", str(orders))
    assert code == 1  # two lines refused, the first stored
    assert "line   1: PLACE 4 POL" in receipt
    assert "line 2:" in receipt and "line 3:" in receipt
    code, status = run("status", str(game))
    assert "Submitted: Germany (GER)" in status
    turns = 0
    while True:
        code, text = run("process", str(game))
        assert code == 0
        turns += 1
        if "Game over" in text:
            break
    assert turns == 6  # OWW: six turns
    data = json.loads(game.read_text())
    assert data["outcome"]["winners"]
    code, report = run("report", str(game), "GER")
    assert code == 0 and "FINAL SCORES" in report
    code, first = run("report", str(game), "GER", "--turn", "1")
    assert "Turn 1 (1933)" in first
    assert run("replay", str(game)) == (0, "Replayed 6 turn(s): identical to the record.\n")
    assert run("orders", str(game), "GER", str(orders))[0] == 2  # the game is over
