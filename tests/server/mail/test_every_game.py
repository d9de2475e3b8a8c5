"""Every registered game can be played by email from start to end: each player mails the
orders its bot would write (with READY), each turn is processed, and every player is mailed
their printout. Long games are shortened through their own settings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core import mail as django_mail

from tests.server.conftest import deliver_mail
from tests.server.mail.conftest import mail
from umpire.core import registry, session
from umpire.core.submission import bot_text
from umpire.server.mail.handler import handle
from umpire.server.mail.replies import help_text
from umpire.server.models import Game, GameStatus, Seat
from umpire.server.store import load_record

SHORT = {
    "diplomacy": {"max_years": 2},
    "battleplan": {"max_turns": 3},
    "conquest": {"turns": 25},
    "spi-ww2": {"game_turns": 2},
}  # the game's own rules
MOST_TURNS = 40


def test_docs_mirror_the_help_page() -> None:
    docs = Path(__file__).resolve().parents[3] / "docs" / "email.md"
    assert help_text().strip() in docs.read_text()


@pytest.mark.parametrize("name", [g.info.name for g in registry.all_games()])
def test_game_played_by_email(name: str, transactional_db: Any, mailoutbox: list[Any]) -> None:
    from umpire.server import accounts
    from umpire.server.usecases import lifecycle, turns

    ruleset = registry.get(name)
    scenario = ruleset.info.default_scenario
    powers = list(scenario.default_powers or scenario.powers)
    gm = accounts.register("gm", "gm-password", game_master=True)
    settings: dict[str, Any] = {"reminder_minutes": 0, "rules": SHORT.get(name, {})}
    game = lifecycle.create_game(gm, f"{name} by mail", name, settings=settings)
    for i, power in enumerate(powers):
        user = accounts.register(
            f"p{i}", "player-password", email=f"p{i}@example.org", verified=True
        )
        lifecycle.join(game.pk, user, [power])
    lifecycle.start(game.pk, gm)
    for _ in range(MOST_TURNS):
        game = Game.objects.get(pk=game.pk)
        if game.status == GameStatus.FINISHED:
            break
        record = load_record(game)
        state = session.current_state(record)
        number = game.turn
        for seat in Seat.objects.filter(game=game, active=True).select_related("user"):
            if seat.power not in ruleset.pending(state).powers:
                continue
            chance = session.bot_chance(record, number, seat.power)
            orders = bot_text(ruleset, state, seat.power, chance)
            heading = f"G-{game.pk} T-{number} P-{seat.power} C-{seat.secret_code}"
            deliver_mail()
            django_mail.outbox.clear()
            result = handle(mail(seat.user.email, f"{heading}\n{orders}\nREADY\n"))
            assert result.code == "orders/stored", result.code
        deliver_mail()
        django_mail.outbox.clear()
        assert turns.process_due(game.pk, number, force=True)
        deliver_mail()
        printouts = [m for m in django_mail.outbox if "printout" in m.subject]
        assert len(printouts) == len(powers)
    game = Game.objects.get(pk=game.pk)
    assert game.status == GameStatus.FINISHED, f"{name} did not end in {MOST_TURNS} turns"
    assert game.outcome and game.outcome["winners"]


def test_a_power_is_named_by_its_code_or_full_name_in_any_case(
    transactional_db: Any, mailoutbox: list[Any]
) -> None:
    """Issue 12: the heading's ``P-FRANCE`` (and ``P-france``, ``P-FRA``) and press ``TO
    Germany`` name the power as the game names it; another power's name is refused."""
    from umpire.server import accounts
    from umpire.server.usecases import lifecycle, messaging

    gm = accounts.register("gm", "gm-password", game_master=True)
    game = lifecycle.create_game(gm, "names", "diplomacy", settings={"fill_with_bots": True})
    user = accounts.register("fr", "player-password", email="fr@example.org", verified=True)
    lifecycle.join(game.pk, user, ["FRA"])
    lifecycle.start(game.pk, gm)
    seat = Seat.objects.get(game=game, power="FRA")
    for named in ("FRANCE", "france", "FRA", "Fra"):
        heading = f"G-{game.pk} T-1 P-{named} C-{seat.secret_code}"
        assert handle(mail("fr@example.org", f"{heading}\nA par H\n")).code == "orders/stored"
    heading = f"G-{game.pk} T-1 P-GERMANY C-{seat.secret_code}"
    assert handle(mail("fr@example.org", f"{heading}\nA par H\n")).code == "mail/not_authorised"
    press = f"G-{game.pk} P-France C-{seat.secret_code}\nPRESS TO Germany\nHello\nENDPRESS\n"
    handle(mail("fr@example.org", press))
    sent = messaging.send_message(game.pk, user, "Hi", to=["germany", "England"], signed=True)
    assert sorted(sent.recipients) == ["ENG", "GER"]


# What a printout says when it asks for orders (tests/conformance: none once the game is over).
ASKING = ("Due:", "Due ", "orders due", "ORDER NOTATION", "Winter orders", "Retreat orders",
          "if the game ended now", "NEXT:", "Heading for your next orders")  # fmt: skip


@pytest.mark.parametrize(
    ("name", "scenario"),
    [("battleplan", "europe"), ("battleplan", "1939"), ("diplomacy", "standard"),
     ("diplomacy", "1939-iii"), ("origins", "historical"), ("conquest", "standard"),
     ("spi-ww2", "4-player")],
)  # fmt: skip
def test_a_declared_result_reaches_every_player_with_a_last_printout_that_asks_nothing(
    name: str, scenario: str, transactional_db: Any, mailoutbox: list[Any]
) -> None:
    """Testers' report: a game the game master ended still printed "Due: orders for turn N".
    The declared end is mailed with the player's last printout, and the printout he reads on
    the web or by REPORT is the same: the game is over, how, and no more orders."""
    from umpire.server import accounts
    from umpire.server.outputs import PLAYER, Viewer, present
    from umpire.server.usecases import lifecycle, results, turns

    gm = accounts.register("gm", "gm-password", game_master=True)
    game = lifecycle.create_game(
        gm, f"{name} ended", name, scenario=scenario, settings={"fill_with_bots": True}
    )
    user = accounts.register("p0", "player-password", email="p0@example.org", verified=True)
    lifecycle.join(game.pk, user, [])
    lifecycle.start(game.pk, gm)
    assert turns.process_due(game.pk, 1, force=True)
    seat = Seat.objects.get(game=game, user=user, active=True)
    winners = list(Game.objects.get(pk=game.pk).powers[:2])
    deliver_mail()
    django_mail.outbox.clear()
    results.declare(game.pk, gm, winners, "a draw agreed at the table")
    deliver_mail()
    [sent] = [m for m in django_mail.outbox if m.to == ["p0@example.org"]]
    assert "game over" in sent.subject
    assert "a draw agreed at the table" in sent.body
    shown = present(Game.objects.get(pk=game.pk), Viewer(PLAYER, seat.power, user.pk),
                    ("printout",))["printout"]["text"]  # fmt: skip
    assert shown.strip() in sent.body
    assert "a draw agreed at the table" in shown
    asking = [a for a in ASKING if a in sent.body]
    assert not asking, sent.body


@pytest.mark.parametrize("name", [g.info.name for g in registry.all_games()])
def test_the_order_help_mailed_to_a_player_speaks_of_no_clicks(name: str) -> None:
    """Testers' report: HELP after a Diplomacy heading told a player by mail to "click the
    map, or pick from the lists". The game's order help is mailed (HELP) as well as shown on
    the page, which has its own hint for the map and the lists."""
    info = registry.get(name).info
    for scenario in info.scenarios:
        for power in (None, *scenario.powers):
            text = scenario.order_help_for(power) or info.order_help
            assert "click" not in text.lower(), (scenario.name, power, text)


def test_the_mail_receipt_warns_of_an_order_the_rules_will_void(
    transactional_db: Any, mailoutbox: list[Any]
) -> None:
    """Issue 29: an order the rules keep but will void, whatever the others do, was received
    with "No problems."; the mailed receipt now says so on the order's line."""
    from umpire.server import accounts
    from umpire.server.usecases import lifecycle

    gm = accounts.register("gm", "gm-password", game_master=True)
    game = lifecycle.create_game(gm, "voids", "diplomacy", settings={"fill_with_bots": True})
    user = accounts.register("fr", "player-password", email="fr@example.org", verified=True)
    lifecycle.join(game.pk, user, ["GER"])
    lifecycle.start(game.pk, gm)
    seat = Seat.objects.get(game=game, power="GER")
    heading = f"G-{game.pk} T-1 P-GER C-{seat.secret_code}"
    django_mail.outbox.clear()
    orders = "A ber - sil\nF kie S A ber\nA mun H\n"
    assert handle(mail("fr@example.org", f"{heading}\n{orders}")).code == "orders/stored"
    deliver_mail()
    (receipt,) = [m.body for m in django_mail.outbox if m.to == ["fr@example.org"]]
    assert (
        "F kie S A ber\n            accepted, but will be refused: the unit is ordered" in receipt
    )
    assert "No problems." not in receipt
