"""Who operates which nationality, who is at war with whom, invasions and permissions.

- 2.0, 4.41-4.43: the nationalities a player moves (Italy with Germany in the five- and
  four-Player versions, the US with Britain in the four-Player version, Poland with France,
  16.9).
- 12.0, 16.11-16.14, 16.21-16.24, 20.0-20.2: minor countries, their operators and invasion.
- 19.12: a hostile force is a player's units who have invaded a country or fought its units
  or allies, without a peace since: ``state.invaded[country]`` lists those players.
- Permissions (standing choices, see docs/rulings/spi-ww2.md): ``(granter, grantee, right)``
  with rights SUPPLY (9.12, 9.33, 9.42), STRAITS (9.32), BRITAIN (10.51, 10.82), TRANSIT
  (16.24, 16.31), MED (6.55: the Italian Player spares a power from the die roll of 6.53),
  TRANSPORT (5.75, 5.77: the grantee's SP may ride the granter's transport points).
"""

from __future__ import annotations

from collections.abc import Iterable

from umpire.games.spi_ww2.charts import Charts
from umpire.games.spi_ww2.model import State

RIGHTS = ("SUPPLY", "STRAITS", "BRITAIN", "TRANSIT", "MED", "TRANSPORT")
MAJORS = ("GER", "ITA", "GBR", "FRA", "USA", "USSR")


def nationalities(state: State, charts: Charts, player: str) -> tuple[str, ...]:
    """The nationalities ``player`` operates now: his Player-Turn's and the minors he runs."""
    own = next((t for t in charts.order(state.version) if t[0] == player), ())
    minors = tuple(sorted(c for c, p in state.operators.items() if p == player and c not in own))
    return (*own, *minors)


def player_of(state: State, charts: Charts, nat: str) -> str:
    """The player who operates ``nat`` ("" for a minor nobody operates)."""
    player = charts.operator(state.version).get(nat)
    return player if player is not None else state.operators.get(nat, "")


def at_war(state: State, p: str, q: str) -> bool:
    return p != q and tuple(sorted((p, q))) in state.wars


def enemies(state: State, p: str) -> set[str]:
    return {q for w in state.wars if p in w for q in w if q != p}


def permitted(state: State, granter: str, grantee: str, right: str) -> bool:
    return granter == grantee or (granter, grantee, right) in state.permits


def country_player(state: State, charts: Charts, country: str) -> str:
    """The player a country belongs to before any conquest: a major's home or possession,
    a minor's operator (16.12, 20.1-20.2); "" for a minor nobody operates."""
    owner = charts.map.owner(country)
    if owner:
        return player_of(state, charts, owner)
    return player_of(state, charts, country)


def is_minor(charts: Charts, nat: str) -> bool:
    return nat not in MAJORS


def pro_axis(charts: Charts, nat: str) -> bool:
    return nat in charts.mp["minors"]["pro_axis"]


def self_defense(charts: Charts, nat: str) -> bool:
    return nat in charts.mp["minors"]["self_defense"]


def active_minor(state: State, nat: str) -> bool:
    """A minor that has been invaded (or Poland, at war from the set-up)."""
    return bool(state.invaded.get(nat))


def dormant(state: State, charts: Charts, nat: str) -> bool:
    """A self-defense neutral nobody has invaded yet (16.22, 16.24): its army moves and fights
    for nobody, and whoever enters it, its operator too, invades it (12.0, 20.0)."""
    return self_defense(charts, nat) and not active_minor(state, nat)


def commands(state: State, charts: Charts, player: str, nat: str) -> bool:
    """Are ``nat``'s units ``player``'s own: his to move, to stack with, never to attack? An
    operator's neutral not yet invaded is not (20.0: operation begins with the invasion)."""
    return player_of(state, charts, nat) == player and not dormant(state, charts, nat)


def _one_way(state: State, charts: Charts, a: str, pb: str) -> bool:
    if not is_minor(charts, a):
        return False
    if pb in state.invaded.get(a, ()):
        return True
    pa = player_of(state, charts, a)
    if pro_axis(charts, a) or active_minor(state, a):
        return bool(pa) and at_war(state, pa, pb)
    return False


def hostile(state: State, charts: Charts, a: str, b: str) -> bool:
    """Are units of nationalities ``a`` and ``b`` enemies of each other?"""
    pa, pb = player_of(state, charts, a), player_of(state, charts, b)
    if pa and pa == pb:
        return False
    if not is_minor(charts, a) and not is_minor(charts, b):
        return at_war(state, pa, pb)
    return _one_way(state, charts, a, pb) or _one_way(state, charts, b, pa)


def operator_after_invasion(
    charts: Charts, version: int, country: str, invader: str, current: str
) -> str:
    """20.0-20.2: the first-listed operator invading hands operations to the second; any
    other invasion leaves them with the ``current`` operator (a later invader does not hand
    them back to the first-listed one)."""
    chart = charts.mp["operations"]["4" if version == 4 else "5"]
    listed = chart.get(country, [])
    if len(listed) > 1 and invader == listed[0] and current == listed[0]:
        return str(listed[1])
    return current


def initial_operators(charts: Charts, version: int) -> dict[str, str]:
    """20.1 (five and six Players) or 20.2 (four Players): the first-listed operator."""
    chart = charts.mp["operations"]["4" if version == 4 else "5"]
    return {c: str(ops[0]) for c, ops in chart.items()}


def with_war(wars: Iterable[tuple[str, str]], p: str, q: str) -> tuple[tuple[str, str], ...]:
    pair = (min(p, q), max(p, q))
    return tuple(sorted({*wars, pair}))
