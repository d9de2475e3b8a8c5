"""The board (COTW 1), the order of play (2, 3) and the first attack option (8)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.games.conquest.helpers import GAME, fresh, play, texts
from umpire.core.submission import parse
from umpire.games.conquest.geography import board
from umpire.games.conquest.model import ATTACK, HOME_ALLIANCES, HOMELAND, HOMELAND_KIND
from umpire.games.conquest.opening import called_digits, first_player

PRINTED = {
    "CAN": 7, "USA": 30, "MEX": 5,
    "GRE": 1, "ITA": 5, "FRG": 10, "ESP": 4, "FRA": 8, "GBR": 8, "NOR": 2,
    "AFG": 2, "PAK": 4, "IND": 6, "BAN": 2, "PHI": 3, "INA": 6,
}  # fmt: skip


@pytest.mark.rule("COTW 1")
def test_the_board_has_43_countries_in_11_zones_with_the_printed_values() -> None:
    b = board()
    assert len(b.countries) == 43 and len(b.zones) == 11
    assert {c: b.pbu(c) for c in PRINTED} == PRINTED
    assert {c.code for c in b.countries.values() if c.provenance == "manual"} == set(PRINTED)
    assert b.zones[1].countries == ("CAN", "USA", "MEX")  # illustration A's order
    assert b.zones[4].countries == ("GRE", "ITA", "FRG", "ESP", "FRA", "GBR", "NOR")
    assert b.zones[6].countries == ("AFG", "PAK", "IND", "BAN")
    assert sum(len(z.countries) for z in b.zones.values()) == 43


@pytest.mark.rule("COTW 2")
def test_the_number_closest_to_the_readout_goes_first_and_the_higher_wins_a_tie() -> None:
    assert first_player({"RED": 3, "BLUE": 8}, 6) == "BLUE"
    assert first_player({"RED": 4, "BLUE": 8}, 6) == "BLUE"  # 4 and 8 both 2 away: higher
    assert first_player({"RED": 5, "BLUE": 8}, 6) == "RED"


@pytest.mark.rule("COTW 2")
def test_no_two_players_call_the_same_number() -> None:
    state = fresh(3)
    orders = {p: [o for _, o in parse(GAME, state, p, "DIGIT 4").orders] for p in state.seats}
    assert called_digits(state, orders) == {"RED": 4, "BLUE": 5, "GREEN": 6}


@pytest.mark.rule("COTW 2")
@pytest.mark.rule("COTW 3")
def test_the_readout_is_a_recorded_draw_and_homelands_go_clockwise_from_the_first() -> None:
    state = fresh(4)
    assert GAME.pending(state).powers == ("RED", "BLUE", "GREEN", "YELLOW")
    orders = {"RED": "DIGIT 1", "BLUE": "DIGIT 9", "GREEN": "DIGIT 5", "YELLOW": "DIGIT 3"}
    state, events = play(state, orders, [6])
    assert state.readout == 6 and state.phase == HOMELAND
    assert state.order == ("GREEN", "YELLOW", "RED", "BLUE")  # 5 is closest, then to the left
    assert "The readout stopped at 6" in texts(events)
    assert GAME.pending(state).powers == ("GREEN",)


@pytest.mark.rule("COTW 3")
@pytest.mark.rule("COTW 8")
def test_homelands_in_turn_then_home_alliances_then_the_last_chooser_attacks_first() -> None:
    state = replace(fresh(2), phase=HOMELAND, order=("BLUE", "RED"))
    state, _ = play(state, {"BLUE": "HOMELAND USA"})
    refused = parse(GAME, state, "RED", "HOMELAND USA")
    assert refused.problems[0].code == "illegal/taken"
    assert parse(GAME, state, "BLUE", "HOMELAND FRG").problems[0].code == "illegal/not_your_turn"
    state, _ = play(state, {"RED": "homeland west germany"})
    assert state.homelands == {"BLUE": "USA", "RED": "FRG"}
    assert state.holdings["FRG"] == ("RED", HOMELAND_KIND)
    assert state.phase == HOME_ALLIANCES
    assert GAME.pending(state).powers == ("RED", "BLUE")
    state, _events = play(state, {"RED": "ALLY ITA", "BLUE": ""})
    assert state.phase == ATTACK and state.holder == "RED"  # 8: the last to choose
    assert state.may_ally  # 8A: an alliance (rule 9) ...
    assert parse(GAME, state, "RED", "ALLY IND\nATTACK BRA").problems[0].code == "illegal/chips"
    assert parse(GAME, state, "RED", "ATTACK BRA").problems == []  # 8B: ... or an attack


@pytest.mark.rule("COTW 3")
def test_a_player_who_names_no_homeland_gets_the_strongest_free_country() -> None:
    state = replace(fresh(2), phase=HOMELAND, order=("BLUE", "RED"))
    state, _ = play(state, {"BLUE": "HOMELAND USA"})
    state, events = play(state, {})
    assert state.homelands["RED"] == "USSR"  # 30, the strongest left (ruling C11)
    assert "ruling C11" in texts(events)


@pytest.mark.rule("COTW 4")
def test_two_homelands_in_one_zone_ally_in_the_order_they_were_chosen() -> None:
    state = replace(fresh(2), phase=HOMELAND, order=("BLUE", "RED"))
    state, _ = play(state, {"BLUE": "HOMELAND FRG"})
    state, _ = play(state, {"RED": "HOMELAND FRA"})
    state, events = play(state, {"RED": "ALLY ESP", "BLUE": "ALLY ESP"})
    assert state.holdings["ESP"] == ("BLUE", "allied")  # ruling C3
    assert "RED cannot ally with Spain" in texts(events)
