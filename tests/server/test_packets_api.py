"""Postal packets in the JSON API (``api/postal.py``): the pages' rules (``packet_access``),
nothing made in a request (202 with where to ask again, then the PDF), every refusal a
declared error."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.server.conftest import run_worker
from tests.server.test_packets import Played, _play, _queued
from umpire.server import accounts
from umpire.server.usecases import lifecycle


@pytest.fixture
def origins(transactional_db: Any) -> Played:
    """An Origins game (hidden information), two players, one turn processed."""
    return _play("origins", "historical")


def _get(user: User | None, path: str) -> Any:
    headers = {"HTTP_AUTHORIZATION": f"Bearer {accounts.issue_token(user)}"} if user else {}
    return Client().get(f"/api{path}", **headers)


def _error(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["code"]


def test_a_packet_is_queued_once_then_answered_as_pdf(origins: Played) -> None:
    game = origins.game
    me, _ = sorted(origins.users)
    path = f"/games/{game.pk}/turns/1/packet"
    first = _get(origins.users[me], path)
    assert first.status_code == 202
    assert first["Retry-After"] == "2" and first["Cache-Control"] == "no-store"
    assert first.json() == {
        "status": "preparing",
        "message": f"The postal packet of {me} of turn 1 is being prepared; ask again in 2 seconds",
        "retry_after": 2,
        "url": f"/api{path}",
    }
    assert _get(origins.users[me], path).status_code == 202
    assert _queued() == [("make_packet", [game.pk, me, 1])]  # once, and made by no request
    assert run_worker(queue="history") == 1
    made = _get(origins.users[me], path)
    assert made.status_code == 200 and made["Content-Type"] == "application/pdf"
    assert made.content.startswith(b"%PDF-")
    assert f'filename="G-{game.pk}-turn-1-{me}.pdf"' in made["Content-Disposition"]
    assert made["Cache-Control"] == "private, no-store"
    # The same packet the page gives him, and the same with his own power named.
    page = Client()
    page.force_login(origins.users[me])
    assert page.get(f"/games/{game.pk}/turn/1/packet.pdf").content == made.content
    assert _get(origins.users[me], f"{path}?power={me.lower()}").content == made.content
    assert len(_queued()) == 1


def test_who_may_read_which_packet(origins: Played) -> None:
    game, gm = origins.game, origins.gm
    me, other = sorted(origins.users)
    player = origins.users[me]
    path = f"/games/{game.pk}/turns/1/packet"
    assert _error(_get(player, f"{path}?power={other}")) == (403, "view/forbidden")
    onlooker = accounts.register("cat", "cat-password")
    assert _error(_get(onlooker, path)) == (404, "packet/none")
    assert _error(_get(onlooker, f"{path}?power={me}")) == (403, "view/forbidden")
    assert _error(_get(player, f"{path}?power=Atlantis")) == (404, "packet/none")
    assert _error(_get(player, f"/games/{game.pk}/turns/9/packet")) == (404, "turn/unknown")
    assert _error(_get(player, "/games/99999/turns/1/packet")) == (404, "game/not_found")
    assert _error(_get(None, path)) == (401, "auth/required")
    assert _error(_get(gm, path)) == (404, "packet/none")  # the game master names a seat
    forming = lifecycle.create_game(gm, "Later", "origins", scenario="historical")
    assert _error(_get(gm, f"/games/{forming.pk}/turns/0/packet")) == (409, "game/not_started")
    hidden = lifecycle.create_game(gm, "Private", "origins", scenario="historical", public=False)
    assert _error(_get(player, f"/games/{hidden.pk}/turns/0/packet")) == (404, "game/not_found")
    assert _queued() == []  # a refused reader queues nothing
    # The game master: any seat's, by code or name.
    assert _get(gm, f"{path}?power={other.lower()}").status_code == 202
    assert _queued() == [("make_packet", [game.pk, other, 1])]
    assert run_worker(queue="history") == 1
    theirs = _get(gm, f"{path}?power={other}")
    assert theirs.status_code == 200 and theirs.content.startswith(b"%PDF-")
    assert f"-turn-1-{other}.pdf" in theirs["Content-Disposition"]


def test_the_game_masters_print_of_a_turn(origins: Played) -> None:
    game, gm = origins.game, origins.gm
    me, _ = sorted(origins.users)
    path = f"/games/{game.pk}/gm/print/1"
    assert _error(_get(origins.users[me], path)) == (404, "packet/none")
    assert _error(_get(gm, f"/games/{game.pk}/gm/print/7")) == (404, "turn/unknown")
    assert _error(_get(None, path)) == (401, "auth/required")
    assert _queued() == []
    first = _get(gm, path)
    assert first.status_code == 202 and first["Retry-After"] == "2"
    assert first.json()["message"].startswith("Every player's packet of turn 1 is being prepared")
    assert _queued() == [("make_print", [game.pk, 1])]
    assert run_worker(queue="history") == 1
    printed = _get(gm, path)
    assert printed.status_code == 200 and printed["Content-Type"] == "application/pdf"
    assert f'filename="G-{game.pk}-turn-1-packets.pdf"' in printed["Content-Disposition"]
    page = Client()
    page.force_login(gm)
    assert page.get(f"/gm/{game.pk}/print/1/").content == printed.content


def test_the_document_declares_the_pdf_and_the_answer_while_it_is_prepared(db: Any) -> None:
    document = Client().get("/api/openapi.json").json()
    for path in (
        "/api/games/{game_id}/turns/{turn}/packet",
        "/api/games/{game_id}/gm/print/{turn}",
    ):
        answers = document["paths"][path]["get"]["responses"]
        assert answers["200"]["content"]["application/pdf"]["schema"]["format"] == "binary"
        assert "Retry-After" in answers["202"]["headers"]
        pending = answers["202"]["content"]["application/json"]["schema"]
        assert pending == {"$ref": "#/components/schemas/PacketPending"}
        assert "4XX" in answers
