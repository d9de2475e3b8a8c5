"""The state of a game of Conquest of the World, immutable, with its JSON form.

Amounts of PBU chips (each player's and the WARCHEST's) are exact whole units (1000 = one
blue chip). POWER BASE RECORD positions are kept in half steps (rule 6): ``record[p] == 9``
is 4.5 on the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

# Phases (the game's own sequence, rules 2-21)
DIGITS = "digits"  # rule 2C: every player calls a number
HOMELAND = "homeland"  # rule 3: one player chooses his Homeland
HOME_ALLIANCES = "home-alliances"  # rule 4: every player allies within his home zone
ATTACK = "attack"  # rules 9, 10, 15, 19: the holder of the attack option acts
BATTLE = "battle"  # rules 10-12: both combatants choose weapons for the next battle
FINAL = "final"  # rule 20: one more attack each on an occupied country
ENDGAME = "endgame"  # rule 21: a battle of a confrontation between two records
OVER = "over"

HOMELAND_KIND = "homeland"
ALLIED = "allied"
CONQUERED = "conquered"


def half(steps: int) -> str:
    """A record in half steps as the board shows it: 9 -> "4.5", 12 -> "6"."""
    whole, rest = divmod(steps, 2)
    return f"{whole}.5" if rest else str(whole)


@dataclass(frozen=True, slots=True)
class War:
    """A war over one country (rules 10-17): attacker first in every pair."""

    attacker: str
    defender: str
    country: str
    occupied: bool  # rule 15: the defender occupies the country
    energy: tuple[int, int]
    battles: int = 0
    wins: tuple[int, int] = (0, 0)
    lost: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # rule 12F

    def side(self, power: str) -> int:
        return 0 if power == self.attacker else 1


@dataclass(frozen=True, slots=True)
class Duel:
    """An end-game confrontation (rule 21): the challenger first in every pair."""

    challenger: str
    opponent: str
    energy: tuple[int, int]
    attacker: str  # who attacks in the next battle (rule 21E)
    battles: int = 0
    lost_last: tuple[str, str] = ("", "")  # rule 21F: the weapon lost in the last battle

    def side(self, power: str) -> int:
        return 0 if power == self.challenger else 1

    @property
    def pair(self) -> tuple[str, str]:
        return (self.challenger, self.opponent)


@dataclass(frozen=True, slots=True)
class Limits:
    """The game master's settings: V1 (rounds or turns) and V2 (a target record)."""

    max_rounds: int = 0  # V1: the attack option goes round this many times (0: no limit)
    max_turns: int = 0  # V1 "against the clock": processed turns (0: no limit)
    target: int = 0  # V2: a record (whole steps) that wins at once (0: none)


@dataclass(frozen=True, slots=True)
class State:
    scenario: str
    edits: Mapping[str, int]  # the scenario's edited PBU values (code -> value)
    seats: tuple[str, ...]  # clockwise round the table; "left" is the next seat
    limits: Limits = Limits()
    phase: str = DIGITS
    turn: int = 1
    warchest: int = 0
    digits: Mapping[str, int] = field(default_factory=dict)
    readout: int = -1
    order: tuple[str, ...] = ()  # rule 3: the order Homelands are chosen in
    homelands: Mapping[str, str] = field(default_factory=dict)  # power -> country
    holdings: Mapping[str, tuple[str, str]] = field(
        default_factory=dict
    )  # country -> (power, kind)
    record: Mapping[str, int] = field(default_factory=dict)  # half steps
    chips: Mapping[str, int] = field(default_factory=dict)
    holder: str = ""  # who holds the attack option
    may_ally: bool = False  # rules 9A, 13D, 16E: the holder may buy one alliance now
    last_defender: str = ""  # rule 13E
    war: War | None = None
    pacts: frozenset[tuple[str, str]] = frozenset()  # rule 18 (sorted pairs)
    broken: frozenset[tuple[str, str]] = frozenset()  # rule 18F
    offers: frozenset[tuple[str, str]] = frozenset()  # (from, to): a pact proposed
    dominated: frozenset[tuple[str, int]] = frozenset()  # rule 7: (power, zone) paid
    eliminated: tuple[str, ...] = ()
    passes: int = 0  # passes in a row (ruling C8)
    handovers: int = 0  # times the attack option has passed (V1 rounds)
    final_queue: tuple[str, ...] = ()  # rule 20: who still has a final-round attack
    ladder: tuple[str, ...] = ()  # rule 21H: who is still to be challenged, lowest first
    duel: Duel | None = None
    last_orders: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # secret
    winners: tuple[str, ...] = ()
    summary: str = ""

    @property
    def players(self) -> tuple[str, ...]:
        """The players still in the game, in seat order."""
        return tuple(p for p in self.seats if p not in self.eliminated)

    def owner(self, country: str) -> str:
        held = self.holdings.get(country)
        return held[0] if held else ""

    def kind(self, country: str) -> str:
        held = self.holdings.get(country)
        return held[1] if held else ""

    def allied(self, a: str, b: str) -> bool:
        """Rule 18: a and b are in a player alliance."""
        return tuple(sorted((a, b))) in self.pacts

    def partners(self, power: str) -> tuple[str, ...]:
        return tuple(p for p in self.players if p != power and self.allied(power, p))

    def left_of(self, power: str, skip: tuple[str, ...] = ()) -> str:
        """The next player to the left (clockwise) still in the game, not in ``skip``."""
        i = self.seats.index(power)
        for step in range(1, len(self.seats) + 1):
            p = self.seats[(i + step) % len(self.seats)]
            if p not in self.eliminated and p not in skip and p != power:
                return p
        return ""


def _pairs(items: Any) -> frozenset[tuple[str, str]]:
    return frozenset((str(a), str(b)) for a, b in items)


def dump_state(s: State) -> dict[str, Any]:
    out: dict[str, Any] = {
        "scenario": s.scenario,
        "edits": dict(sorted(s.edits.items())),
        "seats": list(s.seats),
        "limits": [s.limits.max_rounds, s.limits.max_turns, s.limits.target],
        "phase": s.phase,
        "turn": s.turn,
        "warchest": s.warchest,
        "digits": dict(s.digits),
        "readout": s.readout,
        "order": list(s.order),
        "homelands": dict(s.homelands),
        "holdings": {c: list(h) for c, h in s.holdings.items()},
        "record": dict(s.record),
        "chips": dict(s.chips),
        "holder": s.holder,
        "may_ally": s.may_ally,
        "last_defender": s.last_defender,
        "pacts": sorted(list(p) for p in s.pacts),
        "broken": sorted(list(p) for p in s.broken),
        "offers": sorted(list(p) for p in s.offers),
        "dominated": sorted([p, z] for p, z in s.dominated),
        "eliminated": list(s.eliminated),
        "passes": s.passes,
        "handovers": s.handovers,
        "final_queue": list(s.final_queue),
        "ladder": list(s.ladder),
        "last_orders": {p: list(o) for p, o in sorted(s.last_orders.items())},
        "winners": list(s.winners),
        "summary": s.summary,
        "war": None,
        "duel": None,
    }
    if s.war is not None:
        w = s.war
        out["war"] = [
            w.attacker,
            w.defender,
            w.country,
            w.occupied,
            list(w.energy),
            w.battles,
            list(w.wins),
            [list(w.lost[0]), list(w.lost[1])],
        ]
    if s.duel is not None:
        d = s.duel
        out["duel"] = [
            d.challenger,
            d.opponent,
            list(d.energy),
            d.attacker,
            d.battles,
            list(d.lost_last),
        ]
    return out


def load_state(data: Mapping[str, Any]) -> State:
    war = duel = None
    if data.get("war"):
        a, d, c, occ, en, n, wins, lost = data["war"]
        war = War(
            str(a),
            str(d),
            str(c),
            bool(occ),
            (int(en[0]), int(en[1])),
            int(n),
            (int(wins[0]), int(wins[1])),
            (tuple(lost[0]), tuple(lost[1])),
        )
    if data.get("duel"):
        ch, op, en, att, n, ll = data["duel"]
        duel = Duel(
            str(ch), str(op), (int(en[0]), int(en[1])), str(att), int(n), (str(ll[0]), str(ll[1]))
        )
    rounds, turns, target = data["limits"]
    return State(
        scenario=str(data["scenario"]),
        edits={str(k): int(v) for k, v in data["edits"].items()},
        seats=tuple(data["seats"]),
        limits=Limits(int(rounds), int(turns), int(target)),
        phase=str(data["phase"]),
        turn=int(data["turn"]),
        warchest=int(data["warchest"]),
        digits={str(k): int(v) for k, v in data["digits"].items()},
        readout=int(data["readout"]),
        order=tuple(data["order"]),
        homelands={str(k): str(v) for k, v in data["homelands"].items()},
        holdings={str(c): (str(h[0]), str(h[1])) for c, h in data["holdings"].items()},
        record={str(k): int(v) for k, v in data["record"].items()},
        chips={str(k): int(v) for k, v in data["chips"].items()},
        holder=str(data["holder"]),
        may_ally=bool(data["may_ally"]),
        last_defender=str(data["last_defender"]),
        war=war,
        pacts=_pairs(data["pacts"]),
        broken=_pairs(data["broken"]),
        offers=_pairs(data["offers"]),
        dominated=frozenset((str(p), int(z)) for p, z in data["dominated"]),
        eliminated=tuple(data["eliminated"]),
        passes=int(data["passes"]),
        handovers=int(data["handovers"]),
        final_queue=tuple(data["final_queue"]),
        ladder=tuple(data["ladder"]),
        duel=duel,
        last_orders={str(p): tuple(o) for p, o in data["last_orders"].items()},
        winners=tuple(data["winners"]),
        summary=str(data["summary"]),
    )


def add(amounts: Mapping[str, int], power: str, delta: int) -> dict[str, int]:
    """``amounts`` with ``delta`` added to ``power``'s entry."""
    out = dict(amounts)
    out[power] = out.get(power, 0) + delta
    return out


def with_holding(state: State, country: str, power: str, kind: str) -> State:
    holdings = dict(state.holdings)
    if power:
        holdings[country] = (power, kind)
    else:
        holdings.pop(country, None)
    return replace(state, holdings=holdings)
