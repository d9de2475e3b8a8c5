"""The final round (COTW 20), the end game (21), the winner (22), the game variations and
scenarios."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.games.conquest.helpers import GAME, HIT, MISS, fresh, opened, play, texts
from umpire.core import session
from umpire.core.submission import parse
from umpire.games.conquest import endgame
from umpire.games.conquest.economy import half_steps_of
from umpire.games.conquest.geography import board
from umpire.games.conquest.model import ALLIED, CONQUERED, ENDGAME, FINAL, OVER, Duel

THREE = {"RED": "USA", "BLUE": "FRG", "GREEN": "CHN"}


def full_board(holder="RED", **kw):
    """Every country occupied: RED holds all but Homelands and India, BLUE holds India."""
    held = {c: ("RED", ALLIED) for c in board().countries if c not in THREE.values()}
    held["IND"] = ("BLUE", CONQUERED)
    return opened(THREE, held, holder=holder, **kw)


@pytest.mark.rule("COTW 20")
def test_the_last_country_occupied_starts_the_final_round_one_attack_each() -> None:
    state = full_board(chips={"GREEN": 6000})
    state = replace(
        state,
        holdings={c: h for c, h in state.holdings.items() if c != "BAN"},
        chips={"RED": 1000, "BLUE": 0, "GREEN": 6000},
    )
    state, events = play(state, {"RED": "ALLY BAN\nPASS"})
    assert "the final round begins" in texts(events)
    assert state.phase == FINAL and state.final_queue == ("BLUE", "GREEN", "RED")
    assert parse(GAME, state, "BLUE", "ATTACK IND").problems[0].code == "illegal/own_country"
    state, _ = play(state, {"BLUE": "PASS"})  # 20B: no second chance
    assert state.holder == "GREEN" and state.final_queue == ("GREEN", "RED")
    state, _ = play(state, {"GREEN": "ATTACK IND"})  # 20A: under rule 15
    assert state.chips["GREEN"] == 0 and state.war.defender == "BLUE"
    state, _ = play(state, {"GREEN": "TANK", "BLUE": "PLANE"}, [MISS, HIT])
    state, _ = play(state, {"GREEN": "SUB", "BLUE": "PLANE"}, [MISS, HIT])
    assert state.holder == "RED" and state.phase == FINAL  # GREEN lost: still only once
    state, events = play(state, {"RED": "PASS"})
    assert state.phase == ENDGAME and "THE END GAME" in texts(events)


@pytest.mark.rule("COTW 20")
def test_chips_go_onto_the_record_rounded_to_the_nearest_500() -> None:
    assert half_steps_of(1000) == 2 and half_steps_of(500) == 1
    assert half_steps_of(1250) == 3 and half_steps_of(1240) == 2 and half_steps_of(300) == 1
    state = opened(
        THREE,
        chips={"RED": 2600, "BLUE": 700, "GREEN": 0},
        record={"RED": 10, "BLUE": 10, "GREEN": 10},
    )
    state, _ = endgame.transfer_chips(state)
    assert state.record == {"RED": 15, "BLUE": 11, "GREEN": 10}
    assert set(state.chips.values()) == {0}


@pytest.mark.rule("COTW 21")
def test_the_lowest_challenges_the_next_and_allies_do_not_fight() -> None:
    state = opened(THREE, record={"RED": 40, "BLUE": 20, "GREEN": 30})
    state, _ = endgame.start(state)
    assert state.duel.pair == ("BLUE", "GREEN") and state.ladder == ("RED",)
    allied = replace(
        opened(THREE, record={"RED": 40, "BLUE": 20, "GREEN": 30}),
        pacts=frozenset({("BLUE", "GREEN")}),
    )
    state, events = endgame.start(allied)
    assert "do not fight" in texts(events)
    assert state.duel.pair == ("GREEN", "RED")
    assert parse(GAME, state, "GREEN", "ALLY BAN").problems[0].code == "illegal/ally_phase"  # 21A


def duel_state(**kw):
    state = opened(THREE, record={"RED": 20, "BLUE": 30, "GREEN": 40}, **kw)
    state = replace(
        state,
        phase=ENDGAME,
        ladder=("GREEN",),
        duel=Duel("RED", "BLUE", (1000, 1500), attacker="RED"),
    )
    return state


@pytest.mark.rule("COTW 21")
def test_each_battle_moves_the_records_one_step_and_the_roles_alternate() -> None:
    state = duel_state()
    # RED attacks: fires first and hits, BLUE does not fire (one draw)
    state, _events = play(state, {"RED": "TANK", "BLUE": "PLANE"}, [HIT])
    assert state.record["RED"] == 22 and state.record["BLUE"] == 28  # 21D
    assert state.duel.attacker == "BLUE"  # 21E
    assert state.duel.lost_last == ("", "PLANE")
    assert parse(GAME, state, "BLUE", "PLANE").problems[0].code == "illegal/weapon_lost"  # 21F
    # BLUE attacks now: BLUE misses, RED hits
    state, _ = play(state, {"RED": "TANK", "BLUE": "SUB"}, [MISS, HIT])
    assert state.record["RED"] == 24 and state.duel.lost_last == ("", "SUB")
    assert parse(GAME, state, "BLUE", "PLANE").problems == []  # only the next battle


@pytest.mark.rule("COTW 21")
def test_out_of_energy_the_other_adds_his_leftover_and_challenges_the_next() -> None:
    state = replace(duel_state(), duel=Duel("RED", "BLUE", (100, 1400), attacker="RED"))
    state, events = play(state, {"RED": "TANK", "BLUE": "TANK"}, [])
    assert "RED has run out of energy units" in texts(events)
    assert state.record["BLUE"] == 30 + 3  # 1400 left: to the nearest 500, 1.5 steps
    assert state.duel.pair == ("BLUE", "GREEN")  # 21H
    assert state.duel.energy == (1650, 2000)


@pytest.mark.rule("COTW 22")
def test_the_strongest_record_wins_and_equal_records_share() -> None:
    state = replace(duel_state(), ladder=(), duel=Duel("RED", "BLUE", (100, 1400), attacker="RED"))
    state, _events = play(state, {"RED": "TANK", "BLUE": "TANK"}, [])
    assert state.phase == OVER and state.winners == ("GREEN",)  # 40 against BLUE's 33
    outcome = GAME.outcome(state)
    assert outcome.winners == ("GREEN",) and outcome.scores["BLUE"] == 16.5
    tied, _ = endgame.finish(opened(THREE, record={"RED": 9, "BLUE": 9, "GREEN": 3}), [])
    assert tied.winners == ("RED", "BLUE")


@pytest.mark.rule("COTW V1")
def test_a_game_of_agreed_rounds_ends_with_the_record_leader() -> None:
    state = opened(THREE, holder="RED", rounds=1, record={"GREEN": 8})
    state, _ = play(state, {"RED": "ATTACK IND"})
    state, _ = play(state, {"RED": "TANK", "BLUE": "PLANE"}, [MISS, HIT])
    state, _ = play(state, {"RED": "SUB", "BLUE": "SUB"}, [MISS, HIT])
    assert state.phase != OVER  # one handover of three
    state = replace(state, holder="BLUE")
    state, _ = play(state, {"BLUE": "PASS"})
    state, events = play(state, {"GREEN": "PASS"})
    assert state.phase == OVER and state.winners == ("GREEN",)
    assert "game variation 1" in texts(events)
    timed = opened(THREE, holder="RED", turns=5)
    state, _ = play(replace(timed, turn=4), {"RED": "PASS"})
    assert state.phase != OVER
    state, _ = play(state, {"BLUE": "PASS"})  # turn 5, the agreed length
    assert state.phase == OVER


@pytest.mark.rule("COTW V2")
def test_the_first_to_the_agreed_record_wins_at_once() -> None:
    state = opened(THREE, holder="RED", target=4, record={"RED": 6})
    state, _ = play(state, {"RED": "ATTACK IND"})
    state, _ = play(state, {"RED": "PLANE", "BLUE": "TANK"}, [HIT, MISS])
    state, events = play(state, {"RED": "PLANE", "BLUE": "SUB"}, [HIT, MISS])
    assert state.record["RED"] == 18 and state.phase == OVER and state.winners == ("RED",)
    assert "game variation 2" in texts(events)


@pytest.mark.rule("COTW scenarios")
def test_a_scenario_board_has_edited_values_and_bad_boards_are_refused() -> None:
    state = fresh(3, "warsaw-break")
    assert GAME.view(state, None)["edits"] == {"GDR": 2, "POL": 8, "USSR": 24}
    assert GAME.board(state).pbu("POL") == 8 and GAME.board(state).pbu("USA") == 30
    own = fresh(3, board={"India": 9, "FRG": 12})
    assert GAME.board(own).pbu("IND") == 9 and GAME.board(own).pbu("FRG") == 12
    for bad in ({"Atlantis": 3}, {"IND": 0}, {"IND": "six"}, {"IND": 100}, {"IND": 2, "India": 3}):
        with pytest.raises(ValueError, match="scenario"):
            fresh(3, board=bad)
    with pytest.raises(ValueError, match="unknown setting"):
        fresh(3, length=3)
    with pytest.raises(ValueError, match="whole chips"):
        fresh(3, warchest=1050)
    assert fresh(3, warchest=20000).warchest == 20000
    record = session.create("conquest", scenario="warsaw-break", seed=3, settings={"rounds": 2})
    assert record.scenario == "warsaw-break"


@pytest.mark.rule("COTW 19")
@pytest.mark.rule("COTW 22")
def test_a_player_put_out_keeps_his_record_marked_and_never_ranks_above_a_survivor() -> None:
    """Issue 26: BLUE, out of the game with a record of 50, was listed as if still competing
    ("GREEN wins with ... 19.5 (RED 18.5, BLUE 50, ...)") and ranked first by the outcome's
    scores. Rule 19C puts him out; rule 22 crowns the strongest record of those left (C15)."""
    four = {**THREE, "YELLOW": "BRA"}
    state = opened(four, record={"RED": 37, "BLUE": 100, "GREEN": 39, "YELLOW": 20})
    state = replace(state, eliminated=("YELLOW", "BLUE"))
    state, events = endgame.finish(state, [])
    assert state.winners == ("GREEN",)
    assert state.summary == (
        "GREEN wins with a POWER BASE RECORD of 19.5 (RED 18.5, GREEN 19.5; "
        "YELLOW out of the game, 10 when he went out; BLUE out of the game, 50 when he went out)"
    )
    assert texts(events) == state.summary + " (rule 22)."
    outcome = GAME.outcome(state)
    assert outcome.winners == ("GREEN",)
    assert outcome.scores == {"RED": 18.5, "BLUE": -1.0, "GREEN": 19.5, "YELLOW": -2.0}
    ranked = sorted(outcome.scores, key=lambda p: -outcome.scores[p])
    assert ranked == ["GREEN", "RED", "BLUE", "YELLOW"]  # the last one out above the first


@pytest.mark.rule("COTW 19")
def test_the_last_player_standing_wins_whatever_the_records_of_those_put_out() -> None:
    """A survivor with a record of 0 still ranks above a player put out with a high one."""
    state = opened(THREE, record={"RED": 0, "BLUE": 80, "GREEN": 60})
    state = replace(state, eliminated=("BLUE", "GREEN"))
    state, _ = endgame.finish(state, [])
    outcome = GAME.outcome(state)
    assert outcome.winners == ("RED",)
    assert outcome.summary.startswith("RED wins with a POWER BASE RECORD of 0 (RED 0; BLUE out")
    assert outcome.scores["RED"] == 0.0 > outcome.scores["GREEN"] > outcome.scores["BLUE"]


@pytest.mark.rule("COTW 20")
def test_an_attack_given_with_the_alliance_that_fills_the_board_is_warned_and_not_made() -> None:
    """Issue 29 item 11: the alliance is bought first and fills the board; the final round
    begins at once with the player to the left (ruling C8), so the attack is not made."""
    state = full_board()
    state = replace(
        state,
        holdings={c: h for c, h in state.holdings.items() if c not in ("BAN", "IND")},
        chips={"RED": 9000, "BLUE": 0, "GREEN": 6000},
    )
    state = replace(state, holdings={**state.holdings, "IND": ("BLUE", CONQUERED)})
    text = "ALLY BAN\nATTACK IND"
    parsed = parse(GAME, state, "RED", text)
    assert parsed.problems == [] and len(parsed.orders) == 2
    warned = GAME.warnings(state, "RED", parsed.orders)
    assert [(w.line, w.code) for w in warned] == [(2, "void/attack_board_full")]
    after, events = play(state, {"RED": text})
    assert after.phase == FINAL and after.war is None and "the final round begins" in texts(events)
    # with more than that one country free, the attack is made and nothing is warned
    roomy = replace(state, holdings={c: h for c, h in state.holdings.items() if c != "PAK"})
    assert GAME.warnings(roomy, "RED", parse(GAME, roomy, "RED", text).orders) == []
