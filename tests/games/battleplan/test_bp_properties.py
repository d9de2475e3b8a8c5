"""Properties over bot games: never negative, nothing from nothing, same seed same turn."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.battleplan.helpers import Down, at_sea, edit, edit_player, game, play
from umpire.core import submission
from umpire.core.chance import SeededChance
from umpire.core.submission import bot_text
from umpire.games.battleplan import RULESET
from umpire.games.battleplan.geography import europe
from umpire.games.battleplan.model import GameState

NINE = list(RULESET.info.default_scenario.default_powers)


def units(s: GameState) -> int:
    land = sum(c.army + c.navy + c.air + c.air_suppressed + c.missiles + c.anti
               for c in s.countries.values())  # fmt: skip
    sea = sum(x.army + x.navy + x.air for sea in s.seas.values() for x in sea.forces.values())
    return land + sea


def bot_turn(s: GameState, seed: int, turn: int) -> GameState:
    orders = {}
    for power in RULESET.pending(s).powers:
        text = bot_text(RULESET, s, power, SeededChance(seed, "bot", turn, power))
        orders[power] = [o for _, o in submission.parse(RULESET, s, power, text).orders]
    return RULESET.resolve(s, orders, SeededChance(seed, "turn", turn)).state


def negatives(s: GameState) -> list[str]:
    bad = []
    for code, c in s.countries.items():
        for k, v in c.to_json().items():
            if isinstance(v, int) and v < 0 and k != "hpi":
                bad.append(f"{code}.{k}={v}")
    for code, sea in s.seas.items():
        for p, x in sea.forces.items():
            if min(x.army, x.navy, x.air) < 0:
                bad.append(f"{code}[{p}]")
    return bad


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000))
def test_bot_games_never_go_negative_and_create_nothing_from_nothing(seed: int) -> None:
    s = game(NINE)
    for turn in range(1, 9):
        before = units(s)
        # the most a turn's builds can add: every usable Industry at the best multiplier
        most = sum(
            c.usable_industry * max(s.player(c.controller()).multipliers.values()
                                    if c.controller() else [100]) // 100 + 6
            for c in s.countries.values()
        )  # fmt: skip
        s = bot_turn(s, seed, turn)
        assert negatives(s) == []
        assert units(s) <= before + most
        assert RULESET.dump_state(RULESET.load_state(RULESET.dump_state(s))) == s.to_json()


def test_same_seed_and_orders_give_the_same_turn() -> None:
    a = game(NINE)
    b = game(NINE)
    for turn in range(1, 5):
        a = bot_turn(a, 7, turn)
        b = bot_turn(b, 7, turn)
        assert a.to_json() == b.to_json()


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("ANF"), st.integers(1, 9),
                          st.sampled_from(sorted(europe().spaces))), max_size=8))  # fmt: skip
def test_moves_conserve_forces(moves: list[tuple[str, int, str]]) -> None:
    s = game()
    for code in list(s.countries):
        s = edit(s, code, industry=0)  # no builds this turn
    text = "@TU " + " ".join(f"{u}T{n}{d}" for u, n, d in moves)
    parsed = submission.parse(RULESET, s, "TU", text)
    orders = [o for _, o in parsed.orders]
    s2 = RULESET.resolve(s, {"TU": orders}, Down()).state
    assert units(s2) == units(s)
    assert negatives(s2) == []


def test_illegal_orders_are_refused_at_submission_and_the_rest_go_on() -> None:
    """Legality is judged once, at submission (BP 12; issue 28): the receipt refuses an illegal
    order with its reason and keeps the rest, and the turn plays what was kept."""
    s = game()
    parsed = submission.parse(RULESET, s, "TU", "@TU AC5IT\n@TU BA10")
    assert [p.code for p in parsed.problems] == ["illegal/not_adjacent"]
    assert [RULESET.format(o) for _, o in parsed.orders] == ["@TU BA10"]
    res = RULESET.resolve(s, {"TU": [o for _, o in parsed.orders]}, Down())
    assert res.state.countries["TU"].army == 60
    assert not [e for e in res.events if e.kind == "error"]


@pytest.mark.rule("BP 17")
def test_fractions_are_rounded_randomly_with_their_odds() -> None:
    from umpire.games.battleplan.rounding import rround

    chance = SeededChance(11, "odds")
    ups = sum(rround(13, 10, chance, "x") - 1 for _ in range(2000))  # 1.3
    assert 450 < ups < 750  # about 30% rounded up
    assert {rround(20, 10, chance, "x") for _ in range(20)} == {2}


@pytest.mark.rule("BP 6A")
def test_view_shows_own_and_spied_countries_only() -> None:
    s = game()
    s = edit(s, "GR", popularity={5: 10})
    s = edit(s, "IT", spies={5: 1})
    v = RULESET.view(s, "TU")
    full = {c for c, d in v["countries"].items() if "army" in d}
    assert full == {"TU", "GR", "IT"}
    assert v["countries"]["AL"] == {"owner": 1}
    assert v["countries"]["CY"] == {"owner": 0, "your_popularity": 0}
    assert "cents" not in str(v["players"])
    varied = RULESET.vary_secrets(s, "AL", SeededChance(1))
    assert RULESET.view(varied, "TU") == v


@pytest.mark.rule("BP 6D")
def test_share_orders_are_kept_until_countermanded() -> None:
    s = game()
    s2, _ = play(s, {"TU": "@ 2F 3H"})
    assert s2.player(5).shares == {2: "F", 3: "H"}
    s3, _ = play(s2, {"TU": "@ 2Z"})
    assert s3.player(5).shares == {3: "H"}


@pytest.mark.rule("BP 12D")
@pytest.mark.rule("BP 11")
def test_standing_order_illegal_this_turn_is_kept_on_file() -> None:
    s = game()
    s2, _ = play(s, {"TU": "@TU /2/AC10BU AS5BU"})  # 12B: conflicts with the support
    assert s2.countries["BU"].owner == 0
    assert s2.countries["TU"].standing == {2: "AC10BU"}
    s3, _ = play(s2, {}, Down())
    assert s3.countries["BU"].owner == 0  # used now: 10 against BU (not enough, but tried)
    assert s3.countries["TU"].army < s2.countries["TU"].army


@pytest.mark.rule("BP 4E.2")
@pytest.mark.rule("BP 4E.5")
def test_air_support_defends_land_and_attacks_enemies_at_sea() -> None:
    s = game()
    s = edit(s, "BU", popularity={5: 50})
    s2, _ = play(s, {"TU": "@TU FS20BU", "AL": "@AL FA10BU"}, Down())
    # 10 attacking against BU's 6 + 20 supporting: 5 lost, 2 attackers and 3 defenders;
    # the defenders' excess 16 gets 8 hits on the attacking AirForce; supporters come home
    assert (30 + 6) - (s2.countries["TU"].air + s2.countries["BU"].air) == 3
    assert s2.countries["AL"].air == 30 - 2 - 8
    s = at_sea(s, "BLA", 1, navy=8)
    s = edit_player(s, 5, declared={**s.player(5).declared, 1: "E"})
    s3, _ = play(s, {"TU": "@TU FS20BLA"}, Down())
    # 20 shots at 8 Navy: Navy losses a quarter, 5; their 8 shots at 20 AirForce: half, 4
    assert s3.seas["BLA"].forces[1].navy == 3
    assert s3.countries["TU"].air == 30 - 4  # the survivors went home
