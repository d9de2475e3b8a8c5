"""Signing up for a World Wide game with preferences (WW equal, WW real; ruling W-SIGNUP).

The server checks each player's list when he joins (``check_*``: every entrance, one error
code per problem) and seats the players when the game starts (``seat_*``), the GM's
assignments first. Equal Forces and Anonymous take starting spaces: a land space's code or
name, an island only written ``ISLAND EIC`` ("you won't start with an island unless you
specifically request it"). Real Forces takes positions of the price list (code or name) and
at most one maximum turn fee (``$4.50``).

>>> from umpire.games.battleplan.world.geography import world_map
>>> check_spaces(world_map(icepack=True), ["efr", "France", "island eic"])
['EFR', 'ISLAND EIC']
>>> check_positions(["iraq & kuwait", "$4.50"])
['IQK', '$4.50']
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from umpire.core.problems import OrderError
from umpire.core.ruleset import Seating
from umpire.games.battleplan import errors
from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.world.equal import assign_spaces
from umpire.games.battleplan.world.real import assign_positions, positions, real_data

ISLAND = "ISLAND"
MAX_SPACES = 10  # ruling W-SIGNUP: "a list of spaces" (the book gives no length)
MAX_POSITIONS = 6  # WW real: "Please give us 3 to 6 different countries or options"
_FEE = re.compile(r"^\$\s*(\d{1,3})(?:\.(\d{1,2}))?$")


def _key(text: str) -> str:
    return "".join(ch for ch in text.upper() if ch.isalnum())


def check_spaces(gm: GameMap, preferences: Sequence[str]) -> list[str]:
    """One Equal Forces list in canonical form (codes, ``ISLAND`` before an island asked
    for), repeats dropped; OrderError for an unknown space, an island not asked for, a
    space asked for as an island that is none, or more than :data:`MAX_SPACES` spaces."""
    by_name = {_key(gm.spaces[c].name): c for c in gm.countries} | {c: c for c in gm.countries}
    out: list[str] = []
    for raw in preferences:
        words = raw.split()
        asked = bool(words) and words[0].upper() == ISLAND
        text = " ".join(words[1:] if asked else words)
        code = by_name.get(_key(text))
        if code is None:
            raise errors.UNKNOWN_START_SPACE.error(space=text or raw)
        island = gm.spaces[code].island
        if island and not asked:
            raise errors.ISLAND_NOT_ASKED.error(space=code)
        if asked and not island:
            raise errors.NOT_AN_ISLAND.error(space=code)
        entry = f"{ISLAND} {code}" if island else code
        if entry not in out:
            out.append(entry)
    if len(out) > MAX_SPACES:
        raise errors.TOO_MANY_PREFERENCES.error(
            count=len(out), most=MAX_SPACES, why="starting spaces"
        )
    return out


def seat_spaces(
    gm: GameMap,
    preferences: Sequence[Sequence[str]],
    assigned: Sequence[str],
    powers: Sequence[str],
    least: int,
) -> Seating:
    """Equal Forces seating (ruling W-EQ1): the GM's assigned spaces are taken first; each
    player in join order gets the first free space of his list, else the GM's next choice
    (:func:`assign_spaces`). The game's powers are the assigned spaces, the players' spaces,
    then the GM's other listed spaces (seats for bots or vacant), then GM choices until the
    scenario's least number of players."""
    lists = [[e.split()[-1] for e in check_spaces(gm, wanted)] for wanted in preferences]
    chosen = assign_spaces(lists, gm, taken=assigned)
    seated = [*assigned, *chosen]
    seated += [p for p in powers if p not in seated]
    while len(seated) < least:
        seated.append(assign_spaces([[]], gm, taken=seated)[0])
    return Seating(powers=tuple(seated), holders=tuple(chosen))


def check_positions(preferences: Sequence[str], *, affordable: bool = True) -> list[str]:
    """One Real Forces list in canonical form: position codes in the player's order, then his
    maximum turn fee if he gave one (``$4.50``); OrderError for an unknown position, a fee
    that is not money or is given twice, or more than :data:`MAX_POSITIONS` positions; with
    ``affordable``, also a list nothing of which is within its fee (``_within_fee``)."""
    known = {p.code: p.code for p in positions()} | {_key(p.name): p.code for p in positions()}
    out: list[str] = []
    fee: str | None = None
    for raw in preferences:
        text = raw.strip()
        if text.startswith("$"):
            match = _FEE.match(text)
            if match is None:
                raise errors.BAD_FEE.error(text=text, problem="write the fee as $4.50")
            if fee is not None:
                raise errors.BAD_FEE.error(text=text, problem=f"the maximum fee is already {fee}")
            fee = f"${int(match[1])}.{(match[2] or '0').ljust(2, '0')}"
            continue
        code = known.get(text.upper()) or known.get(_key(text))
        if code is None:
            raise errors.UNKNOWN_POSITION.error(position=text)
        if code not in out:
            out.append(code)
    if len(out) > MAX_POSITIONS:
        raise errors.TOO_MANY_PREFERENCES.error(
            count=len(out), most=MAX_POSITIONS, why="Real Forces: 3 to 6 countries or options"
        )
    if fee is not None and affordable:
        _within_fee(out, fee)
    return [*out, *([fee] if fee else [])]


def _within_fee(listed: Sequence[str], fee: str) -> None:
    """Ruling W-SIGNUP3: a list that no seat could ever satisfy (every position it names
    costs more than its maximum fee; with only a fee, even the cheapest position after the
    special deal's discount) is refused when the player joins, naming the prices, rather than
    left to put him on standby at the start."""
    most = float(fee[1:])
    price = {p.code: p.price for p in positions()}
    if listed:
        if any(price[code] <= most for code in listed):
            return
        prices = ", ".join(f"{code} costs ${price[code]:.2f}" for code in listed)
    else:
        discount = float(real_data().raw["deals"]["no_preference_discount"])
        cheapest = min(positions(), key=lambda p: p.price)
        if cheapest.price - discount <= most:
            return
        prices = (
            f"the cheapest position, {cheapest.code}, costs ${cheapest.price - discount:.2f} "
            "with the special deal"
        )
    raise errors.NOTHING_WITHIN_FEE.error(fee=fee, prices=prices)


def price_list() -> tuple[tuple[str, str], ...]:
    """The Real Forces price list as the join form and ``umpire games`` show it: each
    position's code, and its name and turn fee."""
    return tuple((p.code, f"{p.name}: ${p.price:.2f} a turn") for p in positions())


def seat_positions(
    preferences: Sequence[Sequence[str]],
    assigned: Sequence[str],
    powers: Sequence[str],
    defaults: Sequence[str],
    least: int,
) -> Seating:
    """Real Forces seating (ruling W-SIGNUP): the GM's assigned positions first; then each
    player in join order by :func:`assign_positions` (his first free position within his
    maximum fee; with no list, the special deal). A player for whom nothing he listed is free
    within his fee gets no seat (he stands by). Each seat's turn fee is the game's ``fees``
    setting."""
    taken = list(assigned)
    holders: list[str | None] = []
    fees: dict[str, float] = {}
    for wanted in preferences:
        listed = check_positions(wanted, affordable=False)  # a list kept from before
        most = math.inf
        if listed and listed[-1].startswith("$"):
            most = float(listed.pop()[1:])
        if not listed and most == math.inf:
            most = max(p.price for p in positions())  # ruling W-SIGNUP: any position
        try:
            seat = assign_positions([listed], [most], taken)[0]
        except OrderError as err:
            if err.code != errors.NO_POSITION.code:
                raise
            holders.append(None)
            continue
        taken.append(seat.position)
        holders.append(seat.position)
        fees[seat.position] = seat.fee
    seated = [*taken, *(p for p in powers if p not in taken)]
    for p in defaults:
        if len(seated) >= least:
            break
        if p not in seated:
            seated.append(p)
    return Seating(powers=tuple(seated), holders=tuple(holders), settings={"fees": fees})
