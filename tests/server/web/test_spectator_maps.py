"""The spectator's map of the games with hidden information; the pages keep every secret.

Battle Plan and Origins hide facts (BP 6A, 14: forces in countries and seas one does not see;
OWW 8.4, 8.5: exact PF amounts). The spectator page draws the game's public view; every page
of the game, fetched as another player, a signed-in spectator and anonymously, shows none of
a power's secret facts as its map draws them: the force counters of Battle Plan, the PF
amounts on the chips of Origins.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from umpire.core import session
from umpire.server.models import Game
from umpire.server.store import load_record
from umpire.server.usecases import gm_actions, lifecycle
from umpire.server.web.maps import with_note

from ..conftest import run_worker
from .helpers import account, client_for, diplomacy_game
from .test_page_leaks import _urls

pytestmark = pytest.mark.django_db

# Origins chip: <g class="chip" data-area="GER" data-power="USSR">...>X 3</text></g>
CHIP = re.compile(r'<g class="chip" data-area="(\w+)" data-power="(\w+)">.*?>([^<>]*)</text></g>')
# Battle Plan force counter in a country: <g class="forces" data-space="FR">
FORCES = re.compile(r'<g class="forces" data-space="(\w+)"(?: data-player="(\d+)")?[ >]')


def _game(gm: User, name: str) -> tuple[Game, dict[str, User]]:
    """A game of ``name`` with two human seats (the rest bots), one turn processed."""
    game = lifecycle.create_game(
        gm,
        f"Spectated {name}",
        name,
        settings={"deadline": {"minutes": 60}, "fill_with_bots": True},
    )
    users = [account(f"{name}-one"), account(f"{name}-two")]
    for user in users:
        lifecycle.join(game.pk, user)
    lifecycle.start(game.pk, gm)
    gm_actions.gm_action(game.pk, gm, "process")
    assert run_worker() == 1
    game.refresh_from_db()
    assert game.turn == 2
    return game, {str(game.seats.get(user=u).power): u for u in users}


def _pages(client: Client, gid: int) -> list[tuple[str, str]]:
    """(url, html) of every GET page of the game that answers 200."""
    out = []
    for method, url, _ in _urls(gid):
        if method == "get":
            response = client.get(url, follow=True)
            kind = str(response.get("Content-Type", ""))
            if response.status_code == 200 and not kind.startswith(
                ("image/gif", "application/pdf")
            ):
                out.append((url, response.content.decode()))  # (a GIF or PDF: no text to read)
    return out


def _exact_chips(html: str) -> set[tuple[str, str]]:
    """(area, power) of each Origins chip showing a PF amount (only its owner or spy knows)."""
    return {(a, p) for a, p, text in CHIP.findall(html) if re.search(r"\d", text)}


@pytest.mark.rule("OWW 8.4")
def test_origins_spectators_see_the_public_map_and_no_pf_amounts(gm: Any) -> None:
    game, users = _game(gm[0], "origins")
    (me, mine), (other, _) = sorted(users.items())
    watch = Client().get(f"/games/{game.pk}/watch/").content.decode()
    assert "<svg" in watch and 'class="chip"' in watch  # the public boxes are drawn
    assert CHIP.findall(watch) and not _exact_chips(watch)
    # Sanity: the player's own map shows its own amounts, so the search means something.
    own = client_for(mine).get(f"/games/{game.pk}/").content.decode()
    assert any(p == me for _, p in _exact_chips(own))
    # Every page, as another player (who sees its own amounts and what its spies saw, OWW
    # 8.5: its view's "exact"), a signed-in spectator and anonymously (no amounts at all).
    exact = session.view(load_record(game), other)["exact"]
    allowed = {(a, p) for a, row in exact.items() for p in row}
    for client, may in (
        (client_for(users[other]), allowed),
        (client_for(account("onlooker")), set()),
        (Client(), set()),
    ):
        pages = _pages(client, game.pk)
        assert len(pages) >= 6
        for url, html in pages:
            assert _exact_chips(html) <= may, url


@pytest.mark.rule("BP 14")
def test_battle_plan_spectators_see_owners_and_no_forces(gm: Any) -> None:
    game, users = _game(gm[0], "battleplan")
    (_, mine), (other, _) = sorted(users.items())
    watch = Client().get(f"/games/{game.pk}/watch/").content.decode()
    assert "<svg" in watch and " - public" in watch  # the public map's legend
    assert 'class="space land"' in watch and "fill=" in watch
    assert not FORCES.findall(watch)  # BP 14: no forces anywhere on the public map
    own = client_for(mine).get(f"/games/{game.pk}/").content.decode()
    assert FORCES.findall(own)  # sanity: the player sees forces where it may
    others = client_for(users[other]).get(f"/games/{game.pk}/").content.decode()
    seen_by_me = {space for space, _ in FORCES.findall(own)}
    seen_by_other = {space for space, _ in FORCES.findall(others)}
    assert seen_by_me != seen_by_other  # fog of war: each sees his own part of the board
    for client in (client_for(account("onlooker")), Client()):
        for url, html in _pages(client, game.pk):
            assert not FORCES.findall(html), url


@pytest.mark.rule("BP 14")
def test_the_enlarged_parts_of_the_world_map_come_when_asked_each_reader_his_own(gm: Any) -> None:
    """A World Wide page carries the whole map and, for each enlarged part, only where to
    fetch it; fetched, it is the part of the reader's own map (his forces, BP 14), or of the
    public one for a spectator (no forces), whatever he asks for."""
    from umpire.games.battleplan import drawing

    game, _ = _game(gm[0], "battleplan")  # (Europe: no enlarged parts)
    assert 'data-src="' not in Client().get(f"/games/{game.pk}/watch/").content.decode()
    game = lifecycle.create_game(gm[0], "World", "battleplan", scenario="equal",
                               settings={"deadline": {"minutes": 60}, "fill_with_bots": True})  # fmt: skip
    player = account("world-one")
    lifecycle.join(game.pk, player)
    lifecycle.start(game.pk, gm[0])
    game.refresh_from_db()
    power = str(game.seats.get(user=player).power)
    mine = client_for(player)
    page = mine.get(f"/games/{game.pk}/").content.decode()
    src = f"/games/{game.pk}/map/europe/?turn=0"
    assert f'data-view="europe" data-src="{src}" hidden></div>' in page
    assert 'data-region="' not in page  # no enlarged part in the page itself
    record = load_record(game)
    view = session.view(record, power, turn=0)
    answer = mine.get(src)
    assert answer["Content-Type"].startswith("image/svg+xml")
    assert answer.content.decode() == with_note(drawing.draw(view, [], region="europe"))
    assert FORCES.findall(answer.content.decode())  # his own forces, enlarged
    public = session.public_view(record)
    watched = Client().get(f"/games/{game.pk}/watch/").content.decode()
    assert re.findall(r'data-view="europe" data-src="([^"]+)"', watched) == [f"{src}&amp;public=1"]
    onlooker = client_for(account("world-onlooker"))
    for asked in (src, src + "&public=1"):
        for client in (Client(), onlooker):
            svg = client.get(asked).content.decode()
            assert svg == with_note(drawing.draw(public, [], region="europe")), asked
            assert not FORCES.findall(svg)  # BP 14: no forces on the public map
    assert mine.get(f"/games/{game.pk}/map/nowhere/").status_code == 404


def test_diplomacy_orders_of_the_turn_stay_secret_on_every_page(gm: Any) -> None:
    """Orders are secret until the turn is processed: no page shows France's to anyone else
    (another player, a signed-in spectator, an anonymous visitor), map included."""
    game, users = diplomacy_game(gm[0])
    secret = "A par S A mar - bur"
    fra = client_for(users["FRA"])
    fra.post(f"/games/{game.pk}/orders/", {"orders": f"{secret}\nF bre - pic", "turn": game.turn})
    assert secret in fra.get(f"/games/{game.pk}/").content.decode()  # sanity: France sees it
    for client in (client_for(users["GER"]), client_for(account("onlooker")), Client()):
        pages = _pages(client, game.pk)
        assert len(pages) >= 6
        for url, html in pages:
            assert secret not in html and "F bre - pic" not in html, url
