"""Mail with a forged From (issue 30, items 9 and 10): a JOIN is carried out only with the
code mailed to the account's address, and a forger cannot make the umpire write to a real
player without end."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail as django_mail

from tests.server.mail.conftest import Table, mail
from umpire.server import accounts
from umpire.server.mail.handler import PLAYER_REPLIES_PER_HOUR, handle
from umpire.server.mail.headless import join_code
from umpire.server.models import Enrollment
from umpire.server.usecases import lifecycle

pytestmark = pytest.mark.django_db


def test_a_forged_join_changes_nothing_and_the_owner_is_asked_to_confirm(
    mailoutbox: list[Any],
) -> None:
    gm = accounts.register("gm", "Ocelot-Quartz-77", game_master=True)
    forming = lifecycle.create_game(gm, "Friday", "diplomacy", settings={"fill_with_bots": True})
    other = lifecycle.create_game(gm, "Saturday", "diplomacy", settings={"fill_with_bots": True})
    ann = accounts.register("ann", "Ocelot-Quartz-77", email="ann@example.org", verified=True)
    bob = accounts.register("bob", "Ocelot-Quartz-77", email="bob@example.org", verified=True)
    lifecycle.join(forming.pk, ann, ["FRA"])
    mailoutbox.clear()
    # Someone writes ann's address as the sender: her choices are not replaced ...
    result = handle(mail("ann@example.org", f"JOIN G-{forming.pk} Germany, Italy\n"))
    assert result.code == "mail/join_unconfirmed"
    assert Enrollment.objects.get(user=ann, game=forming).preferences == ["FRA"]
    (asked,) = mailoutbox
    assert asked.to == ["ann@example.org"]
    assert asked.subject == f"G-{forming.pk} Friday: JOIN to confirm"
    assert "Germany" not in asked.body and "Italy" not in asked.body  # nothing relayed
    assert "If you did not send it, ignore this mail" in asked.body
    code = join_code(ann, forming)
    assert f"CONFIRM-{code}" in asked.body
    # ... nor is she enrolled elsewhere, with a guessed code or another game's or player's.
    for wrong in ("CONFIRM-000000000000", f"CONFIRM-{join_code(ann, forming)}",
                  f"CONFIRM-{join_code(bob, other)}"):  # fmt: skip
        result = handle(mail("ann@example.org", f"JOIN G-{other.pk} Germany, {wrong}\n"))
        assert result.code == "mail/join_unconfirmed"
    assert not Enrollment.objects.filter(user=ann, game=other).exists()
    # Running games put a joiner on standby: not without the code either.
    lifecycle.join(other.pk, bob, ["ENG"])
    lifecycle.start(other.pk, gm)
    handle(mail("ann@example.org", f"JOIN G-{other.pk}\n"))
    assert not Enrollment.objects.filter(user=ann, game=other).exists()
    # Ann herself adds the code her mailbox received.
    result = handle(mail("ann@example.org", f"JOIN G-{forming.pk} Germany, CONFIRM-{code}\n"))
    assert result.code == "mail/joined"
    assert Enrollment.objects.get(user=ann, game=forming).preferences == ["GER"]


def test_a_join_after_a_seats_heading_needs_no_confirmation(
    table: Table, mailoutbox: list[Any]
) -> None:
    forming = lifecycle.create_game(
        table.gm, "Next", "diplomacy", settings={"fill_with_bots": True}
    )
    body = f"{table.heading('RED')}\nJOIN G-{forming.pk} France\n"
    handle(mail(table.addresses["RED"], body))
    ann = table.players["RED"]
    assert Enrollment.objects.get(user=ann, game=forming).preferences == ["FRA"]


def test_forged_mails_make_a_limited_number_of_replies_to_a_real_player(
    table: Table, mailoutbox: list[Any]
) -> None:
    address = table.addresses["RED"]
    mailoutbox.clear()
    for n in range(PLAYER_REPLIES_PER_HOUR + 5):
        forged = f"G-{table.game_id} T-1 P-RED C-{n:016x}\ntake 1\n"
        assert handle(mail(address, forged)).code == "mail/not_authorised"
    refusals = [m for m in mailoutbox if m.to == [address]]
    assert len(refusals) == PLAYER_REPLIES_PER_HOUR
    for _ in range(PLAYER_REPLIES_PER_HOUR):  # HELP and LIST count too
        handle(mail(address, "LIST\n"))
    assert len([m for m in mailoutbox if m.to == [address]]) == PLAYER_REPLIES_PER_HOUR
    # The player's own mail, with his seat's code, is still answered.
    result = handle(mail(address, f"{table.heading('RED')}\ntake 1\n"))
    assert result.code.startswith("orders/")
    receipts = [m for m in django_mail.outbox if m.to == [address]]
    assert len(receipts) == PLAYER_REPLIES_PER_HOUR + 1
