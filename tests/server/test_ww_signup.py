"""World Wide Battle Plan sign-ups through the server (ruling W-SIGNUP): preferences checked
at joining by every entrance (service, API; the web form and mail have their own tests), and
the game's own seating at the start (Equal Forces: starting spaces; Real Forces: positions
and a maximum fee), the GM's assignments first."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from umpire.core.session import SessionError
from umpire.server.models import Enrollment, Game, Seat
from umpire.server.store import load_record
from umpire.server.usecases import lifecycle

from .conftest import make_user

pytestmark = pytest.mark.django_db

ELEVEN = ("EFR", "EWG", "EIT", "ETU", "RRU", "RKZ", "RYA", "MES", "MIN", "IPU", "CSI")


def _forming(scenario: str, **settings: object) -> tuple[User, Game]:
    gm, _ = make_user("gamemaster", gm=True)
    return gm, lifecycle.create_game(gm, "ww", "battleplan", scenario=scenario, settings=settings)


def _seats(game: Game) -> dict[str, str | None]:
    return {
        s.power: (s.user.username if s.user else None)
        for s in Seat.objects.filter(game=game, active=True).select_related("user")
    }


@pytest.mark.rule("WW equal")
@pytest.mark.parametrize(
    ("prefs", "code"),
    [
        (["EXX"], "setup/unknown_start_space"),
        (["EIC"], "setup/island_not_asked"),  # an island: asked for only as ISLAND EIC
        (["ISLAND EFR"], "setup/not_an_island"),
        (ELEVEN, "setup/too_many_preferences"),
    ],
)
def test_equal_forces_preferences_are_checked_at_joining(prefs: list[str], code: str) -> None:
    _, game = _forming("equal")
    ann, _ = make_user("ann")
    with pytest.raises(SessionError) as err:
        lifecycle.join(game.pk, ann, prefs)
    assert err.value.code == code
    assert not Enrollment.objects.filter(game=game).exists()  # refused: nothing stored


@pytest.mark.rule("WW equal")
def test_equal_forces_seats_players_in_the_spaces_they_asked_for() -> None:
    gm, game = _forming("equal")
    ann, bob, cat, dan = (make_user(n)[0] for n in ("ann", "bob", "cat", "dan"))
    lifecycle.join(game.pk, ann, ["ntx", "France"])
    assert Enrollment.objects.get(user=ann).preferences == ["NTX", "EFR"]  # canonical
    lifecycle.join(game.pk, bob, ["NTX", "island eic"])  # Texas is taken: Iceland, asked for
    lifecycle.join(game.pk, cat, [])
    lifecycle.join(game.pk, dan, ["EWG"])
    # the GM's assignment wins: he gives cat Germany, so dan, who listed only Germany, gets the
    # GM's first free choice (France); the assigned seat is player [1]
    game = lifecycle.start(game.pk, gm, assignments={"EWG": "cat"})
    assert load_record(game).powers == ["EWG", "NTX", "EIC", "EFR"]
    assert _seats(game) == {"EWG": "cat", "NTX": "ann", "EIC": "bob", "EFR": "dan"}


@pytest.mark.rule("WW equal")
def test_an_anonymous_game_takes_the_same_preferences() -> None:
    gm, game = _forming("anonymous", fill_with_bots=True)  # one player: bots for the rest
    ann, _ = make_user("ann")
    with pytest.raises(SessionError) as err:
        lifecycle.join(game.pk, ann, ["ACI"])  # the Canary Islands: an island not asked for
    assert err.value.code == "setup/island_not_asked"
    lifecycle.join(game.pk, ann, ["ISLAND ACI"])
    game = lifecycle.start(game.pk, gm)
    assert _seats(game)["ACI"] == "ann"


@pytest.mark.parametrize(
    ("prefs", "code"),
    [
        (["Atlantis"], "setup/unknown_position"),
        (["USA", "$five"], "setup/bad_fee"),
        (["USA", "$5", "$6"], "setup/bad_fee"),
        (["USA", "RUS", "CHN", "FRA", "GER", "GBR", "ISR"], "setup/too_many_preferences"),
    ],
)
def test_real_forces_preferences_are_checked_at_joining(prefs: list[str], code: str) -> None:
    _, game = _forming("real")
    ann, _ = make_user("ann")
    with pytest.raises(SessionError) as err:
        lifecycle.join(game.pk, ann, prefs)
    assert err.value.code == code


def test_real_forces_seats_positions_within_each_players_fee() -> None:
    from umpire.games.battleplan.world.real import position, positions

    gm, game = _forming("real")
    ann, bob, cat, dan = (make_user(n)[0] for n in ("ann", "bob", "cat", "dan"))
    costly = positions()[0]  # the first line of the price list
    cheap = next(p for p in positions() if p.price <= 2.5)
    lifecycle.join(game.pk, ann, [costly.name, cheap.code])
    lifecycle.join(game.pk, bob, [costly.code, cheap.code, "$3.00"])  # taken, then affordable
    with pytest.raises(SessionError) as never:  # nothing he lists is within $1: told now
        lifecycle.join(game.pk, cat, [costly.code, "$1"])
    assert never.value.code == "setup/nothing_within_fee"
    lifecycle.join(game.pk, cat, [cheap.code, "$3"])  # affordable, but bob takes it: stands by
    lifecycle.join(game.pk, dan, ["$5"])  # the special deal: an unchosen position, 50c off
    game = lifecycle.start(game.pk, gm)
    seats = _seats(game)
    assert seats[costly.code] == "ann" and seats[cheap.code] == "bob"
    assert "cat" not in seats.values()
    assert Enrollment.objects.get(user=cat).standby
    dans = next(p for p, u in seats.items() if u == "dan")
    fees = load_record(game).initial_state["extra"]["fees"]
    assert fees[dans] == position(dans).price - 0.5 and position(dans).price - 0.5 <= 5
    assert fees[costly.code] == costly.price


def test_other_scenarios_keep_matching_power_names() -> None:
    gm, game = _forming("1939", fill_with_bots=True)  # one player: bots for the rest
    ann, _ = make_user("ann")
    with pytest.raises(SessionError) as refused:  # checked at once, not passed over at start
        lifecycle.join(game.pk, ann, ["nonsense", "ITA"])
    assert refused.value.code == "game/unknown_power"
    lifecycle.join(game.pk, ann, ["ita"])
    assert Enrollment.objects.get(game=game).preferences == ["ITA"]
    game = lifecycle.start(game.pk, gm)
    assert _seats(game)["ITA"] == "ann"


def test_the_api_refuses_a_bad_list_with_its_code() -> None:
    _, game = _forming("equal")
    _, api = make_user("ann")
    status, body = api.post(f"/games/{game.pk}/join", {"preferences": ["EIC"]})
    assert (status, body["code"]) == (400, "setup/island_not_asked")
    assert "ISLAND EIC" in body["message"]
    status, body = api.post(f"/games/{game.pk}/join", {"preferences": ["ISLAND EIC", "EFR"]})
    assert status == 200, body
    assert Enrollment.objects.get(game=game).preferences == ["ISLAND EIC", "EFR"]
