"""The webhook outbox: every post is a row here first (:class:`OutboundHook`), written in
the transaction of the change that causes it; a task on the worker's ``hooks`` queue
(:data:`deliver_hook`) posts it (:func:`deliver`), never the request or the turn's
transaction. A failure is retried with backoff; after ``UMPIRE_HOOK_MAX_ATTEMPTS`` the post
is ``dead``. Nothing here composes the news (that is :mod:`umpire.server.mail.outbound`).

Ruling: an answer 2xx is success; a 4xx other than 408 and 429 means the receiver will never
take this post (a Discord or Slack webhook deleted, a bad body), and a 3xx sends it elsewhere
(redirects are not followed, so a receiver cannot send the post inside): the post is dead at
once, not retried. Every other failure (no answer in time, refused connection, 5xx, 408, 429, a
name that no longer resolves) is retried. An address that now resolves to a refused address
is dead at once (it is refused, not failing).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django_tasks import task

from umpire.server import errors as E
from umpire.server.hooks import post
from umpire.server.hooks.address import AddressRefused, NotResolved, check_url, resolve
from umpire.server.models import Game, HookStatus, OutboundHook, Webhook

log = logging.getLogger("umpire.hooks")

HOOKS_PER_USER = 5
RECENT_POSTS = 10  # shown per webhook on the account page


def register(user: Any, url: str, format: str) -> Webhook:
    """A new webhook of ``user``, its address checked now (scheme, length, host, and every
    address its host resolves to): SessionError ``hook/refused`` saying what is wrong."""
    url = url.strip()
    if format not in post.FORMATS:
        raise E.refuse(E.HOOK_BAD_FORMAT, format=format, formats=", ".join(post.FORMATS))
    try:
        resolve(check_url(url))
    except AddressRefused as err:
        raise E.refuse(E.HOOK_REFUSED, problem=str(err)) from err
    with transaction.atomic():
        if Webhook.objects.select_for_update().filter(user=user).count() >= HOOKS_PER_USER:
            raise E.refuse(E.HOOK_TOO_MANY, limit=HOOKS_PER_USER)
        return Webhook.objects.create(user=user, url=url, format=format)


def owned(user: Any, hook_id: int) -> Webhook:
    hook = Webhook.objects.filter(pk=hook_id, user=user).first()
    if hook is None:
        raise E.refuse(E.HOOK_NOT_FOUND, hook_id=hook_id)
    return hook


def remove(user: Any, hook_id: int) -> None:
    """Revoke a webhook: it and its posts not yet made are deleted."""
    owned(user, hook_id).delete()


def hooks_of(user: Any) -> list[dict[str, Any]]:
    """The account page's list: each webhook with its latest posts (status, attempts, the
    last error), newest first."""
    shown = []
    for hook in Webhook.objects.filter(user=user):
        posts = list(OutboundHook.objects.filter(webhook=hook).order_by("-id")[:RECENT_POSTS])
        shown.append({"hook": hook, "posts": posts})
    return shown


def queue(
    user: Any, kind: str, text: str, *, game: Game | None = None, turn: int | None = None,
    url: str = "", key: str | None = None,
) -> int:  # fmt: skip
    """One post of this news to each of ``user``'s webhooks (with ``key``: once only per
    webhook); the count queued. Runs in the caller's transaction."""
    envelope = {"kind": kind, "game": game.pk if game else None, "turn": turn, "text": text,
                "url": url}  # fmt: skip
    count = 0
    for hook in Webhook.objects.filter(user=user):
        count += _queue(hook, kind, envelope, game, f"{key}:{hook.pk}" if key else None)
    return count


def _queue(
    hook: Webhook, kind: str, envelope: dict[str, Any], game: Game | None, key: str | None
) -> int:
    now = timezone.now()
    try:
        with transaction.atomic():
            row = OutboundHook.objects.create(
                webhook=hook, key=key, kind=kind, game=game, payload=envelope,
                next_attempt_at=now, queued_at=now,
            )  # fmt: skip
            deliver_hook.enqueue(row.pk)
    except IntegrityError:
        return 0
    return 1


TEST_EVERY = timedelta(minutes=1)


def send_test(hook: Webhook, now: datetime | None = None) -> None:
    """A test post to ``hook`` (the account page's button), queued as any other; one a
    minute per webhook (``hook/test_throttled``)."""
    now = now or timezone.now()
    if OutboundHook.objects.filter(
        webhook=hook, kind="test", created_at__gt=now - TEST_EVERY
    ).exists():
        raise E.refuse(E.HOOK_TEST_THROTTLED)
    text = "Umpire: a test post. This webhook will receive the news you chose on your account page."
    _queue(hook, "test", {"kind": "test", "game": None, "turn": None, "text": text, "url": ""},
           None, None)  # fmt: skip


def deliver(row_id: int, now: datetime | None = None) -> str:
    """Post one outbox row (the hooks worker's task); its status afterwards. The row is
    claimed first, so two workers never post it twice."""
    now = now or timezone.now()
    claimed = OutboundHook.objects.filter(pk=row_id, status=HookStatus.PENDING).update(
        status=HookStatus.SENDING, claimed_at=now
    )
    if not claimed:
        return "not-pending"
    row = OutboundHook.objects.select_related("webhook").filter(pk=row_id).first()
    if row is None:  # its webhook was deleted meanwhile
        return "not-pending"
    try:
        target = check_url(row.webhook.url)
        addresses = resolve(target)
    except NotResolved as err:
        return _failed(row, now, str(err), final=False)
    except AddressRefused as err:
        return _failed(row, now, str(err), final=True)
    try:
        status = post.send(target, addresses, post.body(row.webhook.format, row.payload))
    except OSError as err:
        return _failed(row, now, f"{type(err).__name__}: {err}", final=False)
    if 200 <= status < 300:
        OutboundHook.objects.filter(pk=row.pk).update(
            status=HookStatus.SENT, sent_at=timezone.now(), attempts=row.attempts + 1,
            last_error="",
        )  # fmt: skip
        return HookStatus.SENT
    final = 300 <= status < 500 and status not in (408, 429)
    said = " (redirects are not followed)" if 300 <= status < 400 else ""
    return _failed(row, now, f"the receiver answered HTTP {status}{said}", final=final)


def _failed(row: OutboundHook, now: datetime, error: str, *, final: bool) -> str:
    attempts = row.attempts + 1
    error = error[:500]
    if final or attempts >= settings.UMPIRE_HOOK_MAX_ATTEMPTS:
        log.error("gave up posting %s to webhook %s: %s", row.kind, row.webhook_id, error)
        status, retry = HookStatus.DEAD, None
    else:
        delay = settings.UMPIRE_HOOK_RETRY_SECONDS * 4 ** (attempts - 1)
        log.warning("could not post %s (attempt %s): %s", row.pk, attempts, error)
        status, retry = HookStatus.PENDING, now + timedelta(seconds=delay)
    OutboundHook.objects.filter(pk=row.pk).update(
        status=status, attempts=attempts, last_error=error, next_attempt_at=retry,
        queued_at=None, claimed_at=None,
    )  # fmt: skip
    return status


STALE_CLAIM = timedelta(minutes=10)


def retry_due(now: datetime | None = None) -> int:
    """Queue every post whose retry is due; free claims of dead workers. Run on every
    scheduler tick; the count queued."""
    now = now or timezone.now()
    OutboundHook.objects.filter(status=HookStatus.SENDING, claimed_at__lt=now - STALE_CLAIM).update(
        status=HookStatus.PENDING, claimed_at=None, queued_at=None, next_attempt_at=now
    )
    due = OutboundHook.objects.filter(
        status=HookStatus.PENDING, queued_at__isnull=True, next_attempt_at__lte=now
    ).values_list("pk", flat=True)
    count = 0
    for row_id in list(due[:500]):
        with transaction.atomic():
            if OutboundHook.objects.filter(pk=row_id, queued_at__isnull=True).update(queued_at=now):
                deliver_hook.enqueue(row_id)
                count += 1
    return count


@task(queue_name="hooks")
def deliver_hook(row_id: int) -> str:
    """Post one webhook outbox row, with a timeout; a failure is retried later."""
    return deliver(row_id)
