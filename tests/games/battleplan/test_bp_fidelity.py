"""Issue 12: what an independent reading of the rulebook found wrong in Battle Plan, each
against the text of the rule it breaks."""

from __future__ import annotations

import pytest

from tests.games.battleplan.helpers import Down, at_sea, edit, game, play, problems
from umpire.core import submission
from umpire.core.events import visible_to
from umpire.games.battleplan import RULESET
from umpire.games.battleplan.model import GameState, but

ITALY_FIRST = ["IT", "TU", "GE", "FR", "SP"]  # [1] Italy, [2] Turkey ...


def printout(state: GameState, power: str, events: list | None = None) -> str:
    seen = visible_to(events or [], power)
    return RULESET.printout(state, seen, power)


@pytest.mark.rule("BP 11")
@pytest.mark.rule("BP 2B")
def test_standing_orders_end_when_their_giver_loses_control_of_the_minor() -> None:
    s = game(ITALY_FIRST)
    s = edit(s, "GR", popularity={2: 40})  # Turkey controls Greece
    s2, _ = play(s, {"TU": "@GR /1/AB5AL", "IT": "@ P100GR"})
    # Italy's propaganda (100) now beats Turkey's faded 40: Italy controls Greece, and the
    # Turkish standing order is Turkey's: it ends, it does not run for Italy (11: "until
    # another player takes over control of the country")
    assert s2.countries["GR"].controller() == 1
    assert s2.countries["GR"].standing == {}
    assert "+" not in printout(s2, "IT").split("Player   Occupied")[0].split("HPI", 1)[1]
    _s3, events = play(s2, {})
    assert not [e for e in events if e.kind == "land_combat" and e.data["space"] == "AL"]


@pytest.mark.rule("BP 11")
def test_standing_orders_survive_while_their_giver_keeps_control() -> None:
    s = game(ITALY_FIRST)
    s = edit(s, "GR", popularity={2: 40})
    s2, _ = play(s, {"TU": "@GR /1/AB5AL"})
    assert s2.countries["GR"].standing == {1: "AB5AL"}


@pytest.mark.rule("BP 11")
@pytest.mark.rule("BP 14")
def test_standing_orders_are_listed_every_turn() -> None:
    s = game()
    s2, _ = play(s, {"TU": "@TU /1/BA999 /3/NT2BLA"})
    s3, _ = play(s2, {})
    for state in (s2, s3):
        text = printout(state, "TU")
        assert "Standing orders:" in text
        assert "@TU /1/BA999 /3/NT2BLA" in text


def _out_of_the_game() -> GameState:
    """[1] Albania has lost his only country and has no forces anywhere."""
    s = game()
    s = edit(s, "AL", owner=2)
    return s


@pytest.mark.rule("BP 1A")
def test_a_player_with_no_country_and_no_forces_may_give_no_orders() -> None:
    s = _out_of_the_game()
    assert "AL" not in RULESET.pending(s).powers
    assert problems(s, "AL", "@ P50TU") == ["illegal/out_of_game"]
    assert problems(s, "AL", "@ MSG 5: hello") == ["illegal/out_of_game"]
    # the turn does not wait for him, and his printout says why
    res = RULESET.resolve(s, {}, Down())
    text = printout(res.state, "AL", res.events)
    assert (
        "Due:" not in text and "No orders due: you occupy no country and control no forces" in text
    )


@pytest.mark.rule("BP 1A")
def test_a_player_with_forces_but_no_country_plays_on_while_two_others_occupy() -> None:
    s = _out_of_the_game()
    s = at_sea(s, "EAS", 1, navy=5)
    assert "AL" in RULESET.pending(s).powers
    assert problems(s, "AL", "@ MSG 5: hello") == []


@pytest.mark.rule("BP 1A")
def test_no_turn_limit_unless_the_game_master_sets_one() -> None:
    s = RULESET.new_game("europe", ["AL", "NE", "SP", "SW", "TU"], Down(), {})
    s = but(s, turn=500)
    assert RULESET.outcome(s) is None
    limited = RULESET.new_game("europe", ["AL", "NE", "SP"], Down(), {"max_turns": "25"})
    limited = but(limited, turn=26)
    outcome = RULESET.outcome(limited)
    assert outcome is not None and "turn limit" in outcome.summary


@pytest.mark.rule("BP 4E.5")
@pytest.mark.rule("BP 13B")
def test_airforce_fleeing_a_captured_country_goes_to_the_nearest_owned_space() -> None:
    s = game(["GE", "FR", "SP", "IT", "TU"])  # Turkey is [5]
    for code in ("AL", "GR"):  # AL is two spaces from TU (air range), GR adjacent
        s = edit(s, code, owner=5)
        s = edit(s, code, hpi=100)
    s = edit(s, "BU", owner=1)
    s = edit(s, "BU", army=400)
    air_gr, air_al = s.countries["GR"].air, s.countries["AL"].air
    s2, _ = play(s, {"GE": "@BU AC300TU"})
    assert s2.countries["TU"].owner == 1
    assert s2.countries["GR"].air == air_gr + 30  # adjacent: nearest
    assert s2.countries["AL"].air == air_al


@pytest.mark.rule("BP 10")
def test_players_start_with_the_default_build_ba1() -> None:
    s = game(ba1=True)
    assert s.player(5).defaults == {"A": 1}
    army = s.countries["TU"].army
    s2, _ = play(s, {})  # a missed first turn builds Army, not Dollars
    assert s2.countries["TU"].army == army + 30
    assert "Defaults=(BA1)" in printout(s, "TU")


@pytest.mark.rule("BP 14")
@pytest.mark.rule("BP 5F.1")
def test_taxbase_shows_what_the_country_produced_this_turn() -> None:
    s = game(["DE", "GE", "SP", "IT", "TU"])  # Denmark [1] next to Germany [2] and NTH
    s2, events = play(s, {"DE": "@ 2E"})
    de = s2.countries["DE"]
    assert de.taxbase_suppressed == 25  # a quarter suppressed for the next turn (5F.1)
    text = printout(s2, "DE", events)
    assert "DE [1]DE TaxBase=100 " in text  # produced 100 this turn, nothing suppressed
    income = [e for e in visible_to(events, "DE") if e.kind == "income"]
    assert income[0].data["cents"] == 100_00
    s3, events3 = play(s2, {})
    assert "TaxBase=" in printout(s3, "DE", events3)
    assert next(e for e in visible_to(events3, "DE") if e.kind == "income").data["cents"] < 100_00
    line = [ln for ln in printout(s3, "DE", events3).splitlines() if ln.startswith("DE [1]")]
    produced = s3.countries["DE"].taxbase - 25 + 7  # 25 suppressed, a quarter (7) recovered
    assert f"TaxBase={produced}<{100 - produced}>" in line[0]


@pytest.mark.rule("BP 14")
@pytest.mark.rule("BP 1A")
def test_the_last_printout_says_the_game_is_over_and_who_won() -> None:
    s = game()
    for code, c in list(s.countries.items()):
        if c.owner not in (0, 5):
            s = edit(s, code, owner=5)  # Turkey occupies every player country: he has won
    assert RULESET.outcome(s) is not None
    text = printout(s, "TU")
    assert "Due" not in text
    assert "The game is over" in text and "[5]" in text.split("The game is over")[1]


@pytest.mark.rule("BP 8")
def test_after_an_unknown_space_header_each_line_reports_its_own_problem() -> None:
    s = game()
    parsed = submission.parse(RULESET, s, "TU", "@XX\nAC20UK\nMSG 2: hello\nQQQ\n")
    by_line = {p.line: p.code for p in parsed.problems}
    assert by_line == {
        1: "order/unknown_space",
        2: "order/unknown_space",
        4: "syntax/unknown_order",
    }
    assert [line for line, _ in parsed.orders] == [3]
    # each names what it refuses: the header, then the order read under it (not twice "@XX")
    assert [p.message for p in parsed.problems[:2]] == [
        "'@XX': there is no space 'XX'",
        "'AC20UK': there is no space 'XX'",
    ]


@pytest.mark.rule("BP 8")
def test_an_order_after_an_unknown_header_quotes_itself_not_the_header_again() -> None:
    """Played by mail: ``@ZZ AC99QQ`` gave the same problem twice ("'@ZZ': there is no
    space 'ZZ'"), as if one fault were reported twice; the order's own problem quotes the
    order (ruling R-N4: each reports its own problem)."""
    parsed = submission.parse(RULESET, game(), "TU", "@ZZ AC99UK")
    assert [p.message for p in parsed.problems] == [
        "'@ZZ': there is no space 'ZZ'",
        "'AC99UK': there is no space 'ZZ'",
    ]


def test_a_huge_token_is_clipped_in_the_receipt() -> None:
    s = game()
    parsed = submission.parse(RULESET, s, "TU", "@TU " + "Q" * 50_000)
    [p] = parsed.problems
    assert p.code == "syntax/unknown_order"
    assert len(p.text) <= 80 and len(p.message) <= 300


@pytest.mark.rule("BP 1A")
def test_the_umpires_report_says_the_game_is_over_too() -> None:
    s = game()
    for code, c in list(s.countries.items()):
        if c.owner not in (0, 5):
            s = edit(s, code, owner=5)
    assert RULESET.printout(s, [], None).startswith("The game is over:")
    assert RULESET.view(s, "TU")["over"]["winners"] == [5]
    assert RULESET.view(game(), "TU")["max_turns"] is None  # no turn limit by default


@pytest.mark.rule("BP 12E")
@pytest.mark.rule("BP 14")
def test_industry_past_the_limit_is_shown_suppressed() -> None:
    # the same kind of mistake as the TaxBase: 14 shows "the current unsuppressed Industry,
    # with the suppressed Industry ... in angle-brackets", and 12E says industry past the
    # limit "is automatically suppressed"
    s = game()
    s = edit(s, "TU", industry=60)  # limit 50
    s = edit(s, "TU", industry_suppressed=5)
    line = next(ln for ln in printout(s, "TU").splitlines() if ln.startswith("TU [5]"))
    assert "Industry=45<15>" in line
    assert RULESET.view(s, "TU")["countries"]["TU"]["industry"] == s.countries["TU"].usable_industry
