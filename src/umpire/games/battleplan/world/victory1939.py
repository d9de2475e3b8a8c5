"""1939 World Wide Battle Plan, victory set B: every power's points, line by line (WW 1939.vp1-13).

The definitions of the set: "Still in the game" is the last turn he occupied a country
(``Player.last_turn_occupying``); "owns" is occupies or controls as a minor; "most navy in"
is more navy in the sea than any other one player; "more industry than" is more total
industry in countries owned, suppressed industry counting but not industry over the limit;
"all of Africa" is every A space but ACI. For points for owning all of Africa, Russia or
Europe with one other player, owning it all oneself counts, and one must own at least one of
the spaces oneself.

``score(state, gm, number)`` gives ``[Line(label, points, most), ...]`` in the order of the
list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.model import MINOR, GameState
from umpire.games.battleplan.world.powers1939 import (
    CONTINENTAL_EUROPE,
    LOW_COUNTRIES_CORE,
    africa,
    region,
)


class Line(NamedTuple):
    """One line of a power's victory list."""

    label: str
    points: int  # what it gives now
    most: int  # the most it can give: its figure in brackets, on this map, for TURNS turns


Lines = list[Line]
TURNS = 25  # "25 turns approx": the brackets' count for the per-turn lines
ACS, BRP, CCM, LOW, BAL, CHI, FRA, GER, GBR, ITA, JAP, RUS, USA = range(1, 14)
EUROPE_EXEMPT = ("EPR", "EAR", "ENA", "EGI", "ETU", "EPD", "ESW", "ENO")  # Player #8


# ---------------------------------------------------------------------------- definitions


def owns(state: GameState, n: int) -> set[str]:
    """ "Owns" means occupies or controls as a minor."""
    return {c for c, k in state.countries.items() if k.controller() == n}


def occupies(state: GameState, n: int) -> set[str]:
    return {c for c, k in state.countries.items() if k.owner == n}


def turns_in_game(state: GameState, n: int) -> int:
    """ "Still in the game" means the last turn he occupied a country."""
    return state.player(n).last_turn_occupying


def most_navy(state: GameState, sea: str, n: int) -> bool:
    """ "Most navy in" means has more navy in the space than any other one player."""
    forces = state.seas[sea].forces
    mine = forces[n].navy if n in forces else 0
    return mine > 0 and all(s.navy < mine for p, s in forces.items() if p != n)


def industry(state: GameState, n: int) -> int:
    """Suppressed industry counts; industry over the limit does not."""
    return sum(min(k.industry, k.limit) for k in state.countries.values() if k.controller() == n)


def navy(state: GameState, n: int) -> int:
    at_sea = sum(s.forces[n].navy for s in state.seas.values() if n in s.forces)
    return at_sea + sum(k.navy for k in state.countries.values() if k.controller() == n)


def more_industry_than(state: GameState, n: int) -> int:
    totals: dict[int, int] = {}
    for k in state.countries.values():  # every player's industry in one pass
        who = k.controller()
        totals[who] = totals.get(who, 0) + min(k.industry, k.limit)
    mine = totals.get(n, 0)
    return sum(1 for p in state.players if p.number != n and totals.get(p.number, 0) < mine)


def allied(state: GameState, a: int, b: int) -> bool:
    """Each has the other on his ally list."""
    return state.player(a).declared.get(b) == "A" and state.player(b).declared.get(a) == "A"


def with_one_other(
    state: GameState, n: int, spaces: Iterable[str], partner_ok: Callable[[int], bool]
) -> bool:
    """All ``spaces`` owned by ``n`` alone or by ``n`` and one other player for whom
    ``partner_ok`` holds; ``n`` must own at least one of them himself."""
    spaces = set(spaces)
    mine = owns(state, n) & spaces
    if not mine:
        return False
    rest = spaces - mine
    if not rest:
        return True
    holders = {state.countries[c].controller() for c in rest}
    if len(holders) != 1 or MINOR in holders:
        return False
    return partner_ok(holders.pop())


def africa_with_ally(state: GameState, gm: GameMap, n: int) -> bool:
    return with_one_other(state, n, africa(gm), lambda m: allied(state, n, m))


def navy_points(state: GameState, n: int, seas: Iterable[str], each: int) -> int:
    return each * sum(1 for s in seas if most_navy(state, s, n))


def low_countries_hold_core(state: GameState) -> bool:
    return bool(owns(state, LOW) & set(LOW_COUNTRIES_CORE))


def europe_points(state: GameState, gm: GameMap, n: int, partner: int, pts: tuple[int, int]) -> int:
    """Players #8 and #10: Germany and Italy between them own continental Europe (first
    figure) or every E space (second); EXEMPT spaces need not be theirs if their holder lists
    ``n`` as an ally."""

    def covered(spaces: Iterable[str]) -> bool:
        ours = owns(state, n) | owns(state, partner)
        if not owns(state, n) & set(spaces):
            return False
        for c in spaces:
            holder = state.countries[c].controller()
            if c in ours:
                continue
            exempt = c in EUROPE_EXEMPT and holder != MINOR
            if not (exempt and state.player(holder).declared.get(n) == "A"):
                return False
        return True

    if covered(region(gm, "E")):
        return pts[1]
    return pts[0] if covered(CONTINENTAL_EUROPE) else 0


def r_with_partner(state: GameState, gm: GameMap, n: int, partner: int) -> bool:
    """Germany & Japan between them own all the R spaces (one alone counts)."""
    return with_one_other(state, n, region(gm, "R"), lambda m: m == partner)


def count(spaces: Iterable[str], mine: set[str]) -> int:
    return len(set(spaces) & mine)


def when(cond: bool, pts: int) -> int:
    return pts if cond else 0
