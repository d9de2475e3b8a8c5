"""The conformance suite: the same properties checked over every (game, scenario) registered.

- random bot playouts reach the end of the game;
- the record survives a JSON round trip and replays to the same states;
- the same seed and orders give the same record;
- notation round trip: ``parse(format(order)) == order`` for every order the bots write, and
  the canonical text read again at processing (``reread``) gives the orders submitted;
- every order a bot gives is one ``check`` keeps unchanged (so the session stores a bot's
  orders without reading or judging them), and a bot's submission stores what the text
  submission of its orders would;
- a game played through one loaded table gives the same record as one played through the
  record-taking functions (a table keeps the resolved state instead of reloading it);
- no text, however garbled, raises out of ``parse``;
- view non-leak: changing another power's secret facts never changes a power's view nor the
  text he reads as the service stores it (the heading, the printout made from his view, the
  last printout of a declared end), for every game with secrets;
- the public view (what a spectator sees) holds only facts every power's view holds, and no
  power's secrets change it.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from umpire.core import readings, registry, session
from umpire.core.chance import SeededChance
from umpire.core.events import visible_to
from umpire.core.record import GameRecord
from umpire.core.replay import replay
from umpire.core.ruleset import HasPublicView, HasSecrets, Outcome
from umpire.core.submission import bot_text, orders_text, parse, reread

# Every scenario of every registered game (the built-in games, and the toy game of the tests).
# Not the server tests' stand-in (tests/server/fakegame.py): it is registered only when those
# tests are imported first, and is plumbing for the service, not a game with rules to conform to.
GAMES = [(game, scenario) for game, scenario, _ in registry.all_scenarios() if game != "fakebid"]
IDS = [f"{game}-{scenario}" for game, scenario in GAMES]
MAX_TURNS = 600  # a bound on processed turns; every game must end well before it
# Games with no turn limit by default whose bots do not conquer the board: the playout sets
# the game's own turn-limit setting (Battle Plan: 1A, ruling R-END; bot armies stalemate).
PLAYOUT_SETTINGS: dict[str, dict[str, Any]] = {"battleplan": {"max_turns": 30}}


def test_every_builtin_game_and_scenario_is_covered() -> None:
    assert {"origins", "battleplan", "diplomacy", "pebbles"} <= {g for g, _ in GAMES}
    assert ("diplomacy", "1939-iii") in GAMES


@cache
def playout(game: str, scenario: str, seed: int) -> GameRecord:
    """A complete bot game (cached: several properties read the same playout), played at one
    table, as the service plays a turn. The record functions, which load the game from the
    record at every call, play the same game: ``test_one_table_plays_the_same_game_as_the_
    record_functions`` proves it for every game and scenario."""
    table = session.open_table(
        session.create(game, scenario=scenario, seed=seed, settings=PLAYOUT_SETTINGS.get(game))
    )
    while table.record.outcome is None:
        assert len(table.record.turns) < MAX_TURNS, f"{game} did not end in {MAX_TURNS} turns"
        for power in table.pending().powers:
            table.bot_submit(power)
        table.process()
    return table.record


def sample_turns(record: GameRecord, most: int = 6) -> list[int]:
    """Up to ``most`` turn numbers spread over the game (0 is the opening)."""
    count = len(record.turns)
    step = max(1, count // most)
    return sorted({0, *range(1, count + 1, step), count})


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
def test_bot_playout_reaches_an_outcome(game: str, scenario: str) -> None:
    record = playout(game, scenario, 1)
    assert record.outcome is not None
    ruleset = registry.get(game, scenario)
    assert set(record.outcome.winners) <= set(record.powers)
    final = ruleset.load_state(record.latest_state)
    assert ruleset.outcome(final) == record.outcome


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
def test_record_round_trip_and_replay(game: str, scenario: str) -> None:
    record = playout(game, scenario, 1)
    text = json.dumps(record.to_json())
    again = GameRecord.from_json(json.loads(text))
    assert again.to_json() == record.to_json()
    assert replay(again) == []


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
def test_state_dump_round_trips(game: str, scenario: str) -> None:
    ruleset = registry.get(game, scenario)
    record = playout(game, scenario, 1)
    for n in sample_turns(record):
        data = record.state_after(n)
        assert ruleset.dump_state(ruleset.load_state(data)) == data


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
def test_same_seed_and_orders_give_the_same_record(game: str, scenario: str) -> None:
    def play(seed: int) -> dict[str, Any]:
        record = session.create(game, scenario=scenario, seed=seed)
        for _ in range(4):
            if record.outcome:
                break
            for power in session.pending(record).powers:
                session.bot_submit(record, power)
            session.process(record)
        return record.to_json()

    assert play(5) == play(5)


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
def test_notation_round_trips_for_every_bot_order(game: str, scenario: str) -> None:
    ruleset = registry.get(game, scenario)
    record = playout(game, scenario, 2)
    checked = 0
    for n in sample_turns(record, most=10):
        if n == len(record.turns) and record.outcome:
            continue
        state = ruleset.load_state(record.state_after(n))
        for power in ruleset.pending(state).powers:
            text = bot_text(ruleset, state, power, SeededChance(3, "rt", n, power))
            parsed = parse(ruleset, state, power, text)
            assert parsed.problems == [], f"bot wrote orders its own parser refuses: {text!r}"
            for _, order in parsed.orders:
                canonical = ruleset.format(order)
                again = parse(ruleset, state, power, canonical)
                assert again.problems == [], canonical
                assert [o for _, o in again.orders] == [order], canonical
                assert ruleset.format(again.orders[0][1]) == canonical
                checked += 1
            lines = [ruleset.format(o) for _, o in parsed.orders]
            assert reread(ruleset, state, power, lines) == [o for _, o in parsed.orders]
    assert checked > 0


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
def test_bot_orders_are_kept_unchanged_by_check_and_their_text_reads_back(
    game: str, scenario: str
) -> None:
    """The session stores a bot's orders as the bot gives them, neither read nor judged
    (``Table.bot_submit``, issues 28 and 33). That is safe because, over many bot turns, the
    game's own ``check`` keeps every bot order, unchanged (legal, already in normal form), and
    the canonical text stored for them reads back to the same orders, through the whole
    pipeline and through ``read_line`` alone (``reread``, as at processing)."""
    ruleset = registry.get(game, scenario)
    record = playout(game, scenario, 2)
    checked = 0
    for n in sample_turns(record, most=12):
        if n == len(record.turns) and record.outcome:
            continue
        state = ruleset.load_state(record.state_after(n))
        for power in ruleset.pending(state).powers:
            for chance in (session.bot_chance(record, n + 1, power), SeededChance(5, n, power)):
                orders = list(ruleset.bot_orders(state, power, chance))
                numbered = list(enumerate(orders, start=1))
                kept = ruleset.check(state, power, numbered)
                assert kept.problems == [], (n, power, kept.problems)
                assert kept.orders == numbered, (n, power)
                text = orders_text(ruleset, orders)
                assert text == "".join(f"{ruleset.format(o)}\n" for o in orders)
                parsed = parse(ruleset, state, power, text)
                assert parsed.problems == [], (n, power, text)
                assert parsed.orders == numbered, (n, power, text)
                assert reread(ruleset, state, power, text.splitlines()) == orders, text
                checked += len(orders)
    assert checked > 0


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
def test_bot_submit_stores_what_a_text_submission_of_its_orders_stores(
    game: str, scenario: str
) -> None:
    """A bot's submission (orders, no text read) and the submission of their canonical text
    through the text pipeline store the same thing and give the same receipt: the standing
    orders, the submission list, the warnings, who has submitted."""
    by_bot = session.open_table(session.create(game, scenario=scenario, seed=4))
    by_text = session.open_table(session.create(game, scenario=scenario, seed=4))
    for _ in range(4):
        if by_bot.record.outcome is not None:
            break
        number = by_bot.record.processed + 1
        for power in by_bot.pending().powers:
            receipt = by_bot.bot_submit(power)
            chance = session.bot_chance(by_text.record, number, power)
            text = bot_text(by_text.ruleset, by_text.state, power, chance)
            again = by_text.submit(power, text, source="bot")
            assert receipt.to_json() == again.to_json(), power
            assert by_bot.standing(power) == by_text.standing(power)
        assert by_bot.submitted() == by_text.submitted()
        assert by_bot.status() == by_text.status()
        assert by_bot.record.to_json() == by_text.record.to_json()
        by_bot.process()
        by_text.process()
    assert by_bot.record.to_json() == by_text.record.to_json()


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
def test_one_table_plays_the_same_game_as_the_record_functions(game: str, scenario: str) -> None:
    """A table keeps the state ``resolve`` returned instead of loading it from the record:
    the game must be the same (record, every printout and view) either way. The same game is
    played beside it by the record functions (each call loads the game from the record), and
    after every turn a table loaded afresh from the table's record (as every one of those
    calls makes one) reads each reader's printout and view as the playing table does."""
    created = session.create(game, scenario=scenario, seed=1, settings=PLAYOUT_SETTINGS.get(game))
    by_functions = GameRecord.from_json(created.to_json())
    table = session.open_table(created)
    record = table.record
    while record.outcome is None:
        assert len(record.turns) < MAX_TURNS, f"{game} did not end in {MAX_TURNS} turns"
        for power in table.pending().powers:
            table.bot_submit(power)
        table.process()
        for power in session.pending(by_functions).powers:
            session.bot_submit(by_functions, power)
        session.process(by_functions)
        loaded = session.Table(record)
        for power in [*record.powers, None]:
            assert table.report(power) == loaded.report(power), (power, len(record.turns))
            assert table.view(power) == loaded.view(power)
    assert by_functions.outcome is not None
    assert record.to_json() == by_functions.to_json()


GARBLE = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=200
) | st.lists(
    st.sampled_from(
        [
            "A",
            "F",
            "T",
            "B",
            "-",
            "S",
            "C",
            "H",
            "(",
            ")",
            "[",
            "]",
            "/",
            "*",
            "99",
            "0",
            "-1",
            " ",
            "\n",
            "\t",
            "via",
            "PAR",
            "Bur",
            "@",
            "2A",
            "ATTACK",
            "PLACE",
            "BI",
            "/1/",
            ",",
            "\x00",
            "é",
            "9" * 30,
        ]
    ),
    max_size=40,
).map("".join)


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=GARBLE)
def test_garbled_text_never_raises_out_of_parse(game: str, scenario: str, text: str) -> None:
    ruleset = registry.get(game, scenario)
    record = playout(game, scenario, 1)
    state = ruleset.load_state(record.state_after(min(1, len(record.turns))))
    for power in record.powers:
        parsed = parse(ruleset, state, power, text)
        for problem in parsed.problems:
            assert problem.code and "/" in problem.code
            assert problem.line >= 0


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mangled_bot_orders_never_raise(game: str, scenario: str, data: st.DataObject) -> None:
    ruleset = registry.get(game, scenario)
    record = playout(game, scenario, 1)
    state = ruleset.load_state(record.initial_state)
    power = data.draw(st.sampled_from(record.powers))
    text = bot_text(ruleset, state, power, SeededChance(4, power))
    if text:
        cut = data.draw(st.integers(0, len(text) - 1))
        junk = data.draw(st.text(max_size=5))
        text = text[:cut] + junk + text[cut + 1 :]
    parse(ruleset, state, power, text)


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
def test_changing_another_powers_secrets_never_changes_a_view(game: str, scenario: str) -> None:
    ruleset = registry.get(game, scenario)
    if not ruleset.info.hides_information(scenario):
        pytest.skip(f"{game} {scenario} has no hidden information")
    assert isinstance(ruleset, HasSecrets), f"{game} hides information but has no vary_secrets"
    record = playout(game, scenario, 3)
    table = session.open_table(record)
    varied_something = False
    for n in sample_turns(record, most=4):
        state = ruleset.load_state(record.state_after(n))
        events = record.turns[n - 1].events if n else []
        # What each reader sees of the unvaried state, made once (a 31-player game has 930
        # pairs of reader and varied power a turn): his view, the events he sees, the text he
        # reads as the session stores it (heading, then the printout made from his view: the
        # text is what leaks or not, not only the view) and the printout of the state.
        dumped = ruleset.dump_state(state)
        seen_by = {power: visible_to(events, power) for power in record.powers}
        view_of = {power: ruleset.view(state, power) for power in record.powers}
        heading_of = {power: table.heading(n, state, power) for power in record.powers}
        text_of = {
            power: heading_of[power]
            + ruleset.printout_of_view(view_of[power], seen_by[power], power)
            for power in record.powers
        }
        printout_of = {
            power: ruleset.printout(state, seen_by[power], power) for power in record.powers
        }
        # The printout made from a view reads nothing but its arguments: where a varied state
        # leaves a reader's view as it was, the printout of that (equal) view is made again
        # once per reader and turn, its sameness checked; the heading, the view and the
        # printout made from the varied state are checked for every pair.
        rendered: set[str] = set()
        for other in record.powers:
            varied = ruleset.vary_secrets(state, other, SeededChance(9, "vary", n, other))
            # A power may hold no secret yet (the opening): then nothing changes.
            varied_something |= ruleset.dump_state(varied) != dumped
            for power in record.powers:
                if power == other:
                    continue
                seen = seen_by[power]
                view = ruleset.view(varied, power)
                assert view == view_of[power], (power, other, n)
                head = table.heading(n, varied, power)
                assert head == heading_of[power], (power, other, n)
                if power not in rendered:
                    rendered.add(power)
                    again = head + ruleset.printout_of_view(view, seen, power)
                    assert again == text_of[power], (power, other, n)
                assert ruleset.printout(varied, seen, power) == printout_of[power]
    assert varied_something, f"{game}: vary_secrets never changed any sampled state"


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_another_powers_secrets_never_change_the_text_a_reader_reads(
    game: str, scenario: str, data: st.DataObject
) -> None:
    """The non-leak property over the text itself, as the service stores and sends it: the
    printout made from the reader's view (``printout_of_view``, what the session stores), the
    whole report with its heading, and the last printout of a game ended by a declared result.
    Hypothesis picks the turn, the power whose secrets vary, and how they vary."""
    ruleset = registry.get(game, scenario)
    if not ruleset.info.hides_information(scenario):
        pytest.skip(f"{game} {scenario} has no hidden information")
    assert isinstance(ruleset, HasSecrets)
    record = playout(game, scenario, 3)
    n = data.draw(st.sampled_from(sample_turns(record, most=4)), label="turn")
    other = data.draw(st.sampled_from(record.powers), label="power whose secrets vary")
    how = data.draw(st.integers(0, 2**32), label="variation")
    state = ruleset.load_state(record.state_after(n))
    varied = ruleset.vary_secrets(state, other, SeededChance(how, "vary", n, other))
    events = record.turns[n - 1].events if n else []
    declared = Outcome(tuple(record.powers[:2]), {}, "a draw agreed by the first two")
    table = session.open_table(record)
    for power in record.powers:
        if power == other:
            continue
        seen = visible_to(events, power)

        def texts(position: Any, power: str = power, seen: Any = seen) -> list[str]:
            view = ruleset.view(position, power)
            return [
                table.heading(n, position, power) + ruleset.printout_of_view(view, seen, power),
                readings.ended_printout(ruleset, view, seen, power, declared),
            ]

        assert texts(varied) == texts(state), (power, other, n)


def _leaves(data: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    """Every (path, value) of a JSON-like view; a list is one value."""
    if isinstance(data, dict):
        return [leaf for k, v in data.items() for leaf in _leaves(v, (*path, str(k)))]
    return [(path, data)]


def _at(data: Any, path: tuple[str, ...]) -> Any:
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return KeyError(path)
        data = data[key]
    return data


# Keys that say what the view is, not facts of the position.
VIEW_KIND = {("public",), ("power",)}


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
def test_the_public_view_holds_only_what_every_power_sees(game: str, scenario: str) -> None:
    ruleset = registry.get(game, scenario)
    if not ruleset.info.hides_information(scenario):
        pytest.skip(f"{game} {scenario} hides nothing: its umpire's view is public")
    if not isinstance(ruleset, HasPublicView):
        pytest.skip(f"{game} has no public view (spectators see no position)")
    assert isinstance(ruleset, HasSecrets)
    record = playout(game, scenario, 3)
    for n in sample_turns(record, most=4):
        state = ruleset.load_state(record.state_after(n))
        public = ruleset.public_view(state)
        leaves = [(p, v) for p, v in _leaves(public) if p not in VIEW_KIND]
        assert len(leaves) > 5
        for power in record.powers:
            seen = ruleset.view(state, power)
            for path, value in leaves:
                assert _at(seen, path) == value, (power, path, n)
            varied = ruleset.vary_secrets(state, power, SeededChance(9, "vary", n, power))
            assert ruleset.public_view(varied) == public, (power, n)


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
def test_a_printout_made_from_the_view_is_the_printout(game: str, scenario: str) -> None:
    """What the service stores after a turn (``Table.view_and_report``) is each reader's view
    and printout, also where the game builds the printout from a view given to it."""
    record = playout(game, scenario, 4)
    table = session.open_table(record)
    for power in [*record.powers, None]:
        seen, printout = table.view_and_report(power)
        assert seen == table.view(power), power
        assert printout == table.report(power), power
    ruleset = registry.get(game, scenario)
    for n in sample_turns(record, most=4):
        state = ruleset.load_state(record.state_after(n))
        events = record.turn(n).events if n >= 1 else []
        for power in [*record.powers, None]:
            mine = visible_to(events, power)
            given = ruleset.printout_of_view(ruleset.view(state, power), mine, power)
            assert given == ruleset.printout(state, mine, power), (power, n)


# What a printout says when it asks for orders; a game that is over says none of it.
ASKING = ("Due:", "Due ", "orders due", "ORDER NOTATION", "Winter orders", "Retreat orders",
          "if the game ended now", "NEXT:")  # fmt: skip


def _asks_nothing(text: str) -> None:
    asking = [a for a in ASKING if a in text]
    assert not asking, f"a finished game's printout asks {asking}:\n{text}"


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
def test_the_last_printout_of_a_game_over_says_so_and_asks_for_nothing(
    game: str, scenario: str
) -> None:
    record = playout(game, scenario, 1)
    table = session.open_table(record)
    for power in [*record.powers, None]:
        text = table.report(power)
        assert "over" in text.lower(), (power, text)
        _asks_nothing(text)


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
def test_a_result_declared_before_the_rules_end_the_game_is_the_last_printout(
    game: str, scenario: str
) -> None:
    """A draw declared by the game master (or voted) after turn 1: every reader's printout
    of that turn says the game is over and how, and asks for no more orders."""
    record = session.create(game, scenario=scenario, seed=2, settings=PLAYOUT_SETTINGS.get(game))
    for power in session.pending(record).powers:
        session.bot_submit(record, power)
    session.process(record)
    assert record.outcome is None
    session.declare_result(record, record.powers[:2], "a draw agreed by the first two")
    table = session.open_table(record)
    for power in [*record.powers, None]:
        text = table.report(power)
        assert "a draw agreed by the first two" in text, (power, text)
        assert "over" in text.lower(), (power, text)
        _asks_nothing(text)
        assert table.view_and_report(power)[1] == text
