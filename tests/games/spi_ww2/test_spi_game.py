"""Whole games: every version plays to its end with bots, replays, and reports."""

from __future__ import annotations

import pytest

from umpire.core import session
from umpire.core.powers import power_named
from umpire.core.replay import replay


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
    assert replay(record) == []
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
        assert power_named("germany", scenario.powers, names) == "GER"
        assert power_named("Soviet Union", scenario.powers, names) == "USSR"
        assert power_named("britain", scenario.powers, names) == "GBR"


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


@pytest.mark.rule("SPI 13.0")
@pytest.mark.parametrize("how", ["declared", "rules"])
def test_the_last_printout_of_a_finished_game_says_how_it_ended_and_asks_for_nothing(
    how: str,
) -> None:
    """A game ended by a result the game master declared (or the players voted), or by its
    rules after its last Game-Turn (13.0): every reader's last printout says it is over and
    how, and lists nothing still "to place" nor transport "left this Game-Turn" (there is no
    next one) — it printed both before (docs/rulings/spi-ww2.md S-PAGE-2)."""
    record = session.create("spi-ww2", scenario="6-player", seed=2, settings={"game_turns": 1})
    for power in session.pending(record).powers:
        session.bot_submit(record, power)
    session.process(record)
    assert "To place:" in session.report(record, record.powers[0])  # the game goes on
    if how == "declared":
        session.declare_result(record, record.powers[:2], "a draw agreed by the first two")
        said = "The game is over: a draw agreed by the first two. No more orders are taken."
    else:
        while record.outcome is None:
            for power in session.pending(record).powers:
                session.bot_submit(record, power)
            session.process(record)
        said = f"The game is over: {record.outcome.summary}. No more orders are taken."
    for power in [*record.powers, None]:
        text = session.report(record, power)
        assert said in text, (power, text)
        assert "To place:" not in text and "left this Game-Turn" not in text, (power, text)
        assert "if the game ended now" not in text and "Game-Turn 2" not in text.split("\n")[1]


def test_the_permissions_are_listed_one_line_per_granter() -> None:
    """The 96 standing permissions the bots grant in the six-Player opening Interphase were
    one line of "FRA->GBR BRITAIN, FRA->GBR STRAITS, ..." in every printout; each granter now
    has one line, his grantees grouped by the rights he gives them."""
    record = session.create("spi-ww2", scenario="6-player", seed=2)
    for power in session.pending(record).powers:
        session.bot_submit(record, power)
    session.process(record)
    lines = session.report(record, "GER").splitlines()
    at = lines.index("Permissions granted (standing until withdrawn by REFUSE):")
    granted = lines[at + 1 : at + 7]
    assert [line.split()[0] for line in granted] == sorted(record.powers)
    assert "  FRA to GBR ITA USA USSR: BRITAIN STRAITS SUPPLY TRANSIT" in granted
    assert not any("->" in line for line in lines)


@pytest.mark.rule("SPI 4.1")
@pytest.mark.rule("SPI 19.2")
def test_the_printout_says_who_orders_next_and_what_that_phase_takes() -> None:
    """Testers' report: a player reading his SPI WW2 printout (by mail or on the command line)
    learned the phase but not whether he had to order, nor which orders it takes, as the
    other games' printouts tell."""
    record = session.create("spi-ww2", scenario="4-player", seed=1)
    seen: dict[str, str] = {}
    while len(seen) < 3:
        todo = session.pending(record)
        kind = todo.kinds[0]
        for power in record.powers:
            text = session.report(record, power)
            head = "\n".join(text.splitlines()[:6])  # under the two lines of the heading
            assert f"Orders due from {', '.join(todo.powers)} ({kind}): " in head, head
            waits = "You have no orders to give this phase." in head
            assert waits == (power not in todo.powers), (power, head)
        seen[kind] = head
        for power in todo.powers:
            session.bot_submit(record, power)
        session.process(record)
    assert "OBJECTIVES <country> <entry>" in seen["objectives"]
    assert "PERMIT <power> <permission>" in seen["diplomacy"]
    assert "PLACE, MOVE, RAIL, SHIP, LAND" in seen["movement"]
