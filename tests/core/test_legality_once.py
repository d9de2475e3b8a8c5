"""Legality runs once per order (issue 28): ``check`` judges an order when it is submitted, and
processing trusts the stored canonical orders, reading them again with ``read_line`` (grammar
alone). Each test counts the calls of the game's legality function over whole turns, from the
submission of every power's orders to the processed turn: exactly one per order given."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from umpire.core import registry, session
from umpire.core.submission import bot_text
from umpire.games.diplomacy import RULESET as DIPLOMACY
from umpire.games.diplomacy import legality as diplomacy_legality
from umpire.games.diplomacy.memo import OrderMemo
from umpire.games.diplomacy.v1939 import legality as v1939_legality

TURNS = 8  # spring and fall movement, retreats and a winter, twice


def _counting(monkeypatch: pytest.MonkeyPatch, module: Any, names: tuple[str, ...]) -> list[str]:
    """The calls of ``names`` in ``module`` from now on. Standard Diplomacy's memo of outcomes
    that depend on the map alone (games/diplomacy/memo.py) answers an order judged before
    without a call: it is switched off here, so that each judgment is a call (test_memo.py
    shows the memo answers as the call does)."""
    if module is diplomacy_legality:
        monkeypatch.setattr(OrderMemo, "keep_legal", lambda *args: None)
        monkeypatch.setattr(DIPLOMACY.memo, "legal_of", {})
    calls: list[str] = []
    for name in names:
        real: Callable[..., Any] = getattr(module, name)

        def counted(*args: Any, _real: Callable[..., Any] = real, _name: str = name) -> Any:
            calls.append(_name)
            return _real(*args)

        monkeypatch.setattr(module, name, counted)
    return calls


def _turns(game: str, scenario: str) -> Iterator[tuple[Any, dict[str, str]]]:
    """Each turn's record and the bots' order text for it, written before counting starts."""
    record = session.create(game, scenario=scenario, seed=7)
    ruleset = registry.get(game, scenario)
    for number in range(1, TURNS + 1):
        if record.outcome is not None:
            return
        state = session.current_state(record)
        powers = session.pending(record).powers
        yield (
            record,
            {p: bot_text(ruleset, state, p, session.bot_chance(record, number, p)) for p in powers},
        )


@pytest.mark.parametrize(
    ("scenario", "module", "names"),
    [
        ("standard", diplomacy_legality, ("check", "check_movement")),
        ("1939-iii", v1939_legality, ("check",)),
    ],
)
def test_diplomacy_judges_each_order_once_from_submission_to_processed_turn(
    monkeypatch: pytest.MonkeyPatch, scenario: str, module: Any, names: tuple[str, ...]
) -> None:
    given = judged = 0
    for record, texts in _turns("diplomacy", scenario):
        calls = _counting(monkeypatch, module, names)
        orders = 0
        for power, text in texts.items():
            receipt = session.submit(record, power, text)
            orders += len(receipt.accepted) + len(receipt.problems)
        session.process(record)
        monkeypatch.undo()
        assert len(calls) == orders, (record.turns[-1].label, len(calls), orders)
        given, judged = given + orders, judged + len(calls)
    assert given > 50 and judged == given


@pytest.mark.parametrize(
    ("scenario", "module", "names"),
    [
        ("standard", diplomacy_legality, ("check", "check_movement")),
        ("1939-iii", v1939_legality, ("check",)),
    ],
)
def test_diplomacy_judges_no_bot_order_and_each_human_order_once(
    monkeypatch: pytest.MonkeyPatch, scenario: str, module: Any, names: tuple[str, ...]
) -> None:
    """A turn with bot seats (issues 28 and 33): the bots' orders are stored as the bots give
    them, legal by construction (the conformance suite proves ``check`` keeps each one), so
    from the bots' submissions to the processed turn no legality call is made for them; each
    order a person sends is judged once, at submission."""
    human = bot = 0
    for record, texts in _turns("diplomacy", scenario):
        people = sorted(texts)[::2]  # every other seat is a person's, the rest bots'
        calls = _counting(monkeypatch, module, names)
        orders = 0
        for power in texts:
            if power in people:
                receipt = session.submit(record, power, texts[power])
                orders += len(receipt.accepted) + len(receipt.problems)
            else:
                bot += len(session.bot_submit(record, power).accepted)
        session.process(record)
        monkeypatch.undo()
        assert len(calls) == orders, (record.turns[-1].label, len(calls), orders)
        human += orders
    assert human > 20 and bot > 20


def test_battle_plan_judges_no_bot_submission_and_each_human_one_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Battle Plan with bot seats: ``check_orders`` runs once per person's submission and never
    for a bot's (its bot keeps only orders its legality check keeps, as it chooses them); the
    turn judges only standing orders, one ``check_next`` each, as without bots."""
    from umpire.games.battleplan import game as bp_game
    from umpire.games.battleplan import standing

    sent = bots = 0
    for record, texts in _turns("battleplan", "europe"):
        state = session.current_state(record)
        filed = sum(len(c.standing) for c in state.countries.values())
        given = sum(text.count("/") // 2 for text in texts.values())
        people = sorted(texts)[::2]
        at_submission = _counting(monkeypatch, bp_game, ("check_orders",))
        at_processing = _counting(monkeypatch, standing, ("check_next",))
        humans = 0
        for power, text in texts.items():
            if power not in people:
                session.bot_submit(record, power)
                bots += 1
            elif text.strip():
                session.submit(record, power, text)
                humans += 1
        session.process(record)
        monkeypatch.undo()
        assert len(at_submission) == humans
        assert len(at_processing) <= filed + given, record.turns[-1].label
        sent += humans
    assert sent > 5 and bots > 5


def test_battle_plan_judges_each_submission_once_and_processing_trusts_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Battle Plan judges a submission's orders together, in the order given (BP 12): one call
    of ``check_orders`` per submission, at submission; processing judges only the standing
    orders filed in earlier turns (BP 11), which nobody submitted this turn, one ``check_next``
    each after the orders of the turn, which it counts without judging them (issue 33)."""
    from umpire.games.battleplan import game as bp_game
    from umpire.games.battleplan import standing

    submissions = 0
    for record, texts in _turns("battleplan", "europe"):
        state = session.current_state(record)
        at_submission = _counting(monkeypatch, bp_game, ("check_orders",))
        sent = 0
        for power, text in texts.items():
            if text.strip():
                session.submit(record, power, text)
                sent += 1
        monkeypatch.undo()
        at_processing = _counting(monkeypatch, standing, ("check_next",))
        session.process(record)
        monkeypatch.undo()
        assert len(at_submission) == sent
        # at most one per standing order: those filed before, and those given now (/slot/)
        filed = sum(len(c.standing) for c in state.countries.values())
        given = sum(text.count("/") // 2 for text in texts.values())
        assert len(at_processing) <= filed + given, record.turns[-1].label
        submissions += sent
    assert submissions > 10


def test_origins_judges_each_submission_once_and_processing_trusts_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Origins judges a submission's allowances and claims together (OWW 3-6): once, at
    submission; the turn's first step takes the orders kept then."""
    from umpire.games.origins import legality as origins_legality

    submissions = 0
    for record, texts in _turns("origins", "historical"):
        at_submission = _counting(monkeypatch, origins_legality, ("_check_allowances",))
        for power, text in texts.items():
            session.submit(record, power, text)
        monkeypatch.undo()
        at_processing = _counting(monkeypatch, origins_legality, ("_check_allowances",))
        session.process(record)
        monkeypatch.undo()
        assert len(at_submission) == len(texts)
        assert at_processing == [], record.turns[-1].label
        submissions += len(texts)
    assert submissions >= 10


@pytest.mark.parametrize("scenario", ["5-player", "6-player"])
def test_spi_judges_each_order_once_and_processing_trusts_it(
    monkeypatch: pytest.MonkeyPatch, scenario: str
) -> None:
    """SPI WW2 judges each order once, at submission, on the board the submission's earlier
    orders leave (``legality.judge``); the turn plays the kept orders, judging none again
    (what the dice and earlier combats decide is adjudication, not a legality call)."""
    from umpire.games.spi_ww2 import legality as spi_legality

    checks = ("check_place", "check_move", "check_rail", "check_ship", "check_attack")
    given = 0
    kinds: set[str] = set()
    for record, texts in _turns("spi-ww2", scenario):
        kinds.update(session.pending(record).kinds)
        at_submission = _counting(monkeypatch, spi_legality, ("judge",))
        orders = 0
        for power, text in texts.items():
            receipt = session.submit(record, power, text)
            orders += len(receipt.accepted) + len(receipt.problems)
        monkeypatch.undo()
        at_processing = _counting(monkeypatch, spi_legality, ("judge", *checks))
        session.process(record)
        monkeypatch.undo()
        assert len(at_submission) == orders, (record.turns[-1].label, at_submission, orders)
        assert at_processing == [], record.turns[-1].label
        given += orders
    assert {"diplomacy", "movement", "combat"} <= kinds and given > 20
