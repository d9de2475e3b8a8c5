"""A sitter plays the seat he sits by mail (docs/email.md, "A sitter's mail"): under a game's
``sitter`` absence policy the account a player names while away is mailed a sitter code of his
own, and his mails with the seat's heading and that code, from his confirmed address, send the
seat's orders, READY and REPORT while the absence runs. Never press, never the holder's own
commands; refused whole outside the absence or under another policy; never with the holder's
seat code. He is mailed the seat's printouts of the turns processed while he sits, and of no
other turn."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from tests.server.conftest import deliver_mail
from tests.server.mail.conftest import Table, mail, start_table
from umpire.server import accounts
from umpire.server.codes import masked
from umpire.server.mail.handler import handle
from umpire.server.mail.models import OutboundMail
from umpire.server.mail.notices import send_notices
from umpire.server.models import Absence, Game, Message, Seat, Submission
from umpire.server.outputs import PLAYER, Viewer, present
from umpire.server.usecases import absences, submissions, turns

DAY = timedelta(days=1)
DAN = "dan@example.org"


@dataclass
class Sitting:
    table: Table
    dan: User
    row: Absence

    def heading(self, power: str = "RED", code: str | None = None) -> str:
        return self.table.heading(power, code=code if code is not None else self.row.sitter_code)

    def orders(self) -> list[tuple[str, str, list[str]]]:
        rows = Submission.objects.filter(game_id=self.table.game_id).order_by("id")
        return [(r.power, r.user.username, list(r.orders)) for r in rows.select_related("user")]


def _today() -> Any:
    return timezone.now().date()


def _sitting(policy: str = "sitter", start: int = 0, end: int = 2) -> Sitting:
    """A pebbles game (ann RED, bob BLUE, cat GREEN) under ``policy``; ann is away from
    today + ``start`` to today + ``end`` days and names dan (no seat in the game) sitter."""
    table = start_table({"away": {"policy": policy}})
    dan = accounts.register("dan", "dan-password", email=DAN, verified=True)
    done = absences.declare_absence(
        table.players["RED"], _today() + start * DAY, _today() + end * DAY,
        game_id=table.game_id, sitter="dan",
    )  # fmt: skip
    return Sitting(table, dan, done.absence)


@pytest.fixture
def sat(transactional_db: Any, mailoutbox: list[Any]) -> Sitting:
    return _sitting()


def _to(outbox: list[Any], address: str, words: str = "") -> list[Any]:
    return [m for m in outbox if m.to == [address] and words in m.subject]


# --- his code ------------------------------------------------------------------------------


def test_the_sitter_is_mailed_a_code_of_his_own_never_the_seats(
    sat: Sitting, mailoutbox: list[Any]
) -> None:
    code, seat_code = sat.row.sitter_code, sat.table.seat("RED").secret_code
    assert len(code) == 16 and code != seat_code
    (named,) = _to(mailoutbox, DAN, "you sit for ann")
    assert f"Your sitter code: {code}" in named.body
    assert f"heading: {sat.heading()}" in named.body  # the seat's heading, his code
    for seat in Seat.objects.filter(game_id=sat.table.game_id):
        assert seat.secret_code not in named.body
    # Nobody else reads his code: the players' notice of the absence names him only.
    assert [m for m in mailoutbox if code in m.body] == [named]
    assert any(
        "dan may send the seat's orders" in m.body for m in _to(mailoutbox, "bob@example.org")
    )


def test_no_code_is_mailed_where_no_game_lets_him_sit(
    transactional_db: Any, mailoutbox: list[Any]
) -> None:
    sitting = _sitting(policy="extend")
    assert sitting.row.sitter_code  # the absence may yet apply to a game that lets him sit
    assert _to(mailoutbox, DAN) == []


# --- what he may send -----------------------------------------------------------------------


def test_his_orders_are_the_seats_receipted_to_him_copied_to_the_holder(
    sat: Sitting, mailoutbox: list[Any]
) -> None:
    mailoutbox.clear()
    done = handle(mail(DAN, f"{sat.heading()}\ntake 2\nREADY\n"))
    assert done.code == "orders/stored", done.replies[0].body
    (row,) = Submission.objects.filter(game_id=sat.table.game_id)
    assert (row.power, row.user, row.source, row.orders) == ("RED", sat.dan, "email", ["TAKE 2"])
    assert sat.table.seat("RED").ready_turn == 1
    (receipt,) = _to(mailoutbox, DAN)
    assert "You sit for ann (RED)" in receipt.body and "TAKE 2" in receipt.body
    assert sat.table.seat("RED").secret_code not in receipt.body
    (copy,) = _to(mailoutbox, "ann@example.org", "orders from your sitter")
    assert "dan, sitting for you" in copy.body and "TAKE 2" in copy.body
    # REPORT: the seat's printout, as his game page shows it these days.
    done = handle(mail(DAN, f"{sat.heading()}\nREPORT\n"))
    assert done.code == "report/sent"
    game = Game.objects.get(pk=sat.table.game_id)
    text = present(game, Viewer(PLAYER, "RED", sat.dan.pk), ("printout",))["printout"]["text"]
    assert text.strip() in done.replies[0].body


def test_press_and_the_holders_own_commands_are_refused_his_orders_stand(
    sat: Sitting, mailoutbox: list[Any]
) -> None:
    body = (
        f"{sat.heading()}\nNEWCODE\nAWAY {_today() + DAY} {_today() + DAY}\nLEAVE G-{sat.table.game_id}\n"
        "take 1\nPRESS TO BLUE\nHello from RED\nENDPRESS\n"
    )
    code_before = sat.table.seat("RED").secret_code
    done = handle(mail(DAN, body))
    reply = done.replies[0].body
    assert done.code == "orders/stored"
    assert "[press/sitter]" in reply
    for command in ("NEWCODE", "AWAY", "LEAVE"):
        assert f"{command} (line" in reply and "[mail/not_for_sitter]" in reply
    assert reply.count("[mail/not_for_sitter]") == 3
    assert not Message.objects.exists()
    assert sat.table.seat("RED").secret_code == code_before
    assert list(Absence.objects.values_list("user__username", flat=True)) == ["ann"]
    assert sat.orders() == [("RED", "dan", ["TAKE 1"])]


def test_press_from_a_sitter_is_refused_on_every_entrance(sat: Sitting) -> None:
    from umpire.core.session import SessionError
    from umpire.server.usecases import messaging

    with pytest.raises(SessionError) as err:
        messaging.send_message(sat.table.game_id, sat.dan, "hi", to=["all"])
    assert err.value.code == "press/sitter"


# --- refused: nothing changes -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "end", "why"),
    [(1, 3, "the absence begins on"), (-3, -1, "the absence ended on")],
)
def test_outside_the_absence_his_mail_is_refused_and_changes_nothing(
    sat: Sitting, mailoutbox: list[Any], start: int, end: int, why: str
) -> None:
    submissions.submit_orders(sat.table.game_id, sat.table.players["RED"], "TAKE 3", turn=1)
    Absence.objects.update(start=_today() + start * DAY, end=_today() + end * DAY)
    mailoutbox.clear()
    for body in ("take 1\nREADY", "CLEAR", "ORDERS", "REPORT"):
        done = handle(mail(DAN, f"{sat.heading()}\n{body}\n"))
        assert done.code == "mail/not_sitting", body
        (reply,) = done.replies
        assert why in reply.body and "Nothing in your mail was acted on" in reply.body
        assert "TAKE" not in reply.body
    assert sat.orders() == [("RED", "ann", ["TAKE 3"])]
    assert sat.table.seat("RED").ready_turn == 0
    assert _to(mailoutbox, "ann@example.org") == []  # no copy: nothing was sent for her


@pytest.mark.parametrize("policy", ["standing", "extend"])
def test_under_another_policy_his_mail_is_refused(sat: Sitting, policy: str) -> None:
    game = Game.objects.get(pk=sat.table.game_id)
    game.settings = {**game.settings, "away": {"policy": policy}}
    game.save(update_fields=["settings"])
    done = handle(mail(DAN, f"{sat.heading()}\ntake 1\n"))
    assert done.code == "mail/not_sitting"
    assert f"absence policy is {policy}" in done.replies[0].body
    assert not Submission.objects.exists()


def test_a_sitter_seated_in_the_game_plays_only_his_own_seat(
    transactional_db: Any, mailoutbox: list[Any]
) -> None:
    """An absence for all games may name a player of one of them: there he is no sitter."""
    table = start_table({"away": {"policy": "sitter"}})
    done = absences.declare_absence(table.players["RED"], _today(), _today() + DAY, sitter="bob")
    heading = table.heading("RED", code=done.absence.sitter_code)
    result = handle(mail("bob@example.org", f"{heading}\ntake 1\n"))
    assert result.code == "mail/not_sitting"
    assert "you hold a seat in this game yourself" in result.replies[0].body
    assert not Submission.objects.exists()


def test_wrong_address_seat_or_code_get_the_one_refusal(
    sat: Sitting, mailoutbox: list[Any]
) -> None:
    """His code works from his confirmed address only, for the seat he sits only; the seat's
    own code is no use to him; a forged From gets the same refusal as any, sent to its owner,
    and the refusal names nothing."""
    code, seat_code = sat.row.sitter_code, sat.table.seat("RED").secret_code
    game_id = sat.table.game_id
    attempts = [
        ("eve@example.org", sat.heading()),  # a stranger who learned the code
        ("ann@example.org", sat.heading()),  # the holder's address, the sitter's code
        ("bob@example.org", sat.heading()),  # another player of the game
        (DAN, sat.heading("BLUE")),  # a seat he does not sit
        (DAN, sat.heading(code=seat_code)),  # the holder's own code
        (DAN, sat.heading(code="0" * 16)),  # a forged From: no code
        (DAN, f"G-{game_id + 99} T-1 P-RED C-{code}"),  # another game
    ]
    mailoutbox.clear()
    bodies = set()
    for sender, heading in attempts:
        done = handle(mail(sender, f"{heading}\ntake 1\nCLEAR\n"))
        assert done.code == "mail/not_authorised", (sender, heading)
        (reply,) = done.replies
        assert reply.to == sender
        bodies.add(reply.body)
    assert len(bodies) == 1
    (body,) = bodies
    for word in ("RED", "ann", "dan", code[:6]):
        assert word not in body
    assert not Submission.objects.exists()


def test_an_unconfirmed_address_is_not_the_sitters(sat: Sitting) -> None:
    """The sitter's address must be confirmed, as a player's: a claim reads nothing."""
    accounts.set_email(sat.dan, "dan2@example.org", verified=False)
    done = handle(mail("dan2@example.org", f"{sat.heading()}\ntake 1\n"))
    assert done.code == "mail/not_authorised"
    assert not Submission.objects.exists()


# --- his printouts: the turns processed while he sits, no other ----------------------------


def _process(table: Table) -> int:
    game = Game.objects.get(pk=table.game_id)
    assert turns.process_due(table.game_id, game.turn, force=True)
    deliver_mail()  # composed now, against the absence as it stands now
    return game.turn


def test_he_is_mailed_the_printouts_of_the_turns_played_while_he_sits_only(
    transactional_db: Any, mailoutbox: list[Any]
) -> None:
    sitting = _sitting(start=1, end=3)  # begins tomorrow
    table, code = sitting.table, sitting.row.sitter_code
    before = _process(table)  # played before the absence: nothing for him
    assert _to(mailoutbox, DAN, "printout") == []
    Absence.objects.update(start=_today(), end=_today() + 2 * DAY)
    during = _process(table)
    (printout,) = _to(mailoutbox, DAN, "printout")
    assert "(you sit for ann)" in printout.subject and ", RED" in printout.subject
    game = Game.objects.get(pk=table.game_id)
    red = present(game, Viewer(PLAYER, "RED", table.players["RED"].pk), ("printout",),
                  turn=during)["printout"]["text"]  # fmt: skip
    assert red.strip() in printout.body  # the seat's own printout: what the holder reads
    assert f"C-{masked(code)}" in printout.body and code not in printout.body
    for seat in Seat.objects.filter(game_id=table.game_id):
        assert seat.secret_code not in printout.body
    blue = present(game, Viewer(PLAYER, "BLUE", None), ("printout",), turn=during)
    assert blue["printout"]["text"] != red  # another seat's printout differs...
    Absence.objects.update(start=_today() - 3 * DAY, end=_today() - DAY)
    _process(table)  # ...and after the absence, nothing again
    assert _to(mailoutbox, DAN, "printout") == [printout]
    assert f"Pebbles, turn {before + 1}, RED" not in printout.body  # turn 1 printout, first line
    # Never any other seat's printout, whatever turn.
    assert all("BLUE" not in m.subject and "GREEN" not in m.subject for m in _to(mailoutbox, DAN))


# --- his reminders and late notices: the days he sits, his own, once per turn ---------------


def _notices_at(table: Table, minutes: int) -> tuple[Any, Any]:
    """The notice pass ``minutes`` from the deadline (negative: before it); the moment and
    the game."""
    game = Game.objects.get(pk=table.game_id)
    assert game.deadline is not None
    moment = game.deadline + timedelta(minutes=minutes)
    send_notices(moment)
    deliver_mail()
    return moment, game


def _sits_around(moment: Any, start: int, end: int) -> None:
    """The absence runs from ``start`` to ``end`` days from the day of ``moment`` (UTC, the
    game's time zone)."""
    day = moment.date()
    Absence.objects.update(start=day + start * DAY, end=day + end * DAY)


def test_the_sitter_is_reminded_and_told_he_is_late_with_his_own_heading(
    sat: Sitting, mailoutbox: list[Any]
) -> None:
    table, code = sat.table, sat.row.sitter_code
    game = Game.objects.get(pk=table.game_id)
    assert game.deadline is not None
    _sits_around(game.deadline, -1, 1)
    mailoutbox.clear()
    _notices_at(table, -30)
    (reminder,) = _to(mailoutbox, DAN)
    assert reminder.subject == f"G-{game.pk} Mail test: reminder, turn 1 (you sit for ann)"
    assert "No orders yet for RED" in reminder.body and "the seat you sit for ann" in reminder.body
    assert f"Heading for the seat's orders: {sat.heading(code=masked(code))}" in reminder.body
    assert code not in reminder.body
    seat_code = table.seat("RED").secret_code
    for seat in Seat.objects.filter(game_id=table.game_id):
        assert seat.secret_code not in reminder.body
    assert f"C-{masked(seat_code)}" not in reminder.body  # not even the seat's code masked
    # The holder is reminded as before, and the other players the turn waits for.
    assert len(_to(mailoutbox, table.addresses["RED"], "reminder")) == 1
    assert len([m for m in mailoutbox if "reminder" in m.subject]) == 4
    # Once per turn: the pass looking again (a resume, an extension) sends him nothing.
    Game.objects.filter(pk=game.pk).update(notice_at=game.deadline - timedelta(minutes=60))
    _notices_at(table, -20)
    assert len(_to(mailoutbox, DAN, "reminder")) == 1
    # At the deadline, his late notice, the holder's too.
    _notices_at(table, 1)
    (late,) = _to(mailoutbox, DAN, "LATE")
    assert "(you sit for ann)" in late.subject and "are late" in late.body
    assert seat_code not in late.body and f"C-{masked(code)}" in late.body
    assert len(_to(mailoutbox, table.addresses["RED"], "LATE")) == 1
    # His own key (the holder's beside it), under the turn's: kept and freed with it.
    keys = set(
        OutboundMail.objects.filter(kind__in=["reminder", "late"]).values_list("key", flat=True)
    )
    assert {f"reminder:{game.pk}:1:RED:sitter{sat.dan.pk}", f"late:{game.pk}:1:RED"} <= keys


@pytest.mark.parametrize(("start", "end"), [(1, 3), (-3, -1)])
def test_the_sitter_is_not_reminded_before_or_after_the_absence(
    sat: Sitting, mailoutbox: list[Any], start: int, end: int
) -> None:
    game = Game.objects.get(pk=sat.table.game_id)
    assert game.deadline is not None
    _sits_around(game.deadline - timedelta(minutes=30), start, end)
    mailoutbox.clear()
    _notices_at(sat.table, -30)
    assert _to(mailoutbox, DAN) == []
    assert len(_to(mailoutbox, sat.table.addresses["RED"], "reminder")) == 1


@pytest.mark.parametrize("policy", ["standing", "extend"])
def test_under_another_policy_only_the_holder_is_reminded(
    transactional_db: Any, mailoutbox: list[Any], policy: str
) -> None:
    sitting = _sitting()
    game = Game.objects.get(pk=sitting.table.game_id)
    game.settings = {**game.settings, "away": {"policy": policy}}
    game.save(update_fields=["settings"])
    assert game.deadline is not None
    _sits_around(game.deadline, -1, 1)
    mailoutbox.clear()
    _notices_at(sitting.table, -30)
    assert _to(mailoutbox, DAN) == []
    assert len(_to(mailoutbox, sitting.table.addresses["RED"], "reminder")) == 1


def test_a_sitter_is_not_reminded_of_a_seat_that_has_ordered(
    sat: Sitting, mailoutbox: list[Any]
) -> None:
    game = Game.objects.get(pk=sat.table.game_id)
    assert game.deadline is not None
    _sits_around(game.deadline, -1, 1)
    handle(mail(DAN, f"{sat.heading()}\ntake 1\n"))
    mailoutbox.clear()
    _notices_at(sat.table, -30)
    assert _to(mailoutbox, DAN) == [] and _to(mailoutbox, sat.table.addresses["RED"]) == []


# --- LIST: the seats he sits today -----------------------------------------------------------


def _listed(address: str, body: str = "LIST\n") -> str:
    done = handle(mail(address, body))
    assert done.code == "mail/list", done.code
    return done.replies[0].body


def test_list_shows_the_seat_he_sits_today_and_nothing_else_of_it(sat: Sitting) -> None:
    table, code = sat.table, sat.row.sitter_code
    game = Game.objects.get(pk=table.game_id)
    listed = _listed(DAN)
    end = sat.row.end.isoformat()
    assert f"G-{game.pk} Mail test (Pebbles (test game)): you sit RED until {end}" in listed
    assert f"heading: {sat.heading(code=masked(code))}" in listed
    assert code not in listed and "deadline" not in listed and "ann" not in listed
    for seat in Seat.objects.filter(game_id=table.game_id):
        assert seat.secret_code not in listed and masked(seat.secret_code) not in listed
    # The holder's own LIST is his seat's, as before: nothing of his sitter.
    held = _listed(table.addresses["RED"])
    assert "you sit" not in held and table.masked_heading("RED") in held


@pytest.mark.parametrize(("start", "end"), [(1, 3), (-3, -1)])
def test_list_shows_no_seat_before_or_after_the_absence(sat: Sitting, start: int, end: int) -> None:
    Absence.objects.update(start=_today() + start * DAY, end=_today() + end * DAY)
    assert "no running games for this address" in _listed(DAN)


def test_list_shows_no_seat_under_another_policy_or_once_cancelled(sat: Sitting) -> None:
    game = Game.objects.get(pk=sat.table.game_id)
    game.settings = {**game.settings, "away": {"policy": "standing"}}
    game.save(update_fields=["settings"])
    assert "you sit" not in _listed(DAN)
    game.settings = {**game.settings, "away": {"policy": "sitter"}}
    game.save(update_fields=["settings"])
    assert "you sit RED" in _listed(DAN)
    absences.cancel_absences(sat.table.players["RED"])
    assert "you sit" not in _listed(DAN)


def test_list_after_his_heading_shows_the_seat_too(sat: Sitting) -> None:
    """LIST after his sitter heading (the seated path) lists it as well."""
    listed = handle(mail(DAN, f"{sat.heading()}\nLIST\n")).replies[0].body
    assert "you sit RED until" in listed


def test_the_notice_keys_doctests_run() -> None:
    import doctest

    from umpire.server.mail import models

    result = doctest.testmod(models)
    assert result.attempted > 0 and result.failed == 0


# --- a new code ------------------------------------------------------------------------------


def test_the_holder_has_a_new_code_mailed_to_his_sitter_and_the_old_one_stops(
    sat: Sitting, mailoutbox: list[Any]
) -> None:
    """The code mail was lost, or seen by another: the holder asks for a new code on his
    account page; it goes to the sitter alone, the old code no longer opens the seat, and a
    second request within minutes is refused (the sitter's mailbox is not flooded)."""
    from django.test import Client

    old = sat.row.sitter_code
    ann = Client()
    ann.force_login(sat.table.players["RED"])
    deliver_mail()  # the code mailed when the absence was declared: a quarter of an hour ago
    OutboundMail.objects.update(created_at=timezone.now() - timedelta(minutes=15))
    mailoutbox.clear()
    page = ann.post(f"/account/away/{sat.row.pk}/resend/", follow=True).content.decode()
    assert "A new sitter code is being mailed to dan" in page
    deliver_mail()
    new = Absence.objects.get(pk=sat.row.pk).sitter_code
    assert new != old and len(new) == 16
    (named,) = _to(mailoutbox, DAN, "you sit for ann")
    assert f"Your sitter code: {new}" in named.body and old not in named.body
    assert [m for m in mailoutbox if new in m.body] == [named]  # the sitter alone
    refused = handle(mail(DAN, f"{sat.heading(code=old)}\ntake 2\n"))
    assert refused.code != "orders/stored" and not Submission.objects.exists()
    assert handle(mail(DAN, f"{sat.heading(code=new)}\ntake 2\n")).code == "orders/stored"
    # Again at once: refused, nothing mailed, the code unchanged.
    mailoutbox.clear()
    page = ann.post(f"/account/away/{sat.row.pk}/resend/", follow=True).content.decode()
    assert "[away/resend_soon]" in page
    deliver_mail()
    assert mailoutbox == [] and Absence.objects.get(pk=sat.row.pk).sitter_code == new
    # Nobody else's absence, nor one without a sitter.
    bob = Client()
    bob.force_login(sat.table.players["BLUE"])
    page = bob.post(f"/account/away/{sat.row.pk}/resend/", follow=True).content.decode()
    assert "[away/no_sitter]" in page
    assert Absence.objects.get(pk=sat.row.pk).sitter_code == new
    assert ann.get(f"/account/away/{sat.row.pk}/resend/").status_code == 405
