"""Seat codes (issue 14, item 7): rotated by the player (mail NEWCODE, web), rotated on
replacement, printed in full only in the welcome and new-code mails, mailed only to a
verified address; and mail tied to verified addresses only (item 4)."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from django.core import mail as django_mail

from tests.server.mail.conftest import Table, mail
from tests.server.web.helpers import client_for
from umpire.server import accounts
from umpire.server.mail.handler import handle
from umpire.server.mail.notices import send_notices
from umpire.server.models import Game
from umpire.server.usecases import gm_actions, messaging


def sent_to(address: str, kind: str = "") -> list[Any]:
    return [m for m in django_mail.outbox if m.to == [address] and kind in m.subject]


def test_newcode_by_mail_replaces_the_code_and_mails_it_to_the_holder_only(table: Table) -> None:
    old = table.seat("RED").secret_code
    django_mail.outbox.clear()
    result = handle(mail("ann@example.org", f"{table.heading('RED')}\nNEWCODE\n"))
    assert result.code == "code/rotated"
    new = table.seat("RED").secret_code
    assert new != old and len(new) == 16
    (notice,) = sent_to("ann@example.org", "new seat code")
    assert new in notice.body
    # The reply to the mail (which a forged From could have caused) does not carry the code.
    assert all(new not in m.body for m in django_mail.outbox if m is not notice)
    assert {m.to[0] for m in django_mail.outbox} == {"ann@example.org"}
    stale = handle(mail("ann@example.org", f"{table.heading('RED', code=old)}\ntake 1\n"))
    assert stale.code == "mail/not_authorised"
    assert handle(mail("ann@example.org", f"{table.heading('RED')}\ntake 1\n")).code == (
        "orders/stored"
    )


def test_newcode_on_the_account_page(table: Table) -> None:
    seat = table.seat("BLUE")
    old = seat.secret_code
    django_mail.outbox.clear()
    client = client_for(table.players["BLUE"])
    page = client.get("/account/").content.decode()
    assert old in page and table.seat("RED").secret_code not in page
    other = client_for(table.players["RED"]).post(f"/account/games/{table.game_id}/code/")
    assert other.status_code == 302 and table.seat("BLUE").secret_code == old  # his own only
    assert client.post(f"/account/games/{table.game_id}/code/").status_code == 302
    new = table.seat("BLUE").secret_code
    assert new != old
    (notice,) = sent_to("bob@example.org", "new seat code")
    assert new in notice.body


def test_replacement_gives_the_seat_a_new_code(table: Table) -> None:
    old = table.seat("RED").secret_code
    dan = accounts.register("dan", "dan-password", email="dan@example.org", verified=True)
    django_mail.outbox.clear()
    gm_actions.gm_action(table.game_id, table.gm, "replace", power="RED", username="dan")
    new = table.seat("RED").secret_code
    assert new != old
    (welcome,) = sent_to("dan@example.org", "you play")
    assert new in welcome.body and old not in welcome.body
    # Neither the former holder nor the newcomer can order with the old code.
    for sender in ("ann@example.org", "dan@example.org"):
        body = f"{table.heading('RED', code=old)}\ntake 1\n"
        assert handle(mail(sender, body)).code == "mail/not_authorised"
    assert handle(mail(dan.email, f"{table.heading('RED')}\ntake 1\n")).code == "orders/stored"


def test_only_the_welcome_and_new_code_mails_print_the_code_in_full(table: Table) -> None:
    from umpire.server.usecases.turns import process_due

    codes = {p: table.seat(p).secret_code for p in table.addresses}
    welcomes = [m for m in django_mail.outbox if "you play" in m.subject]
    assert len(welcomes) == 3
    django_mail.outbox.clear()
    game = Game.objects.get(pk=table.game_id)
    assert game.deadline is not None
    send_notices(game.deadline - timedelta(minutes=30))  # reminders
    handle(mail("ann@example.org", "LIST\n"))
    for power in table.addresses:
        handle(mail(table.addresses[power], f"{table.heading(power)}\ntake 1\nREPORT\n"))
    assert process_due(table.game_id, 1, force=True)  # printouts
    messaging.send_message(table.game_id, table.players["RED"], "hello", to=["all"])
    kinds = {m.subject for m in django_mail.outbox}
    assert any("reminder" in k for k in kinds) and any("printout" in k for k in kinds)
    for message in django_mail.outbox:
        assert not any(code in message.body for code in codes.values()), message.subject


def test_an_unverified_address_gets_no_mail_and_cannot_order(
    transactional_db: Any, mailoutbox: list[Any]
) -> None:
    """Eve records Ann's address on her account but cannot confirm it: nothing of Eve's seat
    reaches Ann, and mail from that address does not count as Eve's."""
    from tests.server.mail.conftest import start_table

    table = start_table()
    eve = accounts.register("eve", "eve-password", email="zed@example.org")  # unverified
    assert accounts.verified_address(eve) == ""
    gm_actions.gm_action(table.game_id, table.gm, "replace", power="GREEN", username="eve")
    seat = table.seat("GREEN")
    assert not sent_to("zed@example.org")
    body = f"{table.heading('GREEN')}\ntake 1\n"
    assert handle(mail("zed@example.org", body)).code == "mail/not_authorised"
    assert not [m for m in mailoutbox if seat.secret_code in m.body]


def test_a_heading_written_as_the_subject_is_masked_in_the_reply_subject(table: Table) -> None:
    """Testers' report: a player who put his heading in the Subject got a receipt whose
    subject ("Re: G-1 T-1 P-RED C-<code>") carried his code in full, which the receipt's body,
    printouts and LIST never do."""
    code = table.seat("RED").secret_code
    django_mail.outbox.clear()
    for written in (code, code.upper()):
        raw = mail("ann@example.org", "take 2\n", subject=table.heading("RED", code=written))
        assert handle(raw).code == "orders/stored"
    assert len(django_mail.outbox) == 2
    for receipt in django_mail.outbox:
        assert code.lower() not in receipt.subject.lower()
        assert re.search(r"C-[0-9a-fA-F]{2}\*{14} \[G-", receipt.subject), receipt.subject
        assert "TAKE 2" in receipt.body and code.lower() not in receipt.body.lower()
