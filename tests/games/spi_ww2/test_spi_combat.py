"""Combat in the multi-player game (7.14, 7.28, 8.15, 8.21, 8.52) and the CRT as data."""

from __future__ import annotations

import pytest

from tests.games.spi_ww2.helpers import (
    board,
    codes,
    messages,
    phase_of,
    play,
    start,
    texts,
    with_,
    with_units,
)
from umpire.core import session, submission
from umpire.core.chance import ScriptedChance, SeededChance
from umpire.core.submission import bot_text
from umpire.games.spi_ww2 import charts, combat, phase
from umpire.games.spi_ww2.game import SpiWW2
from umpire.games.spi_ww2.model import State

METZ = "1319"  # France
SAAR = "1419"  # Germany, next to Metz
LORRAINE = "1420"  # France, next to both


def front(units: dict[str, dict[str, int]], version: int = 6, player: str = "GER") -> State:
    return phase_of(with_units(start(version), units), player, "combat")


@pytest.mark.rule("SPI 8.15")
def test_different_nationalities_may_not_combine_in_six_players() -> None:
    state = front({SAAR: {"GER": 1}, METZ: {"FRA": 2}, LORRAINE: {"POL": 1}}, 6, "FRA")
    assert "8.15" in messages(state, "FRA", f"ATTACK {SAAR} WITH FRA 2 {METZ}, POL 1 {LORRAINE}")[0]
    assert codes(state, "FRA", f"ATTACK {SAAR} WITH FRA 2 {METZ}") == []


@pytest.mark.rule("SPI 8.15")
def test_german_and_italian_combine_in_five_and_four_players() -> None:
    units = {METZ: {"FRA": 1}, SAAR: {"GER": 2}, LORRAINE: {"ITA": 1}}
    text = f"ATTACK {METZ} WITH GER 2 {SAAR}, ITA 1 {LORRAINE}"
    for version in (5, 4):
        state = with_(front(units, version), game_turn=4)  # Italy in the war (16.61)
        assert codes(state, "GER", text) == []
    six = with_(front(units, 6), game_turn=4)
    assert "8.15" in messages(six, "GER", text)[0]


@pytest.mark.rule("SPI 8.15")
def test_british_and_us_combine_only_in_four_players() -> None:
    units = {SAAR: {"GER": 1}, METZ: {"GBR": 2}, LORRAINE: {"USA": 1}}
    four = with_(front(units, 4, "GBR"), us_entry=1, permits=(("FRA", "GBR", "SUPPLY"),))
    four = with_(four, wars=tuple(sorted({*four.wars})))
    problems = messages(four, "GBR", f"ATTACK {SAAR} WITH GBR 2 {METZ}, USA 1 {LORRAINE}")
    assert not any("8.15" in m for m in problems)
    five = with_(front(units, 5, "GBR"), us_entry=1)
    assert "8.15" in messages(five, "GBR", f"ATTACK {SAAR} WITH GBR 2 {METZ}, USA 1 {LORRAINE}")[0]
    assert not combat.may_combine(board(five), ["GBR", "USA"])
    assert combat.may_combine(board(four), ["GBR", "USA"])


@pytest.mark.rule("SPI 8.21")
@pytest.mark.rule("SPI 8.52")
def test_defence_combines_and_the_attacker_extracts_losses_from_several_nationalities() -> None:
    state = front({SAAR: {"GER": 4}, METZ: {"FRA": 1, "GBR": 1}})
    assert combat.defence_strength(board(state), METZ) == 2  # both nationalities defend
    new, events = play(state, "GER", f"ATTACK {METZ} WITH GER 4 {SAAR} LOSSES GBR", [4, 6, 6])
    assert "4 to 2, odds 2-1, die 4" in texts(events)  # 2-1, die 4: defender loses 1
    assert new.units[METZ] == {"FRA": 1}  # the attacker chose the British SP
    new, _ = play(state, "GER", f"ATTACK {METZ} WITH GER 4 {SAAR} LOSSES FRA", [4, 6, 6])
    assert new.units[METZ] == {"GBR": 1}


@pytest.mark.rule("SPI 8.52")
def test_one_defending_nationality_loses_its_own_points() -> None:
    state = front({SAAR: {"GER": 4}, METZ: {"FRA": 2}})
    new, _ = play(state, "GER", f"ATTACK {METZ} WITH GER 4 {SAAR}", [4, 6, 6])
    assert new.units[METZ] == {"FRA": 1}
    assert combat.defender_order(board(state), METZ, ("GBR",)) == ["FRA"]


@pytest.mark.rule("SPI 7.14")
def test_larger_side_moves_the_other_one_hex() -> None:
    state = front({SAAR: {"GER": 3, "FRA": 1}})
    b = board(state)
    after, (side, to) = combat.displace(b, SAAR, "GER", None)
    assert side == "defender" and after.state.units[to] == {"FRA": 1} and to in b.map.adjacent(SAAR)
    assert to not in b.state.units  # the board displaced from is unchanged
    b = board(front({SAAR: {"GER": 1, "FRA": 3}}))
    after, (side, to) = combat.displace(b, SAAR, "GER", None)
    assert side == "attacker" and after.state.units[to] == {"GER": 1}


@pytest.mark.rule("SPI 7.14")
def test_equal_stacks_roll_dice_highest_moves_the_other() -> None:
    b = board(front({SAAR: {"GER": 2, "FRA": 2}}))
    _, (side, _) = combat.displace(b, SAAR, "GER", ScriptedChance([3, 3, 5, 2]))  # tie, re-roll
    assert side == "defender"
    b = board(front({SAAR: {"GER": 2, "FRA": 2}}))
    _, (side, _) = combat.displace(b, SAAR, "GER", ScriptedChance([1, 6]))
    assert side == "attacker"


@pytest.mark.rule("SPI 7.14")
def test_displacement_never_into_neutral_territory_or_unnegated_enemy_zoc() -> None:
    # a French SP stacked with Germans on the Belgian border: Belgium is neutral
    b = board(front({"1318": {"GER": 3, "FRA": 1}}))
    to = combat.displacement_hex(b, "1318", ["FRA"], "FRA")
    assert to and b.map.hexes[to].country != "BEL"
    b = board(front({METZ: {"GER": 3, "FRA": 1}, "1219": {"GER": 1}, "1320": {"GER": 1}}))
    to = combat.displacement_hex(b, METZ, ["FRA"], "FRA")
    assert to not in ("1220",) or b.state.units.get(to)  # 1220 lies in the zone of control at 1219


@pytest.mark.rule("SPI 7.14")
def test_attack_on_a_shared_hex_displaces_then_fights() -> None:
    state = front({SAAR: {"GER": 3, "FRA": 1}})
    new, events = play(state, "GER", f"ATTACK {SAAR} WITH GER 3 {SAAR} DISPLACE 1418", [6, 6, 6])
    assert "7.14" in texts(events) and "1418" in texts(events)
    assert "GER attacks 1418" in texts(events)  # the combat is fought where the defender went
    assert not any("FRA" in u for u in new.units.values())
    assert new.units["1418"] == {"GER": 3}  # the survivors advance


@pytest.mark.rule("SPI 7.28")
def test_strength_points_break_down_and_build_up_freely_within_a_nationality() -> None:
    # 7.28 is not used: a stack splits and joins by Strength Points; nationalities never merge
    state = phase_of(with_units(start(5), {SAAR: {"GER": 3}, "1418": {"GER": 1, "ITA": 1}}), "GER")
    new, _ = play(state, "GER", f"MOVE GER 2 {SAAR}-1418")
    assert new.units[SAAR] == {"GER": 1}
    assert new.units["1418"] == {"GER": 3, "ITA": 1}


def test_the_crt_is_data_and_a_swapped_table_plays_on() -> None:
    core = charts.read_core()
    core["crt"]["rows"] = [
        ["0/all"] * len(core["crt"]["columns"])
    ] * 6  # defender always eliminated
    swapped = SpiWW2(charts.build(core=core))
    state = front({SAAR: {"GER": 1}, METZ: {"FRA": 2}})
    state = with_(state, units={**state.units, "1418": {"GER": 4}})
    parsed = submission.parse(swapped, state, "GER", f"ATTACK {METZ} WITH GER 4 1419")
    assert parsed.problems  # 1419 holds only 1 SP
    parsed = submission.parse(swapped, state, "GER", f"ATTACK {METZ} WITH GER 1 {SAAR}")
    res = swapped.resolve(state, {"GER": [o for _, o in parsed.orders]}, ScriptedChance([1, 6, 6]))
    assert METZ not in res.state.units or "FRA" not in res.state.units[METZ]  # 1-2 odds, die 1
    # the whole game plays on with the other table
    st = swapped.new_game(
        "4-player", ("FRA", "USSR", "GBR", "GER"), SeededChance(1), {"game_turns": 2}
    )
    turns = 0
    while swapped.outcome(st) is None:
        orders = {}
        for p in swapped.pending(st).powers:
            text = bot_text(swapped, st, p, SeededChance(2, turns, p))
            orders[p] = [o for _, o in submission.parse(swapped, st, p, text).orders]
        st = swapped.resolve(st, orders, SeededChance(3, turns)).state
        turns += 1
    assert swapped.outcome(st) is not None and turns > 10
    assert session  # the default table is untouched
    assert charts.load().crt(0, 1).attacker is None


@pytest.mark.rule("SPI 7.14")
def test_a_displacement_hex_that_is_not_legal_is_not_used() -> None:
    b = board(front({SAAR: {"GER": 3, "FRA": 1}}))
    _, (side, to) = combat.displace(b, SAAR, "GER", None, choice="0101")  # far away, at sea
    assert side == "defender" and to in combat.displacement_hexes(
        board(front({SAAR: {"GER": 3, "FRA": 1}})), SAAR, ["FRA"], "FRA"
    )


@pytest.mark.rule("SPI 7.14")
def test_only_the_attacking_sp_advance_not_the_stack_they_were_displaced_into() -> None:
    """Issue 26: a displaced SP that joined a friendly stack advanced with that whole stack
    after the attack. The survivors of the first attacking group advance (P7), the SP that
    attacked; the stack they were displaced into took no part and stays."""
    state = front({SAAR: {"GER": 1, "FRA": 3}, METZ: {"GER": 2}, "1418": {"GER": 4}})
    order = f"ATTACK {SAAR} WITH GER 1 {SAAR}, GER 4 1418"
    new, events = play(state, "GER", order, [6, 6, 6])  # 5 to 3, 1-1, die 6: 0/1r
    assert "attacker's units at 1419 are moved to 1319" in texts(events)
    assert new.units[SAAR] == {"GER": 1} and new.units[METZ] == {"GER": 2}
    assert "GER 1 SP advance" in texts(events)
    # the same mistake without a displacement: SP kept out of the attack stay where they are
    state = front({METZ: {"FRA": 1}, SAAR: {"GER": 5}})
    new, events = play(state, "GER", f"ATTACK {METZ} WITH GER 4 {SAAR}", [6, 6, 6])  # 4-1
    assert new.units[METZ] == {"GER": 4} and new.units[SAAR] == {"GER": 1}


@pytest.mark.rule("SPI 7.14")
def test_an_attacker_displaced_into_a_friendly_stack_does_not_attack_twice() -> None:
    """The same mistake as the advance: the SP displaced by 7.14 (R12) have attacked once
    this Player-Turn wherever they stand now; the stack they joined may still attack."""
    state = front(
        {SAAR: {"GER": 1, "FRA": 3}, METZ: {"GER": 2}, "1418": {"GER": 4}, "1220": {"FRA": 1}}
    )
    first = f"ATTACK {SAAR} WITH GER 1 {SAAR}, GER 4 1418"
    assert codes(state, "GER", f"{first}\nATTACK 1220 WITH GER 3 {METZ}") == ["illegal/spent"]
    assert codes(state, "GER", f"{first}\nATTACK 1220 WITH GER 2 {METZ}") == []


@pytest.mark.rule("SPI 8.0")
def test_the_sp_an_attack_loses_are_the_ones_that_attacked() -> None:
    """Each SP attacks once a Player-Turn: when an attack's SP are eliminated, the SP of their
    hex kept out of it may still attack, as the submission was told (ruling R16b). Before,
    the turn judged the second attack again after the first one's losses and refused it."""
    units = {SAAR: {"GER": 3}, METZ: {"FRA": 2}, LORRAINE: {"FRA": 1}}
    state = front(units)
    text = f"ATTACK {METZ} WITH GER 1 {SAAR}\nATTACK {LORRAINE} WITH GER 2 {SAAR}"
    assert codes(state, "GER", text) == []
    new, events = play(state, "GER", text, [1] * 10)  # 1-2, die 1: the attacker loses all
    said = texts(events)
    assert "refused" not in said and "does not take place" not in said, said
    assert said.count("GER attacks") == 2, said
    assert new.units[LORRAINE] == {"GER": 1}  # 2-1, die 1: one lost, the other advances


@pytest.mark.rule("SPI 8.0")
def test_an_attack_on_a_hex_emptied_before_its_turn_does_not_take_place() -> None:
    """Adjudication at execution, not legality (R16b): an attack accepted at submission
    whose target no longer holds enemy units when its turn comes is not made, and is no
    act of war."""
    state = front({SAAR: {"GER": 3}, LORRAINE: {"FRA": 1}})
    orders = submission.parse(SpiWW2(), state, "GER", f"ATTACK {LORRAINE} WITH GER 2 {SAAR}")
    assert orders.problems == []
    b = board(state).remove(LORRAINE, "FRA", 1)  # as an earlier combat of the Player-Turn would
    b = phase.execute(b, "GER", [o for _, o in orders.orders], SeededChance(1))
    assert "does not take place" in texts(list(b.events))
    assert LORRAINE not in b.attacked_hexes and b.attacked == {}
