"""Django settings for the Umpire moderation service.

Configured by environment variables:

- ``DATABASE_URL``: any URL dj-database-url understands (``postgres://user@host:5432/db``);
  default: SQLite in ``$UMPIRE_VAR_DIR/umpire.sqlite3``.
- ``UMPIRE_VAR_DIR``: where the SQLite file and the generated secret key live (default ``./var``).
- ``UMPIRE_SECRET_KEY``: the Django secret key (default: generated once into the var dir).
- ``UMPIRE_DEBUG``: ``1`` for Django's debug mode.
- ``UMPIRE_ALLOWED_HOSTS``: comma-separated host names (default: local names only).
- Outgoing mail: ``EMAIL_URL`` (``smtp://user:password@host:587?tls=1``, ``smtps://...``,
  ``file:///path/to/dir``, ``console:``) or Django's own ``EMAIL_HOST``, ``EMAIL_PORT``,
  ``EMAIL_HOST_USER``, ``EMAIL_HOST_PASSWORD``, ``EMAIL_USE_TLS``, ``EMAIL_USE_SSL``,
  ``EMAIL_TIMEOUT`` (seconds, default 10); ``UMPIRE_MAIL_FROM`` is the sender address. With
  none of them set, every mail is written to its own file under ``$UMPIRE_VAR_DIR/mail/``.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

import dj_database_url

from umpire.server.mailconf import email_settings, private_dir, private_file

VAR_DIR = Path(os.environ.get("UMPIRE_VAR_DIR", "var")).resolve()


def _secret_key() -> str:
    key = os.environ.get("UMPIRE_SECRET_KEY")
    if key:
        return key
    path = VAR_DIR / "secret_key"
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    key = secrets.token_urlsafe(50)
    try:
        private_dir(VAR_DIR)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(key)
    except OSError:
        pass  # read-only place: a per-process key still works
    return key


SECRET_KEY = _secret_key()
DEBUG = os.environ.get("UMPIRE_DEBUG", "") == "1"
ALLOWED_HOSTS = os.environ.get(
    "UMPIRE_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver"
).split(",")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tasks",
    "django_tasks_db",
    "ninja",
    "umpire.server.apps.ServerConfig",
    "umpire.server.mail.apps.MailConfig",
    "umpire.server.web.apps.WebConfig",
    "django_htmx",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "umpire.server.urls"
WSGI_APPLICATION = "umpire.server.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ]
        },
    }
]


# Seconds a database connection is kept for reuse by the next request or task of the same
# thread (0: a new connection each time); checked for health before reuse.
CONN_MAX_AGE = int(os.environ.get("UMPIRE_CONN_MAX_AGE", "600"))


def _database() -> dict[str, Any]:
    url = os.environ.get("DATABASE_URL")
    if url:
        db: dict[str, Any] = dict(dj_database_url.parse(url, conn_max_age=CONN_MAX_AGE))
    else:
        private_dir(VAR_DIR)
        db = {"ENGINE": "django.db.backends.sqlite3", "NAME": str(VAR_DIR / "umpire.sqlite3")}
        private_file(Path(db["NAME"]))  # SQLite gives its WAL files the database's mode
    db["CONN_HEALTH_CHECKS"] = True
    if db["ENGINE"] == "django.db.backends.sqlite3":
        db.setdefault("CONN_MAX_AGE", CONN_MAX_AGE)
        # One writer at a time: every transaction takes the write lock when it begins, so a
        # read-then-write (submit, process) cannot be overtaken; WAL lets readers continue.
        options = db.setdefault("OPTIONS", {})
        options.setdefault("transaction_mode", "IMMEDIATE")
        options.setdefault("timeout", 30)
        options.setdefault("init_command", "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
        # Tests share their database with worker subprocesses, so it must be a file.
        db.setdefault("TEST", {}).setdefault("NAME", str(VAR_DIR / "test-umpire.sqlite3"))
    return db


DATABASES = {"default": _database()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Two queues: "default" processes turns, "mail" composes and sends mail (its own worker
# thread), so a slow mail server never delays a turn.
TASKS = {
    "default": {
        "BACKEND": "django_tasks_db.backend.DatabaseBackend",
        "QUEUES": ["default", "mail"],
    }
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True
STATIC_URL = "static/"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {
        "umpire": {"handlers": ["console"], "level": "INFO"},
        # Every 500 outside the API (which logs its own) with its traceback, DEBUG or not.
        "django.request": {"handlers": ["console"], "level": "ERROR", "propagate": False},
    },
}

# Request bodies: orders are limited to 64 KiB of text; JSON escaping may double that.
DATA_UPLOAD_MAX_MEMORY_SIZE = 256 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 200

# Server policy knobs (seconds).
UMPIRE_REENQUEUE_AFTER = int(os.environ.get("UMPIRE_REENQUEUE_AFTER", "60"))
UMPIRE_TICK_SECONDS = float(os.environ.get("UMPIRE_TICK_SECONDS", "2"))
UMPIRE_NOTICE_SECONDS = float(os.environ.get("UMPIRE_NOTICE_SECONDS", "60"))
UMPIRE_STALE_TASK_SECONDS = int(os.environ.get("UMPIRE_STALE_TASK_SECONDS", "600"))

# Outgoing mail (see the module's docstring); every mail goes through the outbox table.
_MAIL = email_settings(os.environ, VAR_DIR)
EMAIL_BACKEND = str(_MAIL["EMAIL_BACKEND"])
EMAIL_HOST = str(_MAIL["EMAIL_HOST"])
EMAIL_PORT = int(_MAIL["EMAIL_PORT"])
EMAIL_HOST_USER = str(_MAIL["EMAIL_HOST_USER"])
EMAIL_HOST_PASSWORD = str(_MAIL["EMAIL_HOST_PASSWORD"])
EMAIL_USE_TLS = bool(_MAIL["EMAIL_USE_TLS"])
EMAIL_USE_SSL = bool(_MAIL["EMAIL_USE_SSL"])
EMAIL_TIMEOUT = float(_MAIL["EMAIL_TIMEOUT"])
EMAIL_FILE_PATH = str(_MAIL["EMAIL_FILE_PATH"])
UMPIRE_MAIL_FROM = str(_MAIL["UMPIRE_MAIL_FROM"])
DEFAULT_FROM_EMAIL = UMPIRE_MAIL_FROM
SERVER_EMAIL = UMPIRE_MAIL_FROM
UMPIRE_MAIL_RETRY_SECONDS = float(os.environ.get("UMPIRE_MAIL_RETRY_SECONDS", "60"))
UMPIRE_MAIL_MAX_ATTEMPTS = int(os.environ.get("UMPIRE_MAIL_MAX_ATTEMPTS", "6"))
