"""umpire.core.recent: answers kept for the last few objects, found again by identity only."""

from __future__ import annotations

from umpire.core.recent import Recent


def test_an_answer_is_found_for_the_same_objects_only_never_for_equal_ones() -> None:
    recent: Recent[str] = Recent()
    state, charts = {"turn": 1}, ["map"]
    assert recent.put("facts", state, charts) == "facts"
    assert recent.get(state, charts) == "facts"
    assert recent.get({"turn": 1}, charts) is None  # equal, not the same: worked out again
    assert recent.get(state, ["map"]) is None
    assert recent.get(state) is None  # a key of another length


def test_only_the_last_few_are_kept_and_two_read_in_turns_both_stay() -> None:
    recent: Recent[int] = Recent(size=2)
    a, b, c = object(), object(), object()
    recent.put(1, a)
    recent.put(2, b)
    assert (recent.get(a), recent.get(b)) == (1, 2)
    recent.put(3, c)
    assert (recent.get(a), recent.get(b), recent.get(c)) == (None, 2, 3)
