"""Standard Diplomacy in the ``diplomacy`` package's saved-game format, both ways.

An Umpire game exported to the format is loaded by the package and replayed there by its own
adjudicator, phase by phase, to the same positions; a game the package played (random legal
orders, its own adjudication) is imported into Umpire, which plays every phase again and
reaches the package's positions. Where the package is not installed those tests skip; the
round trip through Umpire alone and the refusals of bad data always run.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from umpire.core import registry, session
from umpire.core.interchange import Interchange, InterchangeError, import_game
from umpire.core.record import GameRecord
from umpire.games.diplomacy import interchange

FORMAT: Interchange = registry.game("diplomacy").interchanges["diplomacy"]


def bot_game(seed: int, turns: int) -> GameRecord:
    """A standard game of seven bots, ``turns`` phases long (or to its end)."""
    record = session.create("diplomacy", scenario="standard", seed=seed)
    table = session.open_table(record)
    for _ in range(turns):
        if record.outcome is not None:
            break
        for power in table.pending().powers:
            table.bot_submit(power)
        table.process()
    return record


@pytest.fixture(scope="module")
def played() -> GameRecord:
    return bot_game(seed=3, turns=90)


def test_an_export_imports_back_into_the_same_game(played: GameRecord) -> None:
    data = json.loads(json.dumps(FORMAT.export(played)))
    again = import_game("diplomacy", FORMAT, data)
    assert again.latest_state == played.latest_state
    assert again.processed == played.processed


def test_the_export_writes_the_packages_notation(played: GameRecord) -> None:
    data = FORMAT.export(played)
    first = data["phases"][0]
    assert first["name"] == "S1901M"
    assert sorted(first["state"]["units"]["RUSSIA"]) == ["A MOS", "A WAR", "F SEV", "F STP/SC"]
    assert first["state"]["centers"]["ENGLAND"] == ["EDI", "LON", "LVP"]
    written = [o for phase in data["phases"] for orders in phase["orders"].values() for o in orders]
    assert written and all(o == o.upper() for o in written)
    builds = [o for o in written if o.endswith(" B")]
    assert builds, "a bot game of 90 phases builds"
    assert data["phases"][-1]["orders"] == {p: [] for p in interchange.POWERS.values()}


def test_a_tampered_position_is_refused_naming_its_phase(played: GameRecord) -> None:
    data = FORMAT.export(played)
    bad = copy.deepcopy(data)
    bad["phases"][3]["state"]["units"]["FRANCE"].append("A BUR")
    name = bad["phases"][3]["name"]
    with pytest.raises(InterchangeError, match=f"start of {name} differs"):
        import_game("diplomacy", FORMAT, bad)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "no 'phases' list"),
        ({"phases": []}, "1 to 2000 phases"),
        ({"map": "ancmed", "phases": [{}]}, "only the standard map"),
        ({"phases": [{"state": {}}]}, "phase 1 has no name"),
        ({"phases": [{"name": "S1901M", "state": {"units": []}}]}, "no position"),
    ],
)
def test_what_is_not_a_saved_game_is_refused(data: Any, message: str) -> None:
    with pytest.raises(InterchangeError, match=message):
        import_game("diplomacy", FORMAT, data)


def test_an_order_of_no_power_or_not_an_order_is_refused(played: GameRecord) -> None:
    data = FORMAT.export(played)
    unknown = copy.deepcopy(data)
    unknown["phases"][0]["orders"]["ATLANTIS"] = ["A PAR H"]
    with pytest.raises(InterchangeError, match="no power 'ATLANTIS'"):
        import_game("diplomacy", FORMAT, unknown)
    garbled = copy.deepcopy(data)
    garbled["phases"][0]["orders"]["FRANCE"] = ["A PAR - MOON"]
    with pytest.raises(InterchangeError, match="S1901M: FRA's order"):
        import_game("diplomacy", FORMAT, garbled)


def test_other_games_have_no_such_format() -> None:
    record = session.create("diplomacy", scenario="1939-iii", seed=1)
    with pytest.raises(InterchangeError, match="only standard Diplomacy"):
        FORMAT.export(record)


# With the diplomacy package itself


def _their_units(game: Any) -> dict[str, list[str]]:
    return {p: sorted(u for u in units) for p, units in game.get_state()["units"].items()}


def _units_of(phase: dict[str, Any]) -> dict[str, list[str]]:
    return {p: sorted(units) for p, units in phase["state"]["units"].items()}


@pytest.mark.parametrize("seed", [1, 3])
def test_the_package_replays_an_export_to_the_same_positions(seed: int) -> None:
    dip = pytest.importorskip("diplomacy")
    export = pytest.importorskip("diplomacy.utils.export")
    record = bot_game(seed, turns=150)
    data = json.loads(json.dumps(FORMAT.export(record)))
    loaded = export.from_saved_game_format(data)
    assert loaded.get_current_phase() == data["phases"][-1]["name"]
    game = dip.Game()
    for phase in data["phases"][:-1]:
        assert game.get_current_phase() == phase["name"]
        assert _their_units(game) == _units_of(phase), phase["name"]
        for power, orders in phase["orders"].items():
            game.set_orders(power, orders)
        game.process()
    last = data["phases"][-1]
    assert _their_units(game) == _units_of(last)
    centres = {p: sorted(c) for p, c in game.get_state()["centers"].items()}
    assert centres == {p: sorted(c) for p, c in last["state"]["centers"].items()}


def test_a_game_the_package_played_imports_and_replays_identically() -> None:
    dip = pytest.importorskip("diplomacy")
    export = pytest.importorskip("diplomacy.utils.export")
    rng = random.Random(11)
    game = dip.Game()
    for _ in range(60):  # random legal orders, the package's own adjudication
        if game.is_game_done:
            break
        possible = game.get_all_possible_orders()
        builds = game.get_state()["builds"]
        for power in game.powers:
            locations = [loc for loc in game.get_orderable_locations(power) if possible[loc]]
            if game.get_current_phase().endswith("A"):  # no more adjustments than due
                rng.shuffle(locations)
                locations = locations[: abs(builds[power]["count"])]
            # No VIA orders: the package moves an army ordered VIA over land when no convoy
            # takes it, where the rulebook keeps it home (ruling DIP-VIA; such a game is
            # refused at that phase, as the test above shows for a tampered position).
            game.set_orders(
                power,
                [
                    rng.choice([o for o in possible[loc] if not o.endswith(" VIA")])
                    for loc in locations
                ],
            )
        game.process()
    saved = json.loads(json.dumps(export.to_saved_game_format(game)))
    record = import_game("diplomacy", FORMAT, saved)  # checks every phase's position
    last = saved["phases"][-1]["state"]
    assert FORMAT.position(record.latest_state) == interchange.position_of_theirs(last)
    assert record.processed >= len(saved["phases"]) - 1
