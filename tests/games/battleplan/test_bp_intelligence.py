"""Information (section 6): spies caught, counterspies, shared sight; messages (16)."""

from __future__ import annotations

import pytest

from tests.games.battleplan.helpers import Down, edit, game, play, problems
from umpire.core import submission
from umpire.core.events import visible_to
from umpire.games.battleplan import RULESET


class Dice(Down):
    """Like Down, but draws whose purpose starts with a key give the value set for it."""

    def __init__(self, **fixed: int) -> None:
        super().__init__()
        self.fixed = fixed

    def _next(self, low: int, high: int, purpose: str) -> int:
        for key, value in self.fixed.items():
            if purpose.startswith(key):
                return value
        return super()._next(low, high, purpose)


def _spies(state, power: str) -> dict[str, int]:
    n = state.number_of(power)
    return {c: k.spies[n] for c, k in state.countries.items() if k.spies.get(n)}


@pytest.mark.rule("BP 6B")
def test_each_spy_is_caught_with_5_percent_the_turn_he_is_sent_too() -> None:
    s = game()
    # a draw of 96..100 out of 1..100 (5 in 100) catches a spy; 95 does not
    kept, ev = play(s, {"TU": "@ S2GR"}, Dice(caught=95))
    assert _spies(kept, "TU") == {"GR": 2}
    lost, ev = play(s, {"TU": "@ S2GR"}, Dice(caught=96))
    assert _spies(lost, "TU") == {}
    assert lost.player(5).spies == 28_00  # sent spies are gone; the reserve is never caught
    caught = [e for e in ev if e.kind == "spy_caught"]
    assert [e.text for e in caught] == ["[5] had 2 spies caught in GR."]
    assert caught[0].audience.kind == "public"  # "reported to the world"
    # a caught spy gives no information that turn
    assert "army" not in RULESET.view(lost, "TU")["countries"]["GR"]


@pytest.mark.rule("BP 6B")
def test_no_spies_to_seas_or_own_countries_and_trained_spies_wait_a_turn() -> None:
    s = game()
    assert problems(s, "TU", "@ S1BLA") == ["illegal/not_a_country"]
    assert problems(s, "TU", "@ S1TU") == ["illegal/spy_own_country"]
    assert problems(s, "TU", "@ 5S3") == ["illegal/self"]
    # 30 spies in reserve: training more this turn does not let 31 go
    assert problems(s, "TU", "@ TS100 S31GR") == ["illegal/not_enough_spies"]
    assert problems(s, "TU", "@ TC100 C4GR") == ["illegal/not_enough_spies"]


@pytest.mark.rule("BP 6B")
def test_spread_spies_divide_the_excess_at_random() -> None:
    s = game()
    s2, _ = play(s, {"TU": "@ 1S3"}, Dice(caught=1))  # AL occupies only AL: 3 there
    assert _spies(s2, "TU") == {"AL": 3}
    s3, _ = play(s, {"TU": "@ 0S26"}, Dice(caught=1))  # 24 minors: 2 get a second spy
    assert sorted(_spies(s3, "TU").values()) == [1] * 22 + [2] * 2


@pytest.mark.rule("BP 6C")
def test_counterspies_leave_a_spy_one_chance_in_n_plus_1() -> None:
    s = game()
    s = edit(s, "GR", spies={5: 1, 1: 1})
    chance = Dice(caught=1, hunted=1)  # any draw but 0 out of 0..n catches the spy
    s2, ev = play(s, {"NE": "@ C3GR", "TU": "@ C1GR"}, chance)
    hunted = {d.purpose: (d.low, d.high) for d in chance.draws if d.purpose.startswith("hunted")}
    # AL's spy faces 4 counterspies (1/5 to escape); TU's faces NE's 3 only (1/4): his own
    # counterspy does not hunt him
    assert hunted == {"hunted spy [1] GR #1": (0, 4), "hunted spy [5] GR #1": (0, 3)}
    assert s2.countries["GR"].spies == {}
    assert (s2.player(2).counterspies, s2.player(5).counterspies) == (0, 2_00)  # used up
    # the sending of counterspies is reported to no one
    for power in ("AL", "NE", "SP", "SW", "TU"):
        seen = [e.text for e in visible_to(ev, power) if e.kind != "orders"]
        assert not any("C3GR" in t or "C1GR" in t or "counterspy" in t.lower() for t in seen)
    escaped, _ = play(s, {"NE": "@ C3GR"}, Dice(caught=1, hunted=0))
    assert escaped.countries["GR"].spies == {5: 1, 1: 1}


@pytest.mark.rule("BP 6D")
def test_shared_sight_full_partial_and_listed_in_both_headings() -> None:
    s = game()
    s = edit(s, "IT", spies={5: 1})
    s2, _ev = play(s, {"TU": "@ 2F 3H"}, Dice(caught=1))
    full = {c for c, d in RULESET.view(s2, "NE")["countries"].items() if "army" in d}
    part = {c for c, d in RULESET.view(s2, "SP")["countries"].items() if "army" in d}
    assert full == {"NE", "TU", "IT"}  # pF: all TU sees
    assert part == {"SP", "IT"}  # pH: all but the countries TU occupies
    # not passed on: NE does not share with SW what TU shares with NE
    s3, ev3 = play(s2, {"NE": "@ 4F"}, Dice(caught=1))
    seen = {c for c, d in RULESET.view(s3, "SW")["countries"].items() if "army" in d}
    assert seen == {"SW", "NE"}
    tu = RULESET.printout(s3, visible_to(ev3, "TU"), "TU")
    ne = RULESET.printout(s3, visible_to(ev3, "NE"), "NE")
    assert "Sharing=( [2]NEF [3]SPH )" in tu
    assert "Shared with you=( [5]TUF )" in ne


@pytest.mark.rule("BP 16")
def test_messages_go_to_the_addressee_signed_or_anonymous() -> None:
    s = game()
    text = "@ MSG 2: Shall we share Poland? (yes)\n@TU BA5\nmsg 3 anon: Beware of [2]."
    parsed = submission.parse(RULESET, s, "TU", text)
    assert [RULESET.format(o) for _, o in parsed.orders] == [
        "@ MSG 2: Shall we share Poland? (yes)",
        "@TU BA5",
        "@ MSG 3 ANON: Beware of [2].",
    ]
    assert [
        p.code for p in submission.parse(RULESET, s, "TU", "MSG 9: hi\nMSG 5: me\nMSG 2:").problems
    ] == [
        "order/unknown_player",
        "illegal/self",
        "syntax/empty_message",
    ]
    s2, ev = play(s, {"TU": text})
    ne = RULESET.printout(s2, visible_to(ev, "NE"), "NE")
    sp = RULESET.printout(s2, visible_to(ev, "SP"), "SP")
    tu = RULESET.printout(s2, visible_to(ev, "TU"), "TU")
    assert "Message to [2] from [5]: Shall we share Poland? (yes)" in ne
    assert "Message to [3] from anonymous: Beware of [2]." in sp
    assert "[5]" not in str([e.data for e in visible_to(ev, "SP") if e.kind == "message"])
    assert "Beware" not in ne and "Poland" not in sp
    assert "Your message to [3] (anonymous): Beware of [2]." in tu
    assert "Order-count: 1" in tu  # messages are not orders
    for power in ("AL", "SW"):
        assert "Message" not in RULESET.printout(s2, visible_to(ev, power), power)
