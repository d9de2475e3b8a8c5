"""No import cycle anywhere in ``umpire`` (issue 28): a module that needs a piece of one that
imports it takes that piece moved down, or passed in. Import-linter's contracts in
pyproject.toml keep the games apart and below the server, and the server's use cases over its
notifications over its storage; this keeps every module of every package in layers, with
grimp (import-linter's own graph builder). Imports under ``TYPE_CHECKING`` and imports inside
functions count: a cycle of types, or one hidden in a function, is a cycle of design."""

from __future__ import annotations

import grimp
import pytest

GAMES = ("origins", "battleplan", "diplomacy", "conquest", "spi_ww2")


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("umpire", cache_dir=None)


def cycles(graph: grimp.ImportGraph, package: str) -> list[list[str]]:
    """The import cycles among ``package``'s modules: each strongly connected set of two or
    more modules (or one that imports itself), sorted (Tarjan's algorithm)."""
    modules = graph.find_descendants(package) | {package}
    edges = {m: sorted(graph.find_modules_directly_imported_by(m) & modules) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in edges[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == module:
                    break
            if len(group) > 1 or module in edges[module]:
                found.append(sorted(group))

    for module in sorted(modules):
        if module not in index:
            visit(module)
    return sorted(found)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_package_has_no_import_cycle(graph: grimp.ImportGraph, game: str) -> None:
    assert cycles(graph, f"umpire.games.{game}") == []


def test_no_import_cycle_anywhere(graph: grimp.ImportGraph) -> None:
    """The whole of ``src/umpire``: before issue 28 the server's ``accounts``,
    ``mail.outbound``, ``service`` and ``tasks`` imported each other, held together by imports
    inside functions."""
    assert cycles(graph, "umpire") == []


def test_the_check_finds_a_cycle() -> None:
    """SPI's board -> supply -> seas -> board, as it was before issue 28."""
    toy = grimp.ImportGraph()
    for name in ("g", "g.board", "g.supply", "g.seas", "g.model"):
        toy.add_module(name)
    for importer, imported in (
        ("g.board", "g.supply"),
        ("g.supply", "g.seas"),
        ("g.seas", "g.board"),
        ("g.board", "g.model"),
    ):
        toy.add_import(importer=importer, imported=imported)
    assert cycles(toy, "g") == [["g.board", "g.seas", "g.supply"]]
