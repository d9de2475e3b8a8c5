"""Issue 14, items 11-12: poison mail is refused for good; no backscatter."""

from __future__ import annotations

from typing import Any


def test_poison_mails_are_refused_for_good(table: Any, mailoutbox: list[Any]) -> None:
    from tests.server.mail.conftest import mail
    from umpire.server.mail.handler import handle

    mailoutbox.clear()
    raw = mail("ann@example.org", "HELP").replace(b"Message-ID: <", b"Message-ID: <a\x00b")
    assert handle(raw).code != "mail/internal_error"
    assert handle(raw).code == "mail/duplicate"  # recorded: the MTA is not asked to retry
    long_from = mail("x" * 50_000 + "@example.org", "HELP")
    assert handle(long_from).code == "mail/no_sender"
    heading = f"G-{table.game_id}² T-1 P-RED C-{table.seat('RED').secret_code}"
    result = handle(mail("ann@example.org", f"{heading}\ntake 1\n"))
    assert result.code != "mail/internal_error" and result.replies


def test_no_backscatter(table: Any, mailoutbox: list[Any]) -> None:
    from tests.server.mail.conftest import mail
    from umpire.server.mail.handler import handle

    mailoutbox.clear()
    for n in range(6):
        handle(mail("victim@example.net", f"BUY CHEAP PILLS {n}", subject=f"SPAM SUBJECT {n}"))
    replies = [m for m in mailoutbox if m.to == ["victim@example.net"]]
    assert 1 <= len(replies) <= 3
    for reply in replies:
        assert "SPAM" not in reply.subject and "PILLS" not in reply.body
