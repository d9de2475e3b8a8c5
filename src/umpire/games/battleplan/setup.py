"""The opening position: starting forces of 15C, industry limits of 12E, TaxBases of 5E.

>>> s = new_state(["AL", "NE", "SP", "SW", "TU"], max_turns=30)
>>> tu = s.countries["TU"]
>>> (tu.owner, tu.army, tu.navy, tu.air, tu.industry, tu.limit, tu.taxbase, tu.hpi)
(5, 50, 20, 30, 30, 50, 100, 100)
>>> cz = s.countries["CZ"]   # a landlocked minor: no navy, 10 AirForce
>>> (cz.owner, cz.army, cz.navy, cz.air, cz.industry, cz.limit, cz.taxbase)
(0, 10, 0, 10, 6, 20, 10)
>>> gb = s.countries["GB"]   # an island minor: 4 army and 10 navy
>>> (gb.army, gb.navy, gb.air)
(4, 10, 6)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from umpire.games.battleplan.geography import GameMap, europe
from umpire.games.battleplan.model import (
    MINOR,
    STARTING_HPI,
    STARTING_MULTIPLIERS,
    Country,
    GameState,
    Player,
    Sea,
    but,
    with_key,
)


@dataclass(frozen=True, slots=True)
class Start:
    """The starting forces of a scenario (15C; "these forces may vary in WW games")."""

    player: tuple[int, int, int] = (50, 20, 30)  # 15C.1: Army, Navy, AirForce
    player_landlocked_air: int = 50  # 15C.1: no coast: no Navy, 50 AirForce
    minor: tuple[int, int, int] = (10, 4, 6)  # 15C.2
    minor_landlocked_air: int = 10
    minor_island: tuple[int, int] = (4, 10)  # 15C.2: islands' Army and Navy
    # BP 10: "We will probably start you with a default build of BA1" (and the sample
    # printout's Defaults=(BA100)): a missed first turn builds Army
    defaults: tuple[tuple[str, int], ...] = (("A", 1),)
    # multipliers that start other than 5C's (WW 1939.missiles: no missile multiplier)
    multipliers: tuple[tuple[str, int], ...] = ()


EUROPE_START = Start()
MINOR_CONTROL = 10  # popularity of a minor's controller at the start (WW 1939; ruling W-1939F)


def starting_country(
    gm: GameMap, code: str, owner: int, start: Start = EUROPE_START, capital: bool = True
) -> Country:
    space = gm.spaces[code]
    if owner != MINOR and capital:
        army, navy, air = start.player
        if not space.has_coast:
            navy, air = 0, start.player_landlocked_air
        return Country(
            code=code,
            owner=owner,
            army=army,
            navy=navy,
            air=air,
            missiles=0,
            anti=0,
            industry=gm.home_industry,
            limit=gm.home_industry_limit,
            taxbase=gm.home_taxbase,
            hpi=STARTING_HPI,  # ruling R-S1 (the sample printout)
        )
    army, navy, air = start.minor
    if not space.has_coast:
        navy, air = 0, start.minor_landlocked_air
    elif space.island:
        army, navy = start.minor_island
    # WW 1939 (ruling W-1939F): a power's other original spaces start with a minor's forces,
    # occupied by it "as if you had occupied them earlier"
    return Country(
        code=code,
        owner=owner,
        hpi=STARTING_HPI if owner != MINOR else 0,
        army=army,
        navy=navy,
        air=air,
        missiles=0,
        anti=0,
        industry=gm.minor_industry,
        limit=gm.minor_industry_limit,
        taxbase=gm.minor_taxbase,
    )


def new_state(
    powers: Sequence[str],
    *,
    max_turns: int,
    gm: GameMap | None = None,
    scenario: str = "europe",
    start: Start = EUROPE_START,
    holdings: Mapping[str, Sequence[str]] | None = None,
    minors: Mapping[str, Sequence[str]] | None = None,
) -> GameState:
    """Player numbers follow the order of ``powers`` (1A, 14: "your position in the game").
    A power starts in the country of its own code, or in its ``holdings`` (the first one its
    capital: WW 1939); ``minors`` are minors a power starts controlling (WW 1939 #4)."""
    gm = gm or europe()
    number = {p: i for i, p in enumerate(powers, start=1)}
    held = holdings or {p: (p,) for p in powers}
    owner = {c: number[p] for p in powers for c in held.get(p, ())}
    capitals = {held[p][0] for p in powers if held.get(p)}
    countries = {
        c: starting_country(gm, c, owner.get(c, MINOR), start, c in capitals) for c in gm.countries
    }
    for p, codes in (minors or {}).items():
        for c in codes:
            k = countries[c]
            popularity = with_key(k.popularity, number[p], MINOR_CONTROL)  # ruling W-1939F
            countries[c] = but(k, popularity=popularity)
    players = tuple(
        Player(
            number=i,
            power=p,
            defaults=dict(start.defaults),
            multipliers={**STARTING_MULTIPLIERS, **dict(start.multipliers)},
        )
        for p, i in number.items()
    )
    return GameState(
        scenario=scenario,
        turn=1,
        max_turns=max_turns,
        players=players,
        countries=countries,
        seas={c: Sea(c) for c in gm.seas},
    )
