"""Who holds which power when a game starts: the game master's assignments, then the
players' preferences in join order (or a random order), or the game's own seating (core's
``HasSeating``).

Every random choice of the seating (the order of the players with ``method="random"``, a
free power for a player left without one, the game's own seating's draws) comes from one
seeded, recorded :class:`~umpire.core.chance.Chance`, :func:`seating_chance` (the game's
seed, stream ``"seating"``); its draws go into the game's record (``seating_draws``), so the
seating is given again by the record's draws (:class:`~umpire.core.chance.ReplayChance`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from django.contrib.auth.models import User

from umpire.core import registry, session
from umpire.core.chance import Chance, SeededChance
from umpire.core.powers import power_named
from umpire.core.problems import OrderError
from umpire.core.record import GameRecord
from umpire.core.ruleset import HasSeating
from umpire.core.session import SessionError
from umpire.server import errors as E
from umpire.server.errors import refuse
from umpire.server.models import Enrollment, Game


def assigned(assignments: dict[str, str], resolve: Callable[[str], str]) -> dict[str, User]:
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


ORDER = "seating: the order players are seated in"
FREE_POWER = "seating: a free power"


def seating_chance(seed: int) -> SeededChance:
    """The one Chance every draw of a game's seating comes from (recorded in its draws)."""
    return SeededChance(seed, "seating")


def seat_by_names(
    powers: Sequence[str],
    enrolled: list[Enrollment],
    holder: dict[str, User],
    method: str,
    chance: Chance,
) -> list[Enrollment]:
    """Players in order of joining (``method="random"``: in an order drawn from ``chance``)
    get their first free preference among the powers' names (``holder`` grows); those left
    unseated are returned."""
    seated = {u.pk for u in holder.values()}
    waiting = [e for e in enrolled if e.user_id not in seated]
    if method == "random":
        waiting = chance.shuffle(waiting, purpose=ORDER)
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


def seat_by_game(
    game: Game,
    ruleset: HasSeating,
    enrolled: list[Enrollment],
    assignments: dict[str, str],
    powers: list[str],
    method: str,
    chance: Chance,
    *,
    bots: bool = False,
) -> tuple[GameRecord, dict[str, User], list[Enrollment]]:
    """A game that seats its players itself (core's HasSeating: starting spaces, positions
    of a price list): the GM's assignments first, then the game's own seating of everyone
    else's preferences in join order (``method="random"``: in a random order, without
    preferences). Returns the new record, who holds which power, and those with no seat."""
    info = registry.game(game.game).info.scenario(game.scenario)
    names = dict(info.names)
    holder = assigned(assignments, lambda p: power_named(p, info.powers, names))
    seated = {u.pk for u in holder.values()}
    waiting = [e for e in enrolled if e.user_id not in seated]
    if method == "random":
        waiting = chance.shuffle(waiting, purpose=ORDER)
    lists = [list(e.preferences) if method == "preferences" else [] for e in waiting]
    wanted = [power_named(p, info.powers, names) for p in powers]
    # Bots play every empty seat: without the GM's own list of powers, the game has as many
    # seats as the lobby showed (the scenario's default powers), the players' and then the
    # defaults not taken (ruling in docs/server.md, Starting a game).
    seats = len(wanted)
    if bots and not wanted:
        wanted = list(info.default_powers or info.powers)
        seats = len(wanted)
    try:
        seating = ruleset.seat_players(lists, list(holder), wanted, chance)
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


def seat_left(
    powers: Sequence[str], left: list[Enrollment], holder: dict[str, User], chance: Chance
) -> list[Enrollment]:
    """Each player still without a seat gets a free power drawn from ``chance`` (``holder``
    grows); those for whom none is left are returned (they stand by)."""
    standby: list[Enrollment] = []
    for entry in left:
        free = [p for p in powers if p not in holder]
        if not free:
            standby.append(entry)
            continue
        holder[chance.choice(free, purpose=FREE_POWER)] = entry.user
    return standby


# --- orders, readiness, press ------------------------------------------------------------
