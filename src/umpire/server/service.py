"""What players and game masters do to a game, over the engine's session functions.

Every function that changes a game locks its row (``select_for_update``; on SQLite every
transaction takes the write lock when it begins) and re-reads it under the lock, so a
submission and the processing of its turn never interleave: a submission is either stored
for the turn it names before processing starts, or refused with ``turn/stale`` after.

Processing is never done here for a web request: :func:`enqueue` writes a task row in the
same transaction, and a worker runs :func:`process_due`.
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from umpire.core import registry, session
from umpire.core.chance import SeededChance
from umpire.core.errors import GAME_OVER, TURN_NONE, TURN_STALE, UNKNOWN_POWER, UNKNOWN_SCENARIO
from umpire.core.problems import OrderError
from umpire.core.record import GameRecord
from umpire.core.ruleset import HasDrawVotes, HasSeating, Outcome, Pending, implements
from umpire.core.session import Receipt, SessionError
from umpire.server import community, statements
from umpire.server import errors as E
from umpire.server.accounts import why_not_create
from umpire.server.codes import hide_code
from umpire.server.errors import refuse
from umpire.server.models import AuditEntry, Enrollment, Game, GameStatus, Message, Seat, Vote
from umpire.server.models import Submission as SubmissionRow
from umpire.server.schemas import (
    MAX_MINUTES,
    NAME_MAX,
    ORDERS_MAX_BYTES,
    PRESS_MAX_CHARS,
    check_settings,
    finite,
)
from umpire.server.store import (
    deadline_for,
    grace,
    keep_status,
    load_record,
    load_tail,
    notice_at,
    save_outputs,
    save_submission,
    save_submissions,
    save_turn,
)

log = logging.getLogger("umpire.server")

PRESS_RULES = ("none", "broadcast", "full")
SOURCES = ("web", "api", "email", "cli")
UMPIRE_SENDER = "Umpire"


def _locked(game_id: int) -> Game:
    game = statements.locked_game(game_id)  # select_for_update, compiled once
    if game is None:
        raise refuse(E.GAME_NOT_FOUND, game_id=game_id)
    return game


def _seat_of(game: Game, user: User) -> Seat | None:
    return Seat.objects.filter(game=game, user=user, active=True).first()


def _audit(game: Game | None, actor: User | None, action: str, /, **details: Any) -> None:
    AuditEntry.objects.create(game=game, actor=actor, action=action, details=details)


def _require_gm(game: Game, user: User) -> None:
    if not (user.is_superuser or game.gm_id == user.pk):
        raise refuse(E.GM_FORBIDDEN, who="this game's game master", what="do that")


# --- creating, joining, starting -------------------------------------------------------


def create_game(
    gm: User,
    name: str,
    game: str,
    *,
    scenario: str | None = None,
    settings: dict[str, Any] | None = None,
    public: bool = True,
) -> Game:
    why = why_not_create(gm)
    if why is not None:
        raise refuse(E.GM_CANNOT_CREATE, why=why)
    try:
        ruleset = registry.get(game)
    except KeyError as err:
        raise refuse(E.GAME_UNKNOWN, reason=str(err)) from err
    try:
        info = ruleset.info.scenario(scenario)
    except KeyError as err:
        raise SessionError(UNKNOWN_SCENARIO.code, str(err.args[0])) from err
    options = check_settings(ruleset.info.name, settings or {})
    try:  # the game's own new_game must accept the settings now, not at the start
        session.create(
            ruleset.info.name, scenario=info.name, seed=0,
            powers=options.get("powers"), settings=dict(options.get("rules", {})),
        )  # fmt: skip
    except SessionError as err:
        raise refuse(E.GAME_BAD_SETTINGS, where="settings", problem=err.message) from err
    except (ValueError, TypeError, KeyError) as err:
        raise refuse(E.GAME_BAD_SETTINGS, where="settings.rules", problem=err) from err
    if len(name) > NAME_MAX:
        raise refuse(E.GAME_BAD_REQUEST, problem=f"a game name is at most {NAME_MAX} characters")
    with transaction.atomic():
        row = Game.objects.create(
            name=name.strip() or ruleset.info.title,
            game=ruleset.info.name,
            scenario=info.name,
            settings=options,
            seed=secrets.randbits(62),
            public=public,
            gm=gm,
        )
        _audit(row, gm, "create", game=row.game, scenario=row.scenario, settings=options)
    return row


def join(game_id: int, user: User, preferences: Sequence[str] = ()) -> str:
    """Join a forming game, take a bot's seat in an open running game, or stand by."""
    with transaction.atomic():
        game = _locked(game_id)
        if _seat_of(game, user) is not None:
            raise refuse(E.SEAT_ALREADY, who="you", holds="hold")
        prefs = [str(p) for p in preferences]
        community.check_join(game, user)
        if game.status == GameStatus.FORMING:
            prefs = _checked_preferences(game, prefs)
            Enrollment.objects.update_or_create(
                game=game, user=user, defaults={"preferences": prefs, "standby": False}
            )
            return "joined; powers are assigned when the game starts"
        if game.status == GameStatus.FINISHED:
            raise refuse(GAME_OVER, detail="")
        if game.setting("open_bot_seats", False):
            bots = list(Seat.objects.filter(game=game, active=True, is_bot=True))
            names = dict(registry.game(game.game).info.scenario(game.scenario).names)
            wanted = [session.power_named(p, game.powers or [], names) for p in prefs]
            rank = {p: i for i, p in reversed(list(enumerate(wanted)))}
            bots.sort(key=lambda s: rank.get(s.power, len(rank)))
            if bots:
                _replace_seat(bots[0], user=user, note="took over from a bot")
                game.notice_at = notice_at(game)  # a player to remind, where a bot was
                game.save(update_fields=["notice_at"])
                return f"you now play {bots[0].power}"
        if game.setting("standby_pool", False):
            # Battle Plan: a standby may not choose the game (volunteer_standby)
            raise refuse(E.STANDBY_POOL_ONLY, game=game.game, scenario=game.scenario)
        Enrollment.objects.update_or_create(
            game=game, user=user, defaults={"preferences": prefs, "standby": True}
        )
        return "the game is under way; you are on standby to replace a player"


def volunteer_standby(user: User, game_name: str, scenario: str) -> str:
    """Stand by for any running game of one kind that takes standbys from the pool (the
    ``standby_pool`` setting). Battle Plan: "In order to avoid the possibility of someone
    paying a friend to take over an abandoned position, you may NOT specify in WHICH game you
    want to be a standby": the service picks the game (the one with the fewest standbys, then
    the oldest) and does not name it; the game master decides whether and when to insert him
    (the ``replace`` action with ``standby``)."""
    with transaction.atomic():
        candidates = (
            Game.objects.select_for_update()
            .filter(
                game=game_name,
                scenario=scenario,
                status__in=(GameStatus.RUNNING, GameStatus.PAUSED),
            )
            .exclude(Q(seats__user=user, seats__active=True) | Q(enrollments__user=user))
            .exclude(gm=user)
            .order_by("id")
        )
        pool = [g for g in candidates if g.setting("standby_pool", False)]
        if not pool:
            raise refuse(E.STANDBY_NO_GAME, game=game_name, scenario=scenario)
        waiting = {g.pk: g.enrollments.filter(standby=True).count() for g in pool}
        chosen = min(pool, key=lambda g: (waiting[g.pk], g.pk))
        Enrollment.objects.create(game=chosen, user=user, preferences=[], standby=True)
        _audit(chosen, user, "standby", pool=True)
    return f"you are standing by for a {game_name} {scenario} game"


def start(
    game_id: int,
    actor: User,
    *,
    powers: Sequence[str] | None = None,
    assignments: dict[str, str] | None = None,
    method: str = "preferences",
) -> Game:
    """Seat the powers and open turn 1.

    GM ``assignments`` (power -> user name) come first; then, with ``method="preferences"``,
    players in order of joining get their first free preference; everyone left gets a
    random free power. A game with a seating of its own (core's HasSeating) decides the
    powers and who holds them from the preferences itself; whoever it leaves out stands by. Powers nobody holds are played by bots if ``fill_with_bots`` is set,
    else they stay vacant (their orders are filled by the game's rules).
    """
    if method not in ("preferences", "random"):
        raise refuse(E.GAME_BAD_REQUEST, problem="method must be 'preferences' or 'random'")
    with transaction.atomic():
        game = _locked(game_id)
        _require_gm(game, actor)
        if game.status != GameStatus.FORMING:
            raise refuse(E.GAME_STARTED)
        enrolled = list(Enrollment.objects.filter(game=game, standby=False).select_related("user"))
        chooser = random.Random(game.seed)
        ruleset = registry.game(game.game).ruleset(game.scenario)
        wanted_powers = list(powers or game.setting("powers", None) or [])
        left: list[Enrollment] = []
        bots = bool(game.setting("fill_with_bots", False))
        if implements(ruleset, HasSeating):
            record, holder, unseated = _seat_by_game(
                game, ruleset, enrolled, assignments or {}, wanted_powers, method, chooser,
                bots=bots,
            )  # fmt: skip
            if not holder and unseated:
                raise refuse(
                    E.GAME_NOBODY_SEATED,
                    names=", ".join(e.user.username for e in unseated),
                    help=ruleset.preferences_help,
                )
            for entry in unseated:  # the game found him no seat (e.g. none within his fee)
                entry.standby = True
                entry.save(update_fields=["standby"])
        else:
            record = session.create(
                game.game,
                scenario=game.scenario,
                seed=game.seed,
                powers=wanted_powers or None,
                settings=dict(game.setting("rules", {})),
            )
            holder = _assigned(assignments or {}, lambda p: session.resolve_power(record, p))
            left = _seat_by_names(record.powers, enrolled, holder, method, chooser)
        for entry in left:
            free = [p for p in record.powers if p not in holder]
            if not free:
                entry.standby = True
                entry.save(update_fields=["standby"])
                continue
            holder[chooser.choice(free)] = entry.user
        _enough_players(game, len(holder), len(record.powers) - len(holder) if bots else 0)
        for p in record.powers:
            user = holder.get(p)
            Seat.objects.create(
                game=game,
                power=p,
                user=user,
                is_bot=user is None and bots,
                secret_code=secrets.token_hex(8),
            )
        Enrollment.objects.filter(game=game, standby=False).delete()
        now = timezone.now()
        game.powers = list(record.powers)
        game.initial_state = record.initial_state
        game.setup_draws = [d.to_json() for d in record.setup_draws]
        game.outcome = record.outcome.to_json() if record.outcome else None
        game.status = GameStatus.RUNNING
        game.started_at = now
        game.turn = 1
        table = session.open_table(record)
        keep_status(game, table)
        save_outputs(game, table)
        _schedule(game, table.pending(), now)
        game.save()
        _audit(game, actor, "start", seats={p: u.username for p, u in holder.items()})
    return game


def _enough_players(game: Game, joined: int, bots: int) -> None:
    """Refuse to start a game nobody would play, or one with fewer players (those seated, and
    the bots of the empty seats where they fill them) than its scenario is played with. A
    vacant power is no player: its orders are only ever the rules' defaults. (Ruling in
    docs/server.md, Starting a game.)"""
    if joined == 0:
        raise refuse(E.GAME_NO_PLAYERS)
    info = registry.game(game.game).info.scenario(game.scenario)
    if joined + bots < info.min_players:
        raise refuse(
            E.GAME_TOO_FEW_PLAYERS,
            scenario=f"{registry.game(game.game).info.title} ({info.name})",
            least=info.min_players,
            count=joined + bots,
            joined=joined,
            bots=bots,
        )


def _checked_preferences(game: Game, prefs: list[str]) -> list[str]:
    """A sign-up's preferences as the game takes them: checked and made canonical by a game
    with a seating of its own (core's HasSeating), else power names read as everywhere else
    (code or full name, any case: ``England`` is ``ENG``) and kept as the powers' codes; a
    name that is no power of the game is refused (``game/unknown_power``), not kept to be
    silently passed over at the start."""
    ruleset = registry.game(game.game).ruleset(game.scenario)
    if not implements(ruleset, HasSeating):
        info = ruleset.info.scenario(game.scenario)
        powers = list(game.setting("powers", None) or info.default_powers or info.powers)
        names = dict(info.names)
        return list(dict.fromkeys(session.power_named(p, powers, names) for p in prefs))
    try:
        return ruleset.check_preferences(prefs)
    except OrderError as err:
        raise SessionError(err.code, err.message) from err


def _assigned(assignments: dict[str, str], resolve: Callable[[str], str]) -> dict[str, User]:
    """The GM's ``assignments`` (power -> user name) as power -> account; they win."""
    holder: dict[str, User] = {}
    for power, username in assignments.items():
        p = resolve(power)
        user = User.objects.filter(username=username).first()
        if user is None:
            raise refuse(E.ACCOUNT_NOT_FOUND, username=username)
        if p in holder or user in holder.values():
            raise refuse(E.GAME_BAD_REQUEST, problem=f"{p} or {username!r} is assigned twice")
        holder[p] = user
    return holder


def _seat_by_names(
    powers: Sequence[str],
    enrolled: list[Enrollment],
    holder: dict[str, User],
    method: str,
    chooser: random.Random,
) -> list[Enrollment]:
    """Players in order of joining get their first free preference among the powers' names
    (``holder`` grows); those left unseated are returned."""
    seated = {u.pk for u in holder.values()}
    waiting = [e for e in enrolled if e.user_id not in seated]
    if method == "random":
        chooser.shuffle(waiting)
    left: list[Enrollment] = []
    for entry in waiting:
        free = [p for p in powers if p not in holder]
        # In the order the player listed them (first choice first).
        wanted = [p for want in entry.preferences for p in free if want.upper() == p.upper()]
        if method == "preferences" and wanted:
            holder[wanted[0]] = entry.user
        else:
            left.append(entry)
    return left


def _seat_by_game(
    game: Game,
    ruleset: HasSeating,
    enrolled: list[Enrollment],
    assignments: dict[str, str],
    powers: list[str],
    method: str,
    chooser: random.Random,
    *,
    bots: bool = False,
) -> tuple[GameRecord, dict[str, User], list[Enrollment]]:
    """A game that seats its players itself (core's HasSeating: starting spaces, positions
    of a price list): the GM's assignments first, then the game's own seating of everyone
    else's preferences in join order (``method="random"``: in a random order, without
    preferences). Returns the new record, who holds which power, and those with no seat."""
    info = registry.game(game.game).info.scenario(game.scenario)
    names = dict(info.names)
    holder = _assigned(assignments, lambda p: session.power_named(p, info.powers, names))
    seated = {u.pk for u in holder.values()}
    waiting = [e for e in enrolled if e.user_id not in seated]
    if method == "random":
        chooser.shuffle(waiting)
    lists = [list(e.preferences) if method == "preferences" else [] for e in waiting]
    wanted = [session.power_named(p, info.powers, names) for p in powers]
    # Bots play every empty seat: without the GM's own list of powers, the game has as many
    # seats as the lobby showed (the scenario's default powers), the players' and then the
    # defaults not taken (ruling in docs/server.md, Starting a game).
    seats = len(wanted)
    if bots and not wanted:
        wanted = list(info.default_powers or info.powers)
        seats = len(wanted)
    try:
        seating = ruleset.seat_players(
            lists, list(holder), wanted, SeededChance(game.seed, "seating")
        )
    except OrderError as err:
        raise SessionError(err.code, err.message) from err
    if bots and len(seating.powers) > seats:
        keep = {*holder, *(p for p in seating.holders if p is not None)}
        spare = max(seats - len(keep), 0)
        trimmed: list[str] = []
        for p in seating.powers:
            if p in keep:
                trimmed.append(p)
            elif spare > 0:
                trimmed.append(p)
                spare -= 1
        seating = replace(seating, powers=tuple(trimmed))
    record = session.create(
        game.game,
        scenario=game.scenario,
        seed=game.seed,
        powers=list(seating.powers),
        settings={**dict(game.setting("rules", {})), **dict(seating.settings)},
    )
    left: list[Enrollment] = []
    for entry, power in zip(waiting, seating.holders, strict=True):
        if power is None:
            left.append(entry)
        else:
            holder[power] = entry.user
    return record, holder, left


# --- orders, readiness, press ------------------------------------------------------------


@dataclass(frozen=True)
class Submitted:
    """A stored submission: its receipt, and the game row and active seats as the submission
    left them (what the answer shows, without reading them again)."""

    receipt: Receipt
    game: Game
    seats: list[Seat]


def submit_orders(
    game_id: int,
    user: User,
    text: str,
    *,
    turn: int,
    ready: bool = False,
    source: str = "api",
) -> Receipt:
    """Store the orders of the user's power for ``turn``; the latest submission counts."""
    return submit(game_id, user, text, turn=turn, ready=ready, source=source).receipt


def submit(
    game_id: int,
    user: User,
    text: str,
    *,
    turn: int,
    ready: bool = False,
    source: str = "api",
) -> Submitted:
    """:func:`submit_orders`, with the game and its seats as it left them. Whatever the game's
    length: the game row locked, its seats, the last state (``load_tail``), the submission
    written, and the row's status columns written only when they change.

    A submission the session refuses (no order accepted, or a power the turn does not wait
    for: ``Receipt.stored`` false) writes nothing, READY included; its receipt lists the
    orders that stand, read from the stored submissions."""
    if source not in SOURCES:
        raise refuse(E.ORDERS_BAD_SOURCE, sources=", ".join(SOURCES))
    if len(text.encode("utf-8", errors="replace")) > ORDERS_MAX_BYTES:
        raise refuse(E.ORDERS_TOO_LARGE, kib=ORDERS_MAX_BYTES // 1024)
    with transaction.atomic():
        game = _locked(game_id)
        if game.status == GameStatus.FORMING:
            raise refuse(E.GAME_NOT_STARTED)
        if game.status == GameStatus.FINISHED:
            raise refuse(GAME_OVER, detail="; no more orders are taken")
        seats = statements.active_seats(game.pk)
        seat = next((s for s in seats if s.user_id == user.pk), None)  # as _seat_of
        if seat is None:
            raise refuse(E.SEAT_NONE)
        table = session.open_table(load_tail(game, pending=False, events=False))
        now = timezone.now()
        receipt = table.submit(seat.power, text, source=source, received=now.isoformat(), turn=turn)
        if not receipt.stored:  # changed nothing; the tail was loaded without pending orders
            return Submitted(replace(receipt, standing=_standing(game, seat.power)), game, seats)
        save_submission(game, game.turn, table.record.pending[-1], user, now)
        kept = submissions_kept()
        prune_submissions(game, game.turn, seat.power, kept)
        receipt = replace(receipt, kept=kept)
        ready_turn = game.turn if ready else 0
        if seat.ready_turn != ready_turn:
            seat.ready_turn = ready_turn
            seat.save(update_fields=["ready_turn"])
        changed: list[str] = []
        if seat.power not in game.submitted:
            game.submitted = [p for p in game.powers if p in {*game.submitted, seat.power}]
            changed.append("submitted")
            if game.notice_at is not None:
                game.notice_at = notice_at(game, seats)  # None once nobody is left to remind
                changed.append("notice_at")
        _maybe_early(game, now, seats, changed)
    return Submitted(receipt, game, seats)


def submissions_kept() -> int:
    """How many submissions of one power for one turn are kept (``UMPIRE_SUBMISSIONS_KEPT``)."""
    return max(1, int(getattr(django_settings, "UMPIRE_SUBMISSIONS_KEPT", 20)))


def prune_submissions(game: Game, turn: int, power: str, kept: int) -> int:
    """Delete ``power``'s submissions for ``turn`` older than his newest ``kept`` (issue 30:
    200 submissions of 64 KiB in one turn were all stored); the count deleted. The newest
    is the one that counts, so it always stays; a rolled-back turn's void rows are left."""
    rows = SubmissionRow.objects.filter(game=game, turn=turn, power=power, void=False)
    old = list(rows.order_by("-id").values_list("id", flat=True)[kept:])
    if not old:
        return 0
    SubmissionRow.objects.filter(pk__in=old).delete()
    return len(old)


def _standing(game: Game, power: str) -> list[str] | None:
    """The orders ``power`` has stored for the game's current turn (his latest submission's),
    or None when he has sent none."""
    latest = (
        SubmissionRow.objects.filter(game=game, turn=game.turn, power=power, void=False)
        .order_by("-id")
        .values_list("orders", flat=True)
        .first()
    )
    return None if latest is None else [str(order) for order in latest]


def set_ready(game_id: int, user: User, *, turn: int, ready: bool) -> None:
    with transaction.atomic():
        game = _locked(game_id)
        seat = _seat_of(game, user)
        if seat is None:
            raise refuse(E.SEAT_NONE)
        if game.status not in (GameStatus.RUNNING, GameStatus.PAUSED):
            raise refuse(E.GAME_NOT_RUNNING, status="not running")
        if turn != game.turn:
            raise refuse(TURN_STALE, turn=turn, current=game.turn, label=game.label)
        if ready and seat.power not in game.submitted:
            raise refuse(E.ORDERS_NONE)
        seat.ready_turn = game.turn if ready else 0
        seat.save(update_fields=["ready_turn"])
        _maybe_early(game, timezone.now())


def send_message(
    game_id: int, user: User, text: str, *, to: Sequence[str], signed: bool = True
) -> Message:
    """Press from the user's power (or from the umpire, for the game master)."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.status not in (GameStatus.RUNNING, GameStatus.PAUSED):
            raise refuse(E.PRESS_CLOSED)
        seat = _seat_of(game, user)
        is_gm = game.gm_id == user.pk or user.is_superuser
        if seat is None and not is_gm:
            raise refuse(E.SEAT_NONE)
        press = game.setting("press", "full")
        to_all = any(t.lower() == "all" for t in to)
        if (
            seat is not None
            and not registry.game(game.game).info.scenario(game.scenario).press_allowed
        ):
            raise refuse(E.PRESS_NOT_IN_SCENARIO, scenario=game.scenario)
        if press == "none" and seat is not None:
            raise refuse(E.PRESS_NONE)
        if not to_all and press == "broadcast" and seat is not None:
            raise refuse(E.PRESS_BROADCAST_ONLY)
        if not signed and not game.setting("anonymous_press", False):
            raise refuse(E.PRESS_SIGNED_ONLY)
        if not text.strip():
            raise refuse(E.PRESS_EMPTY)
        if len(text) > PRESS_MAX_CHARS:  # the API's schema limit, for mail and web too
            raise refuse(E.PRESS_TOO_LONG, most=PRESS_MAX_CHARS, chars=len(text))
        if seat is not None:
            _press_allowed(user, timezone.now())
        recipients: list[str] = []
        if not to_all:
            named = {_power_named(game, t) for t in to}
            recipients = [p for p in game.powers or [] if p in named]  # the game's order
            if not recipients:
                raise refuse(E.PRESS_NO_RECIPIENTS)
        if seat is not None:  # a heading pasted into press: its code does not go out
            text = hide_code(text, seat.secret_code)
        return Message.objects.create(
            game=game,
            turn=game.turn,
            sender_power=seat.power if seat is not None else UMPIRE_SENDER,
            sender_user=user,
            to_all=to_all,
            recipients=recipients,
            signed=signed,
            text=text,
        )


def press_per_hour() -> int:
    """Press messages one player may send in an hour (``UMPIRE_PRESS_PER_HOUR``)."""
    return max(1, int(getattr(django_settings, "UMPIRE_PRESS_PER_HOUR", 60)))


def press_left(user: User, now: datetime | None = None) -> int:
    """How many more press messages the player may send in the hour up to ``now``."""
    since = (now or timezone.now()) - timedelta(hours=1)
    sent: int = _player_press(user).filter(sent_at__gt=since).count()
    return max(0, press_per_hour() - sent)


def _player_press(user: User) -> QuerySet[Message]:
    """The press the user sent as a player (from a power's seat; not as the umpire), over
    all his games."""
    return Message.objects.filter(sender_user=user).exclude(sender_power=UMPIRE_SENDER)


def _press_allowed(user: User, now: datetime) -> None:
    """Refuse press past ``UMPIRE_PRESS_PER_HOUR`` messages from the player in the last hour
    (``press/throttled``, HTTP 429): 3,000 messages from one player, each queuing mail, were
    all accepted (issue 30). The count is over all his games: the limit is the player's."""
    most = press_per_hour()
    since = now - timedelta(hours=1)
    recent = list(
        _player_press(user)
        .filter(sent_at__gt=since)
        .order_by("-sent_at")
        .values_list("sent_at", flat=True)[:most]
    )
    if len(recent) < most:
        return
    free_at = recent[-1] + timedelta(hours=1)  # when the oldest of them leaves the hour
    minutes = max(1, -(-int((free_at - now).total_seconds()) // 60))
    raise refuse(E.PRESS_THROTTLED, most=most, minutes=minutes)


# --- processing ---------------------------------------------------------------------------


def _power_named(game: Game, name: str) -> str:
    """The seated power ``name`` means (code or full name, any case)."""
    try:
        names = dict(registry.game(game.game).info.scenario(game.scenario).names)
    except KeyError:
        names = {}
    return session.power_named(name, game.powers, names)


def _expected_ready(game: Game, seats: Sequence[Seat] | None = None) -> bool:
    """Every power the turn waits for is a bot, or has submitted and marked itself ready."""
    if seats is None:
        seats = list(Seat.objects.filter(game=game, active=True))
    held = {s.power: s for s in seats}
    done = set(game.submitted)
    for power in game.expected:
        seat = held.get(power)
        if seat is not None and seat.is_bot:
            continue
        if seat is None or seat.ready_turn != game.turn or power not in done:
            return False
    return True


def _maybe_early(
    game: Game, now: datetime, seats: Sequence[Seat] | None = None, changed: list[str] | None = None
) -> None:
    """Queue the turn now if nobody must be waited for; save the game row (only the columns
    in ``changed`` and those this changes, when ``changed`` is given)."""
    if game.status == GameStatus.RUNNING and _expected_ready(game, seats):
        game.process_after = now
        enqueue(game, now)
        if changed is not None:
            changed += ["process_after", "enqueued_at"]
    if changed is None:
        game.save()
    elif changed:
        game.save(update_fields=changed)


def _schedule(
    game: Game,
    todo: Pending,
    now: datetime,
    seats: Sequence[Seat] | None = None,
    *,
    queue: bool = True,
) -> None:
    """Set the deadline of the turn that opens now (the game's status columns are up to date);
    queue it at once if nobody must wait (without ``queue``: only mark it queued, for the
    caller to process)."""
    game.deadline = deadline_for(game, todo, now)
    game.process_after = game.deadline + grace(game) if game.deadline else None
    game.extension = timedelta(0)
    if seats is None:
        seats = list(Seat.objects.filter(game=game, active=True))
    game.notice_at = notice_at(game, seats)
    if _expected_ready(game, seats):
        game.process_after = now
        if queue:
            enqueue(game, now)
        else:
            game.enqueued_at = now


def enqueue(game: Game, now: datetime, *, force: bool = False) -> None:
    """Queue the processing of the game's current turn (in the caller's transaction)."""
    from umpire.server.tasks import process_game

    process_game.enqueue(game.pk, game.turn, force)
    game.enqueued_at = now


BATCH = 16  # due games per task the scheduler queues


def enqueue_due(now: datetime | None = None) -> int:
    """Queue every game whose turn is due and not queued recently; the count queued.

    Run periodically by every worker. The due games go out in tasks of up to ``BATCH``
    games each (:func:`process_batch`), claimed a batch at a time: a handful of statements
    per batch rather than a transaction and a task per game. A game whose task failed or
    whose worker died is queued again once ``UMPIRE_REENQUEUE_AFTER`` seconds have passed;
    duplicates are harmless.
    """
    from umpire.server.tasks import process_games

    now = now or timezone.now()
    stale = now - timedelta(seconds=django_settings.UMPIRE_REENQUEUE_AFTER)
    due = Game.objects.filter(status=GameStatus.RUNNING, process_after__lte=now).filter(
        Q(enqueued_at__isnull=True) | Q(enqueued_at__lte=stale)
    )
    ids = list(due.order_by("process_after", "pk").values_list("pk", flat=True))
    count = 0
    for start in range(0, len(ids), BATCH):
        with transaction.atomic():
            # Locked and checked again: a game another scheduler has just queued (or a
            # worker is processing) is skipped.
            claimed = list(
                due.select_for_update(skip_locked=True)
                .filter(pk__in=ids[start : start + BATCH])
                .order_by("pk")
                .values_list("pk", "turn")
            )
            if not claimed:
                continue
            Game.objects.filter(pk__in=[pk for pk, _ in claimed]).update(enqueued_at=now)
            process_games.enqueue([[pk, turn] for pk, turn in claimed])
            count += len(claimed)
    return count


CHAIN = 4  # turns of one game a batch processes in a row when bots alone play the next


def process_batch(turns: Sequence[tuple[int, int]]) -> int:
    """Process the due turns of a batch, each game in its own transaction; the count of
    turns processed. A turn that only bots play, due at once after one processed here, is
    processed here too (up to ``CHAIN`` turns of a game in a row; after that it is queued as
    a task of its own). A game that fails is logged and left queued: the scheduler queues it
    again after ``UMPIRE_REENQUEUE_AFTER`` seconds, as it does for a task that failed."""
    done = 0
    for game_id, turn in turns:
        try:
            for step in range(CHAIN):
                processed, again = _process(game_id, turn + step, queue_next=step == CHAIN - 1)
                done += processed
                if not again:
                    break
        except Exception:
            log.exception("game %s: processing turn %s failed", game_id, turn)
    return done


def recover_stale_tasks(now: datetime | None = None) -> int:
    """Put back to ``READY`` every task row left ``RUNNING`` by a worker that died.

    A row is stale once it has run for ``UMPIRE_STALE_TASK_SECONDS``; every task is
    idempotent (a turn is processed once, a mail is claimed before it is sent), so running
    it again is safe. The count recovered.
    """
    from django_tasks_db.models import DBTaskResult

    now = now or timezone.now()
    stale = now - timedelta(seconds=django_settings.UMPIRE_STALE_TASK_SECONDS)
    rows = DBTaskResult.objects.filter(status="RUNNING", started_at__lt=stale)
    count = rows.update(status="READY", started_at=None)
    if count:
        log.warning("recovered %s task(s) left running by a dead worker", count)
    return count


def _fill_missing(game: Game, table: session.Table, seats: list[Seat], now: datetime) -> None:
    """Bots write their orders; with ``nmr: bot`` the bot also writes missing players'."""
    todo = table.pending()
    done = set(table.submitted())
    nmr_bot = game.setting("nmr", "rules") == "bot"
    written = []
    for seat in seats:
        if seat.power not in todo.powers:
            continue
        if seat.power in done or not (seat.is_bot or nmr_bot):
            continue
        receipt = table.bot_submit(seat.power, source="bot" if seat.is_bot else "default")
        if receipt.stored:  # a bot's text the game refused whole stores nothing
            written.append(table.record.pending[-1])
    if written:
        save_submissions(game, game.turn, written, now)


# What processing a turn changes on the game row.
PROCESSED_FIELDS = (
    "turn", "enqueued_at", "label", "expected", "submitted", "outcome", "status",
    "finished_at", "deadline", "process_after", "notice_at", "extension",
)  # fmt: skip


def process_due(game_id: int, turn: int, *, force: bool = False) -> bool:
    """Process turn ``turn`` if it is still the current one and is due; True if done.

    One transaction: a worker that dies inside leaves the game as it was. Idempotent: the
    turn number makes a second run (duplicate task, second worker) a no-op.
    """
    return _process(game_id, turn, force=force)[0]


def _process(
    game_id: int, turn: int, *, force: bool = False, queue_next: bool = True
) -> tuple[bool, bool]:
    """:func:`process_due`; and whether the next turn is due at once (bots alone play it).
    Without ``queue_next`` that next turn is not queued: the caller processes it (the game
    is marked queued, so that the scheduler leaves it alone unless the caller dies)."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.status != GameStatus.RUNNING or game.turn != turn:
            return False, False
        now = timezone.now()
        if not force and (game.process_after is None or game.process_after > now):
            return False, False
        # The game row names the powers with orders in: none, no submission to read.
        table = session.open_table(load_tail(game, pending=bool(game.submitted)))
        record = table.record
        seats = list(Seat.objects.filter(game=game, active=True).order_by("power", "joined_at"))
        _fill_missing(game, table, seats, now)
        done = table.process()
        save_turn(game, done)
        community.turn_processed(game, done, seats)  # before keep_status: game.expected
        save_outputs(game, table)
        game.turn = done.number + 1
        game.enqueued_at = None
        keep_status(game, table)
        if record.outcome is not None:
            game.outcome = record.outcome.to_json()
            game.status = GameStatus.FINISHED
            game.finished_at = now
            game.deadline = game.process_after = game.notice_at = None
        else:
            _schedule(game, table.pending(), now, seats, queue=queue_next)
        game.save(update_fields=PROCESSED_FIELDS)  # not the record's header: it never changes
        if game.status == GameStatus.FINISHED:
            community.game_ended(game)
        log.info("game %s: processed turn %s (%s)", game.pk, done.number, done.label)
    return True, game.process_after == now


# --- game-master actions ------------------------------------------------------------------


def gm_action(game_id: int, actor: User, action: str, **args: Any) -> Game:
    """Carry out one game-master action and write it to the audit log."""
    handlers = {
        "pause": _pause,
        "resume": _resume,
        "extend": _extend,
        "process": _process_now,
        "rollback": _rollback,
        "replace": _replace,
        "end": _end,
    }
    handler = handlers.get(action)
    if handler is None:
        raise refuse(E.GM_UNKNOWN_ACTION, action=action)
    with transaction.atomic():
        game = _locked(game_id)
        _require_gm(game, actor)
        details = handler(game, timezone.now(), **args)
        game.save()
        community.after_gm_action(game, action)
        _audit(game, actor, action, **details)
    return game


def _running(game: Game, *allowed: str) -> None:
    if game.status not in allowed:
        raise refuse(E.GAME_NOT_RUNNING, status=game.status)


def _pause(game: Game, now: datetime) -> dict[str, Any]:
    _running(game, GameStatus.RUNNING)
    game.status = GameStatus.PAUSED
    game.paused_remaining = (game.deadline - now) if game.deadline else None
    # A paused game has no deadline: the time left comes back on resume.
    game.deadline = game.process_after = None
    return {"turn": game.turn}


def _resume(game: Game, now: datetime) -> dict[str, Any]:
    _running(game, GameStatus.PAUSED)
    game.status = GameStatus.RUNNING
    if game.paused_remaining is not None:
        game.deadline = now + max(game.paused_remaining, timedelta(0))
        game.process_after = game.deadline + grace(game)
    game.paused_remaining = None
    game.notice_at = notice_at(game)
    _maybe_early(game, now)
    return {"turn": game.turn, "deadline": game.deadline.isoformat() if game.deadline else None}


def _extend(game: Game, now: datetime, minutes: float = 0) -> dict[str, Any]:
    _running(game, GameStatus.RUNNING, GameStatus.PAUSED)
    if not finite(minutes) or not 0 < minutes <= MAX_MINUTES:
        raise refuse(E.GM_BAD_REQUEST, most=MAX_MINUTES)
    delta = timedelta(minutes=minutes)
    game.extension += delta
    if game.status == GameStatus.PAUSED:
        game.paused_remaining = (game.paused_remaining or timedelta(0)) + delta
        return {"minutes": minutes}
    game.deadline = max(game.deadline or now, now) + delta
    game.process_after = game.deadline + grace(game)
    game.notice_at = notice_at(game)
    return {"minutes": minutes, "deadline": game.deadline.isoformat()}


def _process_now(game: Game, now: datetime) -> dict[str, Any]:
    _running(game, GameStatus.RUNNING)
    # The turn is due now: if the worker dies, the scheduler queues it again like any
    # other due turn.
    game.process_after = now
    enqueue(game, now, force=True)
    return {"turn": game.turn}


def _rollback(game: Game, now: datetime) -> dict[str, Any]:
    _running(game, GameStatus.RUNNING, GameStatus.PAUSED, GameStatus.FINISHED)
    if game.initial_state is None or game.turn <= 1:
        raise refuse(TURN_NONE)
    # Orders written for the turn that is being undone no longer belong to any turn.
    SubmissionRow.objects.filter(game=game, turn=game.turn).update(void=True)
    record = load_record(game)
    record.pending = []
    table = session.open_table(record)
    undone = table.rollback()
    game.turns.filter(number=undone.number).delete()
    game.outputs.filter(turn__gte=undone.number).delete()
    game.turn = undone.number
    keep_status(game, table)
    game.outcome = record.outcome.to_json() if record.outcome else None
    if game.status == GameStatus.FINISHED:
        game.status = GameStatus.RUNNING
        game.finished_at = None
    Seat.objects.filter(game=game).update(ready_turn=0)
    deadline = deadline_for(game, table.pending(), now)
    if game.extension:  # the game master's extensions stay granted
        deadline = (deadline or now) + game.extension
    if game.status == GameStatus.RUNNING:
        game.deadline = deadline
        game.process_after = deadline + grace(game) if deadline else None
        game.notice_at = notice_at(game)
    else:  # paused: the reopened turn's time waits for the resume
        game.paused_remaining = (deadline - now) if deadline else None
    return {"undone": undone.number, "label": undone.label}


def _replace_seat(seat: Seat, *, user: User | None, bot: bool = False, note: str = "") -> Seat:
    seat.active = False
    seat.left_at = timezone.now()
    seat.save(update_fields=["active", "left_at"])
    community.seat_replaced(seat)
    if user is not None:
        Enrollment.objects.filter(game=seat.game, user=user).delete()
    return Seat.objects.create(
        game=seat.game,
        power=seat.power,
        user=user,
        is_bot=bot,
        secret_code=secrets.token_hex(8),
        note=note,
    )


def _replace(
    game: Game,
    now: datetime,
    power: str = "",
    username: str | None = None,
    bot: bool = False,
    standby: bool = False,
) -> dict[str, Any]:
    _running(game, GameStatus.RUNNING, GameStatus.PAUSED)
    seat = Seat.objects.filter(game=game, active=True, power__iexact=power.strip()).first()
    if seat is None:
        raise refuse(UNKNOWN_POWER, power=repr(power), powers=", ".join(game.powers or []))
    user: User | None = None
    if standby:
        entry = Enrollment.objects.filter(game=game, standby=True).first()
        if entry is None:
            raise refuse(E.SEAT_NO_STANDBY)
        user = entry.user
    elif username:
        user = User.objects.filter(username=username).first()
        if user is None:
            raise refuse(E.ACCOUNT_NOT_FOUND, username=username)
    if user is not None and _seat_of(game, user) is not None:
        raise refuse(E.SEAT_ALREADY, who=user.username, holds="holds")
    old = seat.user.username if seat.user else ("bot" if seat.is_bot else "vacant")
    new = _replace_seat(seat, user=user, bot=bot and user is None, note="replaced by the GM")
    game.notice_at = notice_at(game)  # the new holder may be one to remind, or no longer
    return {
        "power": new.power,
        "from": old,
        "to": user.username if user else ("bot" if new.is_bot else "vacant"),
    }


def _end(game: Game, now: datetime, summary: str = "") -> dict[str, Any]:
    _running(game, GameStatus.RUNNING, GameStatus.PAUSED, GameStatus.FORMING)
    text = summary.strip() or "The game master ended the game."
    game.outcome = Outcome((), {}, text).to_json()
    game.status = GameStatus.FINISHED
    game.finished_at = now
    game.deadline = game.process_after = game.notice_at = None
    _save_final_outputs(game)
    return {"summary": text}


def _save_final_outputs(game: Game) -> None:
    """The views and printouts of the last turn again, now that the game has ended without
    its rules ending it: they were stored asking for the next orders, and are now the last
    (``session.ended_printout``: the game is over, how, and no more orders)."""
    if game.initial_state is None:  # ended while forming: no printout at all
        return
    table = session.open_table(load_tail(game, pending=False))
    game.outputs.filter(turn=table.record.processed).delete()
    save_outputs(game, table)


# --- draw votes and concessions ------------------------------------------------------------


def _survivors(record: GameRecord) -> list[str]:
    """The powers still in the game, for games that vote on draws (Diplomacy)."""
    ruleset = session.ruleset_of(record)
    if not implements(ruleset, HasDrawVotes):
        raise refuse(E.VOTE_NOT_OFFERED)
    return list(ruleset.survivors(session.current_state(record)))


def vote(game_id: int, user: User, kind: str, *, cast: bool = True) -> str:
    """Cast (or withdraw) the user's power's vote for a draw or a concession.

    A draw carries when every surviving power votes for it: the game ends drawn among the
    survivors. A concession carries when every survivor but one concedes: that one wins.
    Votes stand from turn to turn until withdrawn and stay secret until they carry (only the
    voter and the game master read them). Both end the game through
    ``session.declare_result``.
    """
    if kind not in (Vote.DRAW, Vote.CONCEDE):
        raise refuse(E.VOTE_UNKNOWN)
    with transaction.atomic():
        game = _locked(game_id)
        if game.status not in (GameStatus.RUNNING, GameStatus.PAUSED):
            raise refuse(E.GAME_NOT_RUNNING, status=game.status)
        seat = _seat_of(game, user)
        if seat is None:
            raise refuse(E.SEAT_NONE)
        record = load_tail(game, pending=False)
        survivors = _survivors(record)
        if seat.power not in survivors:
            raise refuse(E.VOTE_ELIMINATED, power=seat.power)
        if not cast:
            Vote.objects.filter(game=game, power=seat.power, kind=kind).delete()
            return f"your {kind} vote is withdrawn"
        Vote.objects.get_or_create(game=game, power=seat.power, kind=kind)
        voted = set(Vote.objects.filter(game=game, kind=kind).values_list("power", flat=True))
        if kind == Vote.DRAW and set(survivors) <= voted:
            _declare(game, record, survivors, f"draw agreed by {', '.join(survivors)}")
            return "every surviving power voted for a draw: the game is drawn"
        left = [p for p in survivors if p not in voted]
        if kind == Vote.CONCEDE and len(left) == 1:
            _declare(game, record, left, f"{left[0]} wins: every other power conceded")
            return f"every other power conceded: {left[0]} wins"
        return f"your {kind} vote is recorded (secret until it carries)"


def my_votes(game: Game, user: User) -> list[str]:
    """The kinds of vote the user's power has standing (for that player's own page)."""
    seat = _seat_of(game, user)
    if seat is None:
        return []
    return sorted(Vote.objects.filter(game=game, power=seat.power).values_list("kind", flat=True))


def declare(game_id: int, actor: User, winners: Sequence[str], summary: str = "") -> Game:
    """The game master ends the game with a declared result: a draw among ``winners``, or
    one winner (``session.declare_result``)."""
    with transaction.atomic():
        game = _locked(game_id)
        _require_gm(game, actor)
        _running(game, GameStatus.RUNNING, GameStatus.PAUSED)
        record = load_tail(game, pending=False)
        _declare(game, record, list(winners), summary, actor=actor)
    return game


def _declare(
    game: Game, record: GameRecord, winners: list[str], summary: str, *, actor: User | None = None
) -> None:
    outcome = session.declare_result(record, winners, summary)
    now = timezone.now()
    game.outcome = outcome.to_json()
    game.status = GameStatus.FINISHED
    game.finished_at = now
    game.deadline = game.process_after = game.notice_at = None
    _save_final_outputs(game)
    game.save()
    community.game_ended(game)
    action = "declare" if actor is not None else "vote"
    _audit(game, actor, action, winners=list(outcome.winners), summary=outcome.summary)
