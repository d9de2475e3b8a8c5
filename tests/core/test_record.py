import json

import pytest

from umpire.core import session
from umpire.core.record import (
    SCHEMA_VERSION,
    GameRecord,
    RecordError,
    dump_record,
    read_record_data,
)
from umpire.core.replay import replay
from umpire.core.session import SessionError


def play(seed: int = 11, turns: int = 3) -> GameRecord:
    record = session.create("pebbles", seed=seed, powers=["RED", "BLUE"])
    for _ in range(turns):
        if record.outcome:
            break
        session.submit(record, "RED", "TAKE 3")
        session.submit(record, "BLUE", "take 2")
        session.process(record)
    return record


def test_record_round_trips_through_json_text() -> None:
    record = play()
    text = json.dumps(record.to_json())
    again = GameRecord.from_json(json.loads(text))
    assert again.to_json() == record.to_json()


def test_record_file_bytes_plain_or_compressed_read_back_the_same() -> None:
    record = play()
    plain = dump_record(record)
    # The plain file is what Umpire always wrote: compact JSON, keys sorted, one line.
    old = json.dumps(record.to_json(), separators=(",", ":"), sort_keys=True) + "\n"
    assert plain == old.encode()
    packed = dump_record(record, compressed=True)
    assert packed[:2] == b"\x1f\x8b" and len(packed) < len(plain)
    assert dump_record(record, compressed=True) == packed  # no time in the header
    for data in (plain, packed):
        assert GameRecord.from_json(read_record_data(data)).to_json() == record.to_json()


def test_damaged_compressed_record_file_is_refused() -> None:
    packed = dump_record(play(), compressed=True)
    with pytest.raises(RecordError, match="corrupt compressed"):
        read_record_data(packed[: len(packed) // 2])
    with pytest.raises(ValueError, match="Expecting"):
        read_record_data(b"{nope")


def test_unknown_schema_version_is_refused_clearly() -> None:
    data = play().to_json()
    data["schema"] = SCHEMA_VERSION + 1
    with pytest.raises(RecordError, match="schema version"):
        GameRecord.from_json(data)
    with pytest.raises(RecordError, match="not an Umpire game record"):
        GameRecord.from_json({"hello": 1})


def test_corrupt_record_is_refused() -> None:
    data = play().to_json()
    del data["turns"][0]["state"]
    with pytest.raises(RecordError, match="corrupt"):
        GameRecord.from_json(data)


def test_latest_submission_counts_and_all_are_kept_in_order() -> None:
    record = session.create("pebbles", seed=3, powers=["RED", "BLUE"])
    session.submit(record, "RED", "TAKE 1")
    session.submit(record, "RED", "TAKE 3")
    session.submit(record, "BLUE", "TAKE 1")
    pile = record.initial_state["pile"]
    turn = session.process(record)
    assert [s.orders for s in turn.submissions] == [["TAKE 1"], ["TAKE 3"], ["TAKE 1"]]
    assert turn.state["hoards"] == {"RED": 3, "BLUE": 1}
    assert turn.state["pile"] == pile - 4


def test_receipt_lists_accepted_orders_and_every_problem_by_line() -> None:
    record = session.create("pebbles", seed=3, powers=["RED", "BLUE"])
    receipt = session.submit(record, "RED", "take 2\nfly away\n\nTAKE 9\n")
    assert receipt.accepted == [(1, "TAKE 2")]
    assert [(p.line, p.code) for p in receipt.problems] == [
        (2, "syntax/unknown_order"),
        (4, "illegal/take_count"),
    ]
    assert "'fly away'" in receipt.problems[0].message
    assert "line   1: TAKE 2" in receipt.text()


def test_orders_for_another_turn_are_refused() -> None:
    record = play(turns=1)
    with pytest.raises(SessionError) as err:
        session.submit(record, "RED", "TAKE 1", turn=1)
    assert err.value.code == "turn/stale"
    assert record.pending == []


def test_unknown_power_and_finished_game_are_refused() -> None:
    record = session.create("pebbles", seed=3, powers=["RED", "BLUE"])
    with pytest.raises(SessionError, match="no power 'PINK'"):
        session.submit(record, "PINK", "TAKE 1")
    record = play(turns=30)
    assert record.outcome is not None
    with pytest.raises(SessionError, match="over"):
        session.submit(record, "RED", "TAKE 1")


def test_replay_reproduces_every_state_and_detects_tampering() -> None:
    record = play(turns=4)
    assert replay(record) == []
    record.turns[1].state["pile"] += 1
    problems = replay(record)
    assert any("turn 2" in p and "state" in p for p in problems)


def test_replay_detects_tampered_draws() -> None:
    record = play(turns=2)
    draws = record.turns[0].draws
    draws[0] = type(draws[0])(
        draws[0].purpose, draws[0].low, draws[0].high, draws[0].high - draws[0].value
    )
    assert replay(record)


def test_same_seed_and_orders_give_the_same_record() -> None:
    assert play(seed=99).to_json() == play(seed=99).to_json()
    assert play(seed=99).to_json() != play(seed=98).to_json()


def test_rollback_restores_the_previous_turn_and_its_submissions() -> None:
    record = play(turns=2)
    before = record.turns[0].state
    session.rollback(record)
    assert record.latest_state == before
    assert [s.power for s in record.pending] == ["RED", "BLUE"]


def test_report_shows_only_the_events_addressed_to_the_power() -> None:
    record = play(turns=1)
    red = session.report(record, "RED")
    assert "You took 3." in red and "You took 2." not in red
    assert "pebbles are left" in red
    umpire = session.report(record, None)
    assert "You took 3." in umpire and "You took 2." in umpire


def test_game_master_declares_a_draw() -> None:
    record = play(turns=1)
    outcome = session.declare_result(record, ["red", "BLUE"])
    assert outcome.winners == ("RED", "BLUE")
    assert outcome.scores == {"RED": 0.5, "BLUE": 0.5}
    assert "draw declared by the game master" in outcome.summary
    with pytest.raises(SessionError, match="over"):
        session.submit(record, "RED", "TAKE 1")
    again = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again.outcome == outcome
    assert replay(again) == []


def test_declared_result_needs_real_distinct_powers() -> None:
    record = play(turns=1)
    with pytest.raises(SessionError):
        session.declare_result(record, [])
    with pytest.raises(SessionError):
        session.declare_result(record, ["RED", "red"])
    with pytest.raises(SessionError, match="no power"):
        session.declare_result(record, ["PINK"])
    assert record.outcome is None
