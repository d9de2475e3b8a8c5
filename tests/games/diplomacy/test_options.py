"""The legal-order lists of the Diplomacy pages (``umpire.games.diplomacy.options``).

Over bot-played positions of both scenarios, every phase: everything offered is accepted by the
game's own parser unchanged (sound), and in the standard game every order the bot writes (a
legal order found independently) is offered (complete for holds, moves, supports, retreats
and builds).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from umpire.core import session, submission
from umpire.core.submission import bot_text


def _offered(record: Any, power: str) -> dict[str, list[str]]:
    state = session.current_state(record)
    result: dict[str, list[str]] = session.ruleset_of(record).order_options(state, power)
    return result


def _check_phase(record: Any, *, complete: bool) -> None:
    ruleset = session.ruleset_of(record)
    state = session.current_state(record)
    turn = len(record.turns) + 1
    for power in session.pending(record).powers:
        options = _offered(record, power)
        offered = {line for lines in options.values() for line in lines}
        for line in offered:
            parsed = submission.parse(ruleset, state, power, line)
            assert not parsed.problems, (power, line, parsed.problems)
            assert ruleset.format(parsed.orders[0][1]) == line
        if state.phase in ("movement", "retreats"):
            mine = {f"{u.kind} {u.loc}" for u in state.units if u.power == power}
            if state.phase == "retreats":
                mine = {
                    f"{d.unit.kind} {d.unit.loc}" for d in state.dislodged if d.unit.power == power
                }
            assert mine <= set(options), (power, mine - set(options))
        if complete:
            bot = bot_text(ruleset, state, power, session.bot_chance(record, turn, power))
            for _, order in submission.parse(ruleset, state, power, bot).orders:
                assert ruleset.format(order) in offered, (state.label, power, order)


# The offered orders are the engine's own legality (issue 13); no rulebook id: DATC 4.E.1
# (illegal orders) is outside the case index of ../shared/rules/INDEX.md.
@pytest.mark.parametrize(("scenario", "complete"), [("standard", True), ("1939-iii", False)])
def test_offered_orders_are_exactly_legal(scenario: str, complete: bool) -> None:
    record = session.create("diplomacy", scenario=scenario, seed=1)
    phases = set()
    for _ in range(16):
        if record.outcome is not None:
            break
        _check_phase(record, complete=complete)
        phases.add(session.current_state(record).phase)
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    assert {"movement", "retreats", "adjustments"} <= phases


def test_a_power_with_nothing_to_order_is_offered_nothing() -> None:
    record = session.create("diplomacy", seed=3)
    for power in session.pending(record).powers:
        session.bot_submit(record, power)
    session.process(record)
    state = session.current_state(record)
    assert state.phase == "movement"  # Fall: no retreats after a quiet spring
    offer = session.ruleset_of(record).order_options  # type: ignore[attr-defined]
    assert offer(state, "NOBODY") == {}


# -- 1939 III bombers: flights built step by step (v1939/flights.py) ------------------------


def _steps(state: Any, power: str, so_far: str) -> list[dict[str, Any]]:
    from tests.games.diplomacy.scenario1939 import ENGINE

    found = ENGINE.order_steps(state, power, so_far)
    assert found is not None, so_far
    return found


def _walk(state: Any, power: str, order: str) -> None:
    """Follow ``order`` (canonical text) step by step: every prefix is offered as going on,
    and the whole order as landing."""
    from tests.games.diplomacy.scenario1939 import ENGINE

    canonical = ENGINE.format(submission.parse(ENGINE, state, power, order).orders[0][1])
    parts = re.split(r" - (?![^\[]*\])", canonical)  # the steps, not a support's " - "
    so_far = parts[0]
    for i, step in enumerate(parts[1:], start=1):
        offered = {c["text"]: c for c in _steps(state, power, so_far)}
        text = f"{so_far} - {step}"
        assert text in offered, (text, sorted(offered))
        last = i == len(parts) - 1
        assert offered[text]["land"] if last else offered[text]["on"], offered[text]
        so_far = text


@pytest.mark.rule("D39 38")
@pytest.mark.rule("D39 39")
@pytest.mark.rule("D39 40")
@pytest.mark.parametrize(
    ("units", "power", "order"),
    [
        (
            "ITA: A aus, B ven; NEUTRAL: A cze",
            "ITA",
            "B(Ven) - Aus - Cze [S A(Aus) - Cze] - Hun - Cro",
        ),
        ("FRA: F mao, B spa", "FRA", "B(Spa) - MAO [S F(MAO)] - Bre"),
        ("ITA: A ven, B ven; GER: A aus, A hun", "ITA", "B(Ven) - Aus - Hun(N) - Aus - Ven"),
        ("TUR: B con", "TUR", "B(Con) - Bul - Roa(R) - BLA - Con"),
    ],
)
def test_the_rulebook_flights_are_offered_step_by_step(units: str, power: str, order: str) -> None:
    from tests.games.diplomacy.scenario1939 import position

    _walk(position(units), power, order)


def test_every_step_offered_is_on_the_way_to_a_legal_flight() -> None:
    """Sound: each choice is a legal order where it says ``land``, and a legal order follows
    by some further steps where it says ``on``; a bomber's list offers its stand."""
    from tests.games.diplomacy.scenario1939 import ENGINE, position

    s = position("GER: B ber, A mun, F kie; RUS: A ukr")
    assert ENGINE.order_options(s, "GER")["B ber"] == ["B ber H"]
    frontier, seen = ["B ber"], 0
    while frontier and seen < 60:
        so_far = frontier.pop(0)
        for c in _steps(s, "GER", so_far):
            seen += 1
            if c["land"]:
                parsed = submission.parse(ENGINE, s, "GER", c["text"])
                assert not parsed.problems and ENGINE.format(parsed.orders[0][1]) == c["text"]
            if c["on"] and len(frontier) < 8:
                frontier.append(c["text"])
    assert seen >= 60


@pytest.mark.rule("D39 33")
@pytest.mark.rule("D39 34")
def test_no_step_beyond_the_range_and_nothing_for_other_units() -> None:
    from tests.games.diplomacy.scenario1939 import ENGINE, position

    s = position("GER: B ber, A mun; ITA: B rom")
    # Five land spaces use the whole range of 1939 (D39 33, 34): nothing goes on from there.
    far = "B ber - pol - ukr - sev - mos - len"
    assert not submission.parse(ENGINE, s, "GER", far).problems
    last = _steps(s, "GER", "B ber - pol - ukr - sev - mos")
    assert last and all(not c["on"] for c in last)
    assert _steps(s, "GER", far) == []
    # A raid must come home (D39 40): bombing Warsaw is no landing, only a way back.
    raid = [c for c in _steps(s, "GER", "B ber") if c["text"].endswith("pol (R)")]
    assert raid and not raid[0]["land"] and raid[0]["on"]
    assert ENGINE.order_steps(s, "GER", "A mun") is None  # an army: its list holds its orders
    assert ENGINE.order_steps(s, "GER", "B rom") is None  # another power's bomber


@pytest.mark.rule("D39 44")
def test_land_approvals_for_other_powers_bombers_are_listed() -> None:
    """A province owner may let another power's bomber land (D39 44): offered per province
    it owns and per foreign bomber, each accepted by the game as it stands."""
    from tests.games.diplomacy.scenario1939 import ENGINE, position

    s = position("GER: B ber; RUS: A mos, B len")
    offered = ENGINE.order_options(s, "RUS")["landing"]
    owned = sorted(p for p, who in s.provinces.items() if who == "RUS")
    assert offered == [f"{p} [Land GER B ber]" for p in owned]
    for line in offered:
        parsed = submission.parse(ENGINE, s, "RUS", line)
        assert not parsed.problems and ENGINE.format(parsed.orders[0][1]) == line
    assert "landing" not in ENGINE.order_options(position("RUS: A mos, B len"), "RUS")
