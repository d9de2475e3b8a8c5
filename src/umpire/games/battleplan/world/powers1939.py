"""The 13 powers of 1939 World Wide Battle Plan and the spaces each starts with
(``data/world1939.toml``; WW 1939.powers), and the map sets the victory conditions name.

>>> [p.name for p in powers_1939()][:4]
['Argentina/Chile/Spain', 'Brazil/Portugal', 'Colombia/Cuba/Mexico', 'BeNeLux & The Low Countries']
>>> sum(p.major for p in powers_1939())
9
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache

from umpire.games.battleplan.arms import Arms
from umpire.games.battleplan.geography import DATA, GameMap

MEDITERRANEAN = ("WWM", "WEM")  # 1939 Player #10: "space bordering the Mediterranean"
CONTINENTAL_EUROPE = tuple(
    # 1939 Player #8, as listed: "everything that starts with an 'E' except Scandinavia,
    # Turkey, and the islands"
    [
        "EGI",
        "EPR",
        "ENA",
        "EAR",
        "EFR",
        "ELY",
        "EDE",
        "ENE",
        "EBE",
        "ELU",
        "EWG",
        "EEG",
        "EPD",
        "ECZ",
        "EAU",
        "EHU",
        "ERO",
        "EBU",
        "EGR",
        "EAL",
        "EYU",
        "ESZ",
        "EIT",
    ]
)
MEXICO_AND_CENTRAL_AMERICA = tuple(
    [
        "NBJ",
        "NOA",
        "NES",
        "NSO",
        "NTB",
        "NEN",
        "NCH",
        "NYC",
        "NWN",
        "NVC",
        "NBE",
        "NPA",
        "NJL",
        "NGU",
        "NMX",
        "NHO",
    ]
)
CENTRAL_AMERICA_EXTRA = tuple(
    ["NGU", "NBE", "NHO", "NES", "NEN", "NWN", "NJA", "NHA", "NPR"]
)  # Player #3
LOW_COUNTRIES_CORE = ("EDE", "ENE", "ELU", "EBE")  # Players #4, #7, #9, #13
WARM_WATER = ("ETU", "MIN", "IPK")  # Player #12: Turkey, Iran, Pakistan
RUSSIA_TARGETS = tuple(
    ["RBA", "EFI", "EPD", "ECZ", "ENO", "EHU", "ERO", "IAF", "EBU", "EEG", "EAU", "EYU"]
)  # Player #12
INDOCHINA = ("CLA", "CCA", "CVN")  # Player #7
CANARY = "ACI"  # "all of Africa" is every A space except ACI


@dataclass(frozen=True, slots=True)
class Power1939:
    number: int
    code: str
    name: str
    major: bool
    spaces: tuple[str, ...]  # its original spaces
    minors: tuple[str, ...] = ()  # minors it starts controlling (not original: Player #4)
    home_islands: tuple[str, ...] = ()
    missile_research: bool = False  # WW 1939.missiles: may create a missile multiplier


@cache
def powers_1939() -> tuple[Power1939, ...]:
    with (DATA / "world1939.toml").open("rb") as fh:
        raw = tomllib.load(fh)
    return tuple(
        Power1939(
            number=p["number"],
            code=p["code"],
            name=p["name"],
            major=p["major"],
            spaces=tuple(p["spaces"]),
            minors=tuple(p.get("minors", ())),
            home_islands=tuple(p.get("home_islands", ())),
            missile_research=bool(p.get("missile_research", False)),
        )
        for p in raw["power"]
    )


# WW 1939.bombers and 1939.missiles (ruling W-1939M: after the first missile is fired, the
# others' missile research counts their Dollars twice)
ARMS_1939 = Arms(
    strategic_bombers=True,
    missiles_in_air_range=True,
    antimissiles=False,
    missile_research=frozenset(p.code for p in powers_1939() if p.missile_research),
    research_after_first_missile=2,
)


def power(number: int) -> Power1939:
    return powers_1939()[number - 1]


def region(gm: GameMap, letter: str) -> tuple[str, ...]:
    """The land spaces whose code starts with ``letter`` (the 1939 lists' "beginning with")."""
    return tuple(c for c in gm.countries if c.startswith(letter))


def bordering(gm: GameMap, seas: tuple[str, ...]) -> tuple[str, ...]:
    """The land spaces with a coast on any of ``seas``."""
    return tuple(c for c in gm.countries if set(gm.spaces[c].coasts) & set(seas))


def africa(gm: GameMap) -> tuple[str, ...]:
    """1939: "all the spaces that start with the letter 'A' except for ACI"."""
    return tuple(c for c in region(gm, "A") if c != CANARY)
