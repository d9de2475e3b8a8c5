"""Who plays what and in which order (2.0, 4.1-4.43), the set-up (14.0, 15.0), victory (13.0)."""

from __future__ import annotations

import pytest

from tests.games.spi_ww2.helpers import CHARTS, hx, phase_of, play, start, texts, with_, with_units
from umpire.core import session, submission
from umpire.core.chance import ScriptedChance
from umpire.games.spi_ww2.game import INFO, RULESET
from umpire.games.spi_ww2.model import DIPLOMACY, OBJECTIVES


def powers_in_order(version: int) -> list[tuple[str, ...]]:
    """The phasing powers of each phase of the first Game-Turn after the Interphase."""
    state = with_(start(version), phase=DIPLOMACY)
    seen = []
    state = RULESET.resolve(state, {}, ScriptedChance([])).state
    while state.phase != DIPLOMACY:
        seen.append(RULESET.pending(state).powers)
        state = RULESET.resolve(state, {}, ScriptedChance([1] * 40)).state
    return seen[::2]


@pytest.mark.rule("SPI 2.0")
def test_who_plays_what() -> None:
    assert CHARTS.players(6) == ("ITA", "FRA", "USSR", "USA", "GBR", "GER")
    assert set(CHARTS.players(5)) == {"FRA", "USSR", "USA", "GBR", "GER"}  # Italy with Germany
    assert set(CHARTS.players(4)) == {"FRA", "USSR", "GBR", "GER"}  # and the US with Britain
    assert [s.name for s in INFO.scenarios] == ["4-player", "5-player", "6-player"]
    five = start(5)
    four = start(4)
    from umpire.games.spi_ww2.politics import player_of

    assert player_of(five, CHARTS, "ITA") == "GER" and player_of(five, CHARTS, "USA") == "USA"
    assert player_of(four, CHARTS, "ITA") == "GER" and player_of(four, CHARTS, "USA") == "GBR"


@pytest.mark.rule("SPI 4.1")
@pytest.mark.rule("SPI 4.41")
def test_six_player_order() -> None:
    assert powers_in_order(6) == [("ITA",), ("FRA",), ("USSR",), ("USA",), ("GBR",), ("GER",)]


@pytest.mark.rule("SPI 4.1")
@pytest.mark.rule("SPI 4.42")
def test_five_player_order() -> None:
    assert powers_in_order(5) == [("FRA",), ("USSR",), ("USA",), ("GBR",), ("GER",)]
    assert "Germany/Italy" not in RULESET.pending(phase_of(start(5), "GER")).label
    assert "GER/ITA" in RULESET.pending(phase_of(start(5), "GER")).label


@pytest.mark.rule("SPI 4.1")
@pytest.mark.rule("SPI 4.43")
def test_four_player_order() -> None:
    assert powers_in_order(4) == [("FRA",), ("USSR",), ("GBR",), ("GER",)]
    assert "GBR/USA" in RULESET.pending(phase_of(start(4), "GBR")).label
    assert "FRA/POL" in RULESET.pending(phase_of(start(4), "FRA")).label


@pytest.mark.rule("SPI 4.2")
def test_diplomacy_interphase_is_a_press_phase_for_everyone() -> None:
    state = with_(start(6), phase=DIPLOMACY)
    todo = RULESET.pending(state)
    assert todo.kinds == ("diplomacy",)  # its own deadline (settings.deadline.by_kind)
    assert "Diplomacy Interphase" in todo.label
    assert set(todo.powers) == set(CHARTS.players(6))
    # only standing choices are taken in the Interphase, no movement
    problems = submission.parse(RULESET, state, "GER", f"MOVE GER 1 {hx('Berlin')}-2016").problems
    assert [p.code for p in problems] == ["illegal/wrong_phase"]


@pytest.mark.rule("SPI 4.2")
def test_russian_resources_computation_at_the_end_of_the_game_turn() -> None:
    # Germany (the last Player-Turn) takes Kiev from the USSR after the Russian Player-Turn;
    # the computation at the end of the whole Game-Turn counts the loss.
    state = start(6)
    kiev = hx("Kiev")
    rcs = CHARTS.map.resource_centers("USSR")
    control = dict(state.control)
    control[kiev] = "GER"
    state = with_(phase_of(state, "GER", "combat"), control=control)
    new, events = play(state, "GER", "PASS")
    held = len([h for h in rcs if control.get(h) == "USSR"])
    per = int(CHARTS.core["replacements"]["russian_per_rc"])
    assert f"{held} Resource Centers give {held // per} SP" in texts(events)
    assert new.phase == DIPLOMACY and new.game_turn == 2
    # after the USSR's own Player-Turn nothing is computed
    ussr = phase_of(start(6), "USSR", "combat")
    _, events = play(ussr, "USSR", "PASS")
    assert "Resources Computation" not in texts(events)


@pytest.mark.rule("SPI 15.0")
@pytest.mark.rule("SPI 14.3")
def test_the_1939_set_up_always_and_no_partition_of_poland() -> None:
    for version in (4, 5, 6):
        state = start(version)
        assert state.game_turn == 1 and CHARTS.turn_name(1) == "4/39"
        assert state.units[hx("Warsaw")] == {"POL": 2}
        assert state.units[hx("Berlin")] == {"GER": 3}
        # 14.3: no Soviet share of Poland, now or when the Game-Turn ends
        poland = CHARTS.map.of_country["POL"]
        assert not any(state.control.get(h) == "USSR" for h in poland)
    assert [s.name for s in INFO.scenarios] == ["4-player", "5-player", "6-player"]
    state = with_(
        phase_of(start(6), "GER", "combat"),
        control={**start(6).control, **{h: "GER" for h in CHARTS.map.of_country["POL"]}},
    )
    new, _ = play(state, "GER", "PASS")
    assert not any(new.control.get(h) == "USSR" for h in CHARTS.map.of_country["POL"])


@pytest.mark.rule("SPI 14.1")
@pytest.mark.rule("SPI 9.4")
def test_no_vichy_france() -> None:
    # Germany holds Paris and every French Resource Center: France stays France, at war,
    # with its own Player-Turn and its units overseas still French.
    state = start(6)
    state = with_(
        state, control={**state.control, **{h: "GER" for h in CHARTS.map.resource_centers("FRA")}}
    )
    state = with_units(state, {hx("Paris"): {"GER": 3}, hx("Algiers"): {"FRA": 1}})
    new, _ = play(phase_of(state, "GER", "combat"), "GER", "PASS")
    assert ("FRA", "GER") in new.wars
    assert new.units[hx("Algiers")] == {"FRA": 1}
    nxt = RULESET.resolve(with_(new, phase=DIPLOMACY), {}, ScriptedChance([])).state
    nxt = RULESET.resolve(nxt, {}, ScriptedChance([])).state  # ITA movement
    nxt = RULESET.resolve(nxt, {}, ScriptedChance([])).state  # ITA combat
    assert RULESET.pending(nxt).powers == ("FRA",)


@pytest.mark.rule("SPI 13.0")
def test_highest_victory_points_wins() -> None:
    record = session.create("spi-ww2", scenario="6-player", seed=3, settings={"game_turns": 1})
    while record.outcome is None:
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    scores = record.outcome.scores
    best = max(scores.values())
    assert set(record.outcome.winners) == {p for p, s in scores.items() if s == best}
    assert "Victory Points" in record.outcome.summary


def test_objectives_phase_only_with_dual_identities() -> None:
    assert start(6).phase == DIPLOMACY
    assert start(5).phase == OBJECTIVES
    assert RULESET.pending(start(5)).powers == ("GER",)
    assert RULESET.pending(start(4)).powers == ("GBR", "GER")
