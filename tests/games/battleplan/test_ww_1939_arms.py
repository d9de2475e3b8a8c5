"""1939 World Wide Battle Plan: strategic bombers (WW 1939.bombers) and missiles (WW
1939.missiles), each test one sentence of the rules; the bots play both."""

from __future__ import annotations

import pytest

from tests.games.battleplan.helpers import Down, edit, edit_player
from umpire.core import submission
from umpire.core.chance import SeededChance
from umpire.core.submission import bot_text
from umpire.games.battleplan.game import RULESETS
from umpire.games.battleplan.model import GameState, Sea, Stack, but
from umpire.games.battleplan.orders import Order
from umpire.games.battleplan.world.powers1939 import powers_1939

R = RULESETS["1939"]
EQUAL = RULESETS["equal"]  # the basic rules on the same world map
CODES = [p.code for p in powers_1939()]
N = {c: i for i, c in enumerate(CODES, start=1)}


def _state(turn: int = 2) -> GameState:
    state: GameState = R.new_game("1939", CODES, SeededChance(1), {})
    state = but(state, turn=turn)  # turn one allows no attacks (WW 1939.turn1)
    # builds do not blur the counts
    return but(state, players=tuple(but(p, defaults={}) for p in state.players))


def _problems(state: GameState, power: str, text: str) -> list[str]:
    return [p.code for p in submission.parse(R, state, power, text).problems]


def _orders(state: GameState, power: str, text: str) -> list[Order]:
    parsed = submission.parse(R, state, power, text)
    assert parsed.problems == [], parsed.problems
    return [o for _, o in parsed.orders]


def _at_sea(state: GameState, sea: str, who: str, **units: int) -> GameState:
    return but(state, seas={**state.seas, sea: state.seas[sea].with_stack(N[who], Stack(**units))})


def _enemies(state: GameState, a: str, b: str) -> GameState:
    return edit_player(state, N[a], declared={**state.player(N[a]).declared, N[b]: "E"})


# -- WW 1939.bombers ----------------------------------------------------------------------


@pytest.mark.rule("WW 1939.bombers")
def test_air_force_cannot_attack_or_support_from_a_sea_only_transfer() -> None:
    """ "Air force cannot attack or support FROM a sea space. They can only TRANSFER." """
    state = _state()
    state = _at_sea(state, "WNS", "GER", air=10)
    assert _problems(state, "GER", "@WNS FA5EGB") == ["illegal/bomber_at_sea"]
    assert _problems(state, "GER", "@WNS FS5WMA") == ["illegal/bomber_at_sea"]
    assert _problems(state, "GER", "@WNS FT5EWG") == []
    # the basic rules let AirForce at sea attack and support (4E.2, 4E.3)
    other: GameState = EQUAL.new_game("equal", ["EWG", "EGB"], SeededChance(1), {})
    other = but(other, seas={**other.seas, "WNS": other.seas["WNS"].with_stack(1, Stack(air=10))})
    assert [p.code for p in submission.parse(EQUAL, other, "EWG", "@WNS FA5EGB").problems] == []


@pytest.mark.rule("WW 1939.bombers")
def test_range_at_sea_is_a_land_space_adjacent_to_that_sea() -> None:
    """ "their range while at sea is limited to a land space ADJACENT to that sea space (you
    have to land in a port)" """
    state = _state()
    state = _at_sea(state, "WNS", "GER", air=10)
    assert R.gm.in_air_range("WNS", "ENA") and not R.gm.adjacent("WNS", "ENA")
    assert _problems(state, "GER", "@WNS FT5ENA") == ["illegal/bomber_range"]
    assert _problems(state, "GER", "@WNS FT5WMA") == ["illegal/bomber_range"]  # not land
    assert _problems(state, "GER", "@WNS FT5EFR") == []  # France is on the North Sea


@pytest.mark.rule("WW 1939.bombers")
def test_on_land_two_space_range_unless_ending_up_at_sea() -> None:
    """ "Any air force on land has the same two space range as before, as long as they are not
    ENDING UP in a sea space" (ruling W-1939B: out to sea only onto its own coast)."""
    state = _state()
    assert R.gm.in_air_range("EWG", "WMA") and "WMA" not in R.gm.spaces["EWG"].coasts
    assert _problems(state, "GER", "@EWG FS5WMA") == []  # supports return home
    assert _problems(state, "GER", "@EWG FT5EIT") == []  # two spaces, on land
    assert _problems(state, "GER", "@EWG FT5WMA") == ["illegal/bomber_range"]
    assert _problems(state, "GER", "@EWG FT5WNS") == []  # its own coast


@pytest.mark.rule("WW 1939.bombers")
def test_bombers_at_sea_take_hits_but_inflict_none() -> None:
    """ "cannot fight while at sea ... They will be like armies - they can take hits but cannot
    inflict hits on the enemy." """
    state = _state()
    state = _at_sea(state, "WNS", "GER", air=20)
    state = _at_sea(state, "WNS", "GBR", navy=10)
    state = _enemies(state, "GER", "GBR")
    after = R.resolve(state, {}, Down()).state.seas["WNS"].forces
    assert after[N["GBR"]].navy == 10  # no hits from the bombers
    assert after[N["GER"]].air == 15  # 10 shots at AirForce: about half lost (9.4)
    # under the basic rules the same AirForce fires (4E.5)
    other: GameState = EQUAL.new_game("equal", ["EWG", "EGB"], SeededChance(1), {})
    other = but(
        other, seas={**other.seas, "WNS": Sea("WNS", {1: Stack(air=20), 2: Stack(navy=10)})}
    )
    other = edit_player(other, 1, declared={**other.player(1).declared, 2: "E"})
    assert EQUAL.resolve(other, {}, Down()).state.seas["WNS"].forces[2].navy < 10


@pytest.mark.rule("WW 1939.bombers")
def test_bombers_on_land_support_a_sea_and_attack_enemies_there() -> None:
    """ "Air force that is on land, however, CAN support a sea space and thus attack enemy
    forces in that sea space." """
    state = _state()
    state = edit(state, "EWG", air=30)
    state = _at_sea(state, "WNS", "GBR", navy=10)
    state = _enemies(state, "GER", "GBR")
    orders = {"GER": _orders(state, "GER", "@EWG FS20WNS")}
    after = R.resolve(state, orders, Down()).state
    assert after.seas["WNS"].forces[N["GBR"]].navy == 5  # 20 shots at Navy: a quarter lost
    # the survivors are home again; the Navy fired back at them (9.4: half of 10 shots)
    assert after.countries["EWG"].air == 25


# -- WW 1939.missiles ---------------------------------------------------------------------


@pytest.mark.rule("WW 1939.missiles")
def test_no_antimissiles_in_this_game() -> None:
    """ "There are no antimissiles in this game." """
    state = _state()
    state = edit(state, "EWG", anti=1)  # even one somehow there cannot move
    for text in ("@EWG BX5", "@ RX10", "@ BX50", "@EWG XT1EFR"):
        assert _problems(state, "GER", text) == ["illegal/no_antimissiles"], text
    assert _problems(state, "GER", "@ BX0") == []  # clearing a proportion is harmless
    other: GameState = EQUAL.new_game("equal", ["EWG", "EGB"], SeededChance(1), {})
    assert [
        p.code for p in submission.parse(EQUAL, other, "EWG", "@EWG BX5\n@ RX10").problems
    ] == []


@pytest.mark.rule("WW 1939.missiles")
def test_no_one_starts_with_missiles_or_a_missile_multiplier() -> None:
    """ "No one starts with any missiles or a missile multiplier" """
    state = _state(1)
    assert all(p.multipliers["M"] == 0 and p.multipliers["X"] == 0 for p in state.players)
    assert all(c.missiles == 0 and c.anti == 0 for c in state.countries.values())
    # Industry given to missiles builds none until research creates the multiplier
    state = edit(state, "EWG", missiles=0)
    after = R.resolve(state, {"GER": _orders(state, "GER", "@EWG BM10")}, Down()).state
    assert after.countries["EWG"].missiles == 0 and "M" not in after.countries["EWG"].fractions


@pytest.mark.rule("WW 1939.missiles")
def test_certain_players_may_research_a_missile_multiplier() -> None:
    """ "certain players may spend research creating a missile multiplier" (which ones:
    ruling W-1939M)."""
    state = _state(1)
    able = {p.code for p in powers_1939() if p.missile_research}
    assert able == {"FRA", "GER", "GBR", "ITA", "JAP", "RUS", "USA"}
    assert _problems(state, "ACS", "@ RM20") == ["illegal/no_missile_research"]
    assert _problems(state, "CHI", "@ RM20") == ["illegal/no_missile_research"]
    after = R.resolve(state, {"GER": _orders(state, "GER", "@ RM40")}, Down()).state
    assert after.player(N["GER"]).multipliers["M"] == 7  # sqrt(1.25 x 40), ruling R-E1


@pytest.mark.rule("WW 1939.missiles")
def test_missiles_have_the_range_of_air_force() -> None:
    """ "Missiles will have the same RANGE as air force (i.e. 2 spaces), instead of having an
    infinite range." """
    state = _state()
    state = edit(state, "EWG", missiles=2)
    assert not R.gm.in_air_range("EWG", "EGR") and R.gm.in_air_range("EWG", "EFR")
    assert _problems(state, "GER", "@EWG MA1EGR") == ["illegal/out_of_range"]
    assert _problems(state, "GER", "@EWG MA1EFR") == []
    # 4F.1: elsewhere the range is the length of the map
    other: GameState = EQUAL.new_game("equal", ["EWG", "EGB"], SeededChance(1), {})
    other = edit(other, "EWG", missiles=2)
    assert [p.code for p in submission.parse(EQUAL, other, "EWG", "@EWG MA1EGR").problems] == []
    # the damage is that of BP 4F.1: 10 Army each
    before = state.countries["EFR"].army
    after = R.resolve(state, {"GER": _orders(state, "GER", "@EWG MA1EFR")}, Down()).state
    assert after.countries["EFR"].army == before - 10


@pytest.mark.rule("WW 1939.missiles")
def test_missile_research_easier_for_most_once_the_first_missile_is_fired() -> None:
    """ "The first time in the game that a missile is actually fired, missile research will be
    easier for most players. (Everyone sees that they really work!)" (ruling W-1939M: the
    others' Dollars count twice; the one who fired knew already)."""
    state = _state()
    state = edit(state, "EWG", missiles=1)
    research = {p: _orders(state, p, "@ RM40") for p in ("GER", "GBR")}
    quiet = R.resolve(state, research, Down()).state
    assert "first_missile" not in quiet.extra
    assert quiet.player(N["GBR"]).multipliers["M"] == 7  # sqrt(50), rounded down
    fired = dict(research, GER=[*research["GER"], *_orders(state, "GER", "@EWG MA1EFR")])
    loud = R.resolve(state, fired, Down()).state
    assert loud.extra["first_missile"] == {"turn": 2, "by": [N["GER"]]}
    assert loud.player(N["GBR"]).multipliers["M"] == 10  # sqrt(100): easier
    assert loud.player(N["GER"]).multipliers["M"] == 7  # the firer's stays as it was
    # it stays easier on later turns, and the first firing is not forgotten
    later = R.resolve(loud, {"GBR": _orders(loud, "GBR", "@ RM40")}, Down()).state
    assert later.player(N["GBR"]).multipliers["M"] == 20
    assert later.extra["first_missile"]["turn"] == 2


@pytest.mark.rule("WW 1939.missiles")
@pytest.mark.rule("WW 1939.bombers")
def test_the_bots_play_bombers_and_missiles_legally() -> None:
    state: GameState = R.new_game("1939", CODES, SeededChance(5), {})
    texts: list[str] = []
    for turn in range(1, 13):
        orders = {}
        for power in R.pending(state).powers:
            text = bot_text(R, state, power, SeededChance(5, "bot", turn, power))
            parsed = submission.parse(R, state, power, text)
            assert parsed.problems == [], (power, parsed.problems)
            texts.append(text)
            orders[power] = [o for _, o in parsed.orders]
        state = R.resolve(state, orders, SeededChance(5, "turn", turn)).state
    words = " ".join(texts)
    assert "RM" in words and "FS" in words  # research missiles, bombers over a sea
    assert state.extra.get("first_missile") is not None  # and fire them once they have some
    able = {p.code for p in powers_1939() if p.missile_research}
    assert all(p.multipliers["M"] == 0 for p in state.players if p.power not in able)
    assert any(p.multipliers["M"] > 0 for p in state.players if p.power in able)
