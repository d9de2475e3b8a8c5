"""The battle model (ruling C10) and the war of COTW 10-17."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.games.conquest.helpers import GAME, HIT, MISS, opened, play, texts
from umpire.core.chance import SeededChance
from umpire.core.submission import parse
from umpire.games.conquest import battle
from umpire.games.conquest.model import ALLIED, ATTACK, BATTLE, CONQUERED, War
from umpire.games.conquest.orders import Weapon

# docs/rulings/conquest.md, C10: the row's chance (percent) to win / tie / lose one battle
# of a war against the column, both CAUTIOUS, energy to spare.
EXPECTED = {
    ("TANK", "TANK"): (41.2, 17.6), ("TANK", "SUB"): (71.8, 12.7), ("TANK", "PLANE"): (13.0, 13.0),
    ("SUB", "TANK"): (15.5, 12.7), ("SUB", "SUB"): (41.2, 17.6), ("SUB", "PLANE"): (71.8, 12.7),
    ("PLANE", "TANK"): (73.9, 13.0), ("PLANE", "SUB"): (15.5, 12.7), ("PLANE", "PLANE"): (41.2, 17.6),
}  # fmt: skip
RUNS = 2500
PLENTY = 10**7


def simulate(a: Weapon, b: Weapon, seed: str, first: int | None = None) -> tuple[float, float]:
    chance = SeededChance(2026, "battle rates", seed)
    won = tied = 0
    for _ in range(RUNS):
        out = battle.fight(("A", "B"), (a, b), (PLENTY, PLENTY), chance, "rate", first=first)
        won += out.winner == 0
        tied += out.winner is None
    return 100 * won / RUNS, 100 * tied / RUNS


@pytest.mark.rule("COTW 12")
@pytest.mark.parametrize(("a", "b"), sorted(EXPECTED))
def test_every_weapon_pair_wins_at_the_documented_rate(a: str, b: str) -> None:
    won, tied = simulate(Weapon(a), Weapon(b), f"{a}-{b}")
    want_won, want_tied = EXPECTED[(a, b)]
    assert abs(won - want_won) < 4.0, (won, want_won)  # 4 sigma at 2500 runs is about 3.9
    assert abs(tied - want_tied) < 3.2, (tied, want_tied)


@pytest.mark.rule("COTW 12")
def test_no_weapon_dominates_each_has_a_counter() -> None:
    for w in ("TANK", "SUB", "PLANE"):
        beaten_by = [v for v in ("TANK", "SUB", "PLANE") if EXPECTED[(v, w)][0] > 50]
        beats = [v for v in ("TANK", "SUB", "PLANE") if EXPECTED[(w, v)][0] > 50]
        assert len(beaten_by) == 1 and len(beats) == 1


@pytest.mark.rule("COTW 21")
def test_aggressive_hits_harder_and_burns_more() -> None:
    m = battle.model()
    assert m.exchange_cost(Weapon("PLANE", "AGGRESSIVE")) == 375
    assert (
        m.exchange_cost(Weapon("PLANE"))
        > m.exchange_cost(Weapon("SUB"))
        > m.exchange_cost(Weapon("TANK"))
    )
    won, _ = simulate(Weapon("TANK", "AGGRESSIVE"), Weapon("TANK"), "agg")
    assert abs(won - 49.5) < 4.0
    won, _ = simulate(Weapon("TANK"), Weapon("TANK"), "first", first=0)  # end game: fires first
    assert abs(won - 58.8) < 4.0


def war(energy=(2500, 2500), wins=(0, 0), battles=0, lost=((), ()), occupied=False, **kw):
    state = opened({"RED": "USA", "BLUE": "FRG", "GREEN": "CHN"}, holder="RED", **kw)
    return replace(
        state, phase=BATTLE, war=War("RED", "BLUE", "IND", occupied, energy, battles, wins, lost)
    )


@pytest.mark.rule("COTW 10")
def test_each_side_fights_a_war_with_2500_energy_units() -> None:
    state = opened({"RED": "USA", "BLUE": "FRG"}, holder="RED")
    state, _ = play(state, {"RED": "ATTACK BRA"})
    assert state.war.energy == (2500, 2500)


@pytest.mark.rule("COTW 12")
def test_both_weapons_destroyed_is_a_tied_battle_and_both_are_lost_for_the_war() -> None:
    state, events = play(war(), {"RED": "TANK", "BLUE": "SUB"}, [HIT, HIT])
    assert state.war.wins == (0, 0) and state.war.battles == 1  # 12B
    assert state.war.lost == (("TANK",), ("SUB",))
    assert "a tied battle (rule 12B)" in texts(events)
    refused = parse(GAME, state, "RED", "TANK")  # 12F
    assert refused.problems[0].code == "illegal/weapon_destroyed"


@pytest.mark.rule("COTW 12")
def test_level_after_three_battles_the_greater_energy_left_wins() -> None:
    state = war(energy=(1200, 1300), wins=(1, 1), battles=2, lost=(("TANK",), ("PLANE",)))
    # both pay 250 (plane) / 200 (sub), then destroy each other: 950 v 1100
    state, _events = play(state, {"RED": "PLANE", "BLUE": "SUB"}, [HIT, HIT])
    assert state.war is None
    assert state.holdings["IND"] == ("BLUE", ALLIED)  # the defender had more left (12C)
    assert state.chips["BLUE"] == 1000  # RED's 950, to the nearest hundred


@pytest.mark.rule("COTW 12")
def test_running_out_of_energy_loses_the_war() -> None:
    state = war(energy=(200, 2000), wins=(1, 0), battles=1)
    state, events = play(state, {"RED": "PLANE", "BLUE": "TANK"}, [])  # 200 < 250: no shot
    assert "RED ran out of energy units (rule 12G)" in texts(events)
    assert state.holdings["IND"] == ("BLUE", ALLIED)
    assert state.holder == "BLUE"


@pytest.mark.rule("COTW 12")
def test_a_missing_weapon_order_fights_with_the_first_allowed_weapon() -> None:
    state = war(lost=(("TANK",), ()), battles=1, wins=(0, 0))
    state, events = play(state, {"BLUE": "SUB"}, [MISS, HIT])
    assert "RED SUB CAUTIOUS v BLUE SUB CAUTIOUS" in texts(events)


@pytest.mark.rule("COTW 13")
def test_a_winning_attacker_attacks_again_and_the_defence_passes_on_left() -> None:
    state = opened({"RED": "USA", "BLUE": "FRG", "GREEN": "CHN"}, holder="RED")
    state, _ = play(state, {"RED": "ATTACK IND"})
    state, _ = play(state, {"RED": "PLANE", "BLUE": "TANK"}, [HIT, MISS])
    state, _ = play(state, {"RED": "PLANE", "BLUE": "SUB"}, [HIT, MISS])
    assert state.phase == ATTACK and state.holder == "RED"
    assert GAME.pending(state).powers == ("RED",)
    state, _ = play(state, {"RED": "ATTACK JPN"})
    assert state.war.defender == "GREEN"  # 13E: left of the last defender


@pytest.mark.rule("COTW 17")
def test_a_successful_occupant_keeps_the_country_and_takes_the_energy_left() -> None:
    state = war(
        occupied=True,
        energy=(1000, 1000),
        wins=(0, 1),
        battles=1,
        holdings={"IND": ("BLUE", CONQUERED)},
    )
    state, _ = play(state, {"RED": "TANK", "BLUE": "PLANE"}, [MISS, HIT])
    assert state.holdings["IND"] == ("BLUE", CONQUERED)  # 17A
    assert state.chips["BLUE"] == 900  # 17B: 850 rounded
    assert state.holder == "BLUE"  # ruling C8: the option passes left as in 14D
