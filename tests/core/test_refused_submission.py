"""One rule for every game and every entrance (issue 26, items 1 and 2): a submission with no
accepted order changes nothing, a power the turn does not wait for stores nothing, and a
player withdraws his orders only by saying so (an empty submission, or a line ``CLEAR``).

The rule lives in the session (``Table.submit``), which the command line, the API, the game
page and mail all go through; these tests run it over every registered game and scenario."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.core import registry, session
from umpire.core.receipt import Receipt
from umpire.core.record import Submission
from umpire.core.session import Table

# The rule each game's rulebook gives for its players' orders (none for standard Diplomacy,
# whose rules are checked case by case against the DATC, which has no case for this).
RULE = {
    "battleplan": "BP 8",  # GIVING ORDERS
    "conquest": "COTW 2",  # every player calls a number: the first turn's orders
    "diplomacy/1939-iii": "D39 1",  # the standard rules apply
    "origins": "OWW 4.1",  # players provide orders
    "spi-ww2": "SPI 4.1",  # the Player-Turns: only the Phasing Player orders
}
GARBAGE = "XYZZY PLUGH 42\n"


def _param(game: str, scenario: str) -> Any:
    rule = RULE.get(f"{game}/{scenario}") or RULE.get(game)
    marks = [pytest.mark.rule(rule)] if rule else []
    return pytest.param(game, scenario, marks=marks, id=f"{game}-{scenario}")


GAMES = [
    _param(game, scenario)
    for game, scenario, _ in registry.all_scenarios()
    if game not in ("fakebid", "pebbles")
]


def _ordering(table: Table) -> tuple[str, Receipt]:
    """A power the turn waits for whose bot gives at least one order, and its receipt."""
    for power in table.pending().powers:
        receipt = table.bot_submit(power)
        if receipt.accepted:
            return power, receipt
    raise AssertionError("no power waited for has an order to give")


@pytest.mark.parametrize(("game", "scenario"), GAMES)
def test_a_submission_with_no_order_accepted_leaves_the_earlier_orders_standing(
    game: str, scenario: str
) -> None:
    """`umpire orders REC RED - <<< "DIGTI 4"` after "DIGIT 3" replaced RED's orders with
    none, so the turn applied the no-orders default without a word to him."""
    table = Table(session.create(game, scenario=scenario, seed=1))
    power, first = _ordering(table)
    before = [s.to_json() for s in table.record.pending]
    refused = table.submit(power, GARBAGE)
    assert refused.problems and not refused.accepted and not refused.ok
    assert refused.stored is False
    assert refused.standing == [order for _, order in first.accepted]
    assert [s.to_json() for s in table.record.pending] == before  # nothing stored
    text = refused.text()
    assert "Nothing was stored: this submission changed nothing." in text
    assert f"Your earlier orders for this turn stand ({len(first.accepted)}):" in text
    assert "To withdraw them, send the line CLEAR." in text
    # the turn is played with the earlier orders, exactly as if the refused one never came
    twin = Table(session.create(game, scenario=scenario, seed=1))
    assert _ordering(twin)[0] == power
    assert table.process().state == twin.process().state


@pytest.mark.parametrize(("game", "scenario"), GAMES)
def test_a_player_withdraws_his_orders_only_by_saying_so(game: str, scenario: str) -> None:
    """A line CLEAR withdraws (even beside lines that are refused); so does an empty
    submission; a first submission with nothing accepted is no submission at all."""
    table = Table(session.create(game, scenario=scenario, seed=1))
    power, _ = _ordering(table)
    cleared = table.submit(power, f"  clear \n{GARBAGE}")
    assert cleared.stored and not cleared.accepted and cleared.problems[0].line == 2
    assert table.record.pending[-1].orders == [] and table.submitted() == [power]
    assert "any sent earlier are withdrawn" in cleared.text()
    table.bot_submit(power)
    empty = table.submit(power, "\n\n")
    assert empty.stored and empty.ok and table.record.pending[-1].orders == []
    fresh = Table(session.create(game, scenario=scenario, seed=1))
    first = fresh.submit(power, GARBAGE)
    assert not first.stored and first.standing is None
    assert "You have no orders stored for this turn." in first.text()
    assert fresh.record.pending == [] and fresh.submitted() == []


def _one_left_out(game: str, scenario: str) -> tuple[Table, str] | None:
    """A table whose turn does not wait for every power (bots play until it is so), and a
    power it does not wait for; None if the game never comes to such a turn soon."""
    table = Table(session.create(game, scenario=scenario, seed=1))
    for _ in range(12):
        if table.record.outcome is not None:
            return None
        todo = table.pending()
        idle = [p for p in table.record.powers if p not in todo.powers]
        if idle:
            return table, idle[0]
        for power in todo.powers:
            table.bot_submit(power)
        table.process()
    return None


@pytest.mark.parametrize(("game", "scenario"), GAMES)
def test_a_power_the_turn_does_not_wait_for_stores_nothing(game: str, scenario: str) -> None:
    """Item 2: SPI WW2 orders sent out of turn were refused but stored, and `umpire status`
    then listed that power under "Submitted". Refused whole, in every game, whatever he sends
    (orders, CLEAR, an empty submission)."""
    found = _one_left_out(game, scenario)
    if found is None:
        pytest.skip("every power orders every turn of the opening")
    table, idle = found
    todo = table.pending()
    bot = session.ruleset_of(table.record).bot_orders
    for text in ("CLEAR", "", GARBAGE, bot(table.state, todo.powers[0], session.SeededChance(1))):
        receipt = table.submit(idle, text)
        assert not receipt.stored and not receipt.accepted
        assert [p.code for p in receipt.problems] == ["turn/not_expected"]
        assert receipt.problems[0].message.endswith(
            f"this turn waits for orders from {', '.join(todo.powers)} only"
        )
    assert table.record.pending == [] and table.submitted() == []
    assert "Submitted: nobody" in table.status().text()
    # a record written before this rule may hold such a submission: it still counts as nothing
    table.record.pending.append(Submission(idle, "PASS", [], [], "cli"))
    assert table.submitted() == []
