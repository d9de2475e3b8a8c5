"""The combat reports of section 14 (land combat, sea combat, counter-attacks), with the
numbers each player is entitled to (14, and 6A/6D for the partners of a player who sees the
space: rulings R-I2, R-I4).

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

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from umpire.games.battleplan.groups import Captured, Group, Log, label
from umpire.games.battleplan.intelligence import partners
from umpire.games.battleplan.model import MINOR, GameState

UNIT_NAMES = {"A": "Army", "N": "Navy", "F": "AirF", "M": "Missiles"}
SEES_ALL_VERBS = frozenset({"AC", "AB", "FA", "FN", "FF", "FI"})  # 14: Army or AirForce attacks


class Cell(NamedTuple):
    """One unit type of one side: ``name=sent-lost`` (Missiles: launched-stopped); a tuple:
    a combat makes a few for every side it reports."""

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
        key = (g.origin, g.player)
        cells = rows.get(key)
        if cells is None:
            cells = rows[key] = {}
        lost = g.stopped if g.unit == "M" else g.lost
        cell = cells.get(g.unit)
        if cell is None:
            cells[g.unit] = [g.sent, lost]
        else:
            cell[0] += g.sent
            cell[1] += lost
    out = []
    for (origin, player), cells in rows.items():
        ordered = [Cell(UNIT_NAMES[u], *cells[u]) for u in "ANFM" if u in cells]
        out.append((origin, player, ordered))
    return out


def _texts(cells: Sequence[Cell]) -> tuple[str, str]:
    """The cells of one side without their numbers and with them (:meth:`Cell.text`)."""
    return ",".join([x.name for x in cells]), ",".join(
        [f"{x.name}={x.sent}-{x.lost}" if x.lost else f"{x.name}={x.sent}" for x in cells]
    )


def land_entitled(
    state: GameState,
    code: str,
    attackers: Sequence[Group],
    holders: Mapping[str, int],
    owners: Mapping[str, int],
) -> set[int]:
    """BP 14, 6D: the players who see all the numbers of the combat in country ``code``.

    BP 14: "If you controlled the country last turn, control it this turn, have a Spy there,
    or sent Army or Airforce to attack". BP 6A, 6D: the information a player gets on a space
    he sees includes "any battles that happened in that space", and a share order passes on
    "information on every space that you see": so the partners of a player who sees the
    country (not merely attacked it) see the numbers too; pH not for a country the sharer
    occupied at the start of the turn or occupies now (ruling R-I2).
    """
    c = state.countries[code]
    seeing = {holders.get(code, MINOR), c.controller()}
    seeing |= {p for p, n in c.spies.items() if n > 0}
    seeing.discard(MINOR)
    entitled = set(seeing) | {g.player for g in attackers if g.verb in SEES_ALL_VERBS}
    for q in sorted(seeing):
        occupied = q in (owners.get(code), c.owner)
        for r, level in partners(state, q).items():
            if level == "F" or not occupied:
                entitled.add(r)
    entitled.discard(MINOR)
    return entitled


def sea_entitled(state: GameState, code: str, seen_sea: Mapping[int, set[str]]) -> set[int]:
    """BP 14, 6D: the players who see all the numbers of the combat in sea ``code``: those
    who see the sea (had forces there last turn or this turn, or supported it, 14) and the
    partners they share with (6D: "sea spaces you attacked or have forces in")."""
    seeing = {p for p, seas in seen_sea.items() if code in seas}
    entitled = set(seeing)
    for q in sorted(seeing):
        entitled |= set(partners(state, q))
    entitled.discard(MINOR)
    return entitled


def report_sea_combat(
    state: GameState,
    log: Log,
    code: str,
    seen_sea: Mapping[int, set[str]],
    fighting: Sequence[int],
    before: dict[int, dict[str, int]],
    after: dict[int, dict[str, int]],
) -> None:
    """BP 14: "the seas in which combat occurred. The forces are listed as for countries
    above, but are listed according to player # ... Only forces belonging to players who had
    enemies in the sea space are listed." Every player reads it, as he reads every land
    combat; the numbers go to the players who see the sea (ruling R-I4), the unit types to
    everyone else."""
    rows = []
    for p in fighting:
        cells = [
            Cell(UNIT_NAMES[u], before[p][u], before[p][u] - after[p].get(u, 0))
            for u in "ANF"
            if before[p].get(u, 0)
        ]
        rows.append((p, cells))

    def render(numbers: bool) -> str:
        parts = [f"[{p}]({','.join(x.text(numbers) for x in cells)})" for p, cells in rows]
        return f"{code}: " + " ".join(parts)

    entitled = sea_entitled(state, code, seen_sea)
    log.say("sea_combat", log.audience(*entitled), render(True), space=code, full=True)
    others = [p.number for p in state.players if p.number not in entitled]
    if others:
        log.say("sea_combat", log.audience(*others), render(False), space=code, full=False)


def report_land_combat(
    state: GameState,
    log: Log,
    code: str,
    defence: Sequence[Cell],
    attackers: Sequence[Group],
    captor: int | None,
    holders: Mapping[str, int],
    owners: Mapping[str, int],
) -> set[int]:
    """BP 14: the combat in country ``code`` for every player; the players who saw all its
    numbers (for the counter-attack report)."""
    rows = _attack_rows(attackers)
    tail = f" Captured by [{captor}]" if captor is not None else ""
    # each part of the report with its numbers and without, made once for every reader
    plain_head, full_head = _texts([x for x in defence if x.sent])
    heads = (f"{code}({plain_head})", f"{code}({full_head})")
    texts = []
    for origin, _, cells in rows:
        plain_text, full_text = _texts(cells)
        texts.append((f"{origin}({plain_text})", f"{origin}({full_text})"))

    def render(numbers_for: set[tuple[str, int]] | None) -> str:
        """``numbers_for`` None: every number; else the (origin, player) rows with numbers."""
        if numbers_for is None:
            parts = [heads[True], *[text[True] for text in texts]]
        else:
            parts = [heads[False]]
            for (origin, player, _), text in zip(rows, texts, strict=True):
                parts.append(text[(origin, player) in numbers_for])
        return f"{code}: " + " ".join(parts) + tail

    entitled = land_entitled(state, code, attackers, holders, owners)
    log.say(
        "land_combat",
        log.audience(*entitled),
        render(None),
        space=code,
        captor=captor,
        full=True,
    )
    # BP 14: the numbers of his own Navy and Missile attacks, and of attacks from seas
    # where he had forces
    owns: dict[int, set[tuple[str, int]]] = {}
    seas = state.seas
    for origin, player, _ in rows:
        owns.setdefault(player, set()).add((origin, player))
        sea = seas.get(origin)
        if sea is not None:
            for p in sea.forces:
                owns.setdefault(p, set()).add((origin, player))
    plain: list[int] = []
    for q in state.players:
        p = q.number
        if p in entitled:
            continue
        own = owns.get(p)
        if own:
            log.say(
                "land_combat", log.audience(p), render(own), space=code, captor=captor, full=False
            )
        else:
            plain.append(p)
    if plain:
        log.say(
            "land_combat",
            log.audience(*plain),
            render(set()),
            space=code,
            captor=captor,
            full=False,
        )
    return entitled


def report_counter_attack(
    state: GameState,
    log: Log,
    cap: Captured,
    captors: Cell,
    returning: Cell,
    saw_combat: set[int],
) -> None:
    """BP 14: "counter-attacks in countries that were conquered during land combat. Only two
    groups are listed: the player who conquered the country, and the units of the country
    itself. If the country was recaptured in the counter-attack, it is mentioned here."
    Like land combat, read by every player, with the numbers for those who saw them in the
    land combat of that country (``saw_combat``; ruling R-I4)."""
    code = cap.code

    def render(numbers: bool) -> str:
        text = f"{code}: [{cap.captor}]({captors.text(numbers)}) {code}({returning.text(numbers)})"
        return text + (f" Recaptured by {label(cap.loser)}" if cap.recaptured else "")

    entitled = saw_combat | {cap.captor, cap.loser} - {MINOR}
    log.say("counter_attack", log.audience(*entitled), render(True), space=code, full=True)
    others = [p.number for p in state.players if p.number not in entitled]
    if others:
        log.say("counter_attack", log.audience(*others), render(False), space=code, full=False)
