"""Issue 14, items 8-12: every input checked at the edge, a clear 4xx in the documented
``{"code", "message"}`` format, never a 500; settings with a schema; size limits; poison
mail refused for good; no backscatter."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from django.test import Client

from umpire.core.session import SessionError
from umpire.server.models import Seat
from umpire.server.schemas import ORDERS_MAX_BYTES
from umpire.server.usecases import lifecycle, submissions

from .conftest import Api, make_user


def _raw(api: Api, path: str, body: str) -> tuple[int, Any]:
    response = api.client.post(f"/api{path}", body, content_type="application/json",
                               **api._headers())  # fmt: skip
    return response.status_code, response.json()


def _refused(status: int, body: Any, code: str | None = None) -> None:
    assert 400 <= status < 500, (status, body)
    assert set(body) == {"code", "message"}, body
    if code is not None:
        assert body["code"] == code, body


@pytest.mark.django_db
def test_bad_text_and_numbers_get_a_clear_4xx(running_game: dict[str, Any]) -> None:
    game_id, gm, ann = running_game["id"], running_game["gm"], running_game["ann"]
    anon = Api(None)
    cases = [
        (anon, "/auth/register", '{"username": "a\\u0000b", "password": "long-enough"}'),
        (anon, "/auth/register", '{"username": "\\ud800x", "password": "long-enough"}'),
        (anon, "/auth/register", json.dumps({"username": "x" * 500, "password": "long-pass"})),
        (
            anon,
            "/auth/register",
            json.dumps({"username": "e", "password": "long-pass", "email": "not an address"}),
        ),
        (gm, f"/games/{game_id}/gm/extend", json.dumps({"minutes": 2**63})),
        (gm, f"/games/{game_id}/gm/extend", '{"minutes": NaN}'),
        (gm, f"/games/{game_id}/gm/extend", '{"minutes": Infinity}'),
        (gm, "/games", json.dumps({"game": "fakebid", "settings": {"deadline": {"at": "9am"}}})),
        (
            gm,
            "/games",
            json.dumps({"game": "fakebid", "settings": {"deadline": {"timezone": "Nowhere/x"}}}),
        ),
        (ann, f"/games/{game_id}/messages", json.dumps({"to": ["all"], "text": "x\u0000"})),
        (ann, f"/games/{2**63}/orders", json.dumps({"turn": 1, "text": "bid 1"})),
        (ann, f"/games/{game_id}/orders", json.dumps({"turn": 2**63, "text": "bid 1"})),
    ]
    for api, path, body in cases:
        _refused(*_raw(api, path, body))
    _refused(*ann.get(f"/games/{game_id}/printout", turn=2**63))
    _refused(*anon.get(f"/public/games/{2**63}"))


@pytest.mark.django_db
def test_duplicate_assignments_are_refused_not_a_500(gm: Any, players: Any) -> None:
    _, gm_api = gm
    _, body = gm_api.post("/games", {"game": "fakebid"})
    game_id = body["game"]["id"]
    status, body = gm_api.post(
        f"/games/{game_id}/start", {"assignments": {"North": "ann", "South": "ann"}}
    )
    _refused(status, body, "game/bad_request")


@pytest.mark.django_db
def test_an_internal_error_is_logged_with_its_traceback(
    running_game: dict[str, Any], monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom in set_ready")

    monkeypatch.setattr(submissions, "set_ready", broken)
    with caplog.at_level(logging.ERROR, logger="umpire.server"):
        status, body = running_game["ann"].post(f"/games/{running_game['id']}/ready",
                                                {"turn": 1})  # fmt: skip
    assert status == 500 and body["code"] == "server/error" and set(body) == {"code", "message"}
    assert any(r.exc_info and "boom in set_ready" in str(r.exc_info[1]) for r in caplog.records)


@pytest.mark.parametrize(
    ("settings", "key"),
    [
        ({"fill_with_bots": "no"}, "settings.fill_with_bots"),
        ({"powers": "FRA"}, "settings.powers"),
        ({"reminder_minutes": "soon"}, "settings.reminder_minutes"),
        ({"deadline": {"minutes": -5}}, "settings.deadline.minutes"),
        ({"colour": "blue"}, "settings.colour"),
        ({"rules": {"max_years": 0}}, "settings.rules.max_years"),
        ({"rules": {"max_yeras": 5}}, "settings.rules.max_yeras"),
    ],
)
@pytest.mark.django_db
def test_bad_settings_are_refused_naming_the_key(
    gm: Any, settings: dict[str, Any], key: str
) -> None:
    user, api = gm
    with pytest.raises(SessionError) as err:
        lifecycle.create_game(user, "x", "diplomacy", settings=settings)
    assert err.value.code == "game/bad_settings" and key in err.value.message
    status, body = api.post("/games", {"game": "diplomacy", "settings": settings})
    _refused(status, body)
    assert key.removeprefix("settings.").split(".")[0] in body["message"]


@pytest.mark.django_db
def test_the_settings_schema_is_in_the_openapi_document() -> None:
    doc = Client().get("/api/openapi.json").json()
    schemas = doc["components"]["schemas"]
    assert {"GameSettings", "DeadlineSettings", "DiplomacyRules", "BattlePlanRules"} <= set(schemas)
    assert schemas["GameSettings"]["additionalProperties"] is False


@pytest.mark.django_db
def test_size_limits(running_game: dict[str, Any]) -> None:
    game_id, ann = running_game["id"], running_game["ann"]
    big = "bid 1\n" * (ORDERS_MAX_BYTES // 6 + 1)
    status, body = ann.post(f"/games/{game_id}/orders", {"turn": 1, "text": big})
    _refused(status, body)
    assert "64 KiB" in body["message"]
    user = Seat.objects.get(game_id=game_id, power="North").user
    with pytest.raises(SessionError) as err:  # the email and web entrances, through service
        submissions.submit_orders(game_id, user, big, turn=1, source="email")
    assert err.value.code == "orders/too_large"
    status, body = _raw(ann, f"/games/{game_id}/orders",
                        json.dumps({"turn": 1, "text": "x" * 400_000}))  # fmt: skip
    _refused(status, body, "request/too_large")
    status, body = ann.post(f"/games/{game_id}/messages", {"to": ["all"], "text": "y" * 20_000})
    _refused(status, body)
    _, api = make_user("longname", gm=True)
    _refused(*api.post("/games", {"game": "fakebid", "name": "n" * 500}))


@pytest.mark.django_db
def test_private_games_are_hidden_from_outsiders(gm: Any, players: Any) -> None:
    _, gm_api = gm
    _, body = gm_api.post("/games", {"game": "fakebid", "public": False})
    game_id = body["game"]["id"]
    outsider = players["cat"][1]
    for status, body in (
        outsider.get(f"/games/{game_id}"),
        outsider.get(f"/games/{game_id}/events"),
        outsider.post(f"/games/{game_id}/join", {}),
    ):
        _refused(status, body, "game/not_found")
    assert gm_api.get(f"/games/{game_id}")[0] == 200


@pytest.mark.django_db
def test_the_source_is_set_by_the_entrance(running_game: dict[str, Any]) -> None:
    from umpire.server.models import Submission

    game_id = running_game["id"]
    # A body naming its own source is refused whole (no key the document does not name).
    status, body = running_game["ann"].post(
        f"/games/{game_id}/orders", {"turn": 1, "text": "bid 1", "source": "email"}
    )
    assert (status, body["code"]) == (422, "request/invalid") and "source" in body["message"]
    status, _ = running_game["ann"].post(f"/games/{game_id}/orders", {"turn": 1, "text": "bid 1"})
    assert status == 200
    assert list(Submission.objects.filter(game_id=game_id).values_list("source", flat=True)) == [
        "api"
    ]


@pytest.mark.django_db
def test_the_seed_cannot_be_filtered_in_the_admin(running_game: dict[str, Any]) -> None:
    from django.contrib.auth.models import User

    User.objects.create_superuser("root", "root@example.org", "root-password-1")
    client = Client(raise_request_exception=False)
    client.login(username="root", password="root-password-1")
    assert client.get("/admin/umpire/game/").status_code == 200
    assert client.get("/admin/umpire/game/?seed=1").status_code == 400
    assert client.get("/admin/umpire/game/?seed__gt=0").status_code == 400
    assert client.get("/admin/umpire/turn/?game__seed__lt=10").status_code == 400


@pytest.mark.parametrize(
    ("game", "rules", "key"),
    [
        ("spi-ww2", {"variable_us_entry": "no"}, "settings.rules.variable_us_entry"),
        ("spi-ww2", {"variable_us_entry": 0}, "settings.rules.variable_us_entry"),
        ("spi-ww2", {"game_turns": -5}, "settings.rules.game_turns"),
        ("spi-ww2", {"game_turns": 10**12}, "settings.rules.game_turns"),
        ("spi-ww2", {"game_turn": 5}, "settings.rules.game_turn"),
        ("conquest", {"colour": "red"}, "settings.rules.colour"),
        ("conquest", {"rounds": -1}, "settings.rules.rounds"),
        ("conquest", {"warchest": 150}, "settings.rules.warchest"),
    ],
)
@pytest.mark.django_db
def test_spi_and_conquest_settings_have_a_schema(
    gm: Any, game: str, rules: dict[str, Any], key: str
) -> None:
    """Issue 30: SPI WW2's ``"no"`` was read as true and its game length was unchecked;
    Conquest accepted any key at the service's edge. Refused before anything is created."""
    user, _ = gm
    with pytest.raises(SessionError) as err:
        lifecycle.create_game(user, "x", game, settings={"rules": rules})
    assert err.value.code == "game/bad_settings" and key in err.value.message


@pytest.mark.parametrize(
    "rules",
    [{"variable_us_entry": "no"}, {"game_turns": -5}, {"game_turns": 10**12}, {"colour": 1}],
)
def test_spi_engine_refuses_the_same_settings_as_the_server(rules: dict[str, Any]) -> None:
    """``umpire new --set`` reaches the engine without the server: it refuses them too."""
    from umpire.core import session

    with pytest.raises(ValueError, match="setting"):
        session.create("spi-ww2", seed=1, settings=rules)


def test_spi_settings_accepted_and_declared_once() -> None:
    from umpire.core import registry, session
    from umpire.games.spi_ww2.game import SETTINGS

    record = session.create(
        "spi-ww2", seed=1, settings={"variable_us_entry": False, "game_turns": 10}
    )
    assert record.initial_state["variable_us_entry"] is False
    assert record.initial_state["last_game_turn"] == 10
    model = registry.game("spi-ww2").settings_for(None)  # the record's: the one declaration
    assert model is not None and set(model.model_fields) == set(SETTINGS)
