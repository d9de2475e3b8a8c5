"""The conquering bot of Equal Forces, Anonymous and South America (ruling W-BOT4): its games
make progress toward the end of WW equal / BP 1A (one player left who occupies a country),
where the base bot's armies sat evenly spread for hundreds of turns."""

from __future__ import annotations

import pytest

from tests.games.battleplan.helpers import edit
from umpire.core import session
from umpire.core.chance import SeededChance
from umpire.core.record import GameRecord
from umpire.core.submission import bot_text, parse
from umpire.games.battleplan.game import RULESETS
from umpire.games.battleplan.model import but
from umpire.games.battleplan.orders import Action, Build, Transfer


def _play(scenario: str, seed: int, turns: int) -> GameRecord:
    record = session.create("battleplan", scenario=scenario, seed=seed)
    table = session.open_table(record)
    while record.outcome is None and len(record.turns) < turns:
        for power in table.pending().powers:
            table.bot_submit(power)
        table.process()
    return record


@pytest.mark.rule("WW equal")
def test_equal_forces_bots_eliminate_players_quickly() -> None:
    # the base bots left all 25 players in after 400 turns; the conquering bots knock out
    # 18 to 20 of them in 40 turns (seeds 1-3): at least 15 must go
    record = _play("equal", seed=1, turns=40)
    state = session.current_state(record)
    assert len(state.players) == 25
    assert len(state.players) - len(state.alive()) >= 15


@pytest.mark.rule("BP 1A")
def test_a_south_american_bot_game_ends_with_one_player_left() -> None:
    record = _play("south-america", seed=1, turns=60)  # it ends at turn 24
    assert record.outcome is not None
    assert len(session.current_state(record).alive()) == 1


@pytest.mark.rule("WW equal")
def test_the_bot_builds_army_moves_up_and_attacks_its_weakest_neighbour() -> None:
    ruleset = RULESETS["equal"]
    state = ruleset.new_game("equal", ["EFR", "EIT", "EWG"], SeededChance(1), {})
    state = but(state, turn=5)
    # France also holds Navarre (away from the front), with minors too strong to attack
    # around it; Italy also holds Lyon, next to France
    state = edit(state, "ENA", owner=state.number_of("EFR"))
    state = edit(state, "ENA", army=60)
    for minor in ("EAR", "EGI", "EPR", "EBE", "ELU"):
        state = edit(state, minor, army=500)
    state = edit(state, "ELY", owner=state.number_of("EIT"))
    state = edit(state, "ELY", army=90)  # Italy: 140 Army in all
    state = edit(state, "EFR", army=200)
    state = edit(state, "EWG", army=40)  # Germany: the weaker neighbouring player
    text = bot_text(ruleset, state, "EFR", SeededChance(1, "bot"))
    parsed = parse(ruleset, state, "EFR", text)
    assert not parsed.problems, parsed.problems  # every order legal
    orders = [o for _, o in parsed.orders]
    # every usable Industry builds Army (no Dollars hoarded by default)
    assert Build("EFR", "A", state.countries["EFR"].usable_industry) in orders
    # all of France's Army but a garrison (half of Italy's 90 next door) conquers Germany
    attack = [o for o in orders if isinstance(o, Action) and o.verb == "AC"]
    assert Action("EFR", "AC", 200 - 45, "EWG") in attack
    # Navarre is not next to Germany: its Army, beyond its own garrison, moves up to France
    moves = [o for o in orders if isinstance(o, Transfer) and o.space == "ENA"]
    assert moves and all(o.dest == "EFR" for o in moves)
