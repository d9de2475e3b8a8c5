"""A webhook's body, in the format its owner chose, and the post itself.

Formats (what each receiver takes from an incoming webhook):

- ``discord``: ``{"content": text, "allowed_mentions": {"parse": []}}``, the text cut to
  Discord's 2000 characters; no mention in it (``@everyone`` in press) pings anyone;
- ``slack``: ``{"text": text}``, with ``&``, ``<`` and ``>`` escaped as Slack asks (so that a
  ``<!channel>`` in press is shown, not obeyed), cut to :data:`SLACK_MAX` characters;
- ``json``: our envelope ``{"kind", "game", "turn", "text", "url"}`` as stored.

The post connects to an address :mod:`.address` checked, with the host's name in the
``Host`` header and as the TLS server name (its certificate is verified against that name),
with ``UMPIRE_HOOK_TIMEOUT`` seconds to connect and as many for each read, and three times
that for the whole exchange; redirects are not followed.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import ssl
import threading
from typing import Any

from django.conf import settings

from umpire.server.hooks.address import Target

FORMATS = {"discord": "Discord", "slack": "Slack", "json": "JSON (our envelope)"}
DISCORD_MAX = 2000
SLACK_MAX = 3000
USER_AGENT = "Umpire-webhook/1"
TOTAL_TIMES = 3  # a whole post (send, answer) may take this many times the timeout


def message(envelope: dict[str, Any], limit: int) -> str:
    """The envelope's text and link as one message of at most ``limit`` characters (the
    text is cut, never the link)."""
    text = str(envelope.get("text") or "").strip()
    url = str(envelope.get("url") or "")
    tail = f"\n{url}" if url else ""
    room = limit - len(tail)
    if len(text) > room:
        text = text[: max(room - 1, 0)].rstrip() + "…"
    return text + tail


def body(format: str, envelope: dict[str, Any]) -> dict[str, Any]:
    """What is posted for ``envelope`` in ``format``.

    >>> body("discord", {"text": "Hi @everyone", "url": ""})
    {'content': 'Hi @everyone', 'allowed_mentions': {'parse': []}}
    >>> body("slack", {"text": "a <!channel> & b", "url": ""})
    {'text': 'a &lt;!channel&gt; &amp; b'}
    """
    if format == "discord":
        return {"content": message(envelope, DISCORD_MAX), "allowed_mentions": {"parse": []}}
    if format == "slack":
        text = message(envelope, SLACK_MAX)
        return {"text": text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")}
    if format == "json":
        return {k: envelope.get(k) for k in ("kind", "game", "turn", "text", "url")}
    raise ValueError(f"no webhook format {format!r}")


class _Pinned(http.client.HTTPConnection):
    """Plain HTTP to one checked address (the name is not resolved again)."""

    def __init__(self, target: Target, address: str, timeout: float) -> None:
        super().__init__(target.host, target.port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedTls(http.client.HTTPSConnection):
    """HTTPS to one checked address; the certificate is verified for the host's name."""

    def __init__(self, target: Target, address: str, timeout: float) -> None:
        self.tls = ssl.create_default_context()
        super().__init__(target.host, target.port, timeout=timeout, context=self.tls)
        self.address = address

    def connect(self) -> None:
        raw = socket.create_connection((self.address, self.port), self.timeout)
        try:
            self.sock = self.tls.wrap_socket(raw, server_hostname=self.host)
        except Exception:
            raw.close()
            raise


def timeout() -> float:
    return float(getattr(settings, "UMPIRE_HOOK_TIMEOUT", 5.0))


def send(target: Target, addresses: list[str], data: dict[str, Any]) -> int:
    """POST ``data`` as JSON to ``target`` at the first of ``addresses`` that answers; the
    HTTP status. OSError (refused, unreachable, timed out, TLS) when none answers."""
    payload = json.dumps(data, ensure_ascii=False).encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "Content-Length": str(len(payload)),
    }
    error: Exception = OSError("no address to connect to")
    for address in addresses:
        kind = _PinnedTls if target.scheme == "https" else _Pinned
        conn = kind(target, address, timeout())
        try:
            try:
                conn.connect()
            except OSError as err:  # try the next address of the name
                error = err
                continue
            return _exchange(conn, target.path, payload, headers)
        finally:
            conn.close()
    raise error


def _exchange(
    conn: http.client.HTTPConnection, path: str, payload: bytes, headers: dict[str, str]
) -> int:
    """Send the request and read the answer's status, within ``TOTAL_TIMES`` x the timeout
    in all: a receiver that answers a byte at a time, each within the timeout, is cut off
    (the socket shut from a timer), so no receiver holds a sending thread for long."""
    total = timeout() * TOTAL_TIMES
    cut = threading.Event()

    def cut_off() -> None:
        cut.set()
        if conn.sock is not None:
            with contextlib.suppress(OSError):
                conn.sock.shutdown(socket.SHUT_RDWR)

    timer = threading.Timer(total, cut_off)
    timer.daemon = True
    timer.start()
    try:
        conn.request("POST", path, body=payload, headers=headers)
        response = conn.getresponse()
        response.read(4096)
        status = int(response.status)
    except (OSError, http.client.HTTPException) as err:
        if cut.is_set():
            raise TimeoutError(f"no whole answer within {total:g} s") from err
        if isinstance(err, OSError):
            raise
        raise OSError(f"bad answer: {type(err).__name__}") from err
    finally:
        timer.cancel()
    if cut.is_set():
        raise TimeoutError(f"no whole answer within {total:g} s")
    return status
