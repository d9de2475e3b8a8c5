"""Neutral and minor countries (12.0-12.4, 16.1-16.4, 16.9), Italian entry (16.6), and who
operates the minor countries' armies (20.0-20.2)."""

from __future__ import annotations

import pytest

from tests.games.spi_ww2.helpers import (
    CHARTS,
    MAP,
    board,
    codes,
    controlled,
    hx,
    messages,
    phase_of,
    play,
    start,
    texts,
    with_,
    with_units,
)
from umpire.games.spi_ww2 import combat, movement, phase, politics, reinforcements, turn
from umpire.games.spi_ww2.model import Flags, State

METZ, BELGIAN = "1319", "1318"
TURIN, SAVOY = "1523", "1423"
LENINGRAD, KARELIA = "3308", "3208"


def invaded_by(state: State, country: str) -> tuple[str, ...]:
    return state.invaded.get(country, ())


@pytest.mark.rule("SPI 12.0")
@pytest.mark.rule("SPI 16.14")
def test_any_player_may_invade_any_neutral() -> None:
    state = phase_of(start(6), "FRA")
    new, events = play(state, "FRA", f"MOVE FRA 1 {METZ}-{BELGIAN}")
    assert invaded_by(new, "BEL") == ("FRA",) and "FRA invades Belgium" in texts(events)
    assert politics.hostile(new, CHARTS, "BEL", "FRA")
    # the path may not cross a neutral on the way: only the destination invades
    assert codes(state, "FRA", f"MOVE FRA 1 {METZ}-1217") == ["illegal/beyond_allowance"]


@pytest.mark.rule("SPI 16.21")
@pytest.mark.rule("SPI 16.14")
def test_any_player_may_attack_a_self_defense_neutral() -> None:
    state = phase_of(start(6), "FRA", "combat")
    lille, brussels = hx("Lille"), hx("Brussels")
    new, events = play(state, "FRA", f"ATTACK {brussels} WITH FRA 3 {lille}", [6] * 10)
    assert "FRA" in invaded_by(new, "BEL") and "invades Belgium" in texts(events)


@pytest.mark.rule("SPI 16.11")
@pytest.mark.rule("SPI 16.12")
def test_minor_countries_and_the_german_satellites() -> None:
    majors = {"GER", "ITA", "GBR", "FRA", "USA", "USSR"}
    minors = {c for c, k in CHARTS.map.countries.items() if k["kind"] == "minor"}
    assert minors and not minors & majors and all(politics.is_minor(CHARTS, c) for c in minors)
    for version in (4, 5, 6):
        state = start(version)
        for c in ("FIN", "HUN", "BUL", "RUM"):
            assert politics.player_of(state, CHARTS, c) == "GER"
            assert all(state.control[h] == "GER" for h in CHARTS.map.of_country[c])
    # the alliance of the others depends on who invades them (20.1)
    b = board(start(6))
    b = b.invade("GER", "GER", "SPA")
    assert b.state.operators["SPA"] == "USA" and b.hostile("SPA", "GER")


@pytest.mark.rule("SPI 12.2")
@pytest.mark.rule("SPI 16.41")
def test_finland_may_be_invaded_at_will_and_its_units_wait_for_a_violation() -> None:
    war = with_(start(6), wars=(*start(6).wars, ("GER", "USSR")))
    fin = with_units(war, {KARELIA: {"FIN": 2}, LENINGRAD: {"USSR": 1}})
    b = board(fin)
    assert not b.zoc_of(LENINGRAD, "USSR")  # Finnish ZOC stops at the border
    assert b.hostile("FIN", "USSR")
    new, _ = play(phase_of(start(6), "USSR"), "USSR", f"MOVE USSR 1 {LENINGRAD}-{KARELIA}")
    assert "USSR" in invaded_by(new, "FIN") and new.flags.finland_violated
    assert ("GER", "USSR") in new.wars  # Finland is always Germany's ally (16.12)
    b = board(with_units(new, {KARELIA: {"FIN": 2}, LENINGRAD: {"USSR": 1}}, keep=True))
    assert b.zoc_of(LENINGRAD, "USSR")


@pytest.mark.rule("SPI 16.41")
def test_finnish_units_stay_home_until_the_border_is_violated() -> None:
    war = with_(start(6), wars=(*start(6).wars, ("GER", "USSR")))
    state = phase_of(with_units(war, {KARELIA: {"FIN": 2}}, keep=True), "GER")
    assert "16.41" in messages(state, "GER", f"MOVE FIN 1 {KARELIA}-3209")[0]
    violated = board(with_(state, flags=Flags(finland_violated=True)))
    assert movement.minor_restriction(violated, "GER", "FIN", "3209", 2) is None


@pytest.mark.rule("SPI 16.42")
def test_finnish_units_attack_only_once_attacked_or_crossed() -> None:
    war = with_(start(6), wars=(*start(6).wars, ("GER", "USSR")))
    state = phase_of(with_units(war, {KARELIA: {"FIN": 4}, "3209": {"USSR": 1}}), "GER", "combat")
    assert "16.42" in messages(state, "GER", f"ATTACK 3209 WITH FIN 4 {KARELIA}")[0]
    attacked = with_(state, flags=Flags(finland_attacked=True))
    assert codes(attacked, "GER", f"ATTACK 3209 WITH FIN 4 {KARELIA}") == []


@pytest.mark.rule("SPI 16.31")
def test_pro_axis_neutrals_move_inside_their_borders_and_let_germany_through() -> None:
    state = phase_of(start(6), "GER")
    budapest = hx("Budapest")
    assert codes(state, "GER", f"MOVE HUN 1 {budapest}-2321") == []
    assert "16.31" in messages(state, "GER", f"MOVE HUN 1 {budapest}-2320")[0]
    state = with_units(state, {"2120": {"GER": 1}}, keep=True)
    new, _ = play(state, "GER", "MOVE GER 1 2120-2221")  # German movement is free
    assert "HUN" not in new.invaded
    ita = phase_of(with_units(start(6), {"2220": {"ITA": 1}}, keep=True), "ITA")
    new, _ = play(ita, "ITA", "MOVE ITA 1 2220-2221")  # without German permission: invasion
    assert "ITA" in invaded_by(new, "HUN") and ("GER", "ITA") in new.wars
    permitted = with_(ita, permits=(("GER", "ITA", "TRANSIT"),))
    new, _ = play(permitted, "ITA", "MOVE ITA 1 2220-2221")
    assert "HUN" not in new.invaded
    war = with_(start(6), wars=(*start(6).wars, ("GER", "USSR")))
    war = with_units(war, {"3020": {"USSR": 1}, "2920": {"RUM": 3}}, keep=True)
    combat = phase_of(war, "GER", "combat")
    assert "16.31" in messages(combat, "GER", "ATTACK 3020 WITH RUM 3 2920")[0]  # no attack yet
    opened = with_(combat, flags=Flags(russia_attacked=True))
    assert codes(opened, "GER", "ATTACK 3020 WITH RUM 3 2920") == []


@pytest.mark.rule("SPI 16.32")
def test_rumania_and_hungary_send_one_point_each_against_russia() -> None:
    war = with_(start(6), wars=(*start(6).wars, ("GER", "USSR")), flags=Flags(russia_attacked=True))
    state = phase_of(with_units(war, {"2920": {"RUM": 2}}, keep=True), "GER")
    assert codes(state, "GER", "MOVE RUM 1 2920-3020") == []
    assert "16.32" in messages(state, "GER", "MOVE RUM 2 2920-3020")[0]
    before = phase_of(with_units(start(6), {"2920": {"RUM": 2}}, keep=True), "GER")
    assert "16.31" in messages(before, "GER", "MOVE RUM 1 2920-3020")[0]


@pytest.mark.rule("SPI 16.33")
def test_bulgaria_and_hungary_send_one_point_each_to_the_balkans() -> None:
    balkans = with_(
        start(6), flags=Flags(balkans_attacked=True), invaded={**start(6).invaded, "YUG": ("GER",)}
    )
    balkans = controlled(balkans, ["2625"], "GER")
    b = board(balkans)
    assert movement.minor_restriction(b, "GER", "BUL", "2625", 1) is None
    refused = movement.minor_restriction(b, "GER", "BUL", "2625", 2)
    assert refused is not None and refused.code == "illegal/pro_axis_contingent"
    assert "16.33" in refused.message
    assert "16.31" in str(movement.minor_restriction(board(start(6)), "GER", "BUL", "2625", 1))
    both = board(with_(balkans, flags=Flags(balkans_attacked=True, russia_attacked=True)))
    assert movement.minor_restriction(both, "GER", "HUN", "2625", 2) is None  # one each way
    assert "16.32" in str(movement.minor_restriction(both, "GER", "HUN", "2625", 3))
    # attacking the Balkans sets it off
    b = board(start(6))
    b = phase.note_attack_flags(b, "GER", "YUG")
    assert b.state.flags.balkans_attacked


@pytest.mark.rule("SPI 16.22")
def test_self_defense_neutrals_do_not_move_until_invaded() -> None:
    state = phase_of(start(6), "USA")
    madrid = hx("Madrid")
    assert "16.22" in messages(state, "USA", f"MOVE SPA 1 {madrid}-0627")[0]
    invaded = with_(state, invaded={**state.invaded, "SPA": ("GER",)})
    assert codes(invaded, "USA", f"MOVE SPA 1 {madrid}-0627") == []
    assert set(CHARTS.mp["minors"]["self_defense"]) == {
        "SPA",
        "SWE",
        "NOR",
        "DEN",
        "NET",
        "BEL",
        "YUG",
        "GRE",
        "TUR",
    }


@pytest.mark.rule("SPI 16.24")
def test_invaded_neutral_reinforced_by_the_controlling_player_or_his_allies() -> None:
    four = with_(start(4), invaded={**start(4).invaded, "BEL": ("GER",)})
    assert four.operators["BEL"] == "FRA"
    gbr = phase_of(with_units(four, {METZ: {"GBR": 1}}, keep=True), "GBR")
    gbr = with_(gbr, permits=(("FRA", "GBR", "TRANSIT"),))
    new, _ = play(gbr, "GBR", f"MOVE GBR 1 {METZ}-{BELGIAN}")
    assert "GBR" not in invaded_by(new, "BEL")  # at the French Player's discretion
    uninvited = with_(gbr, permits=())
    new, _ = play(uninvited, "GBR", f"MOVE GBR 1 {METZ}-{BELGIAN}")
    assert "GBR" in invaded_by(new, "BEL")  # uninvited, Britain invades


@pytest.mark.rule("SPI 16.61")
def test_italy_attacks_only_from_its_entry_in_four_and_five_players() -> None:
    units = {TURIN: {"ITA": 3}, SAVOY: {"FRA": 1}}
    five = phase_of(
        with_units(with_(start(5), wars=(("FRA", "GER"), ("GBR", "GER"))), units), "GER", "combat"
    )
    assert "16.61" in messages(five, "GER", f"ATTACK {SAVOY} WITH ITA 3 {TURIN}")[0]
    assert codes(with_(five, game_turn=4), "GER", f"ATTACK {SAVOY} WITH ITA 3 {TURIN}") == []
    six = phase_of(with_units(start(6), units), "ITA", "combat")
    assert codes(six, "ITA", f"ATTACK {SAVOY} WITH ITA 3 {TURIN}") == []  # totally free


@pytest.mark.rule("SPI 16.62")
def test_italy_stays_home_before_entry_in_four_and_five_players() -> None:
    five = phase_of(with_units(start(5), {TURIN: {"ITA": 3}}), "GER")
    assert "16.62" in messages(five, "GER", f"MOVE ITA 1 {TURIN}-{SAVOY}")[0]
    six = phase_of(with_units(start(6), {TURIN: {"ITA": 3}}), "ITA")
    assert codes(six, "ITA", f"MOVE ITA 1 {TURIN}-{SAVOY}") == []


@pytest.mark.rule("SPI 16.63")
def test_nobody_attacks_italy_before_it_is_belligerent_in_four_and_five() -> None:
    units = {TURIN: {"ITA": 1}, SAVOY: {"FRA": 3}}
    five = phase_of(with_units(start(5), units), "FRA", "combat")
    assert "16.63" in messages(five, "FRA", f"ATTACK {TURIN} WITH FRA 3 {SAVOY}")[0]
    active = with_(five, flags=Flags(italy_active=True))
    assert codes(active, "FRA", f"ATTACK {TURIN} WITH FRA 3 {SAVOY}") == []
    six = phase_of(with_units(start(6), units), "FRA", "combat")
    assert codes(six, "FRA", f"ATTACK {TURIN} WITH FRA 3 {SAVOY}") == []  # at will


@pytest.mark.rule("SPI 16.64")
def test_mandatory_italian_surrender_only_in_four_and_five() -> None:
    for version, surrenders in ((5, True), (4, True), (6, False)):
        state = start(version)
        enemy = "FRA"
        rcs = CHARTS.map.resource_centers("ITA")
        state = controlled(state, rcs[:3], enemy)
        italy = politics.player_of(state, CHARTS, "ITA")
        state = with_(state, wars=tuple(sorted({*state.wars, tuple(sorted((enemy, italy)))})))
        new, _ = turn.italian_surrender(state, CHARTS)
        assert new.flags.italy_surrendered == surrenders
        assert any("ITA" in u for u in new.units.values()) != surrenders
        assert any("ITA" in u for u in state.units.values())


@pytest.mark.rule("SPI 16.9")
def test_poland_is_operated_by_france() -> None:
    state = phase_of(start(6), "FRA")
    assert state.pools["POL"] == 3  # the three Polish Reinforcement Points
    assert politics.player_of(state, CHARTS, "POL") == "FRA"
    new, _ = play(state, "FRA", "PLACE POL 2 Warsaw")
    assert new.units[hx("Warsaw")]["POL"] == 4
    out = phase_of(with_units(start(6), {"2215": {"POL": 2}}, keep=True), "FRA")
    new, _ = play(out, "FRA", "MOVE POL 1 2215-2214")  # out of Poland, into Germany
    assert new.units["2214"] == {"POL": 1}


@pytest.mark.rule("SPI 20.0")
@pytest.mark.rule("SPI 20.1")
def test_minor_country_operations_chart_five_and_six() -> None:
    for version in (5, 6):
        state = start(version)
        assert dict(state.operators) == {
            "POL": "FRA",
            "HUN": "GER",
            "RUM": "GER",
            "BUL": "GER",
            "FIN": "GER",
            "SWE": "GER",
            "SPA": "USA",
            "BEL": "USA",
            "NET": "USA",
            "DEN": "USA",
            "NOR": "USA",
            "YUG": "USA",
            "GRE": "USA",
            "TUR": "USA",
        }
        b = board(state)
        b = b.invade("USA", "USA", "SPA")  # the US invades a country it operates: to Germany
        assert b.state.operators["SPA"] == "GER"
        b = b.invade("GER", "GER", "SWE")  # Sweden: USA if invaded by Germany
        assert b.state.operators["SWE"] == "USA"
        b = b.invade("GER", "GER", "NOR")
        assert b.state.operators["NOR"] == "USA"


@pytest.mark.rule("SPI 20.2")
def test_minor_country_operations_chart_four() -> None:
    state = start(4)
    assert state.operators["SPA"] == "GER" and state.operators["BEL"] == "FRA"
    assert state.operators["DEN"] == "GBR" and state.operators["TUR"] == "FRA"
    b = board(state)
    b = b.invade("GER", "GER", "SPA")
    assert b.state.operators["SPA"] == "FRA"  # the first-listed invades: the second operates
    b = b.invade("FRA", "FRA", "BEL")
    assert b.state.operators["BEL"] == "GBR"
    b = b.invade("GER", "GER", "GRE")
    assert b.state.operators["GRE"] == "GBR"  # invaded by someone not listed first: unchanged


@pytest.mark.rule("SPI 12.1")
def test_sweden_halves_german_rates() -> None:
    b = board(start(6))
    assert reinforcements.german_rate(b, 8) == 8
    b = b.invade("GER", "GER", "SWE")
    assert reinforcements.german_rate(b, 8) == 4  # invaded by Germany
    b = board(start(6))
    b = b.invade("USSR", "USSR", "SWE")
    assert b.state.operators["SWE"] == "GER"  # the Swedish army under the German Player
    assert b.may_enter_freely("GER", hx("Stockholm"))  # and Germans enter freely
    assert reinforcements.german_rate(b, 8) == 8  # not until the army is eliminated
    b = b.but(units={h: u for h, u in b.state.units.items() if "SWE" not in u})
    b = phase.sweden(b, "USSR")
    assert reinforcements.german_rate(b, 8) == 4
    b = b.but(invaded={**b.state.invaded, "SWE": ()})  # liberated: still halved for good
    assert reinforcements.german_rate(b, 8) == 4


# --- entering a neutral is an invasion by whoever enters, its operator too (issue 26) -----

FINNISH_BORDER, SWEDISH_SIDE = "2700", "2600"


@pytest.mark.rule("SPI 12.1")
@pytest.mark.rule("SPI 20.1")
def test_germany_moving_into_sweden_invades_it_hands_it_to_the_us_and_halves_arrivals() -> None:
    """12.1 and the chart's "Sweden: Germany (USA if invaded by Germany)": the German Player
    operates Sweden, and his units entering it invade it all the same."""
    state = phase_of(with_units(start(6), {FINNISH_BORDER: {"GER": 2}}, keep=True), "GER")
    assert state.pools["GER"] == 1  # the Game-Turn 1 replacement, not placed
    moved, events = play(state, "GER", f"MOVE GER 1 {FINNISH_BORDER}-{SWEDISH_SIDE}")
    assert invaded_by(moved, "SWE") == ("GER",) and "GER invades Sweden" in texts(events)
    assert moved.operators["SWE"] == "USA" and "operated by USA (20.1)" in texts(events)
    assert politics.hostile(moved, CHARTS, "SWE", "GER")
    nxt, events = play(phase_of(moved, "GER", "combat"), "GER", "PASS")
    assert nxt.game_turn == 2
    # Game-Turn 2: 2 reinforcements and 1 replacement, halved (rounded down) to 1
    assert nxt.pools["GER"] == 1 + 1
    # 12.1: invaded by another country first, the Germans enter freely and lose nothing
    first = with_(state, invaded={**state.invaded, "SWE": ("USSR",)})
    moved, events = play(first, "GER", f"MOVE GER 1 {FINNISH_BORDER}-{SWEDISH_SIDE}")
    assert invaded_by(moved, "SWE") == ("USSR",) and moved.operators["SWE"] == "GER"
    assert not moved.flags.german_invaded_sweden


@pytest.mark.rule("SPI 20.0")
@pytest.mark.rule("SPI 16.24")
def test_the_us_moving_into_spain_it_operates_invades_it_and_germany_operates_it() -> None:
    """20.0: "If the USA Player invades any Minor Country whose armies he would normally
    operate, their operation is then assigned to the German Player"."""
    state = phase_of(with_units(start(6), {"0825": {"USA": 2}}, keep=True), "USA")
    state = with_(state, us_entry=1)
    assert MAP.hexes["0825"].country == "FRA" and MAP.hexes["0725"].country == "SPA"
    moved, events = play(state, "USA", "MOVE USA 1 0825-0725")
    assert invaded_by(moved, "SPA") == ("USA",) and "USA invades Spain" in texts(events)
    assert moved.operators["SPA"] == "GER" and politics.hostile(moved, CHARTS, "SPA", "USA")
    # 16.24: no free garrison of a neutral nobody has invaded, with permission or without
    b = board(state)
    assert not b.may_enter_freely("USA", "0725")
    assert not b.may_enter_freely("GER", "0725")
    b = b.but(permits=(("USA", "GBR", "TRANSIT"),))
    assert not b.may_enter_freely("GBR", "0725")
    # once another has invaded it, its operator reinforces it freely (16.24)
    other = with_(state, invaded={**state.invaded, "SPA": ("ITA",)})
    moved, _ = play(other, "USA", "MOVE USA 1 0825-0725")
    assert invaded_by(moved, "SPA") == ("ITA",) and moved.operators["SPA"] == "USA"


@pytest.mark.rule("SPI 20.2")
@pytest.mark.rule("SPI 16.21")
def test_france_moving_into_or_attacking_belgium_it_operates_hands_it_to_britain() -> None:
    """20.2: "In the event that the Player who is listed first should invade the Minor Country
    in question, the Player who is listed second conducts operations" (Belgium France/Britain)."""
    four = start(4)
    assert four.operators["BEL"] == "FRA"
    moved, events = play(phase_of(four, "FRA"), "FRA", f"MOVE FRA 1 {METZ}-{BELGIAN}")
    assert invaded_by(moved, "BEL") == ("FRA",) and moved.operators["BEL"] == "GBR"
    assert "operated by GBR (20.2)" in texts(events)
    lille, brussels = hx("Lille"), hx("Brussels")
    assert four.units[brussels] == {"BEL": 2} and four.units[lille] == {"FRA": 3}
    combat = phase_of(four, "FRA", "combat")
    fought, events = play(combat, "FRA", f"ATTACK {brussels} WITH FRA 3 {lille}", [6] * 10)
    assert invaded_by(fought, "BEL") == ("FRA",) and fought.operators["BEL"] == "GBR"
    assert "FRA attacks 1218 Brussels (BEL)" in texts(events)
    # a neutral's army is attacked, never joined, by its operator too
    assert codes(phase_of(four, "FRA"), "FRA", f"MOVE FRA 1 {lille}-{brussels}") == [
        "illegal/destination_closed"
    ]


@pytest.mark.rule("SPI 12.0")
def test_no_path_crosses_a_neutral_whose_operator_the_mover_is_at_war_with() -> None:
    """12.0: only a move's destination may invade; being at war with a neutral's operator
    does not open its territory (Belgium, operated by the US, to a German at war with it)."""
    state = phase_of(with_(start(6), wars=(*start(6).wars, ("GER", "USA"))), "GER")
    b = board(state)
    assert not any(b.may_enter_freely("GER", h) for h in CHARTS.map.of_country["BEL"])


@pytest.mark.rule("SPI 20.1")
@pytest.mark.rule("SPI 20.2")
def test_a_later_invader_does_not_hand_operations_back_to_the_first_listed() -> None:
    """20.0-20.2 name one change of operator: the first-listed invading hands the country to
    the second. Germany invades Sweden (the US operates it, 20.1); the USSR invading next
    leaves it with the US; likewise Belgium, France then Germany, in four Players."""
    state = phase_of(with_units(start(6), {FINNISH_BORDER: {"GER": 2}}, keep=True), "GER")
    moved, _ = play(state, "GER", f"MOVE GER 1 {FINNISH_BORDER}-{SWEDISH_SIDE}")
    b = board(moved)
    b = b.invade("USSR", "USSR", "SWE")
    assert b.state.operators["SWE"] == "USA"
    four, _ = play(phase_of(start(4), "FRA"), "FRA", f"MOVE FRA 1 {METZ}-{BELGIAN}")
    assert four.operators["BEL"] == "GBR"
    b = board(four)
    b = b.invade("GER", "GER", "BEL")
    assert b.state.operators["BEL"] == "GBR"


@pytest.mark.rule("SPI 12.1")
def test_germany_attacking_the_swedish_army_invades_sweden_too() -> None:
    """12.1 "if they invade Sweden": an attack on the Swedish army is an invasion (16.21), by
    the German Player although he operates Sweden until then (what an ATTACK does to the
    units it finds not yet hostile: no German SP stands in supply next to Sweden at the start)."""
    units = {FINNISH_BORDER: {"GER": 4}, SWEDISH_SIDE: {"SWE": 1}}
    b = board(phase_of(with_units(start(6), units, keep=True), "GER", "combat"))
    assert combat.is_act_of_war(b, "GER", SWEDISH_SIDE) == ["SWE"]
    for nat in combat.is_act_of_war(b, "GER", SWEDISH_SIDE):
        b = phase.begin_hostilities(b, "GER", nat)
    assert b.state.invaded["SWE"] == ("GER",) and b.state.operators["SWE"] == "USA"
    assert reinforcements.german_rate(b, 8) == 4
