"""Mail is sent by a bounded pool of threads, each over its own kept connection (issue 30,
item 15): a mail server that hangs on one mail holds one sender for ``EMAIL_TIMEOUT``, not
every other player's printout, and the mail worker (composing) never waits on a send."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.conftest import run_worker
from tests.server.mail.test_e2e_smtp import free_port
from umpire.server.mail import outbox
from umpire.server.mail.models import MailStatus, OutboundMail
from umpire.server.mailconf import SMTP_BACKEND

STUCK = "stuck@example.org"


class Stalling:
    """An SMTP server that never answers the RCPT of one address and takes every other mail;
    it counts the connections the mails came over."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.delivered: list[str] = []
        self.peers: set[Any] = set()

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, options: Any
    ) -> str:
        if address == STUCK:
            await asyncio.sleep(30)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self.lock:
            self.delivered.extend(envelope.rcpt_tos)
            self.peers.add(session.peer)
        return "250 OK"


@pytest.fixture
def stalling(settings: Any, transactional_db: Any) -> Iterator[Stalling]:
    from aiosmtpd.controller import Controller

    handler = Stalling()
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = SMTP_BACKEND
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_TIMEOUT = 4
    settings.DEFAULT_FROM_EMAIL = settings.UMPIRE_MAIL_FROM = "umpire@example.org"
    try:
        yield handler
    finally:
        outbox.stop_pool()
        controller.stop()


def _status(to: str) -> str:
    return str(OutboundMail.objects.get(to=to).status)


def _wait(what: str, check: Any, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s: {what}")


def test_a_mail_the_server_hangs_on_does_not_hold_up_the_others(stalling: Stalling) -> None:
    others = [f"player{n}@example.org" for n in range(6)]
    for to in [STUCK, *others]:  # the stuck mail first: on one thread all wait behind it
        assert outbox.send(to, "printout", "text", kind="printout")
    outbox.start_pool(3)
    started = time.monotonic()
    assert run_worker(queue="mail") == 7  # each mail claimed and handed to a sender
    handed = time.monotonic() - started
    assert handed < 2, handed  # the mail worker did not wait on the mail server
    _wait("the other players' mails sent", lambda: all(_status(t) == "sent" for t in others), 3)
    assert time.monotonic() - started < 3.5  # well before the stuck send times out (4 s)
    assert _status(STUCK) == MailStatus.SENDING
    assert sorted(stalling.delivered) == sorted(others)
    # The two free senders kept their connections: six mails over at most two of them.
    assert len(stalling.peers) <= 2, stalling.peers
    # The stuck one times out and waits for its retry, as before.
    _wait("the stuck mail given up for now", lambda: _status(STUCK) == MailStatus.PENDING, 10)
    row = OutboundMail.objects.get(to=STUCK)
    assert row.attempts == 1 and "timed out" in row.last_error


def test_mails_not_yet_sent_when_the_pool_stops_go_back_to_the_outbox(
    stalling: Stalling,
) -> None:
    """Three senders all stuck: the mails behind them are pending again (due now) after the
    pool stops, for the next worker; none is lost in a claimed state."""
    stuck_rows = []
    for n in range(3):
        outbox.send(STUCK, f"printout {n}", "text", kind="printout")
    for n in range(2):
        outbox.send(f"later{n}@example.org", "printout", "text", kind="printout")
    stuck_rows = list(OutboundMail.objects.filter(to=STUCK).values_list("pk", flat=True))
    outbox.start_pool(3)
    assert run_worker(queue="mail") == 5
    time.sleep(0.5)  # the three senders are in RCPT
    outbox.stop_pool()
    later = OutboundMail.objects.filter(to__startswith="later")
    assert sorted(later.values_list("status", flat=True)) == [MailStatus.PENDING] * 2
    assert all(r.queued_at is None and r.attempts == 0 for r in later)
    assert OutboundMail.objects.filter(pk__in=stuck_rows, status=MailStatus.SENDING).count() == 3
    assert outbox.retry_due() == 2  # queued again at once
