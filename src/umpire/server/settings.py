"""Django settings for the Umpire moderation service.

Configured by environment variables:

- ``DATABASE_URL``: any URL dj-database-url understands (``postgres://user@host:5432/db``);
  default: SQLite in ``$UMPIRE_VAR_DIR/umpire.sqlite3``.
- ``UMPIRE_VAR_DIR``: where the SQLite file and the generated secret key live (default ``./var``).
- ``UMPIRE_SECRET_KEY``: the Django secret key (default: generated once into the var dir).
- ``UMPIRE_DEBUG``: ``1`` for Django's debug mode.
- ``UMPIRE_ALLOWED_HOSTS``: comma-separated host names (default: local names only).
- ``UMPIRE_TOKEN_DAYS``: how long an API token lives (default 30 days).
- ``UMPIRE_GAME_CREATION``: who may create games: ``verified`` (default: any account with a
  verified address, which becomes the game's master) or ``game-masters`` (superusers and
  accounts made by ``umpire creategm`` only).
- ``UMPIRE_LOGIN_FAILURES``: failed logins allowed on one account from one client address
  every 5 minutes (default 5; 10 a minute per client address over all accounts), past which
  that address is refused for it; ``UMPIRE_ACCOUNT_FAILURES``: failed logins on one account
  from everywhere in an hour (default 30), past which only devices it knows get in.
- ``UMPIRE_SIGNUPS_PER_HOUR``: sign-ups from one client address an hour (default 10; 3 an
  hour may name one mail address).
- ``UMPIRE_SUBMISSIONS_KEPT``: order submissions kept per power per turn (default 20): storing
  a new one deletes the oldest past that number (the newest, the one that counts, stays).
- ``UMPIRE_SITE_URL``: the site's address as players reach it (``https://umpire.example.org``);
  mail receipts then link each problem to its explanation on the rules pages (unset: no links).
- ``UMPIRE_PRESS_PER_HOUR``: press messages one player may send in an hour, over all his
  games (default 60); past it press is refused with ``press/throttled``.
- ``UMPIRE_TRUSTED_PROXIES``: reverse proxies in front (default 0), so that the per-address
  login limit sees the client's address (X-Forwarded-For) rather than the proxy's.
- ``UMPIRE_CACHE_DIR``: where the login throttle's counters live (default ``$UMPIRE_VAR_DIR/cache``).
- ``UMPIRE_STATIC_ROOT``: where the static files are collected, hashed and compressed (default
  ``$UMPIRE_VAR_DIR/static``; ``umpire serve`` collects them at start).
- ``UMPIRE_HTTPS``: ``1`` when the site is reached over HTTPS (a TLS-terminating proxy in
  front): HTTP is redirected to HTTPS, cookies are secure-only, HSTS is sent, and the proxy's
  ``X-Forwarded-Proto`` is trusted. Default: on when ``UMPIRE_ALLOWED_HOSTS`` names any host
  that is not a loopback name, off otherwise; ``0`` turns it off (a site on plain HTTP).
- Outgoing mail: ``EMAIL_URL`` (``smtp://user:password@host:587?tls=1``, ``smtps://...``,
  ``file:///path/to/dir``, ``console:``) or Django's own ``EMAIL_HOST``, ``EMAIL_PORT``,
  ``EMAIL_HOST_USER``, ``EMAIL_HOST_PASSWORD``, ``EMAIL_USE_TLS``, ``EMAIL_USE_SSL``,
  ``EMAIL_TIMEOUT`` (seconds, default 10); ``UMPIRE_MAIL_FROM`` is the sender address. With
  none of them set, every mail is written to its own file under ``$UMPIRE_VAR_DIR/mail/``.
- Webhooks: ``UMPIRE_WEBHOOKS_ALLOW_PRIVATE=1`` lets webhooks post to loopback, private and
  link-local addresses (refused by default: see ``hooks/address.py``);
  ``UMPIRE_WEBHOOKS_ALLOW_HTTP=1`` takes ``http://`` addresses; ``UMPIRE_HOOK_TIMEOUT``,
  ``UMPIRE_HOOK_RETRY_SECONDS``, ``UMPIRE_HOOK_MAX_ATTEMPTS`` (default 5 s, 30 s, 6).
- Retention (``retention.py``): ``UMPIRE_KEEP_SENT_DAYS`` (sent mail and webhook posts, default
  30), ``UMPIRE_KEEP_FAILED_DAYS`` (failed mail, dead posts, failed tasks: 90),
  ``UMPIRE_KEEP_TASKS_DAYS`` (finished tasks: 7), ``UMPIRE_KEEP_INBOUND_DAYS`` (the log of mail
  read: 90); 0 keeps them for ever. ``UMPIRE_PRUNE_SECONDS``: how often the worker prunes (3600).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

import dj_database_url
from whitenoise.compress import Compressor

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
_LOCAL_HOSTS = ("localhost", "127.0.0.1", "[::1]", "testserver")
ALLOWED_HOSTS = [
    h.strip() for h in os.environ.get("UMPIRE_ALLOWED_HOSTS", ",".join(_LOCAL_HOSTS)).split(",")
]


def _https() -> bool:
    flag = os.environ.get("UMPIRE_HTTPS", "").strip()
    if flag:
        return flag == "1"
    return any(h and h not in _LOCAL_HOSTS for h in ALLOWED_HOSTS)


# Behind a TLS-terminating reverse proxy (docs/deploy.md): everything over HTTPS.
if _https():
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("UMPIRE_HSTS_SECONDS", str(365 * 24 * 3600)))
    # The header only allows the owner to submit the domain to the browsers' preload list;
    # `UMPIRE_HSTS_PRELOAD=0` / `UMPIRE_HSTS_SUBDOMAINS=0` leave those parts out.
    SECURE_HSTS_INCLUDE_SUBDOMAINS = os.environ.get("UMPIRE_HSTS_SUBDOMAINS", "1") == "1"
    SECURE_HSTS_PRELOAD = os.environ.get("UMPIRE_HSTS_PRELOAD", "1") == "1"

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
    # After the web app, whose templates (allauth/layouts/base.html) restyle allauth's pages.
    "allauth",
    "allauth.account",
]

# The middleware the pages alone need is wrapped (umpire.server.handlers.PagesOnly): an API
# call under /api/ (not the account calls, not the API's documentation) passes it by.
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy on every answer: no inline script (issue 30).
    "umpire.server.middleware.ContentSecurityPolicy",
    # Static files from STATIC_ROOT: hashed names, compressed, cached a year (below).
    "umpire.server.handlers.StaticFiles",
    # Pages compressed for browsers that ask (a Battle Plan game page, with its maps and order
    # lists inline, is several hundred KB of HTML, a fifth of that gzipped). Django pads each
    # compressed answer at random against BREACH. Not for the API (server/handlers.py).
    "umpire.server.handlers.GZip",
    # Every query and form parameter within its length, no NUL, no 20-digit id (issue 30).
    "umpire.server.handlers.InputLimits",
    "umpire.server.handlers.Sessions",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",  # by name: the deploy check looks for it
    "umpire.server.handlers.Authentication",
    "umpire.server.handlers.Messages",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "umpire.server.handlers.Htmx",
    "allauth.account.middleware.AccountMiddleware",  # by name: allauth checks the list
    # Errors under /api/ that Django or ninja answer in plain text become {"code","message"}.
    "umpire.server.middleware.ApiErrorFormat",
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


# psycopg prepares a statement when a connection runs it again after this many times (1: at
# its second run; a statement run once is never prepared).
PREPARE_THRESHOLD = 1


def _database() -> dict[str, Any]:
    url = os.environ.get("DATABASE_URL")
    if url:
        db: dict[str, Any] = dict(dj_database_url.parse(url, conn_max_age=CONN_MAX_AGE))
    else:
        private_dir(VAR_DIR)
        db = {"ENGINE": "django.db.backends.sqlite3", "NAME": str(VAR_DIR / "umpire.sqlite3")}
        private_file(Path(db["NAME"]))  # SQLite gives its WAL files the database's mode
    db["CONN_HEALTH_CHECKS"] = True
    if db["ENGINE"] == "django.db.backends.postgresql":
        # Django's, with a health check that costs no round trip (umpire/server/pgsql/base.py).
        db["ENGINE"] = "umpire.server.pgsql"
        options = db.setdefault("OPTIONS", {})
        # Parameters bound on the server (Django's option), so that psycopg can prepare the
        # statements a connection repeats: parsed and planned once per connection instead of on
        # every request (planning a printout read cost PostgreSQL three times what running it
        # did). UMPIRE_DB_PREPARE=0 (a pooler that cannot keep prepared statements, such as
        # PgBouncer before 1.21 in transaction mode) prepares nothing.
        options.setdefault("server_side_binding", True)
        prepare = os.environ.get("UMPIRE_DB_PREPARE", "1") != "0"
        options.setdefault("prepare_threshold", PREPARE_THRESHOLD if prepare else None)
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
        "QUEUES": ["default", "mail", "history", "hooks"],  # history: GIFs, packets, prints
    }
}

# Every password set (API registration, the sign-up, change and reset pages, creategm):
# at least 8 characters, not one of Django's list of common passwords, not like the user
# name or address, not digits only (accounts.check_password, allauth's clean_password).
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator",
     "OPTIONS": {"user_attributes": ("username", "email")}},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]  # fmt: skip

# Accounts (django-allauth): sign-up with a verified, unique address; log in by user name or
# address; password reset by mail; failed logins throttled per account and per address.
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
ACCOUNT_ADAPTER = "umpire.server.accounts.AccountAdapter"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
# An address is taken only once an account has *verified* it: several accounts may claim one
# unverified address, each is mailed its own link, the first to confirm keeps it and the
# other claims are dropped (allauth's "strict" mode records such a claim; the sign-up form,
# umpire.server.signup, counts only verified addresses as taken).
ACCOUNT_PREVENT_ENUMERATION = "strict"
ACCOUNT_FORMS = {
    "signup": "umpire.server.signup.SignupForm",
    "reset_password": "umpire.server.signup.ResetPasswordForm",  # verified addresses only
}
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = "Umpire: "
ACCOUNT_LOGOUT_REDIRECT_URL = "web:index"
ACCOUNT_USERNAME_MIN_LENGTH = 2
UMPIRE_LOGIN_FAILURES = int(os.environ.get("UMPIRE_LOGIN_FAILURES", "5"))
# Sign-ups (the page and POST /api/auth/register): UMPIRE_SIGNUPS_PER_HOUR per client address
# (default 10) and 3 an hour naming one mail address (umpire.server.accounts.SIGNUP_ADDRESS).
UMPIRE_SIGNUPS_PER_HOUR = int(os.environ.get("UMPIRE_SIGNUPS_PER_HOUR", "10"))
# Failed logins lock their source, not the owner (accounts.AccountAdapter.authenticate):
# 10 a minute from one client address, UMPIRE_LOGIN_FAILURES in 5 minutes on one account from
# one address; past UMPIRE_ACCOUNT_FAILURES an hour on one account from everywhere, only
# devices the account knows get in (the owner elsewhere uses the password reset's link).
UMPIRE_ACCOUNT_FAILURES = int(os.environ.get("UMPIRE_ACCOUNT_FAILURES", "30"))
ACCOUNT_LOGIN_ON_PASSWORD_RESET = True
ACCOUNT_RATE_LIMITS = {
    "login_failed": f"10/m/ip,{UMPIRE_LOGIN_FAILURES}/5m/key",
    "umpire_account_failures": f"{UMPIRE_ACCOUNT_FAILURES}/h/key",
    "signup": f"{UMPIRE_SIGNUPS_PER_HOUR}/h/ip",
    "umpire_signup_address": "3/h/key",
    # A confirmation mailed again (a login with an unconfirmed address): one per 3 minutes
    # and 5 a day per address, so a stranger's claim cannot make the owner's inbox a stream.
    "confirm_email": "1/3m/key,5/d/key",
}
# Behind a reverse proxy, the number of proxies whose X-Forwarded-For is trusted: without
# it every client would share the proxy's address and its limit.
ALLAUTH_TRUSTED_PROXY_COUNT = int(os.environ.get("UMPIRE_TRUSTED_PROXIES", "0"))
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "web:my_games"
# API tokens expire this many days after they are issued.
UMPIRE_TOKEN_DAYS = float(os.environ.get("UMPIRE_TOKEN_DAYS", "30"))
# Who may create games: "verified" (every account with a verified address) or "game-masters"
# (superusers and the accounts `umpire creategm` made).
UMPIRE_GAME_CREATION = os.environ.get("UMPIRE_GAME_CREATION", "verified")

# Storage caps (issue 30 item 11): the newest UMPIRE_SUBMISSIONS_KEPT submissions per power per
# turn are kept (older ones deleted as a new one is stored); UMPIRE_PRESS_PER_HOUR press
# messages an hour from one player's account, over all his games.
UMPIRE_SUBMISSIONS_KEPT = max(1, int(os.environ.get("UMPIRE_SUBMISSIONS_KEPT", "20")))
UMPIRE_PRESS_PER_HOUR = max(1, int(os.environ.get("UMPIRE_PRESS_PER_HOUR", "60")))

# The site's address as players reach it (UMPIRE_SITE_URL, "https://umpire.example.org"): mail
# receipts end each problem's line with the link to its explanation on the rules pages. Unset
# (or not an http(s) address): mail carries no links, rather than broken ones.
UMPIRE_SITE_URL = os.environ.get("UMPIRE_SITE_URL", "").strip().rstrip("/")
if not UMPIRE_SITE_URL.startswith(("https://", "http://")):
    UMPIRE_SITE_URL = ""

# The rate limits' counters live in the cache: files under the var dir by default, shared by
# every worker process on the machine (UMPIRE_CACHE_DIR to move them). What the game pages
# make once a turn (the lists of legal orders, the maps) has a cache of its own beside it, so
# that it never pushes the counters out.
_CACHE_DIR = Path(os.environ.get("UMPIRE_CACHE_DIR", str(VAR_DIR / "cache")))
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": str(_CACHE_DIR),
    },
    "pages": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": str(_CACHE_DIR / "pages"),
        "OPTIONS": {"MAX_ENTRIES": 2000},
    },
}

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True
STATIC_URL = "static/"
# Static files are collected into STATIC_ROOT (``umpire serve`` does it at every start:
# commands.collect_static), each under a name with its content's hash (``umpire.3f1c0a9b.css``)
# beside its gzip and Brotli forms, and a manifest that `{% static %}` reads. WhiteNoise serves
# them from there, compressed as the browser asks and, the name changing with the content, with
# a year's "immutable" cache header: a returning reader fetches no static file at all until
# an upgrade changes one. Tests collect once per run (tests/server/conftest.py).
STATIC_ROOT = Path(os.environ.get("UMPIRE_STATIC_ROOT", str(VAR_DIR / "static"))).resolve()
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
# In debug mode `{% static %}` names the files themselves and WhiteNoise finds them in the
# apps' directories, re-read as they are edited.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
# Source maps are read by a developer's tools only: not worth compressing (the API
# documentation's are 5 MB).
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "map")
WHITENOISE_KEEP_ONLY_HASHED_FILES = True

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
# /healthz answers 503 when no task worker has beaten for this long (health.py).
UMPIRE_HEARTBEAT_STALE_SECONDS = float(os.environ.get("UMPIRE_HEARTBEAT_STALE_SECONDS", "30"))
# How often an open game page, spectator page or My games page asks whether what it shows has
# changed (live.py, live.js: kept between half a second and a minute); a hidden tab asks four
# times less often.
UMPIRE_LIVE_POLL_SECONDS = float(os.environ.get("UMPIRE_LIVE_POLL_SECONDS", "4"))

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
# Webhooks (hooks/): posts time out after UMPIRE_HOOK_TIMEOUT s to connect and to each read;
# a failure is retried after UMPIRE_HOOK_RETRY_SECONDS x 4^(attempts - 1) until
# UMPIRE_HOOK_MAX_ATTEMPTS. Private, loopback and link-local addresses are refused unless
# UMPIRE_WEBHOOKS_ALLOW_PRIVATE=1; http:// (not https://) unless UMPIRE_WEBHOOKS_ALLOW_HTTP=1.
UMPIRE_HOOK_TIMEOUT = float(os.environ.get("UMPIRE_HOOK_TIMEOUT", "5"))
UMPIRE_HOOK_RETRY_SECONDS = float(os.environ.get("UMPIRE_HOOK_RETRY_SECONDS", "30"))
UMPIRE_HOOK_MAX_ATTEMPTS = max(int(os.environ.get("UMPIRE_HOOK_MAX_ATTEMPTS", "6")), 1)
UMPIRE_WEBHOOKS_ALLOW_PRIVATE = os.environ.get("UMPIRE_WEBHOOKS_ALLOW_PRIVATE", "") == "1"
UMPIRE_WEBHOOKS_ALLOW_HTTP = os.environ.get("UMPIRE_WEBHOOKS_ALLOW_HTTP", "") == "1"
# Retention (retention.py): the delivery rows kept this many days after they were written
# (0: for ever), pruned by one worker every UMPIRE_PRUNE_SECONDS. Rows still to send are never
# pruned, whatever their age.
UMPIRE_KEEP_SENT_DAYS = max(float(os.environ.get("UMPIRE_KEEP_SENT_DAYS", "30")), 0.0)
UMPIRE_KEEP_FAILED_DAYS = max(float(os.environ.get("UMPIRE_KEEP_FAILED_DAYS", "90")), 0.0)
UMPIRE_KEEP_TASKS_DAYS = max(float(os.environ.get("UMPIRE_KEEP_TASKS_DAYS", "7")), 0.0)
UMPIRE_KEEP_INBOUND_DAYS = max(float(os.environ.get("UMPIRE_KEEP_INBOUND_DAYS", "90")), 0.0)
UMPIRE_PRUNE_SECONDS = max(float(os.environ.get("UMPIRE_PRUNE_SECONDS", "3600")), 1.0)
# Threads of a worker that send mail, each over its own kept connection (outbox.SendPool).
UMPIRE_MAIL_SENDERS = max(int(os.environ.get("UMPIRE_MAIL_SENDERS", "4")), 1)
