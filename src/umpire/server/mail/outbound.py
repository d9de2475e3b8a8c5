"""Mail the umpire sends on its own: printouts after a turn, press, welcomes, the game
master's notices, reminders and late notices.

Everything a player reads about a game is taken from :func:`umpire.server.outputs.present`
for that player's :class:`~umpire.server.outputs.Viewer` (the one view choke point); this
module only addresses it and puts it in the outbox (:mod:`umpire.server.mail.outbox`).

Notifications are explicit: the use case that causes the news (a processed turn, press, a
new seat, a game-master action) calls :func:`turn_processed`, :func:`press_sent`,
:func:`seat_taken` or :func:`gm_acted` inside its transaction; each queues a
:data:`compose_mail` task, whose row is written in that transaction, so the mails exist
exactly when the change does (a rolled-back use case queues nothing). No model signal is
involved. This is what ``transaction.on_commit`` would give, and durable: the task backend
stores tasks in the database, so the row commits with the change, where an on-commit hook
would lose the mail if the process died between the commit and the hook. :func:`send_notices` (reminders and late notices) must be run periodically: the
entrances run it after each pass, and a worker may call it on every tick.

Each notice has a key (``printout:<turn row>:<power>``...) stored in
:class:`~umpire.server.mail.models.OutboundMail`, so that it is sent once only.

Every piece of news goes out through :func:`tell` (issue 31): it goes to each channel its
person chose for its kind (:mod:`umpire.server.notify`), by mail and by webhook
(:mod:`umpire.server.hooks`); the post carries the text of that person's own mail.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django_tasks import task

from umpire.core import session
from umpire.server import notify, packets
from umpire.server.accounts import verified_address
from umpire.server.codes import masked
from umpire.server.hooks import outbox as hooks
from umpire.server.mail.models import OutboundMail
from umpire.server.mail.outbox import Attachment, binary_attachment, send
from umpire.server.mail.replies import FOOTER, deadline_of, waiting_for, when
from umpire.server.models import (
    AuditEntry,
    Game,
    GameStatus,
    Message,
    Profile,
    Seat,
    Submission,
    Turn,
)
from umpire.server.outputs import PLAYER, Viewer, message_number, power_labels, present
from umpire.server.store import load_record, load_tail
from umpire.server.web.maps import map_svg

log = logging.getLogger("umpire.mail")

NOTICE_BATCH = 500  # games per pass; the rest wait for the next pass


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


def _holders(game: Game) -> list[Seat]:
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


# --- after a turn ---------------------------------------------------------------------------


def send_printouts(game_id: int, turn_row_id: int) -> int:
    """Each seat holder's printout of the turn just processed; the count sent."""
    game = Game.objects.filter(pk=game_id).first()
    turn = Turn.objects.filter(pk=turn_row_id).only("pk", "game_id", "number", "label").first()
    if game is None or turn is None or not mail_enabled(game):
        return 0
    sent = 0
    for seat in _holders(game):
        wanted = notify.channels(seat.user, "turn")
        if not wanted or (wanted == {"email"} and not address_of(seat.user)):
            continue  # nothing to send him: his printout is not even made
        viewer = Viewer(PLAYER, seat.power, seat.user_id)
        text = present(game, viewer, ("printout",), turn=turn.number)["printout"]["text"]
        body = [text.rstrip("\n"), ""]
        if game.status == GameStatus.FINISHED:
            summary = (game.outcome or {}).get("summary", "")
            body.append(f"The game is over. {summary}".rstrip())
            after = body[-1]
        elif seat.power in (game.expected or []):
            after = f"Next deadline: {when(game.deadline)}"
            body.append(after)
            body.append(f"Heading for your next orders: {heading_for(game, seat)}")
            body.append(CODE_NOTE)
        else:  # a turn of other powers only: no "orders" asked of him (press, REPORT still)
            after = f"Next deadline: {when(game.deadline)}"
            body.append(waiting_for(power_labels(game, game.expected or [])))
            body.append(after)
            body.append(f"Heading for press and commands: {heading_for(game, seat)}")
            body.append(CODE_NOTE)
        named = power_labels(game, [seat.power])[0]  # "England (ENG)", as the receipts say
        subject = f"G-{game.pk} {game.name}: printout, {_heading(text, turn.label)}, {named}"
        key = f"printout:{turn.pk}:{seat.power}"
        wants_maps, wants_packet = _wants_maps(seat.user), _wants_packets(seat.user)

        def attached(
            v: Viewer = viewer, power: str = seat.power, maps: bool = wants_maps,
            packet: bool = wants_packet,
        ) -> list[Attachment]:  # fmt: skip
            found = _turn_map(game, v, turn.number) if maps else []
            if packet:
                found.append(_turn_packet(game, power, turn.number))
            return found

        hook_text = f"{subject}\n{after}\n\n{text.rstrip()}"
        sent += tell(seat.user, "turn", subject, "\n".join(body) + "\n\n" + FOOTER,
                     mail_kind="printout", game=game, key=key, hook_text=hook_text,
                     turn=turn.number,
                     attachments=attached if wants_maps or wants_packet else None)  # fmt: skip
    sent += send_newspaper(game, turn)
    return sent


def _heading(printout: str, label: str) -> str:
    """What the subject of a printout mail says: the printout's own first line, the turn
    played and the one due (``Table.heading``), so that subject and body say the same; for a
    printout stored before printouts had that heading, the turn played."""
    first = printout.split("\n", 1)[0]
    return first if first.startswith("Results of ") else f"Results of {label}"


def _wants_maps(user: Any) -> bool:
    """The player's choice (``Profile.mail_maps``; an account without a profile: no)."""
    try:
        return bool(user.profile.mail_maps)
    except Profile.DoesNotExist:
        return False


def _wants_packets(user: Any) -> bool:
    """The player's choice (``Profile.mail_packets``; an account without a profile: no)."""
    try:
        return bool(user.profile.mail_packets)
    except Profile.DoesNotExist:
        return False


def _turn_packet(game: Game, power: str, number: int) -> Attachment:
    """The power's postal packet of turn ``number`` (:mod:`umpire.server.packets`: his
    printout, map, receipt and order form, read as his viewer)."""
    name = f"G-{game.pk}-turn-{number}-{power}.pdf"
    return binary_attachment(name, "application/pdf", packets.packet(game, power, number))


def _turn_map(game: Game, viewer: Viewer, number: int) -> list[Attachment]:
    """The map of turn ``number`` as this viewer's game page shows it: the game's own drawing
    (:func:`umpire.server.web.maps.map_svg`) of what ``present`` gives this viewer, never a
    map of another power's view; nothing where the game draws no map."""
    try:
        data = present(game, viewer, ("view", "events"), turn=number)
    except session.SessionError:  # nothing this viewer may see: no map
        return []
    svg = map_svg(game.game, (data.get("view") or {}).get("view"),
                  (data.get("events") or {}).get("events"))  # fmt: skip
    if svg is None:
        return []
    name = f"G-{game.pk}-turn-{number}-{viewer.power}.svg"
    return [Attachment(name=name, mimetype="image/svg+xml", content=svg)]


def send_newspaper(game: Game, turn: Turn) -> int:
    """The turn's newspaper, where the game has one (the optional ``newspaper`` of the
    contract, through :func:`umpire.core.session.newspaper`: public events only)."""
    # The latest turn's tail holds its state and events; an older turn needs the record.
    latest = turn.number == game.turn - 1
    text = session.newspaper(load_tail(game, pending=False) if latest else load_record(game),
                             turn=turn.number)  # fmt: skip
    if not text:
        return 0
    sent = 0
    for seat in _holders(game):
        subject = f"G-{game.pk} {game.name}: newspaper, {turn.label}"
        if "email" not in notify.channels(seat.user, "turn"):
            continue  # the newspaper goes with the printouts; public, it is not posted
        sent += send(address_of(seat.user), subject, text.rstrip("\n") + "\n\n" + FOOTER,
                     kind="newspaper", game=game, key=f"news:{turn.pk}:{seat.power}")  # fmt: skip
    return sent


def send_welcome(seat_id: int) -> int:
    """A new seat holder's secret code, heading and opening printout (1: sent)."""
    seat = Seat.objects.filter(pk=seat_id).select_related("game", "user").first()
    if seat is None or seat.user is None or not seat.active or seat.is_bot:
        return 0
    game = seat.game
    if not mail_enabled(game) or game.initial_state is None:
        return 0
    viewer = Viewer(PLAYER, seat.power, seat.user_id)
    record_turn = max(game.turn - 1, 0)
    text = present(game, viewer, ("printout",), turn=record_turn)["printout"]["text"]
    (named,) = power_labels(game, [seat.power])
    body = (
        f"You play {named} in G-{game.pk} {game.name}.\n"
        f"Your secret code: {seat.secret_code} (keep it to yourself).\n"
        f"{_due_now(game, seat)}\n{_earlier(game, record_turn)}\n{text.rstrip()}\n\n"
    )
    subject = f"G-{game.pk} {game.name}: you play {named}"
    key = f"welcome:{seat.pk}"
    # The welcome mail carries the seat's code: it is always mailed, whatever the choices;
    # the "game" webhook post says only which power and when orders are due (never the code).
    sent = int(send(address_of(seat.user), subject, body + FOOTER, kind="welcome", game=game,
                    key=key))  # fmt: skip
    if "webhook" in notify.channels(seat.user, "game"):
        deadline = deadline_of(game.deadline, paused=game.status == GameStatus.PAUSED)
        hook_text = (f"{subject}: {turn_named(game.turn, game.label)}, deadline {deadline}."
                     "\nYour seat code came by mail.")  # fmt: skip
        hooks.queue(seat.user, "game", hook_text, game=game, turn=game.turn,
                    url=game_url(game), key=key)  # fmt: skip
    return sent


def _earlier(game: Game, last: int) -> str:
    """Where a player who takes a seat in a game under way reads the seat's earlier printouts
    (the welcome carries the latest): every one is on the game page's history, and any one
    comes by mail with REPORT and its turn number."""
    if last <= 0:
        return ""
    page = _site(reverse("web:turn", args=[game.pk, 0]))
    return (
        f"This seat's printouts of turns 0 to {last - 1} (what it was told before you took it) "
        f"are on the game page's history, from {page}, and each comes by mail: send "
        "REPORT <turn> after your heading. Its latest one follows.\n"
    )


HEADING_TURNS = (
    "Begin every mail to this game with this heading. Its T- is the turn your mail answers: "
    "it goes up as the game goes on, the rest stays the same (each printout gives the heading "
    "for its next turn)."
)


def _due_now(game: Game, seat: Seat) -> str:
    """The welcome's word on orders: whether the current turn waits for this power's (in
    games where whose turn it is differs, as Conquest's or SPI's, it may not), its deadline,
    and the heading to use, with how its turn number changes."""
    turn = turn_named(game.turn, game.label)
    deadline = deadline_of(game.deadline, paused=game.status == GameStatus.PAUSED)
    heading = heading_for(game, seat, full=True)
    if seat.power in (game.expected or []):
        return (
            f"Orders are due from you now, for {turn}; deadline: {deadline}.\n"
            f"Heading for your orders: {heading}\n{HEADING_TURNS}"
        )
    return (
        f"No orders are due from you now: {turn} waits for orders from "
        f"{', '.join(game.expected or []) or 'nobody'} only (deadline: {deadline}).\n"
        "After each turn your printout says whether orders are due from you, and by when.\n"
        f"Heading for press and commands now: {heading}\n{HEADING_TURNS}"
    )


def send_new_code(seat: Seat, *, by: str) -> int:
    """The seat's new secret code, to the holder's verified address only (1: queued)."""
    game = seat.game
    if seat.user is None or seat.is_bot or not seat.active:
        return 0
    (named,) = power_labels(game, [seat.power])
    body = (
        f"Your seat code for {named} in G-{game.pk} {game.name} was replaced ({by}).\n"
        f"Your new secret code: {seat.secret_code} (keep it to yourself).\n"
        "The old code no longer works: mail with it is refused.\n"
        f"Heading for your orders: {heading_for(game, seat, full=True)}\n\n"
        "If you did not ask for this, someone who knew your old code did: this new code\n"
        "was sent only to you.\n\n"
    )
    subject = f"G-{game.pk} {game.name}: new seat code for {named}"
    return int(send(address_of(seat.user), subject, body + FOOTER, kind="code", game=game))


# --- press --------------------------------------------------------------------------------


def deliver_press(message_id: int) -> int:
    """The press message to each recipient, as that recipient may read it; the count sent."""
    message = Message.objects.filter(pk=message_id).select_related("game").first()
    if message is None or not mail_enabled(message.game):
        return 0
    game = message.game
    sent = 0
    for seat in _holders(game):
        if seat.power == message.sender_power:
            continue
        if not (message.to_all or seat.power in message.recipients):
            continue
        viewer = Viewer(PLAYER, seat.power, seat.user_id)
        number = message_number(game, viewer, message)
        shown = [m for m in present(game, viewer, ("messages",))["messages"]
                 if m["id"] == number]  # fmt: skip
        if not shown:
            continue
        item = shown[0]
        author = power_labels(game, [item["from"]])[0] if item["from"] else "Anonymous"
        to = "all powers" if item["to"] == "all" else ", ".join(power_labels(game, item["to"]))
        body = f"Press in G-{game.pk} {game.name}, from {author} to {to}:\n\n{item['text']}\n"
        reply = f"\nTo answer, write a mail with your heading and a line PRESS TO {author}.\n"
        if item["from"] is None:
            reply = ""
        subject = f"G-{game.pk} {game.name}: press from {author}"
        sent += tell(seat.user, "press", subject, body + reply + "\n" + FOOTER,
                     mail_kind="press", game=game, key=f"press:{message.pk}:{seat.power}",
                     hook_text=body, turn=game.turn)  # fmt: skip
    return sent


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
            for seat in _holders(game):
                if seat.power in waiting:
                    sent += _notice(game, seat, late=late, now=now)
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
    key = f"{kind}:{game.pk}:{game.turn}:{seat.power}"
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


def _left(delta: timedelta) -> str:
    minutes = max(int(delta.total_seconds() // 60), 0)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


# --- what the game master does -------------------------------------------------------------

NOTICE_ACTIONS = (
    "pause", "resume", "extend", "replace", "end", "declare", "vote", "takeover", "away",
    "away_cancel",
)  # fmt: skip
# The seat changed hands: the new holder gets the welcome, the former holder a word of it.
HANDOVERS = ("replace", "takeover")
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
    subject = f"G-{game.pk} {game.name}: {action}"
    news = NOTICE_NEWS[entry.action]
    for seat in _holders(game):
        if entry.action in HANDOVERS and seat.power == details.get("power"):
            continue  # the new holder gets the welcome mail instead
        body = f"{text}\n\n{_last_printout(game, seat) if entry.action in ENDINGS else ''}"
        sent += tell(seat.user, news, subject, f"{body.rstrip()}\n\n{FOOTER}",
                     mail_kind="notice", game=game, key=f"gm:{entry.pk}:{seat.power}",
                     hook_text=text, turn=game.turn)  # fmt: skip
    if entry.action in HANDOVERS and details.get("from"):
        old = User.objects.filter(username=details.get("from", "")).first()
        if old is not None:
            body = f"You no longer play {details.get('power')} in G-{game.pk} {game.name}."
            sent += tell(old, "game", subject, f"{body}\n\n{FOOTER}", mail_kind="notice",
                         game=game, key=f"gm:{entry.pk}:former", hook_text=body)  # fmt: skip
        if details.get("to") == "vacant":
            sent += send_offers(game.pk, entry.pk)
    return sent


# The kind of news (umpire.server.notify.KINDS) each game master's notice is.
NOTICE_NEWS = {"pause": "deadline", "resume": "deadline", "extend": "deadline",
               "replace": "replacement", "takeover": "replacement", "end": "game",
               "declare": "game", "vote": "game", "away": "deadline",
               "away_cancel": "deadline"}  # fmt: skip


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
            f"Approve or refuse it on the game's console: {_site(reverse('web:gm_game', args=[game.pk]))}"
        )
        subject = f"{name}: {player} asks to take over {named}"
    else:
        to = address_of(User.objects.filter(username=player).first())
        body = f"The game master refused your request to take over {named} in {name}."
        subject = f"{name}: takeover of {named} refused"
    return int(send(to, subject, f"{body}\n\n{FOOTER}", kind="notice", game=game,
                    key=f"gm:{entry.pk}:takeover"))  # fmt: skip


def _site(path: str) -> str:
    """``path`` on the site as players reach it (``UMPIRE_SITE_URL``), or the path alone."""
    return f"{settings.UMPIRE_SITE_URL}{path}"


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
    if action in ("declare", "vote"):
        how = "The game master declared the result of" if action == "declare" else "The vote ended"
        return f"{how} {name}: {details.get('summary', '')}. No more orders are taken."
    return ""


# --- notifications: called by the use cases, in their transaction -------------------------


@task(queue_name="mail")
def compose_mail(what: str, *ids: int) -> int:
    """Write the mails one change causes into the outbox (printouts, press, notices)."""
    return compose(what, *ids)


def _compose(what: str, *ids: int) -> None:
    """Queue the composing of mails (in the caller's transaction: durable with the change)."""
    compose_mail.enqueue(what, *ids)


def send_sitter_receipt(game_id: int, turn: int, seat_id: int) -> int:
    """The seat holder's copy of the orders his sitter sent for his power (the sitter reads
    the receipt on his page): the orders that now stand, and any problems."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not mail_enabled(game):
        return 0
    seat = next((s for s in _holders(game) if s.pk == seat_id), None)
    if seat is None:
        return 0
    power = seat.power
    sub = (
        Submission.objects.filter(game=game, turn=turn, power=power, void=False)
        .select_related("user")
        .order_by("-id")
        .first()
    )
    if sub is None or sub.user is None:
        return 0
    lines = [
        f"{sub.user.username}, sitting for you, sent orders for {power} in G-{game.pk} "
        f"{game.name} (turn {turn}):",
        "",
        *(f"  {order}" for order in sub.orders),
    ]
    if not sub.orders:
        lines.append("  (no order accepted)")
    if sub.problems:
        lines += ["", "Problems:"]
        lines += [f"  line {p.get('line')}: {p.get('message')}" for p in sub.problems]
    subject = f"G-{game.pk} {game.name}: orders from your sitter ({power})"
    return send(address_of(seat.user), subject, "\n".join(lines) + "\n\n" + FOOTER,
                kind="receipt", game=game, key=f"sitter:{sub.pk}")  # fmt: skip


COMPOSERS: dict[str, Any] = {
    "printouts": send_printouts,
    "press": deliver_press,
    "welcome": send_welcome,
    "gm": send_gm_notice,
    "sitter": send_sitter_receipt,
    "offers": send_offers,
    "missed_offer": send_missed_offer,
}


def compose(what: str, *ids: int) -> int:
    """Run one composer (the mail worker's task); the count of mails queued."""
    return int(COMPOSERS[what](*ids))


def turn_processed(game: Game, turn: Turn) -> None:
    """A turn was processed: each seat holder's printout (and the newspaper). A game without
    mail queues nothing (the composer would send nothing)."""
    if mail_enabled(game):
        _compose("printouts", game.pk, turn.pk)


def press_sent(message: Message) -> None:
    """Press was sent: to each recipient, as that recipient may read it."""
    _compose("press", message.pk)


def sitter_submitted(game: Game, turn: int, seat: Seat) -> None:
    """A sitter sent orders for an absent player's seat: its holder gets a copy."""
    if mail_enabled(game):
        _compose("sitter", game.pk, turn, seat.pk)


def seat_offered(seat: Seat) -> None:
    """A seat was offered because its player missed turns: news for those who asked."""
    if seat.game.public and notify.anyone_wants("seat"):
        _compose("missed_offer", seat.game_id, seat.pk)


def seat_taken(seat: Seat) -> None:
    """A player took a seat: his welcome (code, heading, opening printout)."""
    if seat.user_id is not None:
        _compose("welcome", seat.pk)


def takeover_requested(entry: AuditEntry) -> None:
    """A player asked to take over an offered seat: his request, to the game master."""
    _compose("gm", entry.pk)


def game_created(game: Game) -> None:
    """A game was created: a public one offers its seats to those who asked for such news."""
    if game.public and mail_enabled(game) and notify.anyone_wants("seat"):
        _compose("offers", game.pk)


def gm_acted(entry: AuditEntry) -> None:
    """The game master acted, or a vote ended the game (its audit entry): the players are told
    of a pause, resume, extension, replacement or end; a rollback frees the reopened turn's
    reminder keys."""
    if entry.game_id is None:
        return
    if entry.action in (*NOTICE_ACTIONS, "takeover_refused"):
        _compose("gm", entry.pk)
    elif entry.action == "rollback":
        _rolled_back(entry.game_id, int(entry.details.get("undone", 0)))


def _rolled_back(game_id: int, turn: int) -> None:
    """The reopened turn may be reminded again: free its reminder and late-notice keys."""
    for kind in ("reminder", "late"):
        OutboundMail.objects.filter(key__startswith=f"{kind}:{game_id}:{turn}:").update(key=None)


def recipients_of(game: Game, powers: Sequence[str]) -> list[str]:
    return [address_of(s.user) for s in _holders(game) if s.power in powers]
