"""Section 14's printout parts that depend on what happened during the turn: the seas you
see, sea combat, counter-attacks, spies caught, and combat numbers passed on by sharing (6D)."""

from __future__ import annotations

import pytest

from tests.games.battleplan.helpers import Down, at_sea, edit, edit_player, game, play
from umpire.core.events import visible_to
from umpire.games.battleplan import RULESET

BU_GAME = ["AL", "NE", "SP", "BU", "TU"]  # [4] is Bulgaria, on the BLAck sea next to TU


def _seas(state, power: str) -> dict:
    return RULESET.view(state, power)["seas"]


def _printout(state, events, power: str) -> str:
    return RULESET.printout(state, visible_to(events, power), power)


@pytest.mark.rule("BP 14")
def test_a_sea_you_left_is_seen_for_one_more_turn() -> None:
    s = game()
    s = at_sea(s, "BLA", 5, navy=5)
    s = at_sea(s, "BLA", 1, navy=8)
    s2, ev = play(s, {"TU": "@BLA NT5TU"})
    # "had forces there last turn": the sea and ALL the forces now in it
    assert _seas(s2, "TU") == {"BLA": {"1": [0, 8, 0]}}
    assert "BLA [1]AL (Navy=8)" in _printout(s2, ev, "TU")
    s3, ev3 = play(s2, {})
    assert _seas(s3, "TU") == {}
    assert "BLA" not in _printout(s3, ev3, "TU")


@pytest.mark.rule("BP 14")
@pytest.mark.rule("BP 4D.5")
def test_a_sea_you_only_supported_is_seen() -> None:
    s = game()
    s = at_sea(s, "BLA", 1, navy=8)
    s2, _ = play(s, {"TU": "@TU NS5BLA"})
    assert s2.seas["BLA"].forces.get(5) is None  # the supporters came home
    assert _seas(s2, "TU") == {"BLA": {"1": [0, 8, 0]}}
    assert _seas(s2, "NE") == {}  # nobody else: NE never had a reason to see BLA


@pytest.mark.rule("BP 14")
@pytest.mark.rule("BP 13B")
def test_navy_fleeing_a_lost_country_gets_no_listing_of_the_sea() -> None:
    s = game(BU_GAME)
    s = edit(s, "BU", army=10)
    s = at_sea(s, "BLA", 1, navy=8)
    s2, ev = play(s, {"TU": "@TU AC30BU FA30BU"})
    assert s2.countries["BU"].owner == 5
    assert s2.seas["BLA"].forces[4].navy == 20  # BU's Navy went out to the BLAck sea
    v = RULESET.view(s2, "BU")
    # "you will NOT get a listing of the forces in that space" ...
    assert v["seas"] == {}
    # ... but his own forces there are still his to order
    assert v["you"]["at_sea"] == {"BLA": [0, 20, 22]}
    text = _printout(s2, ev, "BU")
    assert "BLA         -     20     22" in text
    assert "(Navy=8)" not in text
    # and "control the country last turn": BU is still shown in full
    assert "army" in v["countries"]["BU"]
    # non-leak: what else is in that sea does not change BU's view or printout
    varied = at_sea(s2, "BLA", 1, navy=30)
    varied = at_sea(varied, "BLA", 2, air=7)
    assert RULESET.view(varied, "BU") == v
    assert _printout(varied, ev, "BU") == text


@pytest.mark.rule("BP 14")
@pytest.mark.rule("BP 6A")
def test_a_country_lost_this_turn_is_seen_in_full_once_more() -> None:
    s = game(BU_GAME)
    s = edit(s, "BU", army=10)
    s2, _ = play(s, {"TU": "@TU AC30BU FA30BU"})
    assert RULESET.view(s2, "BU")["countries"]["BU"]["army"] == s2.countries["BU"].army
    s3, _ = play(s2, {})
    assert RULESET.view(s3, "BU")["countries"]["BU"] == {"owner": 5}


def _sea_fight():
    s = game()
    s = at_sea(s, "BLA", 5, navy=16)
    s = at_sea(s, "BLA", 1, navy=8)
    s = at_sea(s, "BLA", 1, army=16)
    s = at_sea(s, "BLA", 3, navy=4)  # SP: enemy of no one there, so not listed
    s = edit_player(s, 5, declared={**s.player(5).declared, 1: "E"})
    return s


@pytest.mark.rule("BP 14")
@pytest.mark.rule("BP 9.4")
def test_sea_combat_is_read_by_all_with_numbers_for_those_who_see_the_sea() -> None:
    s2, ev = play(_sea_fight(), {}, Down())
    fights = {frozenset(e.audience.members): e.text for e in ev if e.kind == "sea_combat"}
    # only the players who had enemies there are listed, with sent-lost, "-0" left out
    assert fights == {
        frozenset({"AL", "SP", "TU"}): "BLA: [1](Army=16-8,Navy=8-2) [5](Navy=16-2)",
        frozenset({"NE", "SW"}): "BLA: [1](Army,Navy) [5](Navy)",
    }
    assert "Sea combat:\nBLA: [1](Army,Navy) [5](Navy)" in _printout(s2, ev, "NE")
    assert "Sea combat:\nBLA: [1](Army=16-8,Navy=8-2) [5](Navy=16-2)" in _printout(s2, ev, "SP")


@pytest.mark.rule("BP 6D")
@pytest.mark.rule("BP 14")
def test_sharing_passes_on_the_numbers_of_sea_combat() -> None:
    s = _sea_fight()
    s = edit_player(s, 5, shares={2: "H"})  # pH still shares the seas (6D)
    _, ev = play(s, {}, Down())
    full = [e for e in ev if e.kind == "sea_combat" and e.data["full"]]
    assert sorted(full[0].audience.members) == ["AL", "NE", "SP", "TU"]


@pytest.mark.rule("BP 6D")
@pytest.mark.rule("BP 6A")
@pytest.mark.rule("BP 14")
def test_sharing_passes_on_the_numbers_of_battles_in_spaces_the_sharer_sees() -> None:
    s = game(BU_GAME)
    s = edit(s, "BU", army=10)
    # BU shares fully with NE and partially with SP; TU's spy in GR is shared fully with AL
    s = edit_player(s, 4, shares={2: "F", 3: "H"})
    _, ev = play(s, {"TU": "@TU AC30BU FA30BU"})
    combat = {frozenset(e.audience.members): e.text for e in ev if e.kind == "land_combat"}
    numbers = next(m for m, t in combat.items() if "Army=" in t)
    # BU held it, TU attacked with Army and AirForce, NE has BU's full sight; SP's pH
    # leaves out the countries BU occupies
    assert numbers == {"BU", "TU", "NE"}
    assert combat[frozenset({"AL", "SP"})] == "BU: BU(Army,Navy,AirF) TU(Army,AirF) Captured by [5]"


@pytest.mark.rule("BP 6D")
@pytest.mark.rule("BP 6B")
def test_partial_sharing_passes_on_a_spy_s_battle_numbers() -> None:
    s = game(BU_GAME)
    s = edit(s, "GR", spies={4: 1})
    s = edit_player(s, 4, shares={3: "H"})

    class Keep(Down):
        def _next(self, low: int, high: int, purpose: str) -> int:
            return 1 if purpose.startswith("caught") else super()._next(low, high, purpose)

    _, ev = play(s, {"TU": "@TU AC40GR FA20GR"}, Keep())
    numbers = next(e for e in ev if e.kind == "land_combat" and e.data["full"])
    assert sorted(numbers.audience.members) == ["BU", "SP", "TU"]  # spy's owner and pH partner


@pytest.mark.rule("BP 14")
@pytest.mark.rule("BP 6B")
def test_spies_caught_are_listed_per_player_and_space() -> None:
    s = game()
    s = edit(s, "GR", spies={5: 2, 1: 1})
    s = edit(s, "IT", spies={5: 1})

    class Catch(Down):
        def _next(self, low: int, high: int, purpose: str) -> int:
            return 100 if purpose.startswith("caught") else super()._next(low, high, purpose)

    s2, ev = play(s, {}, Catch())
    text = _printout(s2, ev, "NE")  # reported to the world
    assert "Spies caught:\n[1] GR=1\n[5] GR=2 IT=1\n" in text
