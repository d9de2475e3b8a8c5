"""The pages: order box and receipt, legal-order lists, ready, history, lobby, press, votes."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from umpire.core import session
from umpire.server.models import Game, GameStatus, Submission
from umpire.server.store import load_record
from umpire.server.usecases import gm_actions, lifecycle, messaging, results, submissions, turns

from ..conftest import run_worker
from .helpers import account, client_for, diplomacy_game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def dip(gm: Any) -> tuple[Game, dict[str, User], User]:
    game, users = diplomacy_game(gm[0])
    return game, users, gm[0]


def test_orders_typed_in_the_page_get_the_same_receipt_as_the_api(dip: Any) -> None:
    game, users, _ = dip
    eng = client_for(users["ENG"])
    text = "F lon - nth\nA lvp - mos\nF edi - nwg"
    response = eng.post(
        f"/games/{game.pk}/orders/", {"orders": text, "turn": game.turn, "ready": "on"}, **HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert '<div id="receipt"' in html  # the htmx partial only
    assert "<code>F lon - nth</code>" in html and "<code>F edi - nwg</code>" in html
    assert "line 2" in html and "[illegal/unreachable]" in html
    row = Submission.objects.get(game=game, power="ENG")
    assert row.source == "web" and row.raw == text
    # The same text through the service function the API and email use gives the same result.
    record = load_record(game)
    receipt = session.submit(record, "ENG", text, turn=game.turn)
    assert row.orders == [o for _, o in receipt.accepted]
    assert [p["code"] for p in row.problems] == [p.code for p in receipt.problems]
    # The page keeps the accepted orders in the box (the refused line is in the receipt
    # only: issue 29) and shows it is marked ready.
    page = eng.get(f"/games/{game.pk}/").content.decode()
    assert "F lon - nth\nF edi - nwg\n</textarea>" in page
    assert 'name="ready" checked' in page


def test_orders_for_another_turn_are_refused_with_turn_stale(dip: Any) -> None:
    game, users, _ = dip
    response = client_for(users["FRA"]).post(
        f"/games/{game.pk}/orders/", {"orders": "A par H", "turn": game.turn + 1}, **HTMX
    )
    html = response.content.decode()
    assert "[turn/stale]" in html
    assert not Submission.objects.filter(game=game).exists()
    # what to do about it: the page is behind the game; a link reloads it
    assert "The turn has moved on since this page was loaded" in html
    assert f'<a href="/games/{game.pk}/">Reload the page</a>' in html


def test_a_game_not_found_gets_the_site_s_page_with_a_way_on(dip: Any) -> None:
    game, users, _ = dip
    for client in (client_for(users["FRA"]), client_for(None)):
        response = client.get(f"/games/{game.pk + 1000}/")
        html = response.content.decode()
        assert response.status_code == 404
        assert "There is no game at this address" in html
        assert 'href="/lobby/"' in html and "Umpire" in html  # the site's own header and links
    assert (
        "There is no page at this address"
        in client_for(None).get("/no/such/page/").content.decode()
    )


def test_select_lists_offer_exactly_the_engine_s_legal_orders(dip: Any) -> None:
    game, users, _ = dip
    page = client_for(users["ENG"]).get(f"/games/{game.pk}/").content.decode()
    record = load_record(game)
    for line in ("A lvp - yor", "F lon - nth", "F edi S A lvp - yor", "F lon S F edi - nth"):
        assert f"<option>{line}</option>" in page
        assert session.submit(record, "ENG", line).ok
    for line in ("A lvp - mos", "F lon - par", "A par - bur"):
        assert f"<option>{line}</option>" not in page  # illegal, or not England's unit
    options = load_record(game)
    state = session.current_state(options)
    offered = session.ruleset_of(options).order_options(state, "ENG")  # type: ignore[attr-defined]
    assert set(offered) == {"F edi", "F lon", "A lvp"}
    for unit, lines in offered.items():
        for line in lines:
            receipt = session.submit(record, "ENG", line)
            assert receipt.ok and receipt.accepted[0][1] == line, (unit, line)


def test_battle_plan_lists_say_each_order_s_places_words_and_key(gm: Any) -> None:
    """A Battle Plan player's page lists the engine's legal space orders of each space he
    holds (BP 8), each with the spaces it names (the map's clicks), what it does in words and
    what it replaces (12C: the same order with another number); each is accepted as sent. The
    lists are long, so the page carries each list's space and where to ask for its options:
    the player's own lists only, for him alone."""
    settings = {"deadline": {"minutes": 60}, "fill_with_bots": True}  # five players at least
    game = lifecycle.create_game(gm[0], "BP lists", "battleplan", settings=settings)
    users = {}
    for power in ("GB", "FR", "GE"):
        users[power] = account(f"bp-{power.lower()}")
        lifecycle.join(game.pk, users[power], [power])
    game = lifecycle.start(game.pk, gm[0])
    ge = client_for(users["GE"])
    page = ge.get(f"/games/{game.pk}/").content.decode()
    assert 'class="orders by-place"' in page and "click a space of yours" in page
    src = f"/games/{game.pk}/options/?unit=%40GE"
    assert f'data-unit="@GE" data-home="ge" data-src="{src}">' in page
    assert "<option data-places" not in page  # the options come when the list is used
    record = load_record(game)
    offered = session.ruleset_of(record).order_options(session.current_state(record), "GE")  # type: ignore[attr-defined]
    assert set(offered) == {"@GE"}
    army = next(t for t in offered["@GE"] if t.startswith("@GE AC"))  # conquer a neighbour
    target = army.rstrip("0123456789").split("AC")[-1].lstrip("0123456789")
    n = re.findall(r"\d+", army)[0]
    listed = ge.get(src)
    assert listed.status_code == 200 and listed["Content-Type"].startswith("text/html")
    html = listed.content.decode()
    assert (
        f'<option data-places="ge {target.lower()}" data-key="@GE AC#{target}" value="{army}">'
        f"{army} · conquer {target} with {n} Army</option>"
    ) in html
    assert re.findall(r'value="([^"]+)"', html) == offered["@GE"]  # every one, in order
    for line in offered["@GE"]:
        assert session.submit(record, "GE", line).ok, line
    other = client_for(users["FR"])
    assert 'data-unit="@GE"' not in other.get(f"/games/{game.pk}/").content.decode()
    assert other.get(src).status_code == 404  # another player's list: not his to read
    assert client_for(gm[0]).get(src).status_code == 404  # the game master has no power
    assert Client().get(src).status_code == 404  # nor has a visitor


def test_the_lists_of_orders_are_made_once_a_turn(gm: Any, monkeypatch: Any) -> None:
    """The lists come from the engine once a turn: the page read again, or a list asked for,
    does not ask the engine again; once the turn is processed (or rolled back and processed
    again) they are the new position's."""
    from umpire.games.battleplan.game import BattlePlan

    asked: list[str] = []
    engine = BattlePlan.order_options

    def counted(self: Any, state: Any, power: str) -> Any:
        asked.append(power)
        return engine(self, state, power)

    monkeypatch.setattr(BattlePlan, "order_options", counted)
    settings = {"deadline": {"minutes": 60}, "fill_with_bots": True}
    game = lifecycle.create_game(gm[0], "BP once", "battleplan", settings=settings)
    user = account("bp-once")
    lifecycle.join(game.pk, user, ["GE"])
    game = lifecycle.start(game.pk, gm[0])
    ge = client_for(user)
    src = f"/games/{game.pk}/options/?unit=%40GE"

    def listed() -> list[str]:
        return re.findall(r'value="([^"]+)"', ge.get(src).content.decode())

    def engine_now() -> list[str]:
        record = load_record(Game.objects.get(pk=game.pk))
        return list(engine(session.ruleset_of(record), session.current_state(record), "GE")["@GE"])

    ge.get(f"/games/{game.pk}/")
    first = listed()
    ge.get(f"/games/{game.pk}/")
    assert listed() == first == engine_now()
    assert asked == ["GE"]
    submissions.submit_orders(game.pk, user, "@GE BA10", turn=1, ready=True)  # 10 Industry used
    assert turns.process_due(game.pk, 1, force=True)
    second = listed()
    assert second == engine_now() and second != first and asked == ["GE", "GE"]
    gm_actions.gm_action(game.pk, gm[0], "rollback")
    assert listed() == first  # the opening again
    submissions.submit_orders(game.pk, user, "@GE BN5", turn=1, ready=True)
    assert turns.process_due(game.pk, 1, force=True)
    third = listed()
    assert third == engine_now() and third != second  # turn 1 again, another position


def test_a_bomber_s_flight_steps_come_from_the_engine_for_its_player_only(gm: Any) -> None:
    """The step-by-step choices of a 1939 III bomber's flight (``/steps/``): the engine's own
    (``order_steps``) for the bomber's player; nothing for another player, the game master
    (no power), a spectator or an anonymous visitor; the page says where to ask."""
    game = lifecycle.create_game(gm[0], "Bombers", "diplomacy", scenario="1939-iii",
                               settings={"deadline": {"minutes": 60}})  # fmt: skip
    users = {}
    for power in ("ENG", "FRA", "GER", "ITA", "RUS", "TUR"):
        users[power] = account(f"b-{power.lower()}")
        lifecycle.join(game.pk, users[power], [power])
    lifecycle.start(game.pk, gm[0])
    submissions.submit_orders(game.pk, users["GER"], "Build B ber", turn=1, ready=True)
    assert turns.process_due(game.pk, 1, force=True)
    game.refresh_from_db()
    record = load_record(game)
    state = session.current_state(record)
    assert [b.text() for b in state.bombers] == ["GER B ber"]
    url = f"/games/{game.pk}/steps/?order=B%20ber%20-%20pol"
    engine = session.ruleset_of(record).order_steps(state, "GER", "B ber - pol")  # type: ignore[attr-defined]
    assert engine and any("(R)" in c["text"] for c in engine)
    assert client_for(users["GER"]).get(url).json() == {"steps": engine}
    for other in (users["RUS"], gm[0], account("onlooker")):
        assert client_for(other).get(url).json() == {"steps": None}
    assert client_for(None).get(url).json() == {"steps": None}
    page = client_for(users["GER"]).get(f"/games/{game.pk}/").content.decode()
    assert f'data-steps="/games/{game.pk}/steps/"' in page
    assert "<option>B ber H</option>" in page


def test_spi_stacks_steps_and_placements_come_from_the_engine_for_its_player(gm: Any) -> None:
    """SPI WW2's page (docs/rulings/spi-ww2.md S-PAGE-1): in the German movement phase it
    lists each German stack and the placements (each with where its SP stand in its text,
    ``data-number``); a stack's moves come step by step from the engine (``order_steps``), for
    the German Player only; the grid says its numbers for the clicks."""
    game = lifecycle.create_game(gm[0], "SPI clicks", "spi-ww2", scenario="6-player",
                               settings={"deadline": {"minutes": 60}, "fill_with_bots": True})  # fmt: skip
    ger = account("spi-ger")
    lifecycle.join(game.pk, ger, ["GER"])
    game = lifecycle.start(game.pk, gm[0])
    while "GER" not in session.pending(load_record(game)).powers or game.turn == 1:
        assert turns.process_due(game.pk, game.turn, force=True)
        game.refresh_from_db()
    record = load_record(game)
    state = session.current_state(record)
    assert session.pending(record).kinds == ("movement",)
    ruleset = session.ruleset_of(record)
    offered = ruleset.order_options(state, "GER")  # type: ignore[attr-defined]
    page = client_for(ger).get(f"/games/{game.pk}/").content.decode()
    assert 'class="orders by-place"' in page and "click a stack of yours" in page
    assert f'data-steps="/games/{game.pk}/steps/"' in page and "data-hexgrid=" in page
    assert "A bomber flies" not in page
    src = f"/games/{game.pk}/options/?unit=place"
    assert f'data-unit="place" data-home="-" data-src="{src}">' in page  # fetched when used
    placing = client_for(ger).get(src).content.decode()
    for text in offered["place"]:
        nat, sp, hid = text.split()[1:]
        start = len(f"PLACE {nat} ")
        assert (
            f'<option data-places="- {hid}" data-key="PLACE {nat} {hid}" '
            f'data-number="{start} {start + len(sp)}">{text}</option>'
        ) in placing
    stack = next(u for u in offered if u.startswith("GER "))
    assert f'data-unit="{stack}"' in page
    url = f"/games/{game.pk}/steps/?order=" + stack.replace(" ", "%20")
    engine = ruleset.order_steps(state, "GER", stack)  # type: ignore[attr-defined]
    assert engine and all(c["land"] for c in engine)
    assert client_for(ger).get(url).json() == {"steps": engine}
    for other in (gm[0], account("spi-onlooker"), None):
        assert client_for(other).get(url).json() == {"steps": None}


def test_a_spi_game_the_game_master_ends_says_so_on_the_players_page(gm: Any) -> None:
    """Ended by its game master after a turn (docs/rulings/spi-ww2.md S-PAGE-2): the player's
    page shows the last printout saying the game is over and how, with nothing still "to
    place", and no order box."""
    game = lifecycle.create_game(gm[0], "SPI ended", "spi-ww2", scenario="6-player",
                               settings={"deadline": {"minutes": 60}, "fill_with_bots": True})  # fmt: skip
    ger = account("spi-ended-ger")
    lifecycle.join(game.pk, ger, ["GER"])
    game = lifecycle.start(game.pk, gm[0])
    assert turns.process_due(game.pk, game.turn, force=True)
    before = client_for(ger).get(f"/games/{game.pk}/").content.decode()
    assert "To place:" in before
    gm_actions.gm_action(game.pk, gm[0], "end")
    page = client_for(ger).get(f"/games/{game.pk}/").content.decode()
    said = "The game is over: The game master ended the game. No more orders are taken."
    assert said in page and "To place:" not in page and "left this Game-Turn" not in page
    assert 'name="orders"' not in page


def test_the_receipt_warns_of_an_order_the_rules_will_void(dip: Any) -> None:
    """Issue 29: a support of one's own unit that moves was received with "No problems."."""
    game, users, _ = dip
    ger = client_for(users["GER"])
    text = "A ber - sil\nF kie S A ber\nA mun H"
    html = ger.post(f"/games/{game.pk}/orders/", {"orders": text, "turn": game.turn}, **HTMX)
    page = html.content.decode()
    assert "accepted, but will be refused: the unit is ordered" in page
    assert "[void/support_unmatched]" in page and "No problems." not in page
    # the warning's code links to its explanation, as a problem's does (issue 29 item 10)
    assert 'href="/rules/diplomacy/standard/#problem-void-support_unmatched"' in page


def test_ready_toggle_and_processing_shows_the_new_position_and_history(dip: Any) -> None:
    game, users, _ = dip
    for power, user in users.items():
        orders = "F lon - nth\nA lvp - yor\nF edi - nwg" if power == "ENG" else ""
        c = client_for(user)
        c.post(f"/games/{game.pk}/orders/", {"orders": orders, "turn": 1})
        c.post(f"/games/{game.pk}/ready/", {"turn": 1, "ready": "on"})
    assert run_worker() == 1
    game.refresh_from_db()
    assert game.turn == 2
    eng = client_for(users["ENG"])
    page = eng.get(f"/games/{game.pk}/").content.decode()
    assert "Fall 1901" in page and "F nth" in page  # the new position in the printout
    old = eng.get(f"/games/{game.pk}/turn/0/").content.decode()
    assert "opening position" in old and "next turn" in old
    one = eng.get(f"/games/{game.pk}/turn/1/").content.decode()
    assert "after Spring 1901 movement" in one and "(turn 1 of 1)" in one
    assert "previous turn" in one
    assert "Printout after Spring 1901 movement" in page  # the game page names it too
    # Issue 29: the printout under that title began "Diplomacy: Fall 1901 movement".
    heading = "Results of Spring 1901 movement · orders due for Fall 1901 movement"
    assert heading in page and heading in one
    assert "Diplomacy: Fall 1901 movement" not in page


def test_the_join_menu_and_press_recipients_give_names_with_codes(gm: Any, dip: Any) -> None:
    """Issue 29: Battle Plan Europe's join menu offered "UK" (Ukraine) and press recipients
    were "AUS FRA ..."; a person reads the name, the code beside it, the form sends the code."""
    lifecycle.create_game(gm[0], "Europe", "battleplan", scenario="europe")
    lobby = client_for(account("eve")).get("/lobby/").content.decode()
    assert '<option value="UK">Ukraine (UK)</option>' in lobby
    assert '<option value="GB">Great Britain (GB)</option>' in lobby
    game, users, _ = dip
    press = client_for(users["ENG"]).get(f"/games/{game.pk}/press/").content.decode()
    assert 'value="FRA"> France (FRA)</label>' in press


def test_lobby_lists_open_games_and_joining_keeps_preferences(gm: Any) -> None:

    game = lifecycle.create_game(gm[0], "Open one", "diplomacy", settings={"fill_with_bots": True})
    anon = client_for(None).get("/lobby/").content.decode()
    assert "Open one" in anon and "0 / 7" in anon and "log in to join" in anon
    eve = account("eve")
    c = client_for(eve)
    response = c.post(f"/games/{game.pk}/join/", {"preferences": ["TUR", "RUS", ""]})
    assert response.status_code == 302
    assert "1 / 7" in c.get("/lobby/").content.decode()
    assert "forming (1/7)" in c.get("/games/").content.decode()
    lifecycle.start(game.pk, gm[0])
    assert game.seats.get(user=eve).power == "TUR"


def test_the_lobby_pages_running_games_in_constant_queries(
    gm: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A house runs thousands of games: the lobby lists them a page at a time, newest first,
    in the same few queries whether there are three games or eight (it read every game, one
    by one, before)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from umpire.server.web import views

    monkeypatch.setattr(views, "LOBBY_PAGE", 2)
    bots = {"fill_with_bots": True}
    started = []
    for i in range(3):
        game = lifecycle.create_game(gm[0], f"Running {i}", "diplomacy", settings=bots)
        lifecycle.join(game.pk, account(f"p{i}"), [])
        lifecycle.start(game.pk, gm[0])
        started.append(game.pk)
    eve = client_for(account("eve"))
    counts = []
    for more in (0, 5):
        for i in range(more):
            game = lifecycle.create_game(gm[0], f"Later {i}", "diplomacy", settings=bots)
            lifecycle.join(game.pk, account(f"q{i}"), [])
            lifecycle.start(game.pk, gm[0])
            started.append(game.pk)
        for client in (client_for(None), eve):
            with CaptureQueriesContext(connection) as q:
                page = client.get("/lobby/").content.decode()
            counts.append(len(q))
    assert counts[0] == counts[2] and counts[1] == counts[3], counts
    newest = sorted(started, reverse=True)
    # The first page: the two newest, with their turn, and a link to the next page.
    assert "Later 4" in page and "Later 3" in page and "Later 2" not in page
    assert "Spring 1901 movement" in page
    assert f"?running_before={newest[1]}" in page
    nxt = eve.get(f"/lobby/?running_before={newest[1]}").content.decode()
    assert "Later 2" in nxt and "Later 1" in nxt and "Later 4" not in nxt
    assert "Newest games" in nxt and f"?running_before={newest[3]}" in nxt
    last = eve.get(f"/lobby/?running_before={newest[5]}").content.decode()
    assert "Running 1" in last and "Running 0" in last and "Older running games" not in last
    for bad in ("x", "-1", "1e9", "9" * 40):
        response = eve.get(f"/lobby/?running_before={bad}")
        assert response.status_code == 400 and b"a game number" in response.content
    assert eve.get("/lobby/?finished_before=").status_code == 400


def test_my_games_shows_turn_deadline_orders_and_unread_press(dip: Any) -> None:
    game, users, _ = dip
    fra = client_for(users["FRA"])
    page = fra.get("/games/").content.decode()
    assert "Spring 1901 movement" in page and "not in" in page
    assert 'data-deadline="' in page and " UTC</time>" in page
    client_for(users["ENG"]).post(
        f"/games/{game.pk}/press/", {"to": ["FRA"], "text": "Channel stays empty?"}
    )
    assert "1 new" in fra.get("/games/").content.decode()
    press = fra.get(f"/games/{game.pk}/press/").content.decode()
    assert "Channel stays empty?" in press and "<b>new</b>" in press
    assert "1 new" not in fra.get("/games/").content.decode()  # read now
    # Press France may not read (between others), France's own, and an anonymous message:
    # only the last is new for France; the game master, who reads all press, has all four.
    client_for(users["GER"]).post(f"/games/{game.pk}/press/", {"to": ["ENG"], "text": "psst"})
    fra.post(f"/games/{game.pk}/press/", {"to": ["ENG"], "text": "agreed"})
    client_for(users["ITA"]).post(
        f"/games/{game.pk}/press/", {"to": ["FRA"], "text": "who am I?", "anonymous": "on"}
    )
    assert "1 new" in fra.get("/games/").content.decode()
    assert "4 new" in client_for(game.gm).get("/games/").content.decode()
    fra.post(f"/games/{game.pk}/orders/", {"orders": "A par H", "turn": 1, "ready": "on"})
    assert "ready" in fra.get("/games/").content.decode()


def test_my_games_costs_the_same_queries_for_two_games_or_five() -> None:
    """A game master's list of games: each game's seats, status and unread press are read for
    all the games at once (four queries a game before), on the page and through the API."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from ..conftest import make_user

    boss, api = make_user("boss", gm=True)
    api.get("/games")  # the token's first use is written down once

    def counted() -> tuple[int, int]:
        with CaptureQueriesContext(connection) as q:
            page = client_for(boss).get("/games/").content.decode()
        assert page.count("Spring 1901 movement") == len(made)
        assert page.count("1 new") == len(made)  # each game's press from its player
        with CaptureQueriesContext(connection) as a:
            status, body = api.get("/games")
        assert status == 200 and [g["id"] for g in body] == sorted(made, reverse=True)
        return len(q), len(a)

    made: list[int] = []
    few = (0, 0)
    for extra in (2, 3):
        for _ in range(extra):
            game = lifecycle.create_game(boss, "G", "diplomacy", settings={"fill_with_bots": True})
            player = account(f"p{len(made)}")
            lifecycle.join(game.pk, player, ["ENG"])
            lifecycle.start(game.pk, boss)
            client_for(player).post(f"/games/{game.pk}/press/", {"to": ["all"], "text": "hi"})
            made.append(game.pk)
        if extra == 2:
            few = counted()
    assert counted() == few


def test_my_games_come_a_page_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    from umpire.server.web import views

    from ..conftest import make_user

    monkeypatch.setattr(views, "MY_GAMES_PAGE", 2)
    boss, api = make_user("boss", gm=True)
    made = [lifecycle.create_game(boss, f"Mine {i}", "diplomacy").pk for i in range(3)]
    c = client_for(boss)
    first = c.get("/games/").content.decode()
    assert "Mine 2" in first and "Mine 1" in first and "Mine 0" not in first
    assert f"?before={made[1]}" in first
    rest = c.get(f"/games/?before={made[1]}").content.decode()
    assert "Mine 0" in rest and "Mine 1" not in rest and "Older games" not in rest
    assert c.get("/games/?before=%2D1").status_code == 400
    status, page = api.get("/games", limit=2)
    assert status == 200 and [g["id"] for g in page] == [made[2], made[1]]
    status, page = api.get("/games", limit=2, before=made[1])
    assert status == 200 and [g["id"] for g in page] == [made[0]]
    status, body = api.get("/games", limit=10_000)
    assert status in (400, 422) and body["code"]


def test_press_threads_and_anonymous_messages(dip: Any) -> None:
    game, users, _ = dip
    eng, fra, ger = (client_for(users[p]) for p in ("ENG", "FRA", "GER"))
    eng.post(f"/games/{game.pk}/press/", {"to": ["FRA", "GER"], "text": "three of us"})
    eng.post(f"/games/{game.pk}/press/", {"to": ["all"], "text": "hello all", "anonymous": "on"})
    ger_page = ger.get(f"/games/{game.pk}/press/").content.decode()
    assert (
        "England (ENG), France (FRA)" in ger_page and "three of us" in ger_page
    )  # thread of ENG, FRA and GER
    assert "All powers" in ger_page and "hello all" in ger_page
    assert "anonymous" in ger_page
    assert (
        "England (ENG) → all" not in ger_page and "ENG → all" not in ger_page
    )  # the unsigned message does not name its sender
    rus_page = client_for(users["RUS"]).get(f"/games/{game.pk}/press/").content.decode()
    assert "three of us" not in rus_page and "hello all" in rus_page
    assert fra.get(f"/games/{game.pk}/press/").status_code == 200


def test_a_draw_needs_every_survivor_and_stays_secret_until_then(dip: Any) -> None:
    game, users, gm = dip
    for power in ("AUS", "ENG", "FRA", "GER", "ITA", "RUS"):
        client_for(users[power]).post(f"/games/{game.pk}/vote/", {"kind": "draw"})
    game.refresh_from_db()
    assert game.status == GameStatus.RUNNING
    tur = client_for(users["TUR"]).get(f"/games/{game.pk}/").content.decode()
    assert "Withdraw draw vote" not in tur and "Vote draw" in tur  # others' votes unseen
    eng = client_for(users["ENG"]).get(f"/games/{game.pk}/").content.decode()
    assert "Withdraw draw vote" in eng
    assert "England (ENG) draw" in client_for(gm).get(f"/gm/{game.pk}/").content.decode()
    client_for(users["TUR"]).post(f"/games/{game.pk}/vote/", {"kind": "draw"})
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert sorted(game.outcome["winners"]) == sorted(users)
    assert "draw agreed" in game.outcome["summary"]


def test_withdrawn_vote_and_concession(dip: Any) -> None:
    game, users, _ = dip
    eng = client_for(users["ENG"])
    eng.post(f"/games/{game.pk}/vote/", {"kind": "draw"})
    eng.post(f"/games/{game.pk}/vote/", {"kind": "draw", "cast": "no"})
    assert not game.votes.exists()
    for power in ("AUS", "ENG", "FRA", "GER", "ITA", "RUS"):
        client_for(users[power]).post(f"/games/{game.pk}/vote/", {"kind": "concede"})
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.outcome["winners"] == ["TUR"]


def test_draw_votes_only_in_games_that_have_them(running_game: dict[str, Any]) -> None:
    from umpire.core.session import SessionError

    ann = User.objects.get(username="ann")
    with pytest.raises(SessionError) as err:
        results.vote(running_game["id"], ann, "draw")
    assert err.value.code == "vote/not_offered"


def test_spectator_page_shows_public_facts(dip: Any) -> None:
    game, users, _ = dip
    client_for(users["ENG"]).post(f"/games/{game.pk}/orders/", {"orders": "F lon - nth", "turn": 1})
    page = client_for(None).get(f"/games/{game.pk}/").content.decode()
    assert "You are watching" in page and "F lon - nth" not in page
    assert "map not available" in page or "<svg" in page


@pytest.mark.rule("WW equal")
def test_the_lobby_join_form_takes_starting_spaces_for_equal_forces(gm: Any) -> None:
    game = lifecycle.create_game(gm[0], "World", "battleplan", scenario="equal")
    eve, ned = account("eve"), account("ned")
    page = client_for(eve).get("/lobby/").content.decode()
    assert 'name="preference_list"' in page and "ISLAND EIC" in page  # what to list
    c = client_for(eve)
    response = c.post(f"/games/{game.pk}/join/", {"preference_list": "eic, ntx"}, follow=True)
    assert "setup/island_not_asked" in response.content.decode()  # refused, with its code
    assert not game.enrollments.exists()
    c.post(f"/games/{game.pk}/join/", {"preference_list": "Iceland, ntx"})  # by name: refused
    assert not game.enrollments.exists()
    response = c.post(f"/games/{game.pk}/join/", {"preference_list": "ISLAND EIC, ntx"})
    assert response.status_code == 302
    assert game.enrollments.get(user=eve).preferences == ["ISLAND EIC", "NTX"]
    client_for(ned).post(f"/games/{game.pk}/join/", {"preference_list": "Texas, France"})
    assert game.enrollments.get(user=ned).preferences == ["NTX", "EFR"]
    lifecycle.start(game.pk, gm[0])
    assert game.seats.get(user=eve).power == "EIC" and game.seats.get(user=ned).power == "NTX"


def test_the_order_box_says_how_to_write_orders(dip: Any) -> None:
    """A new player learns the notation on the page: each game's examples, beside the box."""
    from umpire.core import registry
    from umpire.core.submission import parse

    game, users, _ = dip
    page = client_for(users["FRA"]).get(f"/games/{game.pk}/").content.decode()
    assert "How to write orders" in page and "A mar S A par - bur" in page
    # Every example order of Diplomacy's help is read by the engine's own grammar: the only
    # problems it can have in the opening position are legality, never the notation.
    record = load_record(game)
    ruleset = session.ruleset_of(record)
    state = session.current_state(record)
    examples = ["A par - bur", "F bre H", "A mar S A par - bur", "F stp/sc - bot"]
    for example in examples:
        assert example in page
        problems = parse(ruleset, state, "FRA", example).problems
        assert not [p for p in problems if p.code.startswith("syntax/")], problems
    # Every game says how its orders are written.
    for name in ("diplomacy", "battleplan", "origins", "conquest", "spi_ww2"):
        assert registry.get(name, None).info.order_help.strip(), name
    # 1939 III has tanks, bombers and landing permissions: its page shows its own notation
    game_1939 = lifecycle.create_game(
        game.gm, "1939", "diplomacy", scenario="1939-iii", settings={"fill_with_bots": True}
    )
    italy = account("ita-1939")
    lifecycle.join(game_1939.pk, italy, ["ITA"])
    lifecycle.start(game_1939.pk, game.gm)
    html = client_for(italy).get(f"/games/{game_1939.pk}/").content.decode()
    assert "T mun - cro via aus" in html and "len [Land GER B pru]" in html
    assert "F stp/sc - bot" not in html  # standard Diplomacy's help (no St Petersburg here)


def test_the_game_masters_game_page_gives_the_printout_the_whole_width(dip: Any) -> None:
    """The game master gives no orders: nothing beside his report, which takes the width."""
    game, users, gm = dip
    assert (
        '<div class="columns single">' in client_for(gm).get(f"/games/{game.pk}/").content.decode()
    )
    assert (
        '<div class="columns">'
        in client_for(users["ENG"]).get(f"/games/{game.pk}/").content.decode()
    )


def test_games_are_named_by_their_scenario_titles(gm: Any) -> None:
    """The lobby, my games and a game's page name the scenario as its rulebook does, not by
    the code the server keeps ("equal", "1939-iii")."""
    world = lifecycle.create_game(gm[0], "World", "battleplan", scenario="equal")
    dip, _ = diplomacy_game(gm[0], scenario="1939-iii")
    lobby = client_for(None).get("/lobby/").content.decode()
    assert "World Wide Battle Plan: Equal Forces" in lobby and "· equal" not in lobby
    assert "Diplomacy 1939 III (Autumn 1938)" in lobby  # the running game
    page = client_for(User.objects.get(username="ita")).get(f"/games/{dip.pk}/").content.decode()
    assert '<span class="muted">Diplomacy 1939 III (Autumn 1938)</span>' in page
    mine = client_for(gm[0]).get("/games/").content.decode()
    assert "World Wide Battle Plan: Equal Forces" in mine and world.scenario == "equal"


def test_orders_sent_after_the_session_ended_say_so_in_the_receipt_box(dip: Any) -> None:
    """htmx puts what the server answers into the receipt box: a redirect to the log-in page
    put a whole page there. The answer is a receipt: refused, and a link to log in again."""
    game, _, _ = dip
    response = client_for(None).post(
        f"/games/{game.pk}/orders/", {"orders": "A par - bur", "turn": game.turn}, **HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200 and html.startswith('<div id="receipt"')
    assert "you are not logged in" in html and "[auth/logged_out]" in html
    assert f'href="/accounts/login/?next=/games/{game.pk}/"' in html
    assert not Submission.objects.filter(game=game).exists()
    # without htmx (no script): the log-in page, as before
    plain = client_for(None).post(f"/games/{game.pk}/orders/", {"orders": "A par - bur"})
    assert plain.status_code == 302 and plain["Location"].startswith("/accounts/login/")


def test_a_player_who_joined_a_forming_game_is_told_so(gm: Any) -> None:
    """The lobby and the game's page say that you have joined and what you asked for (they
    offered to join again, and the page's head said "None"); others are still invited."""
    game = lifecycle.create_game(
        gm[0], "Forming", "diplomacy", settings={"deadline": {"minutes": 60}}
    )
    eve = account("eve")
    c = client_for(eve)
    c.post(f"/games/{game.pk}/join/", {"preferences": ["TUR", "RUS", ""]})
    lobby = c.get("/lobby/").content.decode()
    assert "You have joined (your choices: Turkey (TUR), Russia (RUS))." in lobby
    assert "<button>Change your choices</button>" in lobby
    page = c.get(f"/games/{game.pk}/").content.decode()
    assert "You have joined this game (your choices: Turkey (TUR), Russia (RUS))." in page
    assert "<b>Forming</b>: 1 of 7 seats taken · 1 h a turn once it starts" in page
    assert "<b>None</b>" not in page and "Join it from the lobby" not in page
    other = client_for(account("ned")).get(f"/games/{game.pk}/").content.decode()
    assert "Join it from the lobby" in other and "You have joined" not in other
    assert "<button>Join</button>" in client_for(account("kim")).get("/lobby/").content.decode()


def test_the_ready_box_speaks_of_a_deadline_only_where_there_is_one(gm: Any) -> None:
    timed, timed_users = diplomacy_game(gm[0])
    page = client_for(timed_users["FRA"]).get(f"/games/{timed.pk}/").content.decode()
    assert "ready: process without waiting for the deadline" in page
    untimed = lifecycle.create_game(
        gm[0], "Untimed", "diplomacy", settings={"deadline": {"minutes": 0}, "fill_with_bots": True}
    )
    kim = account("kim")
    lifecycle.join(untimed.pk, kim, ["FRA"])
    lifecycle.start(untimed.pk, gm[0])
    page = client_for(kim).get(f"/games/{untimed.pk}/").content.decode()
    assert "ready: process the turn once every player is ready (there is no deadline)" in page
    assert "without waiting for the deadline" not in page


def test_my_games_says_standing_by_for_a_running_game_one_waits_to_enter(dip: Any) -> None:
    game, _, _ = dip
    sam = account("sam")
    assert "standby" in lifecycle.join(game.pk, sam)  # under way: on standby
    mine = client_for(sam).get("/games/").content.decode()
    assert "<td>standing by</td>" in mine and "<td>joined</td>" not in mine


def test_pages_are_compressed_for_browsers_that_ask_and_api_answers_are_not(dip: Any) -> None:
    """A game page with its map inline is large: sent gzipped to a browser that accepts it
    (and as it is to one that does not); the API's answers stay as they are."""
    import gzip

    game, users, _ = dip
    client = client_for(users["FRA"])
    plain = client.get(f"/games/{game.pk}/")
    packed = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_ENCODING="gzip")
    assert plain.status_code == packed.status_code == 200
    assert "Content-Encoding" not in plain and packed["Content-Encoding"] == "gzip"
    html = gzip.decompress(packed.content).decode()
    assert "<svg" in html and html.count("<svg") == plain.content.decode().count("<svg")
    assert len(packed.content) * 3 < len(plain.content)
    token_client = client_for(None)
    answer = token_client.get("/api/rulesets", HTTP_ACCEPT_ENCODING="gzip")
    assert answer.status_code == 200 and "Content-Encoding" not in answer


def test_powers_are_listed_in_the_games_own_order_not_the_alphabets(gm: Any) -> None:
    """Testers' report: a spectator's list of powers was alphabetical. Origins names them
    USA, France, Britain, USSR, Germany (its charts' order, which is also its play order):
    the watch page, the public API, the game master's seats and the waiting list keep it,
    and so does a press thread's title."""
    game = lifecycle.create_game(gm[0], "Order", "origins", settings={"fill_with_bots": True})
    eve = account("eve")
    lifecycle.join(game.pk, eve, ["GER"])
    lifecycle.start(game.pk, gm[0])
    game.refresh_from_db()
    order = ["USA", "FRA", "GBR", "USSR", "GER"]
    assert game.powers == order
    named = ["USA", "France (FRA)", "Great Britain (GBR)", "USSR", "Germany (GER)"]  # issue 29
    page = client_for(None).get(f"/games/{game.pk}/watch/").content.decode()
    assert [page.index(f"<b>{p}</b>") for p in named] == sorted(
        page.index(f"<b>{p}</b>") for p in named
    )
    public = client_for(None).get(f"/api/public/games/{game.pk}").json()
    assert [p["power"] for p in public["game"]["powers"]] == order
    gm_page = client_for(gm[0]).get(f"/gm/{game.pk}/").content.decode()
    assert [gm_page.index(f"<td>{p}</td>") for p in named] == sorted(
        gm_page.index(f"<td>{p}</td>") for p in named
    )
    assert "waiting for: " + ", ".join(named) in gm_page
    sent = messaging.send_message(game.pk, eve, "Hello", to=["USSR", "USA"], signed=True)
    assert sent.recipients == ["USA", "USSR"]
    press = client_for(eve).get(f"/games/{game.pk}/press/").content.decode()
    assert "USA, USSR" in press


@pytest.mark.parametrize(
    ("away", "said"),
    [
        ({}, "If you are away: the deadline moves past your absence, up to 7 days in all."),
        ({"policy": "extend", "limit_days": 1}, "up to 1 day in all."),
        ({"policy": "extend", "limit_days": 0}, "the deadline does not move"),
        ({"policy": "standing"}, "If you are away: standing orders and the game's defaults play"),
        ({"policy": "sitter"}, "If you are away: a sitter you name may send your orders."),
    ],
)
def test_the_game_page_says_what_an_absence_does_in_this_game(
    gm: Any, away: dict[str, Any], said: str
) -> None:
    game, users = diplomacy_game(gm[0], settings={"away": away} if away else None)
    page = client_for(users["FRA"]).get(f"/games/{game.pk}/").content.decode()
    # in the orders' column, where he plays (the head of the page keeps its height: the map
    # stays on a laptop's first screen), with where to declare an absence
    (shown,) = re.findall(
        r'<p class="muted away-policy">([^<]*) <a href="/account/#away">Declare an absence</a>',
        page,
    )
    assert said in unescape(shown)
    # A spectator is not told (it concerns the players), nor is a game over.
    assert "away-policy" not in client_for(None).get(f"/games/{game.pk}/").content.decode()
    results.declare(game.pk, gm[0], ["FRA", "ENG"])
    assert "away-policy" not in client_for(users["FRA"]).get(f"/games/{game.pk}/").content.decode()
