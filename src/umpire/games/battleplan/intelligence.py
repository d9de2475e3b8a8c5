"""Information: who sees which space (BP 6A, 6D, 14) and the catching of spies (6B, 6C).

A player sees a country fully when he occupies or controls it, or did when the turn just
resolved began (6A, 14), or has an uncaught spy there (6B); and a sea when he had forces in
it before or during that turn, has forces there now, or supported it (14). Through the share orders of 6D he also
sees what another player sees: everything (``pF``) or everything but the countries that player
occupies (``pH``). Sharing passes on only the sharer's own sight, never what was shared with
him (ruling R-I3).

Spies are caught as the turn opens, once all the spies and counterspies of the turn have been
sent (ruling R-I1): each spy is caught with a 5% chance (6B), and, where other players sent
``n`` counterspies this turn, escapes them only with a chance of 1 in n+1 (6C). A caught spy
is reported to everyone and gives no information that turn or ever again.
"""

from __future__ import annotations

from collections.abc import Mapping

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.core.recent import Recent
from umpire.games.battleplan.groups import Log
from umpire.games.battleplan.model import Draft, GameState, but

CAUGHT_PERCENT = 5  # BP 6B: "a 5% chance for each spy to be caught"


# ---------------------------------------------------------------------------- sight


def own_sight(state: GameState, number: int) -> tuple[set[str], set[str]]:
    """The countries and seas ``number`` sees himself (6A, 6B, 14).

    BP 14: a country in full if he controlled it last turn (when the turn just resolved
    began), controls it now or has a spy there; a sea if he "had forces there last turn,
    have forces there this turn, or supported the sea with Navy or AirForce during the
    turn" (recorded by the turn in ``seas_seen``; a sea his Navy or AirForce only fled to
    when he lost a country is not in it).
    """
    controlled, spied = _holders(state)
    me = state.player(number)
    countries = controlled.get(number, set()) | spied.get(number, set())
    countries.update(me.held_before)
    return countries, set(me.seas_seen)


# Per state, the countries each player controls and those he has a spy in: a turn's views (one
# per player, each also reading the sight of those who share with him) all read the same
# finished state (umpire.core.recent).
_holders_of: Recent[tuple[dict[int, set[str]], dict[int, set[str]]]] = Recent()


def _holders(state: GameState) -> tuple[dict[int, set[str]], dict[int, set[str]]]:
    """Player -> the countries he controls (2A), and player -> those he has a spy in (6B)."""
    known = _holders_of.get(state)
    if known is not None:
        return known
    controlled: dict[int, set[str]] = {}
    spied: dict[int, set[str]] = {}
    for code, c in state.countries.items():
        who = c.controller()
        if who in controlled:
            controlled[who].add(code)
        else:
            controlled[who] = {code}
        for p, n in c.spies.items():
            if n > 0:
                spied.setdefault(p, set()).add(code)
    return _holders_of.put((controlled, spied), state)


def shared_countries(state: GameState, sharer: int, level: str) -> set[str]:
    """BP 6D: the countries ``sharer`` passes on with a share order of ``level``.

    pF: every country he sees; pH: "except countries that you occupy" (ruling R-I3: those
    he occupies now or occupied when the turn just resolved began).
    """
    theirs = own_sight(state, sharer)[0]
    if level == "H":
        occupied = set(state.player(sharer).occupied_before)
        theirs = {c for c in theirs if state.countries[c].owner != sharer and c not in occupied}
    return theirs


def sharers(state: GameState, number: int) -> dict[int, str]:
    """BP 6D: the players sharing their information with ``number``: player -> "F" or "H"."""
    return {
        p.number: p.shares[number]
        for p in state.players
        if p.number != number and p.shares.get(number) in ("F", "H")
    }


def partners(state: GameState, number: int) -> dict[int, str]:
    """BP 6D: the players ``number`` shares his information with: player -> "F" or "H"."""
    return {
        p: level
        for p, level in sorted(state.player(number).shares.items())
        if level in ("F", "H") and p != number
    }


def sight(state: GameState, number: int) -> tuple[set[str], set[str]]:
    """Everything ``number`` sees: his own sight and what others share with him (6D)."""
    countries, seas = own_sight(state, number)
    for q, level in sorted(sharers(state, number).items()):
        countries |= shared_countries(state, q, level)
        # BP 6D: "sea spaces you attacked or have forces in" are shared by pF and pH alike
        seas |= own_sight(state, q)[1]
    return countries, seas


# ---------------------------------------------------------------------------- catching


def catch_spies(
    d: Draft, counterspies: Mapping[str, Mapping[int, int]], chance: Chance
) -> list[Event]:
    """BP 6B, 6C: every spy in the field may be caught; spies in reserve never are.
    ``counterspies``: country -> player -> counterspies he sent there this turn."""
    log = Log(d.state)
    for code in sorted(d.countries):
        c = d.countries[code]
        if not c.spies:
            continue
        left: dict[int, int] | None = None  # the spies still there, if any were caught
        hunters = counterspies.get(code, {})
        for player in sorted(c.spies):
            n = c.spies[player]
            # BP 6C: only the counterspies of OTHER players hunt this player's spies
            against = sum(k for q, k in hunters.items() if q != player)
            caught = sum(
                caught_spy(chance, against, f"spy [{player}] {code} #{i + 1}") for i in range(n)
            )
            if not caught:
                continue
            left = dict(c.spies) if left is None else left
            if n - caught:
                left[player] = n - caught
            else:
                del left[player]
            # BP 6B: "that fact is reported to the world"
            word = "spy" if caught == 1 else "spies"
            log.public(
                "spy_caught",
                f"[{player}] had {caught} {word} caught in {code}.",
                player=player,
                space=code,
                count=caught,
            )
        if left is not None:
            d.countries[code] = but(c, spies=left)
    return log.events


def caught_spy(chance: Chance, against: int, what: str) -> bool:
    """BP 6B: a 5% chance, including the turn the spy is sent; BP 6C: he escapes ``against``
    counterspies with a chance of 1 / (against + 1)."""
    unlucky = chance.randint(1, 100, purpose=f"caught {what}") > 100 - CAUGHT_PERCENT
    if unlucky:
        return True
    return against > 0 and chance.randint(0, against, purpose=f"hunted {what}") != 0
