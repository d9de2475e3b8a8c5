"""The Battle Plan Europe map (data/maps/europe.json) and the position drawn from a view."""

from __future__ import annotations

import re

import pytest

from tests.maps.geometry import check_map
from umpire.core import mapsvg
from umpire.core.chance import SeededChance
from umpire.core.submission import parse
from umpire.games.battleplan import drawing
from umpire.games.battleplan.game import RULESET
from umpire.games.battleplan.geography import europe

POWERS = list(RULESET.info.scenarios[0].default_powers)


def _played(turns: int, seed: int = 5):
    chance = SeededChance(seed)
    state = RULESET.new_game("europe", POWERS, chance, {})
    events: list = []
    for _ in range(turns):
        orders = {
            p: [o for _, o in parse(RULESET, state, p, RULESET.bot_orders(state, p, chance)).orders]
            for p in POWERS
        }
        res = RULESET.resolve(state, orders, chance)
        state, events = res.state, list(res.events)
    return state, events


@pytest.mark.rule("BP 15B")
def test_every_space_is_drawn_and_every_printed_adjacency_is_a_border_or_a_line() -> None:
    board = mapsvg.load(drawing.PACKAGE, "europe")
    geo = europe()
    pairs = {(min(a, b), max(a, b)) for a, s in geo.spaces.items() for b in s.adjacent}
    check_map(board, set(geo.spaces), pairs)
    lines = {(c["a"], c["b"]): c["kind"] for c in board["connections"]}
    # rule 7: the Turkey Strait is a line of its own, not a border
    assert lines[("BLA", "EAS")] == "strait"


@pytest.mark.rule("BP 4E.1")
def test_the_dotted_air_range_lines_of_15b_are_drawn() -> None:
    board = mapsvg.load(drawing.PACKAGE, "europe")
    air = {(c["a"], c["b"]) for c in board["connections"] if c["kind"] == "air"}
    printed = {("CY", "GR"), ("CY", "TU"), ("BE", "GB"), ("FR", "GB"), ("FR", "IR"), ("DE", "NO")}
    assert printed <= air
    svg = drawing.draw(RULESET.view(_played(0)[0], "GE"))
    assert svg.count('class="connection air"') == len(air)


@pytest.mark.rule("BP 6A")
def test_labels_and_forces_only_where_the_view_lists_them() -> None:
    state, events = _played(2)
    view = RULESET.view(state, "GE")
    svg = drawing.draw(view, [e for e in events if e.audience.admits("GE")])
    labels = set(re.findall(r'class="label" data-space="(\w+)"', svg))
    assert labels == set(europe().spaces)
    shown = set(re.findall(r'<g class="forces" data-space="(\w+)">', svg))
    keys = ("army", "navy", "air", "missiles", "anti")
    listed = {c for c, e in view["countries"].items() if any(e.get(k) for k in keys)}
    assert shown == listed
    assert shown < set(view["countries"])  # the fog of war: not every country's forces
    umpire = drawing.draw(RULESET.view(state, None))
    assert len(re.findall(r'<g class="forces" data-space="\w+">', umpire)) > len(shown)


@pytest.mark.rule("BP 14")
def test_another_players_secrets_do_not_change_the_drawing() -> None:
    state, _ = _played(2)
    before = drawing.draw(RULESET.view(state, "GE"))
    for other in ("GB", "TU", "UK"):
        varied = RULESET.vary_secrets(state, other, SeededChance(3, other))
        assert drawing.draw(RULESET.view(varied, "GE")) == before
    # while the umpire's drawing, which shows everything, does change with them
    mine = RULESET.vary_secrets(state, "GE", SeededChance(4))
    assert drawing.draw(RULESET.view(mine, None)) != drawing.draw(RULESET.view(state, None))
