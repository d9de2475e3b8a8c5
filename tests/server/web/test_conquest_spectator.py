"""The spectator's page of a running Conquest of the World game: the world map drawn from the
public view (ruling C17), the public events, and none of a player's secrets.

GREEN (a person) offers YELLOW (a person) a player alliance with his first orders: the offer
stays secret to the two of them (COTW 18, ruling C9) and GREEN's orders to himself. Later
GREEN submits orders for the turn under way, one of them a new offer. Every page of the game,
fetched as YELLOW, as a signed-in onlooker and anonymously, is searched for those secrets; the
onlooker and the anonymous visitor see the same map.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.utils.html import escape

from umpire.core import session
from umpire.core.submission import bot_text
from umpire.server.models import Game, TurnOutput
from umpire.server.store import load_record
from umpire.server.usecases import gm_actions, lifecycle

from ..conftest import run_worker
from .helpers import account, client_for
from .test_spectator_maps import _pages

pytestmark = pytest.mark.django_db

SVG = re.compile(r"<svg.*?</svg>", re.S)


def _process(game: Game, gm: Any) -> Game:
    """The turn now, and any turn after it that waits only for bots."""
    gm_actions.gm_action(game.pk, gm, "process")
    assert run_worker() >= 1
    game.refresh_from_db()
    return game


OWN_ORDERS = re.compile(r'<select class="order-select".*?</select>', re.S)


def _post_orders(client: Client, game: Game, text: str) -> str:
    response = client.post(
        f"/games/{game.pk}/orders/", {"orders": text, "turn": game.turn}, follow=True
    )
    assert response.status_code == 200
    return str(response.content.decode())


@pytest.mark.rule("COTW 18")
def test_conquest_spectators_see_the_world_map_and_no_players_secrets(gm: Any) -> None:
    game = lifecycle.create_game(
        gm[0],
        "Spectated conquest",
        "conquest",
        settings={"deadline": {"minutes": 60}, "fill_with_bots": True},
    )
    users = {"GREEN": account("green-player"), "YELLOW": account("yellow-player")}
    for power, user in users.items():
        lifecycle.join(game.pk, user, [power])
    lifecycle.start(game.pk, gm[0])
    game.refresh_from_db()
    assert {s.power for s in game.seats.filter(is_bot=False)} == set(users)
    green, yellow = client_for(users["GREEN"]), client_for(users["YELLOW"])
    _post_orders(green, game, "DIGIT 3\nPACT YELLOW")  # rule 2C, and a secret offer
    game = _process(game, gm[0])
    # Play on (bots, and the rules' own defaults for the two people) until the board has
    # holders and GREEN must order again.
    state = session.current_state(load_record(game))
    while not (state.holdings and "GREEN" in session.pending(load_record(game)).powers):
        assert game.turn < 40
        game = _process(game, gm[0])
        state = session.current_state(load_record(game))
    assert ("GREEN", "YELLOW") in state.offers
    record = load_record(game)
    mine = bot_text(
        session.ruleset_of(record), state, "GREEN", session.bot_chance(record, 1, "GREEN")
    )
    receipt = _post_orders(green, game, f"{mine}PACT RED")
    assert "PACT RED" in receipt

    secrets = ["PACT YELLOW", "PACT RED", "PLAYER ALLIANCES PROPOSED", "GREEN to YELLOW",
               "YOUR ORDERS LAST TURN"]  # fmt: skip
    # Sanity: the players read them on their own pages, so the search means something.
    turn1 = green.get(f"/games/{game.pk}/turn/1/").content.decode()
    assert "PACT YELLOW" in turn1 and "PLAYER ALLIANCES PROPOSED" in turn1
    assert "PACT RED" in green.get(f"/games/{game.pk}/").content.decode()
    assert "GREEN to YELLOW" in yellow.get(f"/games/{game.pk}/").content.decode()

    # The spectator's page: the world map from the public view (stored as the turn's @public
    # output when the turn was processed), and the public events.
    stored = TurnOutput.objects.get(game=game, turn=game.turn - 1, power=TurnOutput.PUBLIC)
    assert stored.view == session.public_view(load_record(game))
    watch = Client().get(f"/games/{game.pk}/watch/").content.decode()
    assert "map not available" not in watch
    (svg,) = SVG.findall(watch)  # the world; its crowded parts enlarged come when asked
    assert 'data-region="' not in svg
    sources = re.findall(r'class="map-view" data-view="[\w-]+" data-src="([^"]+)"', watch)
    enlarged = [Client().get(unescape(src)).content.decode() for src in sources]
    assert enlarged and all(' data-region="' in e.split(">", 1)[0] for e in enlarged)
    assert all(f"Turn {game.turn} - public" in e for e in enlarged)
    assert f"Turn {game.turn} - public" in svg
    assert svg.count('class="space land"') == 43
    homes = set(re.findall(r'class="homeland" data-space="(\w+)"', svg))
    assert homes == set(state.homelands.values()) and homes
    for power, home in state.homelands.items():
        assert f"{power} {home}: record" in svg  # the legend: the table's records and chips
    shown = [e.text for e in record.turns[-1].events if e.audience.kind == "public"]
    assert shown and all(escape(text) in watch for text in shown)

    # (b), (c): every page as another player, a signed-in onlooker and anonymously.
    maps = []
    for client, may in (
        (yellow, {"GREEN to YELLOW", "PLAYER ALLIANCES PROPOSED", "YOUR ORDERS LAST TURN"}),
        (client_for(account("onlooker")), set()),
        (Client(), set()),
    ):
        pages = _pages(client, game.pk)
        assert len(pages) >= 6
        for url, page in pages:
            # YELLOW's own legal orders (his page's lists) may read like GREEN's secret ones:
            # "PACT RED" is an offer YELLOW may make himself (rule 18A).
            html = OWN_ORDERS.sub("", page)
            for secret in secrets:
                assert secret in may or secret not in html, (url, secret)
        if client is not yellow:
            page = client.get(f"/games/{game.pk}/watch/").content.decode()
            parts = [client.get(unescape(src)).content.decode() for src in sources]
            maps.append(SVG.findall(page) + parts)
    assert maps[0] == maps[1] == [svg, *enlarged]  # the onlooker and the anonymous alike
