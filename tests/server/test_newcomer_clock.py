"""Issue 29 item 14: the demo game runs on no clock (a turn runs when its players are ready or
the GM processes it), and no reminder is sent for a deadline nearer than the reminder's lead
(the late notice still is); the Real Forces price list on the command line (item 13)."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.core import mail as django_mail

from umpire.server import accounts, demo
from umpire.server.mail.notices import send_notices
from umpire.server.models import Game
from umpire.server.usecases import lifecycle

pytestmark = pytest.mark.django_db


def test_the_demo_game_has_no_deadline_and_an_old_clocked_demo_loses_its_clock() -> None:
    made = demo.ensure_demo()
    game = Game.objects.get(pk=made.game.pk)
    assert game.deadline is None and game.setting("deadline", {})["minutes"] == 0
    # a demo made by an older version, on its 10-minute clock
    game.settings = {**game.settings, "deadline": {"minutes": 10}}
    game.deadline = game.process_after = game.started_at
    game.save()
    again = demo.ensure_demo()
    assert again.game.pk == game.pk
    game.refresh_from_db()
    assert game.deadline is None and game.process_after is None
    assert game.setting("deadline", {})["minutes"] == 0


def _mailed_game(minutes: int, **settings: object) -> Game:
    gm = accounts.register("gm", "gm-password", email="gm@example.org", game_master=True,
                           verified=True)  # fmt: skip
    game = lifecycle.create_game(
        gm, "Short turns", "pebbles", settings={"deadline": {"minutes": minutes}, **settings}
    )
    for name, power in (("ann", "RED"), ("bob", "BLUE"), ("cat", "GREEN")):
        user = accounts.register(name, f"{name}-password", email=f"{name}@example.org",
                                 verified=True)  # fmt: skip
        lifecycle.join(game.pk, user, [power])
    return lifecycle.start(game.pk, gm)


def test_no_reminder_for_a_deadline_nearer_than_the_reminders_lead(mailoutbox: list) -> None:
    game = _mailed_game(10)  # the default lead: a day before the deadline
    assert game.deadline is not None
    assert game.notice_at == game.deadline  # the late notice only
    django_mail.outbox.clear()
    assert send_notices(game.deadline - timedelta(minutes=9)) == 0
    assert not [m for m in django_mail.outbox if "reminder" in m.subject]
    assert send_notices(game.deadline + timedelta(minutes=1)) == 3  # late, to all three
    assert all("LATE" in m.subject for m in django_mail.outbox)


def test_a_reminder_still_comes_where_the_turn_is_longer_than_its_lead(mailoutbox: list) -> None:
    game = _mailed_game(120, reminder_minutes=30)
    assert game.deadline is not None
    assert game.notice_at == game.deadline - timedelta(minutes=30)
    django_mail.outbox.clear()
    assert send_notices(game.deadline - timedelta(minutes=20)) == 3
    assert all("reminder" in m.subject for m in django_mail.outbox)


@pytest.mark.rule("WW real")
def test_the_command_line_lists_the_real_forces_price_list() -> None:
    from umpire import cli

    out = io.StringIO()
    assert cli.main(["games", "battleplan", "real"], out=out) == 0
    text = out.getvalue()
    assert "the price list (code, position and turn fee):" in text
    assert "USA   USA: $9.00 a turn" in text and "YUG   Yugoslavia: $4.50 a turn" in text
