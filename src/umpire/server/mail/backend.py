"""The default mail backend where no mail server is configured: one readable file per mail.

Each message is written to its own file in ``EMAIL_FILE_PATH`` (``var/mail/`` by default),
named by the time and a random part, with the headers and the body as plain UTF-8 text (not
MIME-encoded), so a person running the server locally can read what the players would get.
Each attachment (a printout's map, for a player with MAPS ON) is listed after the headers and
written beside the mail as ``<mail file's stem>--<attachment name>``, so it can be opened.
The directory is 0700 and every file 0600: the mail carries players' secret codes.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.mail.backends.base import BaseEmailBackend
from django.core.mail.message import EmailMessage

from umpire.server.mailconf import private_dir


class DirectoryBackend(BaseEmailBackend):
    def __init__(self, *, file_path: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.directory = Path(file_path or settings.EMAIL_FILE_PATH)

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        private_dir(self.directory)
        sent = 0
        for message in email_messages:
            stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
            stem = f"{stamp}-{secrets.token_hex(3)}"
            _write(self.directory / f"{stem}.txt", readable(message).encode("utf-8"))
            for name, content in _attachments(message):
                _write(self.directory / f"{stem}--{name}", content)
            sent += 1
        return sent


def _write(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(data)


def _attachments(message: EmailMessage) -> list[tuple[str, bytes]]:
    """The message's attachments as (a safe file name, bytes); MIME parts are left out."""
    found: list[tuple[str, bytes]] = []
    for item in message.attachments:
        if not isinstance(item, tuple):  # a MIMEBase part: not made by the umpire
            continue
        filename, content = str(item[0] or "attachment"), item[1]
        data = content.encode("utf-8") if isinstance(content, str) else bytes(content)
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in filename)[:100]
        found.append((safe.lstrip(".") or "attachment", data))
    return found


def readable(message: EmailMessage) -> str:
    """The message as a person reads it: its main headers, its attachments (name, type,
    size), a blank line, the body."""
    lines = [
        f"From: {message.from_email}",
        f"To: {', '.join(message.to)}",
        f"Subject: {message.subject}",
    ]
    lines += [f"{name}: {value}" for name, value in message.extra_headers.items()]
    for item in message.attachments:
        if isinstance(item, tuple):
            size = len(item[1].encode("utf-8") if isinstance(item[1], str) else item[1])
            lines.append(f"Attachment: {item[0]} ({item[2]}, {size} bytes)")
    return "\n".join(lines) + "\n\n" + str(message.body)
