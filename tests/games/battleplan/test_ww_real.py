"""Real Forces World Wide Battle Plan (WW real.*): the 1982 world and its positions, no attacks
on turn one, World Opinion, the end when everyone left is allied, winners and survivors."""

from __future__ import annotations

import itertools
import math
import re
import tomllib
from pathlib import Path

import pytest

from tests.games.battleplan.helpers import edit, edit_player
from umpire.core import submission
from umpire.core.chance import SeededChance
from umpire.core.events import Audience
from umpire.core.problems import OrderError
from umpire.games.battleplan.economy import research
from umpire.games.battleplan.game import RULESETS
from umpire.games.battleplan.model import MINOR, GameState, Sea, Stack, but
from umpire.games.battleplan.world.endingreal import all_allied, outcome, standing
from umpire.games.battleplan.world.real import (
    ESTIMATE,
    FIGURES,
    State1982,
    assign_positions,
    industry_of,
    industry_owned,
    position,
    positions,
    real_data,
    seat_class,
    starting_forces,
    threshold,
)

R = RULESETS["real"]
GM = R.gm
RULEBOOK = Path(__file__).parents[4] / "shared/rules/battle-plan.md"
RULINGS = Path(__file__).parents[3] / "docs/rulings/battleplan-world.md"
needs_rulebook = pytest.mark.skipif(not RULEBOOK.exists(), reason="shared rules not present")


def _new(powers: list[str]) -> GameState:
    state: GameState = R.new_game("real", powers, SeededChance(1), {})
    return state


def _codes(state: GameState, power: str, text: str) -> list[str]:
    return [p.code for p in submission.parse(R, state, power, text).problems]


def _ally_all(state: GameState, numbers: list[int]) -> GameState:
    for a in numbers:
        for b in numbers:
            if a != b:
                state = edit_player(state, a, declared={**state.player(a).declared, b: "A"})
    return state


# ----------------------------------------------------------------------- the 1982 world


def test_every_land_space_belongs_to_exactly_one_state_of_1982() -> None:
    held: dict[str, list[str]] = {}
    for st in real_data().states.values():
        assert not st.weights or len(st.weights) == len(st.spaces), st.code
        for c in st.spaces:
            held.setdefault(c, []).append(st.code)
    assert set(held) == set(GM.countries)
    assert {c: s for c, s in held.items() if len(s) > 1} == {}


def _figures(st: State1982) -> set[str]:
    """The figures a state has: the four of every state, the others where given."""
    raw = real_data().raw["country"][st.code]
    return {f for f in FIGURES if f in raw}


def test_every_figure_has_a_provenance_tag() -> None:
    """Ruling W-REAL7: every figure of every state carries a tag, a key of [sources], and no
    tag names a figure the state does not have."""
    sources = real_data().raw["sources"]
    for st in real_data().states.values():
        assert {"army", "ships", "aircraft", "gdp", "milper"} <= _figures(st), st.code
        assert set(st.sources) == _figures(st), st.code
        assert set(st.sources.values()) <= set(sources), st.code


def test_every_sourced_tag_names_its_source_and_every_estimate_says_why() -> None:
    """W-REAL7: a tag other than the estimate is a source with a title and a public address;
    the estimate tag gives its reasoning. A sourced figure is never the old recalled M / C."""
    sources = real_data().raw["sources"]
    assert ESTIMATE in sources and "M" not in sources and "C" not in sources
    for tag, source in sources.items():
        if tag == ESTIMATE:
            assert source["title"].startswith("estimate") and len(source["reason"]) > 100
        else:
            assert source["title"] and "1982" in source["title"], tag
            assert re.match(r"https?://\S+$", source["address"]), tag
            assert "http" in source["read"], tag


def test_army_is_never_above_the_states_total_armed_forces() -> None:
    """W-REAL7: the ground forces (ours, E) are bounded by the total armed forces of source N."""
    for st in real_data().states.values():
        assert st.sources["milper"] == "N", st.code
        assert st.army <= st.milper, st.code


def test_corrections_keep_the_former_value_and_the_figure_follows_its_source() -> None:
    """W-REAL7: a corrected figure keeps its former value in `was`; a GDP from source W is the
    1982 value to three significant figures, so the file and its source stay comparable."""
    raw = real_data().raw["country"]
    for st in real_data().states.values():
        for figure, former in raw[st.code].get("was", {}).items():
            assert figure in _figures(st) and former != raw[st.code][figure], st.code
        if st.sources["gdp"] != ESTIMATE:
            assert float(f"{st.gdp:.3g}") == st.gdp, st.code
    assert real_data().states["CHN"].gdp == 205  # World Bank 1982: 205.09 ($bn)


def provenance_counts() -> dict[str, int]:
    """Figures per tag, all figures, and corrected figures (the counts W-REAL7 lists)."""
    counts: dict[str, int] = {}
    for st in real_data().states.values():
        for tag in st.sources.values():
            counts[tag] = counts.get(tag, 0) + 1
    counts["figures"] = sum(len(st.sources) for st in real_data().states.values())
    counts["corrected"] = sum(len(s.get("was", {})) for s in real_data().raw["country"].values())
    return counts


def test_the_rulings_list_the_counts_per_tag() -> None:
    """W-REAL7: the rulings state how many figures carry each tag (and how many were
    corrected), and the numbers are the data file's."""
    text = RULINGS.read_text()
    (line,) = [x for x in text.splitlines() if "Counts:" in x]
    listed = {k: int(v) for k, v in re.findall(r"\b([A-Za-z]+) (\d+)\b", line.split("Counts:")[1])}
    assert listed == provenance_counts()


@needs_rulebook
def test_the_positions_are_the_price_list_in_its_order() -> None:
    text = RULEBOOK.read_text()
    block = text.split("Country / Price", 1)[1].split("Or any two", 1)[0]
    listed = [
        (m[1].strip(), float(m[2]))
        for line in block.splitlines()
        if (m := re.match(r"^(.+?)\s+(\d+\.\d\d)\s*$", line.strip()))
    ]
    assert [(p.name, p.price) for p in positions()] == listed
    assert len(listed) == 79


def test_multiple_country_positions_play_all_their_states_from_the_start() -> None:
    iqk = position("IQK")
    # Kuwait is no space of the real map: Iraq's (ruling W-MAPCODES)
    assert iqk.states == ("IRQ", "KUW") and iqk.spaces == ("MIQ",)
    state = _new(["USA", "IQK", "CUZ"])
    assert sorted(state.occupied_by(2)) == ["MIQ"]
    assert sorted(state.occupied_by(3)) == ["AZR", "NCU"]  # Cuba & Zaire, one position
    assert all(state.countries[c].hpi == 100 for c in ("MIQ", "AZR", "NCU"))
    assert len(state.occupied_by(1)) == 15  # the USA's spaces


def test_starting_forces_are_the_1982_figures_scaled() -> None:
    """Ruling W-REAL2: Army = thousands of troops / 5 (rounded up, at least 1 a space), Navy =
    ships / 2, AirForce = aircraft / 20, Industry = 10 x sqrt(GDP), TaxBase 3 x Industry."""
    state = _new(["USA", "RUS", "SWI"])
    usa = [state.countries[c] for c in position("USA").spaces]
    assert sum(c.army for c in usa) == math.ceil(970 / 5)
    assert sum(c.navy for c in usa) == 320 // 2
    assert sum(c.air for c in usa) == 5400 // 20
    assert sum(c.industry for c in usa) == industry_of(3340) == 578  # World Bank 1982 GDP
    assert all(c.taxbase == 3 * c.industry and c.limit >= 2 * c.industry for c in usa)
    capital = state.countries["NVA"]
    assert capital.missiles == 16 and capital.army > state.countries["NAK"].army
    assert state.countries["RRU"].anti == 1  # Moscow's ABM
    swi = state.countries["ESZ"]
    assert swi.navy == 0 and swi.army == 4  # landlocked: no Navy
    # non-player countries STILL start with real world forces
    cuba = state.countries["NCU"]
    assert cuba.owner == MINOR and cuba.army == 20 and cuba.air == 10
    # a state with no space of its own joins its partner's capital (ruling W-REAL1)
    forces = starting_forces(GM)
    assert forces["MOM"]["army"] == math.ceil(15 / 5) + math.ceil(43 / 5)


def test_multipliers_research_odds_and_starting_dollars_differ_by_position() -> None:
    state = _new(["USA", "FIN", "SAU"])
    usa, fin, sau = state.players
    assert usa.multipliers["M"] == 50 and fin.multipliers["M"] == 0
    assert fin.research_odds["M"] == 0 and usa.research_odds["M"] == 150
    # starting cash is not the income: Saudi Arabia starts with three turns of TaxBase
    sau_tax = sum(state.countries[c].taxbase for c in position("SAU").spaces)
    fin_tax = state.countries["EFI"].taxbase
    assert sau.cents == 3 * sau_tax * 100 and fin.cents == fin_tax * 100


def test_some_positions_can_never_build_missiles() -> None:
    """ "Some players will NEVER be able to build missiles, no matter how much they spend"."""
    state = _new(["USA", "FIN"])
    usa, fin = state.players
    for _ in range(10):
        researched = [but(p, research={"M": 10_000}) for p in (usa, fin)]
        gained = research(researched, SeededChance(3))
        usa, fin = (but(p, multipliers=gained.get(p.number, p.multipliers)) for p in (usa, fin))
    assert fin.multipliers["M"] == 0
    assert usa.multipliers["M"] > 50 + 10 * 100  # easier: 150% of sqrt(12500) ~ 112 a turn


def test_the_odds_of_research_are_not_shown_even_to_the_player() -> None:
    state = _new(["USA", "FIN"])
    assert "research_odds" not in str(R.view(state, "USA"))
    assert "150" not in R.printout(state, [], "USA").split("Multipliers", 1)[1].split("\n")[0]


def test_positions_are_chosen_from_lists_and_maximum_fees() -> None:
    seats = assign_positions(
        [["USA", "Japan"], ["usa", "russia"], ["China", "Israel"], []],
        [9.0, 9.0, 6.0, 4.0],
        taken=(),
    )
    assert [(s.position, s.fee) for s in seats] == [
        ("USA", 9.0),
        ("RUS", 9.0),
        ("ISR", 6.0),  # China costs 7.50: over his maximum fee
        ("YUG", 4.0),  # no preference: the first unchosen he can afford, 50 cents off
    ]
    with pytest.raises(OrderError) as err:
        assign_positions([["Atlantis"]], [9.0])
    assert err.value.code == "setup/unknown_position"
    with pytest.raises(OrderError) as err:
        assign_positions([["USA"], ["USA"]], [9.0, 9.0])
    assert err.value.code == "setup/no_position"


# ------------------------------------------------------------------------------ turn one


@pytest.mark.rule("WW real.turn1")
def test_no_attacks_on_turn_one_but_enemies_may_be_declared() -> None:
    state = _new(["USA", "MEX"])
    attack = "@NTX AC10NCH"
    assert GM.spaces["NCH"].adjacent & {"NTX"}
    assert _codes(state, "USA", "@ 2E\n" + attack) == ["illegal/no_attacks_turn_one"]
    assert _codes(state, "USA", "@NTX FA5NCH") == ["illegal/no_attacks_turn_one"]
    assert _codes(state, "USA", "@NTX AT5NDA") == []  # "shuffling your forces around"
    state = but(state, turn=2)
    assert _codes(state, "USA", "@ 2E\n" + attack) == []


@pytest.mark.rule("WW real.turn1")
def test_declared_enemies_fight_at_sea_on_turn_one() -> None:
    """ "However, you CAN put someone on your ENEMY list and thus there can be combat at sea."""
    state = _new(["USA", "RUS"])
    state = but(
        state, seas={**state.seas, "WNP": Sea("WNP", {1: Stack(navy=30), 2: Stack(navy=30)})}
    )
    orders = {"USA": [o for _, o in submission.parse(R, state, "USA", "@ 2E").orders]}
    res = R.resolve(state, orders, SeededChance(4))
    after = res.state.seas["WNP"].forces
    assert sum(s.navy for s in after.values()) < 60


# ---------------------------------------------------------------------- World Opinion


@pytest.mark.rule("WW opinion")
def test_world_opinion_is_played_in_real_forces() -> None:
    state = _new(["USA", "RUS", "CHN"])
    assert _codes(state, "USA", "2B3 3G3") == []
    orders = {"USA": [o for _, o in submission.parse(R, state, "USA", "2B3").orders]}
    res = R.resolve(state, orders, SeededChance(2))
    news = [e.text for e in res.events if e.kind == "world_opinion"]
    assert news == [
        "World opinion: [2] RUS is on 0 good-guy and 1 bad-guy lists: HPI -3 in each of his "
        "countries."
    ]
    assert all(res.state.countries[c].hpi <= 97 for c in res.state.occupied_by(2))
    # the totals are in the world news (the newspaper every player gets), not who listed him
    paper = R.newspaper(res.state, [e for e in res.events if e.audience == Audience.public()])
    assert paper is not None and news[0] in paper and "USA" not in paper.split("opinion")[-1]


# ------------------------------------------------------------------------------- the end


@pytest.mark.rule("WW real.end")
def test_the_game_ends_when_everyone_left_has_declared_everyone_else_an_ally() -> None:
    state = _new(["USA", "RUS", "CHN"])
    assert outcome(state) is None
    state = _ally_all(state, [1, 2, 3])
    # China has not listed the USA
    state = edit_player(state, 3, declared={2: state.player(3).declared[2]})
    assert not all_allied(state) and outcome(state) is None
    state = edit_player(state, 3, declared={**state.player(3).declared, 1: "E"})
    assert outcome(state) is None
    state = edit_player(state, 3, declared={**state.player(3).declared, 1: "A"})
    assert all_allied(state) and outcome(state) is not None


@pytest.mark.rule("WW real.end")
def test_players_out_of_the_game_need_not_be_allied() -> None:
    state = _new(["USA", "RUS", "CHN"])
    state = _ally_all(state, [1, 2])
    assert outcome(state) is None  # China is still in the game
    for c in state.occupied_by(3):  # China loses every country and has no forces left
        state = edit(state, c, owner=1)
    assert outcome(state) is not None


@pytest.mark.rule("WW real.winners")
def test_winners_and_survivors_by_the_industry_of_each_class() -> None:
    state = _new(["USA", "ISR", "SWE", "KOR", "CHN"])
    state = _ally_all(state, [1, 2, 3, 4, 5])
    # Sweden (medium: 400) gets exactly 400 counted industry in ESW; South Korea (small: 100)
    # one less than 100; the USA (super: 2200) 2200 with suppressed industry counting
    state = edit(state, "ESW", industry=400, limit=500)
    state = edit(state, "CKO", industry=99, limit=200)
    usa = position("USA").spaces
    for code in usa:
        state = edit(state, code, industry=0, limit=1000)
    state = edit(state, usa[0], industry=2200, limit=2500, industry_suppressed=2000)
    # Israel (major: 1500) has 1600 industry but a limit of 1000: the excess does not count
    state = edit(state, "MIS", industry=1600, limit=1000)
    assert industry_owned(state, 1) == 2200 and industry_owned(state, 2) == 1000
    # China occupies nothing but controls a minor: he owns a country, a survivor
    for c in state.occupied_by(5):
        state = edit(state, c, owner=1)
    state = edit(state, "CMO", popularity={5: 10})
    ranks = standing(state)
    assert ranks == {1: "winner", 2: "survivor", 3: "winner", 4: "survivor", 5: "survivor"}
    out = outcome(state)
    assert out is not None and out.winners == ("USA", "SWE")
    assert out.scores == {"USA": 3.0, "ISR": 1.0, "SWE": 3.0, "KOR": 1.0, "CHN": 1.0}


@pytest.mark.rule("WW real.winners")
def test_a_player_without_a_country_is_neither_winner_nor_survivor() -> None:
    state = _new(["USA", "RUS", "CUZ"])
    state = _ally_all(state, [1, 2, 3])
    for c in state.occupied_by(3):
        state = edit(state, c, owner=2)
    state = but(
        state, seas={**state.seas, "WCR": Sea("WCR", {3: Stack(navy=5)})}
    )  # forces at sea, no country
    out = outcome(state)
    assert out is not None and 3 not in standing(state)
    assert out.scores["CUZ"] == 0.0


def test_the_classes_and_thresholds_are_the_rulebooks() -> None:
    klass = {p.code: p.klass for p in positions()}
    assert [c for c, k in klass.items() if k == "super"] == ["USA", "RUS"]
    assert [c for c, k in klass.items() if k == "major"] == ["CHN", "GER", "GBR", "FRA", "ISR"]
    for p in positions():
        if p.klass == "medium":
            assert 4.0 <= p.price <= 5.0
        if p.klass == "small":
            assert p.price < 4.0
    with (Path(__file__).parents[3] / "src/umpire/games/battleplan/data/world_real.toml").open(
        "rb"
    ) as fh:
        raw = tomllib.load(fh)
    assert raw["thresholds"] == {"super": 2200, "major": 1500, "medium": 400, "small": 100}


def test_a_bot_game_of_real_forces_plays_to_its_end() -> None:
    from umpire.core import session

    record = session.create("battleplan", scenario="real", seed=3, settings={"max_turns": 40})
    while record.outcome is None:
        assert len(record.turns) < 40
        for power in session.pending(record).powers:
            assert session.bot_submit(record, power).ok
        session.process(record)
    final = R.load_state(record.latest_state)
    assert all_allied(final)  # it ended by the peace, not the turn limit
    assert "everyone left is allied" in record.outcome.summary


def test_the_gms_deals_seat_two_or_three_countries_as_one_position() -> None:
    """ "Or any two $3.50 countries of our choice for $5.00; or any three $2.50 or $2.00
    countries of our choice for $3.50" (the GM's choice: the ``deals`` setting)."""
    deals = {"CAN": ["KOR"], "PHL": ["ARG", "IRL"]}
    state: GameState = R.new_game("real", ["USA", "CAN", "PHL"], SeededChance(1), {"deals": deals})
    assert set(state.occupied_by(2)) == set(position("CAN").spaces) | {"CKO"}
    assert set(state.occupied_by(3)) == {"PLU", "PMI", "SNA", "SSC", "EIR"}
    assert state.countries["CKO"].hpi == 100
    assert state.extra["fees"] == {"USA": 9.0, "CAN": 5.0, "PHL": 3.5}
    tax = sum(state.countries[c].taxbase for c in state.occupied_by(2))
    assert state.player(2).cents == tax * 100
    for bad in (
        {"CAN": ["USA"]},  # seated already
        {"CAN": ["ARG"]},  # not two $3.50 countries
        {"PHL": ["ARG", "CAN"]},  # not three of $2.50 or less
        {"CAN": ["Atlantis"]},
    ):
        with pytest.raises(ValueError, match="deals"):
            R.new_game("real", ["USA", "CAN", "PHL"], SeededChance(1), {"deals": bad})


def _research_turns(powers: list[str], orders: dict[str, str], turns: int) -> list[GameState]:
    """``turns`` turns through the game's own pipeline (its copy of the state each turn), the
    same research ordered every turn; the state after each."""
    state = _new(powers)
    out = []
    for turn in range(1, turns + 1):
        parsed = {
            p: [o for _, o in submission.parse(R, state, p, text).orders]
            for p, text in orders.items()
        }
        assert all(not submission.parse(R, state, p, text).problems for p, text in orders.items())
        state = R.resolve(state, parsed, SeededChance(turn)).state
        state = R.load_state(R.dump_state(state))  # and through the record's JSON
        out.append(state)
    return out


@pytest.mark.rule("BP 5B")
def test_research_odds_last_the_whole_game() -> None:
    """ "Some players will NEVER be able to build missiles, no matter how much they spend on
    research. Some players will have EASIER research in some things": the odds are the
    position's for every turn of the game, not the first only (issue 26)."""
    # Yugoslavia and Finland (missile odds 0) research missiles, Israel (AirForce odds 150)
    # and Switzerland (AirForce 100) research AirForce, every turn for four turns
    orders = {"YUG": "RM30", "FIN": "RM30", "ISR": "RF20", "SWI": "RF20"}
    states = _research_turns(["YUG", "FIN", "ISR", "SWI"], orders, 4)
    for state in states:
        yug, fin, isr, swi = state.players
        assert yug.multipliers["M"] == 0 and fin.multipliers["M"] == 0  # never
        assert yug.research_odds == {"M": 0} and isr.research_odds == {"F": 150, "M": 125}
        assert swi.research_odds == {"M": 50}  # AirForce at the usual odds
    isr_air = [100, *(s.player(3).multipliers["F"] for s in states)]
    swi_air = [100, *(s.player(4).multipliers["F"] for s in states)]
    isr_f = [b - a for a, b in itertools.pairwise(isr_air)]
    swi_f = [b - a for a, b in itertools.pairwise(swi_air)]
    assert swi_f == [5, 5, 5, 5]  # sqrt(1.25 x 20) = 5 a turn (ruling R-E1)
    assert all(g in (7, 8) for g in isr_f)  # 150% of 5, rounded at random: easier every turn


@pytest.mark.rule("WW real.winners")
def test_a_deal_is_classed_by_the_price_the_list_gives_it() -> None:
    """ "Medium Country (countries or combinations that are listed as $4 or $5 per turn in the
    original price list) ... 400"; "any two $3.50 countries of our choice for $5.00" is such a
    combination, "any three $2.50 or $2.00 countries ... for $3.50" a Small one (issue 26;
    ruling W-REAL3)."""
    deals = {"CAN": ["KOR"], "PHL": ["ARG", "IRL"]}
    state: GameState = R.new_game("real", ["USA", "CAN", "PHL"], SeededChance(1), {"deals": deals})
    assert [seat_class(state, n) for n in (1, 2, 3)] == ["super", "medium", "small"]
    assert threshold(state, 2) == 400 and threshold(state, 3) == 100
    text = R.printout(state, [], "CAN")
    assert "Medium 400 (you)" in text and "You need 400;" in text
    assert "Small 100 (you)" in R.printout(state, [], "PHL")
    # Canada & Korea with 100 to 399 industry are survivors, not winners
    state = _ally_all(state, [1, 2, 3])
    owned = industry_owned(state, 2)
    assert 100 <= owned < 400
    assert standing(state)[2] == "survivor"
    # alone, Canada is a $3.50 line: Small, 100
    alone: GameState = R.new_game("real", ["USA", "CAN"], SeededChance(1), {})
    assert seat_class(alone, 2) == "small" and threshold(alone, 2) == 100


@pytest.mark.rule("WW opinion")
@pytest.mark.rule("BP 3A")
def test_world_opinion_comes_before_the_revolutions_of_the_same_turn() -> None:
    """ "If the HPI ever drops to zero, there is a revolution": three players put Russia at
    the top of their bad-guy lists (-9 a turn) and the Baltic States' HPI of 5 falls below
    zero; the revolution comes at step 8 of that turn, so no printout shows an occupied
    country with an HPI of zero or less and Russia gives no orders there next turn (issue 26;
    ruling W-OP1)."""
    state = _new(["USA", "RUS", "CHN", "GER"])
    state = edit(state, "RBA", hpi=5)
    orders = {
        p: [o for _, o in submission.parse(R, state, p, "2B3").orders]
        for p in ("USA", "CHN", "GER")
    }
    res = R.resolve(state, orders, SeededChance(1))
    after = res.state
    assert after.countries["RBA"].owner == MINOR and after.countries["RBA"].controller() == MINOR
    assert after.countries["RRU"].hpi == 100 - 9  # the others stand
    assert all(c.hpi > 0 for c in after.countries.values() if c.owner != MINOR)
    kinds = [e.kind for e in res.events]
    assert kinds.index("world_opinion") < kinds.index("revolution")
    assert "Revolution in RBA" in R.printout(after, res.events, "RUS")
    assert _codes(after, "RUS", "@RBA BA1")  # no longer his to order
