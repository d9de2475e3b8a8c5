"""``serve`` end to end in a child process, and the small commands."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from umpire.server import commands

SUBPROC = Path(__file__).with_name("subproc.py")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _call(url: str, token: str | None = None, body: dict[str, Any] | None = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method="POST" if data else "GET")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def _confirmation_key(var: Path) -> str:
    """The key of the address confirmation mail, once the mail thread has written it."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for path in sorted((var / "mail").glob("*")):
            found = re.search(r"/accounts/confirm-email/([-:\w]+)/", path.read_text())
            if found:
                return found.group(1)
        time.sleep(0.3)
    raise AssertionError("no confirmation mail under var/mail/")


@pytest.mark.own_sqlite  # its server's database is a SQLite file in tmp_path
def test_serve_runs_the_demo_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(UMPIRE_VAR_DIR=str(tmp_path), PYTHONUNBUFFERED="1", UMPIRE_TICK_SECONDS="0.5")
    child = subprocess.Popen(
        [sys.executable, str(SUBPROC), "serve", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert child.stdout is not None
    lines: list[str] = []
    try:
        while not any("Worker running" in line for line in lines):
            line = child.stdout.readline()
            assert line, "".join(lines)
            lines.append(line)
        banner = "".join(lines)
        base = f"http://127.0.0.1:{port}"
        assert f"{base}/api/docs" in banner
        game_id = int(re.search(r"Demo game: id (\d+)", banner).group(1))  # type: ignore[union-attr]
        token = re.search(r"player: alice .* token (\S+)", banner).group(1)  # type: ignore[union-attr]

        status, games = _call(f"{base}/api/public/games")
        assert status == 200 and games[0]["id"] == game_id
        status, body = _call(f"{base}/api/games/{game_id}", token)
        assert status == 200 and body["game"]["you"]["role"] == "player"
        turn = body["game"]["turn"]
        # A newcomer registers, confirms her address from the mail written under var/mail/
        # (no mail server is configured), logs in and takes a bot's seat.
        zoe = {"username": "zoe", "password": "zoe-password"}
        status, _ = _call(f"{base}/api/auth/register", body={**zoe, "email": "zoe@example.org"})
        assert status == 201
        status, _ = _call(f"{base}/api/auth/confirm", body={"key": _confirmation_key(tmp_path)})
        assert status == 200
        status, newcomer = _call(f"{base}/api/auth/token", body=zoe)
        assert status == 200, newcomer
        status, body = _call(f"{base}/api/games/{game_id}/join", newcomer["token"], {})
        assert status == 200 and body["message"].startswith("you now play"), body
        # Orders (none: the game's own defaults) and ready from both humans: the worker
        # thread processes the turn at once.
        for who in (token, newcomer["token"]):
            status, body = _call(
                f"{base}/api/games/{game_id}/orders", who, {"turn": turn, "text": "", "ready": True}
            )
            assert status == 200 and "receipt" in body, body
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            status, body = _call(f"{base}/api/games/{game_id}", token)
            if body["game"]["turn"] > turn:
                break
            time.sleep(0.3)
        assert body["game"]["turn"] > turn, "the worker did not process the turn"
        # The worker (a child process of serve) also sends the mail: with no mail server
        # set, each one is a file under the var dir's mail/.
        while time.monotonic() < deadline:
            mails = [f.read_text() for f in (tmp_path / "mail").glob("*")]
            if any("zoe@example.org" in m for m in mails):
                break
            time.sleep(0.3)
        assert any("zoe@example.org" in m for m in mails), "no mail was sent"
        status, body = _call(f"{base}/api/games/{game_id}/printout", token)
        assert status == 200 and body["printout"]["text"].strip()
        status, body = _call(f"{base}/api/games/{game_id}/gm/seats", token)
        assert (status, body["code"]) == (403, "gm/forbidden")
        with urllib.request.urlopen(f"{base}/api/openapi.json", timeout=20) as response:
            assert "/api/games/{game_id}/orders" in json.loads(response.read())["paths"]
    finally:
        child.send_signal(signal.SIGINT)
        try:
            out, _ = child.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            child.kill()
            raise
    assert child.returncode == 0, out


def _documented(command: str) -> list[str]:
    """The usage line of ``umpire COMMAND`` in docs/server.md, as words."""
    text = (Path(__file__).resolve().parents[2] / "docs/server.md").read_text()
    line = re.search(rf"`umpire {command} ([^`]*)`", text)
    assert line, f"docs/server.md shows no `umpire {command} ...`"
    return line.group(1).split()


@pytest.mark.parametrize("entry", ["umpire", "python -m umpire.server"])
def test_creategm_takes_the_documented_arguments(
    entry: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/server.md once showed a `creategm` syntax that neither entry point accepted."""
    from umpire import cli
    from umpire.server import __main__ as server_main

    assert _documented("creategm") == ["NAME", "EMAIL", "[--password", "P]"]
    seen: list[tuple[str, str, str | None]] = []
    monkeypatch.setattr(commands, "creategm", lambda *args: seen.append(args) or 0)
    words = ["creategm", "referee", "ref@example.org", "--password", "pw-pw-pw-pw"]
    main = cli.main if entry == "umpire" else server_main.main
    assert main(words) == 0
    assert main(words[:3]) == 0
    assert seen == [
        ("referee", "ref@example.org", "pw-pw-pw-pw"),
        ("referee", "ref@example.org", None),
    ]


@pytest.mark.parametrize("entry", ["umpire", "python -m umpire.server"])
def test_serve_takes_demo_and_no_demo(entry: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from umpire import cli
    from umpire.server import __main__ as server_main

    text = (Path(__file__).resolve().parents[2] / "docs/server.md").read_text()
    assert "[--demo | --no-demo]" in text
    seen: list[tuple[str, int, bool, int | None]] = []
    monkeypatch.setattr(commands, "serve", lambda *args: seen.append(args) or 0)
    main = cli.main if entry == "umpire" else server_main.main
    for words in (["serve"], ["serve", "--demo"], ["serve", "--no-demo", "--workers", "3"]):
        assert main(words) == 0
    assert seen == [
        ("127.0.0.1", 8000, True, None),
        ("127.0.0.1", 8000, True, None),
        ("127.0.0.1", 8000, False, 3),
    ]


def test_export_writes_a_server_game_as_a_record_the_command_line_replays(
    transactional_db: Any, mailoutbox: list[Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game master could not take a server game to ``umpire replay`` (docs/server.md spoke
    of an export that did not exist): ``umpire export GAME FILE`` writes its whole record."""
    from tests.server.mail.conftest import start_table
    from umpire import cli
    from umpire.server.models import Game
    from umpire.server.usecases import submissions, turns

    table = start_table()
    submissions.submit_orders(table.game_id, table.players["RED"], "TAKE 2", turn=1)
    assert turns.process_due(table.game_id, 1, force=True)
    path = tmp_path / "game.json"
    out = io.StringIO()
    assert cli.main(["export", str(table.game_id), str(path)], out=out) == 0
    assert f"Game {table.game_id} (pebbles, standard): 1 turn(s) written to" in out.getvalue()
    data = json.loads(path.read_text())
    assert data["seed"] == Game.objects.get(pk=table.game_id).seed
    assert [s["orders"] for s in data["turns"][0]["submissions"]] == [["TAKE 2"]]
    out = io.StringIO()
    assert cli.main(["replay", str(path)], out=out) == 0
    assert "identical to the record" in out.getvalue()
    assert cli.main(["export", str(table.game_id), str(path)]) == 2  # exists already
    assert "exists already" in capsys.readouterr().err
    assert cli.main(["export", str(table.game_id + 99), str(tmp_path / "x.json")]) == 2
    assert f"no started game {table.game_id + 99}" in capsys.readouterr().err
