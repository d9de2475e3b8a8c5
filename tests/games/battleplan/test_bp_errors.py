"""Every problem code Battle Plan gives is declared once in battleplan/errors.py (issue 11)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.games.battleplan.helpers import game
from umpire.core import submission
from umpire.games.battleplan import GAME, RULESET, errors

PACKAGE = Path(errors.__file__).parent
CODE_LITERAL = re.compile(r"[\"'](?:syntax|order|illegal)/[a-z_]+[\"']")


def test_no_code_is_written_outside_the_catalogue() -> None:
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "errors.py":
            continue
        found = CODE_LITERAL.findall(path.read_text())
        assert found == [], f"{path.name} writes codes {found}; declare them in errors.py"


def test_every_declared_code_is_used() -> None:
    names = [n for n in dir(errors) if n.isupper() and n != "ERRORS"]
    sources = "\n".join(p.read_text() for p in PACKAGE.rglob("*.py") if p.name != "errors.py")
    for name in names:
        assert f"errors.{name}" in sources, f"{name} is declared and never used"
    assert GAME.errors is errors.ERRORS


@pytest.mark.rule("BP 8")
def test_problems_carry_declared_codes_and_their_templates() -> None:
    text = "@TU AC20XX BQ5 /9/BA1\n@XX BA1\n@ 9A 3D999999\n"
    problems = submission.parse(RULESET, game(), "TU", text).problems
    assert problems
    for p in problems:
        assert p.code in errors.ERRORS, p
    codes = {p.code for p in problems}
    assert {"order/unknown_space", "syntax/unknown_order", "syntax/standing_slot"} <= codes
    assert "order/unknown_player" in codes and "illegal/not_enough_dollars" in codes
