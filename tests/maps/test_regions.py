"""The enlarged parts of the crowded world maps (issue 13: readable labels at 1280x900):
Battle Plan's world (Europe, Central America) and Conquest of the World (Europe and the Middle
East). Each is the same drawing of the same view, enlarged: every space that shows in the
region is drawn, labelled (at the region's larger size) and coloured as on the whole map; what
lies wholly outside it is left out (it would not show, and it was most of the drawing)."""

from __future__ import annotations

import re
from types import ModuleType
from typing import Any

import pytest

from umpire.core import mapsvg, session
from umpire.games.battleplan import drawing as battleplan
from umpire.games.conquest import drawing as conquest

CASES = [(battleplan, "battleplan", "equal", 2), (conquest, "conquest", None, 1)]


def _view(game: str, scenario: str | None) -> dict[str, Any]:
    record = session.create(game, scenario=scenario, seed=2)
    view: dict[str, Any] = session.ruleset_of(record).view(session.current_state(record), None)
    return view


def _fills(svg: str, prefix: str = "") -> dict[str, str]:
    found = re.findall(
        rf'<path id="{prefix}space-(\w+)" class="space \w+" d="[^"]*" fill="(#\w+)"', svg
    )
    return dict(found)


@pytest.mark.parametrize(("module", "game", "scenario", "count"), CASES)
def test_every_space_of_a_region_is_drawn_labelled_and_coloured_as_on_the_whole_map(
    module: ModuleType, game: str, scenario: str | None, count: int
) -> None:
    view = _view(game, scenario)
    whole = module.draw(view, None)
    board = mapsvg.load(module.PACKAGE, module.map_name(str(view.get("scenario", ""))))
    regions = module.regions(view)
    assert len(regions) == count
    for region in regions:
        svg = module.draw(view, None, region=region.name)
        assert f'data-region="{region.name}"' in svg[:200]
        x, y, w, h = region.box
        inside = {
            code
            for code, s in board["spaces"].items()
            if x <= s.get("anchor", s["label"])[0] <= x + w
            and y <= s.get("anchor", s["label"])[1] <= y + h
        }
        assert len(inside) >= 8, (region.name, inside)
        labels = set(
            re.findall(r'<text class="label" data-space="(\w+)"[^>]*font-size="([\d.]+)"', svg)
        )
        zoomed = mapsvg.zoomed(board, region)
        shows = {code for code in board["spaces"] if _shows(board, region, code)}
        assert inside <= shows < set(board["spaces"])
        assert {code for code, _ in labels} == shows == set(zoomed["spaces"])
        assert {size for _, size in labels} == {f"{region.label:g}"}
        fills = _fills(svg, f"{region.name}-")
        whole_fills = _fills(whole)
        assert set(fills) == shows and fills == {c: whole_fills[c] for c in shows}  # one view
        # The region's spaces stand inside the enlarged map (1280x900), far apart.
        for code in inside:
            lx, ly = zoomed["spaces"][code]["label"]
            assert 0 <= lx <= board["width"] and 0 <= ly <= board["height"], (code, lx, ly)
        # Every line left on it crosses it: connections, and the outlines of neutral land.
        for c in zoomed["connections"]:
            xs, ys = [p[0] for p in c["points"]], [p[1] for p in c["points"]]
            assert max(xs) >= 0 and min(xs) <= board["width"], c
            assert max(ys) >= 0 and min(ys) <= board["height"], c
        assert len(svg) < len(whole) * 1.3, (len(svg), len(whole))  # not the world again


def _shows(board: dict[str, Any], region: mapsvg.Region, code: str) -> bool:
    """Does any point of ``code``'s outline or its label fall on the enlarged map, or does
    the outline span it (an ocean around it)? Computed from the committed map, on its own."""
    x, y, w, h = region.box
    space = board["spaces"][code]
    points = [tuple(map(float, p)) for p in re.findall(r"(-?[\d.]+),(-?[\d.]+)", space["d"])]
    points.append(tuple(space.get("anchor", space["label"])))
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    k = min(board["width"] / w, board["height"] / h)  # the margins the enlargement leaves
    mx, my = (board["width"] / k - w) / 2, (board["height"] / k - h) / 2
    left, right, top, bottom = x - mx, x + w + mx, y - my, y + h + my
    outline = (max(xs[:-1]) >= left and min(xs[:-1]) <= right
               and max(ys[:-1]) >= top and min(ys[:-1]) <= bottom)  # fmt: skip
    lx, ly = points[-1]
    return outline or (left <= lx <= right and top <= ly <= bottom)


def test_a_map_without_crowded_parts_has_no_regions() -> None:
    view = _view("battleplan", "europe")
    assert battleplan.regions(view) == ()
    with pytest.raises(ValueError, match="no region"):
        battleplan.draw(view, None, region="europe")
