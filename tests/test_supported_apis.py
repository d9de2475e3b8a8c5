"""Issue 28 ("supported APIs only"): ``src/`` uses no private name of Django or psycopg, so that
a minor release of either cannot break the site. Read from the source, statement by
statement: an import of an underscored name or module from them, their internals that were
used before (``ModelState``, ``Model.from_db.__func__``, psycopg's C module ``_psycopg``, a
Django connection's ``_prepare_cursor``), and changing ``settings`` at run time.
``Model._meta`` is Django's documented model API and allowed."""

from __future__ import annotations

import ast
import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
LIBRARIES = ("django", "psycopg", "psycopg_binary", "psycopg_c", "psycopg_pool")
# Not public, though not underscored, or underscored attributes reached on their objects.
INTERNALS = {"ModelState", "__func__", "_prepare_cursor", "_psycopg", "_cursor_factory"}
ALLOWED = {"_meta"}


def _private(name: str) -> bool:
    return any(part.startswith("_") and part not in ALLOWED for part in name.split("."))


def problems(path: Path) -> list[str]:
    found = []
    tree = ast.parse(path.read_text(), str(path))
    where = path.relative_to(SRC)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] in LIBRARIES:
                names = [a.name for a in node.names]
                bad = [n for n in names if _private(n) or n in INTERNALS]
                if _private(node.module) or bad:
                    found.append(f"{where}:{node.lineno}: from {node.module} import {names}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in LIBRARIES and _private(alias.name):
                    found.append(f"{where}:{node.lineno}: import {alias.name}")
        elif isinstance(node, ast.Attribute) and node.attr in INTERNALS:
            found.append(f"{where}:{node.lineno}: .{node.attr}")
        elif isinstance(node, ast.Name) and node.id in INTERNALS:
            found.append(f"{where}:{node.lineno}: {node.id}")
        elif isinstance(node, ast.Assign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                text = ast.unparse(target)
                if re.match(r"(django\.conf\.)?settings\.[A-Z_]+$", text):
                    found.append(f"{where}:{node.lineno}: {text} changed at run time")
    return found


def test_src_uses_no_private_name_of_django_or_psycopg() -> None:
    files = sorted(SRC.rglob("*.py"))
    assert len(files) > 100
    found = [p for path in files for p in problems(path)]
    assert found == [], "\n".join(found)


def test_the_check_finds_what_the_server_used_before(tmp_path: Path) -> None:
    """The old uses are caught (issue 28 lists them): the check is not vacuous."""
    old = tmp_path / "old.py"
    old.write_text(
        "from django.db.models.base import ModelState\n"
        "from psycopg_binary._psycopg import TimestamptzLoader\n"
        "from django.db.models import Model\n"
        "from django.conf import settings\n"
        "_FROM_DB = Model.from_db.__func__\n"
        "settings.MIDDLEWARE = []\n"
        "cursor = connection._prepare_cursor(kept)\n"
        "count = obj._meta.concrete_fields\n"
    )
    global SRC
    saved, SRC = SRC, tmp_path
    try:
        found = problems(old)
    finally:
        SRC = saved
    assert sorted(int(line.split(":")[1]) for line in found) == [1, 2, 5, 6, 7], found
