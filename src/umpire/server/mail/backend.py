"""The default mail backend where no mail server is configured: one readable file per mail.

Each message is written to its own file in ``EMAIL_FILE_PATH`` (``var/mail/`` by default),
named by the time and a random part, with the headers and the body as plain UTF-8 text (not
MIME-encoded), so a person running the server locally can read what the players would get.
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
            path = self.directory / f"{stamp}-{secrets.token_hex(3)}.txt"
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(readable(message))
            sent += 1
        return sent


def readable(message: EmailMessage) -> str:
    """The message as a person reads it: its main headers, a blank line, the body."""
    lines = [
        f"From: {message.from_email}",
        f"To: {', '.join(message.to)}",
        f"Subject: {message.subject}",
    ]
    lines += [f"{name}: {value}" for name, value in message.extra_headers.items()]
    return "\n".join(lines) + "\n\n" + str(message.body)
