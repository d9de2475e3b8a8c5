"""The thirteen victory lists of 1939 set B, one function per power, one entry per line
(WW 1939.vp1 - 1939.vp13): its label, the points it gives now and the most it can give (the
figure in brackets after the line, on this map, for 25 turns), whose sum is checked against
the list's printed Max (ruling W-VP8). Definitions and shared rules: :mod:`victory1939`.

>>> sorted(LISTS) == list(range(1, 14))
True
"""

from __future__ import annotations

from collections.abc import Callable

from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.model import MINOR, GameState
from umpire.games.battleplan.world.powers1939 import (
    CENTRAL_AMERICA_EXTRA,
    CONTINENTAL_EUROPE,
    INDOCHINA,
    MEDITERRANEAN,
    MEXICO_AND_CENTRAL_AMERICA,
    RUSSIA_TARGETS,
    WARM_WATER,
    africa,
    bordering,
    power,
    powers_1939,
    region,
)
from umpire.games.battleplan.world.victory1939 import (
    ACS,
    BAL,
    BRP,
    CCM,
    CHI,
    FRA,
    GBR,
    GER,
    ITA,
    JAP,
    LOW,
    RUS,
    TURNS,
    USA,
    Line,
    Lines,
    africa_with_ally,
    count,
    europe_points,
    low_countries_hold_core,
    more_industry_than,
    navy,
    navy_points,
    occupies,
    owns,
    r_with_partner,
    turns_in_game,
    when,
)


def _orig(n: int) -> set[str]:
    return set(power(n).spaces)


def _every(gm: GameMap) -> set[str]:
    return set(gm.countries)


def argentina(s: GameState, gm: GameMap) -> Lines:
    mine, orig, sa = owns(s, ACS), _orig(ACS), set(region(gm, "S"))
    return [
        Line("90 per turn still in game", 90 * turns_in_game(s, ACS), 90 * TURNS),
        Line("100 if still owns ENA or EAR", when(bool(mine & {"ENA", "EAR"}), 100), 100),
        Line("50 per original space owned", 50 * count(orig, mine), 50 * len(orig)),
        Line("20 per other South American space", 20 * count(sa - orig, mine), 20 * len(sa - orig)),
        Line("500 if owns all of South America", when(sa <= mine, 500), 500),
        Line("400 if owns the Iberian Peninsula", when({"EPR", "ENA", "EAR"} <= mine, 400), 400),
        Line("200 if owns Gibraltar", when("EGI" in mine, 200), 200),
        Line("200 if owns Panama", when("NPA" in mine, 200), 200),
        Line("100 if owns Morocco", when("AMO" in mine, 100), 100),
    ]


def brazil(s: GameState, gm: GameMap) -> Lines:
    mine, orig, sa = owns(s, BRP), _orig(BRP), set(region(gm, "S"))
    others = orig - {"EPR"}
    colony = bool(mine & orig & set(africa(gm)))
    return [
        Line("90 per turn still in game", 90 * turns_in_game(s, BRP), 90 * TURNS),
        Line("135 if still owns Portugal", when("EPR" in mine, 135), 135),
        Line("35 per other original space owned", 35 * count(others, mine), 35 * len(others)),
        Line("20 per other South American space", 20 * count(sa - orig, mine), 20 * len(sa - orig)),
        Line("500 if owns all of South America", when(sa <= mine, 500), 500),
        Line("400 if owns the Iberian Peninsula", when({"EPR", "ENA", "EAR"} <= mine, 400), 400),
        Line("200 if owns Panama", when("NPA" in mine, 200), 200),
        Line("150 if still owns an African colony", when(colony, 150), 150),
        Line("200 if all Africa with an ally", when(africa_with_ally(s, gm, BRP), 200), 200),
        Line("25 per most navy in WMG, WSA", navy_points(s, BRP, ("WMG", "WSA"), 25), 25 * 2),
    ]


def colombia(s: GameState, gm: GameMap) -> Lines:
    mine, orig, sa = owns(s, CCM), _orig(CCM), set(region(gm, "S"))
    extra = CENTRAL_AMERICA_EXTRA
    return [
        Line("100 per turn still in game", 100 * turns_in_game(s, CCM), 100 * TURNS),
        Line("25 per original space owned", 25 * count(orig, mine), 25 * len(orig)),
        Line("15 per Central American country", 15 * count(extra, mine), 15 * len(extra)),
        Line("100 if owns Panama", when("NPA" in mine, 100), 100),
        Line(
            "200 if owns Mexico and Central America",
            when(set(MEXICO_AND_CENTRAL_AMERICA) <= mine, 200),
            200,
        ),
        Line("10 per other South American space", 10 * count(sa - orig, mine), 10 * len(sa - orig)),
        Line("500 if owns all of South America", when(sa <= mine, 500), 500),
        Line("300 each for Texas, California", 300 * count(("NTX", "NCA"), mine), 300 * 2),
    ]


def low_countries(s: GameState, gm: GameMap) -> Lines:
    mine, orig = owns(s, LOW), _orig(LOW)
    return [
        Line("110 per turn still in game", 110 * turns_in_game(s, LOW), 110 * TURNS),
        Line("75 per original country owned", 75 * count(orig, mine), 75 * len(orig)),
        Line("400 if all Africa with an ally", when(africa_with_ally(s, gm, LOW), 400), 400),
        Line("300 if larger than at the start", when(len(mine) > len(orig), 300), 300),
        Line("100 if owns an African country", when(bool(mine & set(region(gm, "A"))), 100), 100),
        Line("100 if owns a Pacific island", when(bool(mine & set(region(gm, "P"))), 100), 100),
        Line("175 if still owns EDE, ENE, ELU or EBE", when(low_countries_hold_core(s), 175), 175),
    ]


def balkans(s: GameState, gm: GameMap) -> Lines:
    mine = owns(s, BAL)
    kept = ("RBA", "ERO", "EBU", "EYU", "EGR", "ECR")
    wanted = ("EPD", "ECZ", "RUK", "RCA")
    return [
        Line("110 per turn still in game", 110 * turns_in_game(s, BAL), 110 * TURNS),
        Line("500 if still owns Turkey", when("ETU" in mine, 500), 500),
        Line("100 per RBA ERO EBU EYU EGR ECR owned", 100 * count(kept, mine), 100 * len(kept)),
        Line("75 per EPD ECZ RUK RCA owned", 75 * count(wanted, mine), 75 * len(wanted)),
        Line("300 if bigger than at the start", when(len(mine) > len(_orig(BAL)), 300), 300),
        Line("50 per most navy in WBK, WEM", navy_points(s, BAL, ("WBK", "WEM"), 50), 50 * 2),
    ]


def china(s: GameState, gm: GameMap) -> Lines:
    mine, c, every = owns(s, CHI), set(region(gm, "C")), _every(gm)
    japan = occupies(s, JAP)
    return [
        Line("90 per turn still in game", 90 * turns_in_game(s, CHI), 90 * TURNS),
        Line("60 per C space owned", 60 * count(c, mine), 60 * len(c)),
        Line("3 per other space owned", 3 * len(mine - c), 3 * len(every - c)),
        Line("150 if Japan is smaller", when(len(owns(s, JAP)) < len(_orig(JAP)), 150), 150),
        Line("100 if Japan is eliminated", when(not japan, 100), 100),
    ]


def france(s: GameState, gm: GameMap) -> Lines:
    mine, orig, every = owns(s, FRA), _orig(FRA), _every(gm)
    empire = orig - {"EFR", "ELY", "EPD"}
    seas = ("WMA", "WSA", "WWM")
    return [
        Line("200 each for EFR and ELY", 200 * count(("EFR", "ELY"), mine), 200 * 2),
        Line("150 for owning Poland", when("EPD" in mine, 150), 150),
        Line("100 per other part of the Empire", 100 * count(empire, mine), 100 * len(empire)),
        Line("200 if still owns a space in Indochina", when(bool(mine & set(INDOCHINA)), 200), 200),
        Line("50 if owns a Mideast space", when(bool(mine & set(region(gm, "M"))), 50), 50),
        Line("2 per space not originally owned", 2 * len(mine - orig), 2 * len(every - orig)),
        Line("250 if Germany is smaller", when(len(owns(s, GER)) < len(_orig(GER)), 250), 250),
        Line("250 if Germany is eliminated", when(not occupies(s, GER), 250), 250),
        Line("200 if all Africa with an ally", when(africa_with_ally(s, gm, FRA), 200), 200),
        Line(
            "100 if the Low Countries hold EDE ENE ELU EBE",
            when(low_countries_hold_core(s), 100),
            100,
        ),
        Line("25 per most navy in WMA, WSA, WWM", navy_points(s, FRA, seas, 25), 25 * len(seas)),
    ]


def germany(s: GameState, gm: GameMap) -> Lines:
    mine = owns(s, GER)
    france_cont = owns(s, FRA) & set(CONTINENTAL_EUROPE)
    france_ok = not france_cont or (
        france_cont == {"ELY"} and s.player(FRA).declared.get(GER) == "A"
    )
    colonies = set(bordering(gm, ("WSC",))) | {"CBU"}
    others = len(s.players) - 1
    return [
        Line("10 per space owned", 10 * len(mine), 10 * len(gm.countries)),
        Line("100 if bigger than at the start", when(len(mine) > len(_orig(GER)), 100), 100),
        Line("500/800 Europe with Italy", europe_points(s, gm, GER, ITA, (500, 800)), 800),
        Line("500 if all R spaces with Japan", when(r_with_partner(s, gm, GER, JAP), 500), 500),
        Line("350 if France is off the Continent", when(france_ok, 350), 350),
        Line("150 each for EGB and ESC", 150 * count(("EGB", "ESC"), mine), 150 * 2),
        Line("150 if owns an African colony", when(bool(mine & set(africa(gm))), 150), 150),
        Line("150 if owns an Indochina colony", when(bool(mine & colonies), 150), 150),
        Line("25 per player with less industry", 25 * more_industry_than(s, GER), 25 * others),
        Line("30 per most navy in WBT, WNS", navy_points(s, GER, ("WBT", "WNS"), 30), 30 * 2),
    ]


def britain(s: GameState, gm: GameMap) -> Lines:
    mine, orig, every = owns(s, GBR), _orig(GBR), _every(gm)
    core = {"EGI", "AEG", "EGB", "ESC"}
    russia = owns(s, RUS)
    rivals = (USA, FRA, RUS, GER, ITA, JAP)
    seas = ("WNS", "WMA", "WGR", "WBF", "WSA", "WTI", "WCO")
    less = sum(1 for r in rivals if navy(s, r) < navy(s, GBR))
    return [
        Line("100 each for Gibraltar and Egypt", 100 * count(("EGI", "AEG"), mine), 100 * 2),
        Line("200 each for EGB and ESC", 200 * count(("EGB", "ESC"), mine), 200 * 2),
        Line(
            "45 per other part of the Empire", 45 * count(orig - core, mine), 45 * len(orig - core)
        ),
        Line("200 if Russia has no warm water port", when(not russia & set(WARM_WATER), 200), 200),
        Line("2 per space not of the Empire", 2 * len(mine - orig), 2 * len(every - orig)),
        Line("100 if all Africa with an ally", when(africa_with_ally(s, gm, GBR), 100), 100),
        Line("30 per rival with less navy", 30 * less, 30 * len(rivals)),
        Line("20 per most navy in seven seas", navy_points(s, GBR, seas, 20), 20 * len(seas)),
        Line(
            "100 if the Low Countries hold EDE ENE ELU EBE",
            when(low_countries_hold_core(s), 100),
            100,
        ),
        Line("25 if EIR is still a minor", when(s.countries["EIR"].owner == MINOR, 25), 25),
    ]


def italy(s: GameState, gm: GameMap) -> Lines:
    mine, orig, every = owns(s, ITA), _orig(ITA), _every(gm)
    med = set(bordering(gm, MEDITERRANEAN)) - orig - {"AEG"}
    rest = every - orig - med - {"AEG"}
    return [
        Line("100 per original space owned", 100 * count(orig, mine), 100 * len(orig)),
        Line("600/900 Europe with Germany", europe_points(s, gm, ITA, GER, (600, 900)), 900),
        Line("75 per new Mediterranean space", 75 * count(med, mine), 75 * len(med)),
        Line("100 for owning Egypt", when("AEG" in mine, 100), 100),
        Line("5 per other new space", 5 * count(rest, mine), 5 * len(rest)),
        Line("100 if larger than at the start", when(len(mine) > len(orig), 100), 100),
        Line("200 if all Africa with an ally", when(africa_with_ally(s, gm, ITA), 200), 200),
        Line("100 per most navy in WWM, WEM", navy_points(s, ITA, ("WWM", "WEM"), 100), 100 * 2),
        Line("50 if most navy in WRS", navy_points(s, ITA, ("WRS",), 50), 50),
    ]


def japan(s: GameState, gm: GameMap) -> Lines:
    mine, home = owns(s, JAP), set(power(JAP).home_islands)
    c, p = set(region(gm, "C")), set(region(gm, "P"))
    rest = _every(gm) - home - c - p - {"RKM", "NAK"}
    seas = ("WJA", "WOK", "WPI", "WSC")
    others = len(s.players) - 1
    return [
        Line("150 per home island owned", 150 * count(home, mine), 150 * len(home)),
        Line("50 per other C space", 50 * count(c - home, mine), 50 * len(c - home)),
        Line("500 if all R spaces with Germany", when(r_with_partner(s, gm, JAP, GER), 500), 500),
        Line("60 per P space", 60 * count(p, mine), 60 * len(p)),
        Line("150 if owns every C space", when(c <= mine, 150), 150),
        Line("150 if owns every P space", when(p <= mine, 150), 150),
        Line("25 each for RKM and NAK", 25 * count(("RKM", "NAK"), mine), 25 * 2),
        Line("2 per other space", 2 * count(rest, mine), 2 * len(rest)),
        Line("25 per player with less industry", 25 * more_industry_than(s, JAP), 25 * others),
        Line(
            "50 per most navy in WJA, WOK, WPI, WSC", navy_points(s, JAP, seas, 50), 50 * len(seas)
        ),
    ]


def russia(s: GameState, gm: GameMap) -> Lines:
    mine, orig = owns(s, RUS), _orig(RUS)
    ports = count(WARM_WATER, mine)
    rest = _every(gm) - orig - set(RUSSIA_TARGETS) - set(WARM_WATER)
    seas = ("WBR", "WBT", "WBK", "WJA")
    return [
        Line("100 per original space owned", 100 * count(orig, mine), 100 * len(orig)),
        Line("400/600/750 for warm water ports", (0, 400, 600, 750)[ports], 750),
        Line(
            "75 per listed country owned",
            75 * count(RUSSIA_TARGETS, mine),
            75 * len(RUSSIA_TARGETS),
        ),
        Line("5 per other country", 5 * count(rest, mine), 5 * len(rest)),
        Line(
            "25 per most navy in WBR, WBT, WBK, WJA", navy_points(s, RUS, seas, 25), 25 * len(seas)
        ),
    ]


def usa(s: GameState, gm: GameMap) -> Lines:
    mine = owns(s, USA)
    china = owns(s, CHI)
    counted = [p for p in powers_1939() if p.number not in (USA, GER, ITA, JAP)]
    kept = sum(count(p.spaces, owns(s, p.number)) for p in counted)
    majors = [p for p in powers_1939() if p.major]
    americas = set(region(gm, "N")) | set(region(gm, "S"))
    monroe = all(not (owns(s, p.number) & americas) - set(p.spaces) for p in majors)
    seas = ("WWA", "WGM", "WNP", "WMP")
    # "Another 150 points if China still owns at least one country, and 200 if the country
    # China owns is a 'C' country. (200)", Max 4210: 200 at most (ruling W-VP7)
    china_points = 200 if china & set(region(gm, "C")) else when(bool(china), 150)
    return [
        Line("100 per part of the USA owned", 100 * count(_orig(USA), mine), 100 * len(_orig(USA))),
        Line("300 for owning Panama", when("NPA" in mine, 300), 300),
        Line("50 each for Midway, PLU, PMI", 50 * count(("PMD", "PLU", "PMI"), mine), 50 * 3),
        Line(
            "25 per player still owning a country",
            25 * sum(1 for p in s.players if owns(s, p.number)),
            25 * len(s.players),
        ),
        Line("150 if China owns a country, 200 if a C", china_points, 200),
        Line(
            "10 per space kept by its original player",
            10 * kept,
            10 * sum(len(p.spaces) for p in counted),
        ),
        Line("200 Monroe Doctrine", when(monroe, 200), 200),
        Line(
            "25 per most navy in WWA, WGM, WNP, WMP", navy_points(s, USA, seas, 25), 25 * len(seas)
        ),
        Line(
            "100 if the Low Countries hold EDE ENE ELU EBE",
            when(low_countries_hold_core(s), 100),
            100,
        ),
        Line("25 if Switzerland is still a minor", when(s.countries["ESZ"].owner == MINOR, 25), 25),
    ]


LISTS: dict[int, Callable[[GameState, GameMap], Lines]] = {
    ACS: argentina,
    BRP: brazil,
    CCM: colombia,
    LOW: low_countries,
    BAL: balkans,
    CHI: china,
    FRA: france,
    GER: germany,
    GBR: britain,
    ITA: italy,
    JAP: japan,
    RUS: russia,
    USA: usa,
}


def score(state: GameState, gm: GameMap, number: int) -> Lines:
    """Power ``number``'s victory points, one entry per line of its list."""
    return LISTS[number](state, gm)


def total(state: GameState, gm: GameMap, number: int) -> int:
    return sum(line.points for line in score(state, gm, number))
