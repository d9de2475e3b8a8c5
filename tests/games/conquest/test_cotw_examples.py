"""Every worked example of the manual, as a scenario."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.games.conquest.helpers import GAME, HIT, MISS, fresh, opened, play, texts
from umpire.core.submission import parse
from umpire.games.conquest import economy, endgame
from umpire.games.conquest.model import (
    ALLIED,
    BATTLE,
    CONQUERED,
    ENDGAME,
    HOME_ALLIANCES,
    HOMELAND_KIND,
    War,
    half,
)


def home_alliance_state():
    state = fresh(2)
    return replace(
        state,
        phase=HOME_ALLIANCES,
        order=state.seats,
        homelands={"RED": "USA", "BLUE": "FRG"},
        holdings={"USA": ("RED", HOMELAND_KIND), "FRG": ("BLUE", HOMELAND_KIND)},
    )


@pytest.mark.rule("COTW 4")
@pytest.mark.rule("COTW 5")
def test_us_allies_with_canada_and_mexico_and_records_6() -> None:
    state, _events = play(home_alliance_state(), {"RED": "ALLY CAN MEX", "BLUE": ""})
    assert state.holdings["CAN"] == ("RED", ALLIED)
    assert state.holdings["MEX"] == ("RED", ALLIED)
    assert half(state.record["RED"]) == "6"  # (7 + 5) / 2


@pytest.mark.rule("COTW 4")
@pytest.mark.rule("COTW 5")
def test_west_germany_allies_with_spain_italy_greece_and_records_5() -> None:
    state, _ = play(home_alliance_state(), {"RED": "", "BLUE": "ally spain, italy, greece"})
    assert {c for c, (p, k) in state.holdings.items() if p == "BLUE" and k == ALLIED} == {
        "ESP",
        "ITA",
        "GRE",
    }
    assert half(state.record["BLUE"]) == "5"  # (4 + 5 + 1) / 2


@pytest.mark.rule("COTW 4")
def test_home_alliances_may_not_exceed_the_homelands_value_or_leave_the_zone() -> None:
    state = home_alliance_state()
    parsed = parse(GAME, state, "BLUE", "ALLY FRA\nALLY GBR\nALLY IND")
    assert [o.country for _, o in parsed.orders] == ["FRA"]
    assert [p.code for p in parsed.problems] == ["illegal/over_capability", "illegal/not_home_zone"]


@pytest.mark.rule("COTW 6")
def test_half_values_are_recorded_on_the_line_between() -> None:
    state = home_alliance_state()
    state, _ = play(state, {"RED": "ALLY MEX", "BLUE": "ALLY ITA"})
    assert half(state.record["RED"]) == "2.5"
    assert state.record["BLUE"] == 5  # 4.5 on the board is 9 half steps; 5 / 2 = 2.5
    assert half(9) == "4.5"


@pytest.mark.rule("COTW 7")
def test_the_us_dominating_its_zone_receives_2000() -> None:
    before = home_alliance_state()
    state, events = play(before, {"RED": "ALLY CAN MEX", "BLUE": "ALLY ESP ITA GRE"})
    assert state.chips["RED"] == 2000  # 1000 for Canada, 1000 for Mexico, none for the US
    assert state.warchest == before.warchest - 2000
    assert state.chips["BLUE"] == 0  # France, the UK and Norway are not his
    assert "Zone Domination Bonus" in texts(events)


@pytest.mark.rule("COTW 9")
def test_the_bonus_lets_the_us_ally_with_bangladesh_for_1000() -> None:
    state = opened(
        {"RED": "USA", "BLUE": "FRG"},
        {"CAN": ("RED", ALLIED), "MEX": ("RED", ALLIED)},
        holder="RED",
        chips={"RED": 2000},
        record={"RED": 12},
    )
    state = replace(state, dominated=frozenset({("RED", 1)}))  # the bonus is paid already
    chest = state.warchest
    state, _ = play(state, {"RED": "ALLY BANGLADESH\nPASS"})
    assert state.holdings["BAN"] == ("RED", ALLIED)
    assert state.chips["RED"] == 1000 and state.warchest == chest + 1000
    assert half(state.record["RED"]) == "7"  # advanced by one (half of 2)


@pytest.mark.rule("COTW 9")
def test_no_alliance_in_another_players_homeland_zone_or_without_the_chips() -> None:
    state = opened({"RED": "USA", "BLUE": "FRG"}, holder="RED", chips={"RED": 2000})
    parsed = parse(GAME, state, "RED", "ALLY FRA")
    assert parsed.problems[0].code == "illegal/other_home_zone"
    parsed = parse(GAME, state, "RED", "ALLY IND")  # half of 6 x 1000 = 3000
    assert parsed.problems[0].code == "illegal/chips"


@pytest.mark.rule("COTW 10")
@pytest.mark.rule("COTW 11")
def test_the_us_attacks_unoccupied_india_and_the_player_to_its_left_defends() -> None:
    state = opened({"RED": "USA", "BLUE": "FRG", "GREEN": "CHN"}, holder="RED")
    state, events = play(state, {"RED": "ATTACK INDIA"})
    assert state.phase == BATTLE
    assert state.war == War("RED", "BLUE", "IND", False, (2500, 2500))
    assert GAME.pending(state).powers == ("RED", "BLUE")
    assert "RED attacks unoccupied India" in texts(events)


def war_state(
    attacker: str,
    defender: str,
    country: str,
    energy: tuple[int, int],
    wins: tuple[int, int],
    battles: int,
    occupied: bool = False,
    **kw,
):
    state = opened({"RED": "USA", "BLUE": "FRG", "GREEN": "CHN"}, holder=attacker, **kw)
    war = War(attacker, defender, country, occupied, energy, battles, wins)
    return replace(state, war=war, phase=BATTLE)


@pytest.mark.rule("COTW 13")
def test_1355_energy_units_left_to_the_loser_win_1400_in_chips() -> None:
    state = war_state("RED", "BLUE", "IND", (2100, 1505), (1, 0), 2)
    chest = state.warchest
    # one exchange: both pay 150 (a cautious tank), RED hits, BLUE misses
    state, events = play(state, {"RED": "TANK", "BLUE": "TANK"}, [HIT, MISS])
    assert "1355 energy units left, 1400 rounded" in texts(events)
    assert state.chips["RED"] == 1400 and state.warchest == chest - 1400
    assert state.holdings["IND"] == ("RED", CONQUERED)  # 13B
    assert half(state.record["RED"]) == "6"  # 13C: the full value
    assert state.holder == "RED" and state.may_ally  # 13D, 13E
    assert state.last_defender == "BLUE"
    assert economy.nearest_hundred(1355) == 1400
    assert economy.nearest_hundred(1349) == 1300


@pytest.mark.rule("COTW 14")
def test_indonesia_defended_advances_the_defender_by_3() -> None:
    state = war_state("RED", "BLUE", "INA", (1000, 1000), (0, 1), 1)
    state, _events = play(state, {"RED": "TANK", "BLUE": "PLANE"}, [MISS, HIT])
    assert state.holdings["INA"] == ("BLUE", ALLIED)  # 14B
    assert half(state.record["BLUE"]) == "3"  # 14C: half of 6
    assert state.chips["BLUE"] == 900  # 14A: RED's 850 left, rounded
    assert state.holder == "BLUE"  # 14D: the option passes to the losing attacker's left


@pytest.mark.rule("COTW 15")
@pytest.mark.rule("COTW 16")
def test_the_philippines_cost_3000_and_move_the_records_by_3() -> None:
    state = opened(
        {"RED": "USA", "BLUE": "FRG", "GREEN": "CHN"},
        {"PHI": ("BLUE", CONQUERED)},
        holder="RED",
        chips={"RED": 3500},
        record={"RED": 20, "BLUE": 20},
    )
    chest = state.warchest
    state, _ = play(state, {"RED": "ATTACK PHILIPPINES"})
    assert state.chips["RED"] == 500 and state.warchest == chest + 3000  # 15A
    assert state.war.defender == "BLUE"  # 15B
    state, _ = play(state, {"RED": "PLANE", "BLUE": "TANK"}, [HIT, MISS])
    state, events = play(state, {"RED": "PLANE", "BLUE": "SUB"}, [HIT, MISS])
    assert state.holdings["PHI"] == ("RED", CONQUERED)  # 16A
    assert half(state.record["RED"]) == "13"  # 16B: 10 + 3
    assert half(state.record["BLUE"]) == "7"  # 16C: 10 - 3 (it was a conquest)
    assert state.chips["RED"] == 500 + economy.nearest_hundred(state_energy_left(events))  # 16D
    assert state.holder == "RED" and state.may_ally  # 16E, 16F


def state_energy_left(events) -> int:
    won = next(e for e in events if e.kind == "war_won")
    return int(won.data["booty"])


@pytest.mark.rule("COTW 16")
def test_an_allied_country_lost_moves_the_defender_back_by_half() -> None:
    state = war_state(
        "RED",
        "BLUE",
        "PHI",
        (2000, 2000),
        (1, 0),
        1,
        occupied=True,
        record={"BLUE": 20},
        holdings={"PHI": ("BLUE", ALLIED)},
    )
    state, _ = play(state, {"RED": "SUB", "BLUE": "PLANE"}, [HIT, MISS])
    assert half(state.record["BLUE"]) == "8.5"  # 10 - 1.5


@pytest.mark.rule("COTW 21")
def test_the_end_game_at_55_transfers_5500_energy_units() -> None:
    state = opened({"RED": "USA", "BLUE": "FRG"}, record={"RED": 110, "BLUE": 120})
    state, events = endgame.start(replace(state, final_queue=()))
    assert state.phase == ENDGAME
    assert state.duel.challenger == "RED"  # 21B: the lowest challenges
    assert state.duel.energy == (5500, 6000)  # 21C: 55 x 100
    assert "5500 v 6000 energy units" in texts(events)
