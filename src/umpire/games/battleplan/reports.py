"""The land-combat report of section 14, with the numbers each player is entitled to.

BP 14: "If you controlled the country last turn, control it this turn, have a Spy there, or
sent Army or Airforce to attack, you see all the numbers of units involved (including their
losses). Otherwise you see only the types of units (except for Navy and Missile attacks that
you made, and attacks from seas where you had forces.)" Every player reads every land combat
(the sample printout lists combats Turkey took no part in), so each combat is one event with
numbers for the entitled players, and one with types only, or with numbers in just the
groups a player may count, for everyone else.

The country comes first (its numbers include the supports), then each group of attackers by
the space it came from: ``UK: UK(Army=12-12,Navy=6,AirF=8-2) TU(Army=20-1,AirF=20-2)
Captured by [5]``; without numbers ``UK: UK(Army,Navy,AirF) TU(Army,AirF) Captured by [5]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from umpire.games.battleplan.context import Group, Turn

UNIT_NAMES = {"A": "Army", "N": "Navy", "F": "AirF", "M": "Missiles"}
SEES_ALL_VERBS = frozenset({"AC", "AB", "FA", "FN", "FF", "FI"})  # 14: Army or AirForce attacks


@dataclass(frozen=True, slots=True)
class Cell:
    """One unit type of one side: ``name=sent-lost`` (Missiles: launched-stopped)."""

    name: str
    sent: int
    lost: int

    def text(self, numbers: bool) -> str:
        if not numbers:
            return self.name
        return f"{self.name}={self.sent}-{self.lost}" if self.lost else f"{self.name}={self.sent}"


def _attack_rows(groups: Sequence[Group]) -> list[tuple[str, int, list[Cell]]]:
    """(origin, player, cells) for each space and player that sent attackers."""
    rows: dict[tuple[str, int], dict[str, list[int]]] = {}
    for g in groups:
        cells = rows.setdefault((g.origin, g.player), {})
        sent, lost = cells.setdefault(g.unit, [0, 0])
        cells[g.unit] = [sent + g.sent, lost + (g.stopped if g.unit == "M" else g.lost)]
    out = []
    for (origin, player), cells in rows.items():
        ordered = [Cell(UNIT_NAMES[u], *cells[u]) for u in "ANFM" if u in cells]
        out.append((origin, player, ordered))
    return out


def report_land_combat(
    t: Turn, code: str, defence: Sequence[Cell], attackers: Sequence[Group], captor: int | None
) -> None:
    state = t.state
    c = state.countries[code]
    rows = _attack_rows(attackers)
    defended = [x for x in defence if x.sent]
    tail = f" Captured by [{captor}]" if captor is not None else ""

    def render(numbers_for: set[tuple[str, int]] | None) -> str:
        """``numbers_for`` None: every number; else the (origin, player) rows with numbers."""
        parts = [f"{code}({','.join(x.text(numbers_for is None) for x in defended)})"]
        for origin, player, cells in rows:
            numbers = numbers_for is None or (origin, player) in numbers_for
            parts.append(f"{origin}({','.join(x.text(numbers) for x in cells)})")
        return f"{code}: " + " ".join(parts) + tail

    # BP 14: who sees all the numbers
    entitled = {t.holders.get(code, 0), c.controller()}
    entitled |= {p for p, n in c.spies.items() if n > 0}
    entitled |= {g.player for g in attackers if g.verb in SEES_ALL_VERBS}
    entitled.discard(0)
    t.say("land_combat", t.audience(*entitled), render(None), space=code, captor=captor, full=True)
    plain: list[int] = []
    for p in (q.number for q in state.players):
        if p in entitled:
            continue
        # BP 14: the numbers of his own Navy and Missile attacks, and of attacks from seas
        # where he had forces
        own = {
            (origin, player)
            for origin, player, _ in rows
            if player == p or (origin in state.seas and p in state.seas[origin].forces)
        }
        if own:
            t.say("land_combat", t.audience(p), render(own), space=code, captor=captor, full=False)
        else:
            plain.append(p)
    if plain:
        t.say(
            "land_combat", t.audience(*plain), render(set()), space=code, captor=captor, full=False
        )
