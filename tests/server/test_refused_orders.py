"""The server's entrances (API, game page, mail) to the session's one submission rule (issue
26, items 1 and 2): a submission with no accepted order stores nothing, sets no READY and
lists the orders that stand; CLEAR withdraws; a power the turn does not wait for stores
nothing and is never counted as having submitted."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail as django_mail

from umpire.server import accounts
from umpire.server.mail.handler import handle
from umpire.server.models import Game, Seat, Submission
from umpire.server.usecases import lifecycle, turns

from .conftest import run_worker
from .mail.conftest import mail
from .web.helpers import client_for, diplomacy_game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_the_api_keeps_the_earlier_orders_when_nothing_is_accepted(
    running_game: dict[str, Any],
) -> None:
    gid, ann = running_game["id"], running_game["ann"]
    status, body = ann.post(f"/games/{gid}/orders", {"turn": 1, "text": "bid 7"})
    assert status == 200 and body["receipt"]["stored"] is True
    status, body = ann.post(f"/games/{gid}/orders", {"turn": 1, "text": "bdi 9", "ready": True})
    assert status == 200, body
    receipt = body["receipt"]
    assert receipt["stored"] is False and receipt["standing"] == ["bid 7"]
    assert receipt["ok"] is False and receipt["accepted"] == []
    assert "Your earlier orders for this turn stand (1):\n  bid 7\n" in receipt["text"]
    rows = Submission.objects.filter(game_id=gid, power="North")
    assert [r.orders for r in rows] == [["bid 7"]]
    assert Seat.objects.get(game_id=gid, power="North", active=True).ready_turn == 0
    # a first submission with nothing accepted is no submission: South is still waited for
    bob = running_game["bob"]
    status, body = bob.post(f"/games/{gid}/orders", {"turn": 1, "text": "fly"})
    assert body["receipt"]["stored"] is False and body["receipt"]["standing"] is None
    assert body["status"]["submitted"] == [] and body["status"]["count_submitted"] == 1
    assert Game.objects.get(pk=gid).submitted == ["North"]
    assert run_worker() == 0
    # CLEAR withdraws, even beside a refused line
    status, body = ann.post(f"/games/{gid}/orders", {"turn": 1, "text": "CLEAR\nbdi 9"})
    assert body["receipt"]["stored"] is True and body["receipt"]["standing"] is None
    assert rows.order_by("-id").first().orders == []  # type: ignore[union-attr]


@pytest.mark.rule("DATC 6.A.1")
def test_the_game_page_says_nothing_was_stored_and_what_stands(gm: Any) -> None:
    """DATC 6.A.1 (a move to a space not adjacent is illegal): the refused order must not
    withdraw England's good orders sent before it."""
    game, users = diplomacy_game(gm[0])
    eng = client_for(users["ENG"])
    url = f"/games/{game.pk}/orders/"
    eng.post(url, {"orders": "F lon - nth", "turn": game.turn}, **HTMX)
    html = eng.post(url, {"orders": "F lon - pic", "turn": game.turn, "ready": "on"}, **HTMX)
    page = html.content.decode()
    assert "<b>Nothing was stored:</b>" in page and "(not marked ready)" in page
    assert "Your earlier orders for this turn stand (1):" in page
    assert "<code>F lon - nth</code>" in page and "accepted, marked ready" not in page
    assert "[illegal/unreachable]" in page
    assert [r.orders for r in Submission.objects.filter(game=game, power="ENG")] == [
        ["F lon - nth"]
    ]
    # without htmx: a warning on the game page, not "Orders received."
    response = eng.post(url, {"orders": "F lon - pic", "turn": game.turn}, follow=True)
    text = response.content.decode()
    assert "nothing was stored: your earlier orders stand" in text
    assert "Orders received." not in text


@pytest.mark.rule("COTW 3")
def test_an_order_mail_with_clear_withdraws_and_out_of_turn_mail_stores_nothing(
    transactional_db: Any, mailoutbox: list[Any]
) -> None:
    """Conquest of the World, a Homeland turn (rule 3: one player chooses): CLEAR withdraws by
    mail as on every entrance; an order mail from the player not choosing is refused whole
    (before, ORDERS alone from him stored an empty submission and counted him as submitted)."""
    gm = accounts.register("gm", "gm-password", game_master=True)
    game = lifecycle.create_game(gm, "cotw", "conquest", settings={"powers": ["RED", "BLUE"]})
    address = {"RED": "ann@example.org", "BLUE": "bob@example.org"}
    for name, power in (("ann", "RED"), ("bob", "BLUE")):
        user = accounts.register(name, f"{name}-password", email=address[power], verified=True)
        lifecycle.join(game.pk, user, [power])
    lifecycle.start(game.pk, gm)

    def heading(power: str) -> str:
        fresh = Game.objects.get(pk=game.pk)
        code = fresh.seats.get(power=power, active=True).secret_code
        return f"G-{game.pk} T-{fresh.turn} P-{power} C-{code}"

    assert handle(mail(address["RED"], f"{heading('RED')}\nDIGIT 3\n")).code == "orders/stored"
    assert handle(mail(address["RED"], f"{heading('RED')}\nCLEAR\n")).code == "orders/stored"
    rows = Submission.objects.filter(game_id=game.pk, power="RED")
    assert [r.orders for r in rows.order_by("id")] == [["DIGIT 3"], []]
    assert turns.process_due(game.pk, 1, force=True)
    fresh = Game.objects.get(pk=game.pk)
    (chooser,) = fresh.expected
    idle = next(p for p in ("RED", "BLUE") if p != chooser)
    django_mail.outbox.clear()
    for body in ("ORDERS\n", "CLEAR\n", "HOMELAND CAN\n"):
        result = handle(mail(address[idle], f"{heading(idle)}\n{body}"))
        assert result.code == "orders/kept"
    reply = django_mail.outbox[-1].body
    assert "[turn/not_expected]" in reply and "changed nothing (READY included)" in reply
    assert not Submission.objects.filter(game_id=game.pk, turn=fresh.turn).exists()
    assert Game.objects.get(pk=game.pk).submitted == []
