"""Equal Forces World Wide Battle Plan (WW equal): the choice of starting spaces.

"You may give a list of spaces that you would like to have as your starting country. (You
will start with only one space, and you won't start with an island unless you specifically
request it.)" The rest of Equal Forces is the basic game on the world map: the same starting
forces for everyone (15C), minors by kind (15C.2), the icepack air range
(``world_map(icepack=True)``), and the end of BP 1A ("until there is only one player left
who occupies a country").

>>> from umpire.games.battleplan.world.geography import world_map
>>> assign_spaces([["EFR"], ["EFR", "EWG"], [], ["EIR"]], world_map(icepack=True))
['EFR', 'EWG', 'EIT', 'EIR']
"""

from __future__ import annotations

from collections.abc import Sequence

from umpire.games.battleplan import errors
from umpire.games.battleplan.geography import GameMap

# The GM's choices, in order, for a player whose list is used up (ruling W-EQ1): spread over
# the world, none an island. The scenario's default seats are the same list.
GM_CHOICES = (
    *("EFR", "EWG", "EIT", "ETU", "RRU", "RKZ", "RYA", "MES", "MIN", "IPU", "CSI", "CSH"),
    *("CTH", "PWA", "PSW", "NCA", "NTX", "NNY", "NON", "NMX", "SNA", "SRJ", "AAL", "AZR"),
    "ASA",
)


def assign_spaces(
    preferences: Sequence[Sequence[str]], gm: GameMap, taken: Sequence[str] = ()
) -> list[str]:
    """Each player's starting space, in sign-up order: the first free space of his list (an
    island only if he listed it); with none left, the GM's next free choice that is no
    island, then any free non-island country in code order (ruling W-EQ1). ``taken``: spaces
    the GM has already given (they are nobody else's). A code that is no country is refused
    (OrderError ``order/unknown_space``)."""
    given = [c.upper() for c in taken]
    out: list[str] = []
    for wanted in preferences:
        codes = [c.upper() for c in wanted]
        for code in codes:
            if not gm.is_country(code):
                raise errors.UNKNOWN_SPACE.error(order=code, space=code)
        used = {*given, *out}
        choice = next((c for c in codes if c not in used), None)
        if choice is None:
            fallback = [*GM_CHOICES, *sorted(gm.countries)]
            choice = next(c for c in fallback if c not in used and not gm.spaces[c].island)
        out.append(choice)
    return out
