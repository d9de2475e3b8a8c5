"""What one turn's resolution carries from step to step: the groups of forces sent out.

Every attack and support order of section 8 sends a :class:`Group` out of its space at step 1;
the group fights where it was sent (steps 3-4) and its survivors come home (step 5) unless
they conquered (4C.1). A :class:`Turn` holds the working state, the map, the chance, the
groups, and the events written so far.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from umpire.core.chance import Chance
from umpire.core.events import Audience, Event
from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.model import MINOR, Country, GameState


@dataclass(slots=True)
class Group:
    """Units of one kind sent by one order: ``n`` left of the ``sent``."""

    player: int  # who gave the order (the holder of ``origin``)
    origin: str
    unit: str  # A N F M
    verb: str  # AC AB AS NN NS FA FN FF FI FS MA MF MI
    target: str
    sent: int
    n: int = 0
    stopped: int = 0  # missiles shot down (4G.1)
    from_minor: bool = False
    home: bool = False  # the survivors have gone home (steps 4, 5)
    stayed: bool = False  # a conquering group that stayed in the country it took (4C.1)

    def __post_init__(self) -> None:
        if self.n == 0:
            self.n = self.sent

    @property
    def lost(self) -> int:
        return self.sent - self.n

    @property
    def from_sea(self) -> bool:
        return len(self.origin) == 3


@dataclass(slots=True)
class Captured:
    """A country taken at step 3k, and what the loser had there (13A, 13B, 4C.5)."""

    code: str
    captor: int
    previous: dict[str, Any]  # the loser's hold on it: owner, hpi, popularity, standing
    loser: int  # the player (or MINOR) who held it
    navy: int = 0  # the loser's Navy and unsuppressed AirForce, to evacuate at step 7 (13B)
    air: int = 0
    returning_army: int = 0  # the loser's armies coming home at step 5 (4C.5)
    saved_hits: int = 0  # missile and AirForce hits kept for the counter-attack (9.3d, 9.6)
    recaptured: bool = False


@dataclass(slots=True)
class Turn:
    state: GameState
    gm: GameMap
    chance: Chance
    holders: dict[str, int]  # who gave orders for each country this turn (fixed at the start)
    owners: dict[str, int] = field(default_factory=dict)  # who occupied each country at the start
    groups: list[Group] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    captured: dict[str, Captured] = field(default_factory=dict)
    saved_hits: dict[str, int] = field(default_factory=dict)  # 9.3d: excess hits vs Army
    excess_air: dict[str, dict[int, int]] = field(default_factory=dict)  # 9.3j: per player
    hpi_delta: dict[str, int] = field(default_factory=dict)
    # 14: the seas each player sees this turn: had forces in at the start or after the moves,
    # or supported with Navy or AirForce
    seen_sea: dict[int, set[str]] = field(default_factory=dict)
    # 14: the players who see all the numbers of the combat in each country (for step 6)
    entitled: dict[str, set[int]] = field(default_factory=dict)
    counterspies: dict[str, dict[int, int]] = field(default_factory=dict)  # 6C: this turn only

    def power(self, number: int) -> str:
        return self.state.player(number).power

    def audience(self, *numbers: int) -> Audience:
        return Audience.powers(*(self.power(n) for n in numbers if n != MINOR))

    def audience_all(self) -> Audience:
        return Audience.public()

    def say(self, kind: str, audience: Audience, text: str, **data: Any) -> None:
        self.events.append(Event(kind, audience, text, data))

    def tell(self, number: int, kind: str, text: str, **data: Any) -> None:
        if number != MINOR:
            self.say(kind, self.audience(number), text, **data)

    def country(self, code: str) -> Country:
        return self.state.countries[code]

    def label(self, number: int) -> str:
        return "minor" if number == MINOR else f"[{number}]"
