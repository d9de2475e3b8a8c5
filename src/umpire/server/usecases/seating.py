"""Who holds which power when a game starts: the game master's assignments, then the
players' preferences in join order (or a random order), or the game's own seating (core's
``HasSeating``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from django.contrib.auth.models import User

from umpire.core import registry, session
from umpire.core.chance import SeededChance
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


def seat_by_names(
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


def seat_by_game(
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
    holder = assigned(assignments, lambda p: session.power_named(p, info.powers, names))
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
