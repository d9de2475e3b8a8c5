"""Whole games: bots in every phase, views and secrets, golden printouts, the demo."""

from __future__ import annotations

import io
import os
import re
from collections import Counter
from pathlib import Path

import pytest

from umpire.cli.shows import play_demo
from umpire.core import session
from umpire.core.chance import SeededChance
from umpire.core.events import visible_to
from umpire.core.replay import replay
from umpire.core.submission import orders_text, parse
from umpire.games.conquest import bot
from umpire.games.conquest.game import POWERS
from umpire.games.conquest.game import RULESET as GAME

GOLDEN = Path(__file__).parent / "golden"


def bot_game(players: int, seed: int):
    record = session.create("conquest", seed=seed, powers=POWERS[:players])
    phases: Counter[str] = Counter()
    while record.outcome is None:
        assert len(record.turns) < 400
        state = session.current_state(record)
        phases[state.phase] += 1
        for power in session.pending(record).powers:
            chosen = bot.bot_orders(state, GAME.board(state), power, SeededChance(seed, power))
            text = orders_text(GAME, chosen)
            assert parse(GAME, state, power, text).problems == [], (state.phase, text)
            receipt = session.bot_submit(record, power)
            assert receipt.ok
        session.process(record)
    return record, phases


@pytest.mark.rule("COTW 22")
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_bots_play_legal_orders_in_every_phase_to_the_end(players: int) -> None:
    record, phases = bot_game(players, seed=players)
    assert set(phases) == {
        "digits",
        "homeland",
        "home-alliances",
        "attack",
        "battle",
        "final",
        "endgame",
    }
    assert phases["homeland"] == players
    assert replay(record) == []
    final = GAME.load_state(record.latest_state)
    best = max(final.record[p] for p in final.players)
    assert record.outcome.winners == tuple(p for p in final.players if final.record[p] == best)


def test_the_pending_powers_are_exactly_who_must_order() -> None:
    record = session.create("conquest", seed=5)
    while record.outcome is None:
        state = session.current_state(record)
        pending = session.pending(record).powers
        for power in record.powers:
            if power not in pending:
                parsed = parse(GAME, state, power, "PASS")
                assert [p.code for p in parsed.problems] == ["illegal/not_your_turn"]
        if state.phase == "battle":
            assert pending == (state.war.attacker, state.war.defender)
        for power in pending:
            session.bot_submit(record, power)
        session.process(record)


def test_a_weapon_choice_is_secret_until_both_are_in_and_revealed_after() -> None:
    record = session.create("conquest", seed=8)
    while session.current_state(record).phase != "battle":
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    state = session.current_state(record)
    a, d = state.war.attacker, state.war.defender
    session.submit(record, a, "PLANE AGGRESSIVE")
    session.submit(record, d, "TANK")
    varied = GAME.vary_secrets(state, a, SeededChance(1, "v"))
    assert GAME.view(varied, d) == GAME.view(state, d)
    turn = session.process(record)
    battle = next(e for e in turn.events if e.kind == "battle")
    assert battle.data["weapons"] == ["PLANE", "TANK"]
    assert battle.audience.kind == "public"
    assert session.current_state(record).last_orders[a] == ("PLANE AGGRESSIVE",)
    assert GAME.view(session.current_state(record), d)["orders"] == {d: ["TANK CAUTIOUS"]}


def test_golden_printouts() -> None:
    record = session.create("conquest", seed=21, powers=POWERS[:3])
    update = os.environ.get("UMPIRE_UPDATE_GOLDEN") == "1"
    GOLDEN.mkdir(exist_ok=True)
    for _ in range(12):
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    for n in (1, 4, 5, 12):
        for power in (*record.powers, None):
            name = f"turn{n}-{power or 'umpire'}.txt"
            text = session.report(record, power, turn=n)
            path = GOLDEN / name
            if update:
                path.write_text(text)
            assert path.exists(), f"{name} missing: run with UMPIRE_UPDATE_GOLDEN=1"
            assert text == path.read_text(), name


def test_the_printout_shows_the_board_records_chips_warchest_and_what_to_do() -> None:
    record = session.create("conquest", seed=21, powers=POWERS[:3])
    for _ in range(5):
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    text = session.report(record, "RED")
    for part in (
        "Zone 1  North America",
        "POWER BASE RECORD AND CHIPS",
        "WARCHEST",
        "NEXT: Turn 6",
        "ORDER NOTATION",
        "PLANE AGGRESSIVE",
    ):
        assert part in text
    events = visible_to(record.turns[-1].events, "RED")
    # The session heads the game's printout with the turn played and the one due.
    assert text.startswith("Results of Turn 5: ")
    assert text.endswith(GAME.printout(session.current_state(record), events, "RED"))


def test_umpire_demo_conquest_plays_a_four_player_game_to_the_end() -> None:
    out = io.StringIO()
    record = play_demo("conquest", scenario=None, seed=4, turns=None, out=out)
    assert len(record.powers) == 4
    assert record.outcome is not None
    assert "=== Game over:" in out.getvalue()


@pytest.mark.rule("COTW scenarios")
def test_a_scenario_board_is_played_to_the_end_by_bots() -> None:
    record = session.create("conquest", scenario="warsaw-break", seed=9, powers=POWERS[:3])
    while record.outcome is None:
        assert len(record.turns) < 400
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    assert replay(record) == []
    assert re.search(r"POL +Poland +8 ", session.report(record, "RED"))


@pytest.mark.rule("COTW 2")
@pytest.mark.rule("COTW 3")
@pytest.mark.rule("COTW 4")
@pytest.mark.rule("COTW 14")
@pytest.mark.rule("COTW 12")
@pytest.mark.rule("COTW 20")
@pytest.mark.rule("COTW 21")
def test_a_player_that_sent_nothing_reads_that_no_orders_came_and_what_followed() -> None:
    """As Diplomacy's, 1939 III's and SPI WW2's players are: in each kind of phase a player
    who sends nothing reads that no orders came and what ruling C11 did for him; nobody else
    reads it."""
    record = session.create("conquest", seed=3, powers=POWERS[:3])
    seen: dict[str, str] = {}
    while record.outcome is None and len(seen) < 7:
        assert len(record.turns) < 400
        state = session.current_state(record)
        todo = session.pending(record).powers
        silent = todo[0] if state.phase not in seen else None
        for power in todo:
            if power != silent:
                session.bot_submit(record, power)
        session.process(record)
        if silent is None:
            continue
        turn = len(record.turns)
        text = session.report(record, silent)
        assert f"No orders received from {silent} for turn {turn}: " in text, text
        others = [p for p in record.powers if p != silent]
        assert all("No orders received" not in session.report(record, p) for p in others)
        seen[state.phase] = text
    assert set(seen) == {
        "digits",
        "homeland",
        "home-alliances",
        "attack",
        "battle",
        "final",
        "endgame",
    }
    assert "it calls 0, the first number free upwards from 0 (ruling C11)" in seen["digits"]
    assert "its Homeland is the free country of highest value, United States" in seen["homeland"]
    assert "it makes no alliances in its home zone (ruling C11)" in seen["home-alliances"]
    assert "it buys no alliance and passes the attack option" in seen["attack"]
    assert "it makes no final-round attack" in seen["final"]
    assert "it fights with TANK CAUTIOUS" in seen["battle"]
    assert re.search(r"it fights with (TANK|SUB) CAUTIOUS", seen["endgame"])
    assert replay(record) == []
