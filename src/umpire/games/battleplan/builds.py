"""Step 2: Industry builds (BP 4B, 5C, 10, 12E).

Each Industry used builds ``multiplier / 100`` of a unit; fractions are saved in the country
and finished later (4B, 5B). Industry not given a specific order follows the holder's default
proportions (10), then the standard default: Dollars in an occupied country (one for one, and
+1 HPI each, 3A), Army in a controlled minor; an uncontrolled minor builds Army, Navy and
AirForce in equal proportion (no Navy without a coast).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.model import (
    MINOR,
    STARTING_MULTIPLIERS,
    Country,
    Draft,
    GameState,
    changed,
)
from umpire.games.battleplan.orders import Build

DEFAULT_SEQUENCE = ("I", "A", "N", "F", "M", "X", "D")  # BP 10: order defaults are used in
NEUTRAL_DEFAULTS = {"A": 1, "N": 1, "F": 1}  # BP 4B: "somewhat equal amounts"


def apportion(industry: int, proportions: Mapping[str, int]) -> dict[str, int]:
    """BP 10: industry shared by proportion, in the sequence I A N F M X D, each share taken
    from what is left and rounded half up.

    >>> apportion(6, {"A": 50, "N": 25, "F": 25})
    {'A': 3, 'N': 2, 'F': 1}
    >>> apportion(6, {"A": 50, "F": 25})
    {'A': 4, 'F': 2}
    """
    return dict(_apportion(industry, tuple(proportions.items())))


@lru_cache(maxsize=4096)  # the same few questions come back for most countries every turn
def _apportion(industry: int, props: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    proportions = dict(props)
    out: dict[str, int] = {}
    kinds = [k for k in DEFAULT_SEQUENCE if proportions.get(k, 0) > 0]
    left = industry
    weight = sum(proportions[k] for k in kinds)
    for k in kinds:
        share = (2 * left * proportions[k] + weight) // (2 * weight)  # round half up
        out[k] = share
        left -= share
        weight -= proportions[k]
    return tuple(out.items())


_FIELD = {"I": "industry", "A": "army", "N": "navy", "F": "air", "M": "missiles", "X": "anti"}


def build(
    d: Draft,
    gm: GameMap,
    holders: Mapping[str, int],
    orders: Mapping[int, Sequence[Build]],
) -> dict[int, int]:
    """Step 2 for every country: ``holders`` are who gave its orders (fixed at the start).
    The cents of the Dollars built, per player (paid with the income at step 8: nothing in
    between reads a player's Dollars)."""
    by_space: dict[str, list[Build]] = {}
    for player, builds in orders.items():
        for b in builds:
            if holders.get(b.space) == player:
                by_space.setdefault(b.space, []).append(b)
    state = d.state
    spaces = gm.spaces
    earned: dict[int, int] = {}  # cents of the Dollars built, per player
    # each holder's defaults for a kind of country (coast, minor), worked out once
    defaults: dict[tuple[int, bool, bool], tuple[tuple[str, int], ...]] = {}
    # what a country without specific orders builds, by its usable Industry and its kind
    recipes: dict[tuple[int, tuple[int, bool, bool]], Recipe] = {}
    multipliers: dict[int, Mapping[str, int]] = {}  # each holder's (5C), looked up once
    # no country's build reads another's: they are built in the order of the state
    for code, c in state.countries.items():
        industry, limit = c.industry, c.limit  # usable_industry, inlined (every country)
        left = (industry if industry < limit else limit) - c.industry_suppressed
        if left <= 0:
            continue  # nothing to build (specific orders are cut to nothing, 4B)
        holder = holders[code]
        key = (holder, bool(spaces[code].coasts), c.owner == MINOR)
        specific = by_space.get(code)
        made = recipes.get((left, key)) if specific is None else None
        if made is None:
            props = defaults.get(key)
            if props is None:
                props = defaults[key] = tuple(default_proportions(state, *key).items())
            mult = multipliers.get(holder)
            if mult is None:  # 5C: research changes them at step 8 only
                mult = multipliers[holder] = (
                    state.player(holder).multipliers if holder != MINOR else STARTING_MULTIPLIERS
                )
            if specific is None:
                # BP 10: the holder's defaults, else the standard default (:func:`build_plan`
                # without specific orders)
                standard = "D" if c.owner != MINOR else "A"
                plan = _apportion(left, props) if props else ((standard, left),)
                made = recipes[(left, key)] = recipe(plan, mult)
            else:
                plan = tuple(build_plan(left, c.owner, holder, dict(props), specific).items())
                made = recipe(plan, mult)
        cents = carry_out(d, c, made)
        if cents:
            earned[holder] = earned.get(holder, 0) + cents
    return earned


def default_proportions(state: GameState, holder: int, coast: bool, minor: bool) -> dict[str, int]:
    """BP 10: the defaults the holder's Industry follows in a country (coastal or not, a
    minor or not): Navy without a coast and Dollars in minors are ignored; BP 4B: an
    uncontrolled minor builds in equal proportion."""
    if holder == MINOR:
        return {k: v for k, v in NEUTRAL_DEFAULTS.items() if coast or k != "N"}
    return {
        k: v
        for k, v in state.player(holder).defaults.items()
        if (coast or k != "N") and (not minor or k != "D")
    }


def build_plan(
    usable: int, owner: int, holder: int, defaults: Mapping[str, int], specific: Sequence[Build]
) -> dict[str, int]:
    """BP 4B, 10: the ``usable`` Industry of a country occupied by ``owner`` (or MINOR) and
    held by ``holder`` for each kind: the specific orders first, then the holder's
    ``defaults`` (:func:`default_proportions`), then the standard default."""
    left = usable
    plan: dict[str, int] = {}
    for b in specific:
        n = min(b.amount, left)
        plan[b.kind] = plan.get(b.kind, 0) + n
        left -= n
    if not left:
        return plan
    # BP 10: defaults for kinds already built are ignored (not for an uncontrolled minor)
    props = (
        defaults
        if not plan or holder == MINOR
        else {k: v for k, v in defaults.items() if k not in plan}
    )
    if props:
        for k, n in apportion(left, props).items():
            plan[k] = plan.get(k, 0) + n
        return plan
    standard = "D" if owner != MINOR else "A"
    plan[standard] = plan.get(standard, 0) + left
    return plan


# what one plan builds with the holder's multipliers: the cents of the Dollars built, the HPI
# they add, (kind, the country's field, hundredths built) for every other kind, and whether
# those are all whole units
Recipe = tuple[int, int, tuple[tuple[str, str | None, int], ...], bool]


def recipe(plan: Sequence[tuple[str, int]], mult: Mapping[str, int]) -> Recipe:
    """What ``plan`` (Industry for each kind, in order) builds with the multipliers ``mult``."""
    cents = hpi = 0
    units: list[tuple[str, str | None, int]] = []
    whole = True
    for kind, n in plan:
        if n <= 0:
            continue
        if kind == "D":
            # BP 4B: Dollars one for one; BP 3A: +1 HPI per Industry building Dollars
            cents += n * 100
            hpi += n
        else:
            # BP 4B, 5C: each Industry builds multiplier / 100 of a unit
            hundredths = n * mult.get(kind, 0)
            units.append((kind, _FIELD.get(kind), hundredths))
            whole = whole and hundredths % 100 == 0
    return cents, hpi, tuple(units), whole


def carry_out(d: Draft, c: Country, made: Recipe) -> int:
    """The country with what ``made`` builds (:func:`recipe`), made once with all it gained;
    the cents of the Dollars built, which the holder gains."""
    cents, hpi, units, whole = made
    new: dict[str, Any] = {}
    if hpi:
        new["hpi"] = c.hpi + hpi
    old = c.fractions
    if whole and not old:  # whole units and no saved fraction: none is saved now
        for _, name, hundredths in units:
            if hundredths and name is not None:
                new[name] = getattr(c, name) + hundredths // 100
    elif units:
        # BP 4B: built hundredths join the saved fraction; whole units join at once
        fractions = dict(old) if old else {}  # the country's, as they become
        for kind, name, hundredths in units:
            n, frac = divmod(fractions.get(kind, 0) + hundredths, 100)
            if frac:
                fractions[kind] = frac
            elif kind in fractions:
                del fractions[kind]
            if n and name is not None:
                new[name] = getattr(c, name) + n
        if fractions != old:
            new["fractions"] = fractions
    if new:
        d.countries[c.code] = changed(c, new)
    return cents
