"""What became of one mail (:class:`Handled`: its code and its replies), and the two kinds
of reply: one to a sender not authenticated, which echoes nothing he sent, and one to a
player whose mail proved his seat."""

from __future__ import annotations

from dataclasses import dataclass, field

from umpire.server.mail import replies
from umpire.server.mail.parse import MailRequest


@dataclass(slots=True)
class Handled:
    """What became of one mail: a stable code and the replies sent (or to send)."""

    code: str
    replies: list[replies.Reply] = field(default_factory=list)
    message_id: str = ""
    # The replies answer a mail whose sender proved a seat (heading and code): only those
    # go out unlimited; every other reply counts against the address's hourly allowance.
    authenticated: bool = False


def open_reply(request: MailRequest, what: str) -> replies.Reply:
    """A reply to a sender who is not (yet) authenticated: it echoes nothing he sent (no
    Subject, no body), so a forged From cannot make the umpire relay text to a third party."""
    return replies.Reply(request.sender, f"Umpire: {what}")


def seat_reply(request: MailRequest, what: str) -> replies.Reply:
    """A reply to an authenticated player: it may quote his mail."""
    return replies.Reply(request.sender, replies.reply_subject(request, what))
