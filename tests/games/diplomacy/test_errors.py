"""Every problem code Diplomacy can give is declared once, with its template (issue 11)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from umpire.core import submission
from umpire.core.errors import CORE
from umpire.games import diplomacy
from umpire.games.diplomacy import RULESET, RULESET_1939
from umpire.games.diplomacy.errors import CODES

PACKAGE = Path(diplomacy.__file__).parent
CODE_SHAPE = re.compile(r"^(syntax|order|illegal|submission|game|turn)/[a-z_]+$")


def test_no_code_is_written_outside_the_catalogue() -> None:
    found = []
    for path in PACKAGE.rglob("*.py"):
        if path.name == "errors.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and CODE_SHAPE.match(text):
                found.append(f"{path.name}: {text}")
    assert found == []


def test_the_game_registers_its_catalogue() -> None:
    assert diplomacy.GAME.errors is CODES
    assert len(CODES) >= 40


BAD_STANDARD = [
    "A Par - Moon",
    "A Par -",
    "A Par dance",
    "A Par - Bur tomorrow",
    "A Lon - Bel via boat",
    "F Nth C A Lon",
    "A Mun - Mun",
    "A Par - Mos",
    "F Bre - Mun",
    "A Par S A Mun - Bur",
    "A Ber - Kie",
    "F Lon C A Wal - Bel",
    "Build A Par",
    "A Par S A Par",
    "F Nth C F Edi - Nwy",
]


@pytest.mark.parametrize("line", BAD_STANDARD)
def test_every_problem_of_the_standard_game_is_declared(line: str) -> None:
    state = RULESET.new_game("standard", RULESET.info.default_scenario.powers, None, {})  # type: ignore[arg-type]
    problems = submission.parse(RULESET, state, "ENG", line).problems
    assert problems, line
    for p in problems:
        assert p.code in CODES or p.code in CORE
        declared = CODES[p.code] if p.code in CODES else CORE[p.code]
        fixed = declared.template.split("{")[0]
        assert p.message.startswith(fixed), (p.message, declared.template)


BAD_1939 = [
    "Build F mun",
    "T(Ber) - Mun - Par - Bre",
    "Transfer 0 SP to France",
    "Transfer 1 SP to Narnia",
    "B(Ber) - Kie [S A(Kie)] - Ber [S A(Ber)]",
    "A Ber - Atlantis",
]


@pytest.mark.parametrize("line", BAD_1939)
def test_every_problem_of_1939_is_declared(line: str) -> None:
    state = RULESET_1939.new_game("1939-iii", ("ENG", "FRA", "GER", "ITA", "RUS", "TUR"), None, {})  # type: ignore[arg-type]
    problems = submission.parse(RULESET_1939, state, "GER", line).problems
    assert problems, line
    for p in problems:
        assert p.code in CODES or p.code in CORE, p
