"""Equal Forces and Anonymous World Wide Battle Plan (WW equal, WW anonymous)."""

from __future__ import annotations

import pytest

from tests.games.battleplan.helpers import Down, edit
from umpire.core import registry, submission
from umpire.core.chance import SeededChance
from umpire.core.events import visible_to
from umpire.core.problems import OrderError
from umpire.games.battleplan import GAME
from umpire.games.battleplan.game import RULESETS, BattlePlan
from umpire.games.battleplan.legality import reach
from umpire.games.battleplan.messages import message_orders
from umpire.games.battleplan.model import MINOR, GameState, Sea, but
from umpire.games.battleplan.orders import Signal
from umpire.games.battleplan.setup import EUROPE_START
from umpire.games.battleplan.world.equal import assign_spaces
from umpire.games.battleplan.world.geography import world_map

EQUAL = RULESETS["equal"]
ANON = RULESETS["anonymous"]
WW = world_map(icepack=True)
SEATS = ["EFR", "ESZ", "EIC", "RRU"]  # a coastal, a landlocked, an island and an inland space


def _new(ruleset: BattlePlan, powers: list[str] | None = None) -> GameState:
    return ruleset.new_game("", powers or SEATS, SeededChance(1), {})


def _codes(ruleset: BattlePlan, state: GameState, power: str, text: str) -> list[str]:
    return [p.code for p in submission.parse(ruleset, state, power, text).problems]


@pytest.mark.rule("WW equal")
def test_equal_forces_is_a_world_scenario_of_battleplan() -> None:
    info = GAME.info.scenario("equal")
    assert registry.get("battleplan", "equal") is EQUAL
    assert len(info.powers) == 223 and info.max_players == 31
    assert EQUAL.gm is WW  # the icepack air range of Equal Forces


@pytest.mark.rule("WW equal")
def test_every_player_starts_with_the_same_forces_in_one_space() -> None:
    state = _new(EQUAL)
    army, navy, air = EUROPE_START.player
    for p in state.players:
        owned = [c for c in state.countries.values() if c.owner == p.number]
        assert [c.code for c in owned] == [p.power]  # "You will start with only one space"
        c = owned[0]
        if WW.spaces[c.code].has_coast:
            assert (c.army, c.navy, c.air) == (army, navy, air)
        else:  # 15C.1: no coast, no Navy and more AirForce
            assert (c.army, c.navy, c.air) == (army, 0, EUROPE_START.player_landlocked_air)
    minors = [c for c in state.countries.values() if c.owner == MINOR]
    assert len(minors) == 223 - len(SEATS)


@pytest.mark.rule("WW equal")
def test_preferences_first_free_choice_and_no_island_unless_asked() -> None:
    assert assign_spaces([["EGB", "EFR"], ["EGB"], ["EIC"]], WW) == ["EGB", "EFR", "EIC"]
    # a list used up: the GM's choice, never an island
    chosen = assign_spaces([["EFR"], ["EFR"], []], WW)
    assert chosen[:2] == ["EFR", "EWG"] and not WW.spaces[chosen[2]].island
    many = assign_spaces([[] for _ in range(31)], WW)
    assert len(set(many)) == 31 and not any(WW.spaces[c].island for c in many)
    with pytest.raises(OrderError) as err:
        assign_spaces([["XYZ"]], WW)
    assert err.value.code == "order/unknown_space"


@pytest.mark.rule("WW equal")
def test_equal_forces_ends_when_one_player_is_left_occupying_a_country() -> None:
    state = _new(EQUAL)
    assert EQUAL.outcome(state) is None
    for code in ("ESZ", "EIC", "RRU"):
        state = edit(state, code, owner=MINOR)
    state = but(state, seas={**state.seas, "WNS": Sea("WNS")})
    out = EQUAL.outcome(state)
    assert out is not None and out.winners == ("EFR",)


@pytest.mark.rule("WW icepack")
def test_airforce_crosses_the_icepack_in_equal_forces() -> None:
    state = _new(EQUAL, ["NAK", "RWS"])
    assert reach(state, WW, 1, "F", "NAK", "RWS")
    assert not reach(state, WW, 1, "A", "NAK", "RWS")
    assert not reach(state, world_map(icepack=False), 1, "F", "NAK", "RWS")


@pytest.mark.rule("WW anonymous")
def test_anonymous_refuses_free_messages_with_a_clear_code() -> None:
    state = _new(ANON)
    assert _codes(ANON, state, "EFR", "MSG 2: Let us be friends") == ["illegal/no_free_messages"]
    assert _codes(ANON, state, "EFR", "MSG 2 ANON: boo") == ["illegal/no_free_messages"]
    assert _codes(EQUAL, _new(EQUAL), "EFR", "MSG 2: Let us be friends") == []
    assert _codes(ANON, state, "EFR", "2M1 0M20,3 3M13,EGI") == []


@pytest.mark.rule("WW anonymous")
def test_the_service_can_read_that_press_is_not_allowed() -> None:
    # the server refuses free press by every entrance for a scenario with press_allowed False
    assert GAME.info.scenario("anonymous").press_allowed is False
    assert GAME.info.scenario("equal").press_allowed is True
    assert GAME.info.scenario("europe").press_allowed is True


@pytest.mark.rule("WW anonymous")
def test_message_orders_keep_the_numbers_and_the_rest_is_unknown() -> None:
    known = message_orders()
    assert sorted(known) == list(range(1, 24))
    assert known[23].known == "partial" and all(known[n].known == "yes" for n in range(1, 23))
    # the fill-ins of the list: [##] in 5 and 20, @@@ in 9, 13, 17, 18, 19
    assert [n for n, m in known.items() if m.subject == "player"] == [5, 20]
    assert [n for n, m in known.items() if m.subject == "space"] == [9, 13, 17, 18, 19]
    state = _new(ANON)
    assert _codes(ANON, state, "EFR", "2M24") == ["illegal/unknown_message_order"]
    assert _codes(ANON, state, "EFR", "2M9") == ["illegal/message_subject"]
    assert _codes(ANON, state, "EFR", "2M5,EGI") == ["illegal/message_subject"]
    assert _codes(ANON, state, "EFR", "2M1,EGI") == ["illegal/message_subject"]
    assert _codes(ANON, state, "EFR", "2M5,9") == ["illegal/message_subject"]  # no player 9
    assert _codes(ANON, state, "EFR", "9M1") == ["order/unknown_player"]
    assert _codes(ANON, state, "EFR", "1M1") == ["illegal/self"]


@pytest.mark.rule("WW anonymous")
def test_message_orders_round_trip_and_reach_their_addressees() -> None:
    state = _new(ANON)
    parsed = submission.parse(ANON, state, "EFR", "0m20,4\n3M13,egi")
    orders = [o for _, o in parsed.orders]
    assert orders == [Signal(0, 20, "4"), Signal(3, 13, "EGI")]
    assert [ANON.format(o) for o in orders] == ["@ 0M20,4", "@ 3M13,EGI"]
    res = ANON.resolve(state, {"EFR": orders}, Down())
    got = [e for e in res.events if e.kind == "message"]
    to_everyone = [e for e in got if e.data["message"] == 20]
    assert sorted(e.data["to"] for e in to_everyone) == [2, 3, 4]  # 0: every other player
    assert all(e.data["sender"] == 1 and "[4]" in e.data["body"] for e in to_everyone)
    canal = [e for e in got if e.data["message"] == 13]
    assert [e.data["to"] for e in canal] == [3] and "EGI" in canal[0].data["body"]
    printout = ANON.printout(res.state, visible_to(res.events, "EIC"), "EIC")
    assert "Message 13 to [3] from [1]" in printout
    other = ANON.printout(res.state, visible_to(res.events, "ESZ"), "ESZ")
    assert "Message 13" not in other and "Message 20 to [2] from [1]" in other


ROSTER = {
    "roster": {
        "EFR": {"name": "Ann Able", "address": "1 Main St", "email": "ann@example.org"},
        "ESZ": {"name": "Bob Baker", "address": "2 Side St", "anonymous": True},
        "EIC": {"name": "Cy Cole", "address": "3 Hill Rd", "phone": "555-0103", "show_phone": True},
    }
}


def _turn(ruleset: BattlePlan, state: GameState, orders: dict[str, str]) -> tuple[GameState, str]:
    parsed = {
        p: [o for _, o in submission.parse(ruleset, state, p, t).orders] for p, t in orders.items()
    }
    res = ruleset.resolve(state, parsed, Down())
    public = [e for e in res.events if e.audience.kind == "public"]
    return res.state, ruleset.newspaper(res.state, public) or ""


@pytest.mark.rule("WW newspaper")
def test_turn_one_list_of_players_respects_anonymity_and_asked_contacts() -> None:
    state = EQUAL.new_game("", SEATS, SeededChance(1), ROSTER)
    after_one, paper = _turn(EQUAL, state, {})
    assert "[1] EFR: Ann Able, 1 Main St" in paper
    assert "ann@example.org" not in paper  # email only if he asked for it
    assert "[2] ESZ: anonymous" in paper and "Bob Baker" not in paper
    assert "[3] EIC: Cy Cole, 3 Hill Rd, 555-0103" in paper
    assert "[4] RRU: anonymous" in paper  # nothing given
    _, second = _turn(EQUAL, after_one, {})
    assert "players of this game" not in second


@pytest.mark.rule("WW newspaper")
def test_articles_signed_or_anonymous_go_to_everyone_and_no_forged_signature() -> None:
    state = EQUAL.new_game("", SEATS, SeededChance(1), {})
    assert _codes(EQUAL, state, "EFR", "NEWS: France wants peace. -- [3]") == [
        "illegal/forged_signature"
    ]
    assert _codes(EQUAL, state, "EFR", "NEWS: France wants peace. -- [1]") == []
    text = "NEWS: France wants peace.\nNEWS ANON: Do not trust France."
    _, paper = _turn(EQUAL, state, {"EFR": text})
    assert "* France wants peace. -- [1] EFR" in paper
    assert "* Do not trust France. -- anonymous" in paper
    assert paper.index("France wants peace") < paper.index("Do not trust France")


@pytest.mark.rule("WW newspaper")
def test_no_articles_in_europe_nor_in_an_anonymous_game() -> None:
    europe = RULESETS["europe"]
    es = europe.new_game("", ["GB", "FR", "SP", "IT", "GE"], SeededChance(1), {})
    assert _codes(europe, es, "GB", "NEWS: hello") == ["illegal/no_newspaper"]
    assert europe.newspaper(es, []) is None
    state = ANON.new_game("", SEATS, SeededChance(1), ROSTER)
    assert _codes(ANON, state, "EFR", "NEWS ANON: hello") == ["illegal/no_free_messages"]
    _, paper = _turn(ANON, state, {})
    assert "[1] EFR: anonymous" in paper and "Ann Able" not in paper  # W-NEWS2


@pytest.mark.rule("BP 4D.4")
@pytest.mark.rule("WW equal")
def test_a_world_wide_attack_over_land_is_not_struck_by_the_defenders_navy() -> None:
    """4D.4: a defending Navy strikes only the Army that comes from the sea. On the world map
    every code has three letters, lands and seas alike: the origin's kind comes from the map."""

    def attack(navy: int) -> tuple[int, int, str]:
        state = _new(EQUAL)
        # a coastal minor next to France
        state = edit(state, "EBE", navy=navy, army=5, air=0)
        parsed = submission.parse(
            EQUAL, state, "EFR", "@EFR AC20EBE"
        )  # France borders Belgium: by land
        assert parsed.problems == [], parsed.problems
        res = EQUAL.resolve(state, {"EFR": [o for _, o in parsed.orders]}, Down())
        combat = next(e.text for e in res.events if e.kind == "land_combat" and "EBE" in e.text)
        return res.state.countries["EBE"].owner, res.state.countries["EBE"].army, combat

    france = _new(EQUAL).number_of("EFR")
    owner, army, _ = attack(0)
    assert owner == france
    # 40 Navy in Belgium change nothing: they would strike 20 hits on an army from the sea.
    owner40, army40, combat = attack(40)
    assert (owner40, army40) == (owner, army), combat
    assert "EFR(Army=20-20)" not in combat
