"""Issue 13: a player who asks for it gets the turn's map with each printout mail.

The map is the one his game page shows for that turn (the game's own drawing of what
``present`` gives his viewer), attached as SVG; with the choice off, none; another player's
mail never carries his map. The choice is made by mail (MAPS ON / MAPS OFF after a heading)
or with the account page's checkbox.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail as django_mail
from django.test import Client

from tests.server.conftest import deliver_mail
from tests.server.mail.conftest import Table, mail
from umpire.server import accounts
from umpire.server.mail.handler import handle
from umpire.server.mail.models import MailStatus, OutboundMail
from umpire.server.mail.outbox import Attachment, send
from umpire.server.models import Game, Profile
from umpire.server.usecases import lifecycle, turns

SVG = "image/svg+xml"


def _origins(*names: str) -> tuple[Game, dict[str, User]]:
    """A running Origins game (hidden PF amounts, OWW 8.4) with human seats for ``names``
    (verified addresses ``<name>@example.org``), the other powers bots."""
    gm = accounts.register("gm", "gm-password", game_master=True)
    game = lifecycle.create_game(gm, "Maps by mail", "origins",
                               settings={"deadline": {"minutes": 60}, "fill_with_bots": True,
                                         "reminder_minutes": 0})  # fmt: skip
    users = [accounts.register(n, f"{n}-password", email=f"{n}@example.org", verified=True)
             for n in names]  # fmt: skip
    for user in users:
        lifecycle.join(game.pk, user)
    lifecycle.start(game.pk, gm)
    game.refresh_from_db()
    return game, {str(game.seats.get(user=u, active=True).power): u for u in users}


def _process(game: Game) -> int:
    """Process the current turn (bots and missing orders by the game's rules); the number of
    the turn processed. The outbox is emptied first, then filled by the worker."""
    number = game.turn
    deliver_mail()
    django_mail.outbox.clear()
    assert turns.process_due(game.pk, number, force=True)
    deliver_mail()
    return number


def _printout(power: str) -> Any:
    (message,) = [m for m in django_mail.outbox if "printout" in m.subject and power in m.subject]
    return message


def _page_map(game: Game, user: User, number: int) -> str:
    """The page of turn ``number``, its maps as drawn (without the page's pointer from each
    map to the note that says the printout and orders are the text way to play)."""
    client = Client()
    client.force_login(user)
    page = client.get(f"/games/{game.pk}/turn/{number}/").content.decode()
    return page.replace(' aria-describedby="map-note"', "")


@pytest.mark.rule("OWW 8.4")
def test_the_printout_carries_the_players_own_map_when_he_asks(
    transactional_db: Any, mailoutbox: list[Any]
) -> None:
    game, users = _origins("ann", "bob")
    (me, mine), (other, theirs) = sorted(users.items())
    accounts.set_mail_maps(mine, True)
    number = _process(game)
    (attachment,) = _printout(me).attachments
    name, content, mimetype = attachment
    assert (name, mimetype) == (f"G-{game.pk}-turn-{number}-{me}.svg", SVG)
    assert "<svg" in content and content.rstrip().endswith("</svg>")
    # Exactly the map his page of that turn shows...
    assert content in _page_map(game, mine, number)
    # ... and not the other player's (their views differ: each sees its own PF amounts).
    assert content not in _page_map(game, theirs, number)
    # The other player did not ask: his printout has no attachment, and never this map.
    assert _printout(other).attachments == []
    assert all(content not in str(m.attachments) for m in django_mail.outbox if m.to != [
        f"{mine.username}@example.org"])  # fmt: skip


@pytest.mark.rule("OWW 8.4")
def test_each_player_gets_only_his_own_map(transactional_db: Any, mailoutbox: list[Any]) -> None:
    game, users = _origins("ann", "bob")
    for user in users.values():
        accounts.set_mail_maps(user, True)
    number = _process(game)
    maps = {}
    for power, user in users.items():
        (attachment,) = _printout(power).attachments
        assert attachment[0] == f"G-{game.pk}-turn-{number}-{power}.svg"
        assert attachment[1] in _page_map(game, user, number)
        maps[power] = attachment[1]
    assert len(set(maps.values())) == 2  # the two views are drawn differently


def test_with_maps_off_no_attachment(transactional_db: Any, mailoutbox: list[Any]) -> None:
    game, users = _origins("ann")
    ((power, user),) = users.items()
    assert not Profile.objects.get(user=user).mail_maps  # off by default
    _process(game)
    assert _printout(power).attachments == []
    assert OutboundMail.objects.get(kind="printout", to="ann@example.org").attachments == []


def test_a_game_without_a_map_attaches_nothing(table: Table) -> None:
    for user in table.players.values():
        accounts.set_mail_maps(user, True)
    for power in table.players:
        handle(mail(table.addresses[power], f"{table.heading(power)}\ntake 1\n"))
    deliver_mail()
    django_mail.outbox.clear()
    assert turns.process_due(table.game_id, 1, force=True)
    deliver_mail()
    printouts = [m for m in django_mail.outbox if "printout" in m.subject]
    assert len(printouts) == 3 and all(m.attachments == [] for m in printouts)


def test_maps_on_and_off_by_mail(table: Table) -> None:
    user = table.players["RED"]
    address = table.addresses["RED"]
    result = handle(mail(address, f"{table.heading('RED')}\nMAPS ON\n"))
    assert result.code == "maps/set"
    assert "MAPS ON: your printout mails carry the map" in result.replies[0].body
    assert Profile.objects.get(user=user).mail_maps
    assert not Profile.objects.get(user=table.players["BLUE"]).mail_maps
    result = handle(mail(address, f"{table.heading('RED')}\nmaps off\n"))
    assert result.code == "maps/set"
    assert "MAPS OFF: your printout mails no longer carry the map" in result.replies[0].body
    assert not Profile.objects.get(user=user).mail_maps


def test_maps_by_mail_needs_a_heading_and_on_or_off(table: Table) -> None:
    user = table.players["RED"]
    address = table.addresses["RED"]
    # A From address alone can be forged: without a heading nothing changes.
    result = handle(mail(address, "MAPS ON\n"))
    assert result.code == "mail/no_heading"
    assert not Profile.objects.get(user=user).mail_maps
    result = handle(mail(address, f"{table.heading('RED')}\nMAPS PLEASE\n"))
    assert "mail/bad_maps" in result.replies[0].body
    assert "MAPS PLEASE" in result.replies[0].body
    assert not Profile.objects.get(user=user).mail_maps


def test_the_account_checkbox_sets_the_choice(transactional_db: Any) -> None:
    user = accounts.register("ann", "ann-password", email="ann@example.org", verified=True)
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    page = client.get("/account/").content.decode()
    assert 'name="mail_maps"' in page and "checked" not in page.split('name="mail_maps"')[1][:30]
    # Without the CSRF token the form is refused.
    assert client.post("/account/maps/", {"mail_maps": "on"}).status_code == 403
    assert not accounts.mails_maps(user)
    token = client.cookies["csrftoken"].value
    response = client.post("/account/maps/", {"mail_maps": "on", "csrfmiddlewaretoken": token})
    assert response.status_code == 302 and accounts.mails_maps(user)
    page = client.get("/account/").content.decode()
    assert "checked" in page.split('name="mail_maps"')[1][:30]
    client.post("/account/maps/", {"csrfmiddlewaretoken": token})  # the box unticked
    assert not accounts.mails_maps(user)
    # A visitor who is not signed in changes nothing.
    assert Client().post("/account/maps/", {"mail_maps": "on"}).status_code == 302


def test_deliver_puts_the_attachment_into_the_sent_message(
    transactional_db: Any, mailoutbox: list[Any]
) -> None:
    svg = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>'
    attachment = Attachment(name="G-1-turn-1-RED.svg", mimetype=SVG, content=svg)
    assert send("ann@example.org", "printout", "body", kind="printout", attachments=[attachment])
    row = OutboundMail.objects.get(kind="printout")
    assert row.attachments == [attachment]
    deliver_mail()
    assert OutboundMail.objects.get(pk=row.pk).status == MailStatus.SENT
    (message,) = django_mail.outbox
    assert message.attachments == [("G-1-turn-1-RED.svg", svg, SVG)]
    assert "Content-Type: image/svg+xml" in message.message().as_string()
