"""A game's seating comes from its seeded, recorded Chance: the record's ``seating_draws`` give
the same seats again (issue 28)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from umpire.core.chance import ReplayChance
from umpire.core.record import GameRecord
from umpire.server.models import Enrollment, Game, Seat
from umpire.server.store import load_record
from umpire.server.usecases import lifecycle
from umpire.server.usecases.seating import FREE_POWER, ORDER, seat_by_names, seat_left

from .conftest import make_user

pytestmark = pytest.mark.django_db


def _started(method: str, preferences: dict[str, list[str]]) -> tuple[int, list[Enrollment]]:
    gm, _ = make_user("gamemaster", gm=True)
    game = lifecycle.create_game(gm, "seating", "diplomacy", settings={"fill_with_bots": True})
    for name, wanted in preferences.items():
        user, _ = make_user(name)
        lifecycle.join(game.pk, user, wanted)
    enrolled = list(Enrollment.objects.filter(game=game, standby=False).select_related("user"))
    lifecycle.start(game.pk, gm, method=method)
    return game.pk, enrolled


def test_a_random_seating_is_drawn_from_the_recorded_chance_and_replays() -> None:
    game_id, enrolled = _started("random", {n: [] for n in ("ann", "bob", "cat", "dan")})
    record = load_record(Game.objects.get(pk=game_id))
    seats = {s.power: s.user for s in Seat.objects.filter(game_id=game_id, user__isnull=False)}
    assert len(seats) == 4
    # The order of the four (three draws, Fisher-Yates), then a free power for each.
    assert [d.purpose for d in record.seating_draws] == [ORDER] * 3 + [FREE_POWER] * 4
    assert [d.high for d in record.seating_draws[3:]] == [6, 5, 4, 3]  # 7, 6, 5, 4 powers free

    again = ReplayChance(record.seating_draws)
    holder: dict[str, User] = {}
    left = seat_by_names(record.powers, enrolled, holder, "random", again)
    assert seat_left(record.powers, left, holder, again) == []
    assert holder == seats and again.complete

    # The draws are part of the record and survive its JSON round trip.
    data = record.to_json()
    assert GameRecord.from_json(data).seating_draws == record.seating_draws


def test_a_seating_by_preferences_alone_draws_nothing_and_the_record_is_as_before() -> None:
    game_id, _ = _started("preferences", {"ann": ["England"], "bob": ["France"]})
    record = load_record(Game.objects.get(pk=game_id))
    assert record.seating_draws == []
    assert "seating_draws" not in record.to_json()
    seats = {
        s.power: s.user.username for s in Seat.objects.filter(game_id=game_id).exclude(user=None)
    }
    assert seats == {"ENG": "ann", "FRA": "bob"}
