"""What a declared absence does in one game (issue 31): the game's ``away`` policy, chosen by
its game master, decides.

- ``extend`` (the default): a deadline that falls on a day a player the turn waits for is
  away moves to the same clock time on the day after his absence ends; but each account gets
  at most ``limit_days`` (default 7) of such moves in a game, in all. A move that would take
  him past his limit is not made at all: the deadline stands.
- ``standing``: nothing changes; the game's own defaults and standing orders play the seat.
- ``sitter``: the account the player named may, while the absence lasts, read the game as the
  seat does and send its orders (not its press: he speaks for nobody), on the web, the API or
  by mail with his sitter code (docs/email.md); nothing else changes.

An absence's days are calendar days in the game's deadline time zone (``deadline.timezone``,
UTC by default), both included. Only the models are read here; the use cases
(:mod:`umpire.server.usecases.absences`) declare and cancel absences and tell the players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from django.db.models import Q

from umpire.server.models import Absence, Game, GameStatus, Seat

EXTEND = "extend"
STANDING = "standing"
SITTER = "sitter"
POLICIES = (EXTEND, STANDING, SITTER)
DEFAULT_LIMIT_DAYS = 7
OPEN_GAMES = (GameStatus.RUNNING, GameStatus.PAUSED)  # a sitter plays in these only


def policy(game: Game) -> str:
    """The game's absence policy (``settings["away"]["policy"]``, default ``extend``)."""
    chosen = dict(game.setting("away", {})).get("policy", EXTEND)
    return chosen if chosen in POLICIES else EXTEND


def limit(game: Game) -> timedelta:
    """The most an account's deadlines may be moved in ``game``, in all."""
    days = dict(game.setting("away", {})).get("limit_days", DEFAULT_LIMIT_DAYS)
    return timedelta(days=float(days))


def policy_said(game: Game) -> str:
    """The game's policy as its players' page says it, in one short sentence."""
    chosen = policy(game)
    if chosen == STANDING:
        return "If you are away: standing orders and the game's defaults play your seat."
    if chosen == SITTER:
        return "If you are away: a sitter you name may send your orders."
    days = round(limit(game).total_seconds() / 86400, 2)
    if not days:
        return "If you are away: the deadline does not move (the game allows no days)."
    return (
        f"If you are away: the deadline moves past your absence, up to {days:g} "
        f"day{'' if days == 1 else 's'} in all."
    )


def zone(game: Game) -> ZoneInfo:
    return ZoneInfo(str(dict(game.setting("deadline", {})).get("timezone", "UTC")))


def day_of(game: Game, moment: datetime) -> date:
    """The calendar day of ``moment`` in the game's time zone."""
    return moment.astimezone(zone(game)).date()


def in_game(game: Game) -> Q:
    """The absences that apply to ``game``: declared for it, or for all one's games."""
    return Q(game=game) | Q(game__isnull=True)


def used(game: Game, user_id: int) -> timedelta:
    """The moves an account's absences have made to ``game``'s deadlines so far."""
    return timedelta(minutes=float(dict(game.away_used or {}).get(str(user_id), 0)))


@dataclass(frozen=True)
class Move:
    """What one absence did to a deadline: moved it (``granted``) or, past its holder's
    limit, left it standing."""

    absence: Absence
    power: str
    granted: timedelta | None  # None: the limit is reached, the deadline stands


def extend(game: Game, seats: Sequence[Seat], deadline: datetime | None) -> tuple[
    datetime | None, list[Move]
]:  # fmt: skip
    """The deadline after the absences of the players the turn waits for (``game.expected``),
    under the ``extend`` policy, and what each absence did; ``game.away_used`` is updated
    (the caller saves the row). Other policies, or no deadline: unchanged."""
    if deadline is None or policy(game) != EXTEND:
        return deadline, []
    if game.away_until is None or game.away_until < day_of(game, deadline):
        return deadline, []  # no absence concerns this game any more: nothing to look up
    holders = {
        s.user_id: s.power
        for s in seats
        if s.power in (game.expected or []) and s.user_id is not None and not s.is_bot
    }
    if not holders:
        return deadline, []
    rows = list(
        Absence.objects.filter(in_game(game), user_id__in=holders, end__gte=day_of(game, deadline))
    )
    moves: list[Move] = []
    cap = limit(game)
    spent = dict(game.away_used or {})
    while rows:
        day = day_of(game, deadline)
        hit = next((a for a in rows if a.start <= day <= a.end), None)
        if hit is None:
            break
        rows.remove(hit)
        # The same wall-clock time on the day after (a change of summer time is no change).
        clock = deadline.astimezone(zone(game)).time()
        moved = datetime.combine(hit.end + timedelta(days=1), clock, tzinfo=zone(game))
        moved = moved.astimezone(deadline.tzinfo)
        delta = moved - deadline
        so_far = timedelta(minutes=float(spent.get(str(hit.user_id), 0)))
        if so_far + delta > cap:
            moves.append(Move(hit, holders[hit.user_id], None))
            continue
        spent[str(hit.user_id)] = (so_far + delta).total_seconds() / 60
        moves.append(Move(hit, holders[hit.user_id], delta))
        deadline = moved
    game.away_used = spent
    return deadline, moves


def sitting(game: Game, user_id: int, seats: Sequence[Seat], now: datetime) -> Seat | None:
    """The seat ``user_id`` sits in ``game`` at ``now``: a seat whose holder named him sitter
    of an absence that covers that day (in the game's time zone), in a game whose policy is
    ``sitter``; None otherwise (and always for an account seated in the game himself)."""
    if policy(game) != SITTER or any(s.user_id == user_id for s in seats):
        return None
    held = {s.user_id: s for s in seats if s.user_id is not None and not s.is_bot}
    if not held:
        return None
    today = day_of(game, now)
    row = (
        Absence.objects.filter(in_game(game), sitter_id=user_id, user_id__in=held)
        .filter(start__lte=today, end__gte=today)
        .order_by("id")
        .first()
    )
    return None if row is None else held[row.user_id]


def sitters(game: Game, seats: Sequence[Seat], moment: datetime) -> list[tuple[Absence, Seat]]:
    """Every sitter playing a seat of ``game`` at ``moment``, each with his absence row and the
    seat he sits, as :func:`sitting` decides (one seat per sitter: his first absence's; none
    for an account seated in the game). What a turn processed at ``moment`` mails him."""
    if policy(game) != SITTER:
        return []
    held = {s.user_id: s for s in seats if s.user_id is not None and not s.is_bot}
    if not held:
        return []
    today = day_of(game, moment)
    rows = (
        Absence.objects.filter(in_game(game), user_id__in=held, sitter__isnull=False)
        .filter(start__lte=today, end__gte=today)
        .select_related("sitter", "user")
        .order_by("id")
    )
    found: dict[int, tuple[Absence, Seat]] = {}
    for row in rows:
        if row.sitter_id is not None and row.sitter_id not in held and row.sitter_id not in found:
            found[row.sitter_id] = (row, held[row.user_id])
    return list(found.values())


def sat_by(user_ids: Sequence[int], now: datetime) -> list[tuple[Game, Seat, Absence]]:
    """The seats the accounts ``user_ids`` sit at ``now`` in running or paused games, each
    with its game and the absence that names him, as :func:`sitting` decides (that day in
    each game's time zone, the ``sitter`` policy, never a game he is seated in himself);
    ordered by game. What his LIST shows him."""
    if not user_ids:
        return []
    near = now.date()  # a day either side: each game's own day is decided below
    rows = (
        Absence.objects.filter(sitter_id__in=list(user_ids))
        .filter(start__lte=near + timedelta(days=1), end__gte=near - timedelta(days=1))
        .order_by("id")
    )
    found: dict[tuple[int, int], tuple[Game, Seat, Absence]] = {}
    for row in rows:
        seats = Seat.objects.filter(user_id=row.user_id, active=True, is_bot=False)
        if row.game_id is not None:
            seats = seats.filter(game_id=row.game_id)
        for held in seats.filter(game__status__in=OPEN_GAMES).select_related("game"):
            game, sitter = held.game, row.sitter_id
            assert sitter is not None
            if (game.pk, sitter) in found:
                continue
            everyone = list(Seat.objects.filter(game=game, active=True))
            seat = sitting(game, sitter, everyone, now)
            if seat is not None and seat.pk == held.pk:
                found[(game.pk, sitter)] = (game, seat, row)
    return [found[k] for k in sorted(found)]


def why_not_sitting(game: Game, row: Absence, seats: Sequence[Seat], moment: datetime) -> str:
    """Why the sitter ``row`` names does not play its holder's seat in ``game`` at ``moment``,
    in words for him (he proved he is that sitter: the days are his to know); "" when he
    does (:func:`sitting` gives that seat)."""
    chosen = policy(game)
    if chosen != SITTER:
        return f"the game's absence policy is {chosen}, under which no sitter plays"
    if row.sitter_id is None or any(s.user_id == row.sitter_id for s in seats):
        return "you hold a seat in this game yourself"
    today = day_of(game, moment)
    where = f"today is {today.isoformat()} in the game's time zone"
    if today < row.start:
        return f"the absence begins on {row.start.isoformat()} ({where})"
    if today > row.end:
        return f"the absence ended on {row.end.isoformat()} ({where})"
    sat = sitting(game, row.sitter_id, seats, moment)
    if sat is None or sat.user_id != row.user_id:
        return "you sit for another seat of this game these days"
    return ""


def of_game(game: Game, today: date) -> list[dict[str, Any]]:
    """The absences of the game's seated players that have not ended, as every player of the
    game reads them: who, which power, from and to (no reason: none is stored)."""
    seats = Seat.objects.filter(game=game, active=True, is_bot=False, user__isnull=False)
    held: dict[int, str] = {s.user_id: s.power for s in seats if s.user_id is not None}
    rows = Absence.objects.filter(in_game(game), user_id__in=held, end__gte=today)
    return [
        {
            "player": a.user.username,
            "power": held[a.user_id],
            "start": a.start.isoformat(),
            "end": a.end.isoformat(),
            "sitter": a.sitter.username if a.sitter and policy(game) == SITTER else None,
        }
        for a in rows.select_related("user", "sitter").order_by("start", "id")
    ]


def mark_games(game_ids: Sequence[int], last: date) -> None:
    """Games ``game_ids`` have a declared absence up to ``last``: their turns look absences
    up until that day (``Game.away_until``)."""
    Game.objects.filter(pk__in=list(game_ids)).filter(
        Q(away_until__isnull=True) | Q(away_until__lt=last)
    ).update(away_until=last)


def last_day_of(game: Game, user_ids: Sequence[int]) -> date | None:
    """The last day of the absences players ``user_ids`` declared for all their games that
    have not ended (None: none): seated in ``game``, those absences concern it too."""
    if not user_ids:
        return None
    today = datetime.now(zone(game)).date()
    ends = Absence.objects.filter(user_id__in=list(user_ids), game__isnull=True, end__gte=today)
    return max(ends.values_list("end", flat=True), default=None)


def mark_seated(game: Game, user_ids: Sequence[int]) -> None:
    """Players ``user_ids`` were just seated in ``game`` (a replacement): mark the game for
    their absences declared for all their games."""
    last = last_day_of(game, user_ids)
    if last is not None:
        mark_games([game.pk], last)
