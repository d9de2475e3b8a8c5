"""Issue 29 item 9 on the web: wherever a person reads a power in a status line (the game's
head, the game master's console, My games), its full name is shown with its code beside it."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.server.usecases import messaging, submissions

from .helpers import client_for, diplomacy_game

pytestmark = pytest.mark.django_db


def test_the_game_head_names_the_players_power(gm: Any) -> None:
    game, users = diplomacy_game(gm[0])
    page = client_for(users["ENG"]).get(f"/games/{game.pk}/").content.decode()
    assert "you play <b>England (ENG)</b>" in page
    mine = client_for(users["ENG"]).get("/games/").content.decode()
    assert "<b>England (ENG)</b>" in mine


def test_the_console_status_line_names_each_power(gm: Any) -> None:
    game, users = diplomacy_game(gm[0])
    submissions.submit_orders(game.pk, users["FRA"], "A par H", turn=1)
    page = client_for(gm[0]).get(f"/gm/{game.pk}/").content.decode()
    assert (
        "Submitted: France (FRA) · ready: nobody · waiting for: Austria (AUS), England (ENG)"
        in page
    )
    assert '<h3>France (FRA) <span class="muted">received' in page  # whose orders these are
    assert "<td>Turkey (TUR)</td>" in page  # the seats
    assert '<option value="TUR">Turkey (TUR)</option>' in page  # the replace form


def test_press_names_its_sender_recipients_and_thread(gm: Any) -> None:
    game, users = diplomacy_game(gm[0])
    messaging.send_message(game.pk, users["ENG"], "Hello", to=["FRA", "GER"], signed=True)
    page = client_for(users["FRA"]).get(f"/games/{game.pk}/press/").content.decode()
    assert "England (ENG) → France (FRA), Germany (GER)" in page
    assert "<h3>England (ENG), Germany (GER)" in page  # the thread: who takes part
