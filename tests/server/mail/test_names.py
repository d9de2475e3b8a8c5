"""Issue 29 item 9 by mail: press recipients are shown, and accepted, by name with the code
beside it ("England (ENG)", as a receipt shows them); LIST names the seat's power."""

from __future__ import annotations

from typing import Any

from django.core import mail as django_mail

from tests.server.conftest import deliver_mail
from tests.server.mail.conftest import mail
from umpire.server.mail.handler import handle
from umpire.server.models import Seat
from umpire.server.usecases import lifecycle


def _game() -> tuple[int, dict[str, Seat]]:
    from umpire.server import accounts

    gm = accounts.register("gm", "gm-password", game_master=True)
    game = lifecycle.create_game(gm, "names", "diplomacy", settings={"fill_with_bots": True})
    for name in ("FRA", "ENG", "GER"):
        user = accounts.register(
            name.lower(), "player-password", email=f"{name.lower()}@example.org", verified=True
        )
        lifecycle.join(game.pk, user, [name])
    lifecycle.start(game.pk, gm)
    seats = {s.power: s for s in Seat.objects.filter(game=game, active=True, is_bot=False)}
    return game.pk, seats


def _replies(address: str) -> list[Any]:
    deliver_mail()
    return [m for m in django_mail.outbox if m.to == [address]]


def test_press_to_accepts_the_names_a_receipt_shows(
    transactional_db: Any, mailoutbox: list[Any]
) -> None:
    game, seats = _game()
    deliver_mail()
    django_mail.outbox.clear()
    heading = f"G-{game} T-1 P-FRA C-{seats['FRA'].secret_code}"
    body = f"{heading}\nPRESS TO England (ENG), germany\nHello both\nENDPRESS\n"
    assert handle(mail("fra@example.org", body)).code == "press/sent"
    (reply,) = _replies("fra@example.org")
    assert "sent to England (ENG), Germany (GER), signed." in reply.body
    (press,) = [m for m in _replies("eng@example.org") if "press" in m.subject]
    assert "from France (FRA) to England (ENG), Germany (GER):" in press.body
    assert "PRESS TO France (FRA)" in press.body  # the answer line it gives reads back
    assert [m for m in _replies("ger@example.org") if "press" in m.subject]


def test_press_to_a_word_that_names_no_power_is_refused_with_the_powers(
    transactional_db: Any, mailoutbox: list[Any]
) -> None:
    game, seats = _game()
    deliver_mail()
    django_mail.outbox.clear()
    heading = f"G-{game} T-1 P-FRA C-{seats['FRA'].secret_code}"
    body = f"{heading}\nPRESS TO England Narnia\nHello\nENDPRESS\n"
    assert handle(mail("fra@example.org", body)).code == "game/unknown_power"
    (reply,) = _replies("fra@example.org")
    assert "no power 'Narnia' in this game" in reply.body


def test_list_names_the_power_of_each_seat(transactional_db: Any, mailoutbox: list[Any]) -> None:
    _game()
    deliver_mail()
    django_mail.outbox.clear()
    handle(mail("eng@example.org", "LIST\n"))
    (reply,) = _replies("eng@example.org")
    assert "England (ENG) (player [2])" in reply.body


def test_the_welcome_names_the_power(transactional_db: Any, mailoutbox: list[Any]) -> None:
    _game()
    (welcome,) = [m for m in _replies("eng@example.org") if "you play" in m.subject]
    assert welcome.subject.endswith("you play England (ENG)")
    assert "You play England (ENG) in G-" in welcome.body


def test_the_printout_subject_names_the_power(transactional_db: Any, mailoutbox: list[Any]) -> None:
    from umpire.server.usecases.turns import process_due

    game, _ = _game()
    deliver_mail()
    django_mail.outbox.clear()
    assert process_due(game, 1, force=True)
    (printout,) = [m for m in _replies("eng@example.org") if "printout" in m.subject]
    assert printout.subject.endswith(", England (ENG)")
