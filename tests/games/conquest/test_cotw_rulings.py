"""The rulings of docs/rulings/conquest.md on what the manual leaves open."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.games.conquest.helpers import GAME, fresh, opened, play, texts
from umpire.core.submission import parse
from umpire.games.conquest import economy
from umpire.games.conquest.model import ENDGAME

THREE = {"RED": "USA", "BLUE": "FRG", "GREEN": "CHN"}


@pytest.mark.rule("COTW 2")
def test_c2_a_missing_number_is_the_lowest_free_one() -> None:
    state, _events = play(fresh(3), {"RED": "DIGIT 0", "GREEN": "DIGIT 9"}, [1])
    assert state.digits == {"RED": 0, "BLUE": 1, "GREEN": 9}
    assert state.order[0] == "BLUE"


@pytest.mark.rule("COTW 10")
def test_c8_no_order_with_the_attack_option_is_a_pass() -> None:
    state, events = play(opened(THREE, holder="RED"), {})
    assert state.holder == "BLUE" and state.passes == 1
    assert "RED does not attack" in texts(events)


@pytest.mark.rule("COTW 20")
def test_c8_a_full_round_of_passes_ends_the_attacks() -> None:
    state = opened(THREE, holder="RED", chips={"RED": 1200}, record={"RED": 4})
    for power in ("RED", "BLUE"):
        state, _ = play(state, {power: "PASS"})
    state, events = play(state, {"GREEN": "PASS"})
    assert "Every player passed in turn" in texts(events)
    assert state.phase == ENDGAME
    assert state.record["RED"] == 4 + 2  # 20C: 1200 in chips is one step


@pytest.mark.rule("COTW 13")
def test_c6_a_short_warchest_pays_what_it_holds() -> None:
    state = replace(opened(THREE), warchest=700)
    state, events = economy.pay_out(state, "RED", 1400, "booty")
    assert state.chips["RED"] == 700 and state.warchest == 0
    assert "held only 700 of the 1400 owed" in texts(events)


@pytest.mark.rule("COTW 7")
def test_c5_the_bonus_is_paid_again_after_a_zone_is_lost_and_won_back() -> None:
    held = {"CAN": ("RED", "allied"), "MEX": ("RED", "allied")}
    state = opened(THREE, held)
    board = GAME.board(state)
    state, _ = economy.zone_bonus(state, board, "RED")
    assert state.chips["RED"] == 2000
    state, _ = economy.zone_bonus(state, board, "RED")
    assert state.chips["RED"] == 2000  # held throughout: paid once
    lost = economy.refresh_domination(
        replace(state, holdings={**state.holdings, "MEX": ("BLUE", "conquered")}), board
    )
    assert ("RED", 1) not in lost.dominated
    regained = replace(lost, holdings={**lost.holdings, "MEX": ("RED", "conquered")})
    regained, _ = economy.zone_bonus(regained, board, "RED")
    assert regained.chips["RED"] == 4000


@pytest.mark.rule("COTW 18")
def test_c9_nobody_left_to_defend_refuses_the_attack() -> None:
    state = opened(THREE, holder="RED")
    state = replace(state, pacts=frozenset({("BLUE", "RED"), ("GREEN", "RED")}))
    assert parse(GAME, state, "RED", "ATTACK IND").problems[0].code == "illegal/no_defender"


@pytest.mark.rule("COTW 5")
def test_c7_the_record_never_goes_below_zero() -> None:
    state, _ = economy.move_record(opened(THREE, record={"RED": 2}), "RED", -6, "lost")
    assert state.record["RED"] == 0
