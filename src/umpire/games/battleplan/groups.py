"""What one step of the turn hands to the next: the groups of forces sent out, the countries
captured, and the events each step writes.

Every attack and support order of section 8 sends a :class:`Group` out of its space at step 1;
the group fights where it was sent (steps 3-4) and its survivors come home (step 5) unless
they conquered (4C.1). A country taken at step 3k is a :class:`Captured`, which the counter-
attack (step 6) and the evacuation (step 7) read. Each step writes its events into a
:class:`Log` of its own and returns them; the turn (:mod:`turn`) puts them in order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from umpire.core.events import Audience, Event
from umpire.games.battleplan.model import MINOR, GameState


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
    # Sent out of a sea, not a country (4D.4: only then does the defender's Navy strike it).
    # Set from the map where the group is made: in World Wide every code has three letters.
    from_sea: bool = False
    home: bool = False  # the survivors have gone home (steps 4, 5)
    stayed: bool = False  # a conquering group that stayed in the country it took (4C.1)

    def __post_init__(self) -> None:
        if self.n == 0:
            self.n = self.sent

    @property
    def lost(self) -> int:
        return self.sent - self.n


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


PUBLIC = Audience.public()
# an Event made from its four fields at once (the named tuple's own ``__new__`` is a Python
# function; a turn makes dozens of events)
_event = tuple.__new__
_ALONE: dict[str, Audience] = {}  # power -> the audience of him alone (made once: immutable)
_SOME: dict[frozenset[str], Audience] = {}  # the powers -> their audience (the same)


class Log:
    """The events one step writes, in order, addressed by player number (MINOR: nobody)."""

    def __init__(self, state: GameState) -> None:
        self.players = state.players  # player n is players[n - 1]; no step renames one
        self.events: list[Event] = []

    def audience(self, *numbers: int) -> Audience:
        players = self.players
        if len(numbers) == 1 and numbers[0] != MINOR:
            return self.alone(players[numbers[0] - 1].power)
        powers = []
        for n in numbers:  # a loop, not a generator: several combats a turn come here
            if n != MINOR:
                powers.append(players[n - 1].power)
        members = frozenset(powers)
        audience = _SOME.get(members)
        if audience is None:
            if len(_SOME) >= 4096:  # a bound: the sets of readers a server meets are few
                _SOME.clear()
            audience = _SOME[members] = Audience.powers(*members)
        return audience

    @staticmethod
    def alone(power: str) -> Audience:
        audience = _ALONE.get(power)
        if audience is None:
            audience = _ALONE[power] = Audience.powers(power)
        return audience

    def say(self, kind: str, audience: Audience, text: str, **data: Any) -> None:
        self.events.append(_event(Event, (kind, audience, text, data)))

    def tell(self, number: int, kind: str, text: str, **data: Any) -> None:
        if number != MINOR:
            audience = self.alone(self.players[number - 1].power)
            self.events.append(_event(Event, (kind, audience, text, data)))

    def public(self, kind: str, text: str, **data: Any) -> None:
        self.events.append(_event(Event, (kind, PUBLIC, text, data)))


def label(number: int) -> str:
    return "minor" if number == MINOR else f"[{number}]"
