"""The pure mail parser: headers, text/plain extraction, cleaning, heading and commands."""

from __future__ import annotations

from email.message import EmailMessage

from umpire.server.mail.body import clean_body
from umpire.server.mail.heading import parse_heading
from umpire.server.mail.parse import parse_mail


def mail(body: str, *, subject: str = "orders", sender: str = "Ann <ann@example.org>",
         headers: dict[str, str] | None = None) -> bytes:  # fmt: skip
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "umpire@example.org"
    msg["Subject"] = subject
    msg["Message-ID"] = "<m1@example.org>"
    msg["Date"] = "Sun, 22 Nov 2026 06:00:00 +0100"
    for k, v in (headers or {}).items():
        msg[k] = v
    msg.set_content(body)
    return msg.as_bytes()


def test_heading_orders_and_commands() -> None:
    r = parse_mail(mail("G-12 T-3 P-RED C-abc123\ntake 2\n\nREADY\nREPORT 2\n"))
    assert r.rejection is None
    assert r.sender == "ann@example.org"
    assert r.message_id == "<m1@example.org>"
    assert r.date is not None and r.date.hour == 5
    assert r.heading is not None
    assert (r.heading.game, r.heading.turn, r.heading.power, r.heading.code) == (
        "12", 3, "RED", "abc123")  # fmt: skip
    assert [c.name for c in r.commands] == ["READY", "REPORT"]
    assert r.commands[1].turn == 2
    assert r.orders is not None
    assert r.orders.splitlines()[1] == "take 2"  # numbered as the body: line 2


def test_heading_in_words_and_player_number() -> None:
    h = parse_heading("game 7, turn 12 [2] code XyZ", 1)
    assert h is not None and h.game == "7" and h.turn == 12 and h.player_number == 2
    assert h.code == "XyZ"
    assert parse_heading("take 3", 1) is None
    bad = parse_heading("G-1 T-2 Q-9 C-x", 1)
    assert bad is not None and bad.unreadable


def test_heading_from_subject() -> None:
    r = parse_mail(mail("take 1\n", subject="G-4 T-1 C-zz"))
    assert r.heading is not None and r.heading.game == "4" and r.heading.line == 0


def test_quotes_signature_and_attribution_dropped() -> None:
    body = "G-1 T-1 C-c\ntake 1\nOn Monday, Bob wrote:\n> take 3\n> G-9\n-- \nAnn\ntake 2\n"
    r = parse_mail(mail(body))
    assert r.orders is not None
    assert [ln for ln in r.orders.splitlines() if ln] == ["take 1"]


def test_wrapped_lines_joined_and_numbering_kept() -> None:
    long = "A" * 70
    lines = clean_body(f"{long}\ncontinued here\nnext\n")
    assert lines[0] == f"{long} continued here"
    assert lines[1] == ""
    assert lines[2] == "next"
    short = clean_body("take 1\ntake 2\n")
    assert short[:2] == ["take 1", "take 2"]


def test_format_flowed() -> None:
    msg = EmailMessage()
    msg["From"] = "ann@example.org"
    msg["Message-ID"] = "<f@x>"
    msg.set_content("G-1 T-1 C-c\nPRESS TO BLUE\nhello \nworld\n")
    msg.set_param("format", "flowed")
    r = parse_mail(msg.as_bytes())
    assert r.press[0].text == "hello world"


def test_multipart_takes_text_plain() -> None:
    msg = EmailMessage()
    msg["From"] = "ann@example.org"
    msg.set_content("G-1 T-1 C-c\ntake 1\n")
    msg.add_alternative("<p>G-1 T-1 C-c<br>take 3</p>", subtype="html")
    msg.add_attachment(b"take 3", maintype="application", subtype="octet-stream")
    r = parse_mail(msg.as_bytes())
    assert r.rejection is None and r.orders is not None and "take 1" in r.orders


def test_html_only_rejected_politely() -> None:
    msg = EmailMessage()
    msg["From"] = "ann@example.org"
    msg.set_content("<p>take 1</p>", subtype="html")
    r = parse_mail(msg.as_bytes())
    assert r.rejection is not None and r.rejection.code == "mail/html_only"
    assert r.rejection.reply and "plain text" in r.rejection.message


def test_no_sender_and_automatic_mail_are_logged_not_answered() -> None:
    r = parse_mail(b"Subject: x\n\nG-1 T-1 C-c\n")
    assert r.rejection is not None and r.rejection.code == "mail/no_sender"
    assert not r.rejection.reply
    auto = parse_mail(mail("x", headers={"Auto-Submitted": "auto-replied"}))
    assert auto.rejection is not None and not auto.rejection.reply


def test_press_blocks() -> None:
    body = ("G-1 T-2 C-c\ntake 1\nPRESS TO blue, green ANONYMOUS\nREADY here\nENDPRESS\n"
            "BROADCAST signed\nhi all\n")  # fmt: skip
    r = parse_mail(mail(body))
    assert [p.recipients for p in r.press] == [("blue", "green"), ()]
    assert r.press[0].signed is False and r.press[0].text == "READY here"
    assert r.press[1].broadcast and r.press[1].signed is True and r.press[1].text == "hi all"
    assert r.commands == []  # READY inside the press text is press


def test_headless_help_and_explicit_empty_orders() -> None:
    r = parse_mail(mail("", subject="HELP"))
    assert [c.name for c in r.commands] == ["HELP"]
    r = parse_mail(mail("G-1 T-1 C-c\nORDERS\n"))
    assert r.orders is not None and not r.orders.strip()
    r = parse_mail(mail("G-1 T-1 C-c\nREADY\n"))
    assert r.orders is None


def test_missing_message_id_is_a_digest_of_the_bytes() -> None:
    raw = b"From: a@b.org\n\nG-1 T-1 C-c\n"
    assert parse_mail(raw).message_id == parse_mail(raw).message_id
    assert parse_mail(raw).message_id != parse_mail(raw + b"x").message_id


def test_after_orders_the_rest_is_orders() -> None:
    r = parse_mail(mail("G-1 T-1 C-c\nREADY\nORDERS\ntake 1\nREPORT this\nREADY\n"))
    assert [c.name for c in r.commands] == ["READY"]
    assert r.orders is not None
    assert [ln for ln in r.orders.splitlines() if ln] == ["take 1", "REPORT this", "READY"]


def test_text_above_the_heading_is_reported_not_applied() -> None:
    r = parse_mail(mail("Hello umpire,\n\nG-1 T-1 C-c\ntake 1\n"))
    assert r.heading is not None and r.heading.line == 3
    assert r.orders is not None
    assert [ln for ln in r.orders.splitlines() if ln] == ["take 1"]
    assert [(p.line, p.code) for p in r.problems] == [(1, "mail/before_heading")]


def test_an_outlook_reply_quoting_without_marks_is_not_read() -> None:
    """Outlook quotes the mail replied to below a rule of underscores and a From:/Sent:
    block, with no ``>``: the umpire's receipt below it must not be read as orders."""
    body = (
        "G-1 T-2 C-c\ntake 1\n\n________________________________\nFrom: umpire@example.org\n"
        "Sent: Monday\nSubject: Re: orders\n\ntake 3\nREADY\n"
    )
    r = parse_mail(mail(body))
    assert r.orders is not None
    assert [ln for ln in r.orders.splitlines() if ln] == ["take 1"]
    assert r.commands == []
    kept = parse_mail(mail("G-1 T-2 C-c\n____________\ntake 2\n"))  # a rule, no From: after
    assert kept.orders is not None and "take 2" in kept.orders


def test_a_heading_in_the_subject_survives_a_reply() -> None:
    """A player who wrote his heading as the Subject and replies to the receipt: the reply
    prefixes and the umpire's own tag are not read as heading fields."""
    for subject in ("Re: G-4 T-2 P-RED C-zz [G-4 T-1 RED]", "AW: Fwd: RE: G-4 T-2 P-RED C-zz"):
        r = parse_mail(mail("take 1\n", subject=subject))
        assert r.heading is not None and not r.heading.unreadable, subject
        assert (r.heading.game, r.heading.turn, r.heading.code) == ("4", 2, "zz")
    tagged = parse_mail(mail("take 1\n", subject="G-4 T-2 C-zz [2]"))
    assert tagged.heading is not None and tagged.heading.player_number == 2


def test_a_mislabelled_charset_keeps_the_accents_of_press() -> None:
    """Latin-1 bytes sent as "us-ascii" or an unknown charset were read with replacement
    characters ("Caf\ufffd"); they are read as UTF-8 when valid, else as Windows-1252."""
    for charset, data in (
        ("us-ascii", "Café à côté".encode("latin-1")),
        ("x-unknown-klingon", "Café à côté".encode("latin-1")),
        ("us-ascii", "Café à côté".encode()),
    ):
        raw = (
            b"From: ann@example.org\nSubject: x\nMessage-ID: <c1@x>\n"
            b"Content-Type: text/plain; charset=" + charset.encode() + b"\n\n"
            b"G-1 T-1 C-c\nBROADCAST\n" + data + b"\nENDPRESS\n"
        )
        (press,) = parse_mail(raw).press
        assert press.text == "Café à côté", charset


def test_a_byte_order_mark_or_zero_width_space_is_read_as_nothing() -> None:
    """Testers' report: orders pasted from a file saved by Windows Notepad (a byte order mark
    first) or copied from a web page (zero-width spaces) lost their heading or first order."""
    r = parse_mail(mail("\ufeffG-12 T-3 P-RED C-abc123\ntake\u200b 2\n"))
    assert r.heading is not None and (r.heading.game, r.heading.turn) == ("12", 3)
    assert r.orders is not None and "take 2" in r.orders and "\u200b" not in r.orders


CODE = "5f2a9c01d3e4b7a8"


def test_a_heading_pasted_twice_is_ignored_and_reported_with_its_code_masked() -> None:
    """Play review: a second heading was read as an order line and quoted back in full,
    secret code included."""
    heading = f"G-12 T-3 P-FRANCE C-{CODE}"
    for again in (heading, f"game 12, turn 3 code {CODE}", f"G-12 T-3 [2] C-{CODE}"):
        r = parse_mail(mail(f"{heading}\nA par - bur\n{again}\nF bre - mao\n"))
        assert r.rejection is None, again
        assert r.orders is not None
        assert r.orders.splitlines() == ["", "A par - bur", "", "F bre - mao"]
        (problem,) = r.problems
        assert (problem.line, problem.code) == (3, "mail/second_heading")
        assert problem.message == (
            "a second heading: only the first (line 1) counts; this line was ignored"
        )
        assert CODE not in problem.text and "5f**************" in problem.text
    after_orders = parse_mail(mail(f"{heading}\nORDERS\nA par - bur\n{heading}\n"))
    assert after_orders.orders is not None and CODE not in after_orders.orders
    assert [p.code for p in after_orders.problems] == ["mail/second_heading"]


def test_a_second_heading_for_another_game_turn_or_power_refuses_the_mail() -> None:
    """Ruling (docs/email.md): the lines after another seat's heading were meant for it, and
    read as the first seat's orders they might be legal: the mail is refused whole."""
    heading = f"G-12 T-3 P-FRANCE C-{CODE}"
    for other in (
        f"G-13 T-3 P-FRANCE C-{CODE}",
        f"G-12 T-4 P-FRANCE C-{CODE}",
        "G-12 T-3 P-GERMANY C-0123456789abcdef",
        "G-13 some garbled heading",
    ):
        r = parse_mail(mail(f"{heading}\nA par - bur\n\n{other}\nA mun - ruh\n"))
        assert r.rejection is not None, other
        assert r.rejection.code == "mail/two_headings"
        assert "(lines 1 and 4)" in r.rejection.message
        assert "nothing in it was acted on" in r.rejection.message
        assert CODE not in r.rejection.message and "0123" not in r.rejection.message


def test_the_size_limit_is_written_as_the_docs_write_it() -> None:
    """Play review: the refusal said "1000 kB" where the docs said 1 MB. One constant, written
    one way (MiB, as the server's other limits are written in KiB)."""
    from pathlib import Path

    from umpire.server.mail.parse import MAX_BYTES, MAX_MIB

    assert MAX_BYTES == MAX_MIB * 1024 * 1024

    def sized(size: int) -> bytes:  # a plain mail of exactly ``size`` bytes
        raw = mail("G-1 T-1 C-c\n")
        line = b"x" * 69 + b"\n"
        raw += line * ((size - len(raw)) // len(line))
        return raw + b"x" * (size - len(raw))

    assert parse_mail(sized(MAX_BYTES)).rejection is None
    over = parse_mail(sized(MAX_BYTES + 1)).rejection
    assert over is not None and over.code == "mail/too_large"
    assert over.message.startswith(f"your mail is larger than {MAX_MIB} MiB;")
    docs = (Path(__file__).resolve().parents[3] / "docs" / "email.md").read_text()
    assert f"A mail over {MAX_MIB} MiB" in docs
