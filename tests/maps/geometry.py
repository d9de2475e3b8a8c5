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
