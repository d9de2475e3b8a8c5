"""Settings helpers read before Django starts: outgoing mail from the environment, and the
private var directory (0700) and files (0600) that hold the database, the key and the mail."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

FILE_BACKEND = "umpire.server.mail.backend.DirectoryBackend"
SMTP_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
CONSOLE_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_TIMEOUT = 10.0
TRUE = ("1", "true", "yes", "on")


def private_dir(path: Path) -> Path:
    """Create ``path`` (and parents) readable by its owner only; tighten it if it exists."""
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    with contextlib.suppress(OSError):
        path.chmod(0o700)
    return path


def private_file(path: Path) -> None:
    """Create ``path`` empty with mode 0600 if missing; tighten it (and SQLite's) if not."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        with contextlib.suppress(OSError):
            name.chmod(0o600)


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() in TRUE


def email_settings(env: Mapping[str, str], var_dir: Path) -> dict[str, Any]:
    """Django's EMAIL_* settings from ``EMAIL_URL`` or the ``EMAIL_*`` variables.

    With neither, mail is written one file per message into ``var_dir/mail``.
    """
    out: dict[str, Any] = {
        "EMAIL_BACKEND": FILE_BACKEND,
        "EMAIL_HOST": env.get("EMAIL_HOST", "localhost"),
        "EMAIL_PORT": int(env.get("EMAIL_PORT", "25") or 25),
        "EMAIL_HOST_USER": env.get("EMAIL_HOST_USER", ""),
        "EMAIL_HOST_PASSWORD": env.get("EMAIL_HOST_PASSWORD", ""),
        "EMAIL_USE_TLS": _flag(env.get("EMAIL_USE_TLS")),
        "EMAIL_USE_SSL": _flag(env.get("EMAIL_USE_SSL")),
        "EMAIL_TIMEOUT": float(env.get("EMAIL_TIMEOUT", DEFAULT_TIMEOUT) or DEFAULT_TIMEOUT),
        "EMAIL_FILE_PATH": env.get("EMAIL_FILE_PATH", str(var_dir / "mail")),
        "UMPIRE_MAIL_FROM": env.get("UMPIRE_MAIL_FROM", "umpire@localhost"),
    }
    if env.get("EMAIL_BACKEND"):
        out["EMAIL_BACKEND"] = env["EMAIL_BACKEND"]
    elif env.get("EMAIL_HOST"):
        out["EMAIL_BACKEND"] = SMTP_BACKEND
    url = env.get("EMAIL_URL", "").strip()
    if url:
        out.update(_from_url(url, var_dir))
    return out


def _from_url(url: str, var_dir: Path) -> dict[str, Any]:
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
    if scheme in ("smtp", "smtps", "submission"):
        ssl = scheme == "smtps" or _flag(query.get("ssl"))
        tls = not ssl and (scheme == "submission" or _flag(query.get("tls")))
        default_port = 465 if ssl else (587 if tls else 25)
        out: dict[str, Any] = {
            "EMAIL_BACKEND": SMTP_BACKEND,
            "EMAIL_HOST": parts.hostname or "localhost",
            "EMAIL_PORT": parts.port or default_port,
            "EMAIL_HOST_USER": unquote(parts.username or ""),
            "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
            "EMAIL_USE_SSL": ssl,
            "EMAIL_USE_TLS": tls,
        }
        if "timeout" in query:
            out["EMAIL_TIMEOUT"] = float(query["timeout"])
        return out
    if scheme == "file":
        return {
            "EMAIL_BACKEND": FILE_BACKEND,
            "EMAIL_FILE_PATH": unquote(parts.path) or str(var_dir / "mail"),
        }
    if scheme == "console":
        return {"EMAIL_BACKEND": CONSOLE_BACKEND}
    raise ValueError(f"EMAIL_URL: unknown scheme {scheme!r} (smtp, smtps, file, console)")
