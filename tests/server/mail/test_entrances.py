"""The pipe and IMAP entrances. The IMAP test starts its own Dovecot (Debian's
``dovecot-imapd``) with a temporary configuration, and is skipped when it cannot."""

from __future__ import annotations

import imaplib
import io
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core import mail as django_mail
from django.utils import timezone

from tests.server.mail.conftest import Table, mail
from umpire.server.mail.commands import EX_OK, mail_imap, mail_stdin
from umpire.server.models import Game, Submission

DOVECOT = shutil.which("dovecot") or next(
    (p for p in ("/usr/sbin/dovecot", "/usr/local/sbin/dovecot") if os.path.exists(p)), None
)


def test_pipe_entrance(table: Table) -> None:
    raw = mail("ann@example.org", f"{table.heading('RED')}\ntake 2\n")
    assert mail_stdin(io.BytesIO(raw)) == EX_OK
    assert Submission.objects.get().orders == ["TAKE 2"]
    assert mail_stdin(io.BytesIO(raw)) == EX_OK  # the same Message-ID again: ignored
    assert Submission.objects.count() == 1
    assert mail_stdin(io.BytesIO(b"\x00\xff not a mail")) == EX_OK  # logged, not answered


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _users() -> tuple[str, str, int, int]:
    """(internal user, login user, mail uid, mail gid): Dovecot refuses root for the last three."""
    if os.geteuid() != 0:
        me = pwd.getpwuid(os.geteuid())
        return me.pw_name, me.pw_name, me.pw_uid, me.pw_gid
    try:
        internal = pwd.getpwnam("dovecot").pw_name
        login = pwd.getpwnam("dovenull").pw_name
        nobody = pwd.getpwnam("nobody")
    except KeyError as err:
        pytest.skip(f"running as root, and Dovecot's system users are missing: {err}")
    return internal, login, nobody.pw_uid, nobody.pw_gid


@pytest.fixture
def dovecot() -> Iterator[int]:
    if DOVECOT is None:
        pytest.skip("no IMAP server: the dovecot binary is not installed (apt-get install "
                    "dovecot-imapd)")  # fmt: skip
    internal, login, uid, gid = _users()
    # Dovecot's own users must reach the files: not under pytest's private tmp_path.
    base = Path(tempfile.mkdtemp(prefix="umpire-dovecot-"))
    try:
        yield from _run_dovecot(base, internal, login, uid, gid)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _run_dovecot(base: Path, internal: str, login: str, uid: int, gid: int) -> Iterator[int]:
    mail_dir = base / "mail"
    for d in (base / "run", base / "state", mail_dir):
        d.mkdir(parents=True, exist_ok=True)
    base.chmod(0o755)
    if os.geteuid() == 0:
        os.chown(mail_dir, uid, gid)
    port = _free_port()
    (base / "passwd").write_text("umpire:{PLAIN}imap-secret::::::\n")
    config = base / "dovecot.conf"
    config.write_text(
        f"""base_dir = {base}/run
state_dir = {base}/state
log_path = {base}/log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = {internal}
default_login_user = {login}
mail_location = maildir:{mail_dir}/%u
first_valid_uid = 1
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {base}/passwd
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={mail_dir}/%u
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
service anvil {{
  chroot =
}}
"""
    )
    # Dovecot daemonises: its output goes to a file, never to a pipe that would stay open.
    with open(base / "start.log", "w") as out:
        started = subprocess.run(
            [DOVECOT, "-c", str(config)], stdin=subprocess.DEVNULL, stdout=out, stderr=out,
            timeout=30,
        )  # fmt: skip
    if started.returncode != 0:
        pytest.skip(f"Dovecot could not be started: {(base / 'start.log').read_text()[:300]}")
    try:
        for _ in range(50):
            try:
                client = imaplib.IMAP4("127.0.0.1", port)
                client.login("umpire", "imap-secret")
                client.logout()
                break
            except (OSError, imaplib.IMAP4.error):
                time.sleep(0.1)
        else:
            log = (base / "log").read_text() if (base / "log").exists() else ""
            pytest.skip(f"Dovecot started but IMAP login failed: {log[-300:]}")
        yield port
    finally:
        subprocess.run(
            [DOVECOT, "-c", str(config), "stop"], stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30,
        )  # fmt: skip


def _append(port: int, raw: bytes) -> None:
    client = imaplib.IMAP4("127.0.0.1", port)
    client.login("umpire", "imap-secret")
    client.append("INBOX", "", imaplib.Time2Internaldate(time.time()), raw)
    client.logout()


def _unseen(port: int) -> int:
    client = imaplib.IMAP4("127.0.0.1", port)
    client.login("umpire", "imap-secret")
    client.select("INBOX")
    _, data = client.uid("SEARCH", None, "UNSEEN")  # type: ignore[arg-type]
    client.logout()
    return len(data[0].split()) if data and data[0] else 0


def test_imap_entrance(table: Table, dovecot: int, mailoutbox: list[Any]) -> None:
    _append(dovecot, mail("ann@example.org", f"{table.heading('RED')}\ntake 3\n"))
    _append(dovecot, mail("bob@example.org", f"{table.heading('BLUE', code='bad')}\ntake 3\n"))
    assert _unseen(dovecot) == 2
    # The deadline moved near (as an extension would): its reminder time has come.
    soon = timezone.now() + timedelta(minutes=30)
    Game.objects.filter(pk=table.game_id).update(deadline=soon, notice_at=timezone.now())
    django_mail.outbox.clear()
    assert mail_imap("127.0.0.1", dovecot, "umpire", "imap-secret", "INBOX", ssl=False) == EX_OK
    assert [(s.power, s.orders) for s in Submission.objects.all()] == [("RED", ["TAKE 3"])]
    assert _unseen(dovecot) == 0
    replies = [m.to[0] for m in django_mail.outbox if "In-Reply-To" in m.extra_headers]
    assert sorted(replies) == ["ann@example.org", "bob@example.org"]
    # After the pass, reminders went to those who have not ordered (the deadline is near).
    reminders = [m.to[0] for m in django_mail.outbox if "reminder" in m.subject]
    assert sorted(reminders) == ["bob@example.org", "cat@example.org"]
    # A second pass finds nothing new and sends nothing.
    sent = len(django_mail.outbox)
    assert mail_imap("127.0.0.1", dovecot, "umpire", "imap-secret", "INBOX", ssl=False) == EX_OK
    assert len(django_mail.outbox) == sent
    assert mail_imap("127.0.0.1", dovecot, "umpire", "wrong", "INBOX", ssl=False) != EX_OK


def test_umpire_mail_command_line(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    from umpire import cli

    raw = mail("bob@example.org", f"{table.heading('BLUE')}\ntake 1\n")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(raw)))
    assert cli.main(["mail"]) == EX_OK
    assert Submission.objects.get().power == "BLUE"


def test_database_failure_asks_the_mta_to_retry(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    from django.db import OperationalError

    from umpire.server.mail import handler
    from umpire.server.mail.commands import EX_TEMPFAIL

    def broken(*args: Any) -> Any:
        raise OperationalError("database is locked")

    monkeypatch.setattr(handler, "_handle", broken)
    raw = mail("ann@example.org", f"{table.heading('RED')}\ntake 2\n")
    assert mail_stdin(io.BytesIO(raw)) == EX_TEMPFAIL
    monkeypatch.undo()
    assert mail_stdin(io.BytesIO(raw)) == EX_OK  # the retry is read: nothing was lost
    assert Submission.objects.get().orders == ["TAKE 2"]
