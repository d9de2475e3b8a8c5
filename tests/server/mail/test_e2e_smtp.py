"""End to end over real SMTP on loopback: players mail their orders to ``umpire smtpd``
(aiosmtpd) with smtplib; the umpire's mail leaves through Django's SMTP backend to a second
aiosmtpd server that collects it. A whole game is played from the welcome mail to the end by
email alone: the heading of each turn is read from the mail the umpire sent."""

from __future__ import annotations

import re
import smtplib
import socket
import threading
from collections.abc import Iterator
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

import pytest

from tests.server.conftest import deliver_mail, run_worker
from tests.server.mail.conftest import Table, mail, start_table
from umpire.server.mail.commands import smtp_controller
from umpire.server.models import Game, GameStatus


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Sink:
    """Collects every mail the umpire sends (an SMTP server on loopback)."""

    def __init__(self) -> None:
        self.mails: list[EmailMessage] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        msg = message_from_bytes(envelope.original_content or envelope.content,
                                 policy=policy.default)  # fmt: skip
        with self.lock:
            self.mails.append(msg)  # type: ignore[arg-type]
        return "250 OK"

    def to(self, address: str, subject_part: str = "") -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.mails
                    if m["To"] == address and subject_part in str(m["Subject"])]  # fmt: skip

    def text(self, msg: EmailMessage) -> str:
        body = msg.get_body(("plain",))
        assert body is not None
        return str(body.get_content()).replace("\r\n", "\n")


@pytest.fixture
def smtp(settings: Any, transactional_db: Any) -> Iterator[tuple[Sink, int]]:
    from aiosmtpd.controller import Controller

    sink = Sink()
    sink_port, umpire_port = free_port(), free_port()
    outgoing = Controller(sink, hostname="127.0.0.1", port=sink_port)
    outgoing.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", sink_port
    settings.DEFAULT_FROM_EMAIL = "umpire@example.org"
    incoming = smtp_controller("127.0.0.1", umpire_port)
    incoming.start()
    try:
        yield sink, umpire_port
    finally:
        incoming.stop()
        outgoing.stop()


def send(port: int, raw: bytes, sender: str) -> None:
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
        client.sendmail(sender, ["umpire@example.org"], raw)


def heading_in(text: str) -> str:
    match = re.search(r"Heading for your (?:next )?orders: (G-\S+ T-\S+ P-\S+ C-\S+)", text)
    assert match, text
    return match.group(1)


def process_ready_turn(game_id: int, turn: int) -> None:
    """Run the background workers as production does (every player is READY: it is due);
    the mail worker then sends the printouts."""
    run_worker()
    deliver_mail()


def test_a_whole_game_by_email(smtp: tuple[Sink, int]) -> None:
    sink, port = smtp
    table: Table = start_table({"reminder_minutes": 0})
    deliver_mail()
    headings: dict[str, str] = {}
    codes: dict[str, str] = {}  # each player keeps the code of his welcome mail
    for power, address in table.addresses.items():
        (welcome,) = sink.to(address, "you play")
        headings[power] = heading_in(sink.text(welcome))
        codes[power] = headings[power].rsplit("C-", 1)[1]
    turn = 1
    while True:
        for power, address in table.addresses.items():
            before = len(sink.to(address))
            raw = mail(address, f"{headings[power]}\ntake 3\nREADY\n-- \n{power} player\n")
            send(port, raw, address)
            deliver_mail()
            (receipt,) = sink.to(address)[before:]
            text = sink.text(receipt)
            assert "line   2: TAKE 3" in text and "Orders counted: 1." in text, text
            assert "Deadline:" in text and "READY" in text
        printed_before = {a: len(sink.to(a, "printout")) for a in table.addresses.values()}
        process_ready_turn(table.game_id, turn)
        game = Game.objects.get(pk=table.game_id)
        assert game.turn == turn + 1
        for power, address in table.addresses.items():
            (printout,) = sink.to(address, "printout")[printed_before[address] :]
            text = sink.text(printout)
            assert str(printout["Subject"]).rstrip(")").endswith(power)  # "England (ENG)" or "RED"
            assert f"Pebbles, turn {turn + 1}, {power}\n" in text
            assert "Your hoard:" in text
            for other in table.addresses:
                assert other == power or f", {other}\n" not in text
            if game.status == GameStatus.FINISHED:
                assert "The game is over" in text
            else:
                heading = heading_in(text)
                assert f"T-{turn + 1} " in heading
                assert codes[power] not in text  # printouts mask the code
                headings[power] = heading.rsplit("C-", 1)[0] + "C-" + codes[power]
        if game.status == GameStatus.FINISHED:
            break
        turn += 1
        assert turn < 12, "the game should have ended"
    assert game.outcome is not None and game.outcome["winners"]
