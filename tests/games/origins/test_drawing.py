"""The Origins map (data/maps/historical.json) and the position drawn from a power's view."""

from __future__ import annotations

import re

import pytest

from tests.maps.geometry import check_map
from umpire.core import mapsvg
from umpire.core.chance import SeededChance
from umpire.games.origins import drawing
from umpire.games.origins.game import RULESET

POWERS = ["USA", "FRA", "GBR", "USSR", "GER"]


def _played(turns: int, seed: int = 5):
    chance = SeededChance(seed)
    state = RULESET.new_game("historical", POWERS, chance, {})
    for _ in range(turns):
        orders = {p: list(RULESET.bot_orders(state, p, chance)) for p in POWERS}
        state = RULESET.resolve(state, orders, chance).state
    return state


@pytest.mark.rule("OWW 1.1")
def test_every_area_is_drawn_and_labelled() -> None:
    board = mapsvg.load(drawing.PACKAGE, "historical")
    state = _played(0)
    areas = set(RULESET.charts(state).area_codes)
    # the 13 areas of OWW 1.1 (no adjacency in this game: nothing to connect)
    assert len(areas) == 13
    check_map(board, areas, set())
    svg = drawing.draw(RULESET.view(state, "GER"))
    assert set(re.findall(r'class="label" data-space="(\w+)"', svg)) == areas


def _chips(svg: str) -> dict[tuple[str, str], str]:
    found = re.findall(
        r'<g class="chip" data-area="(\w+)" data-power="(\w+)">.*?>([^<]*)</text></g>', svg
    )
    return {(a, p): t for a, p, t in found}


@pytest.mark.rule("OWW 8.4")
def test_chips_show_symbols_and_only_the_amounts_the_view_holds() -> None:
    state = _played(2)
    view = RULESET.view(state, "GER")
    chips = _chips(drawing.draw(view))
    assert chips  # boxes are on the map after two turns
    for (area, power), text in chips.items():
        assert text.split()[0] == view["map"][area][power]
        shows_amount = len(text.split()) == 2
        assert shows_amount == (power in view["exact"].get(area, {}))


@pytest.mark.rule("OWW 8.5")
def test_another_powers_secrets_do_not_change_the_drawing() -> None:
    state = _played(2)
    for seed in range(5):
        varied = RULESET.vary_secrets(state, "FRA", SeededChance(seed, "vary"))
        assert drawing.draw(RULESET.view(varied, "GER")) == drawing.draw(RULESET.view(state, "GER"))
    # while the umpire's map shows every amount
    assert drawing.draw(RULESET.view(state, None)) != drawing.draw(RULESET.view(state, "GER"))
