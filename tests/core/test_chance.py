import pytest

from umpire.core.chance import (
    ChanceExhausted,
    Draw,
    ReplayChance,
    ReplayDivergence,
    ScriptedChance,
    SeededChance,
    derive_seed,
)


def test_seeded_chance_is_reproducible_per_stream() -> None:
    a = SeededChance(7, "turn", 1)
    b = SeededChance(7, "turn", 1)
    c = SeededChance(7, "turn", 2)
    first = [a.roll(6, purpose="x") for _ in range(20)]
    assert first == [b.roll(6, purpose="x") for _ in range(20)]
    assert first != [c.roll(6, purpose="x") for _ in range(20)]


def test_every_draw_is_recorded_with_its_purpose() -> None:
    c = SeededChance(1, "setup")
    value = c.roll(6, purpose="DCT Poland USA vs GER")
    picked = c.choice(["a", "b", "c"], purpose="pick one")
    assert c.draws[0] == Draw("DCT Poland USA vs GER", 1, 6, value)
    assert c.draws[1].purpose == "pick one"
    assert picked == ["a", "b", "c"][c.draws[1].value]


def test_scripted_chance_returns_values_in_order_and_checks_range() -> None:
    s = ScriptedChance([3, 6, 9])
    assert s.roll(6, purpose="a") == 3
    assert s.roll(6, purpose="b") == 6
    with pytest.raises(ValueError, match="outside"):
        s.roll(6, purpose="c")
    with pytest.raises(ChanceExhausted):
        s.roll(6, purpose="d")


def test_succeeds_and_percent() -> None:
    assert ScriptedChance([5]).percent(purpose="spy") == 5
    assert ScriptedChance([1]).succeeds(1, 3, purpose="survive")
    assert not ScriptedChance([2]).succeeds(1, 3, purpose="survive")


def test_shuffle_is_a_permutation() -> None:
    items = list(range(10))
    out = SeededChance(3, "t").shuffle(items, purpose="order")
    assert sorted(out) == items
    assert items == list(range(10))  # the input is not changed


def test_replay_reproduces_recorded_draws_and_detects_divergence() -> None:
    original = SeededChance(5, "turn", 3)
    rolls = [original.roll(6, purpose=f"r{i}") for i in range(5)]
    replay = ReplayChance(original.draws)
    assert [replay.roll(6, purpose=f"r{i}") for i in range(5)] == rolls
    assert replay.complete
    wrong = ReplayChance(original.draws)
    with pytest.raises(ReplayDivergence, match="r0"):
        wrong.roll(6, purpose="something else")


def test_derived_seeds_differ_by_label() -> None:
    assert derive_seed(1, "turn", 1) != derive_seed(1, "turn", 2)
    assert derive_seed(1, "bot", 1, "GER") == derive_seed(1, "bot", 1, "GER")
