"""Feeds a client subscribes to (issue 31, notifications): a public game's events as Atom, read
with feedparser as a feed reader would; a player's deadlines as iCalendar at a secret address,
read with the icalendar library as a calendar application would. Both follow a moved deadline;
neither shows what a spectator or another player may not read."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

import feedparser
import icalendar
import pytest
from django.contrib.auth.models import User

from umpire.server.models import Game, Turn

from ..conftest import run_worker
from .helpers import client_for

pytestmark = pytest.mark.django_db


def _played_round(game: dict[str, Any], ann_bid: int = 7) -> None:
    gid = game["id"]
    status, body = game["ann"].post(
        f"/games/{gid}/orders", {"turn": 1, "text": f"bid {ann_bid}", "ready": True}
    )
    assert status == 200, body
    status, body = game["bob"].post(
        f"/games/{gid}/orders", {"turn": 1, "text": "bid 2", "ready": True}
    )
    assert status == 200, body
    assert run_worker() == 1


def _feed(gid: int) -> Any:
    response = client_for(None).get(f"/games/{gid}/feed.atom")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    parsed = feedparser.parse(response.content)
    assert not parsed.bozo, parsed.bozo_exception
    return parsed


def _extend(gid: int, minutes: int) -> None:
    gm = Game.objects.get(pk=gid).gm
    client = client_for(gm)
    response = client.post(f"/gm/{gid}/extend/", {"minutes": str(minutes)})
    assert response.status_code in (200, 302), response.content[:300]


def test_a_public_games_feed_lists_its_turns_public_events_and_deadline_moves(
    running_game: dict[str, Any],
) -> None:
    gid = running_game["id"]
    feed = _feed(gid)
    assert feed.feed.title == "Test: public events"
    assert [e.title for e in feed.entries] == ["The game started"]

    _played_round(running_game)
    feed = _feed(gid)
    newest = feed.entries[0]
    assert newest.title == "Results of Round 1 · orders due for Round 2"
    assert "North won round 1" in newest.summary
    assert newest.link.endswith(f"/games/{gid}/watch/1/")
    assert newest.id == f"tag:testserver,2026:game/{gid}/turn/1"
    # What only the bidders and the umpire read is not in the public feed.
    text = re.sub(r"\s+", " ", str(feed))
    assert "SECRET-" not in text and "bid 7" not in text and "tie draw" not in text

    before = feed.feed.updated
    _extend(gid, 90)
    feed = _feed(gid)
    moved = feed.entries[0]
    assert moved.title == "The game master extended the deadline"
    deadline = Game.objects.get(pk=gid).deadline
    assert deadline is not None
    assert deadline.strftime("%Y-%m-%d %H:%M UTC") in moved.summary
    assert feed.feed.updated >= before
    assert len({e.id for e in feed.entries}) == len(feed.entries)


def test_the_feed_does_not_change_with_a_players_secrets(running_game: dict[str, Any]) -> None:
    """Orders given and not yet processed are a player's secret: the feed stays as it was."""
    gid = running_game["id"]
    _played_round(running_game)
    before = client_for(None).get(f"/games/{gid}/feed.atom").content
    status, _ = running_game["ann"].post(f"/games/{gid}/orders", {"turn": 2, "text": "bid 9"})
    assert status == 200
    assert client_for(None).get(f"/games/{gid}/feed.atom").content == before


def test_a_private_or_unknown_game_has_no_feed(running_game: dict[str, Any]) -> None:
    gid = running_game["id"]
    Game.objects.filter(pk=gid).update(public=False)
    assert client_for(None).get(f"/games/{gid}/feed.atom").status_code == 404
    assert client_for(None).get("/games/999999/feed.atom").status_code == 404


def _calendar_address(user: User) -> str:
    client = client_for(user)
    response = client.post("/account/calendar/")
    assert response.status_code == 302
    page = client.get("/account/").content.decode()
    found = re.search(r"http://testserver(/calendar/[A-Za-z0-9_-]+/deadlines\.ics)", page)
    assert found, page
    assert "not shown again" in page
    # Shown once: the next visit shows only that an address exists.
    assert found.group(1) not in client.get("/account/").content.decode()
    return found.group(1)


def _events(path: str) -> list[Any]:
    response = client_for(None).get(path)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    cal = icalendar.Calendar.from_ical(response.content)
    return list(cal.walk("VEVENT"))


def test_a_players_calendar_shows_his_deadlines_and_follows_a_move(
    running_game: dict[str, Any],
) -> None:
    gid = running_game["id"]
    ann = User.objects.get(username="ann")
    cat = User.objects.get(username="cat")  # not seated
    path = _calendar_address(ann)
    (event,) = _events(path)
    game = Game.objects.get(pk=gid)
    assert game.deadline is not None
    assert event.decoded("dtstart") == game.deadline.replace(microsecond=0)  # iCalendar: seconds
    assert str(event["summary"]) == "Orders due: Test (North)"
    assert str(event["uid"]) == f"game-{gid}-turn-1@testserver"
    assert str(event["url"]).endswith(f"/games/{gid}/")

    _extend(gid, 90)
    (moved,) = _events(path)
    game.refresh_from_db()
    assert game.deadline is not None
    assert moved.decoded("dtstart") == game.deadline.replace(microsecond=0)
    assert moved.decoded("dtstart") != event.decoded("dtstart")
    assert str(moved["uid"]) == str(event["uid"])  # the same event, moved

    assert _events(_calendar_address(cat)) == []  # no seat, no deadline
    assert Turn.objects.filter(game_id=gid).count() == 0


def test_a_calendar_address_can_be_replaced_and_revoked(running_game: dict[str, Any]) -> None:
    ann = User.objects.get(username="ann")
    first = _calendar_address(ann)
    second = _calendar_address(ann)
    assert client_for(None).get(first).status_code == 404  # replaced: the old one is dead
    assert client_for(None).get(second).status_code == 200
    assert client_for(ann).post("/account/calendar/revoke/").status_code == 302
    assert client_for(None).get(second).status_code == 404
    for garbage in ("x", "a" * 65, "%00" * 30, "../../etc/passwd"):
        assert client_for(None).get(f"/calendar/{garbage}/deadlines.ics").status_code == 404


def test_the_calendar_uses_utc_moments(running_game: dict[str, Any]) -> None:
    path = _calendar_address(User.objects.get(username="bob"))
    (event,) = _events(path)
    start = event.decoded("dtstart")
    assert isinstance(start, datetime) and start.utcoffset() is not None
