"""Whole games: every version plays to its end with bots, replays, and reports."""

from __future__ import annotations

import pytest

from umpire.core import session


@pytest.mark.parametrize("players", [4, 5, 6])
def test_every_version_plays_to_the_end_and_replays(players: int) -> None:
    record = session.create(
        "spi-ww2", scenario=f"{players}-player", seed=11, settings={"game_turns": 2}
    )
    assert len(record.powers) == players
    while record.outcome is None:
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    per_game_turn = 1 + 2 * players
    assert len(record.turns) == 2 * per_game_turn + (0 if players == 6 else 1)
    assert session.replay(record) == []
    for power in record.powers:
        text = session.report(record, power)
        assert "Final Victory Points" in text and "provisional two-player core" in text
    labels = [t.label for t in record.turns]
    assert any("Diplomacy Interphase" in label for label in labels)
    assert any("combat" in label for label in labels)


def test_printout_states_every_roll() -> None:
    record = session.create("spi-ww2", scenario="6-player", seed=5, settings={"game_turns": 1})
    while record.outcome is None:
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    last = record.turns[-1]
    text = session.report(record, "GBR", turn=len(record.turns))
    for draw in last.draws:
        if draw.purpose.startswith("18.1"):
            assert f"{draw.value}" in text
    assert "US Intervention Table (18.1), rolled by Britain" in text


@pytest.mark.rule("SPI 2.0")
def test_a_player_may_name_his_country_as_the_rulebook_does() -> None:
    """Played by mail: ``JOIN G-1 Germany`` was refused in SPI WW2 (the powers had codes
    only); the names are those of 2.0, "Britain, France, the United States, the Soviet
    Union, Germany and Italy"."""
    from umpire.core import registry

    info = registry.game("spi-ww2").info
    for scenario in info.scenarios:
        names = dict(scenario.names)
        assert set(names) == set(scenario.powers), scenario.name
        assert session.power_named("germany", scenario.powers, names) == "GER"
        assert session.power_named("Soviet Union", scenario.powers, names) == "USSR"
        assert session.power_named("britain", scenario.powers, names) == "GBR"


def test_a_player_that_sent_nothing_reads_that_no_orders_came_and_what_followed() -> None:
    """Testers' report: the SPI WW2 printout said nothing of a player's missing orders. He
    reads it for each kind of phase, with what the rules did instead; no one else does."""
    record = session.create("spi-ww2", scenario="6-player", seed=5)
    seen: dict[str, str] = {}
    for _ in range(4):  # the Interphase, then the first Player-Turn (Italy), both phases
        todo = session.pending(record)
        silent = todo.powers[0]
        for power in todo.powers[1:]:
            session.bot_submit(record, power)
        session.process(record)
        text = session.report(record, silent)
        assert f"No orders received from {silent} this phase; " in text, text
        seen[todo.kinds[0]] = text
        others = [p for p in record.powers if p != silent]
        assert all("No orders received" not in session.report(record, p) for p in others)
    assert "standing choices (permissions, Lend-Lease, peace offers) stay" in seen["diplomacy"]
    assert "it places and moves nothing this Player-Turn" in seen["movement"]
    assert "it makes no attack this Player-Turn" in seen["combat"]
