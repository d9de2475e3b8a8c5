"""May this player give this order now? Each function reads the board and raises an
:class:`OrderError` (a constant of :mod:`errors`) for an order it refuses; none changes it.

The board is the state as the submission's earlier orders leave it (the Player-Turn is
checked order by order, see :mod:`phase`), so a unit that moved cannot move again and an
attack counts the SP that will stand next to its target. :func:`judge` runs once per order,
at submission; the turn plays the orders kept then without judging them again.
"""

from __future__ import annotations

from umpire.core.problems import OrderError
from umpire.games.spi_ww2 import combat, errors, movement, politics, seas, supply, transport
from umpire.games.spi_ww2.board import Board
from umpire.games.spi_ww2.model import DIPLOMACY, OBJECTIVES, is_combat
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

STANDING = (Permit, LendLease, Peace, Pass)


def judge(board: Board, player: str, order: Order) -> tuple[Board, OrderError | None]:
    """The legality of one order, once, at submission (:func:`phase.run`): the problem of
    an order refused (None if kept), and the board with the supply judged on the way (once
    a Player-Turn, :func:`supply.judged`); nothing else changes."""
    if isinstance(order, Attack):
        return check_attack(board, player, order)
    try:
        check_phase(board, order)
        match order:
            case Permit():
                check_permit(player, order)
            case LendLease(sp):
                check_lend_lease(board, player, sp)
            case Peace(power):
                check_peace(board, player, power)
            case Objectives():
                check_objectives(board, player, order)
            case Place():
                check_place(board, player, order)
            case Move():
                check_move(board, player, order)
            case Rail():
                check_rail(board, player, order)
            case Ship() | Land():
                check_ship(board, player, order)
    except OrderError as err:
        # Without its traceback: that holds this frame, which holds the error (a cycle left
        # for the garbage collector, for every order the bots try and the rules refuse).
        return board, err.with_traceback(None)
    return board, None


def phase_name(board: Board) -> str:
    if board.state.phase == OBJECTIVES:
        return "the 19.2 synthesis"
    if board.state.phase == DIPLOMACY:
        return "the Diplomacy Interphase"
    return "a combat phase" if is_combat(board.state.phase) else "a movement phase"


def check_phase(board: Board, order: Order) -> None:
    phase = board.state.phase
    ok = isinstance(order, Pass) or (
        isinstance(order, Objectives)
        if phase == OBJECTIVES
        else isinstance(order, STANDING)
        if phase == DIPLOMACY
        else isinstance(order, (*STANDING, Attack))
        if is_combat(phase)
        else not isinstance(order, (Objectives, Attack))
    )
    if not ok:
        raise errors.WRONG_PHASE.error(what=type(order).__name__.upper(), phase=phase_name(board))


# --- standing choices ---------------------------------------------------------------------


def check_permit(player: str, order: Permit) -> None:
    if order.grantee == player:
        raise errors.PERMIT_SELF.error()


def check_lend_lease(board: Board, player: str, sp: int) -> None:
    """10.35: Lend-Lease is given at the discretion of the US Player (the British Player in
    the four-Player version)."""
    if player != board.player_of("USA"):
        raise errors.LEND_LEASE_GIVER.error()
    limit = int(board.charts.core["replacements"]["lend_lease_limit"])
    if sp > limit:
        raise errors.LEND_LEASE_LIMIT.error(limit=limit)


def check_peace(board: Board, player: str, power: str) -> None:
    if not politics.at_war(board.state, player, power):
        raise errors.NOT_AT_WAR.error(power=power)


def check_objectives(board: Board, player: str, order: Objectives) -> None:
    """19.2: a column synthesized from the columns of the player's two nationalities, each
    entry taken from one of them, at most 25 Victory Points in all."""
    nats = [
        n for n in politics.nationalities(board.state, board.charts, player) if n in politics.MAJORS
    ]
    if len(nats) < 2:
        raise errors.ONE_IDENTITY.error()
    chart = board.charts.mp["objectives"]
    cols = [chart["columns"].index(n) for n in nats]
    total = 0
    seen = set()
    for country, entry in order.entries:
        if country in seen:
            raise errors.OBJECTIVE_TWICE.error(country=country)
        seen.add(country)
        offered = {chart["rows"][country][c] for c in cols} - {""}
        if entry not in offered:
            columns = " and ".join(nats)
            raise errors.OBJECTIVE_ENTRY.error(country=country, entry=entry, columns=columns)
        total += int(entry[1:])
    limit = int(chart["synthesis_limit"])
    if total > limit:
        raise errors.OBJECTIVES_TOTAL.error(total=total, limit=limit)


# --- placement, movement, transport, combat ----------------------------------------------


def operated(board: Board, player: str, nat: str) -> None:
    if nat not in politics.nationalities(board.state, board.charts, player):
        raise errors.NOT_YOURS.error(nat=nat)
    if nat == "USA" and not us_active(board):
        raise errors.US_NEUTRAL.error()
    if nat == "ITA" and board.state.flags.italy_surrendered:
        raise errors.ITALY_SURRENDERED.error()


def us_active(board: Board) -> bool:
    return bool(board.state.us_entry) and board.state.game_turn >= board.state.us_entry


def free_to_move(board: Board, nat: str, hid: str, sp: int) -> None:
    have = board.sp(hid, nat) - board.moved.get((hid, nat), 0)
    if have < sp:
        raise errors.NOT_ENOUGH.error(have=max(have, 0), nat=nat, hex=hid, want=sp)


def stacking(board: Board, hid: str, sp: int) -> None:
    total = board.total(hid) + sp
    if total > board.charts.stacking:
        raise errors.STACKING.error(hex=hid, sp=total, limit=board.charts.stacking)


def italy_protected(board: Board, player: str, hid: str) -> bool:
    """16.63 (provisional two-player rule, four and five Players): nobody may attack Italy or
    its possessions before Italy is an active belligerent; six Players: at will."""
    if board.state.version == 6 or board.state.flags.italy_active:
        return False
    country = board.map.hexes[hid].country or ""
    italy = board.player_of("ITA")
    return player != italy and (country == "ITA" or board.map.owner(country) == "ITA")


def destination(board: Board, player: str, nat: str, to: str, sp: int) -> None:
    refused = movement.minor_restriction(board, player, nat, to, sp)
    if refused:
        raise refused
    if italy_protected(board, player, to):
        raise errors.ITALY_PROTECTED.error()
    stacking(board, to, sp)
    north_africa(board, nat, to, sp)


def north_africa(board: Board, nat: str, to: str, sp: int) -> None:
    """5.77: five and four Players: at most three Italian SP in North Africa."""
    mp = board.charts.mp["transport"]
    area = set(mp["north_africa"])
    if nat != "ITA" or board.state.version == 6 or board.map.hexes[to].country not in area:
        return
    there = sum(
        u.get("ITA", 0) for h, u in board.state.units.items() if board.map.hexes[h].country in area
    )
    limit = int(mp["italian_north_africa_limit"])
    if there + sp > limit:
        raise errors.NORTH_AFRICA.error(limit=limit, there=there)


def check_move(board: Board, player: str, order: Move) -> None:
    operated(board, player, order.nat)
    free_to_move(board, order.nat, order.frm, order.sp)
    refused = movement.minor_restriction(board, player, order.nat, order.to, order.sp)
    if refused:
        raise refused
    _, refused = movement.path_cost(
        board, player, order.nat, order.frm, order.to, board.state.game_turn
    )
    if refused is not None:
        raise refused
    destination(board, player, order.nat, order.to, order.sp)


def check_rail(board: Board, player: str, order: Rail) -> None:
    operated(board, player, order.nat)
    free_to_move(board, order.nat, order.frm, order.sp)
    left = board.charts.rail_capacity(order.nat) - board.railed.get(order.nat, 0)
    if order.sp > left:
        raise errors.RAIL_CAPACITY.error(nat=order.nat, frm=order.frm, to=order.to, left=left)
    if not movement.rail_path(board, player, order.nat, order.frm, order.to):
        raise errors.NO_RAIL_LINE.error(nat=order.nat, frm=order.frm, to=order.to)
    destination(board, player, order.nat, order.to, order.sp)


def carrier(board: Board, order: Ship | Land) -> str:
    return order.owner or order.nat


def check_ship(board: Board, player: str, order: Ship | Land) -> None:
    operated(board, player, order.nat)
    free_to_move(board, order.nat, order.frm, order.sp)
    amph = isinstance(order, Land)
    owner = carrier(board, order)
    key = f"{owner}:{'amphibious' if amph else 'naval'}"
    left = board.state.transport.get(key, 0)

    where = {"nat": order.nat, "frm": order.frm, "to": order.to}
    if order.sp > left:
        raise errors.TRANSPORT_POINTS.error(**where, key=key, left=left)
    refused = transport.carrier_problem(board, owner, order.nat, order.frm, order.to)
    refused = refused or transport.voyage_problem(
        board, player, order.nat, order.frm, order.to, amph
    )
    if refused is not None:
        raise refused
    destination(board, player, order.nat, order.to, order.sp)


def placement_hexes(board: Board, player: str, key: str) -> list[str]:
    """Where SP of pool ``key`` may be placed (10.0; 10.44, 10.73, 10.51, 10.82, 10.91)."""
    nat = key.split(":")[0]
    m = board.map
    if nat == "USA":
        out = []
        gbr = board.player_of("GBR")
        if politics.permitted(board.state, gbr, player, "BRITAIN"):  # 10.51, 10.82
            out += [h for h in m.of_country.get("GBR", ()) if board.state.control.get(h) == gbr]
        return out + [p.id for p in m.ports() if board.state.control.get(p.id) == player]  # 10.83
    if nat == "GBR":
        cands = list(m.of_country.get("GBR", ()))  # 10.44: any hex in Britain
    elif key == "FRA:spring":
        cands = m.resource_centers("FRA")  # 10.91
    elif nat == "USSR":
        cands = m.resource_centers("USSR")  # 10.73: controlled Resource Centers
    else:
        cands = [h for h in m.of_country.get(nat, ()) if m.hexes[h].rc or m.hexes[h].capital]
        if politics.is_minor(board.charts, nat):
            cands = list(m.of_country.get(nat, ()))
    return [
        h
        for h in cands
        if board.state.control.get(h, "") in (player, "") and not _blocked(board, nat, h)
    ]


def us_port_reached(board: Board, player: str, hid: str) -> bool:
    """10.83, 9.32 (P9): a port US SP enter the map at is on a sea reached from the Atlantic
    (the US lies across it, as in supply) through passages open to the US Player: past
    Gibraltar or Suez only with the British Player's STRAITS permission."""
    reach = seas.regions_from(board, player, {"Atlantic"})
    return bool(reach & set(board.map.hexes[hid].seas))


def _blocked(board: Board, nat: str, hid: str) -> bool:
    return board.hostile_in(hid, nat) or board.zoc_of(hid, nat)


def french_spring_ok(board: Board, player: str) -> bool:
    """10.91: at least three Resource Centers in France free of Enemy zones of control."""
    need = int(board.charts.mp["replacements"]["french_free_rc"])
    free = [
        h
        for h in board.map.resource_centers("FRA")
        if board.state.control.get(h) == player and not _blocked(board, "FRA", h)
    ]
    return len(free) >= need


def russian_size(board: Board) -> int:
    """10.73: the largest Russian unit that may be brought on now."""
    r = board.charts.mp["replacements"]
    if not board.state.flags.russia_war:
        return int(r["russian_size_peace"])
    if board.state.game_turn >= int(r["russian_size_1943_turn"]):
        return int(r["russian_size_1943"])
    return int(r["russian_size_war"])


def pool_key(board: Board, nat: str) -> str:
    if nat == "FRA" and board.state.pools.get("FRA:spring"):
        return "FRA:spring"
    if nat == "USA" and board.state.pools.get("USA:due"):
        return "USA:due"
    return nat


def check_place(board: Board, player: str, order: Place) -> str:
    """The pool the SP come from; raises if the placement is refused."""
    operated(board, player, order.nat)
    key = pool_key(board, order.nat)
    have = board.state.holding.get("USA", 0) if key == "USA" else board.state.pools.get(key, 0)
    if key == "USA":  # 6.53: SP turned back this Game-Turn "may do no more"
        have -= board.state.flags.us_aborted
    if order.sp > have:
        raise errors.POOL.error(have=max(have, 0), nat=order.nat, want=order.sp)

    at = {"nat": order.nat, "hex": order.hex}
    if key == "FRA:spring" and not french_spring_ok(board, player):
        need = int(board.charts.mp["replacements"]["french_free_rc"])
        raise errors.FRENCH_SPRING.error(**at, need=need)
    if order.nat == "USSR" and order.sp > russian_size(board):
        raise errors.RUSSIAN_SIZE.error(**at, size=russian_size(board))
    if order.hex not in placement_hexes(board, player, key):
        raise errors.PLACEMENT.error(**at)
    overseas = order.nat == "USA" and board.map.hexes[order.hex].country != "GBR"
    if overseas and not us_port_reached(board, player, order.hex):
        raise errors.US_PORT.error(**at)
    if overseas and board.state.transport.get("USA:naval", 0) < order.sp:
        raise errors.US_TRANSPORT.error(**at)
    stacking(board, order.hex, order.sp)
    return key


def check_attack(board: Board, player: str, order: Attack) -> tuple[Board, OrderError | None]:
    """The attack's problem (None if kept), and the board with the supply of its groups
    judged as far as the check went (9.6)."""
    target = order.target
    try:
        check_phase(board, order)
        if target in board.attacked_hexes:
            raise errors.ATTACKED_ALREADY.error(hex=target)
        if not board.state.units.get(target):
            raise errors.NO_TARGET.error(hex=target)
        if italy_protected(board, player, target):
            raise errors.ITALY_IMMUNE.error(hex=target)
        nats = [g[0] for g in order.groups]
        if not combat.may_combine(board, nats):
            raise errors.COMBINED_ATTACK.error(hex=target, nats=" and ".join(sorted(set(nats))))
        used: dict[tuple[str, str], int] = {}
        for nat, sp, hid in order.groups:
            operated(board, player, nat)
            _may_attack(board, nat, target)
            if hid != target and hid not in board.map.adjacent(target):
                raise errors.NOT_ADJACENT.error(hex=target, frm=hid)
            used[(hid, nat)] = used.get((hid, nat), 0) + sp
            have = board.sp(hid, nat) - board.attacked.get((hid, nat), 0)
            if used[(hid, nat)] > have:
                raise errors.SPENT.error(hex=target, have=max(have, 0), nat=nat, frm=hid)
            if not board.charts.core["supply"]["attack_when_out"]:
                board = supply.judged(board, nat)
                if not supply.in_supply(board, nat, hid):
                    raise errors.OUT_OF_SUPPLY.error(hex=target, nat=nat, frm=hid)
        here = board.nats_at(target)
        if all(politics.commands(board.state, board.charts, player, n) for n in here):
            raise errors.OWN_UNITS.error(hex=target)
        if not any(hid == target for _, _, hid in order.groups):
            att = combat.attack_strength(
                board, sum(g[1] for g in order.groups), board.state.game_turn, target
            )
            if combat.column(board, att, combat.defence_strength(board, target)) is None:
                raise errors.LOW_ODDS.error(hex=target, lowest=board.charts.crt_columns[0])
    except OrderError as err:
        # Without its traceback: that holds this frame, which holds the error (a cycle left
        # for the garbage collector, for every order the bots try and the rules refuse).
        return board, err.with_traceback(None)
    return board, None


def _may_attack(board: Board, nat: str, target: str) -> None:
    charts = board.charts
    flags = board.state.flags
    if politics.self_defense(charts, nat) and not politics.active_minor(board.state, nat):
        raise errors.SELF_DEFENSE_ATTACK.error(hex=target, nat=nat)
    elif nat == "FIN":
        if not (flags.finland_attacked or flags.finland_violated):
            raise errors.FINLAND_ATTACK.error(hex=target)
    elif politics.pro_axis(charts, nat):
        if not (flags.russia_attacked or flags.balkans_attacked):
            raise errors.PRO_AXIS_ATTACK.error(hex=target, nat=nat)
    elif nat == "ITA" and not movement.italy_free(board):
        raise errors.ITALY_ATTACK.error(hex=target)
