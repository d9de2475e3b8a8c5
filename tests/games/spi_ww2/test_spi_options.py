"""Order entry by clicking the map (docs/rulings/spi-ww2.md S-PAGE-1): what the page offers is
what the game's own check accepts, and every move the check accepts is offered; a move's path
and cost are the umpire's; the page finds the hex under a click from the grid's own numbers."""

from __future__ import annotations

import itertools
import math
import re

import pytest

from umpire.core import mapsvg, submission
from umpire.games.spi_ww2 import drawing, movement
from umpire.games.spi_ww2.game import RULESET
from umpire.games.spi_ww2.model import State

from .helpers import CHARTS, MAP, board, phase_of, start, with_units


def _accepted(state: State, power: str, text: str) -> bool:
    parsed = submission.parse(RULESET, state, power, text)
    return not parsed.problems and len(parsed.orders) == 1


def _german_movement() -> State:
    return phase_of(start(6), "GER")


def _german_combat() -> State:
    """Germany's combat phase with two German stacks beside one Polish one (2316), and no
    other units."""
    state = phase_of(start(6), "GER", "combat")
    beside = [h for h in MAP.adjacent("2316") if MAP.passable(h)]
    return with_units(state, {"2316": {"POL": 1}, beside[0]: {"GER": 3}, beside[1]: {"GER": 2}})


@pytest.mark.rule("SPI 10.0")
def test_every_offered_placement_and_stack_step_is_accepted_alone() -> None:
    state = _german_movement()
    options = RULESET.order_options(state, "GER")
    assert options["place"] and all(o.startswith("PLACE GER ") for o in options["place"])
    for text in options["place"]:
        assert _accepted(state, "GER", text), text
    stacks = [u for u in options if u != "place"]
    assert "GER 3 1915" in stacks and all(not options[u] for u in stacks)  # moves: by steps
    steps = RULESET.order_steps(state, "GER", "GER 3 1915")
    assert steps and {c["text"].split()[0] for c in steps} >= {"MOVE", "RAIL"}
    for c in steps:
        assert c["land"] and _accepted(state, "GER", c["text"]), c
        start_, end = c["number"]
        assert (
            c["text"][start_:end] == "3" and c["path"][0] == "1915" and c["path"][-1] == c["space"]
        )


def test_every_move_the_game_accepts_is_offered_with_the_umpires_path_and_cost() -> None:
    state = _german_movement()
    allowance = CHARTS.allowance("GER")
    steps = RULESET.order_steps(state, "GER", "GER 3 1915") or []
    offered = {c["space"]: c for c in steps if c["text"].startswith("MOVE ")}
    accepted = {
        h
        for h in MAP.within("1915", allowance + 1) - {"1915"}
        if _accepted(state, "GER", f"MOVE GER 3 1915-{h}")
    }
    assert accepted and set(offered) == accepted
    b = board(state)
    for to, c in offered.items():
        path = c["path"]
        assert all(b2 in MAP.adjacent(a) for a, b2 in itertools.pairwise(path)), c
        cost = sum(movement.hex_cost(b, h, state.game_turn) for h in path[1:])
        assert cost <= allowance and c["note"].startswith(f"{cost} of {allowance} movement")
        assert cost == movement.path_cost(b, "GER", "GER", "1915", to, state.game_turn)[0]


@pytest.mark.rule("SPI 8.15")
def test_an_attack_is_built_a_stack_at_a_time_and_each_whole_order_is_accepted() -> None:
    state = _german_combat()
    options = RULESET.order_options(state, "GER")
    groups = [u for u in options if u.startswith("GER ") and u.split()[2] in MAP.adjacent("2316")]
    assert len(groups) == 2
    first = next(
        c for c in RULESET.order_steps(state, "GER", groups[0]) or [] if c["space"] == "2316"
    )
    assert first["on"] and "odds" in first["note"] and first["key"] == "ATTACK 2316"
    assert first["land"] == _accepted(state, "GER", first["text"])
    joins = RULESET.order_steps(state, "GER", first["text"]) or []
    other = groups[1].split()
    assert [c["text"] for c in joins] == [f"{first['text']}, {other[0]} {other[1]} {other[2]}"]
    assert joins[0]["space"] == other[2] and joins[0]["land"]
    assert _accepted(state, "GER", joins[0]["text"])
    start_, end = joins[0]["number"]
    assert joins[0]["text"][start_:end] == other[1]  # the joining stack's SP
    for unit in groups:
        for text in options[unit]:
            assert _accepted(state, "GER", text), text


def test_steps_are_given_only_for_the_players_own_stacks_and_attacks() -> None:
    state = _german_movement()
    assert RULESET.order_steps(state, "FRA", "GER 3 1915") is None  # not his turn
    assert RULESET.order_steps(state, "GER", "GER 4 1915") is None  # no such stack
    assert RULESET.order_steps(state, "GER", "FRA 3 1020") is None  # not his
    assert RULESET.order_steps(state, "GER", "ATTACK 2316 WITH GER 3 1915") is None  # moving
    assert RULESET.order_steps(state, "GER", "nonsense") is None
    combat = _german_combat()
    assert RULESET.order_steps(combat, "GER", "ATTACK 2316 WITH GER 9 1915") is None


def test_what_an_order_names_replaces_and_counts() -> None:
    assert RULESET.order_places("PLACE GER 3 1915") == ("", "1915")
    assert RULESET.order_places("MOVE GER 3 1915-2016") == ("1915", "2016")
    assert RULESET.order_places("ATTACK 2316 WITH GER 3 2216, GER 2 2217") == (
        "2216",
        "2316",
        "2217",
    )
    assert RULESET.order_key("MOVE GER 3 1915-2016") == RULESET.order_key("MOVE GER 1 1915-2016")
    assert RULESET.order_key("RAIL GER 3 1915-2016") != RULESET.order_key("MOVE GER 3 1915-2016")
    assert RULESET.order_key("ATTACK 2316 WITH GER 3 2216") == "ATTACK 2316"
    for text, number in [
        ("PLACE GER 12 1915", "12"),
        ("SHIP GBR 2 0817-1117 ON USA", "2"),
        ("ATTACK 2316 WITH GER 3 2216, GER 12 2217", "12"),
    ]:
        at = RULESET.order_number(text)
        assert at is not None and text[at[0] : at[1]] == number
    assert RULESET.order_number("PASS") is None


def test_the_grid_the_page_reads_is_the_grid_the_map_is_drawn_with() -> None:
    """The page finds the hex under a click from the grid's ``data-hexgrid`` (the centre of
    hex 0000, the radius, odd columns lower) as the nearest hex centre: every hex's centre by
    those numbers is the centre of its outline, and the points the map writes in a hex (its
    number, its counter) are nearer its centre than any other's."""
    svg = drawing.draw(RULESET.view(_german_movement(), "GER"))
    found = re.search(r'class="grid"[^>]*data-hexgrid="([\d.]+) ([\d.]+) ([\d.]+) odd-q"', svg)
    assert found
    x0, y0, size = (float(v) for v in found.groups())
    spaces = mapsvg.load(drawing.PACKAGE, drawing.MAP)["spaces"]

    def centre(hid: str) -> tuple[float, float]:
        c, r = int(hid[:2]), int(hid[2:])
        return x0 + 1.5 * size * c, y0 + math.sqrt(3) * size * (r + (c % 2) / 2)

    for hid, s in spaces.items():
        corners = [(float(x), float(y)) for x, y in re.findall(r"(-?[\d.]+),(-?[\d.]+)", s["d"])]
        cx, cy = sum(p[0] for p in corners) / 6, sum(p[1] for p in corners) / 6
        assert math.dist(centre(hid), (cx, cy)) < 0.1, hid
        for point in (s["label"], s["unit"]):
            near = [n for n in MAP.adjacent(hid)] + [hid]
            assert min(near, key=lambda n: math.dist(centre(n), point)) == hid, (hid, point)


@pytest.mark.rule("SPI 4.2")
def test_the_diplomacy_interphase_offers_each_players_permissions_and_pass() -> None:
    """Every player orders in the Diplomacy Interphase (4.2 A): his list offers each
    permission to another player that the game's check accepts, and PASS, so that a player on
    the web page has orders to choose from (none of them names a hex: the list, not the map)."""
    state = start(6)
    assert state.phase == 0  # the game opens with the Interphase
    for power in CHARTS.players(6):
        options = RULESET.order_options(state, power)
        assert list(options) == ["diplomacy"], options
        offered = options["diplomacy"]
        assert offered[-1] == "PASS" and any(o.startswith("PERMIT ") for o in offered)
        assert not any(f" {power} " in f"{o} " for o in offered if o.startswith("PERMIT "))
        for text in offered:
            assert _accepted(state, power, text), (power, text)
            assert RULESET.order_places(text) == ()
