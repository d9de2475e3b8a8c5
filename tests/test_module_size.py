"""No module in ``src/`` over 600 lines (issue 28; STYLE.md: "a module that passes ~600 lines
is asking to be split"). A module that grows past the limit is split by what its parts do, as
the API, the mail, the errors, the command line and the session were."""

from __future__ import annotations

from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
MAX_LINES = 600


def lines_of(path: Path) -> int:
    """The lines of a file, as ``wc -l`` counts them (a last line without its newline counts)."""
    return len(path.read_text(encoding="utf-8").splitlines())


def too_long(folder: Path, limit: int = MAX_LINES) -> dict[str, int]:
    """Every ``.py`` file under ``folder`` over ``limit`` lines, with its line count."""
    found = {str(p.relative_to(folder)): lines_of(p) for p in sorted(folder.rglob("*.py"))}
    return {name: count for name, count in found.items() if count > limit}


def test_no_module_in_src_is_over_600_lines() -> None:
    assert too_long(SRC) == {}


def test_the_check_finds_a_long_module(tmp_path: Path) -> None:
    """The scan itself finds a module over the limit, in a sub-package too (so the test above
    can fail), and lets one at the limit pass."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "long.py").write_text("x = 1\n" * 601, encoding="utf-8")
    (tmp_path / "at_limit.py").write_text("x = 1\n" * 600, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("x\n" * 700, encoding="utf-8")
    assert too_long(tmp_path) == {str(Path("pkg") / "long.py"): 601}
