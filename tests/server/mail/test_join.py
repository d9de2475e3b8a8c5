"""The JOIN command by mail: joining a forming game with preferences, checked as at every
other entrance (a World Wide Battle Plan Equal Forces game: starting spaces, ruling
W-SIGNUP)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail as django_mail

from tests.server.mail.conftest import mail
from umpire.server import accounts
from umpire.server.mail.handler import handle
from umpire.server.mail.headless import join_code
from umpire.server.mail.outcome import Handled
from umpire.server.mail.parse import parse_mail
from umpire.server.models import Enrollment
from umpire.server.usecases import lifecycle

pytestmark = pytest.mark.django_db

CONFIRM = re.compile(r"JOIN G-[0-9]+ <your choices>, (CONFIRM-[0-9a-f]{12})")


def join(address: str, line: str) -> Handled:
    """A JOIN as a player sends it: the line, then the line again with the confirmation code
    the umpire mailed to his address in answer (issue 30: a From can be forged)."""
    first = handle(mail(address, line + "\n"))
    assert first.code == "mail/join_unconfirmed", first.code
    found = CONFIRM.search(django_mail.outbox[-1].body)
    assert found, django_mail.outbox[-1].body
    joiner = ", " if "," in line or len(line.split()) > 2 else " "
    return handle(mail(address, f"{line}{joiner}{found[1]}\n"))


def _equal_game() -> Any:
    gm = accounts.register(
        "gm", "gm-password", email="gm@example.org", game_master=True, verified=True
    )
    return gm, lifecycle.create_game(
        gm, "World", "battleplan", scenario="equal", settings={"fill_with_bots": True}
    )


def test_join_is_read_with_its_game_and_preferences() -> None:
    request = parse_mail(mail("ann@example.org", "JOIN G-12 ntx, Island  EIC ,France\n"))
    (command,) = request.commands
    assert (command.name, command.game) == ("JOIN", "12")
    assert command.preferences == ("ntx", "Island EIC", "France")
    assert request.orders is None and request.heading is None


@pytest.mark.rule("WW equal")
def test_join_by_mail_checks_and_keeps_the_preferences(mailoutbox: Any) -> None:
    gm, game = _equal_game()
    ann = accounts.register("ann", "ann-password", email="ann@example.org", verified=True)
    result = join("ann@example.org", f"JOIN G-{game.pk} EIC, NTX")
    assert result.code == "setup/island_not_asked"
    assert not Enrollment.objects.exists()
    reply = [m for m in django_mail.outbox if m.to == ["ann@example.org"]][-1]
    assert "ISLAND EIC" in reply.body and "[setup/island_not_asked]" in reply.body
    result = join("ann@example.org", f"JOIN G-{game.pk} island eic, texas")
    assert result.code == "mail/joined"
    assert Enrollment.objects.get(user=ann).preferences == ["ISLAND EIC", "NTX"]
    assert "ISLAND EIC, Texas (NTX)" in django_mail.outbox[-1].body
    lifecycle.start(game.pk, gm)
    assert game.seats.get(user=ann).power == "EIC"


def test_join_from_an_unknown_address_is_refused(mailoutbox: Any) -> None:
    _, game = _equal_game()
    assert handle(mail("eve@example.org", f"JOIN G-{game.pk} NTX\n")).code == "mail/not_authorised"
    assert handle(mail("eve@example.org", "JOIN G-999 NTX\n")).code == "mail/not_authorised"
    assert not Enrollment.objects.exists()


def test_join_names_powers_as_everywhere_else_and_refuses_an_unknown_one(mailoutbox: Any) -> None:
    """A Diplomacy 1939 III player who joins with ``Britain`` plays Britain (ENG): preferences name powers
    by code or full name in any case, as the heading and press do; a name that is no power
    of the game is refused at once, not kept and passed over when the game starts."""
    gm = accounts.register(
        "gm", "gm-password", email="gm@example.org", game_master=True, verified=True
    )
    game = lifecycle.create_game(
        gm, "Dip", "diplomacy", scenario="1939-iii", settings={"fill_with_bots": True}
    )
    ann = accounts.register("ann", "ann-password", email="ann@example.org", verified=True)
    bob = accounts.register("bob", "bob-password", email="bob@example.org", verified=True)
    result = join("bob@example.org", f"JOIN G-{game.pk} Prussia, France")
    assert result.code == "game/unknown_power"
    reply = django_mail.outbox[-1].body
    assert "'Prussia'" in reply and "ENG" in reply and "[game/unknown_power]" in reply
    assert not Enrollment.objects.filter(user=bob).exists()
    assert join("ann@example.org", f"JOIN G-{game.pk} Britain, italy").code == "mail/joined"
    assert Enrollment.objects.get(user=ann).preferences == ["ENG", "ITA"]
    assert "(your preferences: Britain (ENG), Italy (ITA))" in django_mail.outbox[-1].body
    assert join("bob@example.org", f"JOIN G-{game.pk} britain, Germany").code == "mail/joined"
    lifecycle.start(game.pk, gm)
    assert game.seats.get(user=ann).power == "ENG"
    assert game.seats.get(user=bob).power == "GER"


def test_the_reply_to_a_join_is_headed_with_its_game_and_what_became_of_it(
    mailoutbox: Any,
) -> None:
    """Testers' report: the reply to JOIN was headed "Umpire: reply". It is headed as the
    game's other mails are (``G-12 World: ...``), with the answer; other headless replies say
    what they answer."""
    _, game = _equal_game()
    ann = accounts.register("ann", "ann-password", email="ann@example.org", verified=True)
    code = f"CONFIRM-{join_code(ann, game)}"

    def subject_of(body: str) -> str:
        django_mail.outbox.clear()
        handle(mail("ann@example.org", body, subject="hello"))
        (reply,) = [m for m in django_mail.outbox if m.to == ["ann@example.org"]]
        return str(reply.subject)

    assert subject_of(f"JOIN G-{game.pk} NTX\n") == f"G-{game.pk} World: JOIN to confirm"
    assert subject_of(f"JOIN G-{game.pk} EIC, {code}\n") == f"G-{game.pk} World: JOIN refused"
    assert subject_of(f"JOIN G-{game.pk} NTX, {code}\n") == f"G-{game.pk} World: JOIN accepted"
    assert subject_of("JOIN G-99999 NTX\n") == "Umpire: JOIN G-99999 refused"
    assert subject_of("LIST\n") == "Umpire: LIST of your games"
    assert subject_of("HELP\n") == "Umpire: help"
    assert subject_of("A par - bur\n") == "Umpire: not read: no heading"
    assert "hello" not in subject_of("HELP\nLIST\n")  # nothing the sender wrote is echoed


def test_a_second_join_says_it_replaces_the_preferences_and_list_shows_joined_games(
    mailoutbox: Any,
) -> None:
    """Testers' report: a player who sent JOIN again (without choices) was told "joined"
    while his choices FRA, GER were silently dropped, and LIST answered "no running games"
    for the game he had joined."""
    gm = accounts.register("gm", "gm-password", game_master=True)
    game = lifecycle.create_game(gm, "Friday", "diplomacy", settings={"fill_with_bots": True})
    accounts.register("ann", "ann-password", email="ann@example.org", verified=True)
    assert handle(mail("ann@example.org", "LIST\n")).code == "mail/list"
    assert "no running games" in django_mail.outbox[-1].body
    assert join("ann@example.org", f"JOIN G-{game.pk} France, Germany").code == "mail/joined"
    assert "(your preferences: France (FRA), Germany (GER))." in django_mail.outbox[-1].body
    assert handle(mail("ann@example.org", "LIST\n")).code == "mail/list"
    listed = django_mail.outbox[-1].body
    assert f"G-{game.pk} Friday (Diplomacy): joined; powers are assigned when the game starts" in (
        listed
    )
    assert "(your preferences: France (FRA), Germany (GER))" in listed
    assert join("ann@example.org", f"JOIN G-{game.pk}").code == "mail/joined"
    body = django_mail.outbox[-1].body
    assert (
        "(your preferences: none; they replace your earlier preferences: France (FRA), Germany (GER))."
        in body
    )
    lifecycle.start(game.pk, gm)
    assert handle(mail("ann@example.org", "LIST\n")).code == "mail/list"
    listed = [m for m in django_mail.outbox if "LIST" in m.subject][-1].body
    assert "joined; powers are assigned" not in listed and "heading: " in listed
