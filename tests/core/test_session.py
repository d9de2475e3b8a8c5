"""The loaded game handle (session.Table), the submission seam and the optional newspaper."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from tests.support.toygame import PEBBLES, Pebbles
from umpire.core import registry, session
from umpire.core.events import Event
from umpire.core.powers import power_named, resolve_power
from umpire.core.replay import replay, replay_report
from umpire.core.ruleset import Game
from umpire.core.session import SessionError, Table
from umpire.games.origins.game import Origins


def counting(monkeypatch: pytest.MonkeyPatch, cls: type, *names: str) -> Counter[str]:
    counts: Counter[str] = Counter()
    for name in names:
        real = getattr(cls, name)

        def wrapped(*args: Any, _real: Any = real, _name: str = name, **kw: Any) -> Any:
            counts[_name] += 1
            return _real(*args, **kw)

        monkeypatch.setattr(cls, name, wrapped)
    return counts


def test_a_table_loads_the_state_once_for_a_whole_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(session.create("pebbles", seed=2))
    counts = counting(monkeypatch, Pebbles, "load_state")
    for power in table.pending().powers:
        table.bot_submit(power)
    table.process()
    table.status()
    table.report("RED")
    table.pending()
    assert counts["load_state"] == 1


def test_the_record_functions_still_work_and_load_per_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = session.create("pebbles", seed=2)
    counts = counting(monkeypatch, Pebbles, "load_state")
    session.pending(record)
    session.status(record)
    assert counts["load_state"] == 2


def test_legality_is_checked_once_per_order_per_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Origins reads through core's pipeline: check at submission, read_line alone after."""
    record = session.create("origins", seed=4)
    table = Table(record)
    counts = counting(monkeypatch, Origins, "check", "read_line")
    for power in table.pending().powers:
        table.submit(power, "PLACE 1 POL\nPLACE 1 AUS")
    assert counts == {"check": 5, "read_line": 10}
    table.process()
    assert counts == {"check": 5, "read_line": 20}
    assert replay(record) == []


def test_an_order_that_no_longer_reads_is_a_replay_divergence() -> None:
    record = session.create("pebbles", seed=2)
    session.submit(record, "RED", "TAKE 2")
    session.process(record)
    record.turns[0].submissions[0].orders = ["TAKE LOTS"]
    (problem,) = replay(record)
    assert problem.startswith("turn 1: canonical orders of RED no longer read")


@pytest.mark.parametrize("name", ["RED", "red", " Red "])
def test_powers_are_named_by_code_in_any_case(name: str) -> None:
    record = session.create("pebbles", seed=1, powers=["red", "Blue"])
    assert record.powers == ["RED", "BLUE"]
    assert resolve_power(record, name) == "RED"


def test_powers_are_named_by_full_name() -> None:
    record = session.create("origins", seed=1)
    for name in ("GER", "Germany", "germany", "GERMANY"):
        assert resolve_power(record, name) == "GER"
    assert resolve_power(record, "great britain") == "GBR"
    with pytest.raises(SessionError) as err:
        resolve_power(record, "Prussia")
    assert err.value.code == "game/unknown_power"
    assert "GER" in err.value.message


def test_powers_are_resolved_as_power_named_reads_them_in_every_scenario() -> None:
    """resolve_power keeps an index of the seated powers' keys per game and seating: it gives
    what power_named gives for every code and full name, however written, of every scenario,
    and names only the powers seated in the record at hand."""
    for ruleset in registry.all_games():
        for scenario in ruleset.info.scenarios:
            record = session.create(ruleset.info.name, scenario=scenario.name, seed=1)
            names = dict(scenario.names)
            for p in record.powers:
                full = names.get(p, p)
                for written in (p, p.lower(), f" {full} ", full.upper(), full.replace(" ", "")):
                    expected = power_named(written, record.powers, names)
                    assert resolve_power(record, written) == expected
    three = session.create("pebbles", seed=1, powers=["red", "blue", "green"])
    two = session.create("pebbles", seed=1, powers=["red", "green"])
    assert resolve_power(three, "blue") == "BLUE"
    with pytest.raises(SessionError) as err:
        resolve_power(two, "blue")
    assert err.value.code == "game/unknown_power"


def test_a_submission_over_the_limit_is_refused_whole() -> None:
    record = session.create("pebbles", seed=1)
    session.submit(record, "RED", "TAKE 1")
    with pytest.raises(SessionError) as err:
        session.submit(record, "RED", "TAKE 2\n" + "#" * 70_000)
    assert err.value.code == "submission/too_large"
    assert [s.orders for s in record.pending] == [["TAKE 1"]]


class Gazette(Pebbles):
    """Pebbles with a newspaper: the optional part of the contract, in a game of its own."""

    info = replace(Pebbles.info, name="gazette", aliases=())

    def newspaper(self, state: Any, events: Sequence[Event]) -> str | None:
        lines = [e.text for e in events]
        return "THE PEBBLE POST\n" + "\n".join(lines) if lines else None


def test_the_newspaper_carries_public_events_only(monkeypatch: pytest.MonkeyPatch) -> None:
    record = session.create("pebbles", seed=3)
    assert session.newspaper(record) is None  # no turn yet
    session.process(record)
    assert session.newspaper(record) is None  # Pebbles has no newspaper
    # Its record has the newspaper: the session reads the record (registered for this test).
    monkeypatch.setitem(registry._GAMES, "gazette", Game.single(Gazette()))
    monkeypatch.setitem(registry._ALIASES, "gazette", "gazette")
    paper = session.newspaper(replace(record, game="gazette"), turn=1)
    assert paper is not None and paper.startswith("THE PEBBLE POST")
    assert "pebbles are left" in paper and "You took" not in paper
    assert PEBBLES.info.name == "pebbles"


@pytest.mark.rule("COTW 2")
def test_a_legality_problem_quotes_the_line_it_is_about() -> None:
    """A problem found when the orders are checked (not when a line is read) quotes its line,
    as a reading problem does: Conquest's first turn takes only the digits (rule 2)."""
    table = Table(session.create("conquest", seed=3))
    receipt = table.submit("BLUE", "DIGIT 7\n  homeland usa  \nblah")
    assert [(p.line, p.code, p.text) for p in receipt.problems] == [
        (2, "illegal/wrong_phase", "homeland usa"),
        (3, "syntax/unknown_order", "blah"),
    ]


def test_notes_to_players_alone_differing_are_no_replay_divergence() -> None:
    """A record made before Diplomacy wrote its "No orders received" notes replays: the
    notes are listed apart, never as a divergence; a note edited into a rule event is one."""
    record = session.create("diplomacy", seed=3)
    session.process(record)
    assert any(e.kind == "no_orders" for e in record.turns[0].events)
    record.turns[0].events = [e for e in record.turns[0].events if e.kind != "no_orders"]
    found = replay_report(record)
    assert found.divergences == [] and replay(record) == []
    assert found.notes == ["turn 1: only the notes to players differ from the record"]
    record.turns[0].events[0] = record.turns[0].events[0]._replace(kind="no_orders_x")
    assert replay(record) == ["turn 1: the events differ from the record"]
