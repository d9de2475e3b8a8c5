"""Error codes are declared once: docs/errors.md is generated from the catalogues, and every
code a game's code hands out is declared in its catalogue (or core's)."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import os
import re
from pathlib import Path

import pytest

from umpire.core import registry
from umpire.core.errordoc import document
from umpire.core.errors import CORE, Catalogue

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "errors.md"
SRC = ROOT / "src" / "umpire"
CODE = re.compile(r"^[a-z]+/[a-z0-9_]+$")
# Calls through which a code reaches a player: a line's error, a refused order, a problem.
CARRIERS = {"OrderError", "SessionError", "reject", "Problem", "fail", "bad"}


def server_catalogues() -> list[tuple[str, Catalogue]]:
    """The server's catalogue(s), where a module umpire.server.errors exists."""
    if importlib.util.find_spec("umpire.server.errors") is None:
        return []
    module = importlib.import_module("umpire.server.errors")
    found = [v for v in vars(module).values() if isinstance(v, Catalogue)]
    return [(f"server ({c.layer})", c) for c in found]


def test_docs_errors_md_is_generated_from_the_catalogues() -> None:
    text = document(server_catalogues())
    if os.environ.get("UMPIRE_WRITE_DOCS"):
        DOC.write_text(text, encoding="utf-8")
    assert DOC.read_text(encoding="utf-8") == text, (
        "docs/errors.md drifted from the catalogues: "
        "UMPIRE_WRITE_DOCS=1 .venv/bin/pytest tests/core/test_errors_doc.py"
    )


def codes_handed_out(folder: Path) -> dict[str, list[str]]:
    """Every ``"family/name"`` literal passed to a carrier call, with where it is."""
    found: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name not in CARRIERS:
                continue
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                value = arg.value if isinstance(arg, ast.Constant) else None
                if isinstance(value, str) and CODE.match(value):
                    where = f"{path.relative_to(ROOT)}:{node.lineno}"
                    found.setdefault(value, []).append(where)
    return found


def test_every_code_core_hands_out_is_declared() -> None:
    missing = {c: w for c, w in codes_handed_out(SRC / "core").items() if c not in CORE}
    assert missing == {}


@pytest.mark.parametrize("name", [g.info.name for g in registry.installed()])
def test_every_code_a_game_hands_out_is_declared(name: str) -> None:
    game = registry.game(name)
    if game.errors is None:
        pytest.skip(f"{name} has no error catalogue yet (its codes are still literals)")
    package = game_package(name)
    handed = codes_handed_out(package)
    missing = {c: w for c, w in handed.items() if c not in game.errors and c not in CORE}
    assert missing == {}


def game_package(name: str) -> Path:
    """The folder of a registered game (``spi-ww2`` lives in ``games/spi_ww2``)."""
    package = SRC / "games" / name.replace("-", "_")
    assert package.is_dir(), package
    return package


def codes_looked_up(folder: Path) -> dict[str, list[str]]:
    """Every ``"family/name"`` literal a module passes to any call or subscript but the
    catalogue's own ``declare``: a code looked up, raised or compared by its string."""
    found: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name == "declare" or (isinstance(func, ast.Name) and func.id == "_"):
                    continue
                args = [*node.args, *(k.value for k in node.keywords)]
            elif isinstance(node, ast.Subscript):
                args = [node.slice]
            else:
                continue
            for arg in args:
                value = arg.value if isinstance(arg, ast.Constant) else None
                if isinstance(value, str) and CODE.match(value):
                    found.setdefault(value, []).append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


@pytest.mark.parametrize("name", [g.info.name for g in registry.installed()])
def test_no_game_looks_a_code_up_by_its_string(name: str) -> None:
    """Issue 28: a game raises each code through its catalogue's constant
    (``NOT_YOURS.error(nat=...)``), never through a string (``problem("illegal/x")``,
    ``CODES["illegal/x"]``), so a code is declared, and spelled, once."""
    assert codes_looked_up(game_package(name)) == {}


def test_the_scan_finds_literal_codes(tmp_path: Path) -> None:
    """The scan itself: a literal passed to OrderError is found (so the test above can fail)."""
    (tmp_path / "m.py").write_text('raise OrderError("syntax/oops", "x")\nprint("a/b")\n')
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert list(codes_handed_out(tmp_path)) == ["syntax/oops"]
        (tmp_path / "n.py").write_text(
            'raise problem("illegal/x", why="y")\nCODES["order/y"]\n_("syntax/z", "z")\n'
        )
        assert sorted(codes_looked_up(tmp_path)) == ["a/b", "illegal/x", "order/y", "syntax/oops"]
    finally:
        ROOT = saved
