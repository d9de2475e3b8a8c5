"""The engine's most complex and longest functions (radon), for the issue's before/after.

    .venv/bin/python bench/complexity.py [--top N] [--lines 60] [PATH ...]

Prints the functions with the highest cyclomatic complexity (``radon cc``) and every function
longer than ``--lines`` lines, over the engine (``src/umpire/core`` and ``src/umpire/games``
unless paths are given), then a one-line summary per top-level package.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from radon.complexity import cc_visit
from radon.visitors import Class, Function

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ("src/umpire/core", "src/umpire/games")


@dataclass(frozen=True)
class Measured:
    where: str
    name: str
    complexity: int
    lines: int


def _blocks(path: Path) -> Iterator[Function]:
    for block in cc_visit(path.read_text(encoding="utf-8")):
        if isinstance(block, Class):
            yield from block.methods
        elif isinstance(block, Function):
            yield block
            yield from block.closures


def measure(paths: list[Path]) -> list[Measured]:
    found: dict[tuple[str, str], Measured] = {}
    for folder in paths:
        for path in sorted(folder.rglob("*.py") if folder.is_dir() else [folder]):
            where = str(path.relative_to(ROOT))
            for block in _blocks(path):
                name = f"{block.classname}.{block.name}" if block.classname else block.name
                lines = block.endline - block.lineno + 1
                at = f"{where}:{block.lineno}"
                found[at, name] = Measured(at, name, block.complexity, lines)
    return list(found.values())


def package_of(where: str) -> str:
    parts = where.split("/")
    return "/".join(parts[:4] if parts[2] == "games" else parts[:3])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*", default=list(ENGINE))
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--lines", type=int, default=60)
    args = parser.parse_args()
    found = measure([ROOT / p for p in args.paths])
    print(f"== the {args.top} most complex functions (radon cc)")
    for m in sorted(found, key=lambda m: (-m.complexity, m.where))[: args.top]:
        print(f"{m.complexity:>4}  {m.lines:>4} lines  {m.name:<40} {m.where}")
    long = sorted((m for m in found if m.lines > args.lines), key=lambda m: -m.lines)
    print(f"\n== {len(long)} functions over {args.lines} lines")
    for m in long:
        print(f"{m.lines:>4} lines  cc {m.complexity:>3}  {m.name:<40} {m.where}")
    print("\n== per package: functions, mean cc, worst cc, over-long")
    packages = sorted({package_of(m.where) for m in found})
    for package in packages:
        inside = [m for m in found if package_of(m.where) == package]
        if not inside:
            continue
        mean = sum(m.complexity for m in inside) / len(inside)
        worst = max(m.complexity for m in inside)
        over = sum(1 for m in inside if m.lines > args.lines)
        print(f"{package:<32} {len(inside):>5} {mean:>6.2f} {worst:>5} {over:>4}")


if __name__ == "__main__":
    main()
