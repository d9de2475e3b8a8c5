"""The server's codes are declared once (``umpire.server.errors``): every ``family/name``
literal in the server's sources is a declared code (the server's or core's), so the code, the
replies and ``docs/errors.md`` cannot drift apart."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from umpire.core.errordoc import document
from umpire.core.errors import CORE, Catalogue
from umpire.core.session import SessionError
from umpire.server import errors
from umpire.server.mail.heading import heading_problems, parse_heading
from umpire.server.mail.parse import parse_mail

SERVER_SRC = Path(errors.__file__).resolve().parent
CODE = re.compile(r"^[a-z]+/[a-z0-9_]+$")
# Literals of the code's shape that are no codes: MIME types (the mail parser's, the API's).
NOT_CODES = {
    "text/plain",
    "text/html",
    "application/json",
    "application/pdf",
    "image/gif",
}  # media types


def code_literals(folder: Path) -> dict[str, list[str]]:
    """Every string constant shaped ``family/name`` under ``folder``, with where it is."""
    found: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
                continue
            if CODE.match(node.value) and node.value not in NOT_CODES:
                found.setdefault(node.value, []).append(f"{path.name}:{node.lineno}")
    return found


def test_every_code_literal_in_the_server_is_declared() -> None:
    literals = code_literals(SERVER_SRC)
    missing = {c: w for c, w in literals.items() if c not in errors.SERVER and c not in CORE}
    assert missing == {}


def test_the_server_does_not_redeclare_core_codes() -> None:
    """A code belongs to one layer: the server uses core's ``game/over``, never its own."""
    assert [c.code for c in errors.SERVER if c.code in CORE] == []


def test_the_scan_finds_a_literal_code(tmp_path: Path) -> None:
    """The scan itself finds a literal anywhere (so the test above can fail)."""
    (tmp_path / "m.py").write_text(
        'X = {"seat/nope": 1}\nfail("vote/maybe", "x")\nY = "text/plain"\nZ = "a b/c"\n'
    )
    assert sorted(code_literals(tmp_path)) == ["seat/nope", "vote/maybe"]


def test_every_code_the_server_answers_with_declares_an_error_status() -> None:
    """The server's and core's codes each carry their HTTP status (one table, read by the
    API, the pages' JSON answers and the API's error middleware): a client error (4xx) for
    every refusal, a server error (5xx) for ``server/error`` alone."""
    for code in [*errors.SERVER, *CORE]:
        assert errors.status_of(code.code) == code.status, code.code
        want = range(500, 600) if code.code == "server/error" else range(400, 500)
        assert code.status in want, code.code
    statuses = {c.code: c.status for c in [*errors.SERVER, *CORE]}
    assert statuses["game/not_found"] == 404 and statuses["turn/stale"] == 409
    assert statuses["auth/required"] == 401 and statuses["request/invalid"] == 422
    assert statuses["orders/too_large"] == 413 and statuses["orders/not_due"] == 403
    assert errors.status_of("order/unknown_space") == 400  # a game's code: the default


def test_a_game_catalogue_declares_no_status_and_no_code_a_non_error_one() -> None:
    game = Catalogue("a game")
    with pytest.raises(ValueError, match="answers no request"):
        game.declare("illegal/x", "no", status=409)
    server = Catalogue("server", answers=True)
    with pytest.raises(ValueError, match="no error status"):
        server.declare("game/x", "fine", status=200)


def test_docs_errors_md_shows_each_answered_codes_status() -> None:
    text = document([("server (server)", errors.SERVER)])
    assert "| code | HTTP | message | meaning |" in text
    for code in [*errors.SERVER, *CORE]:
        assert f"| `{code.code}` | {code.status} | " in text, code.code


def test_refuse_fills_the_declared_template() -> None:
    err = errors.refuse(errors.TURN_UNKNOWN, at=9, last=3)
    assert isinstance(err, SessionError)
    assert (err.code, err.message) == ("turn/unknown", "no processed turn 9 (turns 0..3)")


@pytest.mark.parametrize(
    ("line", "code", "message"),
    [
        ("G-12 T-3 P-FRANCE", "mail/no_code", "the heading has no secret code (C-<code>)"),
        ("G-12 P-FRANCE C-abc", "mail/no_turn", "the heading has no turn (T-<turn>)"),
    ],
)
def test_a_mail_heading_problem_carries_its_declared_code(
    line: str, code: str, message: str
) -> None:
    heading = parse_heading(line, 1)
    assert heading is not None
    problems = heading_problems(heading)
    assert [(p.code, p.message) for p in problems] == [(code, message)]
    assert code in errors.SERVER


def test_a_mail_rejection_carries_its_declared_code() -> None:
    request = parse_mail(b"Subject: hi\r\n\r\nno sender here\r\n")
    assert request.rejection is not None
    assert request.rejection.code == errors.MAIL_NO_SENDER.code
    assert request.rejection.message == "the mail has no usable From address"
    assert request.rejection.reply is False
