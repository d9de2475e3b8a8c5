"""The three entrances of mail, one handler behind them (called by ``umpire mail|smtpd``).

- :func:`mail_stdin`: one message on standard input, for an MTA pipe or a ``.forward``
  (``"|umpire mail"``). Exit status 0 when the mail was read (even if refused: the sender
  gets a reply), 75 (EX_TEMPFAIL: the MTA keeps the mail and tries again) when the database
  or the outgoing mail server failed.
- :func:`mail_imap`: one pass over an IMAP mailbox: every unseen message is handled and then
  flagged ``\\Seen``; a message that failed for a temporary reason is left unseen for the
  next pass. Run it from cron or a timer.
- :func:`smtpd`: an SMTP server (aiosmtpd) for self-hosting; every message accepted is handled.

Each sets up Django itself, and after its pass (the SMTP server: every minute) runs
:func:`~umpire.server.mail.notices.send_notices` (reminders and late notices) and sends
what the mail queue holds (where no ``umpire worker`` runs beside it).
"""

from __future__ import annotations

import asyncio
import contextlib
import imaplib
import logging
import os
import ssl as ssl_module
import sys
import threading
from typing import IO, Any

log = logging.getLogger("umpire.mail")

EX_OK = 0
EX_USAGE = 64
EX_TEMPFAIL = 75
NOTICE_SECONDS = 60.0


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.server.settings")
    import django
    from django.apps import apps

    if not apps.ready:
        django.setup()


def _handle(raw: bytes) -> str:
    from django.db import close_old_connections

    from umpire.server.mail.handler import handle

    close_old_connections()
    try:
        return handle(raw).code
    finally:
        close_old_connections()


def _notices() -> None:
    """Reminders and late notices, then the mail queue (replies, printouts) sent once.

    The entrances may run without ``umpire worker``; each send attempt is bounded by
    ``EMAIL_TIMEOUT``, and a failure is left in the outbox for its retry.
    """
    from django_tasks_db.management.commands.db_worker import Worker

    from umpire.server.mail.notices import send_notices
    from umpire.server.mail.outbox import retry_due

    try:
        send_notices()
        retry_due()
        Worker(queue_names=["mail"], interval=0, batch=True, backend_name="default",
               startup_delay=False, max_tasks=1000, worker_id="umpire-mail-entrance",
               excluded_queue_names=[]).run()  # fmt: skip
    except Exception:
        log.exception("reminders, late notices or the mail queue failed")


def mail_stdin(stream: IO[Any]) -> int:
    """Handle the one mail on ``stream`` (bytes, or text with a ``buffer``)."""
    setup_django()
    source = getattr(stream, "buffer", stream)
    raw = source.read()
    if isinstance(raw, str):
        raw = raw.encode("utf-8", errors="surrogateescape")
    try:
        code = _handle(raw)
    except Exception as err:
        print(f"umpire mail: temporary failure, the mail was not read: {err}", file=sys.stderr)
        log.exception("mail from standard input failed")
        return EX_TEMPFAIL
    print(f"umpire mail: {code}", file=sys.stderr)
    _notices()
    return EX_OK


def mail_imap(
    host: str, port: int, user: str, password: str, mailbox: str = "INBOX", ssl: bool = True
) -> int:
    """Handle every unseen message of ``mailbox`` once; exit status as for :func:`mail_stdin`."""
    setup_django()
    try:
        client: imaplib.IMAP4 = (
            imaplib.IMAP4_SSL(host, port, ssl_context=ssl_module.create_default_context())
            if ssl
            else imaplib.IMAP4(host, port)
        )
    except (OSError, imaplib.IMAP4.error) as err:
        print(f"umpire mail --imap: cannot connect to {host}:{port}: {err}", file=sys.stderr)
        return EX_TEMPFAIL
    failed = 0
    handled = 0
    try:
        client.login(user, password)
        status, _ = client.select(mailbox)
        if status != "OK":
            print(f"umpire mail --imap: no mailbox {mailbox!r}", file=sys.stderr)
            return EX_USAGE
        status, data = client.uid("SEARCH", None, "UNSEEN")  # type: ignore[arg-type]
        uids = data[0].split() if status == "OK" and data and data[0] else []
        for uid in uids:
            status, parts = client.uid("FETCH", uid, "(BODY.PEEK[])")
            raw = next((p[1] for p in parts if isinstance(p, tuple)), None) if parts else None
            if status != "OK" or not isinstance(raw, bytes):
                failed += 1
                continue
            try:
                _handle(raw)
            except Exception:
                log.exception("IMAP message %s failed; left unseen", uid)
                failed += 1
                continue
            client.uid("STORE", uid, "+FLAGS", "(\\Seen)")
            handled += 1
    except (OSError, imaplib.IMAP4.error) as err:
        print(f"umpire mail --imap: {err}", file=sys.stderr)
        return EX_TEMPFAIL
    finally:
        with contextlib.suppress(Exception):
            client.logout()
    print(f"umpire mail --imap: {handled} message(s) handled", file=sys.stderr)
    _notices()
    return EX_TEMPFAIL if failed else EX_OK


class MailHandler:
    """The aiosmtpd handler: each message is handled in a worker thread (the ORM is sync)."""

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        raw = envelope.original_content or envelope.content
        if isinstance(raw, str):
            raw = raw.encode("utf-8", errors="surrogateescape")
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(None, _handle, raw)
        except Exception:
            log.exception("SMTP message failed")
            return "451 Requested action aborted: local error in processing"
        return "250 Message accepted for delivery"


def smtp_controller(host: str, port: int) -> Any:
    """An aiosmtpd controller for the handler (not started)."""
    from aiosmtpd.controller import Controller

    return Controller(MailHandler(), hostname=host, port=port)


def smtpd(host: str = "127.0.0.1", port: int = 8025) -> int:
    """Listen for SMTP until interrupted; send reminders and late notices every minute."""
    setup_django()
    controller = smtp_controller(host, port)
    try:
        controller.start()
    except (OSError, RuntimeError) as err:
        print(f"umpire smtpd: cannot listen on {host}:{port}: {err}", file=sys.stderr)
        return EX_TEMPFAIL
    print(f"umpire smtpd: listening on {host}:{port}", file=sys.stderr)
    stop = threading.Event()
    try:
        while not stop.wait(NOTICE_SECONDS):
            _notices()
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()
    return EX_OK
