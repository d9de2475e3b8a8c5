"""A game's life before its turns: created by a game master, joined by players (or stood
by for), started (the powers seated and turn 1 opened)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from umpire.core import registry, session
from umpire.core.errors import GAME_OVER, UNKNOWN_SCENARIO
from umpire.core.powers import power_named, resolve_power
from umpire.core.problems import OrderError
from umpire.core.session import SessionError
from umpire.server import absence, community
from umpire.server import errors as E
from umpire.server.accounts import new_code, why_not_create
from umpire.server.errors import refuse
from umpire.server.mail import outbound
from umpire.server.models import Enrollment, Game, GameStatus, Seat
from umpire.server.schemas import (
    NAME_MAX,
    check_settings,
)
from umpire.server.store import (
    keep_status,
    notice_at,
    save_outputs,
)
from umpire.server.usecases.common import audit, locked, require_gm, seat_of
from umpire.server.usecases.seating import (
    assigned,
    seat_by_game,
    seat_by_names,
    seat_left,
    seating_chance,
)
from umpire.server.usecases.seats import replace_seat
from umpire.server.usecases.turns import schedule


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
        audit(row, gm, "create", game=row.game, scenario=row.scenario, settings=options)
        outbound.game_created(row)
    return row


def join(game_id: int, user: User, preferences: Sequence[str] = ()) -> str:
    """Join a forming game, take a bot's seat in an open running game, or stand by."""
    with transaction.atomic():
        game = locked(game_id)
        if seat_of(game, user) is not None:
            raise refuse(E.SEAT_ALREADY, who="you", holds="hold")
        prefs = [str(p) for p in preferences]
        community.check_join(game, user)
        if game.status == GameStatus.FORMING:
            prefs = checked_preferences(game, prefs)
            Enrollment.objects.update_or_create(
                game=game, user=user, defaults={"preferences": prefs, "standby": False}
            )
            return "joined; powers are assigned when the game starts"
        if game.status == GameStatus.FINISHED:
            raise refuse(GAME_OVER, detail="")
        if game.setting("open_bot_seats", False):
            bots = list(Seat.objects.filter(game=game, active=True, is_bot=True))
            names = dict(registry.game(game.game).info.scenario(game.scenario).names)
            wanted = [power_named(p, game.powers or [], names) for p in prefs]
            rank = {p: i for i, p in reversed(list(enumerate(wanted)))}
            bots.sort(key=lambda s: rank.get(s.power, len(rank)))
            if bots:
                replace_seat(bots[0], user=user, note="took over from a bot")
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
        audit(chosen, user, "standby", pool=True)
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
    players in order of joining (``"random"``: in a drawn order) get their first free
    preference; everyone left gets a free power drawn for him. Every draw comes from the
    game's seating Chance and is kept in its record (``seating_draws``). A game with a seating of its own (core's HasSeating) decides the
    powers and who holds them from the preferences itself; whoever it leaves out stands by. Powers nobody holds are played by bots if ``fill_with_bots`` is set,
    else they stay vacant (their orders are filled by the game's rules).
    """
    if method not in ("preferences", "random"):
        raise refuse(E.GAME_BAD_REQUEST, problem="method must be 'preferences' or 'random'")
    with transaction.atomic():
        game = locked(game_id)
        require_gm(game, actor)
        if game.status != GameStatus.FORMING:
            raise refuse(E.GAME_STARTED)
        enrolled = list(Enrollment.objects.filter(game=game, standby=False).select_related("user"))
        chance = seating_chance(game.seed)  # every draw of the seating, recorded
        seating = registry.game(game.game).capabilities(game.scenario).seating
        wanted_powers = list(powers or game.setting("powers", None) or [])
        left: list[Enrollment] = []
        bots = bool(game.setting("fill_with_bots", False))
        if seating is not None:
            record, holder, unseated = seat_by_game(
                game, seating, enrolled, assignments or {}, wanted_powers, method, chance,
                bots=bots,
            )  # fmt: skip
            if not holder and unseated:
                raise refuse(
                    E.GAME_NOBODY_SEATED,
                    names=", ".join(e.user.username for e in unseated),
                    help=seating.preferences_help,
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
            holder = assigned(assignments or {}, lambda p: resolve_power(record, p))
            left = seat_by_names(record.powers, enrolled, holder, method, chance)
        for entry in seat_left(record.powers, left, holder, chance):
            entry.standby = True
            entry.save(update_fields=["standby"])
        record.seating_draws = list(chance.draws)
        enough_players(game, len(holder), len(record.powers) - len(holder) if bots else 0)
        for p in record.powers:
            user = holder.get(p)
            seat = Seat.objects.create(
                game=game,
                power=p,
                user=user,
                is_bot=user is None and bots,
                secret_code=new_code(),
            )
            outbound.seat_taken(seat)
        Enrollment.objects.filter(game=game, standby=False).delete()
        now = timezone.now()
        game.powers = list(record.powers)
        game.initial_state = record.initial_state
        game.setup_draws = [d.to_json() for d in record.setup_draws]
        game.seating_draws = [d.to_json() for d in record.seating_draws]
        game.outcome = record.outcome.to_json() if record.outcome else None
        game.status = GameStatus.RUNNING
        game.started_at = now
        game.turn = 1
        table = session.open_table(record)
        keep_status(game, table)
        save_outputs(game, table)
        # absences its players declared for all their games concern it too (Game.away_until)
        game.away_until = absence.last_day_of(game, [u.pk for u in holder.values()])
        schedule(game, table.pending(), now)
        game.save()
        audit(game, actor, "start", seats={p: u.username for p, u in holder.items()})
    return game


def enough_players(game: Game, joined: int, bots: int) -> None:
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


def checked_preferences(game: Game, prefs: list[str]) -> list[str]:
    """A sign-up's preferences as the game takes them: checked and made canonical by a game
    with a seating of its own (core's HasSeating), else power names read as everywhere else
    (code or full name, any case: ``England`` is ``ENG``) and kept as the powers' codes; a
    name that is no power of the game is refused (``game/unknown_power``), not kept to be
    silently passed over at the start."""
    record = registry.game(game.game)
    seating = record.capabilities(game.scenario).seating
    if seating is None:
        info = record.info.scenario(game.scenario)
        powers = list(game.setting("powers", None) or info.default_powers or info.powers)
        names = dict(info.names)
        return list(dict.fromkeys(power_named(p, powers, names) for p in prefs))
    try:
        return seating.check_preferences(prefs)
    except OrderError as err:
        raise SessionError(err.code, err.message) from err
