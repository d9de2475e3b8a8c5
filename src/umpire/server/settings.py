"""Django settings for the Umpire moderation service.

Configured by environment variables:

- ``DATABASE_URL``: any URL dj-database-url understands (``postgres://user@host:5432/db``);
  default: SQLite in ``$UMPIRE_VAR_DIR/umpire.sqlite3``.
- ``UMPIRE_VAR_DIR``: where the SQLite file and the generated secret key live (default ``./var``).
- ``UMPIRE_SECRET_KEY``: the Django secret key (default: generated once into the var dir).
- ``UMPIRE_DEBUG``: ``1`` for Django's debug mode.
- ``UMPIRE_ALLOWED_HOSTS``: comma-separated host names (default: local names only).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

import dj_database_url

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
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text(key)
        path.chmod(0o600)
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


def _database() -> dict[str, Any]:
    url = os.environ.get("DATABASE_URL")
    if url:
        db: dict[str, Any] = dict(dj_database_url.parse(url, conn_max_age=0))
    else:
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        db = {"ENGINE": "django.db.backends.sqlite3", "NAME": str(VAR_DIR / "umpire.sqlite3")}
    if db["ENGINE"] == "django.db.backends.sqlite3":
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

TASKS = {"default": {"BACKEND": "django_tasks_db.backend.DatabaseBackend"}}

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
    "loggers": {"umpire": {"handlers": ["console"], "level": "INFO"}},
}

# Server policy knobs (seconds).
UMPIRE_REENQUEUE_AFTER = int(os.environ.get("UMPIRE_REENQUEUE_AFTER", "60"))
UMPIRE_TICK_SECONDS = float(os.environ.get("UMPIRE_TICK_SECONDS", "2"))
