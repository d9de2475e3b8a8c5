"""The legal space orders of each space a player holds, for order entry by lists and by
clicking the map (the pages' ``HasOrderOptions``).

For each country the player controls and each sea where he has forces (BP 8: ``@XXX`` starts
that space's orders), the candidates are: a build of every kind with all the Industry usable
there (8 ``BIn`` ... ``BXn``), and, for every force type standing there, each move
(``ATnXXX`` ...) and each attack or support of section 8 with every unit of that type, towards
every space its reach allows (``legality.reach``: adjacency, coasts, the Turkey Strait and
canals as permitted, the air range; missiles: the whole map, 4F.1). Every candidate is then
put through the game's own :meth:`check` (legality.py and the scenario's options: no attacks
on turn one, the 1939 arms), alone, and only what it accepts is offered, in canonical form.
Nothing here decides legality itself.

The number in each option is the most the order may use (every unit of the type, all the
Industry); the page lets the player lower it, and BP 12C lets him give several orders from
one space (each is checked against what the orders before it used when they are sent).
Standing orders (11) and player orders (declarations, money, spies, messages) are typed.

>>> places("@TU AC20BU"), places("@TU BA6"), places("@BLA NT10TU")
(('TU', 'BU'), ('TU',), ('BLA', 'TU'))
>>> [gloss(o) for o in ("@TU AC20BU", "@TU BA6", "@BLA NT10TU", "@TU FI5GR")]
['conquer BU with 20 Army', 'build Army with 6 Industry', 'move 10 Navy to TU', 'attack the Industry in GR with 5 AirForce']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol

from umpire.games.battleplan import ending
from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.legality import available, holds, reach
from umpire.games.battleplan.model import GameState
from umpire.games.battleplan.orders import (
    ATTACK_VERBS,
    COUNTRY_ONLY,
    VERBS,
    Action,
    Build,
    Order,
    Transfer,
)

UNITS = "ANFMX"  # Army, Navy, AirForce, Missiles, anti-missiles (8)
BUILD_KINDS = "IANFMX"
_SPACE_ORDER = re.compile(r"@([A-Z]+) ([A-Z]{2})(\d+)([A-Z]*)$")  # @TU AC20BU, @TU BA6
NAMES = {"I": "Industry", "A": "Army", "N": "Navy", "F": "AirForce", "M": "Missiles",
         "X": "AntiMissiles"}  # fmt: skip
# What each order of section 8 does, in a few words ({n} units, {t} the target)
DOES = {
    "AC": "conquer {t} with {n} Army",
    "AB": "attack (bombard) {t} with {n} Army",
    "AS": "support {t} with {n} Army",
    "NN": "attack {t} with {n} Navy",
    "NS": "support {t} with {n} Navy",
    "FA": "attack the Army in {t} with {n} AirForce",
    "FN": "attack the Navy in {t} with {n} AirForce",
    "FF": "attack the AirBase in {t} with {n} AirForce",
    "FI": "attack the Industry in {t} with {n} AirForce",
    "FS": "support {t} with {n} AirForce",
    "MA": "fire {n} Missiles at the Army in {t}",
    "MF": "fire {n} Missiles at the AirBase in {t}",
    "MI": "fire {n} Missiles at the Industry in {t}",
}


class _Rules(Protocol):
    gm: GameMap

    def verdicts(
        self, state: GameState, number: int, given: Sequence[Order]
    ) -> list[tuple[str, str] | None]: ...
    def format(self, order: Any) -> str: ...


def legal_orders(
    rules: _Rules, state: GameState, power: str, *, sieve: bool = True
) -> dict[str, list[str]]:
    """``@XXX`` -> the canonical text of every legal space order of XXX (see the module).
    ``sieve``: leave out at once the candidates the check refuses on their face (a third of
    them; the tests prove the lists the same without it)."""
    gm = rules.gm
    number = state.number_of(power)
    if not ending.active(state, number):  # BP 1A, ruling R-OUT: no order is his to give
        return {}
    out: dict[str, list[str]] = {}
    for space in gm.spaces:
        if not holds(state, number, space):
            continue
        accepted = [
            rules.format(order)
            for order in _candidates(state, gm, number, space, sieve)
            if rules.verdicts(state, number, [order]) == [None]  # the game's check, alone
        ]
        if accepted:
            out[f"@{space}"] = accepted
    return out


def _candidates(
    state: GameState, gm: GameMap, number: int, space: str, sieve: bool = True
) -> list[Order]:
    """The candidates of ``space`` (see the module). With ``sieve``, not those the check
    refuses on their face: a verb of section 8 that needs a country (CCC) towards a sea, an
    attack on one of the player's own countries (legality.py refuses both, always)."""
    out: list[Order] = []
    country = state.countries.get(space)
    if country is not None and country.usable_industry > 0:
        out += [Build(space, kind, country.usable_industry) for kind in BUILD_KINDS]
    for unit in UNITS:
        have = available(state, space, unit, number)
        if have < 1:
            continue
        for target in _near(gm, space, unit):
            if unit == "M" or reach(state, gm, number, "F" if unit == "X" else unit, space, target):
                out.append(Transfer(space, unit, have, target))
                out += [
                    Action(space, verb, have, target)
                    for verb in VERBS
                    if verb[0] == unit and not (sieve and _refused(state, gm, number, verb, target))
                ]
    return out


def _refused(state: GameState, gm: GameMap, number: int, verb: str, target: str) -> bool:
    """Does the check refuse ``verb`` towards ``target`` whatever else the order says?"""
    if verb in COUNTRY_ONLY and not gm.is_country(target):
        return True  # errors.NOT_A_COUNTRY
    country = state.countries.get(target)
    return verb in ATTACK_VERBS and country is not None and country.owner == number  # own


def _near(gm: GameMap, space: str, unit: str) -> list[str]:
    """A first sieve of the spaces ``unit`` might reach from ``space`` (``reach`` and the game's
    check decide): by air, AirForce and (anti-)missiles' moves; missiles fire at the whole map
    (4F.1); the rest, neighbours and the seas a canal joins."""
    here = gm.spaces[space]
    if unit == "M":
        return [t for t in gm.spaces if t != space]
    if unit in "FX":
        return sorted(here.air - {space})
    joined = {t for c in gm.canals if space in c.seas for t in c.seas if t != space}
    return sorted(set(here.adjacent) | joined)


def places(order: str) -> tuple[str, ...]:
    """The spaces a canonical space order names: its own space first, then its target (a
    build names only its own); nothing for any other text."""
    found = _SPACE_ORDER.match(order)
    if found is None:
        return ()
    return (found[1], found[4]) if found[4] else (found[1],)


def key(order: str) -> str:
    """12C: an order without its numbers (two such orders are one order)."""
    return re.sub(r"\d+", "#", order)


def gloss(order: str) -> str:
    """What a canonical space order does, in a few words ("" for any other text)."""
    found = _SPACE_ORDER.match(order)
    if found is None:
        return ""
    verb, n, target = found[2], found[3], found[4]
    if verb[0] == "B" and not target:
        return f"build {NAMES.get(verb[1], verb[1])} with {n} Industry"
    if verb[1] == "T":
        return f"move {n} {NAMES.get(verb[0], verb[0])} to {target}"
    return DOES.get(verb, "").format(n=n, t=target)
