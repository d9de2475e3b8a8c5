"""Fuzzing the mail parser: any bytes give a request or a rejection, never an exception; the
orders of a well-formed mail come through whole, in order, on their own line numbers, however
the mail is encoded and whatever quoting and signature surround them."""

from __future__ import annotations

from email.message import EmailMessage
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from umpire.server.mail.command_lines import command_of
from umpire.server.mail.heading import parse_heading
from umpire.server.mail.parse import parse_mail

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.binary(max_size=3000))
def test_any_bytes_never_raise(raw: bytes) -> None:
    r = parse_mail(raw)
    assert r.message_id
    if r.rejection is None:
        assert r.sender  # a request that can be answered has an address to answer


HEADERS = st.lists(
    st.sampled_from(
        [
            b"From: ",
            b"Subject: ",
            b"Content-Type: ",
            b"Message-ID: ",
            b"Date: ",
            b"Content-Transfer-Encoding: ",
            b"MIME-Version: ",
        ]
    ),
    max_size=8,
)


@FUZZ
@given(HEADERS, st.lists(st.binary(max_size=80), max_size=8), st.binary(max_size=2000))
def test_header_shaped_bytes_never_raise(
    names: list[bytes], values: list[bytes], body: bytes
) -> None:
    head = b"".join(
        n + v.replace(b"\n", b" ") + b"\r\n" for n, v in zip(names, values, strict=False)
    )
    r = parse_mail(b"From: a@b.org\r\n" + head + b"\r\n" + body)
    assert r.message_id


WORD = st.text(
    alphabet=st.characters(blacklist_categories=("Zs", "Zl", "Zp", "Cc", "Cs")),
    min_size=1,
    max_size=8,
)
ORDER = (
    st.lists(WORD, min_size=1, max_size=5)
    .map(" ".join)
    .filter(
        lambda s: (
            command_of(s) is None
            and parse_heading(s, 0) is None
            and s.strip() == s.strip().strip("\x1c\x1d\x1e\x85")
            and not s.startswith(">")
            and s != "--"
            and not s.endswith("wrote:")
            and len(s.splitlines()) == 1
        )
    )
)
CODE = st.text(alphabet="0123456789abcdef", min_size=4, max_size=16)


@FUZZ
@given(
    game=st.integers(1, 10**6),
    turn=st.integers(1, 999),
    code=CODE,
    orders=st.lists(st.one_of(ORDER, st.just("")), min_size=1, max_size=15),
    quoted=st.lists(st.text(max_size=40), max_size=4),
    signature=st.text(max_size=60),
    encoding=st.sampled_from(["7bit", "quoted-printable", "base64", "8bit"]),
    html=st.booleans(),
    crlf=st.booleans(),
    charset=st.sampled_from(["utf-8", "iso-8859-1"]),
)
def test_orders_come_through_whole(
    game: int, turn: int, code: str, orders: list[str], quoted: list[str], signature: str,
    encoding: str, html: bool, crlf: bool, charset: str,
) -> None:  # fmt: skip
    lines = [f"G-{game} T-{turn} P-RED C-{code}", *orders]
    body_lines = [*lines, "On Monday someone wrote:"] if quoted else list(lines)
    body_lines += ["> " + " ".join(q.split()) for q in quoted]
    body_lines += ["-- ", signature.replace("\r", " ")]
    body = "\n".join(body_lines) + "\n"
    if crlf:
        body = body.replace("\n", "\r\n")
    msg = EmailMessage()
    msg["From"] = "Ann <ann@example.org>"
    msg["Message-ID"] = "<fuzz@example.org>"
    msg.set_content(body, charset=charset if body.isascii() else "utf-8", cte=encoding
                    if encoding != "7bit" or body.isascii() else "8bit")  # fmt: skip
    if html:
        msg.add_alternative("<p>take 9</p>", subtype="html")
    r = parse_mail(msg.as_bytes())
    assert r.rejection is None
    assert r.heading is not None
    assert (r.heading.game, r.heading.turn, r.heading.power, r.heading.code) == (
        str(game), turn, "RED", code)  # fmt: skip
    assert r.commands == [] and r.press == []
    expected = [(n, o.strip()) for n, o in enumerate(orders, start=2) if o.strip()]
    if not expected:
        assert r.orders is None
        return
    assert r.orders is not None
    got = [(n, ln) for n, ln in enumerate(r.orders.splitlines(), start=1) if ln]
    assert got == expected


# --- the handler over the database: a reply or a logged rejection, never a misapplied order --

NOISE = st.one_of(
    st.binary(max_size=40),
    st.sampled_from([b"\r\n", b"\n> ", b"\n-- \n", b"READY\n", b"PRESS TO BLUE\n", b"ORDERS\n",
                     b"\nT-1 ", b"C-", b"=\n", b"\xff", b"\n\n", b"Content-Type: text/html\n"]),
)  # fmt: skip


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])  # fmt: skip
@given(cuts=st.lists(st.tuples(st.integers(0, 10_000), NOISE), max_size=4))
def test_handler_never_raises_and_never_misapplies(
    table: Any, cuts: list[tuple[int, bytes]]
) -> None:
    from django.core import mail as django_mail

    from tests.server.mail.conftest import mail
    from umpire.server.mail.handler import handle
    from umpire.server.mail.models import InboundMail
    from umpire.server.models import Submission

    raw = mail("ann@example.org", f"{table.heading('RED')}\ntake 2\ntake 1\n")
    for at, noise in cuts:
        at %= len(raw) + 1
        raw = raw[:at] + noise + raw[at:]
    django_mail.outbox.clear()
    before = Submission.objects.count()
    result = handle(raw)
    request = parse_mail(raw)
    assert result.code
    logged = InboundMail.objects.filter(message_id=request.message_id).first()
    assert logged is not None  # every mail is logged (a copy is logged by its first reading)
    new = list(Submission.objects.order_by("id")[before:])
    assert len(new) <= 1
    if new:
        (row,) = new
        # Only the authentic seat, only for the turn it named, only the lines it sent.
        assert (row.power, row.turn, row.source) == ("RED", 1, "email")
        assert request.orders is not None and row.raw == request.orders
        receipts = [m for m in django_mail.outbox if "In-Reply-To" in m.extra_headers]
        assert len(receipts) == 1 and receipts[0].to == ["ann@example.org"]
        assert "Receipt:" in receipts[0].body
    if result.code == "mail/duplicate":
        assert not new and not django_mail.outbox
    for sent in django_mail.outbox:  # replies go to the sender only
        assert sent.to == [request.sender] or "press" in sent.subject
