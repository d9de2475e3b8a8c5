"""``docs/errors.md``, generated from the code catalogues (:mod:`umpire.core.errors`).

:func:`catalogues` gathers core's catalogue and every registered game's (``GAME.errors``);
:func:`document` writes them as one Markdown document. The server's catalogue, where there is
one, is passed in by the caller (core never imports the server). A test compares the
document with ``docs/errors.md`` and fails when they drift.

>>> from umpire.core.errors import Catalogue
>>> demo = Catalogue("demo")
>>> _ = demo.declare("syntax/bad", "bad {x}", "Not understood.")
>>> print(section("demo", demo))
## demo
<BLANKLINE>
| code | message | meaning |
| --- | --- | --- |
| `syntax/bad` | bad {x} | Not understood. |
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Sequence

from umpire.core import registry
from umpire.core.errors import CORE, Catalogue

HEADER = """# Problem codes

Generated from the code catalogues (`umpire.core.errors.Catalogue`): core's in
`src/umpire/core/errors.py`, each game's in its `errors.py`, the server's in
`src/umpire/server/errors/`. Do not edit by hand: change the catalogue, then run
`UMPIRE_WRITE_DOCS=1 .venv/bin/pytest tests/core/test_errors_doc.py`.

A code names its family before the slash: `syntax/` (not understood), `order/` (understood,
but names something that does not exist), `illegal/` (understood, not allowed now),
`submission/`, `turn/`, `game/`, `record/`. Fields in braces are filled in each message.

HTTP: the status the server answers a request refused with the code (the JSON API, the web
pages' JSON answers); declared with the code, in one place. A game's codes come back inside an
order receipt (or, refusing a whole submission, with 400).
"""


def catalogues() -> list[tuple[str, Catalogue | None]]:
    """(title, catalogue) of core and of every installed game (None: the game declares no
    catalogue yet)."""
    found: list[tuple[str, Catalogue | None]] = [("core", CORE)]
    for game in registry.installed():
        found.append((f"{game.info.name}: {game.info.title}", game.errors))
    return found


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def section(title: str, catalogue: Catalogue | None) -> str:
    lines = [f"## {title}", ""]
    if catalogue is None:
        lines.append("No catalogue yet: this game's codes are still literals in its code.")
        return "\n".join(lines) + "\n"
    if not catalogue.answers:
        lines += ["| code | message | meaning |", "| --- | --- | --- |"]
        lines += [f"| `{c.code}` | {_cell(c.template)} | {_cell(c.meaning)} |" for c in catalogue]
        return "\n".join(lines) + "\n"
    lines += ["| code | HTTP | message | meaning |", "| --- | --- | --- | --- |"]
    lines += [
        f"| `{c.code}` | {c.status} | {_cell(c.template)} | {_cell(c.meaning)} |" for c in catalogue
    ]
    return "\n".join(lines) + "\n"


def document(extra: Sequence[tuple[str, Catalogue]] = ()) -> str:
    """The whole document: core, every installed game, then ``extra`` (the server's)."""
    parts = [HEADER]
    parts += [section(title, cat) for title, cat in [*catalogues(), *extra]]
    return "\n".join(parts)
