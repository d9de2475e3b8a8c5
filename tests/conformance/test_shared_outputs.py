"""Every reader's view and printout computed once per distinct view (issue 33): the outputs a
processed turn stores (``Table.views_and_reports``) are, reader for reader, those computed
alone (``Table.view_and_report``), in every (game, scenario), at the opening, after a turn and
after an end the game master declared; a game whose printout names no reader
(``HasPrintoutForAll``) renders one body for all its readers with equal views."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.core import registry, session
from umpire.core.events import visible_to
from umpire.core.record import GameRecord

GAMES = [(game, scenario) for game, scenario, _ in registry.all_scenarios() if game != "fakebid"]
IDS = [f"{game}-{scenario}" for game, scenario in GAMES]
# The (game, scenario)s whose printout names no reader (HasPrintoutForAll): the others have
# nothing to check here, and are not listed rather than skipped.
FOR_ALL = [
    (game, scenario)
    for game, scenario in GAMES
    if registry.game(game).capabilities(scenario).printout_for_all is not None
]


def _played(game: str, scenario: str, turns: int) -> GameRecord:
    record = session.create(game, scenario=scenario, seed=11)
    for _ in range(turns):
        if record.outcome is not None:
            break
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    return record


def _same_as_alone(record: GameRecord) -> None:
    readers: list[str | None] = [*record.powers, None]
    together = session.open_table(record).views_and_reports(readers)
    alone = session.open_table(record)
    assert together == [alone.view_and_report(p) for p in readers]


@pytest.mark.parametrize(("game", "scenario"), GAMES, ids=IDS)
def test_outputs_computed_together_are_each_readers_own(game: str, scenario: str) -> None:
    _same_as_alone(_played(game, scenario, 0))
    record = _played(game, scenario, 2)
    _same_as_alone(record)
    if record.outcome is None:
        session.declare_result(record, [record.powers[0]], "ended by the game master")
        _same_as_alone(record)


def test_some_game_declares_a_printout_for_all() -> None:
    assert ("diplomacy", "standard") in FOR_ALL


@pytest.mark.parametrize(
    ("game", "scenario"), FOR_ALL, ids=[f"{game}-{scenario}" for game, scenario in FOR_ALL]
)
def test_a_printout_for_all_is_every_readers_printout(game: str, scenario: str) -> None:
    """The game's declaration holds: its printout of a view is the same whoever reads it."""
    ruleset = registry.get(game, scenario)
    shared = registry.game(game).capabilities(scenario).printout_for_all
    assert shared is not None
    record = _played(game, scenario, 2)
    table = session.open_table(record)
    happened = record.turns[-1].events if record.turns else []
    for power in [*record.powers, None]:
        seen = ruleset.view(table.state, power)
        events = visible_to(happened, power)
        assert ruleset.printout_of_view(seen, events, power) == shared.printout_for_all(
            seen, events
        )


def test_a_diplomacy_turn_renders_one_view_and_one_printout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Diplomacy hides nothing: its seven players and the umpire read one view and one
    printout body, rendered once; each printout keeps its own reader's heading."""
    record = _played("diplomacy", "standard", 1)
    table = session.open_table(record)
    rendered: list[Any] = []
    real = type(table.ruleset).printout_for_all

    def counting(self: Any, view: Any, events: Any) -> str:
        rendered.append(view)
        return str(real(self, view, events))

    monkeypatch.setattr(type(table.ruleset), "printout_for_all", counting)
    readers: list[str | None] = [*record.powers, None]
    outputs = table.views_and_reports(readers)
    assert len(rendered) == 1
    assert all(seen is outputs[0][0] for seen, _ in outputs)
    headings = [printout.splitlines()[1] for _, printout in outputs]
    assert headings[0].endswith("report for Austria (AUS)")
    assert headings[-1].endswith("the umpire's report")
    bodies = {printout.split("\n", 2)[2] for _, printout in outputs}
    assert len(bodies) == 1
