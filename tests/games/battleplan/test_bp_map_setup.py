"""The map of 15B, coasts of 15A, range of 4E.1, the strait of 7, and the setup of 15C/12E."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.games.battleplan.helpers import at_sea, edit, edit_player, game, problems
from umpire.games.battleplan.geography import europe

REFERENCE = Path(__file__).parents[4] / "shared/reference/battleplan/europe_map_15B.json"


@pytest.mark.rule("BP 15B")
def test_map_has_29_countries_and_5_seas() -> None:
    m = europe()
    assert len(m.countries) == 29 and sorted(m.seas) == ["BLA", "EAS", "MID", "NTH", "WES"]


@pytest.mark.rule("BP 15B")
@pytest.mark.skipif(not REFERENCE.exists(), reason="shared reference not present")
def test_map_matches_the_reference_lists() -> None:
    ref = json.loads(REFERENCE.read_text())["spaces"]
    m = europe()
    assert set(ref) == set(m.spaces)
    for code, s in ref.items():
        adj = {a for a in s["adjacent"] if a != "*"} - ({"BLA"} if code == "EAS" else set())
        assert m.spaces[code].adjacent == adj, code
        extra = {"EAS"} if code == "BLA" else {"BLA"} if code == "EAS" else set()
        assert m.spaces[code].air == adj | set(s["air_only"]) | extra, code


@pytest.mark.rule("BP 15B")
def test_adjacency_and_air_range_are_symmetric() -> None:
    m = europe()
    for a, s in m.spaces.items():
        for b in s.adjacent:
            assert a in m.spaces[b].adjacent, (a, b)
        for b in s.air:
            assert a in m.spaces[b].air, (a, b)


@pytest.mark.rule("BP 4E.1")
def test_air_range_examples_of_4E1() -> None:
    m = europe()
    assert m.in_air_range("BLA", "EAS")  # one land space, TU, between
    assert m.in_air_range("IT", "AL")  # YU between
    assert not m.in_air_range("IT", "TU")  # only a sea (EAS) between
    for c in ("FR", "BE", "NE"):
        assert m.in_air_range("GB", c)  # dotted lines
    assert not m.in_air_range("GB", "DE")


@pytest.mark.rule("BP 15A")
def test_landlocked_islands_and_two_coasts() -> None:
    m = europe()
    landlocked = sorted(c for c in m.countries if not m.spaces[c].has_coast)
    assert landlocked == ["AU", "CZ", "HU", "LU", "RU"]
    assert sorted(c for c in m.countries if m.spaces[c].island) == ["CY", "GB", "IR"]
    assert set(m.spaces["TU"].coasts) == {"BLA", "EAS"}
    s = game()
    # 15A: a country on two seas can use either
    assert problems(s, "TU", "@TU NT1BLA NT1EAS") == []


@pytest.mark.rule("BP 7")
def test_turkey_strait() -> None:
    s = game()  # TU is player [5]'s
    s = at_sea(s, "BLA", 5, navy=3)
    s = at_sea(s, "BLA", 2, navy=3)
    s = at_sea(s, "BLA", 2, air=3)
    # the holder of TU may pass; others may not unless permitted; air always may
    assert problems(s, "TU", "@BLA NT1EAS NS1EAS") == []
    assert problems(s, "NE", "@BLA NT1EAS") == ["illegal/strait_closed"]
    assert problems(s, "NE", "@BLA NS1EAS") == ["illegal/strait_closed"]
    assert problems(s, "NE", "@BLA FT1EAS FS1EAS") == []
    s = edit_player(s, 5, permits=(*s.player(5).permits, 2))
    assert problems(s, "NE", "@BLA NT1EAS") == []
    # an uncontrolled minor TU shuts the strait to everyone
    s2 = game(["AL", "NE", "SP", "SW", "GB"])
    s2 = at_sea(s2, "BLA", 1, navy=3)
    assert problems(s2, "AL", "@BLA NT1EAS") == ["illegal/strait_closed"]


@pytest.mark.rule("BP 15C.1")
@pytest.mark.rule("BP 12E")
@pytest.mark.rule("BP 5E")
def test_player_country_starting_forces() -> None:
    s = game(["AU", "NE", "SP", "SW", "TU"])
    tu, au = s.countries["TU"], s.countries["AU"]
    assert (tu.army, tu.navy, tu.air, tu.missiles, tu.anti) == (50, 20, 30, 0, 0)
    assert (tu.industry, tu.limit, tu.taxbase) == (30, 50, 100)
    assert (au.army, au.navy, au.air) == (50, 0, 50)  # no coast: no navy, 50 AirForce


@pytest.mark.rule("BP 15C.2")
@pytest.mark.rule("BP 12E")
def test_minor_starting_forces() -> None:
    s = game()
    gr, cz, cy = s.countries["GR"], s.countries["CZ"], s.countries["CY"]
    assert (gr.army, gr.navy, gr.air, gr.industry, gr.limit, gr.taxbase) == (10, 4, 6, 6, 20, 10)
    assert (cz.army, cz.navy, cz.air) == (10, 0, 10)
    assert (cy.army, cy.navy, cy.air) == (4, 10, 6)
    assert all(c.owner == 0 for code, c in s.countries.items() if code not in
               ("AL", "NE", "SP", "SW", "TU"))  # fmt: skip


@pytest.mark.rule("BP 1A")
def test_players_numbered_in_seating_order_and_game_ends_with_one_occupier() -> None:
    from umpire.games.battleplan import RULESET

    s = game()
    assert [(p.number, p.power) for p in s.players] == [
        (1, "AL"), (2, "NE"), (3, "SP"), (4, "SW"), (5, "TU"),
    ]  # fmt: skip
    assert RULESET.outcome(s) is None
    for code in ("AL", "NE", "SP", "SW"):
        s = edit(s, code, owner=5)
    out = RULESET.outcome(s)
    assert out is not None and out.winners == ("TU",)
