"""What every mail the umpire sends on its own shares: the one place each piece of news goes
out (:func:`tell`: by mail and by webhook, as its person chose), a person's address, a seat's
heading (and a sitter's), the game's page, a turn's name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.conf import settings

from umpire.server import notify
from umpire.server.accounts import verified_address
from umpire.server.codes import masked
from umpire.server.hooks import outbox as hooks
from umpire.server.mail.outbox import Attachment, send
from umpire.server.models import (
    Game,
    Seat,
)


def address_of(user: Any) -> str:
    """The account's *verified* address, or "" (no mail at all): a seat code, a printout or
    press never goes to an address its account has not proven it owns."""
    return verified_address(user)


def mail_enabled(game: Game) -> bool:
    return bool(game.setting("email", True))


def heading_for(game: Game, seat: Seat, *, full: bool = False) -> str:
    """The heading of the seat's next order mail. The code is printed in full only in the
    welcome and new-code mails (``full``); everywhere else it is masked (``C-5f**************``),
    so that one leaked printout, reminder or listing does not give it away."""
    code = seat.secret_code if full else masked(seat.secret_code)
    return f"G-{game.pk} T-{game.turn} P-{seat.power} C-{code}"


CODE_NOTE = (
    "(The code is masked: use the one from your welcome or new-code mail, or from the game's "
    "web page. Send NEWCODE after your heading for a new one.)"
)


SITTER_CODE_NOTE = (
    "(The code is masked: use the sitter code from the mail that named you sitter. It is "
    "yours, not the seat's: the player you sit for keeps his own.)"
)


def sitter_heading(game: Game, seat: Seat, code: str, *, full: bool = False) -> str:
    """The heading of a sitter's order mail for ``seat``: the seat's, with his sitter code
    in place of the seat's (masked except in the mail that gives it to him). Never the
    seat's own code, not even masked."""
    return f"G-{game.pk} T-{game.turn} P-{seat.power} C-{code if full else masked(code)}"


def holders(game: Game) -> list[Seat]:
    seats = Seat.objects.filter(game=game, active=True, is_bot=False, user__isnull=False)
    return list(seats.select_related("user", "user__profile").order_by("power"))


# --- the one place every piece of news goes out -----------------------------------------------


def tell(
    user: Any, news: str, subject: str, body: str, *, mail_kind: str, game: Game | None,
    key: str | None = None, hook_text: str = "", turn: int | None = None,
    attachments: Callable[[], list[Attachment]] | None = None,
) -> int:  # fmt: skip
    """Send one person one piece of news of kind ``news`` (:data:`umpire.server.notify.KINDS`)
    on each channel he chose for it: the mail ``subject``/``body`` to his confirmed address,
    and ``hook_text`` (his mail's news without its heading and code; the subject when
    empty) to each of his webhooks. Both are made from what this person's mail carries, never
    more. The count of mails queued (posts are counted in their outbox)."""
    chosen = notify.channels(user, news)
    sent = 0
    if "email" in chosen:
        to = address_of(user)
        if to:
            extra = attachments() if attachments is not None else []
            sent += send(to, subject, body, kind=mail_kind, game=game, key=key, attachments=extra)
    if "webhook" in chosen:
        url = game_url(game) if game is not None else ""
        hooks.queue(user, news, hook_text or subject, game=game, turn=turn, url=url, key=key)
    return sent


def game_url(game: Game) -> str:
    """The game's page, made absolute with ``UMPIRE_SITE_URL`` ("" when that is not set)."""
    site = settings.UMPIRE_SITE_URL
    return f"{site}/games/{game.pk}/" if site else ""


def turn_named(number: int, label: str) -> str:
    """The turn as a notice names it: its number and the game's own label for it, the
    number said once: "turn 3 (Fall 1901 movement)", "turn 2 (1934)" (label "Turn 2 (1934)"),
    "turn 5: RED has the attack option", "turn 1" (label "Turn 1")."""
    head = f"turn {number}"
    said = label.strip()
    if not said or said.lower() == head:
        return head
    if said.lower().startswith((f"{head} ", f"{head}:")):
        return head + said[len(head) :]
    return f"{head} ({said})"


def site(path: str) -> str:
    """``path`` on the site as players reach it (``UMPIRE_SITE_URL``), or the path alone."""
    return f"{settings.UMPIRE_SITE_URL}{path}"


def recipients_of(game: Game, powers: Sequence[str]) -> list[str]:
    return [address_of(s.user) for s in holders(game) if s.power in powers]
