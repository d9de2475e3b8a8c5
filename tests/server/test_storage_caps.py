"""Issue 30 item 11: storage caps per player. 200 submissions of 64 KiB in one turn were all
stored, and 3,000 press messages from one player were accepted, each queuing mail. Now a
power's newest ``UMPIRE_SUBMISSIONS_KEPT`` submissions per turn are kept (never the one that
counts deleted), press is limited to ``UMPIRE_PRESS_PER_HOUR`` messages an hour per player
(``press/throttled``, HTTP 429), and the receipts say so."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail as django_mail
from django.test import Client

from tests.server.conftest import Api, make_user
from tests.server.mail.conftest import mail
from umpire.server import accounts
from umpire.server.mail.handler import handle
from umpire.server.models import Message, Seat, Submission
from umpire.server.usecases import lifecycle, messaging, submissions

pytestmark = pytest.mark.django_db


@pytest.fixture
def capped(settings: Any) -> None:
    settings.UMPIRE_SUBMISSIONS_KEPT = 3
    settings.UMPIRE_PRESS_PER_HOUR = 3


@pytest.fixture
def game(db: Any, capped: None) -> dict[str, Any]:
    """A started fakebid game; ann (North) and bob (South) have confirmed addresses."""
    gm_user, gm_api = make_user("capsgm", gm=True)
    row = lifecycle.create_game(gm_user, "Caps", "fakebid", settings={"rules": {"rounds": 3}})
    users = {}
    for name, power in (("ann", "North"), ("bob", "South")):
        user = accounts.register(
            name, f"{name}-password", email=f"{name}@example.org", verified=True
        )
        lifecycle.join(row.pk, user, [power])
        users[name] = user
    lifecycle.start(row.pk, gm_user)
    return {"id": row.pk, "gm": gm_api, **users, **{f"{n}_api": _api(u) for n, u in users.items()}}


def _api(user: User) -> Api:
    return Api(accounts.issue_token(user))


def _kept(gid: int, power: str) -> list[list[str]]:
    rows = Submission.objects.filter(game_id=gid, turn=1, power=power).order_by("id")
    return [list(r.orders) for r in rows]


def test_only_the_newest_submissions_of_a_power_are_kept(game: dict[str, Any]) -> None:
    gid, ann, bob = game["id"], game["ann_api"], game["bob_api"]
    assert bob.post(f"/games/{gid}/orders", {"turn": 1, "text": "bid 1"})[0] == 200
    for bid in range(1, 7):
        status, body = ann.post(f"/games/{gid}/orders", {"turn": 1, "text": f"bid {bid}"})
        assert status == 200, body
    assert _kept(gid, "North") == [["bid 4"], ["bid 5"], ["bid 6"]]
    assert _kept(gid, "South") == [["bid 1"]]  # another power's are his own
    receipt = body["receipt"]
    assert receipt["kept"] == 3
    assert "Only your newest 3 submissions for a turn are kept" in receipt["text"]
    # a refused submission stores nothing and deletes nothing; the newest still counts
    status, body = ann.post(f"/games/{gid}/orders", {"turn": 1, "text": "bdi 9"})
    assert body["receipt"]["stored"] is False and body["receipt"]["standing"] == ["bid 6"]
    assert "newest 3" not in body["receipt"]["text"]
    assert _kept(gid, "North") == [["bid 4"], ["bid 5"], ["bid 6"]]


def test_the_cap_is_the_default_twenty_without_a_setting(
    game: dict[str, Any], settings: Any
) -> None:
    del settings.UMPIRE_SUBMISSIONS_KEPT
    gid = game["id"]
    for n in range(22):
        receipt = submissions.submit_orders(gid, game["ann"], f"bid 1\n# {n}", turn=1, source="cli")
        assert receipt.stored and receipt.kept == 20
    rows = Submission.objects.filter(game_id=gid, turn=1, power="North").order_by("id")
    assert [r.raw for r in rows] == [f"bid 1\n# {n}" for n in range(2, 22)]


def test_the_game_page_receipt_says_the_cap(game: dict[str, Any]) -> None:
    client = Client()
    client.force_login(game["ann"])
    page = client.post(
        f"/games/{game['id']}/orders/", {"orders": "bid 2", "turn": 1}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "Only your newest 3 submissions for a turn are kept" in page


def test_press_past_the_hourly_limit_is_refused_with_429(game: dict[str, Any]) -> None:
    gid, ann, gm = game["id"], game["ann_api"], game["gm"]
    for n in range(3):
        assert ann.post(f"/games/{gid}/messages", {"to": ["all"], "text": f"m{n}"})[0] == 201
    status, body = ann.post(f"/games/{gid}/messages", {"to": ["South"], "text": "one more"})
    assert (status, body["code"]) == (429, "press/throttled"), body
    assert "3 press messages in the last hour" in body["message"]
    assert "try again in 60 minute(s)" in body["message"]
    assert Message.objects.filter(game_id=gid, sender_power="North").count() == 3
    # the game master's press as the umpire is not a player's; bob has his own allowance
    assert gm.post(f"/games/{gid}/messages", {"to": ["all"], "text": "notice"})[0] == 201
    assert game["bob_api"].post(f"/games/{gid}/messages", {"to": ["all"], "text": "hi"})[0] == 201
    # once the oldest message is more than an hour old, one more may go
    first = Message.objects.filter(game_id=gid, sender_power="North").order_by("id").first()
    assert first is not None
    Message.objects.filter(pk=first.pk).update(sent_at=first.sent_at - timedelta(minutes=61))
    assert ann.post(f"/games/{gid}/messages", {"to": ["all"], "text": "again"})[0] == 201
    assert ann.post(f"/games/{gid}/messages", {"to": ["all"], "text": "x"})[0] == 429


def test_the_press_limit_counts_every_game_of_the_player(game: dict[str, Any]) -> None:
    gm_user = User.objects.get(username="capsgm")
    other = lifecycle.create_game(gm_user, "Other", "fakebid", settings={"rules": {"rounds": 3}})
    lifecycle.join(other.pk, game["ann"], ["North"])
    lifecycle.join(other.pk, game["bob"], ["South"])
    lifecycle.start(other.pk, gm_user)
    for n in range(3):
        messaging.send_message(game["id"], game["ann"], f"m{n}", to=["all"])
    status, body = game["ann_api"].post(f"/games/{other.pk}/messages", {"to": ["all"], "text": "x"})
    assert (status, body["code"]) == (429, "press/throttled")


def test_mail_press_past_the_limit_is_refused_and_the_reply_says_the_limit(
    game: dict[str, Any], mailoutbox: list[Any]
) -> None:
    gid = game["id"]
    code = Seat.objects.get(game_id=gid, power="North", active=True).secret_code
    presses = "".join(f"PRESS TO South\nnote {n}\nENDPRESS\n" for n in range(4))
    django_mail.outbox.clear()
    handle(mail("ann@example.org", f"G-{gid} T-1 P-North C-{code}\n{presses}"))
    assert Message.objects.filter(game_id=gid, sender_power="North").count() == 3
    (reply,) = [m for m in mailoutbox if m.to == ["ann@example.org"]]
    assert "press/throttled" in reply.body
    assert "Press is limited to 3 messages an hour per player: 0 left this hour." in reply.body


def test_the_press_page_refuses_past_the_limit_and_says_what_is_left(
    game: dict[str, Any],
) -> None:
    gid = game["id"]
    client = Client()
    client.force_login(game["ann"])
    url = f"/games/{gid}/press/"
    page = client.post(url, {"to": ["South"], "text": "one"}, follow=True).content.decode()
    assert "Press is limited to 3 an hour: 2 left this hour." in page
    for text in ("two", "three"):
        client.post(url, {"to": ["South"], "text": text})
    page = client.post(url, {"to": ["South"], "text": "four"}, follow=True).content.decode()
    assert "press/throttled" in page
    assert Message.objects.filter(game_id=gid, sender_power="North").count() == 3
