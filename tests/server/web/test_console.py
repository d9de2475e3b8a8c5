"""The game-master console: create (validated against the game), start, and run a game."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.server.models import AuditEntry, Game, GameStatus

from ..conftest import run_worker
from .helpers import account, client_for, diplomacy_game

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Console game",
    "game": "diplomacy/standard",
    "public": "on",
    "press": "full",
    "deadline_minutes": "60",
    "grace_minutes": "0",
    "nmr": "rules",
    "rules": "",
}


def test_create_validates_settings_against_the_game(gm: Any) -> None:
    c = client_for(gm[0])
    bad = c.post("/gm/", {**FORM, "rules": '{"max_yeers": 5}'}).content.decode()
    assert "unknown setting(s) for diplomacy: max_yeers" in bad
    bad = c.post("/gm/", {**FORM, "rules": '{"max_years": 0}'}).content.decode()
    assert "the game refuses these settings: max_years must be at least 1" in bad
    bad = c.post("/gm/", {**FORM, "powers": "ENG, XYZ"}).content.decode()
    assert "no power &#x27;XYZ&#x27; in this game" in bad  # core's game/unknown_power
    bad = c.post("/gm/", {**FORM, "rules": "{oops"}).content.decode()
    assert "not JSON" in bad
    assert not Game.objects.exists()
    response = c.post("/gm/", {**FORM, "rules": '{"max_years": 5}', "fill_with_bots": "on"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/gm/{game.pk}/"
    assert game.settings["rules"] == {"max_years": 5} and game.settings["fill_with_bots"]
    assert game.settings["deadline"] == {"minutes": 60}


def test_the_games_on_offer_name_each_game_once(gm: Any) -> None:
    """A scenario whose title names its game already is not prefixed with the game again."""
    page = client_for(gm[0]).get("/gm/").content.decode()
    assert '<option value="battleplan/equal">World Wide Battle Plan: Equal Forces</option>' in page
    assert '<option value="battleplan/europe">Battle Plan: Europe</option>' in page
    assert "Battle Plan: World Wide Battle Plan" not in page


def test_an_account_without_a_verified_address_creates_nothing(players: Any) -> None:
    ann = players["ann"][0]
    page = client_for(ann).post("/gm/", FORM).content.decode()
    assert "[gm/cannot_create]" in page and not Game.objects.exists()


def test_start_pause_resume_extend_process_rollback_end(gm: Any) -> None:
    c = client_for(gm[0])
    c.post("/gm/", {**FORM, "fill_with_bots": "on"})
    game = Game.objects.get()
    eve = account("eve")
    client_for(eve).post(f"/games/{game.pk}/join/", {"preferences": ["FRA"]})
    c.post(f"/gm/{game.pk}/start/", {"method": "preferences"})
    game.refresh_from_db()
    assert game.status == GameStatus.RUNNING and game.seats.get(user=eve).power == "FRA"
    c.post(f"/gm/{game.pk}/pause/")
    game.refresh_from_db()
    assert game.status == GameStatus.PAUSED
    c.post(f"/gm/{game.pk}/resume/")
    c.post(f"/gm/{game.pk}/extend/", {"minutes": "30"})
    c.post(f"/gm/{game.pk}/process/")
    assert run_worker() == 1
    game.refresh_from_db()
    assert game.turn == 2
    page = c.get(f"/gm/{game.pk}/").content.decode()
    assert "Roll back the last turn" in page and "extend" in page and "FRA" in page
    c.post(f"/gm/{game.pk}/rollback/")
    game.refresh_from_db()
    assert game.turn == 1
    c.post(f"/gm/{game.pk}/replace/", {"power": "FRA", "with": "bot"})
    assert game.seats.get(power="FRA", active=True).is_bot
    c.post(f"/gm/{game.pk}/end/", {"winners": "ENG, FRA", "summary": "agreed at the table"})
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.outcome["winners"] == ["ENG", "FRA"]
    actions = list(AuditEntry.objects.filter(game=game).values_list("action", flat=True))
    assert actions == [
        "create", "start", "pause", "resume", "extend", "process", "rollback", "replace",
        "declare",
    ]  # fmt: skip
    log = c.get(f"/gm/{game.pk}/").content.decode()
    assert "declare" in log and "agreed at the table" in log
    # The details read as settings, not as a program's dictionary.
    assert "settings.press: full" in log and "settings.fill_with_bots: yes" in log
    assert "settings.deadline.minutes: 60" in log and "{&#x27;" not in log


def test_a_game_nobody_joined_or_too_few_would_play_does_not_start(gm: Any) -> None:
    """Testers' report: the GM could start a game nobody had joined. Ruling (docs/server.md,
    Starting a game): no start without a player, bots or not; nor with fewer players (joined,
    and bots where they fill the empty seats) than the scenario is played with."""
    c = client_for(gm[0])
    c.post("/gm/", {**FORM, "fill_with_bots": "on"})
    game = Game.objects.get()
    page = c.post(f"/gm/{game.pk}/start/", {"method": "preferences"}, follow=True)
    text = page.content.decode()
    assert "nobody has joined the game yet" in text and "[game/no_players]" in text
    game.refresh_from_db()
    assert game.status == GameStatus.FORMING and not game.seats.exists()
    c.post("/gm/", {**FORM, "name": "Without bots"})
    short = Game.objects.get(name="Without bots")
    client_for(account("eve")).post(f"/games/{short.pk}/join/", {"preferences": ["FRA"]})
    text = c.post(f"/gm/{short.pk}/start/", {"method": "preferences"}, follow=True).content
    assert "Diplomacy (standard) is played by at least 7 players; 1 would play" in text.decode()
    assert "[game/too_few_players]" in text.decode()
    short.refresh_from_db()
    assert short.status == GameStatus.FORMING
    c.post(f"/gm/{game.pk}/start/", {"method": "preferences"})  # still forming: no harm done
    client_for(account("fay")).post(f"/games/{game.pk}/join/", {"preferences": ["ENG"]})
    c.post(f"/gm/{game.pk}/start/", {"method": "preferences"})  # one player, six bots
    game.refresh_from_db()
    assert game.status == GameStatus.RUNNING


def test_end_without_winners_and_refusals_are_reported(gm: Any) -> None:
    game, _ = diplomacy_game(gm[0])
    c = client_for(gm[0])
    page = c.post(f"/gm/{game.pk}/rollback/", follow=True).content.decode()
    assert "[turn/none]" in page
    page = c.post(f"/gm/{game.pk}/extend/", {"minutes": "x"}, follow=True).content.decode()
    assert "[gm/bad_request]" in page
    page = c.post(f"/gm/{game.pk}/explode/", follow=True).content.decode()
    assert "[gm/unknown_action]" in page
    c.post(f"/gm/{game.pk}/end/", {"summary": "called off"})
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.outcome["summary"] == "called off"


def test_a_player_cannot_run_the_game(gm: Any) -> None:
    game, users = diplomacy_game(gm[0])
    eng = client_for(users["ENG"])
    for action in ("pause", "process", "rollback", "end"):
        page = eng.post(f"/gm/{game.pk}/{action}/", follow=True).content.decode()
        assert "[gm/forbidden]" in page
    assert eng.get(f"/gm/{game.pk}/").status_code == 302
    game.refresh_from_db()
    assert game.status == GameStatus.RUNNING


def test_every_post_needs_the_csrf_token(gm: Any) -> None:
    game, users = diplomacy_game(gm[0])
    posts = {
        "/gm/": FORM,
        f"/gm/{game.pk}/pause/": {},
        f"/games/{game.pk}/orders/": {"orders": "F lon H", "turn": "1"},
        f"/games/{game.pk}/ready/": {"turn": "1", "ready": "on"},
        f"/games/{game.pk}/vote/": {"kind": "draw"},
        f"/games/{game.pk}/press/": {"to": ["all"], "text": "hi"},
        f"/games/{game.pk}/join/": {},
    }
    for who in (gm[0], users["ENG"]):
        c = client_for(who, csrf=True)
        for url, data in posts.items():
            assert c.post(url, data).status_code == 403, url
    game.refresh_from_db()
    assert game.status == GameStatus.RUNNING and not game.submissions.exists()
    assert not game.votes.exists() and not game.messages.exists()


def test_the_console_lists_games_a_page_at_a_time_in_constant_queries(
    gm: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from umpire.server.web import gm as console

    monkeypatch.setattr(console, "CONSOLE_PAGE", 3)
    c = client_for(gm[0])
    names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"]
    counts = []
    for n in (2, 5):
        while Game.objects.count() < n:
            c.post("/gm/", {**FORM, "name": names[Game.objects.count()]})
        c.get("/gm/")  # the flash messages of the creations shown and gone
        with CaptureQueriesContext(connection) as q:
            page = c.get("/gm/").content.decode()
        counts.append(len(q))
    assert counts[0] == counts[1], counts  # not a query or more per game
    ids = sorted(Game.objects.values_list("id", flat=True), reverse=True)
    shown = [name for name in names if f">{name}</a>" in page]
    assert shown == ["Charlie", "Delta", "Echo"]  # the newest three
    assert f"?before={ids[2]}" in page
    older = c.get(f"/gm/?before={ids[2]}").content.decode()
    assert [name for name in names if f">{name}</a>" in older] == ["Alpha", "Bravo"]
    assert "Newest games" in older and "Older games" not in older
    bad = c.get("/gm/?before=abc")
    assert bad.status_code == 400 and b"a game number" in bad.content
