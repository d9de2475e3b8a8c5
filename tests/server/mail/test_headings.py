"""A second heading in an order mail (play review): never read as an order, never quoted back
with its code in full; another seat's or turn's refuses the mail (ruling in docs/email.md)."""

from __future__ import annotations

from django.core import mail as django_mail

from tests.server.mail.conftest import Table, mail
from umpire.server.mail.handler import handle
from umpire.server.models import Submission


def test_a_heading_pasted_twice_is_ignored_and_the_orders_stored(table: Table) -> None:
    django_mail.outbox.clear()
    heading = table.heading("RED")
    code = table.seat("RED").secret_code
    body = f"{heading}\ntake 2\n\n{heading}\n"
    assert handle(mail("ann@example.org", body)).code == "orders/stored"
    (reply,) = django_mail.outbox
    assert code not in reply.body and code not in reply.subject
    assert (
        "line 4: a second heading: only the first (line 1) counts; this line was ignored "
        f"[mail/second_heading]: {table.masked_heading('RED')}"
    ) in reply.body
    assert "Orders counted: 1." in reply.body
    (row,) = Submission.objects.filter(game_id=table.game_id, power="RED")
    assert row.orders == ["TAKE 2"]


def test_a_heading_of_another_turn_refuses_the_whole_mail(table: Table) -> None:
    assert handle(mail("ann@example.org", f"{table.heading('RED')}\ntake 1\n")).code == (
        "orders/stored"
    )
    django_mail.outbox.clear()
    code = table.seat("RED").secret_code
    body = f"{table.heading('RED')}\ntake 3\nREADY\n{table.heading('RED', turn=9)}\ntake 2\n"
    assert handle(mail("ann@example.org", body)).code == "mail/two_headings"
    (reply,) = django_mail.outbox
    assert reply.subject == "Umpire: not read"
    assert code not in reply.body
    assert "two headings (lines 1 and 4)" in reply.body
    assert "nothing in it was acted on" in reply.body
    rows = Submission.objects.filter(game_id=table.game_id, power="RED")
    assert [r.orders for r in rows] == [["TAKE 1"]]  # the orders sent before stand
