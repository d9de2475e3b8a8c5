"""The one choke point for everything a player, spectator or game master reads.

:func:`present` builds every game-related response of the API (and, later, the email and
the pages) for one :class:`Viewer`. A player's view and printout come from the engine's own
``session.view`` / ``session.report`` for that player's power (the game's allow-list view and
the events addressed to that power); orders, receipts and press are filtered to what that
power wrote or was sent. The seed is never read here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import BooleanField, Count, ExpressionWrapper, Prefetch, Q, QuerySet
from django.utils import timezone

from umpire.core import registry, session
from umpire.core.events import PUBLIC, Event, visible_to
from umpire.core.receipt import Receipt
from umpire.core.ruleset import power_label
from umpire.server import absence
from umpire.server import errors as E
from umpire.server.errors import refuse
from umpire.server.models import (
    AuditEntry,
    Game,
    GameStatus,
    Message,
    Seat,
    Submission,
    Turn,
    TurnOutput,
    Vote,
)
from umpire.server.store import DEFAULT_DEADLINE_MINUTES, load_record, load_tail

MAX_STEPS_TEXT = 400  # an order built step by step: longer is no order of any game
SPECTATORS_ONLY = "spectators see the public facts only"

UMPIRE = "umpire"
PLAYER = "player"
SPECTATOR = "spectator"

PARTS = ("game", "status", "view", "printout", "orders", "receipt", "messages", "events",
         "seats", "audit", "options", "steps", "votes", "public_view")  # fmt: skip


@dataclass(frozen=True, slots=True)
class Viewer:
    role: str  # umpire (the game master), player, spectator
    power: str | None = None  # the power a player holds
    user_id: int | None = None

    @property
    def is_umpire(self) -> bool:
        return self.role == UMPIRE


SPECTATOR_VIEWER = Viewer(SPECTATOR)


def viewer_of(
    game: Game,
    user: User | AnonymousUser | None,
    seats: Sequence[Seat] | None = None,
    *,
    seat_first: bool = False,
) -> Viewer:
    """Who ``user`` is in ``game``; ``seats``: the game's active seats in id order, if read.

    A game master (or superuser) is the umpire, unless ``seat_first`` and he holds a seat in
    the game: the player's pages then show him his power's view and take his orders, as
    for anyone seated (the GM console still reads as the umpire)."""
    if user is None or not user.is_authenticated:
        return SPECTATOR_VIEWER
    if (user.is_superuser or game.gm_id == user.pk) and not seat_first:
        return Viewer(UMPIRE, None, user.pk)
    if seats is not None:
        seat = next((s for s in seats if s.user_id == user.pk), None)
    else:
        seat = Seat.objects.filter(game=game, user_id=user.pk, active=True).first()
    if seat is None:
        if user.is_superuser or game.gm_id == user.pk:
            return Viewer(UMPIRE, None, user.pk)
        # A sitter, while the absence he sits for lasts, reads exactly what the seat reads
        # (but never its secret code: ``_facts``).
        if game.status in (GameStatus.RUNNING, GameStatus.PAUSED):
            held = list(seats) if seats is not None else list(game.seats.filter(active=True))
            sat = absence.sitting(game, user.pk, held, timezone.now())
            if sat is not None:
                return Viewer(PLAYER, sat.power, user.pk)
        return Viewer(SPECTATOR, None, user.pk)
    return Viewer(PLAYER, seat.power, user.pk)


def present(
    game: Game,
    viewer: Viewer,
    parts: Iterable[str] = ("game",),
    *,
    turn: int | None = None,
    receipt: Receipt | None = None,
    so_far: str = "",
    seats: Sequence[Seat] | None = None,
) -> dict[str, Any]:
    """Everything ``viewer`` asked for and may read about ``game``, as JSON-able data.

    ``turn`` selects the processed turn for ``view``/``printout``/``events`` (default: the
    latest) and the turn for ``orders`` (default: the current one); ``so_far`` is the order
    written so far for ``steps``. ``seats``: the game's active seats, if the caller has them
    (the status reads who is ready from them).
    """
    wanted = list(parts)
    unknown = [p for p in wanted if p not in PARTS]
    if unknown:
        raise ValueError(f"unknown output parts {unknown}")
    out: dict[str, Any] = {}
    for part in wanted:
        if part == "game":
            out["game"] = _public_facts(game, viewer)
        elif part == "status":
            out["status"] = _status(game, viewer, seats)
        elif part in ("view", "printout", "events"):
            out[part] = _turn_output(part, game, viewer, turn)
        elif part == "orders":
            out["orders"] = _orders(game, viewer, turn)
        elif part == "receipt":
            out["receipt"] = _receipt(viewer, receipt)
        elif part == "messages":
            out["messages"] = _messages(game, viewer)
        elif part == "options":
            out["options"] = _options(game, viewer)
        elif part == "steps":
            out["steps"] = _steps(game, viewer, so_far)
        elif part == "public_view":
            out["public_view"] = _public_view(game, turn)
        elif part == "votes":
            out["votes"] = _votes(game, viewer)
        elif part in ("seats", "audit"):
            if not viewer.is_umpire:
                raise refuse(E.GM_FORBIDDEN, who="the game master", what="read this")
            out[part] = _seats(game) if part == "seats" else _audit(game)
    return out


def _started(game: Game) -> None:
    if not has_started(game):
        raise refuse(E.GAME_NOT_STARTED)


def _label(game: Game) -> str:
    """The current turn's label (kept on the game row; a game stored before the row kept it
    is read from its tail)."""
    if game.label or not has_started(game):
        return game.label
    return session.pending(load_tail(game, pending=False)).label


def with_facts(games: QuerySet[Game]) -> QuerySet[Game]:
    """``games`` with what their public facts read fetched in two more queries in all (for a
    list of games), not two per game."""
    active = Seat.objects.filter(active=True)  # put in the game's order by _public_facts
    joined = Count("enrollments", filter=Q(enrollments__standby=False))
    # Whether the game has started, without reading its initial state (12-18 KB a game).
    started = ExpressionWrapper(Q(initial_state__isnull=False), output_field=BooleanField())
    return (
        games.prefetch_related(Prefetch("seats", queryset=active, to_attr="active_seats"))
        .annotate(enrolled_count=joined, has_started=started)
        .defer("initial_state")
    )


def mine(user: User) -> QuerySet[Game, int]:
    """The ids of the games ``user`` runs, holds a seat in or joined (a subquery: the games
    themselves are read without the joins, so that counts over them stay right)."""
    found = Game.objects.filter(
        Q(gm=user) | Q(seats__user=user, seats__active=True) | Q(enrollments__user=user)
    )
    return found.values_list("id", flat=True)


def has_started(game: Game) -> bool:
    """Whether ``game`` has its initial state (has started), read from :func:`with_facts`'s
    annotation where the state itself was left unread."""
    known = getattr(game, "has_started", None)
    return bool(known) if known is not None else game.initial_state is not None


def in_game_order(game: Game, powers: Iterable[str]) -> list[str]:
    """``powers`` in the game's own order (the scenario's, as its rulebook lists them: Battle
    Plan's player numbers, SPI WW2's and Origins' order of play), never the alphabet's; a
    power the game does not name (none should be) goes last."""
    order = {p: i for i, p in enumerate(game.powers or [])}
    return sorted(powers, key=lambda p: (order.get(p, len(order)), p))


def _seats_in_order(game: Game, seats: Iterable[Seat]) -> list[Seat]:
    """The seats in the game's order of its powers; a power's seats oldest first."""
    order = {p: i for i, p in enumerate(game.powers or [])}
    return sorted(seats, key=lambda s: (order.get(s.power, len(order)), s.power, s.pk))


def _public_facts(game: Game, viewer: Viewer) -> dict[str, Any]:
    ruleset = registry.get(game.game)
    seats: Any = getattr(game, "active_seats", None)
    if seats is None:
        seats = Seat.objects.filter(game=game, active=True)
    seats = _seats_in_order(game, seats)
    facts: dict[str, Any] = {
        "id": game.pk,
        "name": game.name,
        "game": game.game,
        "title": ruleset.info.title,
        "scenario": game.scenario,
        "status": game.status,
        "turn": game.turn,
        "turns_processed": max(game.turn - 1, 0),
        "label": None,
        "deadline": game.deadline.isoformat() if game.deadline else None,
        "press": game.setting("press", "full"),
        "anonymous_press": bool(game.setting("anonymous_press", False)),
        "powers": [
            {
                "power": s.power,
                "held_by": "bot" if s.is_bot else ("player" if s.user_id else "vacant"),
            }
            for s in seats
        ],
        "outcome": game.outcome,
        "you": {"role": viewer.role, "power": viewer.power},
        "seats_total": len(game.powers) or len(_scenario_powers(ruleset, game.scenario)),
        "enrolled": _enrolled(game),
        "deadline_minutes": dict(game.setting("deadline", {})).get(
            "minutes", DEFAULT_DEADLINE_MINUTES
        ),
    }
    if has_started(game) and game.status != GameStatus.FINISHED:
        facts["label"] = _label(game)
    if viewer.power is not None:
        own = next((s for s in seats if s.power == viewer.power), None)
        mine = own is not None and own.user_id == viewer.user_id  # a sitter's is not his
        facts["you"]["secret_code"] = own.secret_code if own and mine else None
        if own is not None and not mine:  # a sitter (absence.sitting)
            facts["you"]["sitting"] = True
    return facts


def _enrolled(game: Game) -> int:
    """Players who joined the forming game (none once it starts: they are seated)."""
    counted = getattr(game, "enrolled_count", None)
    if counted is not None:
        return int(counted)
    if game.status != GameStatus.FORMING:
        return 0
    return int(game.enrollments.filter(standby=False).count())


def _scenario_powers(ruleset: Any, scenario: str) -> tuple[str, ...]:
    info = ruleset.info.scenario(scenario)
    return tuple(info.default_powers or info.powers)


def _status(game: Game, viewer: Viewer, seats: Sequence[Seat] | None = None) -> dict[str, Any]:
    _started(game)
    label, expected, submitted = game.label, list(game.expected), list(game.submitted)
    if not label:  # a game stored before the row kept its status
        table = session.open_table(load_tail(game))
        label, expected = table.pending().label, list(table.pending().powers)
        submitted = table.submitted()
    if seats is None:
        seats = list(Seat.objects.filter(game=game, active=True, ready_turn=game.turn))
    ready = {s.power for s in seats if s.ready_turn == game.turn}
    expected = in_game_order(game, expected)
    status: dict[str, Any] = {"turn": game.turn, "label": label, "expected": expected}
    if viewer.is_umpire:
        status["submitted"] = in_game_order(game, submitted)
        status["ready"] = in_game_order(game, ready)
    elif viewer.power is not None:
        status["submitted"] = [viewer.power] if viewer.power in submitted else []
        status["ready"] = [viewer.power] if viewer.power in ready else []
    status["count_submitted"] = len(submitted)
    return status


def _processed_turn(game: Game, turn: int | None) -> int:
    _started(game)
    last = max(game.turn - 1, 0)
    at = last if turn is None else turn
    if not 0 <= at <= last:
        raise refuse(E.TURN_UNKNOWN, at=at, last=last)
    return at


def _turn_output(part: str, game: Game, viewer: Viewer, turn: int | None) -> Any:
    at = _processed_turn(game, turn)
    if part == "events":
        rows = Turn.objects.filter(game=game, number=at).values_list("events", flat=True)
        events = [Event.from_json(e) for e in rows.first() or []] if at >= 1 else []
        shown = shown_events(events, viewer)
        return {
            "turn": at,
            "events": [{"kind": e.kind, "text": e.text, "data": e.data} for e in shown],
        }
    if viewer.role == SPECTATOR:
        raise refuse(E.VIEW_FORBIDDEN, reason=SPECTATORS_ONLY)
    if part == "view":
        return {"turn": at, "view": _stored(game, at, viewer.power, "view")}
    return {"turn": at, "text": _stored(game, at, viewer.power, "printout")}


def shown_events(events: Sequence[Event], viewer: Viewer) -> list[Event]:
    """The events of a turn that ``viewer`` may read: the public ones for a spectator (and a
    feed), those addressed to his power or to all for a player, every one for the umpire."""
    if viewer.role == SPECTATOR:
        return [e for e in events if e.audience.kind == PUBLIC]
    return visible_to(events, viewer.power)


def _stored(game: Game, turn: int, power: str | None, what: str) -> Any:
    """A reader's view or printout of a processed turn: stored when the turn was processed
    (one indexed query); computed from the record for a turn processed before they were."""
    row = (
        TurnOutput.objects.filter(game=game, turn=turn, power=power or TurnOutput.UMPIRE)
        .values_list(what, flat=True)
        .first()
    )
    if row is not None:
        return row
    record = load_record(game)
    if what == "view":
        return session.view(record, power, turn=turn)
    return session.report(record, power, turn=turn)


def _orders(game: Game, viewer: Viewer, turn: int | None) -> dict[str, Any]:
    if viewer.role == SPECTATOR:
        raise refuse(E.VIEW_FORBIDDEN, reason=SPECTATORS_ONLY)
    at = game.turn if turn is None else turn
    rows = Submission.objects.filter(game=game, turn=at, void=False).order_by("id")
    if not viewer.is_umpire:
        rows = rows.filter(power=viewer.power)
    return {
        "turn": at,
        "submissions": [
            {
                "power": r.power,
                "received": r.received_at.isoformat(),
                "source": r.source,
                "raw": r.raw,
                "orders": r.orders,
                "problems": r.problems,
            }
            for r in rows
        ],
    }


def _receipt(viewer: Viewer, receipt: Receipt | None) -> dict[str, Any] | None:
    if receipt is None:
        return None
    if not viewer.is_umpire and receipt.power != viewer.power:
        raise refuse(E.VIEW_FORBIDDEN, reason="that receipt belongs to another power")
    data = receipt.to_json()
    data["ok"] = receipt.ok
    # false: refused (no order accepted); nothing changed and ``standing`` still stands
    data["stored"] = receipt.stored
    data["standing"] = None if receipt.stored else receipt.standing
    data["text"] = receipt.text()
    return data


def visible_messages(game: Game, viewer: Viewer) -> list[Message]:
    """The press the viewer may read, oldest first."""
    messages = Message.objects.filter(game=game).order_by("id")
    return [m for m in messages if can_read(viewer, m.sender_power, m.to_all, m.recipients)]


def can_read(viewer: Viewer, sender: str, to_all: bool, recipients: Sequence[str]) -> bool:
    """Whether ``viewer`` may read a message from ``sender`` to everyone (``to_all``) or to
    ``recipients``: the game master reads all press, a player what was sent to him or by
    him."""
    mine = viewer.power is not None and sender == viewer.power
    return viewer.is_umpire or mine or to_all or viewer.power in recipients


def _messages(game: Game, viewer: Viewer) -> list[dict[str, Any]]:
    """The viewer's press, numbered 1, 2, 3... in the viewer's own list: the numbers say
    nothing about press the viewer did not see (database ids would: a gap is someone else's
    private message). A message keeps its number, as the list only grows at its end."""
    if viewer.role == SPECTATOR:
        raise refuse(E.VIEW_FORBIDDEN, reason=SPECTATORS_ONLY)
    return [
        {
            "id": number,
            "turn": m.turn,
            "from": m.sender_power if (m.signed or mine or viewer.is_umpire) else None,
            "to": "all" if m.to_all else list(m.recipients),
            "signed": m.signed,
            "text": m.text,
            "sent": m.sent_at.isoformat(),
        }
        for number, m in enumerate(visible_messages(game, viewer), start=1)
        for mine in [viewer.power is not None and m.sender_power == viewer.power]
    ]


def message_number(game: Game, viewer: Viewer, message: Message) -> int | None:
    """The number ``message`` has in the viewer's press (None: the viewer may not read it)."""
    for number, m in enumerate(visible_messages(game, viewer), start=1):
        if m.pk == message.pk:
            return number
    return None


def _seats(game: Game) -> list[dict[str, Any]]:
    return [
        {
            "power": s.power,
            "user": s.user.username if s.user else None,
            "bot": s.is_bot,
            "active": s.active,
            "joined": s.joined_at.isoformat(),
            "left": s.left_at.isoformat() if s.left_at else None,
            "note": s.note,
            # on the list of games needing a player: since when and why (missed, left), and
            # who asks to take it over where the game master approves takeovers
            "offered": s.offered_at.isoformat() if s.offered_at else None,
            "offer_reason": s.offer_reason or None,
            "takeover_asked_by": s.requested_by.username if s.requested_by else None,
        }
        for s in _seats_in_order(
            game, Seat.objects.filter(game=game).select_related("user", "requested_by")
        )
    ]


def _audit(game: Game) -> list[dict[str, Any]]:
    return [
        {
            "at": a.at.isoformat(),
            "actor": a.actor.username if a.actor else None,
            "action": a.action,
            "details": a.details,
        }
        for a in AuditEntry.objects.filter(game=game).select_related("actor")
    ]


def _ordering(game: Game, viewer: Viewer, part: str) -> tuple[Any, Any] | None:
    """The game's ``part`` of the contract (a field of its record's capabilities) and the
    current state, when the game has it and the viewer's power is to order now; else None."""
    if viewer.power is None or game.initial_state is None or game.status == GameStatus.FINISHED:
        return None
    given = getattr(registry.game(game.game).capabilities(game.scenario), part)
    if given is None:
        return None
    if game.label and viewer.power not in game.expected:
        return None
    table = session.open_table(load_tail(game, pending=False))
    if viewer.power not in table.pending().powers:
        return None
    return given, table.state


def _options(game: Game, viewer: Viewer) -> dict[str, list[str]]:
    """The legal orders of each of the player's units now, where the game offers them."""
    now = _ordering(game, viewer, "order_options")
    if now is None:
        return {}
    options, state = now
    assert viewer.power is not None
    return dict(options.order_options(state, viewer.power))


def _steps(game: Game, viewer: Viewer, so_far: str) -> list[dict[str, Any]] | None:
    """The next choices of an order built step by step (a 1939 III bomber's flight), where the
    game has such orders and ``so_far`` is one of the viewer's power's now; else None."""
    now = _ordering(game, viewer, "order_steps")
    if now is None or len(so_far) > MAX_STEPS_TEXT:
        return None
    builder, state = now
    assert viewer.power is not None
    steps: list[dict[str, Any]] | None = builder.order_steps(state, viewer.power, so_far)
    return steps


def _votes(game: Game, viewer: Viewer) -> list[dict[str, Any]]:
    """Standing draw and concession votes: secret, so the GM reads all, a player its own."""
    if viewer.role == SPECTATOR:
        raise refuse(E.VIEW_FORBIDDEN, reason=SPECTATORS_ONLY)
    rows = Vote.objects.filter(game=game)
    if not viewer.is_umpire:
        rows = rows.filter(power=viewer.power)
    return [{"power": v.power, "kind": v.kind} for v in rows]


def _public_view(game: Game, turn: int | None) -> dict[str, Any] | None:
    """The position as anyone may see it: the game's own allow-listed public view where it has
    one (Battle Plan, Origins, SPI WW2 even in its six-Player version, which hides nothing), the
    umpire's view of a game that hides nothing and has none (Diplomacy), both stored when the
    turn was processed; None where the engine has no public view."""
    at = _processed_turn(game, turn)
    record = registry.game(game.game)
    own = record.capabilities(game.scenario).public_view is not None
    if not own and not record.info.hides_information(game.scenario):
        return {"turn": at, "view": _stored(game, at, None, "view")}
    row = (
        TurnOutput.objects.filter(game=game, turn=at, power=TurnOutput.PUBLIC)
        .values_list("view", flat=True)
        .first()
    )
    view = row if row is not None else session.public_view(load_record(game), turn=at)
    return None if view is None else {"turn": at, "view": view}


def scenario_names(game: Game) -> dict[str, str]:
    """The full name of each power of ``game``'s scenario that has one (none for a game the
    registry no longer knows)."""
    try:
        return dict(registry.game(game.game).info.scenario(game.scenario).names)
    except KeyError:
        return {}


def power_labels(game: Game, powers: Sequence[str]) -> list[str]:
    """``powers`` as a person reads them: ["England (ENG)", "France (FRA)"]."""
    names = scenario_names(game)
    return [power_label(p, names) for p in powers]
