"""Who keeps his word, and how well he plays: reliability and ratings, from the game records.

Every figure here is computed from what the games recorded, so that anyone can compute it
again (``umpire community --recompute`` does, and reports where the stored figures differ).

**Reliability.** A processed turn makes one :class:`Duty` per power it waited for (the
game's own ``pending(state before the turn).powers``) held by an account when the turn was
processed: *in time* when that account's own submission (``web``, ``api``, ``email`` or
``cli``, not void) was received before the turn was processed; *missed* otherwise (the
game's standing orders, defaults or a bot played it). An account's :class:`Reliability`
counts its duties, the seats it left or lost (``Seat.left_at``) and the finished games it
held a seat in to the end.

**Ratings.** One OpenSkill rating per game family (the ruleset's registry name), changed by
each finished game with a result (``docs/ratings.md``: the model, its parameters and how a
game's outcome becomes a ranking).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Count, Q
from openskill.models import PlackettLuce

from umpire.core import registry, session
from umpire.core.record import TurnRecord
from umpire.core.ruleset import Outcome
from umpire.server import statements
from umpire.server.errors import SEAT_UNRELIABLE, refuse
from umpire.server.models import (
    Duty,
    Game,
    GameStatus,
    Rating,
    RatingChange,
    Reliability,
    Seat,
    Submission,
    Turn,
)
from umpire.server.store import load_record

# A player's own orders; ``bot`` and ``default`` are written for him.
OWN_SOURCES = ("web", "api", "email", "cli")
GAME_FIGURES = ("games_left", "games_finished")

# The OpenSkill model and its parameters (the library's defaults, named here so that
# docs/ratings.md and a recomputation use the same ones).
MU = 25.0
SIGMA = MU / 3
BETA = SIGMA / 2
TAU = MU / 300
MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


# --- reliability -------------------------------------------------------------------------


@dataclass(frozen=True)
class DutyFact:
    game_id: int
    turn: int  # its number in the game
    label: str
    power: str
    user_id: int
    in_time: bool

    def row(self) -> Duty:
        return Duty(
            game_id=self.game_id,
            number=self.turn,
            label=self.label,
            power=self.power,
            user_id=self.user_id,
            in_time=self.in_time,
        )


def _holder(seats: Sequence[Seat], power: str, at: Any) -> int | None:
    """The account that held ``power`` at ``at`` (None: a bot, nobody)."""
    for seat in seats:
        if seat.power != power or seat.joined_at > at:
            continue
        if seat.left_at is not None and seat.left_at <= at:
            continue
        return None if seat.is_bot else seat.user_id
    return None


def duties_from_record(game: Game) -> list[DutyFact]:
    """Every duty of ``game``, recomputed from its record: the powers each turn waited for
    are the game's own ``pending`` of the state before it; the holder of each is the account
    whose seat was active when the turn was processed; in time when a submission of his own
    for that turn (not void) was received before then."""
    if game.initial_state is None:
        return []
    table = session.open_table(load_record(game))
    turns = list(Turn.objects.filter(game=game).order_by("number"))
    seats = list(Seat.objects.filter(game=game).order_by("joined_at", "id"))
    own: dict[tuple[int, str, int], list[Any]] = defaultdict(list)
    rows = Submission.objects.filter(
        game=game, void=False, source__in=OWN_SOURCES, user__isnull=False
    ).values_list("turn", "power", "user_id", "received_at")
    for number, power, user_id, received in rows:
        own[(number, power, user_id)].append(received)
    facts = []
    for turn in turns:
        waited = table.ruleset.pending(table.state_after(turn.number - 1)).powers
        for power in waited:
            holder = _holder(seats, power, turn.processed_at)
            if holder is None:
                continue
            sent = own.get((turn.number, power, holder), [])
            in_time = any(when <= turn.processed_at for when in sent)
            facts.append(DutyFact(game.pk, turn.number, turn.label, power, holder, in_time))
    return facts


def turn_processed(game: Game, done: TurnRecord, seats: Sequence[Seat]) -> list[DutyFact]:
    """Hook: turn ``done`` of ``game`` was just processed, ``seats`` its active seats. Call
    it before ``keep_status``: ``game.expected`` still names the powers the turn waited for.
    One statement: the turn's duties inserted (a submission of a seat's power received since
    the seat was taken is its holder's: only he submits for it). Returns the duties."""
    facts = []
    for power in game.expected:
        seat = next((s for s in seats if s.power == power), None)
        if seat is None or seat.is_bot or seat.user_id is None:
            continue
        in_time = any(
            sub.power == power
            and sub.source in OWN_SOURCES
            and datetime.fromisoformat(sub.received) >= seat.joined_at
            for sub in done.submissions
        )
        facts.append(DutyFact(game.pk, done.number, done.label, power, seat.user_id, in_time))
    statements.insert([f.row() for f in facts])  # compiled once; nothing when no duty
    return facts


def _game_figures(user_id: int) -> dict[str, int]:
    """The games an account left or lost, and those it held a seat in to their end."""
    seats = Seat.objects.filter(user_id=user_id, is_bot=False)
    left = seats.filter(left_at__isnull=False).values("game_id").distinct().count()
    finished = seats.filter(active=True, game__status=GameStatus.FINISHED)
    return {
        "games_left": left,
        "games_finished": finished.values("game_id").distinct().count(),
    }


def refresh(user_ids: Iterable[int | None]) -> None:
    """Store the game figures of these accounts again."""
    for user_id in {u for u in user_ids if u is not None}:
        Reliability.objects.update_or_create(user_id=user_id, defaults=_game_figures(user_id))


def seat_replaced(seat: Seat) -> None:
    """Hook: ``seat`` (now inactive) was left or given to someone else."""
    refresh([seat.user_id])


def turn_undone(game: Game) -> None:
    """Hook: a game master rolled back a turn of ``game``: its duties go with it."""
    Duty.objects.filter(game=game, number__gte=game.turn).delete()
    refresh(Seat.objects.filter(game=game).values_list("user_id", flat=True))
    if RatingChange.objects.filter(game=game).exists():
        recompute_ratings(game.game)


def _turn_counts(user_ids: Iterable[int]) -> dict[int, tuple[int, int]]:
    """(turns due, turns with orders in time) of each account, in one grouped query."""
    rows = (
        Duty.objects.filter(user_id__in=list(user_ids))
        .values("user_id")
        .annotate(due=Count("id"), in_time=Count("id", filter=Q(in_time=True)))
    )
    return {r["user_id"]: (r["due"], r["in_time"]) for r in rows}


def _percent(due: int, in_time: int) -> int | None:
    return round(100 * in_time / due) if due else None


def reliability_of(user: User) -> dict[str, Any]:
    """The figures of ``user`` and his percentage (None: no turn due yet)."""
    due, in_time = _turn_counts([user.pk]).get(user.pk, (0, 0))
    row = Reliability.objects.filter(user=user).first()
    return {
        "turns_due": due,
        "turns_in_time": in_time,
        "turns_missed": due - in_time,
        "games_left": row.games_left if row else 0,
        "games_finished": row.games_finished if row else 0,
        "percent": _percent(due, in_time),
    }


def reliability_by_user(user_ids: Iterable[int]) -> dict[int, int | None]:
    """The reliability percentage of each of these accounts (None: no turn due yet)."""
    wanted = list(user_ids)
    counts = _turn_counts(wanted)
    return {u: _percent(*counts.get(u, (0, 0))) for u in wanted}


def check_join(game: Game, user: User) -> None:
    """Refuse ``user`` a seat in ``game`` below its game master's limits (``seat/unreliable``)."""
    why = join_refusal(game, user)
    if why is not None:
        raise refuse(SEAT_UNRELIABLE, **why)


def after_gm_action(game: Game, action: str) -> None:
    """Hook: a game master's action on ``game`` was carried out (``service.gm_action``)."""
    if action == "end":
        game_ended(game)
    elif action == "rollback":
        turn_undone(game)


def join_refusal(game: Game, user: User) -> dict[str, Any] | None:
    """Why ``user`` may not join ``game`` by its game master's limits (None: he may)."""
    least = game.setting("min_reliability", None)
    most = game.setting("max_missed", None)
    if least is None and most is None:
        return None
    mine = reliability_of(user)
    if least is not None and mine["percent"] is not None and mine["percent"] < least:
        return {"what": f"a reliability of {mine['percent']}%", "limit": f"at least {least}%"}
    if most is not None and mine["turns_missed"] > most:
        return {"what": f"{mine['turns_missed']} missed turns", "limit": f"at most {most}"}
    return None


# --- ratings -----------------------------------------------------------------------------


def _last_expected(game: Game) -> dict[str, int]:
    """How long each power lasted: the last turn it was waited for (who went out later lasted
    longer); in a game that knows its survivors (draw votes), every survivor lasted to
    the end, whether or not the last turn (a retreat, an adjustment) waited for him."""
    last: dict[str, int] = {}
    if game.initial_state is None:
        return last
    table = session.open_table(load_record(game))
    for t in table.record.turns:
        for power in table.ruleset.pending(table.state_after(t.number - 1)).powers:
            last[power] = t.number
    votes = registry.game(game.game).capabilities(game.scenario).draw_votes
    if votes is not None:
        for power in votes.survivors(table.state):
            last[power] = len(table.record.turns) + 1
    return last


def ranking(game: Game) -> dict[str, int]:
    """The rank of each power in ``game``'s outcome (1 first, equal ranks tie): the winners
    first (a draw ties them); then the others by the game's own scores; then by how long
    they lasted (eliminated powers in the order they went out). Empty: no result to rate."""
    if game.outcome is None:
        return {}
    outcome = Outcome.from_json(game.outcome)
    if not outcome.winners:  # ended by its game master without a result
        return {}
    lasted = _last_expected(game)
    powers = list(game.powers or [])

    def key(power: str) -> tuple[int, float, int]:
        if power in outcome.winners:  # the winners tie, whatever else they did
            return (0, 0.0, 0)
        return (1, -float(outcome.scores.get(power, 0.0)), -lasted.get(power, 0))

    ordered = sorted(powers, key=key)
    ranks: dict[str, int] = {}
    for i, power in enumerate(ordered):
        same = i and key(ordered[i - 1]) == key(power)
        ranks[power] = ranks[ordered[i - 1]] if same else i + 1
    return ranks


def rated_seats(game: Game) -> dict[str, int]:
    """The human seats a finished game rates: power -> account (empty: the game is unrated,
    has no result, or fewer than two people to compare)."""
    if game.setting("unrated", False) or game.status != GameStatus.FINISHED:
        return {}
    seats = Seat.objects.filter(game=game, active=True, is_bot=False, user__isnull=False)
    held = {s.power: s.user_id for s in seats if s.user_id is not None}
    return held if len(set(held.values())) >= 2 else {}


def _rate(
    game: Game, current: dict[tuple[int, str], tuple[float, float, int]]
) -> list[RatingChange]:
    """The rating changes ``game`` makes from ``current`` ((user, family) -> mu, sigma,
    games), which is updated in place."""
    held = rated_seats(game)
    ranks = ranking(game) if held else {}
    powers = [p for p in held if p in ranks]
    if len(powers) < 2:
        return []
    family = game.game
    before = [current.get((held[p], family), (MU, SIGMA, 0)) for p in powers]
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma, _ in before]
    after = MODEL.rate(teams, ranks=[float(ranks[p]) for p in powers])
    changes = []
    for power, (mu, sigma, games), team in zip(powers, before, after, strict=True):
        new = team[0]
        current[(held[power], family)] = (float(new.mu), float(new.sigma), games + 1)
        changes.append(
            RatingChange(
                user_id=held[power],
                game=game,
                family=family,
                power=power,
                rank=ranks[power],
                mu_before=mu,
                sigma_before=sigma,
                mu_after=float(new.mu),
                sigma_after=float(new.sigma),
            )
        )
    return changes


def game_ended(game: Game) -> None:
    """Hook: ``game`` has just finished (its rules ended it, a vote carried, or its game
    master ended it): the figures of its players, and its family's ratings."""
    refresh(Seat.objects.filter(game=game).values_list("user_id", flat=True))
    if RatingChange.objects.filter(game=game).exists():
        return
    held = rated_seats(game)
    current = {
        (r.user_id, r.family): (r.mu, r.sigma, r.games)
        for r in Rating.objects.filter(user_id__in=held.values(), family=game.game)
    }
    changes = _rate(game, current)
    RatingChange.objects.bulk_create(changes)
    for change in changes:
        mu, sigma, games = current[(change.user_id, change.family)]
        Rating.objects.update_or_create(
            user_id=change.user_id,
            family=change.family,
            defaults={"mu": mu, "sigma": sigma, "games": games},
        )


def ordinal(mu: float, sigma: float) -> float:
    """The figure leaderboards sort by: a rating the player is very likely above."""
    return mu - 3 * sigma


def _rated_games(family: str | None = None) -> list[Game]:
    games = Game.objects.filter(status=GameStatus.FINISHED, outcome__isnull=False)
    if family is not None:
        games = games.filter(game=family)
    return list(games.order_by("finished_at", "id"))


def ratings_from_records(
    family: str | None = None,
) -> tuple[dict[tuple[int, str], tuple[float, float, int]], list[RatingChange]]:
    """Every rating and change, replayed from the finished games in the order they ended."""
    current: dict[tuple[int, str], tuple[float, float, int]] = {}
    changes: list[RatingChange] = []
    for game in _rated_games(family):
        changes += _rate(game, current)
    return current, changes


def recompute_ratings(family: str) -> None:
    """Replay one family's ratings from scratch (a finished game was rolled back)."""
    current, changes = ratings_from_records(family)
    with transaction.atomic():
        RatingChange.objects.filter(family=family).delete()
        Rating.objects.filter(family=family).delete()
        RatingChange.objects.bulk_create(changes)
        Rating.objects.bulk_create(
            Rating(user_id=u, family=f, mu=mu, sigma=sigma, games=n)
            for (u, f), (mu, sigma, n) in current.items()
        )


# --- recomputing everything --------------------------------------------------------------


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def differences() -> list[str]:
    """Where the stored figures differ from the ones the records give (empty: they agree)."""
    facts = _all_duties()
    return _duty_differences(facts) + _figure_differences() + _rating_differences()


def _all_duties() -> list[DutyFact]:
    facts: list[DutyFact] = []
    for game in Game.objects.exclude(initial_state__isnull=True).order_by("id"):
        facts += duties_from_record(game)
    return facts


def _duty_differences(facts: Sequence[DutyFact]) -> list[str]:
    fresh = {(f.game_id, f.turn, f.power): (f.label, f.user_id, f.in_time) for f in facts}
    stored = {
        (g, n, p): (label, u, t)
        for g, n, p, label, u, t in Duty.objects.values_list(
            "game_id", "number", "power", "label", "user_id", "in_time"
        )
    }
    return [
        f"duty game {key[0]} turn {key[1]} {key[2]}: stored {stored.get(key)}, "
        f"records {fresh.get(key)}"
        for key in sorted(set(fresh) | set(stored))
        if fresh.get(key) != stored.get(key)
    ]


def _figure_differences() -> list[str]:
    found = []
    users = set(Reliability.objects.values_list("user_id", flat=True))
    users |= {u for u in Seat.objects.values_list("user_id", flat=True) if u is not None}
    for user_id in sorted(users):
        row = Reliability.objects.filter(user_id=user_id).first()
        have = {k: getattr(row, k) if row else 0 for k in GAME_FIGURES}
        want = _game_figures(user_id)
        found += [
            f"reliability of account {user_id}: {k} stored {have[k]}, records {want[k]}"
            for k in GAME_FIGURES
            if have[k] != want[k]
        ]
    return found


def _rating_differences() -> list[str]:
    found = []
    current, changes = ratings_from_records()
    stored = {(r.user_id, r.family): (r.mu, r.sigma, r.games) for r in Rating.objects.all()}
    for key in sorted(set(current) | set(stored)):
        a, b = stored.get(key), current.get(key)
        if a is None or b is None or not (_close(a[0], b[0]) and _close(a[1], b[1])):
            found.append(f"rating of account {key[0]} in {key[1]}: stored {a}, records {b}")
        elif a[2] != b[2]:
            found.append(f"rating of account {key[0]} in {key[1]}: games {a[2]}, records {b[2]}")
    stored_c = {(c.game_id, c.user_id): c for c in RatingChange.objects.all()}
    fresh_c = {(c.game_id, c.user_id): c for c in changes}
    for pair in sorted(set(stored_c) | set(fresh_c)):
        s, f = stored_c.get(pair), fresh_c.get(pair)
        if s is None or f is None or s.rank != f.rank or not _close(s.mu_after, f.mu_after):
            found.append(f"rating change of account {pair[1]} by game {pair[0]} differs")
    return found


def recompute() -> list[str]:
    """Recompute every figure from the records, store it, and say what differed."""
    found = differences()
    facts = _all_duties()
    with transaction.atomic():
        Duty.objects.all().delete()
        Duty.objects.bulk_create(f.row() for f in facts)
        users = set(Seat.objects.filter(user__isnull=False).values_list("user_id", flat=True))
        refresh(users | set(Reliability.objects.values_list("user_id", flat=True)))
        families = set(Game.objects.values_list("game", flat=True))
        families |= set(Rating.objects.values_list("family", flat=True))
        for family in families:
            recompute_ratings(family)
    return found


def duties_of(user: User, limit: int = 200) -> list[Duty]:
    """The turns that counted for ``user``'s reliability, newest first."""
    return list(Duty.objects.filter(user=user).select_related("game").order_by("-id")[:limit])
