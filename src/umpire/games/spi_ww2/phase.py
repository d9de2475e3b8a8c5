"""One phase's orders applied to the board, order by order, in the Player-Turn's sequence:
standing choices, then placement (10.0), then movement (5.0: land, rail, sea, amphibious, in
the order written), then combat (8.0, in the order written). Each order reads a frozen
:class:`Board` and returns a new one; the board it read is never changed.

A submission is judged here once (:func:`run`: each order's legality, :mod:`legality`, on the
board as the submission's earlier orders leave it, with no dice: transport always lands, no
combat is fought), and what it keeps is what is played. The turn then executes the stored
orders (:func:`execute`) with the turn's :class:`Chance` and judges none of them again; what
execution still decides is adjudication: what the dice do, and an attack whose SP an earlier
combat of the same Player-Turn took away (:func:`attack`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from umpire.core.chance import Chance
from umpire.core.problems import Problem
from umpire.games.spi_ww2 import combat, legality, movement, politics, transport
from umpire.games.spi_ww2.board import Board
from umpire.games.spi_ww2.orders import (
    Attack,
    Land,
    LendLease,
    Move,
    Objectives,
    Order,
    Pass,
    Peace,
    Permit,
    Place,
    Rail,
    Ship,
)

K = TypeVar("K")

STEP = {
    Pass: 0,
    Permit: 0,
    LendLease: 0,
    Peace: 0,
    Objectives: 0,
    Place: 1,
    Move: 2,
    Rail: 2,
    Ship: 2,
    Land: 2,
    Attack: 3,
}


def in_sequence(orders: Sequence[tuple[int, Order]]) -> list[tuple[int, Order]]:
    """The Player-Turn's sequence: standing choices, placement, movement, combat; within a
    step, the order written."""
    return sorted(orders, key=lambda lo: (STEP[type(lo[1])], lo[0]))


def run(board: Board, player: str, orders: Sequence[tuple[int, Order]]) -> list[Problem]:
    """Judge ``orders`` of ``player`` at submission, each on the board the earlier ones
    leave (no dice: ``apply`` with no chance); the problems of those refused, which change
    nothing but the supply judged (once a Player-Turn, :func:`legality.judge`)."""
    problems = []
    for line, order in in_sequence(orders):
        board, err = legality.judge(board, player, order)
        if err is not None:
            problems.append(Problem(line, err.code, err.message))
            continue
        board = apply(board, player, order, None)
    return problems


def execute(board: Board, player: str, orders: Sequence[Order], chance: Chance) -> Board:
    """Play the orders :func:`run` kept at submission, trusted: no legality again."""
    for _, order in in_sequence(list(enumerate(orders, start=1))):
        board = apply(board, player, order, chance)
    return board


def apply(board: Board, player: str, order: Order, chance: Chance | None) -> Board:
    """The board after ``order``; ``board`` is read, never changed."""
    match order:
        case Pass():
            return board
        case Permit():
            return standing_permit(board, player, order)
        case LendLease(sp):
            return lend_lease(board, player, sp)
        case Peace(power):
            return peace(board, player, power)
        case Objectives():
            return objectives(board, player, order)
        case Place():
            return place(board, player, order, chance)
        case Move() | Rail():
            return move(board, player, order)
        case Ship() | Land():
            return sail(board, player, order, chance)
        case Attack():
            return attack(board, player, order, chance)
    return board


# --- standing choices ---------------------------------------------------------------------


def standing_permit(board: Board, player: str, order: Permit) -> Board:
    entry = (player, order.grantee, order.right)
    kept = tuple(p for p in board.state.permits if p != entry)
    return board.but(permits=tuple(sorted(kept + ((entry,) if order.granted else ()))))


def lend_lease(board: Board, player: str, sp: int) -> Board:
    """10.35: Lend-Lease is given at the discretion of the US Player (the British Player in
    the four-Player version)."""
    return board.but(lend_lease={**board.state.lend_lease, player: sp})


def peace(board: Board, player: str, power: str) -> Board:
    offer = (player, power)
    if offer in board.state.peace_offers:
        return board
    return board.but(peace_offers=tuple(sorted({*board.state.peace_offers, offer})))


def objectives(board: Board, player: str, order: Objectives) -> Board:
    """19.2: the synthesized column, recorded secretly (judged by legality.check_objectives)."""
    return board.but(objectives={**board.state.objectives, player: dict(order.entries)})


# --- placement, movement, transport ------------------------------------------------------


def place(board: Board, player: str, order: Place, chance: Chance | None) -> Board:
    key = legality.pool_key(board, order.nat)
    landed, aborted = order.sp, 0
    if order.nat == "USA" and board.map.hexes[order.hex].country != "GBR":
        # 10.83: by the US Naval Transport, which 6.5 and 6.53 roll for like any voyage
        board = board.count("transport", "USA:naval", -order.sp)
        board, (landed, aborted, _) = transport.crossing(
            board, player, "USA", order.sp, order.hex, order.hex, False, chance, "from the US"
        )
    if key == "USA":
        board = board.count("holding", "USA", -order.sp)
    else:
        board = board.count("pools", key, -order.sp)
    if aborted:  # 6.53: back to embarkation, the Holding Area (10.83), no more this Game-Turn
        board = board.count("holding", "USA", aborted)
        board = board.set_flags(us_aborted=board.state.flags.us_aborted + aborted)
    if not landed:
        return board
    board = board.add(order.hex, order.nat, landed).enter(player, order.nat, order.hex)
    return board.say("placement", f"{order.nat} places {landed} SP at {board.map.name(order.hex)}.")


def move(board: Board, player: str, order: Move | Rail) -> Board:
    if isinstance(order, Rail):
        board = board.marked(railed=_plus(board.railed, order.nat, order.sp))
    board = relocate(board, player, order.nat, order.sp, order.frm, order.to)
    word = "moves" if isinstance(order, Move) else "moves by rail"
    return board.say(
        "move", f"{order.nat} {word} {order.sp} SP {order.frm}-{board.map.name(order.to)}."
    )


def relocate(board: Board, player: str, nat: str, sp: int, frm: str, to: str) -> Board:
    board = board.shift(nat, sp, frm, to)
    board = board.marked(moved=_plus(board.moved, (to, nat), sp))
    return board.enter(player, nat, to)


def sail(board: Board, player: str, order: Ship | Land, chance: Chance | None) -> Board:
    amph = isinstance(order, Land)
    owner = legality.carrier(board, order)
    key = f"{owner}:{'amphibious' if amph else 'naval'}"
    board = board.count("transport", key, -order.sp)  # never destroyed (6.53)
    board, (landed, aborted, lost) = transport.crossing(
        board, player, order.nat, order.sp, order.frm, order.to, amph, chance
    )
    if lost:
        board = board.remove(order.frm, order.nat, lost)
    if aborted:  # 6.53: returns to embarkation and may do no more that Game-Turn
        k = (order.frm, order.nat)
        board = board.marked(
            moved=_plus(board.moved, k, aborted), attacked=_plus(board.attacked, k, aborted)
        )
        board = board.set_flags(
            spent=_spend(board.state.flags.spent, order.frm, order.nat, aborted)
        )
    if landed:
        board = relocate(board, player, order.nat, landed, order.frm, order.to)
    word = "lands" if amph else "ships"
    return board.say(
        "transport",
        f"{order.nat} {word} {landed} of {order.sp} SP {order.frm}-{board.map.name(order.to)} "
        f"on {key.replace(':', ' ')} transport.",
    )


def _plus(counts: Mapping[K, int], key: K, n: int) -> dict[K, int]:
    """``counts`` with ``n`` more at ``key`` (never below nothing)."""
    return {**counts, key: max(counts.get(key, 0) + n, 0)}


def _spend(
    spent: tuple[tuple[str, str, int], ...], hid: str, nat: str, n: int
) -> tuple[tuple[str, str, int], ...]:
    """6.53: ``n`` more of ``nat``'s SP at ``hid`` turned back, kept into the combat phase."""
    if any(h == hid and x == nat for h, x, _ in spent):
        return tuple((h, x, sp + n if (h, x) == (hid, nat) else sp) for h, x, sp in spent)
    return (*spent, (hid, nat, n))


# --- combat ------------------------------------------------------------------------------


def attack(board: Board, player: str, order: Attack, chance: Chance | None) -> Board:
    target = order.target
    if chance is not None and not _takes_place(board, player, order):
        # Adjudication, not legality: the attack was judged at submission, before any die;
        # an earlier combat of this Player-Turn (its losses, a retreat, an advance, a
        # displacement) has since changed what stands at the target or beside it.
        return board.say("combat", f"The attack on {target} does not take place.")
    attacked = board.attacked
    for nat, sp, hid in order.groups:
        attacked = _plus(attacked, (hid, nat), sp)
    board = board.marked(attacked_hexes=board.attacked_hexes | {target}, attacked=attacked)
    for nat in combat.is_act_of_war(board, player, target):
        board = begin_hostilities(board, player, nat)
    for nat in board.nats_at(target):
        if not politics.commands(board.state, board.charts, player, nat):
            board = note_attack_flags(board.fought(player, nat), player, nat)
    if any(g[0] == "ITA" for g in order.groups):
        board = board.set_flags(italy_active=True)  # 16.61, 6.53
    groups = list(order.groups)
    where = target
    if any(h == target for _, _, h in groups):
        board, (side, to) = combat.displace(board, target, player, chance, order.displace)
        if side == "attacker":
            groups = [(n, s, to if h == target else h) for n, s, h in groups]
            attacked = board.attacked
            for nat, sp, h in order.groups:  # P7: they have attacked, wherever they stand now
                if h == target:
                    attacked = _plus(attacked, (to, nat), sp)
            board = board.marked(attacked=attacked)
        elif side == "defender":
            where = to
    if chance is None:
        return board
    return resolve_combat(board, player, groups, where, order.losses, chance)


def _takes_place(board: Board, player: str, order: Attack) -> bool:
    """Adjudication at execution: the target still holds units not the attacker's, each
    group still has the SP it attacks with, not yet spent in an earlier attack, and the odds
    (defenders retreated into the target add to them) are still on the table."""
    here = board.nats_at(order.target)
    if not here or all(politics.commands(board.state, board.charts, player, n) for n in here):
        return False
    used: dict[tuple[str, str], int] = {}
    for nat, sp, hid in order.groups:
        used[(hid, nat)] = used.get((hid, nat), 0) + sp
        if used[(hid, nat)] > board.sp(hid, nat) - board.attacked.get((hid, nat), 0):
            return False
    if any(hid == order.target for _, _, hid in order.groups):
        return True  # 7.14: a shared hex is fought out whatever the odds
    att = combat.attack_strength(
        board, sum(g[1] for g in order.groups), board.state.game_turn, order.target
    )
    return combat.column(board, att, combat.defence_strength(board, order.target)) is not None


def begin_hostilities(board: Board, player: str, nat: str) -> Board:
    """An attack on units not yet hostile: an act of war (or the invasion of a minor)."""
    if politics.is_minor(board.charts, nat) and nat in board.map.countries:
        return board.invade(player, nat, nat)
    return board.declare_war(player, board.player_of(nat))


def note_attack_flags(board: Board, player: str, nat: str) -> Board:
    if nat == "FIN":
        board = board.set_flags(finland_attacked=True)  # 16.42
    if nat == "ITA":
        board = board.set_flags(italy_active=True)  # 16.61: Italy attacked
    if player == board.player_of("GER"):
        if nat == "USSR":
            board = board.set_flags(russia_attacked=True)  # 16.31, 16.32
        if nat in board.charts.mp["minors"]["balkans"]:
            board = board.set_flags(balkans_attacked=True)  # 16.33
    return board


def resolve_combat(
    board: Board,
    player: str,
    groups: list[tuple[str, int, str]],
    where: str,
    losses: Sequence[str],
    chance: Chance,
) -> Board:
    present = [
        (n, min(s, board.sp(h, n)), h) for n, s, h in groups if h in board.map.adjacent(where)
    ]
    present = [g for g in present if g[1] > 0]
    if not present or not board.state.units.get(where):
        return board.say("combat", f"The attack on {where} does not take place.")
    sp = sum(g[1] for g in present)
    att = combat.attack_strength(board, sp, board.state.game_turn, where)
    dfn = combat.defence_strength(board, where)
    col = combat.column(board, att, dfn)
    col = 0 if col is None else col
    roll = chance.roll(6, purpose=f"8.0 combat at {where}")
    result = board.charts.crt(col, roll)
    defenders = board.nats_at(where)
    board = board.say(
        "combat",
        f"{player} attacks {board.map.name(where)} ({'+'.join(defenders)}): {att:g} to {dfn}, "
        f"odds {board.charts.crt_columns[col]}, die {roll}: "
        f"attacker loses {_n(result.attacker)}, defender loses {_n(result.defender)}"
        f"{', defender retreats' if result.retreat else ''}.",
        roll=roll,
        odds=board.charts.crt_columns[col],
    )
    board, survivors_of = _attacker_losses(board, present, result.attacker)
    order = combat.defender_order(board, where, losses if len(defenders) > 1 else ())
    board, _ = combat.take_losses(board, where, result.defender, order)
    survivors = board.nats_at(where)
    if survivors and result.retreat:
        board = _retreat(board, where, survivors, [g[0] for g in present])
    if not board.state.units.get(where):
        board = advance(board, player, survivors_of, where)
    return sweden(board, player)


def _attacker_losses(
    board: Board, present: Sequence[tuple[str, int, str]], loss: int | None
) -> tuple[Board, list[tuple[str, int, str]]]:
    """The attacker's losses (``None``: all), taken from the first group first: the board
    after them, and the groups with the SP of each that attacked and survived."""
    left = loss
    out = []
    for nat, s, h in present:
        n = s if left is None else min(s, max(left, 0))
        if n:
            board = board.remove(h, nat, n)
            # the SP lost are SP that attacked: the others of the hex may still attack
            board = board.marked(attacked=_plus(board.attacked, (h, nat), -n))
        if left is not None:
            left -= n
        out.append((nat, s - n, h))
    return board, out


def _retreat(board: Board, where: str, survivors: Sequence[str], attackers: list[str]) -> Board:
    """The surviving defenders retreat, or are eliminated if they cannot."""
    to = combat.retreat_hex(board, where, survivors, attackers)
    for nat in survivors:
        board = board.shift(nat, board.sp(where, nat), where, to)  # to "": eliminated
    return board.say(
        "retreat",
        f"The defenders of {where} "
        + (f"retreat to {to}." if to else "cannot retreat and are eliminated."),
    )


def _n(x: int | None) -> str:
    return "all" if x is None else str(x)


def advance(board: Board, player: str, survivors: list[tuple[str, int, str]], where: str) -> Board:
    """Provisional (P7): the first group's survivors advance into the emptied hex: the SP
    that attacked, not others of the nationality in their hex (a stack they were displaced
    into, 7.14, or SP kept out of the attack)."""
    nat, s, h = survivors[0]
    n = min(s, board.sp(h, nat))
    if n <= 0 or not board.map.passable(where):
        return board
    why = movement.minor_restriction(board, player, nat, where, n)
    if why or legality.italy_protected(board, player, where):
        return board
    board = board.shift(nat, n, h, where)
    # they have attacked, where they stand now; the SP they left behind have not
    board = board.marked(
        moved=_plus(board.moved, (where, nat), n),
        attacked=_plus(_plus(board.attacked, (h, nat), -n), (where, nat), n),
    )
    board = board.enter(player, nat, where)
    return board.say("advance", f"{nat} {n} SP advance into {board.map.name(where)}.")


def sweden(board: Board, player: str) -> Board:
    """12.1: the Swedish army eliminated by a non-German invader halves German rates for good."""
    if board.state.flags.sweden_halved or not board.state.invaded.get("SWE"):
        return board
    if any(u.get("SWE") for u in board.state.units.values()):
        return board
    if player != board.player_of("GER"):
        board = board.set_flags(sweden_halved=True).say(
            "sweden", "The Swedish army is eliminated: German rates are halved for good (12.1)."
        )
    return board


def control_by_zoc(board: Board, player: str) -> Board:
    """19.13: an uncontested zone of control takes hexes from enemies or invaded countries;
    the board with the hexes taken."""
    own = politics.nationalities(board.state, board.charts, player)
    if not own:
        return board
    control = board.state.control
    taken: dict[str, str] = {}
    for hid, here in board.state.units.items():
        if not any(politics.commands(board.state, board.charts, player, n) for n in here):
            continue  # P5: a neutral not yet invaded exerts no zone of control
        for n in board.map.adjacent(hid):
            if not board.map.passable(n) or board.state.units.get(n) or n in taken:
                continue
            holder = control.get(n, "")
            if holder == player or board.zoc_of(n, own[0]):
                continue  # his already, or contested
            country = board.map.hexes[n].country or ""
            if (
                holder and politics.at_war(board.state, player, holder)
            ) or player in board.state.invaded.get(country, ()):
                taken[n] = player
    return board.but(control={**control, **taken}) if taken else board
