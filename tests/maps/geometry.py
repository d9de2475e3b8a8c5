"""Pure-Python checks on committed map data (no geography packages): path data to vertices,
and whether two spaces share a border."""

from __future__ import annotations

import re
from typing import Any

_NUM = re.compile(r"-?\d+(?:\.\d+)?")
TOLERANCE = 0.8  # px


def vertices(d: str) -> list[tuple[float, float]]:
    nums = [float(n) for n in _NUM.findall(d)]
    return list(zip(nums[::2], nums[1::2], strict=True))


def share_border(a: str, b: str, tol: float = TOLERANCE) -> bool:
    """Two outlines share a border: at least two vertices of one lie within ``tol`` of
    vertices of the other (the spaces were cut from one partition, so a shared border is a
    run of common vertices)."""
    cells: set[tuple[int, int]] = set()
    for x, y in vertices(a):
        cells.add((round(x / tol), round(y / tol)))
    hits = 0
    for x, y in vertices(b):
        cx, cy = round(x / tol), round(y / tol)
        if any((cx + i, cy + j) in cells for i in (-1, 0, 1) for j in (-1, 0, 1)):
            hits += 1
            if hits >= 2:
                return True
    return False


def check_map(board: dict[str, Any], codes: set[str], adjacencies: set[tuple[str, str]]) -> None:
    """Every space is drawn with an outline, a label and a unit position; every adjacency is a
    shared border or a connection line."""
    spaces = board["spaces"]
    assert set(spaces) == codes
    for code, s in spaces.items():
        assert len(vertices(s["d"])) >= 3, code
        for key in ("label", "unit"):
            x, y = s[key]
            assert 0 <= x <= board["width"] and 0 <= y <= board["height"], (code, key)
    lines = {tuple(sorted((c["a"], c["b"]))) for c in board["connections"]}
    missing = [
        (a, b)
        for a, b in sorted(adjacencies)
        if (a, b) not in lines and not share_border(spaces[a]["d"], spaces[b]["d"])
    ]
    assert missing == []
    assert board["provenance"]["geography"].startswith("Natural Earth")


_PATH_TOKEN = re.compile(r"[MmLlZz]|-?(?:\d+(?:\.\d*)?|\.\d+)")


def absolute(d: str) -> list[list[tuple[float, float]]]:
    """The closed or open polylines of path data with ``M``/``m``, ``L``/``l`` and ``Z``/``z``
    commands (absolute or relative, the letter given once per run), as absolute points."""
    rings: list[list[tuple[float, float]]] = []
    here = start = (0.0, 0.0)
    command, pending = "", []
    for token in _PATH_TOKEN.findall(d):
        if token.isalpha():
            command = token
            if token in "Zz":
                here = start
            continue
        pending.append(float(token))
        if len(pending) < 2:
            continue
        dx, dy = pending
        pending = []
        rel = command.islower()
        point = (here[0] + dx, here[1] + dy) if rel else (dx, dy)
        if command in "Mm":
            rings.append([point])
            start = point
            command = "l" if rel else "L"  # pairs after a moveto are linetos
        else:
            rings[-1].append(point)
        here = point
    return [[(round(x, 6), round(y, 6)) for x, y in ring] for ring in rings]


def drawn_labels(svg: str) -> set[str]:
    """The spaces whose code an SVG map writes: its labels (``class="label"
    data-space="X"``), or, on a map whose labels are plain texts in one group (the SPI hex
    grid), the texts of that group."""
    found = set(re.findall(r'class="label" data-space="(\w+)"', svg))
    if found:
        return found
    group = re.search(r'<g class="labels"[^>]*>(.*?)</g></g>', svg, re.S)
    return set(re.findall(r">(\w+)</text>", group.group(1))) if group else set()
