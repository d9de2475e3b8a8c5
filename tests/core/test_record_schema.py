"""The published JSON schema of the game record (docs/schemas/game-record.schema.json) holds
every record Umpire writes, of every game, and refuses what is not one."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from umpire.core import registry, session
from umpire.core.record import GameRecord

jsonschema = pytest.importorskip("jsonschema")
SCHEMA = json.loads(
    (Path(__file__).parents[2] / "docs" / "schemas" / "game-record.schema.json").read_text()
)
RULESETS = [(g.info.name, s.name) for g in registry.installed() for s in g.info.scenarios]


def _played(game: str, scenario: str, turns: int = 3) -> GameRecord:
    record = session.create(game, scenario=scenario, seed=5)
    table = session.open_table(record)
    for _ in range(turns):
        if record.outcome is not None:
            break
        for power in table.pending().powers:
            table.bot_submit(power)
        table.process()
    table.submit(record.powers[0], "not an order at all\n")  # a pending submission, refused
    return record


def test_the_schema_is_a_valid_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize(("game", "scenario"), RULESETS)
def test_every_games_record_meets_the_schema(game: str, scenario: str) -> None:
    data: dict[str, Any] = json.loads(json.dumps(_played(game, scenario).to_json()))
    jsonschema.validate(data, SCHEMA)
    assert GameRecord.from_json(data).to_json() == data


def test_what_is_not_a_record_is_refused_by_the_schema() -> None:
    data = _played("diplomacy", "standard", turns=1).to_json()
    for broken in (
        {**data, "format": "something-else"},
        {**data, "schema": 2},
        {k: v for k, v in data.items() if k != "turns"},
    ):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(broken, SCHEMA)
    bad_event = copy.deepcopy(data)
    bad_event["turns"][0]["events"][0]["audience"] = {"kind": "everyone"}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad_event, SCHEMA)
