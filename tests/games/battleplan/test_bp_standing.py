"""Standing orders (11, 12D) and default builds (10), against the text of the rulebook; 1B."""

from __future__ import annotations

import pytest

from tests.games.battleplan.helpers import (
    Down,
    at_sea,
    edit,
    edit_player,
    game,
    orders_of,
    play,
    problems,
)
from umpire.core.chance import Chance


def _units(state, code: str) -> tuple[int, int, int]:
    c = state.countries[code]
    return c.army, c.navy, c.air


@pytest.mark.rule("BP 10")
def test_section_10_examples_in_a_controlled_minor() -> None:
    s = game()
    s = edit(s, "GR", popularity={5: 10})  # TU controls GR: 6 Industry, a coast
    s = edit(s, "AU", popularity={5: 10})  # ... and AU: no coast
    s = edit_player(s, 5, defaults={"A": 50, "N": 25, "F": 25})
    gr, au = _units(s, "GR"), _units(s, "AU")
    # "would build Army with half its Industry (3), Navy with half of the remainder (rounded
    # up to 2), and AirForce with the final remainder (1)"; no coast: 4 Army and 2 AirForce
    s2, _ = play(s, {})
    assert _units(s2, "GR") == (gr[0] + 3, gr[1] + 2, gr[2] + 1)
    assert _units(s2, "AU") == (au[0] + 4, au[1], au[2] + 2)
    # "given a specific order to build one Army ... 3 Navy and 2 AirForce"
    s3, _ = play(s, {"TU": "@GR BA1"})
    assert _units(s3, "GR") == (gr[0] + 1, gr[1] + 3, gr[2] + 2)
    # "already built one of each": the last 3 build Army in a minor ...
    s4, _ = play(s, {"TU": "@GR BA1 BN1 BF1"})
    assert _units(s4, "GR") == (gr[0] + 1 + 3, gr[1] + 1, gr[2] + 1)
    # ... and Dollars in an occupied country (30 Industry: 27 Dollars, +27 HPI, 3A)
    s5, _ = play(s, {"TU": "@TU BA1 BN1 BF1"})
    assert s5.player(5).cents - s4.player(5).cents == 27_27  # with 1% interest (5A)
    assert s5.countries["TU"].hpi - s4.countries["TU"].hpi == 27


@pytest.mark.rule("BP 10")
def test_default_stays_until_changed_to_zero_and_dollars_never_in_minors() -> None:
    s = game()
    s = edit(s, "GR", popularity={5: 10})
    s2, _ = play(s, {"TU": "@ BF100"})
    s3, _ = play(s2, {"TU": "@ BA100"})  # "50% air force and 50% army unless you ALSO order BF0"
    tu2, tu3 = _units(s2, "TU"), _units(s3, "TU")
    assert (tu3[0] - tu2[0], tu3[2] - tu2[2]) == (15, 15)
    s4, _ = play(s3, {"TU": "@ BF0 BD100"})
    gr3, gr4 = _units(s3, "GR"), _units(s4, "GR")
    assert s4.player(5).defaults == {"A": 100, "D": 100}
    assert gr4[0] - gr3[0] == 6  # BD is ignored in the minor: 6 Industry all Army (BA100)


@pytest.mark.rule("BP 11")
@pytest.mark.rule("BP 12D")
def test_standing_orders_rules_of_section_11() -> None:
    s = game()
    # never legal for the space: rejected; not for seas; five slots only
    assert problems(s, "TU", "@TU /1/AC10GB") != []
    s = at_sea(s, "BLA", 5, navy=3)
    assert problems(s, "TU", "@BLA /1/NT1TU") == ["illegal/standing_at_sea"]
    assert problems(s, "TU", "@TU /6/BA1") == ["syntax/standing_slot"]
    # a missed turn: the standing orders, then the default builds
    s2, _ = play(s, {"TU": "@ BF100\n@TU /1/BA10 /2/AT5BLA"})
    s3, _ = play(s2, {})  # TU sends nothing
    assert s3.countries["TU"].standing == {1: "BA10", 2: "AT5BLA"}
    assert _units(s3, "TU")[0] == _units(s2, "TU")[0] + 10 - 5
    assert _units(s3, "TU")[2] == _units(s2, "TU")[2] + 20
    assert s3.seas["BLA"].forces[5].army == 10
    # reduced to the units available: 999 Army to BLA takes all there are
    s4, _ = play(s3, {"TU": "@TU /2/AT999BLA"})
    assert s4.countries["TU"].army == 0 + 10  # all left, then 10 built (standing BA10)


@pytest.mark.rule("BP 11")
def test_standing_orders_end_when_the_country_changes_hands() -> None:
    s = game(["AL", "NE", "SP", "BU", "TU"])
    s = edit(s, "BU", standing={1: "BA30"})
    s = edit(s, "BU", army=1)
    s = edit(s, "BU", air=0)
    s2, _ = play(s, {"TU": "@TU AC40BU"})
    assert s2.countries["BU"].owner == 5
    assert s2.countries["BU"].standing == {}


class Ties(Chance):
    """Rounding down, first picks, and 0 for the tie draw (the defender keeps no army)."""

    def _next(self, low: int, high: int, purpose: str) -> int:
        return high if purpose.startswith("round") else low


@pytest.mark.rule("BP 1B")
def test_a_betrayed_defender_fights_at_nine_tenths() -> None:
    def fight(ally: bool) -> tuple[int, int, int]:
        s = game(["AL", "NE", "SP", "BU", "TU"])
        s = edit(s, "BU", army=20)
        s = edit(s, "BU", air=0)
        s = edit(s, "TU", air=0)
        if ally:
            s = edit_player(
                s, 4, declared={**s.player(4).declared, 5: "A"}
            )  # BU had declared TU an ally
        s2, _ = play(s, {"TU": "@TU AC19BU"}, Ties())
        return s2.countries["BU"].owner, s2.countries["BU"].army, s2.countries["TU"].army

    # 19 against 20: the defender wins and loses 19²/20 = 18.05 -> 18
    assert fight(ally=False) == (4, 2, 50 - 19)
    # counted at 9/10: 18 against 19 attackers: BU falls; TU loses 18²/19 = 17.05 -> 17
    owner, army, _home = fight(ally=True)
    assert (owner, army) == (5, 19 - 17)
    # a player who did not declare the attacker an ally (neutral, enemy) has no handicap
    s = game(["AL", "NE", "SP", "BU", "TU"])
    s = edit_player(s, 4, declared={**s.player(4).declared, 5: "E"})
    s = edit(edit(s, "BU", army=20, air=0), "TU", air=0)
    s2, _ = play(s, {"TU": "@TU AC19BU"}, Down())
    assert s2.countries["BU"].owner == 4


def _warned(state, power: str, text: str) -> list[tuple[int, str, str]]:
    from umpire.core import submission
    from umpire.games.battleplan import RULESET

    parsed = submission.parse(RULESET, state, power, text)
    assert parsed.problems == [], parsed.problems
    return [(w.line, w.code, w.message) for w in RULESET.warnings(state, power, parsed.orders)]


@pytest.mark.rule("BP 11")
@pytest.mark.rule("BP 12D")
def test_a_standing_order_the_turn_cannot_use_is_warned_filed_and_used_later() -> None:
    """Issue 29 item 11: the turn uses a standing order with the player's own orders and the
    position alone, so one it cannot use alongside them is known when it is sent."""
    s = game()
    # 12C: an order of the same kind given this turn takes precedence (12D: ignored)
    ((line, code, message),) = _warned(s, "TU", "@TU BA10\n@TU /1/BA5")
    assert (line, code) == (2, "void/standing_unused")
    assert "filed for later turns, but not used this turn" in message and "BP 12D" in message
    s2, _ = play(s, {"TU": "@TU BA10\n@TU /1/BA5"})
    assert s2.countries["TU"].army == s.countries["TU"].army + 10  # the standing BA5 unused
    assert s2.countries["TU"].standing == {1: "BA5"}  # filed all the same
    # BP 11: all the Industry already used by the turn's orders: nothing is left for it
    ((_, code, message),) = _warned(s, "TU", "@TU BF30\n@TU /1/BA999")
    assert code == "void/standing_unused" and "nothing is left for it (BP 11)" in message
    # used the turn it is given when it fits: no warning
    assert _warned(s, "TU", "@TU BF10\n@TU /1/BA999") == []
    assert _warned(s, "TU", "@TU /1/BA999") == []


def test_the_receipt_says_the_standing_order_is_not_used_this_turn() -> None:
    from umpire.core import session

    record = session.create("battleplan", seed=1)
    power = record.powers[0]
    space = {"GB": "GB"}.get(power, power)
    receipt = session.submit(record, power, f"@{space} BA30\n@{space} /1/BA999")
    assert "accepted, but will be refused: filed for later turns" in receipt.text()


@pytest.mark.rule("BP 12D")
def test_a_standing_order_is_judged_after_the_kept_orders_without_judging_them_again() -> None:
    """Legality once (issue 33): the turn counts a player's kept orders (``counted``) and
    judges only the standing order after them (``check_next``), with the verdict that
    ``check_orders`` gives it at the end of the whole list, legal or not, for each reason."""
    from umpire.core.chance import SeededChance
    from umpire.core.submission import bot_text
    from umpire.games.battleplan import RULESET
    from umpire.games.battleplan.legality import check_next, check_orders, counted
    from umpire.games.battleplan.orders import Action, Build, Transfer

    s = game()
    number = s.number_of("TU")
    text = bot_text(RULESET, s, "TU", SeededChance(3, "bot", 1, "TU"))
    kept = orders_of(s, "TU", f"{text}\n@TU AT3GR")  # one submission, judged together
    army = s.countries["TU"].army
    candidates = [
        Build("TU", "A", 1),  # a second Army build (12C)
        Build("TU", "N", 99),  # more Industry than is left
        Transfer("TU", "A", 1, "BU"),  # into the country he attacks (12B)
        Transfer("TU", "A", army, "UK"),  # more Army than is left
        Transfer("TU", "A", 1, "UK"),  # legal
        Action("GR", "AC", 1, "BU"),  # not his country
    ]
    verdicts = []
    for order in candidates:
        whole = check_orders(s, RULESET.gm, number, [*kept, order])[-1]
        budget = counted(s, number, kept)
        assert check_next(s, RULESET.gm, number, order, budget) == whole, order
        verdicts.append(whole)
    assert None in verdicts and len({v[0] for v in verdicts if v}) >= 4
