"""Issue 14's smaller things: press numbered per reader, a scenario without free press, the
deadline of a paused game, and a rollback that keeps the game master's extension."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail as django_mail
from django.test import Client
from django.utils import timezone

from tests.server.conftest import make_user, run_worker
from tests.server.mail.conftest import mail
from umpire.server import accounts
from umpire.server.mail.handler import handle
from umpire.server.models import Game, Message, Seat
from umpire.server.usecases import gm_actions, lifecycle


def _numbers(api: Any, gid: int) -> list[tuple[int, str]]:
    status, body = api.get(f"/games/{gid}/messages")
    assert status == 200, body
    return [(m["id"], m["text"]) for m in body["messages"]]


def test_message_numbers_reveal_nothing_about_press_a_player_did_not_see(
    running_game: dict[str, Any],
) -> None:
    """Message ids were database ids: North could count the private press to South from the
    gaps. Each reader's press is numbered 1, 2, 3... in his own list."""
    gid, ann, bob, gm = (running_game[k] for k in ("id", "ann", "bob", "gm"))
    assert ann.post(f"/games/{gid}/messages", {"to": ["all"], "text": "one"})[0] == 201
    before = _numbers(ann, gid)
    for n in range(3):  # private press North never sees
        assert gm.post(f"/games/{gid}/messages", {"to": ["South"], "text": f"gm {n}"})[0] == 201
    assert _numbers(ann, gid) == before == [(1, "one")]
    assert bob.post(f"/games/{gid}/messages", {"to": ["all"], "text": "two"})[0] == 201
    assert _numbers(ann, gid) == [(1, "one"), (2, "two")]
    assert _numbers(bob, gid) == [(1, "one"), (2, "gm 0"), (3, "gm 1"), (4, "gm 2"), (5, "two")]
    # Another game's press does not move them either (ids were global across games).
    other = lifecycle.create_game(User.objects.get(username="gamemaster"), "Other", "fakebid")
    assert Game.objects.filter(pk=other.pk).exists()
    assert _numbers(ann, gid)[-1] == (2, "two")


def test_press_mail_reaches_its_reader_with_his_own_numbering(
    running_game: dict[str, Any], mailoutbox: list[Any]
) -> None:
    gid, gm = running_game["id"], running_game["gm"]
    accounts.set_email(User.objects.get(username="ann"), "ann@example.org", verified=True)
    gm.post(f"/games/{gid}/messages", {"to": ["South"], "text": "for South only"})
    gm.post(f"/games/{gid}/messages", {"to": ["North"], "text": "for North only"})
    press = [m for m in mailoutbox if m.to == ["ann@example.org"] and "press" in m.subject]
    assert len(press) == 1 and "for North only" in press[0].body


# --- a scenario without free press ------------------------------------------------------


@pytest.fixture
def silent_game(db: Any) -> dict[str, Any]:
    """A started fakebid game in the "silent" scenario (press_allowed False, as Battle
    Plan's Anonymous game): ann plays North, bob South; both have addresses."""
    gm_user, gm_api = make_user("silentgm", gm=True)
    game = lifecycle.create_game(gm_user, "Silent", "fakebid", scenario="silent")
    users = {}
    for name, power in (("ann", "North"), ("bob", "South")):
        user = accounts.register(
            name, f"{name}-password", email=f"{name}@example.org", verified=True
        )
        lifecycle.join(game.pk, user, [power])
        users[name] = user
    lifecycle.start(game.pk, gm_user)
    return {"id": game.pk, "gm": gm_user, "gm_api": gm_api, **users}


def test_api_refuses_free_press_in_a_scenario_without_it(silent_game: dict[str, Any]) -> None:
    gid = silent_game["id"]
    ann = make_api(silent_game["ann"])
    for body in ({"to": ["South"], "text": "psst"}, {"to": ["all"], "text": "hello all"}):
        status, answer = ann.post(f"/games/{gid}/messages", body)
        assert (status, answer["code"]) == (400, "press/not_in_scenario"), answer
        assert "silent scenario allows no free press" in answer["message"]
    assert not Message.objects.filter(game_id=gid).exists()
    # The game master's notices are the umpire's, not a player's press.
    status, _ = silent_game["gm_api"].post(f"/games/{gid}/messages", {"to": ["all"], "text": "x"})
    assert status == 201


def test_web_refuses_free_press_in_a_scenario_without_it(silent_game: dict[str, Any]) -> None:
    gid = silent_game["id"]
    client = Client()
    client.force_login(silent_game["ann"])
    response = client.post(f"/games/{gid}/press/", {"to": ["South"], "text": "psst"}, follow=True)
    assert response.status_code == 200
    assert "allows no free press" in response.content.decode()
    assert not Message.objects.filter(game_id=gid).exists()


def test_mail_refuses_free_press_in_a_scenario_without_it(
    silent_game: dict[str, Any], mailoutbox: list[Any]
) -> None:
    gid = silent_game["id"]
    code = Seat.objects.get(game_id=gid, power="North", active=True).secret_code
    body = f"G-{gid} T-1 P-North C-{code}\nPRESS TO South\npsst\nENDPRESS\n"
    django_mail.outbox.clear()
    assert handle(mail("ann@example.org", body)).code == "press/not_in_scenario"
    assert not Message.objects.filter(game_id=gid).exists()
    (reply,) = [m for m in mailoutbox if m.to == ["ann@example.org"]]
    assert "press/not_in_scenario" in reply.body


def make_api(user: User) -> Any:
    from tests.server.conftest import Api

    return Api(accounts.issue_token(user))


# --- deadlines ------------------------------------------------------------------------------


def test_a_paused_game_shows_no_stale_deadline(running_game: dict[str, Any]) -> None:
    gid, gm, ann = running_game["id"], running_game["gm"], running_game["ann"]
    status, body = ann.get(f"/games/{gid}")
    assert body["game"]["deadline"] is not None
    running = Game.objects.get(pk=gid).deadline
    gm.post(f"/games/{gid}/gm/pause")
    status, body = ann.get(f"/games/{gid}")
    assert body["game"]["status"] == "paused"
    assert body["game"]["deadline"] is None
    status, body = gm.post(f"/games/{gid}/gm/resume")
    assert status == 200 and body["game"]["deadline"] is not None
    resumed = Game.objects.get(pk=gid).deadline
    assert resumed is not None and running is not None
    assert abs((resumed - running).total_seconds()) < 60  # the time left came back


def test_a_paused_game_mail_receipt_says_paused(
    silent_game: dict[str, Any], mailoutbox: list[Any]
) -> None:
    gid = silent_game["id"]
    gm_actions.gm_action(gid, silent_game["gm"], "pause")
    code = Seat.objects.get(game_id=gid, power="North", active=True).secret_code
    django_mail.outbox.clear()
    handle(mail("ann@example.org", f"G-{gid} T-1 P-North C-{code}\nbid 3\n"))
    (reply,) = [m for m in mailoutbox if m.to == ["ann@example.org"]]
    assert "Deadline: none while the game master has paused the game." in reply.body, reply.body


def test_a_rollback_keeps_the_game_masters_extension(running_game: dict[str, Any]) -> None:
    gid, gm = running_game["id"], running_game["gm"]
    gm.post(f"/games/{gid}/gm/process")
    assert run_worker() == 1
    status, body = gm.post(f"/games/{gid}/gm/extend", {"minutes": 600})
    assert status == 200, body
    status, body = gm.post(f"/games/{gid}/gm/rollback")
    assert status == 200 and body["game"]["turn"] == 1
    deadline = Game.objects.get(pk=gid).deadline
    assert deadline is not None
    # The fixture's turns last 60 minutes; the extension of 600 stays granted.
    expected = timezone.now() + timedelta(minutes=60 + 600)
    assert abs((deadline - expected).total_seconds()) < 120, deadline


def test_a_new_turn_starts_without_the_last_turns_extension(running_game: dict[str, Any]) -> None:
    gid, gm = running_game["id"], running_game["gm"]
    gm.post(f"/games/{gid}/gm/extend", {"minutes": 600})
    gm.post(f"/games/{gid}/gm/process")
    assert run_worker() == 1
    game = Game.objects.get(pk=gid)
    assert game.extension == timedelta(0)
    assert game.deadline is not None
    assert game.deadline - timezone.now() < timedelta(minutes=61)


def test_a_rollback_of_a_paused_game_keeps_it_paused_with_its_extension(
    running_game: dict[str, Any],
) -> None:
    gid, gm = running_game["id"], running_game["gm"]
    gm.post(f"/games/{gid}/gm/process")
    assert run_worker() == 1
    gm.post(f"/games/{gid}/gm/pause")
    gm.post(f"/games/{gid}/gm/extend", {"minutes": 120})
    status, body = gm.post(f"/games/{gid}/gm/rollback")
    assert status == 200 and body["game"]["status"] == "paused"
    assert body["game"]["deadline"] is None
    game = Game.objects.get(pk=gid)
    assert game.paused_remaining is not None
    assert abs(game.paused_remaining.total_seconds() - (60 + 120) * 60) < 120
