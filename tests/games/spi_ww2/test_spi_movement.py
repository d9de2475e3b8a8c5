"""Land movement on the reconstructed map (ruling P1, P1a): what a testers' report found."""

from __future__ import annotations

from tests.games.spi_ww2.helpers import MAP, codes, hx, messages, phase_of, start


def test_rome_to_naples_is_a_march_within_the_italian_allowance() -> None:
    """Testers' report: MOVE Rome-Naples was refused, the map joining the two only over two
    Apennine hexes (7 movement points), the coast between them being drawn as sea. Ruling
    P1a: the Gaeta hex is land, clear (the Via Appia): two hexes of clear terrain."""
    gaeta = hx("Gaeta")
    assert MAP.hexes[gaeta].terrain == "clear" and MAP.hexes[gaeta].country == "ITA"
    assert gaeta in MAP.adjacent(hx("Rome")) and hx("Naples") in MAP.adjacent(gaeta)
    state = phase_of(start(6), "ITA")
    assert codes(state, "ITA", "MOVE ITA 1 Rome-Naples") == []


def test_a_move_refused_says_which_path_is_cheapest_and_what_it_costs() -> None:
    """The refusal names the hexes of the cheapest path, their terrain and cost, and the
    allowance it exceeds (5.1, Terrain Effects Chart), not only "no path"."""
    state = phase_of(start(6), "ITA")
    (message,) = messages(state, "ITA", "MOVE ITA 1 Rome-2027")
    assert message.startswith("ITA cannot reach 2027 from 1827 Rome this turn: the cheapest path")
    assert f"{hx('Gaeta')} Gaeta (clear 1), 2027 (mountain 3): 4 movement points" in message
    assert "more than the allowance of 3" in message
    (message,) = messages(state, "ITA", "MOVE ITA 1 Rome-Palermo")
    assert "no path over land open to it" in message and "SHIP or LAND" in message
