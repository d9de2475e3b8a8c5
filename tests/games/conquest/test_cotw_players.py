"""Player alliances (COTW 18) and Homelands (19)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.games.conquest.helpers import GAME, HIT, MISS, opened, play, texts
from umpire.core.submission import parse
from umpire.games.conquest.geography import Board, Country, Zone, board
from umpire.games.conquest.model import ALLIED, CONQUERED, FINAL, War

THREE = {"RED": "USA", "BLUE": "FRG", "GREEN": "CHN"}


def pact(state, a="RED", b="BLUE"):
    holder = state.holder
    state, _ = play(state, {a: f"PACT {b}"})
    assert state.offers == {(a, b)} and not state.pacts
    state = replace(state, holder=b)
    state, events = play(state, {b: f"PACT {a}\nPASS"})
    assert "form a player alliance" in texts(events)
    return replace(state, holder=holder, passes=0)


@pytest.mark.rule("COTW 18")
def test_a_player_alliance_forms_when_both_ask_and_the_offer_is_secret() -> None:
    state = opened(THREE, holder="RED")
    state, _ = play(state, {"RED": "PACT BLUE\nPASS"})
    assert GAME.view(state, "BLUE")["offers"] == [["RED", "BLUE"]]
    assert GAME.view(state, "GREEN")["offers"] == []
    state, _ = play(state, {"BLUE": "PACT RED\nPASS"})
    assert state.pacts == {("BLUE", "RED")} and not state.offers


@pytest.mark.rule("COTW 18")
def test_allies_pool_chips_do_not_attack_each_other_and_share_the_winnings() -> None:
    state = pact(
        opened(
            THREE,
            {"PHI": ("GREEN", CONQUERED), "IND": ("BLUE", ALLIED)},
            holder="RED",
            chips={"RED": 1000, "BLUE": 2500},
        )
    )
    assert parse(GAME, state, "RED", "ATTACK IND").problems[0].code == "illegal/ally_country"
    state, events = play(state, {"RED": "ATTACK PHI"})  # 3000: 1000 of RED's, 2000 of BLUE's
    assert state.chips == {"RED": 0, "BLUE": 500, "GREEN": 0}
    state, _ = play(state, {"RED": "PLANE", "GREEN": "TANK"}, [HIT, MISS])
    state, events = play(state, {"RED": "PLANE", "GREEN": "SUB"}, [HIT, MISS])
    booty = next(e for e in events if e.kind == "war_won").data["booty"]
    assert booty == 2200  # GREEN paid 150 + 200: 2150 left; 18D: shared
    assert state.chips["RED"] == 1100 and state.chips["BLUE"] == 500 + 1100
    assert state.holdings["PHI"] == ("RED", CONQUERED)
    assert state.record["BLUE"] == 0  # 18E: markers move separately


@pytest.mark.rule("COTW 18")
def test_an_allied_player_never_defends_against_his_ally() -> None:
    state = pact(opened(THREE, holder="RED"))
    state, _ = play(state, {"RED": "ATTACK IND"})
    assert state.war.defender == "GREEN"


@pytest.mark.rule("COTW 18")
def test_a_broken_alliance_is_never_renewed_and_none_are_formed_once_the_board_is_full() -> None:
    state = pact(opened(THREE, holder="RED"))
    state, events = play(state, {"RED": "BREAK BLUE\nPASS"})
    assert not state.pacts and "breaks the alliance" in texts(events)
    assert parse(GAME, state, "BLUE", "PACT RED").problems[0].code == "illegal/pact_broken"
    final = replace(opened(THREE, holder="RED"), phase=FINAL, final_queue=("RED",))
    assert parse(GAME, final, "RED", "PACT GREEN").problems[0].code == "illegal/pact_closed"
    at_war = replace(opened(THREE), phase="battle", war=War("RED", "BLUE", "IND", False, (1, 1)))
    assert parse(GAME, at_war, "BLUE", "PACT RED").problems[0].code == "illegal/pact_at_war"
    assert parse(GAME, at_war, "BLUE", "PACT GREEN").problems == []
    two = opened({"RED": "USA", "BLUE": "FRG"})
    assert parse(GAME, two, "RED", "PACT BLUE").problems[0].code == "illegal/pact_players"


@pytest.mark.rule("COTW 19")
def test_the_countries_bordering_each_side_are_the_rows_above_and_below() -> None:
    b = board()
    assert b.borders("USA") == ("CAN", "MEX")
    assert b.borders("FRG") == ("ITA", "ESP")  # illustration T
    assert b.borders("CAN") == ("USA",)  # first in its zone: one side only
    assert b.borders("NOR") == ("GBR",)  # last in its zone
    alone = Board("t", {"X": Country("X", "X", 1, 5, "manual")}, {1: Zone(1, "one", ("X",))}, {})
    assert alone.borders("X") == ()  # a one-country zone: nothing shields it


@pytest.mark.rule("COTW 19")
def test_west_germany_bordered_by_enemies_on_each_side_can_be_attacked() -> None:
    held = {"ITA": ("BLUE", ALLIED), "ESP": ("BLUE", ALLIED)}
    state = opened(THREE, held, holder="RED", chips={"RED": 20000})
    assert parse(GAME, state, "RED", "ATTACK FRG").problems[0].code == "illegal/homeland_shielded"
    state = replace(
        state, holdings={**state.holdings, "ITA": ("RED", CONQUERED), "ESP": ("GREEN", CONQUERED)}
    )
    chest = state.warchest
    state, _ = play(state, {"RED": "ATTACK FRG"})
    assert state.chips["RED"] == 10000 and state.warchest == chest + 10000  # 19B


@pytest.mark.rule("COTW 19")
def test_a_conquered_homeland_puts_its_player_out_and_the_victor_takes_the_booty() -> None:
    held = {
        "ITA": ("RED", CONQUERED),
        "ESP": ("GREEN", CONQUERED),
        "PHI": ("BLUE", CONQUERED),
        "GRE": ("BLUE", ALLIED),
    }
    state = opened(THREE, held, holder="RED", chips={"BLUE": 3000}, record={"RED": 10})
    state = replace(
        state,
        phase="battle",
        war=War("RED", "BLUE", "FRG", True, (2500, 1500), 1, (1, 0), ((), ("TANK",))),
    )
    state, events = play(state, {"RED": "PLANE", "BLUE": "SUB"}, [HIT, MISS])
    assert state.eliminated == ("BLUE",)
    assert state.holdings["FRG"] == ("RED", CONQUERED)
    assert state.holdings["PHI"] == ("RED", CONQUERED)
    assert "GRE" not in state.holdings  # allies become unoccupied
    assert state.record["RED"] == 10 + 2 * (10 + 3)  # the Homeland and the conquests
    assert state.chips["RED"] == 3000 + 1300  # his chips, and the 1300 energy left (1300)
    assert "out of the game" in texts(events)
    assert GAME.pending(state).powers == ("RED",)


@pytest.mark.rule("COTW 19")
def test_a_homeland_conquered_by_a_player_alliance_shares_the_booty_equally() -> None:
    four = {**THREE, "YELLOW": "BRA"}
    held = {"ITA": ("RED", CONQUERED), "ESP": ("GREEN", CONQUERED)}
    state = opened(four, held, holder="RED", chips={"BLUE": 3000})
    state = replace(
        state,
        pacts=frozenset({("GREEN", "RED")}),
        phase="battle",
        war=War("RED", "BLUE", "FRG", True, (2500, 1700), 1, (1, 0), ((), ("TANK",))),
    )
    state, _ = play(state, {"RED": "PLANE", "BLUE": "SUB"}, [HIT, MISS])
    # 19D: BLUE's 3000 in chips and the 1500 energy left, divided between RED and GREEN in
    # whole 100-chips, the odd 100 to the victor (ruling C9)
    assert state.chips["RED"] == 1500 + 800 and state.chips["GREEN"] == 1500 + 700
    assert state.chips["BLUE"] == 0 and "BLUE" in state.eliminated
    assert state.holdings["FRG"] == ("RED", CONQUERED)
