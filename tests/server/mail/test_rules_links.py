"""Issue 29 item 10 by mail: with ``UMPIRE_SITE_URL`` set, each problem line of a mail receipt
ends with the link to that code's explanation on the How to play page (the anchor the web
receipt links); unset, no link at all, never a broken one."""

from __future__ import annotations

from typing import Any

from django.core import mail as django_mail
from django.test import Client

from tests.server.conftest import deliver_mail
from tests.server.mail.conftest import mail
from umpire.server.mail.handler import handle
from umpire.server.models import Seat
from umpire.server.usecases import lifecycle

SITE = "https://umpire.example.org"


def _reply(settings: Any, site: str, body_of: Any) -> str:
    from umpire.server import accounts

    settings.UMPIRE_SITE_URL = site
    gm = accounts.register("gm", "gm-password", game_master=True)
    game = lifecycle.create_game(gm, "links", "diplomacy", settings={"fill_with_bots": True})
    user = accounts.register("fr", "player-password", email="fr@example.org", verified=True)
    lifecycle.join(game.pk, user, ["FRA"])
    lifecycle.start(game.pk, gm)
    seat = Seat.objects.get(game=game, power="FRA", active=True)
    deliver_mail()
    django_mail.outbox.clear()
    handle(mail("fr@example.org", body_of(game.pk, seat.secret_code)))
    deliver_mail()
    (reply,) = [m for m in django_mail.outbox if m.to == ["fr@example.org"]]
    return str(reply.body)


def _orders(game: int, code: str) -> str:
    return f"G-{game} T-1 P-FRA C-{code}\nA par - bur\nA xyz H\n"


def test_each_problem_line_ends_with_the_link_to_its_explanation(
    transactional_db: Any, mailoutbox: list[Any], settings: Any
) -> None:
    body = _reply(settings, SITE, _orders)
    (line,) = [x for x in body.splitlines() if "[order/unknown_province]" in x]
    link = f"{SITE}/rules/diplomacy/standard/#problem-order-unknown_province"
    assert line.endswith(f"[order/unknown_province] {link}")
    page = Client().get(link.removeprefix(SITE)).content.decode()
    assert 'id="problem-order-unknown_province"' in page  # the anchor is there to land on


def test_a_refused_mail_links_its_code_too(
    transactional_db: Any, mailoutbox: list[Any], settings: Any
) -> None:
    body = _reply(settings, SITE, lambda g, c: f"G-{g} T-7 P-FRA C-{c}\nA par H\n")
    (line,) = [x for x in body.splitlines() if "[turn/stale]" in x]
    assert line.endswith(f"[turn/stale] {SITE}/rules/diplomacy/standard/#problem-turn-stale")


def test_without_a_site_address_there_is_no_link(
    transactional_db: Any, mailoutbox: list[Any], settings: Any
) -> None:
    body = _reply(settings, "", _orders)
    (line,) = [x for x in body.splitlines() if "[order/unknown_province]" in x]
    assert line.endswith("[order/unknown_province]") and "http" not in body
