"""The umpire's notices: reminders before a deadline and late notices after it
(:func:`send_notices`, run periodically; to a seat's holder, and to the sitter playing it that
day), the game master's actions told to the players, and seats offered to newcomers."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from umpire.server import absence, notify
from umpire.server.mail.models import turn_notice_key
from umpire.server.mail.news import (
    CODE_NOTE,
    SITTER_CODE_NOTE,
    address_of,
    game_url,
    heading_for,
    holders,
    mail_enabled,
    site,
    sitter_heading,
    tell,
    turn_named,
)
from umpire.server.mail.outbox import send
from umpire.server.mail.replies import FOOTER, when
from umpire.server.models import (
    Absence,
    AuditEntry,
    Game,
    GameStatus,
    Seat,
)
from umpire.server.outputs import PLAYER, Viewer, power_labels, present

NOTICE_BATCH = 500  # games per pass; the rest wait for the next pass


# --- reminders and late notices ---------------------------------------------------------------


def send_notices(now: datetime | None = None) -> int:
    """Reminders before the deadline and late notices after it, to players who have not
    submitted for the current turn; each at most once per seat and turn. The count sent.

    Only games whose ``notice_at`` has come are read (an indexed query: a game is due when
    someone it waits for has not submitted and its reminder time or deadline has passed);
    the current turn's status is read from the game row, never rebuilt from the record.
    """
    now = now or timezone.now()
    sent = 0
    due = Game.objects.filter(status=GameStatus.RUNNING, notice_at__lte=now)
    for game in due.order_by("notice_at")[:NOTICE_BATCH]:
        if game.deadline is None or not mail_enabled(game):
            Game.objects.filter(pk=game.pk, notice_at=game.notice_at).update(notice_at=None)
            continue
        waiting = set(game.expected) - set(game.submitted)
        late = now >= game.deadline
        with transaction.atomic():
            seats = holders(game)
            for seat in seats:
                if seat.power in waiting:
                    sent += _notice(game, seat, late=late, now=now)
            # A sitter playing a seat the turn waits for, on the day the notice goes out,
            # is told as well (his own notice and key): he is the one who can order now.
            for row, sat in absence.sitters(game, seats, now):
                if sat.power in waiting:
                    sent += _sitter_notice(game, sat, row, late=late, now=now)
            # Next: the late notices at the deadline; after them, nothing until the deadline
            # moves (extend, resume) or a new turn opens.
            after = None if late else game.deadline
            Game.objects.filter(pk=game.pk, notice_at=game.notice_at).update(notice_at=after)
    return sent


def _notice(game: Game, seat: Seat, *, late: bool, now: datetime) -> int:
    assert game.deadline is not None
    kind = "late" if late else "reminder"
    turn = turn_named(game.turn, game.label)
    if late:
        process = game.process_after or game.deadline
        text = (
            f"Your orders for G-{game.pk} {game.name}, {turn}, are late: the deadline "
            f"was {when(game.deadline)}. The turn is processed at {when(process)} or soon "
            "after; orders received before then still count. Without them, the game's own "
            "rules decide what your units do."
        )
    else:
        text = (
            f"No orders from you yet for G-{game.pk} {game.name}, {turn}. The deadline "
            f"is {when(game.deadline)} ({_left(game.deadline - now)} from now)."
        )
    body = f"{text}\n\nHeading for your orders: {heading_for(game, seat)}\n{CODE_NOTE}\n\n{FOOTER}"
    subject = f"G-{game.pk} {game.name}: {'LATE' if late else 'reminder'}, turn {game.turn}"
    # One reminder and one late notice per player and turn: pausing, resuming or extending
    # the deadline does not send them again (a rollback frees the keys: see _rolled_back).
    key = turn_notice_key(kind, game.pk, game.turn, seat.power)
    return tell(
        seat.user,
        "deadline",
        subject,
        body,
        mail_kind=kind,
        game=game,
        key=key,
        hook_text=f"{subject}\n{text}",
        turn=game.turn,
    )


def _sitter_notice(game: Game, seat: Seat, row: Absence, *, late: bool, now: datetime) -> int:
    """The reminder or late notice of ``seat`` to the sitter ``row`` names, in his words: the
    seat he sits, for whom and until when, and his own heading (his sitter code masked; never
    the seat's code)."""
    assert game.deadline is not None and row.sitter is not None
    kind = "late" if late else "reminder"
    turn = turn_named(game.turn, game.label)
    (named,) = power_labels(game, [seat.power])
    sits = f"the seat you sit for {row.user.username} until {row.end.isoformat()}"
    if late:
        process = game.process_after or game.deadline
        text = (
            f"The orders of {named} in G-{game.pk} {game.name}, {turn}, {sits}, are late: the "
            f"deadline was {when(game.deadline)}. The turn is processed at {when(process)} or "
            "soon after; orders received before then still count."
        )
    else:
        text = (
            f"No orders yet for {named} in G-{game.pk} {game.name}, {turn}, {sits}. The "
            f"deadline is {when(game.deadline)} ({_left(game.deadline - now)} from now)."
        )
    if row.sitter_code:
        heading = (f"Heading for the seat's orders: {sitter_heading(game, seat, row.sitter_code)}"
                   f"\n{SITTER_CODE_NOTE}")  # fmt: skip
    else:  # declared before sitter codes: he plays on the web or the API
        heading = "Send the seat's orders on the game's page."
    said = "LATE" if late else "reminder"
    subject = (f"G-{game.pk} {game.name}: {said}, turn {game.turn} "
               f"(you sit for {row.user.username})")  # fmt: skip
    key = turn_notice_key(kind, game.pk, game.turn, seat.power, sitter=row.sitter.pk)
    return tell(row.sitter, "deadline", subject, f"{text}\n\n{heading}\n\n{FOOTER}",
                mail_kind=kind, game=game, key=key, hook_text=f"{subject}\n{text}",
                turn=game.turn)  # fmt: skip


def _left(delta: timedelta) -> str:
    minutes = max(int(delta.total_seconds() // 60), 0)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


# --- what the game master does -------------------------------------------------------------

NOTICE_ACTIONS = (
    "pause", "resume", "extend", "replace", "end", "declare", "vote", "takeover", "away",
    "away_cancel", "leave", "settings",
)  # fmt: skip
# The seat changed hands: the new holder gets the welcome, the former holder a word of it
# (a player who left: nobody holds it now, and the game master is told who left).
HANDOVERS = ("replace", "takeover", "leave")
ENDINGS = ("end", "declare", "vote")  # the game is over: each player gets his last printout


def send_gm_notice(entry_id: int) -> int:
    """Tell the players of a pause, resume, extension, replacement, or of the end of the game
    (ended or a result declared by the game master, a draw or concession voted: with each
    player's last printout, which says the game is over); the count queued."""
    entry = AuditEntry.objects.filter(pk=entry_id).select_related("game").first()
    if entry is None or entry.game is None or not mail_enabled(entry.game):
        return 0
    game, details = entry.game, dict(entry.details)
    if entry.action in ("takeover_request", "takeover_refused"):
        return _takeover_asked(game, entry)
    text = _gm_text(game, entry.action, details)
    if not text:
        return 0
    sent = 0
    action = "game over" if entry.action in ENDINGS else entry.action.replace("_", " ")
    if entry.action == "leave":  # the players read what a seat the game master freed says
        action = "replace"
    subject = f"G-{game.pk} {game.name}: {action}"
    news = NOTICE_NEWS[entry.action]
    for seat in holders(game):
        if entry.action in HANDOVERS and seat.power == details.get("power"):
            continue  # the new holder gets the welcome mail instead
        if entry.action == "leave" and seat.user_id == game.gm_id:
            continue  # a game master who plays too: his own notice below says more
        body = f"{text}\n\n{_last_printout(game, seat) if entry.action in ENDINGS else ''}"
        sent += tell(seat.user, news, subject, f"{body.rstrip()}\n\n{FOOTER}",
                     mail_kind="notice", game=game, key=f"gm:{entry.pk}:{seat.power}",
                     hook_text=text, turn=game.turn)  # fmt: skip
    if entry.action in HANDOVERS and details.get("from"):
        old = User.objects.filter(username=details.get("from", "")).first()
        if old is not None:
            body = f"You no longer play {details.get('power')} in G-{game.pk} {game.name}."
            said = subject
            if entry.action == "leave":
                body = _left_text(game, details)
                said = f"G-{game.pk} {game.name}: you left {details.get('power')}"
            sent += tell(old, "game", said, f"{body}\n\n{FOOTER}", mail_kind="notice",
                         game=game, key=f"gm:{entry.pk}:former", hook_text=body)  # fmt: skip
        if details.get("to") == "vacant":
            sent += send_offers(game.pk, entry.pk)
    if entry.action == "leave" and game.gm is not None:
        sent += _tell_gm_of_leaving(game, entry)
    return sent


def _left_text(game: Game, details: dict[str, Any]) -> str:
    """What the player who left reads of it (he did it himself: a receipt)."""
    power = details.get("power")
    return (
        f"You left {power} in G-{game.pk} {game.name}: you no longer send its orders nor read "
        f"its printouts. {power} is offered to a new player; the orders stored for it this turn "
        "stand until the new player sends his own."
    )


def _tell_gm_of_leaving(game: Game, entry: AuditEntry) -> int:
    """The game master is told who left which power, and that it is offered to newcomers
    (the players are told only that it needs a new player)."""
    details = entry.details
    power, player = details.get("power", ""), details.get("from", "")
    (named,) = power_labels(game, [power])
    text = (
        f"{player} left {named} in G-{game.pk} {game.name} (by {details.get('source', 'web')}). "
        f"{named} has no player now: it is offered on the games needing a player, and you may "
        "hand it to a player or a bot yourself (replace, on the game's console)."
    )
    console = site(reverse("web:gm_game", args=[game.pk]))
    subject = f"G-{game.pk} {game.name}: {player} left {power}"
    return tell(game.gm, "replacement", subject, f"{text}\nThe console: {console}\n\n{FOOTER}",
                mail_kind="notice", game=game, key=f"gm:{entry.pk}:gm", hook_text=text,
                turn=game.turn)  # fmt: skip


# The kind of news (umpire.server.notify.KINDS) each game master's notice is.
NOTICE_NEWS = {"pause": "deadline", "resume": "deadline", "extend": "deadline",
               "replace": "replacement", "takeover": "replacement", "end": "game",
               "declare": "game", "vote": "game", "away": "deadline",
               "away_cancel": "deadline", "leave": "replacement",
               "settings": "game"}  # fmt: skip


def send_offers(game_id: int, entry_id: int = 0) -> int:
    """A seat offered in a public game, to everyone who asked for such news (the "seat" kind,
    off unless chosen) and is not in the game: a new game taking players (``entry_id`` 0),
    or a power the game master left without a player (his audit entry). The count mailed."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not game.public or not mail_enabled(game):
        return 0
    if entry_id:
        entry = AuditEntry.objects.filter(pk=entry_id, game=game).first()
        power = str(entry.details.get("power", "")) if entry is not None else ""
        if not power or game.status not in (GameStatus.RUNNING, GameStatus.PAUSED):
            return 0
        (named,) = power_labels(game, [power])
        text = (f"{named} in G-{game.pk} {game.name} ({game.game}, {game.scenario}) has no "
                "player: the game master looks for a replacement.")  # fmt: skip
    elif game.status == GameStatus.FORMING:
        text = (f"A new public game takes players: G-{game.pk} {game.name} ({game.game}, "
                f"{game.scenario}).")  # fmt: skip
    else:
        return 0
    return _offer_news(game, text, key=f"offer:{game.pk}:{entry_id}")


def send_missed_offer(game_id: int, seat_id: int) -> int:
    """A seat of a public game offered because its player missed turns in a row (the games
    needing a player), to everyone who asked for "seat" news and is not in the game."""
    seat = Seat.objects.filter(pk=seat_id, game_id=game_id).select_related("game").first()
    if seat is None or seat.offered_at is None or not seat.active:
        return 0  # taken over, or its player came back, before this was composed
    game = seat.game
    if not game.public or not mail_enabled(game) or game.status not in OPEN_GAMES:
        return 0
    (named,) = power_labels(game, [seat.power])
    text = (f"{named} in G-{game.pk} {game.name} ({game.game}, {game.scenario}) is offered to "
            "a new player: its player missed turns in a row. Take it over from the games "
            "needing a player.")  # fmt: skip
    return _offer_news(game, text, key=f"offer:{game.pk}:seat{seat.pk}:{seat.offered_at:%s}")


OPEN_GAMES = (GameStatus.RUNNING, GameStatus.PAUSED)


def _offer_news(game: Game, text: str, *, key: str) -> int:
    """``text``, news of the "seat" kind, to those who asked for it and are not in ``game``."""
    url = game_url(game)
    inside: set[int | None] = set(
        Seat.objects.filter(game=game, active=True).values_list("user_id", flat=True)
    )
    inside |= set(game.enrollments.values_list("user_id", flat=True)) | {game.gm_id}
    wanting = notify.users_wanting("seat", "email") | notify.users_wanting("seat", "webhook")
    subject = f"G-{game.pk} {game.name}: a seat is offered"
    body = f"{text}\n{('See ' + url) if url else 'See the lobby on the site.'}\n\n{FOOTER}"
    sent = 0
    for user in User.objects.filter(pk__in=[u for u in wanting if u not in inside]).order_by("pk"):
        sent += tell(user, "seat", subject, body, mail_kind="offer", game=game,
                     key=f"{key}:{user.pk}", hook_text=text)  # fmt: skip
    return sent


def _takeover_asked(game: Game, entry: AuditEntry) -> int:
    """A request to take over a seat, to the game master; his refusal, to the player."""
    power, player = entry.details.get("power", ""), entry.details.get("player", "")
    (named,) = power_labels(game, [power])
    name = f"G-{game.pk} {game.name}"
    if entry.action == "takeover_request":
        to = address_of(game.gm) if game.gm is not None else ""
        body = (
            f"{player} asks to take over {named} in {name}, offered to a new player.\n"
            f"Approve or refuse it on the game's console: {site(reverse('web:gm_game', args=[game.pk]))}"
        )
        subject = f"{name}: {player} asks to take over {named}"
    else:
        to = address_of(User.objects.filter(username=player).first())
        body = f"The game master refused your request to take over {named} in {name}."
        subject = f"{name}: takeover of {named} refused"
    return int(send(to, subject, f"{body}\n\n{FOOTER}", kind="notice", game=game,
                    key=f"gm:{entry.pk}:takeover"))  # fmt: skip


def _last_printout(game: Game, seat: Seat) -> str:
    """The seat holder's printout of the last turn of a game that has ended (none: ended
    before it started)."""
    if game.initial_state is None:
        return ""
    viewer = Viewer(PLAYER, seat.power, seat.user_id)
    return str(present(game, viewer, ("printout",))["printout"]["text"])


def _gm_text(game: Game, action: str, details: dict[str, Any]) -> str:
    name = f"G-{game.pk} {game.name}"
    if action == "pause":
        return f"The game master paused {name}. The deadline is stopped until the game resumes."
    if action == "resume":
        return f"The game master resumed {name}. Deadline: {when(game.deadline)}."
    if action == "extend":
        if game.status == GameStatus.PAUSED:
            return f"The game master extended the deadline of {name} (the game is paused)."
        return f"The game master extended the deadline of {name} to {when(game.deadline)}."
    if action in HANDOVERS:  # never why: the old player's reasons are his own
        if details.get("to") == "vacant":
            return f"{details.get('power')} in {name} has no player now: a replacement is needed."
        return f"{details.get('power')} in {name} has a new player."
    if action == "end":
        return f"The game master ended {name}. {details.get('summary', '')}".rstrip()
    if action in ("away", "away_cancel"):  # a player's absence: the sentence written for all
        return f"{name}: {details.get('text', '')}"
    if action == "settings":
        lines = settings_lines(dict(details.get("changes") or {}))
        if not lines:
            return ""
        text = f"The game master changed the settings of {name}:\n" + "\n".join(lines)
        if any(key.split(".")[0] in TIMING for key in details.get("changes") or {}):
            text += "\nThe deadline of the turn now running does not move."
        return text
    if action in ("declare", "vote"):
        how = "The game master declared the result of" if action == "declare" else "The vote ended"
        return f"{how} {name}: {details.get('summary', '')}. No more orders are taken."
    return ""


# --- a change of a game's settings (usecases.game_settings) --------------------------------

NEXT_DEADLINE = "from the next deadline set"
FROM_NOW = "from now on"
# Each setting a game master may change: what the players read it as, and when it applies.
SETTING_WORDS: dict[str, tuple[str, str]] = {
    "press": ("press", FROM_NOW),
    "anonymous_press": ("unsigned press allowed", FROM_NOW),
    "deadline.minutes": ("turn length", NEXT_DEADLINE),
    "deadline.by_kind": ("turn length by phase", NEXT_DEADLINE),
    "deadline.at": ("deadline time of day", NEXT_DEADLINE),
    "deadline.timezone": ("deadline time zone", f"{NEXT_DEADLINE}; absences' days at once"),
    "grace_minutes": ("processing waits after the deadline", NEXT_DEADLINE),
    "reminder_minutes": ("reminder before the deadline", FROM_NOW),
    "nmr": ("missing orders", "from the next turn processed, the current one included"),
    "away.policy": ("what a player's absence does", f"{NEXT_DEADLINE}; a sitter's access at once"),
    "away.limit_days": ("most days of moved deadlines per player", NEXT_DEADLINE),
    "offer_after_missed": ("a seat is offered after this many missed turns in a row", FROM_NOW),
    "takeover_approval": ("takeovers need the game master's approval", FROM_NOW),
    "open_bot_seats": ("newcomers may take over a bot's seat", FROM_NOW),
    "standby_pool": ("standbys come from the pool", FROM_NOW),
    "min_reliability": ("least reliability to join (%)", FROM_NOW),
    "max_missed": ("most missed turns to join", FROM_NOW),
}
TIMING = ("deadline", "grace_minutes", "away")
MINUTES = ("deadline.minutes", "grace_minutes", "reminder_minutes")
VALUE_WORDS = {
    "press": {"none": "none", "broadcast": "to all powers only", "full": "full"},
    "nmr": {"rules": "the game's own rules", "bot": "the game's bot writes them"},
    "away.policy": {
        "extend": "the deadline moves past it, within the limit",
        "standing": "standing orders and the game's defaults play",
        "sitter": "a sitter the player names sends the orders",
    },
}


def settings_lines(changes: dict[str, Any]) -> list[str]:
    """One line per changed setting, as every player reads it: what, now, was, from when."""
    lines = []
    for key, change in changes.items():
        label, since = SETTING_WORDS.get(key, (key, FROM_NOW))
        old, new = (_setting_value(key, change.get(k)) for k in ("old", "new"))
        lines.append(f"- {label}: {new} (was: {old}; {since})")
    return lines


def _setting_value(key: str, value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key in MINUTES:
        if key == "deadline.minutes" and not value:
            return "no deadline (the game master processes each turn)"
        return _duration(float(value))
    if key == "deadline.by_kind":
        kinds = dict(value)
        return ", ".join(f"{k} {_duration(float(m))}" for k, m in kinds.items()) or "none"
    return VALUE_WORDS.get(key, {}).get(str(value), str(value))


def _duration(minutes: float) -> str:
    whole = int(minutes)
    hours, rest = divmod(whole, 60)
    if not hours:
        return f"{whole} min"
    return f"{hours} h" + (f" {rest:02d} min" if rest else "")
