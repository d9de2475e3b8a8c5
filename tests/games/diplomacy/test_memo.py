"""The memos of canonical lines and of map-only legality (memo.py) never change what a
submission reads as: the same orders and problems as a ruleset that has read nothing before,
and a kept outcome is used only while the units it names stand as they did."""

from __future__ import annotations

import pytest

from umpire.core import submission
from umpire.core.chance import SeededChance
from umpire.games.diplomacy import INFO, RULESET, memo, movement, turn
from umpire.games.diplomacy.game import POWERS, Diplomacy
from umpire.games.diplomacy.geography import load_map
from umpire.games.diplomacy.model import MOVEMENT, SPRING, State, Unit
from umpire.games.diplomacy.orders import Hold, Move, MovementOrder, Support, unit_province


def position(*units: str) -> State:
    """A Spring movement position with ``units`` ("FRA A par")."""
    return State(
        scenario="standard",
        powers=POWERS,
        year=1901,
        season=SPRING,
        phase=MOVEMENT,
        units=tuple(sorted(Unit.parse(u) for u in units)),
        owners=(),
    )


def fresh() -> Diplomacy:
    """A ruleset on a map of its own: its memos are empty."""
    return Diplomacy(INFO, load_map("standard"))


def read(ruleset: Diplomacy, state: State, power: str, text: str) -> tuple[list, list]:
    parsed = submission.parse(ruleset, state, power, text)
    return parsed.orders, [(p.line, p.code, p.message, p.text) for p in parsed.problems]


def test_bot_games_read_the_same_with_warm_and_cold_memos() -> None:
    warm = fresh()
    for seed in range(3):
        state = RULESET.new_game("standard", POWERS, SeededChance(seed), {"max_years": 6})
        while state.phase != "over":
            orders = {}
            for p in RULESET.pending(state).powers:
                text = submission.bot_text(RULESET, state, p, SeededChance(seed, state.turn, p))
                # The same text for every power too: other powers' units are refused.
                for who in POWERS:
                    got = read(warm, state, who, text)
                    assert got == read(fresh(), state, who, text)
                orders[p] = [o for _, o in submission.parse(warm, state, p, text).orders]
            state = RULESET.resolve(state, orders, SeededChance(0)).state
    assert warm.memo.lines  # the canonical lines were kept


def test_a_kept_move_is_refused_once_the_unit_is_another_powers_or_gone() -> None:
    memo = fresh()
    assert read(memo, position("FRA A par"), "FRA", "A par - bur")[0] == [
        (1, Move("A", "par", "bur"))
    ]
    orders, problems = read(memo, position("GER A par"), "FRA", "A par - bur")
    assert orders == [] and problems[0][1] == "illegal/not_your_unit"
    orders, problems = read(memo, position("FRA A bur"), "FRA", "A par - bur")
    assert orders == [] and problems[0][1] == "illegal/no_unit"


def test_a_kept_support_follows_the_supported_units_kind() -> None:
    memo = fresh()
    orders, _ = read(memo, position("FRA A gas", "FRA A mar"), "FRA", "A gas S A mar")
    assert orders == [(1, Support("A", "gas", "A", "mar"))]
    orders, _ = read(memo, position("FRA A gas", "ITA F mar"), "FRA", "A gas S A mar")
    assert orders == [(1, Support("A", "gas", "F", "mar"))]  # normalised to the unit there
    orders, problems = read(memo, position("FRA A gas"), "FRA", "A gas S A mar")
    assert orders == [] and problems[0][1] == "illegal/no_unit"


def test_a_move_by_convoy_is_checked_against_the_fleets_every_time() -> None:
    memo = fresh()
    carried = position("ENG A lon", "ENG F nth")
    line = "A lon - bel via convoy"
    assert read(memo, carried, "ENG", line)[0] == [(1, Move("A", "lon", "bel", True))]
    orders, problems = read(memo, position("ENG A lon", "ENG F lvp"), "ENG", line)
    assert orders == [] and problems[0][1] == "illegal/no_convoy"
    assert read(memo, carried, "ENG", "A lon - bel")[0]  # not adjacent: by convoy only
    assert read(memo, position("ENG A lon"), "ENG", "A lon - bel")[1][0][1] == "illegal/no_convoy"


def test_order_events_from_the_memo_are_those_made_anew() -> None:
    """A movement phase's order events, partly taken from the memo of events made before, equal
    in order those made with nothing kept; the memo starts again once it holds EVENTS_KEPT."""
    kept = memo.of(RULESET.map)
    before: set[int] = set()  # identities of the events of earlier phases (kept alive)
    phases = taken = 0
    for seed in range(3):
        state = RULESET.new_game("standard", POWERS, SeededChance(seed), {"max_years": 6})
        while state.phase != "over":
            orders = {}
            for p in RULESET.pending(state).powers:
                text = submission.bot_text(RULESET, state, p, SeededChance(seed, state.turn, p))
                orders[p] = [o for _, o in submission.parse(RULESET, state, p, text).orders]
            done = RULESET.resolve(state, orders, SeededChance(0))
            if state.phase == MOVEMENT:
                at = state.unit_at()
                given: dict[str, MovementOrder] = {}
                for power, os in orders.items():
                    for o in os:
                        if at[unit_province(o) or ""].power == power:
                            given[unit_province(o) or ""] = o  # type: ignore[assignment]
                result = movement.adjudicate(RULESET.map, state.units, given, at)
                anew = turn.order_events(at, result, {}, {})
                again = turn.order_events(at, result, kept.text_of, kept.made_events())
                assert again == anew
                assert [e for e in done.events if e.kind == "order"] == anew
                taken += sum(1 for e in again if id(e) in before)
                before.update(id(e) for e in again)
                phases += 1
            state = done.state
    assert phases > 20 and taken > 100  # events recur and were taken from the memo
    filler = next(iter(kept.events.values()))
    kept.events.update({(n, "", "", None): filler for n in range(memo.EVENTS_KEPT)})
    assert kept.made_events() == {}


@pytest.mark.rule("DATC 4.D.3")
def test_a_unit_ordered_twice_keeps_its_last_order_whether_the_memo_knew_the_lines_or_not() -> None:
    """The check finds two orders for one unit among orders the memo settles (canonical lines
    read before) and among orders it does not (other spellings), and keeps the last."""
    state = position("FRA A par", "FRA A mar", "FRA F bre")
    for ruleset in (fresh(), RULESET):
        for first, last in (("A par - bur", "A par H"), ("a PAR-bur", "A  par  hold")):
            text = f"{first}\nA mar - spa\n{last}\nF bre - mao\n"
            parsed = submission.parse(ruleset, state, "FRA", text)
            assert [n for n, _ in parsed.orders] == [2, 3, 4], text
            assert parsed.orders[1][1] == Hold("A", "par")
            assert [(p.line, p.code) for p in parsed.problems] == [(1, "order/superseded")]
