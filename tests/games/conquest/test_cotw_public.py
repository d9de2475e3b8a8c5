"""The spectator's view of Conquest of the World (ruling C17) and its map.

A spectator sees the table: the markers on the board and on the POWER BASE RECORD, the chips,
the WARCHEST, the war on the screen, the player alliances formed or broken. Never a player's
orders (his secret weapon choice among them) nor a player alliance offered but not answered.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from functools import cache
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.conquest.helpers import HIT, MISS, opened, play
from umpire.core import mapsvg, session
from umpire.core.events import PUBLIC, Event
from umpire.core.record import GameRecord
from umpire.core.ruleset import HasPublicView
from umpire.games.conquest import drawing
from umpire.games.conquest.game import POWERS
from umpire.games.conquest.game import RULESET as GAME
from umpire.games.conquest.model import CONQUERED, State

FIVE = POWERS[:5]
SECRET_KEYS = {"power", "offers", "orders"}  # the view's own kind and the two secrets


@cache
def bot_game() -> GameRecord:
    """A five-player bot game played to its end (read by several tests)."""
    record = session.create("conquest", seed=21, powers=FIVE)
    while record.outcome is None:
        for power in session.pending(record).powers:
            session.bot_submit(record, power)
        session.process(record)
    return record


@cache
def one_per_phase() -> tuple[tuple[int, State, tuple[Event, ...]], ...]:
    """(turn, state after it, its public events): the first turn ending in each phase."""
    record = bot_game()
    seen: dict[str, tuple[int, State, tuple[Event, ...]]] = {
        "digits": (0, GAME.load_state(record.state_after(0)), ())
    }
    for turn in record.turns:
        state = GAME.load_state(turn.state)
        public = tuple(e for e in turn.events if e.audience.kind == PUBLIC)
        seen.setdefault(state.phase, (turn.number, state, public))
    return tuple(seen.values())


def _bytes(state: State) -> bytes:
    return json.dumps(GAME.public_view(state)).encode()


def test_every_phase_of_a_game_is_sampled_and_the_session_serves_the_public_view() -> None:
    phases = [state.phase for _, state, _ in one_per_phase()]
    assert sorted(phases) == sorted(
        ["digits", "homeland", "home-alliances", "attack", "battle", "final", "endgame", "over"]
    )
    assert isinstance(GAME, HasPublicView)
    record = bot_game()
    for n in (0, 1, 7, len(record.turns)):
        assert session.public_view(record, turn=n) == GAME.public_view(
            GAME.load_state(record.state_after(n))
        )


@pytest.mark.rule("COTW 18")
def test_the_public_view_is_every_players_view_without_his_secrets() -> None:
    """Every fact on the table, as each player sees it, and nothing else; the umpire's view
    adds the orders and offers."""
    state = opened({"RED": "USA", "BLUE": "FRG", "GREEN": "CHN"}, holder="RED")
    state, _ = play(state, {"RED": "PACT BLUE\nATTACK IND"})  # an offer; a war under way
    assert state.offers and state.war is not None
    state, _ = play(
        state, {"RED": "PLANE AGGRESSIVE", "BLUE": "TANK"}, [HIT, MISS]
    )  # RED wins battle 1
    public = GAME.public_view(state)
    assert public["public"] is True and public["power"] is None
    assert "offers" not in public and "orders" not in public
    for power in (*state.seats, None):
        seen = GAME.view(state, power)
        assert {k: v for k, v in seen.items() if k not in SECRET_KEYS} == {
            k: v for k, v in public.items() if k not in SECRET_KEYS | {"public"}
        }
    umpire = GAME.view(state, None)
    assert umpire["offers"] == [["RED", "BLUE"]] and umpire["orders"]["RED"]
    text = json.dumps(public)
    assert "AGGRESSIVE" not in text and "PACT" not in text


orders_texts = st.lists(
    st.sampled_from(["TANK", "SUB CAUTIOUS", "PLANE AGGRESSIVE", "PASS", "ATTACK IND",
                     "ALLY BAN", "PACT BLUE", "BREAK RED", "DIGIT 7", "HOMELAND USA"])
    | st.text(max_size=20),
    max_size=3,
).map(tuple)  # fmt: skip
offer_sets = st.frozensets(st.sampled_from(list(permutations(FIVE, 2))), max_size=6)


@pytest.mark.rule("COTW 18")
@pytest.mark.rule("COTW 10")
@settings(max_examples=60, deadline=None)
@given(
    at=st.integers(0, 7),
    power=st.sampled_from(FIVE),
    orders=orders_texts,
    offers=offer_sets,
)
def test_no_players_secrets_change_the_public_view_or_its_map(
    at: int, power: str, orders: tuple[str, ...], offers: frozenset[tuple[str, str]]
) -> None:
    """Whatever a player ordered last turn (his weapon and posture, a pact offer) and
    whatever offers stand unanswered, the public view is the same, byte for byte, and so is
    the spectator's map drawn from it with the turn's public events."""
    samples = one_per_phase()
    _, state, events = samples[at % len(samples)]
    varied = replace(state, last_orders={**state.last_orders, power: orders}, offers=offers)
    assert _bytes(varied) == _bytes(state)
    assert drawing.draw(GAME.public_view(varied), events) == drawing.draw(
        GAME.public_view(state), events
    )


def test_the_public_view_does_change_with_the_table() -> None:
    """The property above is not vacuous: a marker moved, chips paid, a pact formed show."""
    _, state, _ = next(s for s in one_per_phase() if s[1].phase == "attack")
    before = _bytes(state)
    free = next(c for c in GAME.board(state).countries if c not in state.holdings)
    p = state.players[0]
    moved = replace(state, holdings={**state.holdings, free: (p, CONQUERED)})
    paid = replace(state, chips={**state.chips, p: state.chips[p] + 100})
    a, b = sorted(state.players[:2])
    allied = replace(state, pacts=state.pacts | {(a, b)})
    for changed in (moved, paid, allied):
        assert _bytes(changed) != before


@pytest.mark.rule("COTW 3")
def test_the_spectators_map_shows_the_board_the_holders_and_the_war() -> None:
    _, state, events = next(s for s in one_per_phase() if s[1].phase == "battle")
    public = GAME.public_view(state)
    svg = drawing.draw(public, events)
    assert svg.startswith("<svg") and f"Turn {state.turn} - public" in svg
    assert svg.count('class="space land"') == 43
    assert state.holdings
    for code, (power, kind) in state.holdings.items():
        fill = re.search(rf'id="space-{code}"[^>]*fill="(#[0-9a-f]+)"', svg)
        assert fill is not None
        assert fill.group(1) == mapsvg.tint(drawing.COLOURS[power], drawing.SHADES[kind])
    assert state.war is not None
    assert f'class="event war" data-space="{state.war.country}"' in svg
    for p in state.seats:  # the legend: every player's record and chips (rules 5, 13A)
        home = state.homelands[p]
        assert f"{p} {home}: record {public['record'][p]}, chips {state.chips[p]}" in svg
