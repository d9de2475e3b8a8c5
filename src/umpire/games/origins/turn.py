"""One turn of Origins, as the rulebook's own sequence (OWW 7.1-7.3, 6.1; ruling R10).

1. Orders are checked again against the map (illegal ones are dropped and reported);
   a player without orders places nothing and keeps his PFs at home (ruling R12).
2. OWW 3.1: each player's PFs for the turn: Base chart + Bonus chart.
3. OWW 3.2, 7.1: placements and moves from the home area, all at once; PFs left unplaced
   go to the home area (ruling R12). Who placed where is public, the amounts are not (3.6).
4. OWW 7.2: diplomatic conflicts one by one, USA, France, Britain, USSR, Germany, each
   player's attacks in the order written; conditions (4.7) read step 3's placements.
5. OWW 7.3: Understanding and Control markers, simultaneously.
6. OWW 6.1: espionage, on the map as it now stands (ruling R10).
7. The turn advances; after the last turn the NOC is scored (OWW 2.1, 2.2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from umpire.core.chance import Chance
from umpire.core.events import Audience, Event
from umpire.games.origins.charts import Charts
from umpire.games.origins.conflict import Outcome, fight
from umpire.games.origins.economy import Pool, pool
from umpire.games.origins.espionage import missions
from umpire.games.origins.markers import Map, MarkerNote, place_markers
from umpire.games.origins.model import Box, State, with_boxes
from umpire.games.origins.notation import format_order
from umpire.games.origins.orders import Attack, Control, Move, Order, Place, Understanding
from umpire.games.origins.scoring import scores


def play_order(state: State, charts: Charts) -> list[str]:
    """OWW 7.2: US, France, Britain, USSR, Germany (the seated ones)."""
    return [p for p in charts.power_codes if p in state.powers]


def label(turn: int, charts: Charts) -> str:
    return f"Turn {turn} ({charts.year(turn)})"


def resolve_turn(
    state: State, orders: Mapping[str, Sequence[Order]], chance: Chance, charts: Charts
) -> tuple[State, list[Event]]:
    turn = state.turn
    players = play_order(state, charts)
    events = [Event("turn", Audience.public(), f"{label(turn, charts)} resolved.", {"turn": turn})]
    # 1. Orders checked again; missing orders (NMR, ruling R12).
    legal = _orders_given(state, orders, players, charts, events)
    # 2. OWW 3.1: PFs available this turn.
    pools = _pools(state, players, charts, events)
    # 3. OWW 3.2, 7.1: placement and moves, simultaneous.
    board: Map = {a: dict(row) for a, row in state.boxes.items()}
    placed_in, moved_out = _placements(board, legal, pools, players, events)
    # 4. OWW 7.2: diplomatic conflicts in the order of play.
    for p in players:
        for o in legal[p]:
            if isinstance(o, Attack):
                events.extend(_attack(board, p, o, placed_in, chance, charts))
    # 5. OWW 7.3: markers, simultaneously.
    wanted = {p: [o for o in legal[p] if isinstance(o, Understanding | Control)] for p in players}
    events.extend(_marker_event(note) for note in place_markers(board, wanted, charts))
    # 6. OWW 6.1: espionage on the map as it now stands.
    spied = missions(legal, players)
    events.extend(_espionage_event(board, spy, area, target) for spy, area, target in spied)
    # 7. Next turn; the final score after the last.
    after = replace(
        with_boxes(state, board),
        turn=turn + 1,
        placed={a: tuple(ps) for a, ps in placed_in.items()},
        moved_out=tuple(moved_out),
        spied=tuple(spied),
        accepted={p: tuple(format_order(o) for o in legal[p]) for p in players},
    )
    if after.turn > charts.turns:
        final = scores(after, charts)
        text = "Final scores: " + ", ".join(f"{p} {n}" for p, n in final.items()) + "."
        events.append(Event("final", Audience.public(), text, {"scores": final}))
    return after, events


def _orders_given(
    state: State,
    orders: Mapping[str, Sequence[Order]],
    players: Sequence[str],
    charts: Charts,
    events: list[Event],
) -> dict[str, list[Order]]:
    """Step 1: each player's orders, as :meth:`Origins.check` kept them when he submitted
    them against this same state: processing trusts them and does not judge them again
    (legality once, issue 28); ruling R12 for a player without orders. Appends the NMR
    events, returns the orders by power."""
    legal: dict[str, list[Order]] = {}
    for power in players:
        given = orders.get(power)
        if given is None:
            events.append(
                Event(
                    "nmr",
                    Audience.powers(power),
                    f"No orders from {power}: its PFs are placed in its home area.",
                    {"power": power},
                )
            )
            given = []
        legal[power] = list(given)
    return legal


def _pools(
    state: State, players: Sequence[str], charts: Charts, events: list[Event]
) -> dict[str, Pool]:
    """Step 2, OWW 3.1: each player's PFs for the turn; appends one event per player."""
    pools = {p: pool(state, p, charts) for p in players}
    for p, got in pools.items():
        bonus = [[a, str(b), b.amount] for a, b in got.bonuses]
        events.append(
            Event(
                "pool",
                Audience.powers(p),
                f"{p} had {got.total} PFs: {got.base} base + {got.bonus} bonus.",
                {"power": p, "base": got.base, "bonus": bonus, "total": got.total},
            )
        )
    return pools


def _placements(
    board: Map,
    legal: Mapping[str, Sequence[Order]],
    pools: Mapping[str, Pool],
    players: Sequence[str],
    events: list[Event],
) -> tuple[dict[str, list[str]], list[str]]:
    """Step 3, OWW 3.2, 7.1: placements and moves, carried out on ``board``; returns who
    placed in each area and who moved PFs out of his home area."""
    placed_in: dict[str, list[str]] = {}
    moved_out: list[str] = []
    for p in players:
        places: dict[str, int] = {}
        moves: dict[str, int] = {}
        for o in legal[p]:
            if isinstance(o, Place):
                places[o.area] = places.get(o.area, 0) + o.amount
            elif isinstance(o, Move):
                moves[o.area] = moves.get(o.area, 0) + o.amount
        leftover = pools[p].total - sum(places.values())
        if leftover > 0:  # ruling R12: unplaced PFs go to the home area
            places[p] = places.get(p, 0) + leftover
        _add(board, p, p, -sum(moves.values()))
        for area, n in (*places.items(), *moves.items()):
            _add(board, area, p, n)
            if p not in placed_in.setdefault(area, []):
                placed_in[area].append(p)
        if moves:
            moved_out.append(p)
        events.append(
            Event(
                "placement",
                Audience.powers(p),
                f"{p} placed {_amounts(places)}"
                + (f" and moved {_amounts(moves)}" if moves else "")
                + ".",
                {"power": p, "placed": places, "moved": moves, "unplaced": max(0, leftover)},
            )
        )
    return placed_in, moved_out


def _marker_event(note: MarkerNote) -> Event:
    """Step 5, OWW 7.3: the event for one marker placed (public) or not (its owner only)."""
    name = "Understanding" if note.marker == "U" else "Control"
    data = {
        "power": note.power,
        "area": note.area,
        "marker": note.marker,
        "shared_with": list(note.shared_with),
        "reason": note.reason,
    }
    if note.placed:
        shared = f" (shared with {', '.join(note.shared_with)})" if note.shared_with else ""
        text = f"{note.power} places a{'n' if name[0] == 'U' else ''} {name} marker in {note.area}{shared}."
        return Event("marker", Audience.public(), text, data)
    text = f"{name} marker in {note.area} not placed: {note.reason}."
    return Event("marker_failed", Audience.powers(note.power), text, data)


def _espionage_event(board: Map, spy: str, area: str, target: str) -> Event:
    """Step 6, OWW 6.1: what one espionage mission sees on the map as it now stands."""
    box = board.get(area, {}).get(target, Box())
    return Event(
        "espionage",
        Audience.powers(spy),
        f"Espionage: {target} in {area} holds {_holding(box)}.",
        {"spy": spy, "area": area, "target": target, "pfs": box.pfs, "marker": box.marker},
    )


def _add(board: Map, area: str, power: str, amount: int) -> None:
    if amount:
        row = board.setdefault(area, {})
        box = row.get(power, Box())
        row[power] = replace(box, pfs=box.pfs + amount)


def _amounts(amounts: Mapping[str, int]) -> str:
    return ", ".join(f"{n} in {a}" for a, n in amounts.items()) or "nothing"


def _holding(box: Box) -> str:
    if box.control:
        return "a Control marker"
    parts = [f"{box.pfs} PF{'s' if box.pfs != 1 else ''}"]
    if box.understanding:
        parts.append("an Understanding marker")
    return " and ".join(parts)


def _attack(
    board: Map,
    attacker: str,
    order: Attack,
    placed_in: Mapping[str, Sequence[str]],
    chance: Chance,
    charts: Charts,
) -> list[Event]:
    """One attack of OWW 4.1-4.8, carried out on ``board``."""
    area = order.area
    row = board.setdefault(area, {})
    data = {"attacker": attacker, "area": area, "targets": list(order.targets)}
    text = format_order(order)
    targets, protected, reason = _targets(board, attacker, order, placed_in)
    if reason:
        return [
            Event(
                "attack_void",
                Audience.powers(attacker),
                f"{text}: not carried out, {reason}.",
                {**data, "reason": reason},
            )
        ]
    events: list[Event] = []
    if protected:
        note = f"{text}: {', '.join(protected)} protected by OWW 4.8, not attacked."
        events.append(
            Event(
                "attack_limited", Audience.powers(attacker), note, {**data, "protected": protected}
            )
        )
    strength = min(order.strength, row.get(attacker, Box()).strength)
    out = fight(attacker, area, targets, strength, row, charts, chance)
    row[attacker] = row.get(attacker, Box()).lose(out.attacker_loss)
    for t, loss in out.defender_losses.items():
        row[t] = row[t].lose(loss)
    public = {
        **data,
        "targets": targets,
        "column": out.column_text,
        "die": out.die,
        "result": out.result,
    }
    die = f", die {out.die}" if out.die is not None else ""
    events.append(
        Event(
            "attack",
            Audience.public(),
            f"{area}: {attacker} attacks {','.join(targets)} at {out.column_text}{die}: {out.result}.",
            public,
        )
    )
    events.extend(_numbers(attacker, targets, out, public))
    return events


def _targets(
    board: Map, attacker: str, order: Attack, placed_in: Mapping[str, Sequence[str]]
) -> tuple[list[str], list[str], str]:
    """Whom an attack may strike (OWW 4.7, 4.8): the targets, those protected, and the reason
    the attack is not carried out at all ("" when it is)."""
    area = order.area
    row = board.get(area, {})
    # OWW 4.7: conditions read who placed PFs in the area this turn
    for cond in order.conditions:
        if (cond.power in placed_in.get(area, ())) != cond.placed:
            return [], [], "its condition was not met"
    if row.get(attacker, Box()).strength <= 0:
        return [], [], f"{attacker} has no PFs left in {area}"
    present = [t for t in order.targets if row.get(t, Box()).strength > 0]
    # OWW 4.8: an Understanding marker in the attacker's home area protects its owner
    # from the attacker everywhere but in that home area
    home = board.get(attacker, {})
    protected = [t for t in present if area != attacker and home.get(t, Box()).understanding]
    targets = [t for t in present if t not in protected]
    if not targets:
        return [], protected, "protected by OWW 4.8" if protected else "no target has PFs there"
    return targets, protected, ""


def _numbers(
    attacker: str, targets: Sequence[str], out: Outcome, public: Mapping[str, Any]
) -> list[Event]:
    """OWW 8.2: the numbers of a conflict go only to "the two players involved". An attack on
    several targets is a conflict between the attacker and each target: the attacker reads
    every number; each target reads the attack, his own strength and loss and the attacker's
    loss, never another target's."""
    area = public["area"]

    def numbers(shown: Sequence[str]) -> dict[str, Any]:
        return {
            **public,
            "attack": out.attack,
            "defence": {t: out.defence[t] for t in shown},
            "attacker_loss": out.attacker_loss,
            "defender_losses": {t: out.defender_losses[t] for t in shown},
        }

    def text(shown: Sequence[str]) -> str:
        against = " + ".join(f"{t} {out.defence[t]}" for t in shown)
        losses = ", ".join(f"{t} -{out.defender_losses[t]}" for t in shown)
        return f"{area}: {attacker} {out.attack} against {against}; losses: {attacker} -{out.attacker_loss}, {losses}."

    if len(targets) == 1:
        return [
            Event(
                "attack_numbers",
                Audience.powers(attacker, *targets),
                text(targets),
                numbers(targets),
            )
        ]
    events = [Event("attack_numbers", Audience.powers(attacker), text(targets), numbers(targets))]
    for t in targets:
        copy = {**numbers([t]), "copy_for": t}  # the umpire reads the attacker's full event
        events.append(Event("attack_numbers", Audience.powers(t), text([t]), copy))
    return events
