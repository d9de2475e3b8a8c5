"""Forecasts on the server (issue 32): the API's ``POST /api/games/{id}/forecast`` and the
game page's "Try orders": a seated player's orders tried from his own view, nothing stored,
every refusal a clear 4xx."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from umpire.core import registry
from umpire.core.ruleset import Capabilities
from umpire.server import accounts
from umpire.server.models import Game, GameStatus, Submission, Turn, TurnOutput

from .conftest import Api
from .web.helpers import client_for, diplomacy_game

pytestmark = pytest.mark.django_db


def _rows(game: Game) -> tuple[Any, ...]:
    """Everything a forecast must leave as it was."""
    game.refresh_from_db()
    return (
        list(Submission.objects.filter(game=game).values_list("id", flat=True)),
        list(Turn.objects.filter(game=game).values_list("id", flat=True)),
        TurnOutput.objects.filter(game=game).count(),
        game.turn,
        game.submitted,
        game.status,
    )


@pytest.fixture
def dip(gm: Any) -> tuple[Game, dict[str, Any]]:
    return diplomacy_game(gm[0])


def api_of(user: Any) -> Api:
    return Api(accounts.issue_token(user))


@pytest.mark.rule("DATC 6.A.11")
def test_the_api_forecasts_a_bounce_and_stores_nothing(dip: tuple[Game, dict[str, Any]]) -> None:
    game, users = dip
    before = _rows(game)
    status, body = api_of(users["AUS"]).post(
        f"/games/{game.pk}/forecast",
        {"orders": {"AUS": "A vie - tyr\nA bud - xyz", "Italy": "A ven - tyr"}, "seed": 4},
    )
    assert status == 200, body
    assert body["power"] == "AUS" and body["label"] == "Spring 1901 movement"
    assert [p["line"] for p in body["problems"]["AUS"]] == [2]
    assert body["problems"]["ITA"] == []
    assert "AUS A vie - tyr: failed" in body["printout"]
    assert "ITA A ven - tyr: failed" in body["printout"]
    assert body["svg"].startswith("<svg") and "AUS A vie" in body["view"]["units"]
    assert _rows(game) == before


def test_the_api_refuses_with_clear_4xx(dip: tuple[Game, dict[str, Any]], gm: Any) -> None:
    game, users = dip
    url = f"/games/{game.pk}/forecast"
    aus = api_of(users["AUS"])
    assert Api(None).post(url, {"orders": {}})[0] == 401
    spectator = api_of(accounts.register("watcher", "watcher-password-Ocelot"))
    status, body = spectator.post(url, {"orders": {"AUS": "A vie H"}})
    assert (status, body["code"]) == (403, "seat/none")
    status, body = gm[1].post(url, {"orders": {}})  # the game master holds no seat
    assert (status, body["code"]) == (403, "seat/none")
    assert aus.post("/games/999999/forecast", {"orders": {}})[0] == 404
    status, body = aus.post(url, {"orders": {"Atlantis": "A par H"}})
    assert (status, body["code"]) == (400, "game/unknown_power")
    for bad in ({"orders": {"AUS": 3}}, {"seed": -1}, {"seed": "7"}, {"orders": {}, "x": 1}):
        status, body = aus.post(url, bad)
        assert (status, body["code"]) == (422, "request/invalid"), bad
    status, body = aus.post(url, {"orders": {"AUS": "A vie H\n" * 20_000}})
    assert status in (413, 422) and body["code"] in ("request/too_large", "request/invalid")
    Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED)
    status, body = aus.post(url, {"orders": {}})
    assert (status, body["code"]) == (409, "game/not_running")


def test_a_hidden_information_forecast_never_shows_another_players_secret(
    running_game: dict[str, Any],
) -> None:
    """Fake Bid hides each power's secret: North's forecast, with a guess for South, shows
    North's own secret and never South's; the page's sweep (test_page_leaks) does the same
    for every page."""
    gid = running_game["id"]
    game = Game.objects.get(pk=gid)
    south = game.initial_state["secrets"]["South"]
    north = game.initial_state["secrets"]["North"]
    status, body = running_game["ann"].post(
        f"/games/{gid}/forecast", {"orders": {"North": "bid 5", "South": "bid 2"}, "seed": 3}
    )
    assert status == 200, body
    assert north in body["printout"] and south not in str(body)
    assert "North bid 5" in body["printout"] and "South bid 2" not in body["printout"]
    status, again = running_game["ann"].post(
        f"/games/{gid}/forecast", {"orders": {"North": "bid 5", "South": "bid 2"}, "seed": 3}
    )
    assert again == body  # the same seed, the same forecast


def test_a_game_without_a_forecast_says_so(
    running_game: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    record = registry.game("fakebid")
    monkeypatch.setitem(record.features, "standard", Capabilities())  # type: ignore[index]
    status, body = running_game["ann"].post(f"/games/{running_game['id']}/forecast", {})
    assert status == 400 and body["code"] == "forecast/unavailable"
    page = client_for(User.objects.get(username="ann"))
    assert page.post(f"/games/{running_game['id']}/forecast/", {}).status_code == 404
    assert "Try orders" not in page.get(f"/games/{running_game['id']}/").content.decode()


def test_the_forecast_operation_is_in_the_openapi_document() -> None:
    document = Api(None).client.get("/api/openapi.json").json()
    operation = document["paths"]["/api/games/{game_id}/forecast"]["post"]
    assert "4XX" in operation["responses"]
    assert "ForecastIn" in document["components"]["schemas"]


def test_the_page_tries_orders_and_stores_nothing(dip: tuple[Game, dict[str, Any]]) -> None:
    game, users = dip
    url = f"/games/{game.pk}/forecast/"
    aus = client_for(users["AUS"])
    page = aus.get(f"/games/{game.pk}/").content.decode()
    assert "Try orders" in page and url in page
    assert 'name="guess-ITA"' in aus.get(url).content.decode()
    before = _rows(game)
    response = aus.post(url, {"orders": "A vie - tyr", "guess-ITA": "A ven - tyr", "seed": ""})
    html = response.content.decode()
    assert response.status_code == 200
    assert "AUS A vie - tyr: failed" in html and "<svg" in html and "No problems." in html
    assert _rows(game) == before
    response = aus.post(url, {"orders": "A vie - xyz"})
    assert "line 1" in response.content.decode()
    assert aus.post(url, {"orders": "", "seed": "-2"}).status_code == 400
    assert _rows(game) == before


def test_the_page_refuses_spectators_and_forged_posts(dip: tuple[Game, dict[str, Any]]) -> None:
    game, users = dip
    url = f"/games/{game.pk}/forecast/"
    watcher = accounts.register("watcher", "watcher-password-Ocelot")
    assert client_for(watcher).post(url, {"orders": "A vie H"}).status_code == 403
    assert client_for(None).post(url, {"orders": "A vie H"}).status_code == 302  # to log in
    forged = client_for(users["AUS"], csrf=True).post(url, {"orders": "A vie H"})
    assert forged.status_code == 403
    Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED)
    assert client_for(users["AUS"]).post(url, {"orders": "A vie H"}).status_code == 409


def test_the_forecast_form_draws_every_box_as_it_is_typed(
    dip: tuple[Game, dict[str, Any]],
) -> None:
    """The page posts its boxes as they are typed: each is read as a submission is, his own
    orders and his guesses drawn in their powers' colours over his current map, problems
    listed per box, nothing stored."""
    game, users = dip
    url = f"/games/{game.pk}/forecast/preview/"
    aus = client_for(users["AUS"])
    page = aus.get(f"/games/{game.pk}/forecast/").content.decode()
    assert f'data-preview="{url}"' in page and "<svg" in page  # his map before any result
    before = _rows(game)
    body = {"orders": "A vie - tyr\nA bud - xyz", "guess-ITA": "A ven - tyr", "guess-FRA": ""}
    response = aus.post(url, body)
    assert response.status_code == 200, response.content
    answer = response.json()
    assert answer["orders"] == {
        "AUS": [{"line": 1, "text": "A vie - tyr"}],
        "ITA": [{"line": 1, "text": "A ven - tyr"}],
    }  # a power whose box is empty is not read
    assert [(p["power"], p["line"], p["text"]) for p in answer["problems"]] == [
        ("AUS", 2, "A bud - xyz")
    ]
    drawn = answer["overlays"]["map"]
    assert drawn.startswith('<g class="order-marks"')
    # his own group last (in front), the guess fainter; each mark knows its line
    assert drawn.index('data-power="ITA" opacity="0.7"') < drawn.index('data-power="AUS"')
    assert drawn.count('class="order-mark"') == 2
    # a guess is judged as a submission of that power would be: Italy has no army in Vienna
    answer = aus.post(url, {"orders": "", "guess-ITA": "A vie - tyr"}).json()
    assert [(p["power"], p["line"]) for p in answer["problems"]] == [("ITA", 1)]
    assert answer["orders"] == {"AUS": [], "ITA": []}
    assert _rows(game) == before


def test_the_forecast_form_preview_refuses_with_clear_4xx(
    dip: tuple[Game, dict[str, Any]],
) -> None:
    game, users = dip
    url = f"/games/{game.pk}/forecast/preview/"
    aus = client_for(users["AUS"])
    answer = client_for(None).post(url, {"orders": "A vie H"})
    assert (answer.status_code, answer.json()["error"]["code"]) == (401, "auth/logged_out")
    watcher = client_for(accounts.register("watcher", "watcher-password-Ocelot"))
    answer = watcher.post(url, {"orders": "A vie H"})
    assert (answer.status_code, answer.json()["error"]["code"]) == (403, "seat/none")
    assert client_for(users["AUS"], csrf=True).post(url, {"orders": "A vie H"}).status_code == 403
    assert aus.get(url).status_code == 405
    assert aus.post("/games/999999/forecast/preview/", {"orders": ""}).status_code == 404
    answer = aus.post(url, {"orders": "A vie H\n" * 10_000})  # 80,000 bytes: over 64 KiB
    assert (answer.status_code, answer.json()["error"]["code"]) == (413, "orders/too_large")
    Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED)
    answer = aus.post(url, {"orders": "A vie H"})
    assert (answer.status_code, answer.json()["error"]["code"]) == (409, "game/not_running")


def test_a_forecast_preview_never_shows_another_players_secret(
    running_game: dict[str, Any],
) -> None:
    """Fake Bid hides each power's secret: North's preview of his box and a guess for South
    holds neither South's secret nor anything that changes when South's true secret does."""
    gid = running_game["id"]
    ann = client_for(User.objects.get(username="ann"))
    url = f"/games/{gid}/forecast/preview/"
    body = {"orders": "bid 5", "guess-South": "bid 2"}
    first = ann.post(url, body)
    assert first.status_code == 200, first.content
    game = Game.objects.get(pk=gid)
    south = game.initial_state["secrets"]["South"]
    assert south not in first.content.decode()
    game.initial_state["secrets"]["South"] = "changed-secret-of-south"
    game.save(update_fields=["initial_state"])
    again = ann.post(url, body)
    assert again.content == first.content
