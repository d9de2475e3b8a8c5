"""The spectator's position of the four- and five-Player versions (docs/rulings/spi-ww2.md R20).

Their one secret is the synthesized Objectives column of a player with two identities (19.2);
the public view holds the open board and the political facts every player sees, and never a
column: changing a player's synthesis (or recording none) leaves it the same byte for byte,
and so the spectator's map.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from umpire.core import submission
from umpire.core.chance import SeededChance
from umpire.core.ruleset import HasPublicView
from umpire.games.spi_ww2 import drawing
from umpire.games.spi_ww2.game import RULESET
from umpire.games.spi_ww2.model import OBJECTIVES, State

from .helpers import start

# Two syntheses of the German Player's German and Italian columns (19.2), each <= 25 points.
SYNTHESIS = "OBJECTIVES POL C3, FRA C3, EGY C3, YUG C3, GRE C3, ALG C3, TUN C2, MOR C2, LIB C2"
OTHER = "OBJECTIVES POL C3, YUG C3, GRE C3, TUR C1"
# The British/US Player's (four Players): British and US columns.
ALLIED = "OBJECTIVES EGY C3, IRQ C1, PER C1, KUW C2, POL N2, FRA N3"


def _recorded(state: State, texts: dict[str, str]) -> State:
    """The set-up phase resolved with these syntheses (a missing one: the printed column)."""
    assert state.phase == OBJECTIVES
    orders = {
        p: [o for _, o in submission.parse(RULESET, state, p, t).orders] for p, t in texts.items()
    }
    for p, t in texts.items():
        assert submission.parse(RULESET, state, p, t).problems == [], (p, t)
    return RULESET.resolve(state, orders, SeededChance(5, "setup")).state


def _bytes(view: dict[str, Any]) -> str:
    return json.dumps(view, sort_keys=False)


def _played(state: State, turns: int) -> State:
    """``turns`` phases of bot play (every phasing player's bot orders)."""
    chance = SeededChance(11, "play")
    for _ in range(turns):
        pending = RULESET.pending(state)
        orders = {p: list(RULESET.bot_orders(state, p, chance)) for p in pending.powers}
        state = RULESET.resolve(state, orders, chance).state
    return state


def test_spi_ww2_has_a_public_view() -> None:
    assert isinstance(RULESET, HasPublicView)
    for n in (4, 5):
        assert RULESET.info.hides_information(f"{n}-player")
    assert not RULESET.info.hides_information("6-player")


@pytest.mark.rule("SPI 19.2")
@pytest.mark.parametrize("version", [4, 5])
def test_the_public_view_is_the_same_whatever_a_player_synthesized(version: int) -> None:
    opening = start(version)
    allied = {"GBR": ALLIED} if version == 4 else {}
    one = _recorded(opening, {"GER": SYNTHESIS, **allied})
    other = _recorded(opening, {"GER": OTHER})  # and the British player keeps his US column
    none = _recorded(opening, {})
    assert one.objectives["GER"] != other.objectives["GER"]  # sanity: the secrets differ
    assert "GER" not in none.objectives
    public = RULESET.public_view(one)
    assert _bytes(RULESET.public_view(other)) == _bytes(public)
    assert _bytes(RULESET.public_view(none)) == _bytes(public)
    assert drawing.draw(RULESET.public_view(other)) == drawing.draw(public)
    # Sanity: the German player's own view does show his column, so the comparison bites.
    assert RULESET.view(one, "GER")["objectives"]["GER"]["FRA"] == "C3"
    assert RULESET.view(one, "GER") != RULESET.view(other, "GER")
    text = _bytes(public)
    assert "objectives" not in public and "own_column" not in public
    assert '"C3"' not in text and '"N2"' not in text  # no chart entry at all


@pytest.mark.rule("SPI 19.2")
@pytest.mark.parametrize("version", [4, 5])
def test_varying_any_players_secret_mid_game_leaves_the_public_view_and_map(version: int) -> None:
    state = _played(_recorded(start(version), {"GER": SYNTHESIS}), 6)
    assert state.units and state.game_turn >= 1
    public = _bytes(RULESET.public_view(state))
    svg = drawing.draw(RULESET.public_view(state))
    for power in state.players:
        varied = RULESET.vary_secrets(state, power, SeededChance(3, "vary", power))
        if power == "GER":
            assert varied.objectives != state.objectives  # sanity: a secret changed
        assert _bytes(RULESET.public_view(varied)) == public, power
        assert drawing.draw(RULESET.public_view(varied)) == svg, power


@pytest.mark.parametrize("version", [4, 5])
def test_the_public_view_is_every_players_view_less_his_own_column(version: int) -> None:
    """By allow-list: the facts of every player's view, less his own Objectives column and
    the Victory Points it would give him now (and the field naming him), with ``public``
    saying what it is."""
    state = _played(_recorded(start(version), {"GER": SYNTHESIS}), 3)
    public = RULESET.public_view(state)
    assert public["public"] is True and public["power"] is None
    for power in state.players:
        seen = RULESET.view(state, power)
        mine = {"power", "objectives", "own_column", "victory_points"}
        assert {k: v for k, v in seen.items() if k not in mine} == {
            k: v for k, v in public.items() if k not in ("power", "public")
        }, power


@pytest.mark.rule("SPI 13.0")
def test_once_over_the_public_view_has_the_victory_points() -> None:
    state = _recorded(start(4), {"GER": SYNTHESIS})
    over = replace(state, over=True, scores={"FRA": 3, "USSR": 9, "GBR": 4, "GER": 12})
    public = RULESET.public_view(over)
    assert public["scores"] == {"FRA": 3, "USSR": 9, "GBR": 4, "GER": 12}
    assert "objectives" not in public


def test_the_spectators_map_says_public_and_draws_the_board() -> None:
    state = _played(_recorded(start(4), {}), 2)
    svg = drawing.draw(RULESET.public_view(state), [])
    assert svg.startswith("<svg") or "<svg" in svg[:200]
    assert " - public" in svg
    assert svg.count('class="unit"') == len(state.units)
