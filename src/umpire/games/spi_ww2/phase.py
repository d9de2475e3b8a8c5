"""One phase's orders applied to the board, order by order, in the Player-Turn's sequence:
standing choices, then placement (10.0), then movement (5.0: land, rail, sea, amphibious, in
the order written), then combat (8.0, in the order written).

A submission is judged here once (:func:`run`: each order's legality, :mod:`legality`, on the
board as the submission's earlier orders leave it, with no dice: transport always lands, no
combat is fought), and what it keeps is what is played. The turn then executes the stored
orders (:func:`execute`) with the turn's :class:`Chance` and judges none of them again; what
execution still decides is adjudication: what the dice do, and an attack whose SP an earlier
combat of the same Player-Turn took away (:func:`attack`).
"""

from __future__ import annotations

from collections.abc import Sequence

from umpire.core.chance import Chance
from umpire.core.problems import OrderError, Problem
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
    nothing."""
    problems = []
    for line, order in in_sequence(orders):
        try:
            legality.judge(board, player, order)
        except OrderError as err:
            problems.append(Problem(line, err.code, err.message))
            continue
        apply(board, player, order, None)
    return problems


def execute(board: Board, player: str, orders: Sequence[Order], chance: Chance) -> None:
    """Play the orders :func:`run` kept at submission, trusted: no legality again."""
    for _, order in in_sequence(list(enumerate(orders, start=1))):
        apply(board, player, order, chance)


def apply(board: Board, player: str, order: Order, chance: Chance | None) -> None:
    match order:
        case Pass():
            pass
        case Permit():
            standing_permit(board, player, order)
        case LendLease(sp):
            lend_lease(board, player, sp)
        case Peace(power):
            peace(board, player, power)
        case Objectives():
            objectives(board, player, order)
        case Place():
            place(board, player, order, chance)
        case Move() | Rail():
            move(board, player, order)
        case Ship() | Land():
            sail(board, player, order, chance)
        case Attack():
            attack(board, player, order, chance)


# --- standing choices ---------------------------------------------------------------------


def standing_permit(board: Board, player: str, order: Permit) -> None:
    entry = (player, order.grantee, order.right)
    kept = tuple(p for p in board.permits if p != entry)
    board.permits = tuple(sorted(kept + ((entry,) if order.granted else ())))


def lend_lease(board: Board, player: str, sp: int) -> None:
    """10.35: Lend-Lease is given at the discretion of the US Player (the British Player in
    the four-Player version)."""
    board.lend_lease[player] = sp


def peace(board: Board, player: str, power: str) -> None:
    offer = (player, power)
    if offer not in board.peace_offers:
        board.peace_offers = tuple(sorted({*board.peace_offers, offer}))


def objectives(board: Board, player: str, order: Objectives) -> None:
    """19.2: the synthesized column, recorded secretly (judged by legality.check_objectives)."""
    board.objectives[player] = dict(order.entries)


# --- placement, movement, transport ------------------------------------------------------


def place(board: Board, player: str, order: Place, chance: Chance | None) -> None:
    key = legality.pool_key(board, order.nat)
    landed, aborted = order.sp, 0
    if order.nat == "USA" and board.map.hexes[order.hex].country != "GBR":
        # 10.83: by the US Naval Transport, which 6.5 and 6.53 roll for like any voyage
        board.transport["USA:naval"] = board.transport.get("USA:naval", 0) - order.sp
        landed, aborted, _ = transport.crossing(
            board, player, "USA", order.sp, order.hex, order.hex, False, chance, "from the US"
        )
    if key == "USA":
        board.holding["USA"] = board.holding.get("USA", 0) - order.sp
    else:
        board.pools[key] = board.pools.get(key, 0) - order.sp
    if aborted:  # 6.53: back to embarkation, the Holding Area (10.83), no more this Game-Turn
        board.holding["USA"] = board.holding.get("USA", 0) + aborted
        board.set_flags(us_aborted=board.flags.us_aborted + aborted)
    if not landed:
        return
    board.add(order.hex, order.nat, landed)
    board.enter(player, order.nat, order.hex)
    board.say("placement", f"{order.nat} places {landed} SP at {board.map.name(order.hex)}.")


def move(board: Board, player: str, order: Move | Rail) -> None:
    if isinstance(order, Rail):
        board.railed[order.nat] = board.railed.get(order.nat, 0) + order.sp
    relocate(board, player, order.nat, order.sp, order.frm, order.to)
    word = "moves" if isinstance(order, Move) else "moves by rail"
    board.say("move", f"{order.nat} {word} {order.sp} SP {order.frm}-{board.map.name(order.to)}.")


def relocate(board: Board, player: str, nat: str, sp: int, frm: str, to: str) -> None:
    board.remove(frm, nat, sp)
    board.add(to, nat, sp)
    key = (to, nat)
    board.moved[key] = board.moved.get(key, 0) + sp
    board.enter(player, nat, to)


def sail(board: Board, player: str, order: Ship | Land, chance: Chance | None) -> None:
    amph = isinstance(order, Land)
    owner = legality.carrier(board, order)
    key = f"{owner}:{'amphibious' if amph else 'naval'}"
    board.transport[key] -= order.sp  # transport of any kind is never destroyed (6.53)
    landed, aborted, lost = transport.crossing(
        board, player, order.nat, order.sp, order.frm, order.to, amph, chance
    )
    if lost:
        board.remove(order.frm, order.nat, lost)
    if aborted:  # 6.53: returns to embarkation and may do no more that Game-Turn
        k = (order.frm, order.nat)
        board.moved[k] = board.moved.get(k, 0) + aborted
        board.attacked[k] = board.attacked.get(k, 0) + aborted
        board.set_flags(spent=_spend(board.flags.spent, order.frm, order.nat, aborted))
    if landed:
        relocate(board, player, order.nat, landed, order.frm, order.to)
    word = "lands" if amph else "ships"
    board.say(
        "transport",
        f"{order.nat} {word} {landed} of {order.sp} SP {order.frm}-{board.map.name(order.to)} "
        f"on {key.replace(':', ' ')} transport.",
    )


def _spend(
    spent: tuple[tuple[str, str, int], ...], hid: str, nat: str, n: int
) -> tuple[tuple[str, str, int], ...]:
    """6.53: ``n`` more of ``nat``'s SP at ``hid`` turned back, kept into the combat phase."""
    if any(h == hid and x == nat for h, x, _ in spent):
        return tuple((h, x, sp + n if (h, x) == (hid, nat) else sp) for h, x, sp in spent)
    return (*spent, (hid, nat, n))


# --- combat ------------------------------------------------------------------------------


def attack(board: Board, player: str, order: Attack, chance: Chance | None) -> None:
    target = order.target
    if chance is not None and not _takes_place(board, player, order):
        # Adjudication, not legality: the attack was judged at submission, before any die;
        # an earlier combat of this Player-Turn (its losses, a retreat, an advance, a
        # displacement) has since changed what stands at the target or beside it.
        board.say("combat", f"The attack on {target} does not take place.")
        return
    board.attacked_hexes.add(target)
    for nat, sp, hid in order.groups:
        board.attacked[(hid, nat)] = board.attacked.get((hid, nat), 0) + sp
    for nat in combat.is_act_of_war(board, player, target):
        begin_hostilities(board, player, nat)
    for nat in board.nats_at(target):
        if not politics.commands(board.state, board.charts, player, nat):
            board.fought(player, nat)
            note_attack_flags(board, player, nat)
    if any(g[0] == "ITA" for g in order.groups):
        board.set_flags(italy_active=True)  # 16.61, 6.53
    groups = list(order.groups)
    where = target
    if any(h == target for _, _, h in groups):
        side, to = combat.displace(board, target, player, chance, order.displace)
        if side == "attacker":
            groups = [(n, s, to if h == target else h) for n, s, h in groups]
            for nat, sp, h in order.groups:  # P7: they have attacked, wherever they stand now
                if h == target:
                    board.attacked[(to, nat)] = board.attacked.get((to, nat), 0) + sp
        elif side == "defender":
            where = to
    if chance is None:
        return
    resolve_combat(board, player, groups, where, order.losses, chance)


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
        board, sum(g[1] for g in order.groups), board.base.game_turn, order.target
    )
    return combat.column(board, att, combat.defence_strength(board, order.target)) is not None


def begin_hostilities(board: Board, player: str, nat: str) -> None:
    """An attack on units not yet hostile: an act of war (or the invasion of a minor)."""
    if politics.is_minor(board.charts, nat) and nat in board.map.countries:
        board.invade(player, nat, nat)
    else:
        board.declare_war(player, board.player_of(nat))


def note_attack_flags(board: Board, player: str, nat: str) -> None:
    if nat == "FIN":
        board.set_flags(finland_attacked=True)  # 16.42
    if nat == "ITA":
        board.set_flags(italy_active=True)  # 16.61: Italy attacked
    if player == board.player_of("GER"):
        if nat == "USSR":
            board.set_flags(russia_attacked=True)  # 16.31, 16.32
        if nat in board.charts.mp["minors"]["balkans"]:
            board.set_flags(balkans_attacked=True)  # 16.33


def resolve_combat(
    board: Board,
    player: str,
    groups: list[tuple[str, int, str]],
    where: str,
    losses: Sequence[str],
    chance: Chance,
) -> None:
    present = [
        (n, min(s, board.sp(h, n)), h) for n, s, h in groups if h in board.map.adjacent(where)
    ]
    present = [g for g in present if g[1] > 0]
    if not present or not board.units.get(where):
        board.say("combat", f"The attack on {where} does not take place.")
        return
    sp = sum(g[1] for g in present)
    att = combat.attack_strength(board, sp, board.base.game_turn, where)
    dfn = combat.defence_strength(board, where)
    col = combat.column(board, att, dfn)
    col = 0 if col is None else col
    roll = chance.roll(6, purpose=f"8.0 combat at {where}")
    result = board.charts.crt(col, roll)
    defenders = board.nats_at(where)
    board.say(
        "combat",
        f"{player} attacks {board.map.name(where)} ({'+'.join(defenders)}): {att:g} to {dfn}, "
        f"odds {board.charts.crt_columns[col]}, die {roll}: "
        f"attacker loses {_n(result.attacker)}, defender loses {_n(result.defender)}"
        f"{', defender retreats' if result.retreat else ''}.",
        roll=roll,
        odds=board.charts.crt_columns[col],
    )
    survivors_of = _attacker_losses(board, present, result.attacker)
    order = combat.defender_order(board, where, losses if len(defenders) > 1 else ())
    combat.take_losses(board, where, result.defender, order)
    survivors = board.nats_at(where)
    if survivors and result.retreat:
        _retreat(board, where, survivors, [g[0] for g in present])
    if not board.units.get(where):
        advance(board, player, survivors_of, where)
    sweden(board, player)


def _attacker_losses(
    board: Board, present: Sequence[tuple[str, int, str]], loss: int | None
) -> list[tuple[str, int, str]]:
    """The attacker's losses (``None``: all), taken from the first group first; the groups
    with the SP of each that attacked and survived."""
    left = loss
    out = []
    for nat, s, h in present:
        n = s if left is None else min(s, max(left, 0))
        if n:
            board.remove(h, nat, n)
            # the SP lost are SP that attacked: the others of the hex may still attack
            board.attacked[(h, nat)] = max(board.attacked.get((h, nat), 0) - n, 0)
        if left is not None:
            left -= n
        out.append((nat, s - n, h))
    return out


def _retreat(board: Board, where: str, survivors: Sequence[str], attackers: list[str]) -> None:
    """The surviving defenders retreat, or are eliminated if they cannot."""
    to = combat.retreat_hex(board, where, survivors, attackers)
    for nat in survivors:
        n = board.sp(where, nat)
        board.remove(where, nat, n)
        if to:
            board.add(to, nat, n)
    board.say(
        "retreat",
        f"The defenders of {where} "
        + (f"retreat to {to}." if to else "cannot retreat and are eliminated."),
    )


def _n(x: int | None) -> str:
    return "all" if x is None else str(x)


def advance(board: Board, player: str, survivors: list[tuple[str, int, str]], where: str) -> None:
    """Provisional (P7): the first group's survivors advance into the emptied hex: the SP
    that attacked, not others of the nationality in their hex (a stack they were displaced
    into, 7.14, or SP kept out of the attack)."""
    nat, s, h = survivors[0]
    n = min(s, board.sp(h, nat))
    if n <= 0 or not board.map.passable(where):
        return
    why = movement.minor_restriction(board, player, nat, where, n)
    if why or legality.italy_protected(board, player, where):
        return
    board.remove(h, nat, n)
    board.add(where, nat, n)
    board.moved[(where, nat)] = board.moved.get((where, nat), 0) + n
    # they have attacked, where they stand now; the SP they left behind have not
    board.attacked[(h, nat)] = max(board.attacked.get((h, nat), 0) - n, 0)
    board.attacked[(where, nat)] = board.attacked.get((where, nat), 0) + n
    board.enter(player, nat, where)
    board.say("advance", f"{nat} {n} SP advance into {board.map.name(where)}.")


def sweden(board: Board, player: str) -> None:
    """12.1: the Swedish army eliminated by a non-German invader halves German rates for good."""
    if board.flags.sweden_halved or not board.invaded.get("SWE"):
        return
    if any(u.get("SWE") for u in board.units.values()):
        return
    if player != board.player_of("GER"):
        board.set_flags(sweden_halved=True)
        board.say(
            "sweden", "The Swedish army is eliminated: German rates are halved for good (12.1)."
        )


def control_by_zoc(board: Board, player: str) -> None:
    """19.13: an uncontested zone of control takes hexes from enemies or invaded countries."""
    own = politics.nationalities(board.state, board.charts, player)
    if not own:
        return
    for hid, here in list(board.units.items()):
        if not any(politics.commands(board.state, board.charts, player, n) for n in here):
            continue  # P5: a neutral not yet invaded exerts no zone of control
        for n in board.map.adjacent(hid):
            if not board.map.passable(n) or board.units.get(n) or board.control.get(n) == player:
                continue
            if board.zoc_of(n, own[0]):
                continue  # contested
            holder = board.control.get(n, "")
            country = board.map.hexes[n].country or ""
            if (
                holder and politics.at_war(board.state, player, holder)
            ) or player in board.invaded.get(country, ()):
                board.control[n] = player
