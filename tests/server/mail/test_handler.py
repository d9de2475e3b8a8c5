"""The handler over the server: authentication, receipts, commands, press and notices."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core import mail as django_mail
from django.utils import timezone

from tests.server.mail.conftest import Table, mail, start_table
from umpire.server.mail.handler import handle
from umpire.server.mail.news import turn_named
from umpire.server.mail.notices import send_notices
from umpire.server.mail.replies import NOT_AUTHORISED
from umpire.server.models import Game, Message, Submission


def sent_to(address: str, kind: str = "") -> list[Any]:
    return [m for m in django_mail.outbox if m.to == [address] and kind in m.subject]


def test_welcome_mail_gives_each_player_their_code(table: Table) -> None:
    for power, address in table.addresses.items():
        (welcome,) = sent_to(address, "you play")
        assert table.seat(power).secret_code in welcome.body
        others = [table.seat(p).secret_code for p in table.addresses if p != power]
        assert not any(code in welcome.body for code in others)


def test_orders_get_a_receipt_with_lines_count_and_deadline(table: Table) -> None:
    django_mail.outbox.clear()
    body = f"{table.heading('RED')}\ntake 2\nfly away\ntake 9\n"
    result = handle(mail("ann@example.org", body))
    assert result.code == "orders/problems"
    (receipt,) = django_mail.outbox
    assert receipt.to == ["ann@example.org"]
    assert "line   2: TAKE 2" in receipt.body
    assert "line 3:" in receipt.body and "line 4:" in receipt.body
    assert "Orders counted: 1." in receipt.body
    deadline = Game.objects.get(pk=table.game_id).deadline
    assert deadline is not None and deadline.strftime("%Y-%m-%d %H:%M") in receipt.body
    assert receipt.extra_headers["In-Reply-To"].startswith("<t")
    (row,) = Submission.objects.filter(game_id=table.game_id)
    assert (row.power, row.source, row.orders) == ("RED", "email", ["TAKE 2"])


def test_bad_code_game_power_or_sender_get_the_same_refusal(table: Table) -> None:
    django_mail.outbox.clear()
    code = table.seat("RED").secret_code
    attempts = [
        ("ann@example.org", table.heading("RED", code="0000")),
        ("ann@example.org", f"G-{table.game_id + 99} T-1 P-RED C-{code}"),
        ("ann@example.org", table.heading("BLUE", code=code)),
        ("ann@example.org", f"G-{table.game_id} T-1 P-BLUE C-{table.seat('BLUE').secret_code}"),
        ("eve@example.org", table.heading("RED")),
    ]
    for sender, heading in attempts:
        assert handle(mail(sender, f"{heading}\ntake 3\n")).code == "mail/not_authorised"
    bodies = {m.body for m in django_mail.outbox}
    assert len(django_mail.outbox) == len(attempts) and len(bodies) == 1
    # a player who mistyped the game number is pointed to LIST, which names his games
    assert "single word LIST gives your games and their headings" in next(iter(bodies))
    (body,) = bodies
    assert NOT_AUTHORISED.strip() in body
    for word in ("RED", "BLUE", "GREEN", "Mail test", "pebbles", "ann", "bob"):
        assert word not in body
    assert not Submission.objects.exists()


def test_same_message_id_is_read_once(table: Table) -> None:
    django_mail.outbox.clear()
    raw = mail("ann@example.org", f"{table.heading('RED')}\ntake 1\n", message_id="<once@x>")
    assert handle(raw).code == "orders/stored"
    assert handle(raw).code == "mail/duplicate"
    assert Submission.objects.count() == 1
    assert len(django_mail.outbox) == 1


def test_out_of_order_mail_last_received_counts_with_a_warning(table: Table) -> None:
    django_mail.outbox.clear()
    now = timezone.now()
    handle(mail("ann@example.org", f"{table.heading('RED')}\ntake 3\n", date=now))
    handle(mail("ann@example.org", f"{table.heading('RED')}\ntake 1\n",
                date=now - timedelta(hours=1)))  # fmt: skip
    first, second = django_mail.outbox
    assert "WARNING" not in first.body
    assert "WARNING" in second.body and "last mail received counts" in second.body
    latest = Submission.objects.filter(power="RED").order_by("-id").first()
    assert latest is not None and latest.orders == ["TAKE 1"]


def test_stale_turn_is_refused(table: Table) -> None:
    django_mail.outbox.clear()
    result = handle(mail("ann@example.org", f"{table.heading('RED', turn=7)}\ntake 1\n"))
    assert result.code == "turn/stale"
    assert "turn/stale" in django_mail.outbox[0].body
    assert not Submission.objects.exists()


def test_help_list_and_no_heading(table: Table) -> None:
    django_mail.outbox.clear()
    assert handle(mail("ann@example.org", "", subject="HELP")).code == "mail/help"
    assert "UMPIRE BY EMAIL" in django_mail.outbox[-1].body
    assert handle(mail("ann@example.org", "LIST\n")).code == "mail/list"
    listing = django_mail.outbox[-1].body
    assert table.masked_heading("RED") in listing
    assert not any(table.seat(p).secret_code in listing for p in ("RED", "BLUE"))
    assert "RED (player [1])" in listing
    assert handle(mail("ann@example.org", "take 2\n")).code == "mail/no_heading"
    assert handle(mail("nobody@example.org", "LIST\n")).code == "mail/list"
    assert "no running games" in django_mail.outbox[-1].body


def test_html_only_mail_gets_a_polite_refusal(table: Table) -> None:
    from email.message import EmailMessage

    django_mail.outbox.clear()
    msg = EmailMessage()
    msg["From"] = "ann@example.org"
    msg["Subject"] = "orders"
    msg.set_content(f"<p>{table.heading('RED')}<br>take 1</p>", subtype="html")
    assert handle(msg.as_bytes()).code == "mail/html_only"
    assert "plain text" in django_mail.outbox[0].body
    assert not Submission.objects.exists()


def test_bounces_are_logged_not_answered(table: Table) -> None:
    django_mail.outbox.clear()
    raw = b"From: MAILER-DAEMON@example.org\nSubject: failure\n\nbounce\n"
    assert handle(raw).code == "mail/automatic"
    assert handle(b"\xff\xfe garbage").code in ("mail/no_sender", "mail/unreadable")
    assert django_mail.outbox == []


def test_press_goes_to_its_recipients_only(table: Table) -> None:
    django_mail.outbox.clear()
    body = f"{table.heading('RED')}\nPRESS TO BLUE\nLet us share the pile.\nENDPRESS\n"
    assert handle(mail("ann@example.org", body)).code == "press/sent"
    (press,) = sent_to("bob@example.org", "press")
    assert "Let us share the pile." in press.body and "from RED" in press.body
    assert not sent_to("cat@example.org", "press")
    refused = f"{table.heading('RED')}\nBROADCAST ANONYMOUS\nboo\n"
    assert handle(mail("ann@example.org", refused)).code == "press/signed_only"
    assert Message.objects.count() == 1


def test_the_body_heading_counts_over_an_old_one_in_the_subject(table: Table) -> None:
    """A reply to an earlier mail keeps that mail's heading in its Subject: where the body
    has a heading, the Subject is not read for one."""
    django_mail.outbox.clear()
    old = f"Re: {table.heading('BLUE', code=table.seat('BLUE').secret_code)}"
    body = f"{table.heading('RED')}\ntake 2\n"
    assert handle(mail("ann@example.org", body, subject=old)).code == "orders/stored"
    (row,) = Submission.objects.filter(game_id=table.game_id)
    assert (row.power, row.orders) == ("RED", ["TAKE 2"])


def test_a_heading_pasted_into_press_does_not_hand_out_its_code(table: Table) -> None:
    """A player who pastes a printout's heading (his code in it) into press: the recipients
    read the code masked, as every mail but the welcome shows it; the sender is told."""
    django_mail.outbox.clear()
    code = table.seat("RED").secret_code
    body = (
        f"{table.heading('RED')}\nPRESS TO BLUE\nMy last mail began {table.heading('RED')}"
        f"\nand code {code.upper()} again\nENDPRESS\n"
    )
    assert handle(mail("ann@example.org", body)).code == "press/sent"
    (press,) = sent_to("bob@example.org", "press")
    assert code not in press.body.lower() and f"C-{code[:2]}{'*' * 14}" in press.body
    (stored,) = Message.objects.all()
    assert code not in stored.text.lower() and "and code" in stored.text
    (reply,) = sent_to("ann@example.org")
    assert "secret code" in reply.body and "masked" in reply.body


def test_anonymous_press_where_allowed(transactional_db: Any, mailoutbox: list[Any]) -> None:
    table = start_table({"anonymous_press": True})
    django_mail.outbox.clear()
    body = f"{table.heading('RED')}\nBROADCAST ANONYMOUS\nWho am I?\n"
    assert handle(mail("ann@example.org", body)).code == "press/sent"
    for address in ("bob@example.org", "cat@example.org"):
        (press,) = sent_to(address, "press")
        assert "Who am I?" in press.body and "RED" not in press.body
    assert not sent_to("ann@example.org", "press")


def test_turn_printouts_reach_each_player_with_their_own_view(table: Table) -> None:
    from umpire.server.usecases.turns import process_due

    for power in ("RED", "BLUE", "GREEN"):
        user = table.addresses[power]
        assert handle(mail(user, f"{table.heading(power)}\ntake 3\n")).code == "orders/stored"
    django_mail.outbox.clear()
    assert process_due(table.game_id, 1, force=True)
    printouts = [m for m in django_mail.outbox if "printout" in m.subject]
    assert sorted(m.to[0] for m in printouts) == sorted(table.addresses.values())
    for message in printouts:
        power = next(p for p, a in table.addresses.items() if a == message.to[0])
        assert f"Pebbles, turn 2, {power}" in message.body
        assert table.masked_heading(power) in message.body  # the heading for turn 2
        assert table.seat(power).secret_code not in message.body  # masked
        for other in table.addresses:
            if other != power:
                assert f", {other}\n" not in message.body
    report = handle(mail("bob@example.org", f"{table.heading('BLUE')}\nREPORT 1\n"))
    assert report.code == "report/sent"
    assert "Pebbles, turn 2, BLUE" in django_mail.outbox[-1].body


def test_printout_subject_and_body_name_the_turn_played_then_the_one_due(table: Table) -> None:
    """Issue 29: the subject said one phase and the body another. Both now begin with the
    turn played, then the one due."""
    from umpire.server.usecases.turns import process_due

    for power in ("RED", "BLUE", "GREEN"):
        handle(mail(table.addresses[power], f"{table.heading(power)}\ntake 2\n"))
    django_mail.outbox.clear()
    assert process_due(table.game_id, 1, force=True)
    (printout,) = sent_to("ann@example.org", "printout")
    heading = "Results of Turn 1 · orders due for Turn 2"
    assert printout.subject == f"G-{table.game_id} Mail test: printout, {heading}, RED"
    assert printout.body.startswith(
        f"{heading}\nPebbles (test game): Twenty pebbles, report for RED\n"
    )


def test_reminders_and_late_notices_once_to_those_who_have_not_ordered(table: Table) -> None:
    handle(mail("ann@example.org", f"{table.heading('RED')}\ntake 1\n"))
    django_mail.outbox.clear()
    game = Game.objects.get(pk=table.game_id)
    assert game.deadline is not None
    assert send_notices(game.deadline - timedelta(days=2)) == 0
    assert send_notices(game.deadline - timedelta(minutes=30)) == 2
    assert send_notices(game.deadline - timedelta(minutes=20)) == 0
    assert sorted(m.to[0] for m in django_mail.outbox) == ["bob@example.org", "cat@example.org"]
    assert all("reminder" in m.subject for m in django_mail.outbox)
    assert send_notices(game.deadline + timedelta(minutes=1)) == 2
    assert all("LATE" in m.subject for m in django_mail.outbox[2:])


def test_player_number_in_place_of_the_power(table: Table) -> None:
    code = table.seat("BLUE").secret_code
    ok = handle(mail("bob@example.org", f"G-{table.game_id} T-1 [2] C-{code}\ntake 1\n"))
    assert ok.code == "orders/stored"
    wrong = handle(mail("bob@example.org", f"G-{table.game_id} T-1 [1] C-{code}\ntake 1\n"))
    assert wrong.code == "mail/not_authorised"
    no_power = handle(mail("bob@example.org", f"GAME {table.game_id} TURN 1 CODE {code}\ntake 2\n"))
    assert no_power.code == "orders/stored"
    assert [s.orders for s in Submission.objects.filter(power="BLUE")] == [["TAKE 1"], ["TAKE 2"]]


def test_heading_without_code_or_turn_is_explained(table: Table) -> None:
    django_mail.outbox.clear()
    assert (
        handle(mail("ann@example.org", f"G-{table.game_id} P-RED\ntake 1\n")).code == "mail/no_turn"
    )
    body = django_mail.outbox[0].body
    assert "T-<turn>" in body and "C-<code>" in body
    assert not Submission.objects.exists()


def test_newspaper_where_the_game_has_one(table: Table, monkeypatch: Any) -> None:
    from dataclasses import replace

    from tests.support.toygame import PEBBLES
    from umpire.core import registry
    from umpire.server.usecases.turns import process_due

    def newspaper(state: Any, events: Any) -> str:
        assert all(e.audience.kind == "public" for e in events)
        return "THE PEBBLE POST\n" + "\n".join(e.text for e in events)

    monkeypatch.setattr(PEBBLES, "newspaper", newspaper, raising=False)
    # The game's record says it has a newspaper now (the server reads nothing else).
    record = registry.game("pebbles")
    scenario = record.info.default_scenario.name
    can = replace(record.capabilities(scenario), newspaper=PEBBLES)
    monkeypatch.setitem(record.features, scenario, can)
    django_mail.outbox.clear()
    assert process_due(table.game_id, 1, force=True)
    papers = [m for m in django_mail.outbox if "newspaper" in m.subject]
    assert sorted(m.to[0] for m in papers) == sorted(table.addresses.values())
    assert all("pebbles are left" in m.body and "You took" not in m.body for m in papers)


def test_the_worker_scheduler_sends_reminders(table: Table, settings: Any) -> None:
    """The reminders go out from the worker's notice thread, with no mail entrance running."""
    import threading

    from django.utils import timezone

    from umpire.server.commands import Workers

    settings.UMPIRE_TICK_SECONDS = 0.1
    settings.UMPIRE_NOTICE_SECONDS = 0.1
    # The deadline moved (as an extension would): its reminder time has come.
    soon = timezone.now() + timedelta(minutes=30)
    Game.objects.filter(pk=table.game_id).update(deadline=soon, notice_at=timezone.now())
    django_mail.outbox.clear()
    workers = Workers()
    thread = threading.Thread(target=workers.notices_forever)
    thread.start()
    try:
        for _ in range(100):
            if len(django_mail.outbox) >= 3:
                break
            workers.stop.wait(0.05)
    finally:
        workers.stop.set()
        thread.join(10)
    reminded = sorted(m.to[0] for m in django_mail.outbox if "reminder" in m.subject)
    assert reminded == ["ann@example.org", "bob@example.org", "cat@example.org"]


def test_a_mail_with_no_order_line_accepted_leaves_the_earlier_orders_standing(
    table: Table,
) -> None:
    """Ruling (docs/email.md, "Which mail counts"): a later order mail replaces the earlier
    one, but a mail none of whose order lines is accepted (a typo'd ``MAP ON``, a stray
    line) changes nothing, READY included, and the reply lists the orders that stand. The
    receipt of a mail that does replace orders says so. ``ORDERS`` alone still withdraws."""
    heading = table.heading("RED")
    assert handle(mail("ann@example.org", f"{heading}\ntake 2\n")).code == "orders/stored"
    django_mail.outbox.clear()
    result = handle(mail("ann@example.org", f"{heading}\nMAP ON\nREADY\n"))
    assert result.code == "orders/kept"
    (reply,) = sent_to("ann@example.org")
    assert "line 2:" in reply.body and "changed nothing (READY included)" in reply.body
    assert "Your earlier orders for this turn stand (1):\n  TAKE 2\n" in reply.body
    rows = Submission.objects.filter(game_id=table.game_id, power="RED")
    assert [r.orders for r in rows] == [["TAKE 2"]]
    assert table.seat("RED").ready_turn == 0
    django_mail.outbox.clear()
    assert handle(mail("ann@example.org", f"{heading}\ntake 3\n")).code == "orders/stored"
    (receipt,) = sent_to("ann@example.org")
    assert "Note: these orders replace the 1 order(s) you sent earlier" in receipt.body
    assert handle(mail("ann@example.org", f"{heading}\nORDERS\n")).code == "orders/stored"
    assert rows.order_by("-id").first().orders == []  # type: ignore[union-attr]


def test_a_first_mail_with_no_order_accepted_stores_nothing(table: Table) -> None:
    """The player is still waited for and reminded: an unreadable mail is no submission."""
    django_mail.outbox.clear()
    result = handle(mail("bob@example.org", f"{table.heading('BLUE')}\nfly away\n"))
    assert result.code == "orders/kept"
    (reply,) = sent_to("bob@example.org")
    assert "You have no orders stored for this turn" in reply.body
    assert not Submission.objects.filter(game_id=table.game_id, power="BLUE").exists()
    assert "BLUE" not in Game.objects.get(pk=table.game_id).submitted


def test_help_after_a_heading_adds_the_games_own_notation_and_powers(
    transactional_db: Any, mailoutbox: list[Any]
) -> None:
    """A player who asks HELP from inside a game is told how that game's orders are written
    (its order help, as the game page shows it) and its powers' names, not only the
    general format of a mail."""
    from umpire.server import accounts
    from umpire.server.usecases import lifecycle

    gm = accounts.register("gm", "gm-password", game_master=True)
    game = lifecycle.create_game(gm, "help", "origins", settings={"fill_with_bots": True})
    ann = accounts.register("ann", "ann-password", email="ann@example.org", verified=True)
    lifecycle.join(game.pk, ann, ["Germany"])
    lifecycle.start(game.pk, gm)
    code = Game.objects.get(pk=game.pk).seats.get(user=ann).secret_code
    django_mail.outbox.clear()
    result = handle(mail("ann@example.org", f"G-{game.pk} T-1 P-GER C-{code}\nHELP\n"))
    assert result.code == "mail/help"
    (reply,) = sent_to("ann@example.org")
    assert "UMPIRE BY EMAIL" in reply.body
    assert f"ORDERS IN G-{game.pk}: Historical game, 1933-1938" in reply.body
    assert "PLACE 3 POL" in reply.body and "Germany (GER)" in reply.body


@pytest.mark.rule("D39 9")
def test_help_and_the_game_page_give_a_1939_power_its_own_winter_examples(
    transactional_db: Any, mailoutbox: list[Any]
) -> None:
    """Testers' report: 1939 III's winter hint gave every power the same (German) examples;
    and HELP by mail gave the standard game's notation. Russia reads builds in its own home
    centres, by mail and on the game page."""
    from tests.server.web.helpers import client_for
    from umpire.server import accounts
    from umpire.server.usecases import lifecycle

    gm = accounts.register("gm", "gm-password", game_master=True)
    game = lifecycle.create_game(
        gm, "help", "diplomacy", scenario="1939-iii", settings={"fill_with_bots": True}
    )
    ann = accounts.register("ann", "ann-password", email="ann@example.org", verified=True)
    lifecycle.join(game.pk, ann, ["Russia"])
    lifecycle.start(game.pk, gm)
    code = Game.objects.get(pk=game.pk).seats.get(user=ann).secret_code
    django_mail.outbox.clear()
    handle(mail("ann@example.org", f"G-{game.pk} T-1 P-RUS C-{code}\nHELP\n"))
    (reply,) = sent_to("ann@example.org")
    assert "B ven - aus - cze [S A aus - cze] - hun" in reply.body  # 1939 III's notation
    assert "Build A mos   Build F len/sc   Build T sev   Build B mos" in reply.body
    assert "Transfer 1 SP to TUR" in reply.body and "Build A ber" not in reply.body
    page = client_for(ann).get(f"/games/{game.pk}/").content.decode()
    assert "Build A mos   Build F len/sc" in page and "Build A ber" not in page


def test_the_reply_says_that_quoted_lines_and_attachments_were_not_read(table: Table) -> None:
    """A reply quoting the umpire's receipt, with the orders also attached as a file: only
    the player's own line is taken, and the reply says what was left unread and why."""
    from email.message import EmailMessage

    msg = EmailMessage()
    msg["From"], msg["Subject"], msg["Message-ID"] = "ann@example.org", "Re: orders", "<q1@x>"
    msg.set_content(
        f"{table.heading('RED')}\ntake 2\n\nOn Monday, Umpire wrote:\n> take 5\n> take 9\n"
    )
    msg.add_attachment(b"take 7\n", maintype="text", subtype="plain", filename="orders.txt")
    django_mail.outbox.clear()
    assert handle(msg.as_bytes()).code == "orders/stored"
    (receipt,) = sent_to("ann@example.org")
    assert "Orders counted: 1." in receipt.body and "TAKE 5" not in receipt.body
    assert (
        "Not read: 2 quoted line(s) (starting with >); the attachment(s) orders.txt."
        in receipt.body
    )
    assert [r.orders for r in Submission.objects.filter(power="RED")] == [["TAKE 2"]]


@pytest.mark.rule("COTW 3")
def test_a_player_the_turn_does_not_wait_for_is_told_so(
    transactional_db: Any, mailoutbox: list[Any]
) -> None:
    """Conquest of the World, a Homeland turn (rule 3: one player chooses): the printout
    mail of a player who has nothing to order asks no orders of him, and an order he mails
    anyway is answered with the powers the turn waits for, not "send them again"."""
    from tests.server.conftest import deliver_mail
    from umpire.server import accounts
    from umpire.server.usecases import lifecycle, turns

    gm = accounts.register("gm", "gm-password", game_master=True)
    game = lifecycle.create_game(gm, "cotw", "conquest", settings={"powers": ["RED", "BLUE"]})
    for name, power in (("ann", "RED"), ("bob", "BLUE")):
        user = accounts.register(name, f"{name}-password", email=f"{name}@example.org",
                                 verified=True)  # fmt: skip
        lifecycle.join(game.pk, user, [power])
    lifecycle.start(game.pk, gm)
    assert turns.process_due(game.pk, 1, force=True)  # the numbers called (rule 2)
    deliver_mail()
    game = Game.objects.get(pk=game.pk)
    (chooser,) = game.expected
    idle = next(p for p in ("RED", "BLUE") if p != chooser)
    address = {"RED": "ann@example.org", "BLUE": "bob@example.org"}
    (asked,) = [m for m in sent_to(address[chooser], "printout")]
    assert "Heading for your next orders: " in asked.body
    (told,) = [m for m in sent_to(address[idle], "printout")]
    assert f"This turn waits for orders from {chooser} only: you have none to give." in told.body
    assert "Heading for your next orders" not in told.body
    assert "Heading for press and commands: " in told.body
    django_mail.outbox.clear()
    code = game.seats.get(power=idle, active=True).secret_code
    result = handle(mail(address[idle], f"G-{game.pk} T-2 P-{idle} C-{code}\nHOMELAND CAN\n"))
    assert result.code == "orders/kept"
    (reply,) = sent_to(address[idle])
    assert "[turn/not_expected]" in reply.body
    assert f"This turn waits for orders from {chooser} only" in reply.body
    assert "send them again" not in reply.body


def test_report_before_the_first_turn_names_the_opening_position(table: Table) -> None:
    """Played by mail: REPORT on turn 1 answered "your printout after turn 0"; and a receipt
    with nothing accepted said "0 order(s) accepted:" over an empty list."""
    django_mail.outbox.clear()
    result = handle(mail("bob@example.org", f"{table.heading('BLUE')}\nREPORT\nfly away\n"))
    assert result.code == "orders/kept"
    (reply,) = sent_to("bob@example.org")
    assert "REPORT: the opening position (no turn yet)" in reply.body
    assert "after turn 0" not in reply.body
    assert "No order accepted.\n1 problem(s):" in reply.body


def test_an_unreadable_press_line_is_reported_once_and_its_text_not_sent(table: Table) -> None:
    """Played by mail: ``PRESS BLUE`` (no TO) was reported as a bad press line and then
    refused again by the service ("name the recipients"); the block is dropped, once."""
    django_mail.outbox.clear()
    body = f"{table.heading('RED')}\nPRESS BLUE\nmeet me at noon\nENDPRESS\n"
    result = handle(mail("ann@example.org", body))
    (reply,) = sent_to("ann@example.org")
    assert "line 2: write PRESS TO <power> <power>..." in reply.body
    assert "press/no_recipients" not in reply.body and result.code == "mail/empty"
    assert not Message.objects.exists()


def test_press_by_mail_is_held_to_the_same_length_as_press_by_the_api(table: Table) -> None:
    """Played by mail: a 200,000-character press block was stored and mailed to every
    power, where the API refuses more than 10,000 characters; now every entrance refuses."""
    django_mail.outbox.clear()
    body = f"{table.heading('RED')}\nBROADCAST\n{'y' * 20_000}\nENDPRESS\n"
    assert handle(mail("ann@example.org", body)).code == "press/too_long"
    (reply,) = sent_to("ann@example.org")
    assert "press is at most 10000 characters; this message has 20000 [press/too_long]" in (
        reply.body
    )
    assert not Message.objects.exists()


def test_a_receipt_says_when_a_mail_withdraws_orders_or_replaces_a_mail_without_any(
    table: Table,
) -> None:
    """Testers' report: after ORDERS alone the next receipt said "these orders replace the 0
    order(s) you sent earlier", and the withdrawal itself said only "Orders counted: 0"."""
    heading = table.heading("RED")
    assert handle(mail("ann@example.org", f"{heading}\ntake 2\n")).code == "orders/stored"
    django_mail.outbox.clear()
    assert handle(mail("ann@example.org", f"{heading}\nORDERS\n")).code == "orders/stored"
    (receipt,) = sent_to("ann@example.org")
    assert "Note: this mail withdraws the 1 order(s) you sent earlier for this turn." in (
        receipt.body
    )
    django_mail.outbox.clear()
    assert handle(mail("ann@example.org", f"{heading}\ntake 1\n")).code == "orders/stored"
    (receipt,) = sent_to("ann@example.org")
    assert "replace the 0 order(s)" not in receipt.body
    assert "these orders replace your earlier mail for this turn, which had no orders" in (
        receipt.body
    )


def test_orders_refused_whole_say_which_orders_stand(table: Table) -> None:
    """Testers' report: a mail over the 64 KiB limit, or for another turn, was answered
    "nothing was stored" without saying whether the orders sent before still counted."""
    heading = table.heading("RED")
    assert handle(mail("ann@example.org", f"{heading}\ntake 2\n")).code == "orders/stored"
    django_mail.outbox.clear()
    big = f"{heading}\n" + "take 1\n" * 10_000
    assert handle(mail("ann@example.org", big)).code == "orders/too_large"
    stale = table.heading("RED", turn=7)
    assert handle(mail("ann@example.org", f"{stale}\ntake 1\n")).code == "turn/stale"
    too_large, other_turn = sent_to("ann@example.org")
    for reply in (too_large, other_turn):
        assert "Your earlier orders for turn 1 stand (1):\n  TAKE 2\n" in reply.body
    rows = Submission.objects.filter(game_id=table.game_id, power="RED")
    assert [r.orders for r in rows] == [["TAKE 2"]]
    django_mail.outbox.clear()
    blue = table.heading("BLUE")
    assert handle(mail("bob@example.org", big.replace(heading, blue))).code == "orders/too_large"
    (reply,) = sent_to("bob@example.org")
    assert "You have no orders stored for turn 1" in reply.body


def test_a_reminder_and_a_late_notice_name_the_phase_they_are_for(table: Table) -> None:
    """Testers' report: "No orders from you yet for G-1 Mail test, turn 7" left a player to
    work out which phase turn 7 is (a Diplomacy retreat? the winter?)."""
    django_mail.outbox.clear()
    Game.objects.filter(pk=table.game_id).update(label="Fall 1901 movement")  # as Diplomacy's
    game = Game.objects.get(pk=table.game_id)
    assert game.deadline is not None
    assert send_notices(game.deadline - timedelta(minutes=30)) == 3
    assert send_notices(game.deadline + timedelta(minutes=1)) == 3
    reminder, late = sent_to("ann@example.org", "reminder"), sent_to("ann@example.org", "LATE")
    where = f"for G-{table.game_id} Mail test, turn 1 (Fall 1901 movement)"
    assert f"{where}. The deadline" in reminder[0].body
    assert f"{where}, are late" in late[0].body
    # the number said once where the label says it already
    assert turn_named(1, "Turn 1") == "turn 1" and turn_named(4, "") == "turn 4"
    assert turn_named(2, "Turn 2 (1934)") == "turn 2 (1934)"
    assert turn_named(5, "Turn 5: RED has the attack option") == (
        "turn 5: RED has the attack option"
    )
    assert turn_named(1, "Turn 12") == "turn 1 (Turn 12)"
