"""Which channels each person wants each kind of news on (issue 31).

A kind of news is one of :data:`KINDS`; a channel one of :data:`CHANNELS` (mail to his
confirmed address, a post to each of his webhooks). A person's choices are rows of
:class:`~umpire.server.models.NotifyChoice`; where he made none the default holds
(:data:`DEFAULTS`): mail for the kinds the umpire mailed before there were channels, so an
account that never opens the table is mailed as before, and no webhook post until he asks for
one. :mod:`umpire.server.mail.outbound` asks :func:`wants` before each mail or post it makes.

The iCalendar feed of deadlines and the games' Atom feeds are read, not sent: they are not
channels here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction

from umpire.server.models import NotifyChoice

#: kind -> what the account page calls it.
KINDS: dict[str, str] = {
    "turn": "A turn of my game was processed (my printout)",
    "deadline": "A deadline nears or passes, or moves (reminders, late notices, pause, resume)",
    "press": "Press sent to me",
    "game": "My game started (my seat), changed its settings, or ended",
    "replacement": "A power in my game changes hands or needs a replacement",
    "seat": "A seat is offered in a public game (a new game, or a power left without a player)",
}
CHANNELS: dict[str, str] = {"email": "Mail", "webhook": "Webhooks"}
#: The channels on where the person chose nothing: mail for what was mailed before channels.
DEFAULTS: frozenset[tuple[str, str]] = frozenset(
    {("turn", "email"), ("deadline", "email"), ("press", "email"), ("game", "email"),
     ("replacement", "email")}
)  # fmt: skip


def choices_of(user: Any) -> dict[tuple[str, str], bool]:
    """Every (kind, channel) of this person: on or off (his choice, else the default)."""
    table = {(k, c): (k, c) in DEFAULTS for k in KINDS for c in CHANNELS}
    if user is None or getattr(user, "pk", None) is None:
        return table
    for kind, channel, on in NotifyChoice.objects.filter(user=user).values_list(
        "kind", "channel", "on"
    ):
        if (kind, channel) in table:
            table[(kind, channel)] = on
    return table


def wants(user: Any, kind: str, channel: str) -> bool:
    """Whether this person wants news of ``kind`` on ``channel``."""
    if kind not in KINDS or channel not in CHANNELS:
        raise ValueError(f"no news kind {kind!r} on channel {channel!r}")
    if user is None or getattr(user, "pk", None) is None:
        return False
    row = NotifyChoice.objects.filter(user=user, kind=kind, channel=channel).first()
    return row.on if row is not None else (kind, channel) in DEFAULTS


def channels(user: Any, kind: str) -> set[str]:
    """The channels this person wants news of ``kind`` on (one query)."""
    if kind not in KINDS:
        raise ValueError(f"no news kind {kind!r}")
    if user is None or getattr(user, "pk", None) is None:
        return set()
    chosen = {c: (kind, c) in DEFAULTS for c in CHANNELS}
    for channel, on in NotifyChoice.objects.filter(user=user, kind=kind).values_list(
        "channel", "on"
    ):
        if channel in chosen:
            chosen[channel] = on
    return {c for c, on in chosen.items() if on}


def set_choices(user: Any, chosen: Mapping[tuple[str, str], bool]) -> None:
    """Store the person's choices (unknown kinds or channels are refused with ValueError);
    a choice equal to the default is stored too, so a later change of the defaults does not
    change what he chose."""
    for kind, channel in chosen:
        if kind not in KINDS or channel not in CHANNELS:
            raise ValueError(f"no news kind {kind!r} on channel {channel!r}")
    with transaction.atomic():
        for (kind, channel), on in chosen.items():
            NotifyChoice.objects.update_or_create(
                user=user, kind=kind, channel=channel, defaults={"on": bool(on)}
            )


def anyone_wants(kind: str) -> bool:
    """Whether anyone turned ``kind`` on for some channel (for a kind off by default: whether
    there is anyone to tell at all)."""
    return NotifyChoice.objects.filter(kind=kind, on=True).exists()


def users_wanting(kind: str, channel: str, among: Iterable[int] | None = None) -> set[int]:
    """The ids of the accounts that want ``kind`` on ``channel`` and said so (a kind whose
    default is off: the ones who turned it on); ``among`` limits the search."""
    rows = NotifyChoice.objects.filter(kind=kind, channel=channel, on=True)
    if among is not None:
        rows = rows.filter(user_id__in=list(among))
    return set(rows.values_list("user_id", flat=True))
