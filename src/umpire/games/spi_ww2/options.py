"""Order entry on the game page (docs/rulings/spi-ww2.md S-PAGE-1): what a click on the map
may order, every choice put through the game's own check (:meth:`SpiWW2.check`, the order
given alone), so that what the page offers is what the receipt accepts.

- ``order_options``: each stack of the phasing player (``GER 3 1915``: nationality, Strength
  Points, hex), in a combat phase those beside units not his, with their attacks (moves are too
  many to list: they come step by step), and the placements of his pools (``place``) in a movement phase, each with
  every SP the pool holds (the page lowers the number); in the Diplomacy Interphase
  (``diplomacy``: orders of no stack, given from the list) each permission the player may
  grant, and PASS.
- ``order_steps``: after a stack, every hex it may move to (MOVE, with the engine's own path
  and its cost; RAIL; SHIP and LAND from a port) or attack; after an attack, each other stack
  that may join it. Each choice names the hexes it passes (``path``), says its cost or odds
  (``note``) and where its number of SP stands in its text (``number``).
- ``order_places`` / ``order_gloss`` / ``order_key`` / ``order_number``: what an offered order
  names, says, replaces and counts.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from umpire.core.problems import OrderError, Parsed
from umpire.games.spi_ww2 import combat, legality, movement, politics
from umpire.games.spi_ww2.board import Board
from umpire.games.spi_ww2.charts import Charts
from umpire.games.spi_ww2.model import DIPLOMACY, State, is_combat
from umpire.games.spi_ww2.notation import RIGHTS, format_order, parse_order
from umpire.games.spi_ww2.orders import Attack, Land, Move, Order, Pass, Permit, Place, Rail, Ship
from umpire.games.spi_ww2.turn import phasing


class Rules(Protocol):
    """What the page's choices need of the ruleset (:class:`~umpire.games.spi_ww2.game.SpiWW2`,
    passed in, so that this module does not import the game that imports it): its charts and
    its check of a submission."""

    @property
    def charts(self) -> Charts: ...

    def check(
        self, state: State, power: str, orders: Sequence[tuple[int, Order]]
    ) -> Parsed[Order]: ...


PLACE = "place"  # the list of placements (an order of no stack)
INTERPHASE = "diplomacy"  # the list of the Diplomacy Interphase's orders (of no stack)
_STACK = re.compile(r"^([A-Z]+) (\d{1,2}) (\d{4})$")
_HEX = re.compile(r"\d{4}")

MAP_HELP = (
    "On the map: click a stack of yours (again: its next nationality), then a hex: you see the "
    "path and its movement points, and the moves there. Combat: click the hex attacked, then "
    "each stack that joins. Placing: click a hex they may enter."
)


def stacks(ruleset: Rules, state: State, power: str) -> list[tuple[str, int, str]]:
    """The phasing ``power``'s stacks, (nationality, SP, hex), of the nationalities he may
    order now (10.0, 18.0, 16.64: ``legality.operated``)."""
    if power not in phasing(state, ruleset.charts) or state.phase <= 0:
        return []
    board = Board.of(state, ruleset.charts)
    out = []
    for hid, here in sorted(state.units.items()):
        for nat, sp in sorted(here.items()):
            if sp <= 0:
                continue
            try:
                legality.operated(board, power, nat)
            except OrderError:
                continue
            out.append((nat, sp, hid))
    return out


def stack_key(nat: str, sp: int, hid: str) -> str:
    return f"{nat} {sp} {hid}"


def _accepted(ruleset: Rules, state: State, power: str, order: Order) -> bool:
    """Does the game's own check accept ``order`` given alone?"""
    return bool(ruleset.check(state, power, [(1, order)]).orders)


def order_options(ruleset: Rules, state: State, power: str) -> dict[str, list[str]]:
    if state.phase == DIPLOMACY:
        return _interphase(ruleset, state, power)
    own = stacks(ruleset, state, power)
    if not own:
        return {}
    combat_phase = is_combat(state.phase)
    board = Board.of(state, ruleset.charts)
    out: dict[str, list[str]] = {}
    for nat, sp, hid in own:
        if not combat_phase:
            out[stack_key(nat, sp, hid)] = []  # moves: step by step (order_steps)
        elif _targets(board, power, hid):  # beside no units but his own: nothing to attack
            attacks = _attacks(ruleset, state, power, (nat, sp, hid))
            out[stack_key(nat, sp, hid)] = [format_order(a) for a in attacks]
    if not combat_phase:
        placed = [format_order(p) for p in _placements(ruleset, state, power)]
        if placed:
            out[PLACE] = placed
    return out


def _interphase(ruleset: Rules, state: State, power: str) -> dict[str, list[str]]:
    """The Diplomacy Interphase's orders ``power`` may give (every player orders in it): each
    permission to another player the game's check accepts (REFUSE, LENDLEASE, PEACE and the
    rest are typed), and PASS."""
    if power not in phasing(state, ruleset.charts):
        return {}
    board = Board.of(state, ruleset.charts)
    permits = [
        Permit(other, right) for other in board.state.players if other != power for right in RIGHTS
    ]
    offered = [p for p in permits if _accepted(ruleset, state, power, p)]
    return {INTERPHASE: [*(format_order(p) for p in offered), format_order(Pass())]}


def _attacks(ruleset: Rules, state: State, power: str, group: tuple[str, int, str]) -> list[Attack]:
    """The attacks of one stack alone on each hex beside it (8.0) the game accepts."""
    board = Board.of(state, ruleset.charts)
    out = []
    for target in _targets(board, power, group[2]):
        order = Attack(target, (group,))
        if _accepted(ruleset, state, power, order):
            out.append(order)
    return out


def _targets(board: Board, power: str, hid: str) -> list[str]:
    """The hexes beside ``hid`` holding units not all ``power``'s own."""
    return [
        t
        for t in board.map.adjacent(hid)
        if board.state.units.get(t)
        and not all(
            politics.commands(board.state, board.charts, power, n) for n in board.state.units[t]
        )
    ]


def _placements(ruleset: Rules, state: State, power: str) -> list[Place]:
    """Each pool's SP, all of them, in every hex where they may enter (10.0)."""
    board = Board.of(state, ruleset.charts)
    out = []
    nats = {k.split(":")[0] for k, v in state.pools.items() if v and not k.endswith(":resources")}
    nats |= {"USA"} if state.holding.get("USA") else set()
    for nat in sorted(nats):
        try:
            legality.operated(board, power, nat)
        except OrderError:
            continue
        key = legality.pool_key(board, nat)
        have = state.holding.get("USA", 0) if key == "USA" else state.pools.get(key, 0)
        if have <= 0:
            continue
        for hid in legality.placement_hexes(board, power, key):
            order = Place(nat, have, hid)
            if _accepted(ruleset, state, power, order):
                out.append(order)
    return out


# --- step by step ---------------------------------------------------------------------------


def order_steps(
    ruleset: Rules, state: State, power: str, so_far: str
) -> list[dict[str, Any]] | None:
    """The choices after ``so_far``: a stack of ``power`` (``GER 3 1915``) or an attack being
    built (``ATTACK 2016 WITH GER 3 1915``). None: no such order of ``power`` now."""
    own = stacks(ruleset, state, power)
    text = " ".join(so_far.split()).upper()
    got = _STACK.match(text)
    if got:
        group = (got[1], int(got[2]), got[3])
        if group not in own:
            return None
        if is_combat(state.phase):
            return list(_attack_steps(ruleset, state, power, own, (), group))
        return list(_move_steps(ruleset, state, power, group))
    if not text.startswith("ATTACK ") or not is_combat(state.phase):
        return None
    try:
        c = ruleset.charts
        order = parse_order(text, c.map, state.players, set())
    except OrderError:
        return None
    if not isinstance(order, Attack) or order.losses or order.displace:
        return None
    if not _accepted(ruleset, state, power, order) and not _joinable(state, power, own, order):
        return None
    out: list[dict[str, Any]] = []
    for group in own:
        if any(g[2] == group[2] and g[0] == group[0] for g in order.groups):
            continue
        out += _attack_steps(ruleset, state, power, own, order.groups, group, order.target)
    return out


def _joinable(state: State, power: str, own: list[tuple[str, int, str]], order: Attack) -> bool:
    """An attack so far whose every group is a stack of ``power`` (with no more SP)."""
    have = {(n, h): s for n, s, h in own}
    return all(0 < s <= have.get((n, h), 0) for n, s, h in order.groups)


def _attack_steps(
    ruleset: Rules,
    state: State,
    power: str,
    own: list[tuple[str, int, str]],
    before: tuple[tuple[str, int, str], ...],
    group: tuple[str, int, str],
    target: str = "",
) -> Iterator[dict[str, Any]]:
    """The attack of ``group`` on each hex beside it (on ``target`` alone once an attack is
    being built), after the groups ``before``: a whole order where the game accepts it, and
    one to go on from where another stack of yours stands beside the target."""
    board = Board.of(state, ruleset.charts)
    sp, hid = group[1], group[2]
    targets = [target] if target else _targets(board, power, hid)
    for t in targets:
        if t not in board.map.adjacent(hid):
            continue
        order = Attack(t, (*before, group))
        text = format_order(order)
        land = _accepted(ruleset, state, power, order)
        used = {(n, h) for n, _, h in order.groups}
        on = any((n, h) not in used and h in board.map.adjacent(t) for n, _, h in own)
        if not land and not on:
            continue
        total = sum(g[1] for g in order.groups)
        odds = combat.odds_text(
            board,
            combat.column(
                board,
                combat.attack_strength(board, total, state.game_turn, t),
                combat.defence_strength(board, t),
            ),
        )
        war = combat.is_act_of_war(board, power, t)
        note = f"{total} SP against {board.total(t)} ({'+'.join(board.nats_at(t))}): odds {odds}"
        if war:
            note += f"; an act of war on {', '.join(war)}"
        yield _choice(
            t if not before else hid, text, land, on, [hid, t], note, _last_number(text, sp)
        )


def _move_steps(
    ruleset: Rules, state: State, power: str, group: tuple[str, int, str]
) -> Iterator[dict[str, Any]]:
    """Every hex the stack may move to: by land (the umpire's cheapest path, 5.1), by rail
    (5.6), by sea from a port (5.7, 5.8); each the game accepts given alone."""
    nat, sp, frm = group
    board = Board.of(state, ruleset.charts)
    turn = state.game_turn
    allowance = ruleset.charts.allowance(nat)
    reach = movement.reachable(board, power, nat, frm, turn)
    # 12.0: a move may end by entering a hex it may not pass through (an invasion)
    candidates = set(reach) | {n for h in reach for n in board.map.adjacent(h)}
    for to in sorted(candidates - {frm}):
        order = Move(nat, sp, frm, to)
        if not _accepted(ruleset, state, power, order):
            continue
        found = movement.route(board, power, nat, frm, to, turn)
        cost, path = found if found else (0, [to])
        note = f"{cost} of {allowance} movement points, {len(path)} hex{'es' * (len(path) > 1)}"
        yield _choice(to, format_order(order), True, False, [frm, *path], note, _sp_at(order))
    lines = movement.rail_network(board, power, nat, frm)
    for to in sorted(set(lines) - {frm}):
        rail = Rail(nat, sp, frm, to)
        if not _accepted(ruleset, state, power, rail):
            continue
        path = [to]
        while lines[path[-1]]:
            path.append(lines[path[-1]])
        note = f"by rail, {len(path) - 1} hexes (at most {ruleset.charts.rail_capacity(nat)} SP a Game-Turn)"
        yield _choice(to, format_order(rail), True, False, path[::-1], note, _sp_at(rail))
    if board.map.hexes[frm].port:
        yield from _voyages(ruleset, state, power, board, group)


def _voyages(
    ruleset: Rules, state: State, power: str, board: Board, group: tuple[str, int, str]
) -> Iterator[dict[str, Any]]:
    """Naval transport to a port (SHIP, 5.7) and amphibious movement to a coastal hex (LAND,
    5.8), on the first transport (own first) the game accepts."""
    nat, sp, frm = group
    others = {k.split(":")[0] for k, v in board.state.transport.items() if v > 0} - {nat}
    carriers = ["", *sorted(others)]
    m = board.map
    for kind, word in ((Ship, "naval"), (Land, "amphibious")):
        points = {c: board.state.transport.get(f"{c or nat}:{word}", 0) for c in carriers}
        if not any(points.values()):
            continue
        if kind is Ship:
            ends = [p.id for p in m.ports()]
        else:
            ends = [
                h for h in m.hexes if m.passable(h) and any(not m.land(n) for n in m.adjacent(h))
            ]
        for to in sorted(set(ends) - {frm}):
            for owner in carriers:
                if points[owner] <= 0:
                    continue
                order = kind(nat, min(sp, points[owner]), frm, to, owner)
                if _accepted(ruleset, state, power, order):
                    how = f"{word} transport" + (f" of {owner}" if owner else "")
                    yield _choice(
                        to, format_order(order), True, False, [frm, to], how, _sp_at(order)
                    )
                    break


def _choice(
    space: str, text: str, land: bool, on: bool, path: list[str], note: str, number: list[int]
) -> dict[str, Any]:
    return {
        "space": space,
        "text": text,
        "land": land,
        "on": on,
        "path": path,
        "note": note,
        "number": number,
        "key": order_key(text),
    }


def _sp_at(order: Move | Rail | Ship | Land | Place) -> list[int]:
    """Where the order's Strength Points stand in its canonical text (``KIND NAT SP ...``)."""
    text = format_order(order)
    start = text.index(" ", text.index(" ") + 1) + 1
    return [start, start + len(str(order.sp))]


def _last_number(text: str, sp: int) -> list[int]:
    """Where the last group's SP stand in an attack's text (``..., GER 3 1915``)."""
    end = text.rindex(" ")
    return [end - len(str(sp)), end]


# --- what an offered order names, says, replaces and counts -------------------------------


def order_places(text: str) -> tuple[str, ...]:
    """The hexes an order names, its own stack's first ("" for a placement: no stack)."""
    words = text.split()
    hexes = _HEX.findall(text)
    if not words:
        return ()
    kind = words[0].upper()
    if kind == "PLACE":
        return ("", *hexes)
    if kind == "ATTACK" and hexes:  # the first group's hex, the target, the other groups'
        return (hexes[1], hexes[0], *hexes[2:]) if len(hexes) > 1 else (hexes[0],)
    return tuple(hexes)


def order_gloss(text: str) -> str:
    """The canonical text says what it does (MOVE, PLACE, ATTACK ... WITH): no gloss."""
    return ""


def order_key(text: str) -> str:
    """On the page a later order replaces an earlier with the same key: the same move or
    placement but for its Strength Points; an attack on the same hex (one attack a hex a
    Player-Turn: 'attacked already')."""
    words = text.split()
    if words and words[0].upper() == "ATTACK" and len(words) > 1:
        return f"ATTACK {words[1]}"
    if len(words) > 3 and words[2].isdigit():
        return " ".join(words[:2] + words[3:])
    return text


def order_number(text: str) -> tuple[int, int] | None:
    """Where the order's Strength Points stand in its text (the page lowers them): the
    third word of a placement or a move; the last group's of an attack."""
    words = text.split()
    if len(words) > 3 and words[0].upper() == "ATTACK" and words[-2].isdigit():
        end = text.rstrip().rindex(" ")
        return end - len(words[-2]), end
    if len(words) > 3 and words[2].isdigit():
        start = text.index(words[2], len(words[0]) + len(words[1]) + 1)
        return start, start + len(words[2])
    return None
