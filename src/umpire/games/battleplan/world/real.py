"""Real Forces World Wide Battle Plan: the world of about 1982 and its positions (WW real).

"In Real Forces games, countries start with the forces their countries had about 1982." The
book's data base is not public; ``data/world_real.toml`` is ours, built from public facts
(every figure tagged with its source, or as our estimate: ruling W-REAL7) and scaled to the
game's units by the file's ``[scale]`` (ruling W-REAL2). Every land space of the world map belongs to one state
of 1982; a position of the price list plays one or more states "as if you had occupied them
earlier"; "non-player countries STILL start with 'real world' forces".

Positions differ in starting multipliers (some start with a missile multiplier, most with
none) and in the odds of their research (``research_odds``; 0: "Some players will NEVER be
able to build missiles"). Starting Dollars are a number of turns of TaxBase ("Some start out
with MORE money than they will get next turn").

>>> p = position("IQK")
>>> (p.name, p.price, p.klass, p.spaces)
('Iraq & Kuwait', 4.0, 'medium', ('MIQ',))
>>> scaled(970, 5, up=True), industry_of(3340)
(194, 578)
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from umpire.games.battleplan import errors
from umpire.games.battleplan.geography import DATA, GameMap
from umpire.games.battleplan.model import STARTING_HPI, STARTING_MULTIPLIERS, GameState, but

CLASSES = ("super", "major", "medium", "small")
FIGURES = ("army", "ships", "aircraft", "gdp", "launchers", "abm", "milper")
ESTIMATE = "E"  # the provenance tag of a figure checked against no source (W-REAL7)


@dataclass(frozen=True, slots=True)
class State1982:
    """A state of about 1982: the spaces it held (capital first) and its figures."""

    code: str
    name: str
    spaces: tuple[str, ...]
    army: float  # thousand troops
    ships: int
    aircraft: int
    gdp: float  # $ billion
    sources: Mapping[str, str]  # each figure's provenance: a key of [sources] (W-REAL7)
    launchers: int = 0
    abm: int = 0
    milper: float = 0  # total armed forces, thousands: the bound on ``army`` (not played)
    weights: tuple[int, ...] = ()  # each space's share (default: the capital 2, others 1)
    # a state with no space on the real map and no position of its own: the state whose
    # capital takes its forces (ruling W-MAPCODES: Djibouti, the Gambia, Liberia ...)
    joins: str = ""


@dataclass(frozen=True, slots=True)
class Position:
    """A position of the price list: one or more states played as one player."""

    code: str
    name: str
    price: float
    klass: str  # super / major / medium / small (the winning threshold)
    states: tuple[str, ...]
    spaces: tuple[str, ...]  # every space of its states, the capital first
    missiles: int  # starting missile multiplier
    antimissiles: int
    research: Mapping[str, int]  # percent odds per kind (absent: 100)
    cash: int  # starting Dollars in turns of TaxBase


@dataclass(frozen=True, slots=True)
class RealData:
    raw: dict[str, Any]
    states: Mapping[str, State1982]
    positions: tuple[Position, ...]

    @property
    def thresholds(self) -> Mapping[str, int]:
        return {k: int(v) for k, v in self.raw["thresholds"].items()}

    @property
    def scale(self) -> Mapping[str, int]:
        return {k: int(v) for k, v in self.raw["scale"].items()}

    def state_of(self, space: str) -> State1982:
        return _state_of_space()[space]


@cache
def real_data() -> RealData:
    with (DATA / "world_real.toml").open("rb") as fh:
        raw = tomllib.load(fh)
    states = {
        code: State1982(
            code=code,
            name=s["name"],
            spaces=tuple(s["spaces"]),
            army=float(s["army"]),
            ships=int(s["ships"]),
            aircraft=int(s["aircraft"]),
            gdp=float(s["gdp"]),
            sources={str(k): str(v) for k, v in s["src"].items()},
            launchers=int(s.get("launchers", 0)),
            abm=int(s.get("abm", 0)),
            milper=float(s.get("milper", 0)),
            weights=tuple(int(w) for w in s.get("weights", ())),
            joins=str(s.get("joins", "")),
        )
        for code, s in raw["country"].items()
    }
    positions = tuple(
        Position(
            code=p["code"],
            name=p["name"],
            price=float(p["price"]),
            klass=p["class"],
            states=tuple(p["states"]),
            spaces=tuple(c for s in p["states"] for c in states[s].spaces),
            missiles=int(p.get("missiles", 0)),
            antimissiles=int(p.get("antimissiles", 0)),
            research={str(k): int(v) for k, v in p.get("research", {}).items()},
            cash=int(p.get("cash", 1)),
        )
        for p in raw["position"]
    )
    return RealData(raw, states, positions)


@cache
def _state_of_space() -> dict[str, State1982]:
    return {c: s for s in real_data().states.values() for c in s.spaces}


def positions() -> tuple[Position, ...]:
    return real_data().positions


def position(code: str) -> Position:
    for p in positions():
        if p.code == code:
            return p
    raise KeyError(code)


def holdings() -> dict[str, tuple[str, ...]]:
    """Each position's spaces, its capital first (for ``new_state``)."""
    return {p.code: p.spaces for p in positions()}


# ------------------------------------------------------------------------------- scaling


def scaled(amount: float, per_unit: int, *, up: bool = False) -> int:
    """``amount / per_unit`` in whole units: rounded up (Army) or to the nearest."""
    if up:
        return math.ceil(amount / per_unit - 1e-9)
    return math.floor(amount / per_unit + 0.5)


def industry_of(gdp: float) -> int:
    """Ruling W-REAL2: Industry = 10 x sqrt(GDP in $bn), to the nearest."""
    return math.floor(real_data().scale["industry_per_root"] * math.sqrt(gdp) + 0.5)


def share(total: int, weights: Sequence[int], least: int = 0) -> list[int]:
    """``total`` split by ``weights`` (largest remainders, earlier spaces first on ties), each
    share at least ``least`` (the total grows if it must).

    >>> share(10, [2, 1, 1]), share(1, [2, 1, 1], least=1)
    ([5, 3, 2], [1, 1, 1])
    """
    if not weights:
        return []
    whole = sum(weights)
    exact = [total * w / whole for w in weights]
    out = [math.floor(x) for x in exact]
    order = sorted(range(len(weights)), key=lambda i: (-(exact[i] - out[i]), i))
    for i in order[: total - sum(out)]:
        out[i] += 1
    return [max(least, n) for n in out]


def spaces_with_guests(state: State1982) -> tuple[str, ...]:
    """The spaces a state's forces go to: its own, or (a state with no space of its own on the
    map: the UAE, Singapore, Lebanon) the capital of the position it is played with (ruling
    W-REAL1), or of the state it joins (no position: ruling W-MAPCODES)."""
    if state.spaces:
        return state.spaces
    if state.joins:
        return real_data().states[state.joins].spaces[:1]
    host = next(p for p in positions() if state.code in p.states)
    return (next(c for s in host.states for c in real_data().states[s].spaces),)


def starting_forces(gm: GameMap) -> dict[str, dict[str, int]]:
    """Every land space's 1982 forces and economy in game units (WW real; ruling W-REAL2):
    each state's totals split over its spaces (its weights, or the capital two shares and each
    other space one; Navy only to spaces with a coast; Missiles and AntiMissiles at the
    capital)."""
    data = real_data()
    sc = data.scale
    out: dict[str, dict[str, int]] = {
        c: {"army": 0, "navy": 0, "air": 0, "industry": 0, "missiles": 0, "anti": 0}
        for c in gm.countries
    }
    for st in data.states.values():
        spaces = spaces_with_guests(st)
        weights = list(st.weights) or [
            sc["capital_weight"] if i == 0 else 1 for i in range(len(spaces))
        ]
        coast = [i for i, c in enumerate(spaces) if gm.spaces[c].has_coast]
        army = share(scaled(st.army, sc["army_per_unit"], up=True), weights, least=1)
        air = share(scaled(st.aircraft, sc["aircraft_per_unit"]), weights)
        navy = share(scaled(st.ships, sc["ships_per_unit"]), [weights[i] for i in coast])
        industry = share(industry_of(st.gdp), weights, least=1)
        for i, code in enumerate(spaces):
            f = out[code]
            f["army"] += army[i]
            f["air"] += air[i]
            f["industry"] += industry[i]
        for j, i in enumerate(coast):
            out[spaces[i]]["navy"] += navy[j]
        capital = out[spaces[0]]
        capital["missiles"] += scaled(st.launchers, sc["launchers_per_missile"])
        capital["anti"] += scaled(st.abm, sc["abm_per_antimissile"])
    return out


def real_start(state: GameState, gm: GameMap, settings: Mapping[str, Any]) -> GameState:
    """The state with every country's 1982 forces, industry, limit and TaxBase, and every
    seated position's multipliers, research odds and starting Dollars (WW real); the GM's
    two- and three-country deals of the ``deals`` setting seated (:func:`deal_fees`)."""
    sc = real_data().scale
    deals = {str(k): [str(x) for x in v] for k, v in (settings.get("deals") or {}).items()}
    signed = {str(k): float(v) for k, v in (settings.get("fees") or {}).items()}
    fees = deal_fees(deals, [p.power for p in state.players])
    # the special deal's discount of a sign-up (ruling W-SIGNUP); a GM's deal fee wins
    fees |= {k: v for k, v in signed.items() if k in fees and k not in deals}
    countries = dict(state.countries)
    for p in state.players:
        for other in deals.get(p.power, ()):
            for code in position(other).spaces:
                countries[code] = but(countries[code], owner=p.number, hpi=STARTING_HPI)
    extra = dict(state.extra)
    if deals:
        extra["deals"] = {k: v for k, v in sorted(deals.items())}
    if deals or signed:
        extra["fees"] = fees
    for code, f in starting_forces(gm).items():
        industry = f["industry"]
        countries[code] = but(
            countries[code],
            army=f["army"],
            navy=f["navy"],
            air=f["air"],
            missiles=f["missiles"],
            anti=f["anti"],
            industry=industry,
            limit=max(sc["min_limit"], sc["limit_per_industry"] * industry),
            taxbase=sc["taxbase_per_industry"] * industry,
        )
    players = []
    for p in state.players:
        pos = position(p.power)
        played = [pos, *(position(x) for x in deals.get(p.power, ()))]
        cents = sum(q.cash * sum(countries[c].taxbase for c in q.spaces) for q in played)
        players.append(
            but(
                p,
                multipliers=dict(STARTING_MULTIPLIERS) | {"M": pos.missiles, "X": pos.antimissiles},
                research_odds=dict(sorted(pos.research.items())),
                cents=cents * 100,
            )
        )
    return but(state, countries=countries, players=tuple(players), extra=extra)


def deal_fees(deals: Mapping[str, Sequence[str]], seated: Sequence[str]) -> dict[str, float]:
    """The GM's deals: "any two $3.50 countries of our choice for $5.00; or any three $2.50 or
    $2.00 countries of our choice for $3.50". ``deals`` maps a seated position to the unseated
    positions played with it; the result is every seat's turn fee. A deal that is not one of
    the two kinds, or names a seated, unknown or twice-used position, raises ValueError."""
    fees = {p: position(p).price for p in seated if p in {q.code for q in positions()}}
    used: set[str] = set()
    for seat, extra in deals.items():
        if seat not in seated:
            raise ValueError(f"deals: {seat!r} is not a seated position")
        codes = [seat, *extra]
        for code in extra:
            if code not in {q.code for q in positions()}:
                raise ValueError(f"deals: {code!r} is no position of the price list")
            if code in seated or code in used:
                raise ValueError(f"deals: {code!r} is already played")
            used.add(code)
        fee = deal_price(codes)
        if fee is None:
            raise ValueError(
                f"deals: {'+'.join(codes)} is neither two $3.50 countries nor three of $2.50 "
                "or $2.00"
            )
        fees[seat] = fee
    return fees


def deal_price(codes: Sequence[str]) -> float | None:
    """The price list's price of a deal of these positions: $5.00 for two $3.50 countries,
    $3.50 for three of $2.50 or $2.00; None if they are neither.

    >>> deal_price(["CAN", "KOR"]), deal_price(["PHL", "ARG", "IRL"]), deal_price(["CAN"])
    (5.0, 3.5, None)
    """
    prices = real_data().raw["deals"]
    price = [position(c).price for c in codes]
    if len(codes) == 2 and price == [3.5, 3.5]:
        return float(prices["two_at_3_50"])
    if len(codes) == 3 and max(price) <= 2.5:
        return float(prices["three_at_2_50_or_less"])
    return None


def class_of_price(price: float) -> str:
    """WW real.winners for a combination of the price list: "Medium Country (countries or
    combinations that are listed as $4 or $5 per turn in the original price list)", "Small
    Country (countries or combinations listed for under $4)".

    >>> class_of_price(5.0), class_of_price(3.5)
    ('medium', 'small')
    """
    return "medium" if price >= 4 else "small"


def seat_class(state: GameState, number: int) -> str:
    """The class of player ``number``'s seat (ruling W-REAL3): a line of the price list has its
    own class; a GM's deal is classed by the price the list gives it (two $3.50 countries for
    $5.00: Medium; three $2.50-$2.00 countries for $3.50: Small)."""
    power = state.player(number).power
    extra = (state.extra.get("deals") or {}).get(power)
    if not extra:
        return position(power).klass
    price = deal_price([power, *extra])
    return position(power).klass if price is None else class_of_price(price)


def industry_owned(state: GameState, number: int) -> int:
    """WW real.winners: the industry he owns or controls; "suppressed industry counts, but
    industry in excess of the maximum in a space does not"."""
    return sum(
        min(c.industry, c.limit) for c in state.countries.values() if c.controller() == number
    )


def threshold(state: GameState, number: int) -> int:
    """The industry player ``number`` needs to be a winner (WW real.winners)."""
    return real_data().thresholds[seat_class(state, number)]


# --------------------------------------------------------------------- choosing positions


@dataclass(frozen=True, slots=True)
class Seat:
    position: str
    fee: float  # the turn fee charged for the whole game


def assign_positions(
    wishes: Sequence[Sequence[str]], max_fees: Sequence[float], taken: Sequence[str] = ()
) -> list[Seat]:
    """Each player's position, in sign-up order (the price list as a choice of position): the
    first free position of his list whose price is within his maximum turn fee; a player who
    lists none ("no preference, but merely a maximum turn fee") gets the most desirable
    unchosen position he can afford after the 50-cent discount of the special deal, and pays
    the discounted fee. A player whose list has nothing free he can afford is refused
    (``setup/no_position``); an unknown position too (``setup/unknown_position``)."""
    deals = real_data().raw["deals"]
    used = set(taken)
    out: list[Seat] = []
    known = {p.code: p for p in positions()} | {p.name.upper(): p for p in positions()}
    for number, (wanted, most) in enumerate(zip(wishes, max_fees, strict=True), start=1):
        chosen: Seat | None = None
        for w in wanted:
            pos = known.get(w.strip().upper())
            if pos is None:
                raise errors.UNKNOWN_POSITION.error(position=w)
            if pos.code not in used and pos.price <= most:
                chosen = Seat(pos.code, pos.price)
                break
        if not wanted:
            discount = float(deals["no_preference_discount"])
            for pos in positions():
                fee = pos.price - discount
                if pos.code not in used and fee <= most:
                    chosen = Seat(pos.code, fee)
                    break
        if chosen is None:
            raise errors.NO_POSITION.error(player=number, fee=f"{most:.2f}")
        used.add(chosen.position)
        out.append(chosen)
    return out
