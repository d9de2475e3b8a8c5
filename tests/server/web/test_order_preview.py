"""Orders on the map as they are given (issue 29): the order box read and drawn, nothing stored;
and the order box's small faults (the box and the lists after a reload, the GM console)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from umpire.core import ordermarks, session
from umpire.core.submission import bot_text
from umpire.server import accounts
from umpire.server.models import Game, Submission
from umpire.server.schemas import ORDERS_MAX_BYTES
from umpire.server.store import load_record
from umpire.server.usecases import lifecycle, submissions, turns

from .helpers import account, client_for, diplomacy_game

pytestmark = pytest.mark.django_db

# Every ruleset with a map: (game, scenario, the power the person holds or None: any).
RULESETS = [
    ("diplomacy", "standard", "GER"),
    ("diplomacy", "1939-iii", None),
    ("battleplan", "europe", None),
    ("battleplan", "equal", None),
    ("conquest", "standard", None),
    ("origins", "historical", None),
    ("spi-ww2", "6-player", "GER"),
]
GARBLED = "XYZZY fly to the moon"
# The enlarged parts of a crowded map the page offers: the marks are drawn on them too.
REGIONS = {("battleplan", "equal"): {"europe", "americas"}, ("conquest", "standard"): {"europe"}}


def _seated(gm: User, name: str, scenario: str, power: str | None) -> tuple[Game, User, str, str]:
    """A started game of ``name`` where a person holds a power and bots the rest, played on
    (his turns ordered by the game's bot) to a turn where he has an order that is drawn: the
    game, the person, his power and that order (one of his legal orders, as the page offers
    them)."""
    game = lifecycle.create_game(
        gm, f"Preview {name}", name, scenario=scenario,
        settings={"deadline": {"minutes": 1440}, "fill_with_bots": True},
    )  # fmt: skip
    user = account(f"player-{name}-{scenario}")
    lifecycle.join(game.pk, user, [power] if power else [])
    game = lifecycle.start(game.pk, gm)
    power = game.seats.get(user=user, active=True).power
    for _ in range(12):
        record = load_record(game)
        pending = session.pending(record)
        if power in pending.powers:
            table = session.open_table(record)
            ruleset, state = table.ruleset, table.state
            for texts in ruleset.order_options(state, power).values():
                for text in texts:
                    if ordermarks.preview(ruleset, state, power, text).marks:
                        return game, user, power, text
            chance = session.bot_chance(record, record.processed + 1, power)
            text = bot_text(ruleset, state, power, chance)
            submissions.submit_orders(game.pk, user, text, turn=game.turn, ready=True)
        turns.process_due(game.pk, game.turn, force=True)
        game.refresh_from_db()
    raise AssertionError(f"{name} {scenario}: no turn with an order drawn on the map")


@pytest.mark.parametrize(("name", "scenario", "power"), RULESETS)
def test_the_order_box_is_read_and_drawn_for_every_ruleset(
    gm: Any, name: str, scenario: str, power: str | None
) -> None:
    game, user, power, order = _seated(gm[0], name, scenario, power)
    before = Submission.objects.filter(game=game).count()
    client = client_for(user, csrf=False)
    response = client.post(
        f"/games/{game.pk}/preview/", {"orders": f"{order}\n{GARBLED}", "turn": game.turn}
    )
    assert response.status_code == 200, response.content
    data = response.json()
    assert [o["line"] for o in data["orders"]] == [1]
    assert [m["line"] for m in data["marks"]] and {m["line"] for m in data["marks"]} == {1}
    assert {p["line"] for p in data["problems"]} == {2}  # refused: listed, not drawn
    overlay = data["overlays"]["map"]
    assert 'class="order-marks"' in overlay and 'data-line="1"' in overlay
    assert 'data-line="2"' not in overlay
    assert set(data["overlays"]) == {"map"} | REGIONS.get((name, scenario), set())
    assert Submission.objects.filter(game=game).count() == before  # nothing stored


def test_a_diplomacy_move_is_an_arrow_in_the_powers_colour(gm: Any) -> None:
    game, users = diplomacy_game(gm[0])
    text = "A ber - sil\nA mun S A ber - sil\nF kie H\nA ber - xxx"
    data = client_for(users["GER"]).post(f"/games/{game.pk}/preview/", {"orders": text}).json()
    kinds = [(m["line"], m["kind"], m["places"]) for m in data["marks"]]
    assert kinds == [
        (1, "move", ["ber", "sil"]),
        (2, "support", ["mun", "ber", "sil"]),
        (3, "hold", ["kie"]),
    ]
    assert [(p["line"], p["code"]) for p in data["problems"]] == [(4, "order/unknown_province")]
    overlay = data["overlays"]["map"]
    assert overlay.count('class="arrow"') == 2 and 'stroke="#5c4a3a"' in overlay  # Germany's
    assert "url(#order-head-5c4a3a)" in overlay and 'id="order-head-5c4a3a"' in overlay


def test_the_preview_holds_nothing_of_another_power(gm: Any) -> None:
    game, users = diplomacy_game(gm[0])
    fra = client_for(users["FRA"])
    fra.post(f"/games/{game.pk}/orders/", {"orders": "A par - bur", "turn": game.turn})
    data = client_for(users["GER"]).post(f"/games/{game.pk}/preview/", {"orders": ""}).json()
    assert data["orders"] == [] and data["marks"] == [] and data["problems"] == []
    assert "par" not in str(data) and "bur" not in str(data)
    # France's own units cannot be ordered by Germany: refused, not drawn.
    data = (
        client_for(users["GER"])
        .post(f"/games/{game.pk}/preview/", {"orders": "A par - bur"})
        .json()
    )
    assert data["marks"] == [] and [p["line"] for p in data["problems"]] == [1]


def test_the_preview_refuses_whoever_holds_no_seat(gm: Any) -> None:
    game, users = diplomacy_game(gm[0])
    url = f"/games/{game.pk}/preview/"
    assert client_for(None).post(url, {"orders": "A ber - sil"}).status_code == 401
    stranger = client_for(account("stranger")).post(url, {"orders": "A ber - sil"})
    assert stranger.status_code == 403 and stranger.json()["error"]["code"] == "seat/none"
    umpire = client_for(gm[0]).post(url, {"orders": "A ber - sil"})
    assert umpire.status_code == 403  # the game master holds no power either
    stale = client_for(users["GER"]).post(url, {"orders": "A ber - sil", "turn": game.turn + 1})
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "turn/stale"
    assert client_for(users["GER"]).get(url).status_code == 405


def test_a_game_master_who_holds_a_seat_in_his_own_game_sees_his_orders_drawn(gm: Any) -> None:
    """A newcomer who creates a game from the web is its game master; seated in it, his
    clicks on the map are drawn like anyone's (not refused as the umpire's, who holds no
    power)."""
    owner = accounts.register("owner", "a-long-pass-9", email="owner@example.org", verified=True)
    game = lifecycle.create_game(
        owner, "His own table", "diplomacy",
        settings={"deadline": {"minutes": 0}, "fill_with_bots": True},
    )  # fmt: skip
    lifecycle.join(game.pk, owner, ["GER"])
    game = lifecycle.start(game.pk, owner)
    url = f"/games/{game.pk}/preview/"
    data = client_for(owner).post(url, {"orders": "A ber - sil", "turn": game.turn}).json()
    assert [(m["line"], m["kind"]) for m in data["marks"]] == [(1, "move")], data
    assert 'class="arrow"' in data["overlays"]["map"]


def test_the_preview_refuses_an_oversized_box_and_a_post_without_csrf(gm: Any) -> None:
    game, users = diplomacy_game(gm[0])
    url = f"/games/{game.pk}/preview/"
    big = "A ber H\n" * (ORDERS_MAX_BYTES // 8 + 10)
    response = client_for(users["GER"]).post(url, {"orders": big})
    assert response.status_code == 413 and response.json()["error"]["code"] == "orders/too_large"
    strict = client_for(users["GER"], csrf=True)
    assert strict.post(url, {"orders": "A ber - sil"}).status_code == 403  # no CSRF token


def test_after_a_reload_the_box_holds_the_accepted_orders_not_the_refused_lines(
    gm: Any,
) -> None:
    game, users = diplomacy_game(gm[0])
    eng = client_for(users["ENG"])
    text = "# my opening\nF lon - nth\nA lvp - mos\n\nf edi-nwg"
    eng.post(f"/games/{game.pk}/orders/", {"orders": text, "turn": game.turn})
    page = eng.get(f"/games/{game.pk}/").content.decode()
    # as he wrote it (his comment, his spelling), without the line refused
    assert 'line">\n# my opening' not in page  # (a first newline would be lost)
    assert 'line"># my opening\nF lon - nth\n\nf edi-nwg\n</textarea>' in page
    assert "<code>A lvp - mos</code>" in page  # still said in the receipt, with its problem
    assert 'data-preview="/games/' in page  # the box is drawn on the map when the page opens


def test_the_gm_console_shows_what_each_power_submitted(gm: Any) -> None:
    game, users = diplomacy_game(gm[0])
    client_for(users["ENG"]).post(
        f"/games/{game.pk}/orders/", {"orders": "F lon - nth\nA lvp - mos", "turn": game.turn}
    )
    client_for(users["FRA"]).post(f"/games/{game.pk}/orders/", {"orders": "A xxx H"})
    client_for(users["FRA"]).post(
        f"/games/{game.pk}/orders/", {"orders": "A par - bur", "turn": game.turn}
    )
    page = client_for(gm[0]).get(f"/gm/{game.pk}/").content.decode()
    assert "Orders this turn" in page
    eng = page[page.index('data-power="ENG"') :]
    assert "<code>F lon - nth</code>" in eng and "<code>A lvp - mos</code>" in eng
    assert "[illegal/unreachable]" in eng
    fra = page[page.index('data-power="FRA"') :]
    assert "<code>A par - bur</code>" in fra
    assert "A xxx H" not in page  # France's earlier submission no longer counts
    assert 'data-power="GER"' not in page  # Germany has sent nothing
