"""The command line: every command, its exit status and its atomic record writes."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from umpire import cli
from umpire.cli import parser as cli_parser


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = cli.main(list(argv), out=out)
    return code, out.getvalue()


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    code, text = run("new", "pebbles", str(path), "--seed", "4", "--powers", "red,blue")
    assert code == 0, text
    assert "Powers: RED, BLUE" in text
    return path


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "orders.txt"
    path.write_text(text)
    return str(path)


def test_games_lists_every_game_and_scenario() -> None:
    code, text = run("games")
    assert code == 0
    assert "pebbles: Pebbles (test game) (also: toy)" in text
    assert "standard: Twenty pebbles; 2-3 players" in text


def test_orders_receipt_and_exit_status(record: Path, tmp_path: Path) -> None:
    code, text = run("orders", str(record), "RED", write(tmp_path, "take 2\n"))
    assert code == 0
    assert "line   1: TAKE 2" in text and "No problems." in text
    code, text = run("orders", str(record), "blue", write(tmp_path, "TAKE 1\nTAKE 7\n"))
    assert code == 1
    assert "line   1: TAKE 1" in text and "line 2:" in text
    data = json.loads(record.read_text())
    assert [s["orders"] for s in data["pending"]] == [["TAKE 2"], ["TAKE 1"]]


def test_unusable_input_exits_2(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("orders", str(record), "PINK", write(tmp_path, "TAKE 1"))[0] == 2
    assert "no power 'PINK'" in capsys.readouterr().err
    assert run("new", "nosuchgame", str(tmp_path / "x.json"))[0] == 2
    assert "unknown game 'nosuchgame'" in capsys.readouterr().err
    assert run("status", str(tmp_path / "missing.json"))[0] == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert run("status", str(bad))[0] == 2
    assert "corrupt record" in capsys.readouterr().err
    assert run("new", "pebbles", str(record))[0] == 2  # exists already


def test_process_report_status_and_replay(record: Path, tmp_path: Path) -> None:
    run("orders", str(record), "RED", write(tmp_path, "TAKE 3"))
    code, text = run("status", str(record))
    assert code == 0 and "Submitted: RED" in text and "Waiting for: BLUE" in text
    code, text = run("process", str(record))
    assert code == 0 and "Processed Turn 1." in text
    code, text = run("report", str(record), "RED")
    assert code == 0 and "You took 3." in text and "Your hoard: 3" in text
    assert "You took 1." not in text  # BLUE's take (its default) is BLUE's secret
    code, text = run("report", str(record), "umpire")
    assert "You took 1." in text
    code, text = run("report", str(record), "RED", "--turn", "0")
    assert code == 0 and "Your hoard: 0" in text
    assert run("report", str(record), "RED", "--turn", "5")[0] == 2
    code, text = run("replay", str(record))
    assert code == 0 and "identical" in text


def test_replay_exits_1_on_divergence(record: Path) -> None:
    run("process", str(record))
    data = json.loads(record.read_text())
    data["turns"][0]["state"]["pile"] += 5
    record.write_text(json.dumps(data))
    code, text = run("replay", str(record))
    assert code == 1 and "DIVERGENCE turn 1" in text


def test_orders_after_game_over_exit_2(record: Path, tmp_path: Path) -> None:
    for _ in range(40):
        _, text = run("process", str(record))
        if "Game over" in text:
            break
    assert run("orders", str(record), "RED", write(tmp_path, "TAKE 1"))[0] == 2


def test_a_new_submission_replaces_the_earlier_one(record: Path, tmp_path: Path) -> None:
    run("orders", str(record), "RED", write(tmp_path, "TAKE 1"))
    run("orders", str(record), "RED", write(tmp_path, "TAKE 3"))
    run("process", str(record))
    data = json.loads(record.read_text())
    assert data["turns"][0]["state"]["hoards"]["RED"] == 3


def test_record_write_is_atomic(
    record: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = record.read_text()

    def crash(src: str, dst: str) -> None:
        raise OSError("disk on fire")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        run("orders", str(record), "RED", write(tmp_path, "TAKE 2"))
    assert record.read_text() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_demo_plays_to_the_end_and_prints_every_printout(tmp_path: Path) -> None:
    saved = tmp_path / "demo.json"
    code, text = run("demo", "pebbles", "--seed", "3", "--record", str(saved))
    assert code == 0
    assert "=== Game over:" in text
    assert text.count("--- Printout for RED ---") == text.count("--- Printout for BLUE ---") > 0
    assert run("replay", str(saved))[0] == 0


def test_demo_stops_after_the_given_turns() -> None:
    code, text = run("demo", "pebbles", "--seed", "3", "--turns", "1")
    assert code == 0 and "Stopped after 1 turn(s)." in text


def test_seed_is_never_printed(record: Path, tmp_path: Path) -> None:
    seed = str(json.loads(record.read_text())["seed"])
    run("orders", str(record), "RED", write(tmp_path, "TAKE 1"))
    run("process", str(record))
    for argv in (("status", str(record)), ("report", str(record), "RED")):
        assert f"seed {seed}" not in run(*argv)[1].lower()


def test_records_are_written_compact_and_indented_ones_still_read(
    record: Path, tmp_path: Path
) -> None:
    text = record.read_text()
    assert text.count("\n") == 1 and '": ' not in text  # one line, no padding (issue 18)
    data = json.loads(text)
    record.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")  # an older record
    code, out = run("orders", str(record), "RED", write(tmp_path, "take 2\n"))
    assert code == 0, out
    rewritten = json.loads(record.read_text())
    assert record.read_text().count("\n") == 1
    assert rewritten["pending"][-1]["orders"] == ["TAKE 2"]
    assert {k: v for k, v in rewritten.items() if k != "pending"} == {
        k: v for k, v in data.items() if k != "pending"
    }


def test_a_command_imports_only_the_game_of_its_record(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "game.json"
    assert run("new", "diplomacy", str(path), "--seed", "1")[0] == 0
    probe = (
        "import sys\nfrom umpire import cli\n"
        f"code = cli.main(['status', {str(path)!r}])\n"
        "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('umpire.games.')}))\n"
        "sys.exit(code)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "['diplomacy']"


def test_replay_of_a_record_made_before_the_no_orders_notes_is_no_divergence(
    tmp_path: Path,
) -> None:
    """A Diplomacy record made before the game told a power that sent nothing that no
    orders came: the draws, states and rule events are the same, so replay says so and exits
    0, naming the turns whose notes to players differ; a rule event changed is a divergence."""
    path = tmp_path / "dip.json"
    assert run("new", "diplomacy", str(path), "--seed", "3")[0] == 0
    assert run("orders", str(path), "AUS", write(tmp_path, "A Vie - Bud\n"))[0] == 0
    assert run("process", str(path))[0] == 0
    assert run("process", str(path))[0] == 0
    data = json.loads(path.read_text())
    assert any(e["kind"] == "no_orders" for e in data["turns"][0]["events"])
    old = json.loads(path.read_text())
    for turn in old["turns"]:
        turn["events"] = [e for e in turn["events"] if e["kind"] != "no_orders"]
    path.write_text(json.dumps(old))
    code, text = run("replay", str(path))
    assert code == 0, text
    assert "DIVERGENCE" not in text
    assert "NOTE turn 1: only the notes to players differ from the record" in text
    assert "NOTE turn 2:" in text
    assert "the same draws, states and rule events as the record" in text
    old["turns"][0]["events"][-1]["text"] += " (edited)"
    path.write_text(json.dumps(old))
    code, text = run("replay", str(path))
    assert code == 1 and "DIVERGENCE turn 1: the events differ from the record" in text


def test_rollback_undoes_the_last_turn_and_its_orders_are_pending_again(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game master on the command line had no way to undo a turn processed too early."""
    assert run("rollback", str(record))[0] == 2  # nothing processed yet
    assert "no turn" in capsys.readouterr().err.lower()
    run("orders", str(record), "RED", write(tmp_path, "TAKE 3"))
    run("process", str(record))
    before = json.loads(record.read_text())
    code, text = run("rollback", str(record))
    assert code == 0, text
    assert "Rolled back Turn 1: its 1 submission(s) are pending again." in text
    assert "Next: Turn 1" in text
    data = json.loads(record.read_text())
    assert data["turns"] == [] and [s["orders"] for s in data["pending"]] == [["TAKE 3"]]
    code, text = run("status", str(record))
    assert "Submitted: RED" in text and "Waiting for: BLUE" in text
    run("process", str(record))
    assert json.loads(record.read_text())["turns"] == before["turns"]
    assert run("replay", str(record))[0] == 0


def test_end_declares_a_result_and_the_game_takes_no_more_orders(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game master on the command line could not end a game by agreement, as the server's
    console can: the result is declared, the printouts say so, orders are refused."""
    run("orders", str(record), "RED", write(tmp_path, "TAKE 3"))
    run("process", str(record))
    assert run("end", str(record), "--winners", "red,red")[0] == 2  # a power named twice
    assert run("end", str(record), "--winners", "green")[0] == 2
    assert "green" in capsys.readouterr().err.lower()
    code, text = run("end", str(record), "--winners", "red, blue", "--summary", "agreed draw")
    assert code == 0 and text == "Game over: agreed draw\n"
    data = json.loads(record.read_text())
    assert data["outcome"]["winners"] == ["RED", "BLUE"]
    assert "Game over" in run("status", str(record))[1]
    assert "agreed draw" in run("report", str(record), "RED")[1]
    assert run("orders", str(record), "RED", write(tmp_path, "TAKE 1"))[0] == 2
    assert run("end", str(record), "--winners", "red")[0] == 2  # already over
    assert run("replay", str(record))[0] == 0


def test_a_wrong_number_of_powers_or_a_power_named_twice_says_what_is_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Testers' report: "standard takes 7 to 7 powers, not 2" and "a power is named twice"
    named neither the game nor the power."""
    path = str(tmp_path / "x.json")
    assert run("new", "dip", path, "--powers", "ENG,FRA")[0] == 2
    err = capsys.readouterr().err
    assert "the diplomacy scenario standard takes 7 powers, not 2 [game/player_count]" in err
    assert run("new", "conquest", path, "--powers", "RED")[0] == 2
    assert "the conquest scenario standard takes 2 to 6 powers, not 1" in capsys.readouterr().err
    assert run("new", "origins", path, "--powers", "GER,USSR,Germany,FRA,GBR")[0] == 2
    assert "GER is named twice [game/duplicate_power]" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


def test_a_setting_the_game_refuses_is_an_error_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Testers' report: `umpire new conquest g.json --set foo=1` ended in a Python traceback."""
    path = tmp_path / "g.json"
    assert run("new", "conquest", str(path), "--set", "foo=1")[0] == 2
    err = capsys.readouterr().err
    assert "the game refuses the settings foo=1: unknown setting(s) foo" in err
    assert "Traceback" not in err
    assert run("new", "conquest", str(path), "--set", "warchest=150")[0] == 2
    assert "must be in whole chips" in capsys.readouterr().err
    assert not path.exists()
    assert run("new", "conquest", str(path), "--set", "warchest=1000")[0] == 0


def test_a_record_whose_state_does_not_load_is_corrupt_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Testers' report: a record damaged inside a state (a hand edit, a bad copy) ended
    status, report, orders and process in a Python traceback (exit 1)."""
    path = tmp_path / "dip.json"
    assert run("new", "diplomacy", str(path), "--seed", "3")[0] == 0
    assert run("process", str(path))[0] == 0
    data = json.loads(path.read_text())
    data["turns"][0]["state"]["units"] = "x"
    path.write_text(json.dumps(data))
    orders = write(tmp_path, "A vie H\n")
    for argv in (["status"], ["report", "AUS"], ["orders", "AUS", orders], ["process"]):
        assert run(argv[0], str(path), *argv[1:])[0] == 2, argv
        err = capsys.readouterr().err
        assert "corrupt game record: the state after turn 1 does not load" in err, argv
    assert json.loads(path.read_text()) == data  # nothing written


@pytest.mark.parametrize("turns", ["0", "-1", "many"])
def test_demo_refuses_a_number_of_turns_below_one(
    turns: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Testers' report: `umpire demo origins --turns -1` played nothing and said nothing."""
    with pytest.raises(SystemExit) as exit_:
        run("demo", "pebbles", "--turns", turns)
    assert exit_.value.code == 2
    assert f"a number of turns is 1 or more, not {turns!r}" in capsys.readouterr().err


def test_an_orders_file_saved_with_a_byte_order_mark_reads_its_first_line(
    tmp_path: Path,
) -> None:
    """Testers' report: a file saved by Windows Notepad (UTF-8 with a byte order mark, CRLF)
    had its first order refused as an unknown province '\\ufeffa vie'."""
    path = tmp_path / "dip.json"
    assert run("new", "diplomacy", str(path), "--seed", "3")[0] == 0
    orders = tmp_path / "orders.txt"
    orders.write_bytes("\ufeffA Vie H\r\nF Tri H\r\n".encode())
    code, text = run("orders", str(path), "AUS", str(orders))
    assert code == 0, text
    assert "line   1: A vie H" in text and "No problems." in text


def test_every_argument_of_the_game_commands_says_what_it_is() -> None:
    """Testers' report: `umpire new --help` listed `game`, `record`, `--scenario` and
    `--seed` with no word on what they take."""
    import argparse

    parser = cli_parser.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    names = ("new", "orders", "process", "rollback", "end", "report", "status", "replay", "demo")
    for name in names:
        for action in sub.choices[name]._actions:
            assert action.help, (name, action.dest)


def test_games_summarises_a_scenario_seated_by_starting_space() -> None:
    """Play review: ``umpire games`` printed the 224 starting spaces of World Wide Battle Plan's
    Equal Forces and Anonymous games on one line each. It gives their count, how players
    choose theirs and the command that lists them; few powers are still listed in full."""
    code, text = run("games")
    assert code == 0
    assert max(len(line) for line in text.splitlines()) < 200
    lines = text.splitlines()
    at = lines.index("  equal: World Wide Battle Plan: Equal Forces; 2-31 players")
    block = "\n".join(lines[at + 1 : at + 8])
    assert "223 powers; players choose theirs when they join: starting spaces, best" in block
    assert "umpire games battleplan equal lists them all" in block
    assert "umpire new without --powers seats 25: EFR EWG" in block
    assert "EGI" not in block  # a space the default seats do not include: not listed
    assert "  europe: Battle Plan: Europe; 5-29 players; powers AL AU BA" in text
    assert "  standard: Standard Diplomacy (1901); 7 players; powers AUS ENG FRA" in text


def test_games_of_one_scenario_lists_every_power() -> None:
    code, text = run("games", "bp", "equal")
    assert code == 0
    assert "anonymous:" not in text and "diplomacy" not in text
    listed = [line.split()[0] for line in text.splitlines() if line.startswith("      E")]
    assert listed[:3] == ["EAL", "EAR", "EAU"]  # the real map's land spaces (issue 27)
    assert "      EGI   Gibraltar" in text  # each with its name
    assert all(len(line) <= 78 for line in text.splitlines()[1:])
    code, text = run("games", "diplomacy", "standard")
    assert "      FRA   France" in text
    assert run("games", "bp", "moon")[0] == 2
    assert run("games", "chess")[0] == 2


def test_report_is_headed_by_the_phase_played_then_the_one_due(tmp_path: Path) -> None:
    """Issue 29: after Spring 1901 the printout began "Diplomacy: Fall 1901 movement"."""
    path = tmp_path / "dip.json"
    assert run("new", "diplomacy", str(path), "--seed", "1")[0] == 0
    code, text = run("report", str(path), "england")
    assert code == 0
    assert text.startswith(
        "Opening position · orders due for Spring 1901 movement\n"
        "Standard Diplomacy (1901), report for England (ENG)\n"
    )
    run("orders", str(path), "ENG", write(tmp_path, "F lon - nth"))
    run("process", str(path))
    code, text = run("report", str(path), "ENG")
    assert code == 0
    assert text.startswith(
        "Results of Spring 1901 movement · orders due for Fall 1901 movement\n"
        "Standard Diplomacy (1901), report for England (ENG)\n"
    )
    assert "Diplomacy: Fall 1901 movement" not in text
    code, text = run("report", str(path), "umpire", "--turn", "1")
    assert text.startswith("Results of Spring 1901 movement · orders due for Fall 1901 movement\n")
    assert text.splitlines()[1] == "Standard Diplomacy (1901), the umpire's report"


def test_the_receipt_warns_of_an_order_the_rules_will_refuse(tmp_path: Path) -> None:
    """Issue 29: a 1939 III tank over the ratio was received with "No problems."."""
    path = tmp_path / "d39.json"
    assert run("new", "diplomacy", str(path), "--scenario", "1939-iii", "--seed", "1")[0] == 0
    code, text = run("orders", str(path), "GER", write(tmp_path, "Build A ber\nBuild T mun"))
    assert code == 0, text  # accepted: the order is legal
    assert "  line   2: Build T mun\n            accepted, but will be refused: " in text
    assert "one tank for two armies (D39 18)" in text and "No problems." not in text
