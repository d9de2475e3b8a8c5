"""The outbox: every mail the umpire sends is a row here first (:class:`OutboundMail`),
written in the transaction of the change that causes it; a task on the worker's mail queue
(:data:`deliver_mail`) sends it through Django's configured email backend, with a timeout
and retries (:func:`deliver`). Nothing here composes a mail (that is
:mod:`umpire.server.mail.outbound`) or knows of games beyond the row a mail belongs to.
"""

from __future__ import annotations

import base64
import contextlib
import logging
import smtplib
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from typing import Any, NotRequired, TypedDict

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.core.mail.backends.smtp import EmailBackend as SmtpBackend
from django.db import IntegrityError, close_old_connections, transaction
from django.utils import timezone
from django_tasks import task

from umpire.server.mail.models import MailStatus, OutboundMail
from umpire.server.models import Game

log = logging.getLogger("umpire.mail")


class Attachment(TypedDict):
    """A file attached to a mail (stored as JSON in the outbox row): text as it is, a binary
    file (a PDF packet) as base64 with ``encoding`` "base64"."""

    name: str
    mimetype: str
    content: str
    encoding: NotRequired[str]


def binary_attachment(name: str, mimetype: str, content: bytes) -> Attachment:
    """A binary file to attach, kept as base64 in the row."""
    text = base64.b64encode(content).decode("ascii")
    return Attachment(name=name, mimetype=mimetype, content=text, encoding="base64")


def attachment_content(item: dict[str, Any]) -> str | bytes:
    """What an outbox row's attachment holds: its text, or the bytes of a binary file."""
    if item.get("encoding") == "base64":
        return base64.b64decode(str(item["content"]))
    return str(item["content"])


def sender_address() -> str:
    return str(getattr(settings, "UMPIRE_MAIL_FROM", "") or settings.DEFAULT_FROM_EMAIL)


def send(
    to: str,
    subject: str,
    body: str,
    *,
    kind: str,
    game: Game | None = None,
    key: str | None = None,
    in_reply_to: str = "",
    attachments: Sequence[Attachment] = (),
) -> bool:
    """Put one mail in the outbox and queue its sending; with ``key``, only if no mail with
    that key was queued before (True: queued). Runs in the caller's transaction: the mail
    exists exactly when the change that causes it does. Nothing here talks to a mail server.
    ``attachments`` are text files (``name``, ``mimetype``, ``content``), kept in the row.
    """
    if not to:
        return False
    headers = {"Auto-Submitted": "auto-replied" if in_reply_to else "auto-generated"}
    if in_reply_to:
        headers["In-Reply-To"] = in_reply_to
        headers["References"] = in_reply_to
    now = timezone.now()
    try:
        with transaction.atomic():
            row = OutboundMail.objects.create(
                key=key, to=to[:254], subject=subject[:200], body=body, headers=headers,
                kind=kind, game=game, next_attempt_at=now, queued_at=now,
                attachments=[dict(a) for a in attachments],
            )  # fmt: skip
            deliver_mail.enqueue(row.pk)
    except IntegrityError:
        return False
    return True


def deliver(row_id: int, now: datetime | None = None) -> str:
    """Send one outbox mail (the mail worker's task); its status afterwards.

    The row is claimed first, so two workers never send it twice. A failure (the mail
    server refused, or did not answer within ``EMAIL_TIMEOUT``) is retried with backoff:
    ``UMPIRE_MAIL_RETRY_SECONDS`` x 4^(attempts - 1); after ``UMPIRE_MAIL_MAX_ATTEMPTS``
    the mail is ``failed``, logged and shown to the game master.

    In a worker with a :class:`SendPool` started, the claimed mail is handed to the pool and
    ``"sending"`` returned at once: the mail worker goes on composing and handing out mails
    while slow sends wait on the mail server in the pool's threads. Without one (a test, a
    one-off command) it is sent here.
    """
    now = now or timezone.now()
    claimed = OutboundMail.objects.filter(pk=row_id, status=MailStatus.PENDING).update(
        status=MailStatus.SENDING, claimed_at=now
    )
    if not claimed:
        return "not-pending"
    if _pool is not None and _pool.hand(row_id, now):
        return "sending"
    return _send_claimed(row_id, now, None)


def _send_claimed(row_id: int, now: datetime, reuse: _Reused | None) -> str:
    row = OutboundMail.objects.get(pk=row_id)
    mail = EmailMessage(row.subject, row.body, sender_address(), [row.to], headers=row.headers)
    for item in row.attachments or []:
        mail.attach(str(item["name"]), attachment_content(item), str(item["mimetype"]))
    try:
        if reuse is not None:
            reuse.send(mail)
        else:
            mail.send()
    except Exception as err:
        return _failed(row, now, err)
    OutboundMail.objects.filter(pk=row.pk).update(
        status=MailStatus.SENT, sent_at=timezone.now(), attempts=row.attempts + 1
    )
    return MailStatus.SENT


IDLE_SECONDS = 30.0  # a kept SMTP connection unused this long is closed before the next send


class _Reused:
    """One sending thread's connection to the mail server, kept open between its mails (a
    new TLS handshake and login per mail cost more than the mail); closed after
    ``IDLE_SECONDS`` unused or any failure. Other backends (files, tests) send as before."""

    def __init__(self) -> None:
        self.backend: Any = None
        self.used = 0.0

    def send(self, mail: EmailMessage) -> None:
        if self.backend is not None and time.monotonic() - self.used > IDLE_SECONDS:
            self.close()
        if self.backend is None:
            backend = get_connection(fail_silently=False)
            if not isinstance(backend, SmtpBackend):
                mail.send()
                return
            backend.open()
            self.backend = backend
        mail.connection = self.backend
        try:
            if not self.backend.send_messages([mail]):
                raise smtplib.SMTPException("the mail server took no mail")
        except Exception:
            self.close()
            raise
        finally:
            self.used = time.monotonic()

    def close(self) -> None:
        backend, self.backend = self.backend, None
        if backend is not None:
            with contextlib.suppress(Exception):
                backend.close()


class SendPool:
    """``senders`` threads that send the claimed mails the mail worker hands them, each over
    its own kept connection: a mail server that hangs on one mail holds one thread for
    ``EMAIL_TIMEOUT``, and the other mails go out through the others; composing never waits
    on a send. Mails handed but not yet sent when the pool stops are put back in the outbox
    (pending, due now) for the next worker."""

    def __init__(self, senders: int) -> None:
        self.executor = ThreadPoolExecutor(max(senders, 1), thread_name_prefix="umpire-send")
        self.local = threading.local()
        self.lock = threading.Lock()
        self.waiting: set[int] = set()
        self.stopped = False

    def hand(self, row_id: int, now: datetime) -> bool:
        with self.lock:
            if self.stopped:
                return False
            self.waiting.add(row_id)
        self.executor.submit(self._send, row_id, now)
        return True

    def _send(self, row_id: int, now: datetime) -> None:
        with self.lock:
            if row_id not in self.waiting:  # put back by stop()
                return
            self.waiting.discard(row_id)
        if not hasattr(self.local, "reused"):
            self.local.reused = _Reused()
        try:
            _send_claimed(row_id, now, self.local.reused)
        except Exception:  # the row stays claimed; retry_due frees it after STALE_CLAIM
            log.exception("sending mail %s failed", row_id)
        finally:
            close_old_connections()

    def stop(self) -> None:
        """No more mails; the ones not yet started go back to the outbox; the sends under way
        end within ``EMAIL_TIMEOUT``."""
        with self.lock:
            self.stopped = True
            back, self.waiting = list(self.waiting), set()
        self.executor.shutdown(wait=False, cancel_futures=True)
        if back:
            OutboundMail.objects.filter(pk__in=back, status=MailStatus.SENDING).update(
                status=MailStatus.PENDING, claimed_at=None, queued_at=None,
                next_attempt_at=timezone.now(),
            )  # fmt: skip


_pool: SendPool | None = None


def start_pool(senders: int) -> SendPool:
    """Send the mails of this process through a pool of ``senders`` threads (the worker)."""
    global _pool
    _pool = SendPool(senders)
    return _pool


def stop_pool() -> None:
    global _pool
    pool, _pool = _pool, None
    if pool is not None:
        pool.stop()


def _failed(row: OutboundMail, now: datetime, err: Exception) -> str:
    attempts = row.attempts + 1
    error = f"{type(err).__name__}: {err}"[:500]
    if attempts >= settings.UMPIRE_MAIL_MAX_ATTEMPTS:
        log.error("gave up sending %s mail %s to %s: %s", row.kind, row.pk, row.to, error)
        status, retry = MailStatus.FAILED, None
    else:
        delay = settings.UMPIRE_MAIL_RETRY_SECONDS * 4 ** (attempts - 1)
        log.warning("could not send mail %s (attempt %s): %s", row.pk, attempts, error)
        status, retry = MailStatus.PENDING, now + timedelta(seconds=delay)
    OutboundMail.objects.filter(pk=row.pk).update(
        status=status, attempts=attempts, last_error=error, next_attempt_at=retry,
        queued_at=None, claimed_at=None,
    )  # fmt: skip
    return status


STALE_CLAIM = timedelta(minutes=10)


def retry_due(now: datetime | None = None) -> int:
    """Queue the sending of every mail whose retry is due; free claims of dead workers.

    Run on every scheduler tick. The count of mails queued.
    """
    now = now or timezone.now()
    OutboundMail.objects.filter(status=MailStatus.SENDING, claimed_at__lt=now - STALE_CLAIM).update(
        status=MailStatus.PENDING, claimed_at=None, queued_at=None, next_attempt_at=now
    )
    due = OutboundMail.objects.filter(
        status=MailStatus.PENDING, queued_at__isnull=True, next_attempt_at__lte=now
    ).values_list("pk", flat=True)
    count = 0
    for row_id in list(due[:500]):
        with transaction.atomic():
            if OutboundMail.objects.filter(pk=row_id, queued_at__isnull=True).update(queued_at=now):
                deliver_mail.enqueue(row_id)
                count += 1
    return count


@task(queue_name="mail")
def deliver_mail(row_id: int) -> str:
    """Send one outbox mail, with the mail server's timeout; a failure is retried later."""
    return deliver(row_id)
