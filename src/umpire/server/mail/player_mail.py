"""The mails a player gets about his own seat: the printouts after a turn (with the map or the
postal packet he asked for), the newspaper, the welcome, a new seat code, press, and the copy
of the orders his sitter sent; and a sitter's code and the printouts of the seat he sits."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from umpire.core import session
from umpire.server import absence, notify, packets
from umpire.server.hooks import outbox as hooks
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
from umpire.server.mail.outbox import Attachment, binary_attachment, send
from umpire.server.mail.replies import FOOTER, deadline_of, waiting_for, when
from umpire.server.models import (
    Absence,
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

# --- after a turn ---------------------------------------------------------------------------


def send_printouts(game_id: int, turn_row_id: int) -> int:
    """Each seat holder's printout of the turn just processed; the count sent."""
    game = Game.objects.filter(pk=game_id).first()
    turn = Turn.objects.filter(pk=turn_row_id).only("pk", "game_id", "number", "label").first()
    if game is None or turn is None or not mail_enabled(game):
        return 0
    sent = 0
    for seat in holders(game):
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
    sent += send_sitter_printouts(game, turn)
    sent += send_newspaper(game, turn)
    return sent


# --- a sitter (the game's ``sitter`` absence policy) ------------------------------------------


def send_sitter_printouts(game: Game, turn: Turn) -> int:
    """The printout of the turn just played to each sitter who plays a seat of ``game`` on
    the day it was processed (in the game's time zone), read as that seat's viewer (what his
    game page shows him these days); a turn processed before or after the absence goes to
    nobody but the holder. The count sent."""
    processed = Turn.objects.filter(pk=turn.pk).values_list("processed_at", flat=True).first()
    if processed is None:
        return 0
    sent = 0
    for row, seat in absence.sitters(game, holders(game), processed):
        sitter = row.sitter
        assert sitter is not None
        viewer = Viewer(PLAYER, seat.power, sitter.pk)
        text = present(game, viewer, ("printout",), turn=turn.number)["printout"]["text"]
        (named,) = power_labels(game, [seat.power])
        body = [
            text.rstrip("\n"),
            "",
            f"You sit for {row.user.username} ({named}) until {row.end.isoformat()}: send "
            "the seat's orders, never its press.",
        ]
        if game.status == GameStatus.FINISHED:
            body.append(f"The game is over. {(game.outcome or {}).get('summary', '')}".rstrip())
        else:
            if seat.power not in (game.expected or []):
                body.append(waiting_for(power_labels(game, game.expected or [])))
            body.append(f"Next deadline: {when(game.deadline)}")
            if row.sitter_code:
                body.append(f"Heading for the seat's orders: "
                            f"{sitter_heading(game, seat, row.sitter_code)}")  # fmt: skip
                body.append(SITTER_CODE_NOTE)
        subject = (f"G-{game.pk} {game.name}: printout, {_heading(text, turn.label)}, {named} "
                   f"(you sit for {row.user.username})")  # fmt: skip
        key = f"sitter-printout:{turn.pk}:{seat.power}:{sitter.pk}"
        wants_maps = _wants_maps(sitter)

        def attached(v: Viewer = viewer) -> list[Attachment]:
            return _turn_map(game, v, turn.number)

        sent += tell(sitter, "turn", subject, "\n".join(body) + "\n\n" + FOOTER,
                     mail_kind="printout", game=game, key=key, turn=turn.number,
                     hook_text=f"{subject}\n\n{text.rstrip()}",
                     attachments=attached if wants_maps else None)  # fmt: skip
    return sent


def send_sitter_code(absence_id: int) -> int:
    """The sitter's code, mailed to him alone when a player names him: the games where he
    may play the seat (their policy is ``sitter``, they send mail, he holds no seat there),
    each with its heading, and the days. None such: nothing is mailed (1: queued)."""
    row = Absence.objects.filter(pk=absence_id).select_related("user", "sitter").first()
    if row is None or row.sitter is None or not row.sitter_code:
        return 0
    seats = Seat.objects.filter(user=row.user, active=True, is_bot=False,
                                game__status__in=(GameStatus.RUNNING, GameStatus.PAUSED))  # fmt: skip
    if row.game_id is not None:
        seats = seats.filter(game_id=row.game_id)
    lines: list[str] = []
    for seat in seats.select_related("game").order_by("game_id"):
        game = seat.game
        if absence.policy(game) != absence.SITTER or not mail_enabled(game):
            continue
        if Seat.objects.filter(game=game, user=row.sitter, active=True).exists():
            continue  # seated there himself: he plays his own seat, not this one
        (named,) = power_labels(game, [seat.power])
        lines.append(f"  G-{game.pk} {game.name}: {named}\n"
                     f"    heading: {sitter_heading(game, seat, row.sitter_code, full=True)}")  # fmt: skip
    if not lines:
        return 0
    who = row.user.username
    body = (
        f"{who} named you sitter while away, from {row.start.isoformat()} to "
        f"{row.end.isoformat()} (both included, in each game's time zone). On those days you "
        f"may send the orders of {who}'s seat, mark them READY and ask for its printouts "
        "(REPORT), by mail or on the game's web page; never its press. Once the absence has "
        "begun, send REPORT after the heading for the seat's latest printout; each turn "
        "played while you sit brings you the next.\n\n"
        + "\n".join(lines)
        + f"\n\nYour sitter code: {row.sitter_code} (keep it to yourself). Write it in the "
        "heading, from this address, in place of a seat's code; the T- is the turn you "
        "answer, as printed in each printout you receive while you sit. It works only on "
        f"those days; {who} gets a copy of every order you send.\n\n"
    )
    subject = f"Umpire: you sit for {who} from {row.start.isoformat()}"
    return int(send(address_of(row.sitter), subject, body + FOOTER, kind="code",
                    key=sitter_code_key(row.pk, row.sitter_code)))  # fmt: skip


def sitter_code_key(absence_id: int, code: str) -> str:
    """The key of the mail of one sitter code (once per code: a new code is mailed anew)."""
    return f"sitter-code:{absence_id}:{code[:8]}"


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
    for seat in holders(game):
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
    page = site(reverse("web:turn", args=[game.pk, 0]))
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
    for seat in holders(game):
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


def send_sitter_receipt(game_id: int, turn: int, seat_id: int) -> int:
    """The seat holder's copy of the orders his sitter sent for his power (the sitter reads
    the receipt on his page): the orders that now stand, and any problems."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not mail_enabled(game):
        return 0
    seat = next((s for s in holders(game) if s.pk == seat_id), None)
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
