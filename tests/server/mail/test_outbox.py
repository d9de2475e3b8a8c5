"""Issue 14, items 1-3: no known demo passwords; every mail goes through a durable outbox sent
by the worker with a timeout, retries and a final failed state; mail settings from the
environment with a readable file per mail by default."""

from __future__ import annotations

import socket
import stat
import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import authenticate
from django.core import mail as django_mail
from django.utils import timezone

from tests.server.conftest import deliver_mail, make_user, run_worker
from tests.server.mail.conftest import Table, start_table
from umpire.server import accounts
from umpire.server.mail.models import MailStatus, OutboundMail
from umpire.server.mail.notices import send_notices
from umpire.server.mail.outbox import deliver, retry_due, send
from umpire.server.mailconf import FILE_BACKEND, SMTP_BACKEND, email_settings
from umpire.server.models import Game
from umpire.server.usecases import gm_actions

# --- 1. no known passwords ---------------------------------------------------------------


def test_demo_accounts_get_new_random_passwords_and_tokens(transactional_db: Any) -> None:
    from umpire.server.demo import DEMO_GM, DEMO_PLAYER, ensure_demo

    first = ensure_demo()
    assert authenticate(username=DEMO_GM, password="gm-password") is None
    assert authenticate(username=DEMO_PLAYER, password="alice-password") is None
    assert authenticate(username=DEMO_GM, password=first.gm_password) is not None
    second = ensure_demo()
    assert second.gm_password != first.gm_password
    assert authenticate(username=DEMO_GM, password=first.gm_password) is None
    assert accounts.user_for_token(first.gm_token) is None  # earlier tokens revoked
    assert accounts.user_for_token(second.player_token) is not None


def test_no_demo_on_an_address_others_can_reach(
    transactional_db: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    from django.contrib.auth.models import User

    from umpire.server.commands import _demo
    from umpire.server.demo import is_loopback

    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.2")
    _demo("0.0.0.0", "http://0.0.0.0:8000")
    assert not User.objects.exists()
    assert "not a loopback address" in capsys.readouterr().out


# --- 2. the outbox ----------------------------------------------------------------------


@pytest.fixture
def hung_smtp(settings: Any) -> Iterator[int]:
    """A mail server that accepts connections and never says a word."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(50)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    settings.EMAIL_BACKEND = SMTP_BACKEND
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", server.getsockname()[1]
    settings.EMAIL_TIMEOUT = 1
    settings.UMPIRE_MAIL_MAX_ATTEMPTS = 2
    try:
        yield server.getsockname()[1]
    finally:
        stop.set()
        thread.join()
        for conn in held:
            conn.close()
        server.close()


def _within(seconds: float, func: Any, *args: Any) -> Any:
    """Run ``func`` in a thread; fail if it takes longer than ``seconds`` (it would hang)."""
    box: dict[str, Any] = {}

    def run() -> None:
        box["value"] = func(*args)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"{func.__name__} waited on the mail server"
    return box.get("value")


def test_a_hung_mail_server_delays_no_request_and_no_turn(
    transactional_db: Any, hung_smtp: int
) -> None:
    _, gm_api = make_user("gamemaster", gm=True)
    ann, ann_api = make_user("ann")
    bob, bob_api = make_user("bob")
    accounts.set_email(ann, "ann@example.org", verified=True)
    accounts.set_email(bob, "bob@example.org", verified=True)
    _, body = gm_api.post("/games", {"game": "fakebid", "settings": {"rules": {"rounds": 3}}})
    game_id = body["game"]["id"]
    assert _within(5, ann_api.post, f"/games/{game_id}/join", {"preferences": ["North"]})[0] == 200
    assert _within(5, bob_api.post, f"/games/{game_id}/join", {"preferences": ["South"]})[0] == 200
    assert _within(5, gm_api.post, f"/games/{game_id}/start", {})[0] == 200
    press = {"to": ["South"], "text": "hello"}
    assert _within(5, ann_api.post, f"/games/{game_id}/messages", press)[0] == 201
    assert _within(5, gm_api.post, f"/games/{game_id}/gm/process", {})[0] == 200
    started = time.monotonic()
    assert run_worker() == 1  # the turn is processed without touching the mail server
    assert time.monotonic() - started < 5
    assert Game.objects.get(pk=game_id).turn == 2
    run_worker(queue="mail")  # compose: welcome, press and printout mails are in the outbox
    kinds = set(OutboundMail.objects.values_list("kind", flat=True))
    assert {"welcome", "press", "printout"} <= kinds
    # Each send attempt gives up after EMAIL_TIMEOUT; the mail waits for its retry.
    deliver_mail()
    row = OutboundMail.objects.filter(kind="welcome").first()
    assert row is not None and row.status == MailStatus.PENDING and row.attempts == 1
    assert "timed out" in row.last_error
    assert row.next_attempt_at is not None and row.next_attempt_at > timezone.now()
    # The retry is queued when due; after the last attempt the mail is failed.
    later = timezone.now() + timedelta(hours=1)
    assert retry_due(later) >= 1
    deliver_mail()
    row.refresh_from_db()
    assert row.status == MailStatus.FAILED and row.attempts == 2
    status, listing = gm_api.get(f"/games/{game_id}/gm/mail")
    assert status == 200
    assert any(m["status"] == "failed" and m["kind"] == "welcome" for m in listing)
    assert ann_api.get(f"/games/{game_id}/gm/mail")[0] == 403


def test_a_failed_mail_is_retried_not_lost(
    transactional_db: Any, settings: Any, hung_smtp: int
) -> None:
    table = start_table()
    deliver_mail()  # every welcome fails once
    assert not OutboundMail.objects.filter(status=MailStatus.SENT).exists()
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    django_mail.outbox = []
    assert retry_due(timezone.now() + timedelta(hours=1)) == 3
    deliver_mail()
    welcomed = sorted(m.to[0] for m in django_mail.outbox if "you play" in m.subject)
    assert welcomed == sorted(table.addresses.values())
    assert OutboundMail.objects.filter(kind="welcome", status=MailStatus.SENT).count() == 3


def test_a_mail_is_claimed_once(table: Table, mailoutbox: list[Any]) -> None:
    mailoutbox.clear()
    row = OutboundMail.objects.create(to="x@example.org", subject="s", body="b", kind="reply")
    assert deliver(row.pk) == MailStatus.SENT
    assert deliver(row.pk) == "not-pending"
    assert len(mailoutbox) == 1


def test_one_reminder_per_player_per_turn(table: Table, mailoutbox: list[Any]) -> None:
    game = Game.objects.get(pk=table.game_id)
    assert game.deadline is not None
    mailoutbox.clear()
    soon = game.deadline - timedelta(minutes=30)
    assert send_notices(soon) == 3
    for action, args in (("extend", {"minutes": 60}), ("pause", {}), ("resume", {})):
        gm_actions.gm_action(game.pk, table.gm, action, **args)
        game = Game.objects.get(pk=table.game_id)
        # A paused game has no deadline (the time left waits for the resume).
        assert (game.deadline is None) == (action == "pause")
        moment = game.deadline - timedelta(minutes=30) if game.deadline else soon
        assert send_notices(moment) == 0, action
    reminders = [m for m in mailoutbox if "reminder" in m.subject]
    assert len(reminders) == 3


@pytest.mark.parametrize(
    ("action", "args", "words"),
    [
        ("pause", {}, "paused"),
        ("extend", {"minutes": 90}, "extended the deadline"),
        ("end", {"summary": "Called off."}, "ended"),
    ],
)
def test_players_are_told_what_the_game_master_did(
    table: Table, mailoutbox: list[Any], action: str, args: dict[str, Any], words: str
) -> None:
    mailoutbox.clear()
    gm_actions.gm_action(table.game_id, table.gm, action, **args)
    told = {m.to[0] for m in mailoutbox if words in m.body}
    assert told == set(table.addresses.values())


def test_players_are_told_of_resume_and_replacement(table: Table, mailoutbox: list[Any]) -> None:
    gm_actions.gm_action(table.game_id, table.gm, "pause")
    mailoutbox.clear()
    gm_actions.gm_action(table.game_id, table.gm, "resume")
    assert {m.to[0] for m in mailoutbox if "resumed" in m.body} == set(table.addresses.values())
    newcomer = accounts.register("dan", "dan-password", email="dan@example.org", verified=True)
    mailoutbox.clear()
    gm_actions.gm_action(table.game_id, table.gm, "replace", power="RED", username="dan")
    bodies = {m.to[0]: m.body for m in mailoutbox}
    assert "You no longer play RED" in bodies["ann@example.org"]
    assert "RED in" in bodies["bob@example.org"] and "new player" in bodies["bob@example.org"]
    assert "You play RED" in bodies[newcomer.email]


# --- 3. mail settings ------------------------------------------------------------------


def test_mail_settings_from_the_environment(tmp_path: Path) -> None:
    default = email_settings({}, tmp_path)
    assert default["EMAIL_BACKEND"] == FILE_BACKEND
    assert default["EMAIL_FILE_PATH"] == str(tmp_path / "mail")
    url = email_settings(
        {"EMAIL_URL": "smtp://me%40x.org:p%2Fw@mx.example.org?tls=1",
         "UMPIRE_MAIL_FROM": "umpire@x.org"}, tmp_path
    )  # fmt: skip
    assert url["EMAIL_BACKEND"] == SMTP_BACKEND
    assert (url["EMAIL_HOST"], url["EMAIL_PORT"], url["EMAIL_USE_TLS"]) == (
        "mx.example.org", 587, True)  # fmt: skip
    assert (url["EMAIL_HOST_USER"], url["EMAIL_HOST_PASSWORD"]) == ("me@x.org", "p/w")
    assert url["UMPIRE_MAIL_FROM"] == "umpire@x.org"
    ssl = email_settings({"EMAIL_URL": "smtps://mx.example.org"}, tmp_path)
    assert (ssl["EMAIL_PORT"], ssl["EMAIL_USE_SSL"]) == (465, True)
    host = email_settings({"EMAIL_HOST": "mx", "EMAIL_PORT": "2525"}, tmp_path)
    assert (host["EMAIL_BACKEND"], host["EMAIL_PORT"]) == (SMTP_BACKEND, 2525)
    assert host["EMAIL_TIMEOUT"] == 10.0
    with pytest.raises(ValueError, match="unknown scheme"):
        email_settings({"EMAIL_URL": "carrier-pigeon://x"}, tmp_path)


def test_default_backend_writes_one_readable_file_per_mail(
    table: Table, settings: Any, tmp_path: Path
) -> None:
    deliver_mail()  # the welcome mails, to the test outbox
    settings.EMAIL_BACKEND = FILE_BACKEND
    settings.EMAIL_FILE_PATH = str(tmp_path / "mail")
    gm_actions.gm_action(table.game_id, table.gm, "pause")
    deliver_mail()
    files = sorted((tmp_path / "mail").iterdir())
    assert len(files) == 3
    text = files[0].read_text(encoding="utf-8")
    assert text.startswith("From: ") and "\nSubject: G-" in text and "paused" in text
    assert stat.S_IMODE(files[0].stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "mail").stat().st_mode) == 0o700


def test_default_backend_lists_each_attachment_and_writes_it_beside_the_mail(
    table: Table, settings: Any, tmp_path: Path
) -> None:
    """Played with MAPS ON and no mail server: the printout's map was in the outbox but the
    file under var/mail showed no trace of it. The file now names it, and the map is written
    beside it (0600, as the mail), under a file name that cannot leave the directory."""
    from umpire.server.mail.outbox import Attachment

    deliver_mail()
    settings.EMAIL_BACKEND = FILE_BACKEND
    settings.EMAIL_FILE_PATH = str(tmp_path / "mail")
    svg = Attachment(name="../G-1-turn-1-RED.svg", mimetype="image/svg+xml", content="<svg/>")
    send("ann@example.org", "printout", "text", kind="printout", attachments=[svg])
    deliver_mail()
    (mail_file,) = (tmp_path / "mail").glob("*.txt")
    text = mail_file.read_text(encoding="utf-8")
    assert "\nAttachment: ../G-1-turn-1-RED.svg (image/svg+xml, 6 bytes)\n" in text
    (svg_file,) = (tmp_path / "mail").glob("*.svg")
    assert svg_file.name == f"{mail_file.stem}--_G-1-turn-1-RED.svg"
    assert svg_file.read_text() == "<svg/>"
    assert stat.S_IMODE(svg_file.stat().st_mode) == 0o600
