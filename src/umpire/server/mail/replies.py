"""The texts the umpire sends by mail (pure: no Django, no I/O).

A reply to a mail is built from sections (receipt, report, press confirmations...) and ends
with the same footer. Rejections of a mail that is not authenticated say what the player can
check and nothing about any game or player.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from importlib import resources

from umpire.core.problems import Problem
from umpire.server.codes import masked
from umpire.server.mail.heading import Heading
from umpire.server.mail.parse import MailRequest, Rejection

FOOTER = "-- \nUmpire. Send HELP for the format of order mail.\n"

NOT_AUTHORISED = (
    "Your mail was not accepted: its heading does not match a seat held by the address it "
    "came from. Check the game number, the power (or player number) and the secret code in "
    "the heading (a sitter's: the sitter code mailed to him), and send it from the address "
    "registered on your profile. A mail with the "
    "single word LIST gives your games and their headings (the code masked).\n"
)

NO_JOIN = (
    "no forming game of that number is open to the account registered at this address (join "
    "from the address on your profile; LIST shows your games)"
)

NO_TAKEOVER = (
    "no running game of that number is open to the account registered at this address (take "
    "over from the address on your profile; the web's games needing a player lists them)"
)

NO_LEAVE = (
    "no game of that number is open to the account registered at this address (leave from "
    "the address on your profile; LIST shows your games)"
)

NO_HEADING = (
    "Your mail has no heading line, so the umpire cannot tell which game it is for. Begin "
    "the mail with a line such as\n\n    G-12 T-3 P-FRANCE C-<your secret code>\n\n"
    "Send a mail with the single word HELP for the whole format, or LIST for your games.\n"
)


def help_text() -> str:
    """The one-page format (``help.txt``, mirrored in docs/email.md)."""
    return resources.files("umpire.server.mail").joinpath("help.txt").read_text("utf-8")


@dataclass(slots=True)
class Reply:
    """One mail to send: the sections are joined by blank lines, the footer added."""

    to: str
    subject: str
    sections: list[str] = field(default_factory=list)
    in_reply_to: str = ""

    def add(self, text: str) -> None:
        if text.strip():
            self.sections.append(text.rstrip("\n") + "\n")

    @property
    def body(self) -> str:
        return "\n".join(self.sections) + "\n" + FOOTER


def reply_subject(request: MailRequest, what: str) -> str:
    """``Re: <the player's subject> [what]``. A heading written as the subject has its code
    masked there, as in every reply: a forwarded receipt does not give the code away."""
    subject = request.subject.strip()
    code = request.heading.code if request.heading else None
    if code:
        subject = re.sub(re.escape(code), masked(code), subject, flags=re.IGNORECASE)
    if subject and not subject.lower().startswith("re:"):
        return f"Re: {subject} [{what}]"
    return f"{subject} [{what}]" if subject else f"Umpire: {what}"


def when(moment: datetime | None) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC") if moment else "none (processed on demand)"


def deadline_of(deadline: datetime | None, *, paused: bool) -> str:
    """A game's deadline in words; a paused game has none, only the pause."""
    return "none while the game master has paused the game" if paused else when(deadline)


def rejection_text(rejection: Rejection) -> str:
    return f"Your mail was not read: {rejection.message}\n[{rejection.code}]\n"


def problems_text(problems: Sequence[Problem], intro: str) -> str:
    if not problems:
        return ""
    lines = [intro]
    lines.extend(f"  {p}" + (f": {p.text}" if p.text else "") for p in problems)
    return "\n".join(lines) + "\n"


def unread_text(quoted: int, attachments: Sequence[str]) -> str:
    """What of an authenticated player's mail was left unread on purpose (so that orders
    he put in a quotation or an attachment are not thought to be taken)."""
    parts = []
    if quoted:
        parts.append(f"{quoted} quoted line(s) (starting with >)")
    if attachments:
        parts.append(f"the attachment(s) {', '.join(attachments)}")
    if not parts:
        return ""
    return f"Not read: {'; '.join(parts)}. Only your own text in the mail itself is read.\n"


def heading_echo(heading: Heading) -> str:
    return f"Heading (line {heading.line}): game {heading.game}, turn {heading.turn}"


def receipt_text(
    receipt_text: str,
    *,
    count: int,
    deadline: str,
    ready: bool,
    warnings: Sequence[str] = (),
    replaced: int | None = None,
) -> str:
    """The engine's receipt plus the order count, the deadline and any warning; ``replaced``:
    how many orders stored before this mail it replaced (None: there were none)."""
    lines = [receipt_text.rstrip("\n")]
    lines.append(f"Orders counted: {count}.")
    if replaced is not None:
        lines.append(f"Note: {replaced_note(replaced, count)}")
    lines.append(f"Deadline: {deadline}.")
    if ready:
        lines.append("You are marked READY for this turn.")
    lines.extend(f"WARNING: {w}" for w in warnings)
    return "\n".join(lines) + "\n"


def replaced_note(earlier: int, count: int = 1) -> str:
    """The receipt's reminder that a new order mail (of ``count`` orders) replaces the
    ``earlier`` orders sent before."""
    if count == 0 and earlier:
        return f"this mail withdraws the {earlier} order(s) you sent earlier for this turn."
    if earlier == 0:
        return (
            "these orders replace your earlier mail for this turn, which had no orders "
            "(the last order mail counts, as a whole)."
        )
    return (
        f"these orders replace the {earlier} order(s) you sent earlier for this turn "
        "(the last order mail counts, as a whole)."
    )


def waiting_for(expected: Sequence[str]) -> str:
    """Said to a player the turn does not wait for (another power's choice, a phase of the
    combatants alone)."""
    who = ", ".join(expected) or "nobody"
    return f"This turn waits for orders from {who} only: you have none to give."


def kept_text(receipt_text: str, expected: Sequence[str] | None = None) -> str:
    """The reply to an order mail none of whose lines was accepted: nothing was changed (the
    receipt, ``receipt_text``, lists the orders that stand). ``expected``: the powers the turn
    waits for, when the sender is not one of them."""
    lines = [receipt_text.rstrip("\n")]
    lines.append("No line of this mail was accepted, so it changed nothing (READY included).")
    if expected is not None:
        lines.append(waiting_for(expected))
    return "\n".join(lines) + "\n"


def standing_text(earlier: Sequence[str] | None, turn: str) -> str:
    """What the player has stored for ``turn`` (words: "this turn", "turn 3") after a mail
    that changed nothing: ``earlier``, his latest orders (None: he has sent none)."""
    if earlier is None:
        return f"You have no orders stored for {turn}: send them again, corrected."
    if not earlier:
        return f"Your earlier mail for {turn}, with no orders, stands."
    listed = "".join(f"\n  {order}" for order in earlier)
    return f"Your earlier orders for {turn} stand ({len(earlier)}):{listed}"


def out_of_order_warning(
    this_date: datetime, earlier_date: datetime, earlier_received: datetime
) -> str:
    return (
        f"this mail is dated {when(this_date)}, earlier than the orders it replaces "
        f"(dated {when(earlier_date)}, received {when(earlier_received)}). The last mail "
        "received counts, so these orders now stand; if you meant the later-dated orders, "
        "send them again."
    )


def refused_text(what: str, code: str, message: str, link: str = "") -> str:
    """``what`` was refused, why, its code and (``link``) where the code is explained."""
    return f"{what} refused: {message} [{code}]{' ' + link if link else ''}\n"
