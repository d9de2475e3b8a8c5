"""May this player give this order now? Reads the state, never changes it.

``check`` takes a whole submission (every line already read) and keeps the orders that are
legal together, refusing each other one with a code and the rule that forbids it.
"""

from __future__ import annotations

from collections.abc import Sequence

from umpire.core.problems import Parsed
from umpire.core.problems import Problem as Warning_
from umpire.games.conquest import errors
from umpire.games.conquest.errors import Code
from umpire.games.conquest.geography import Board
from umpire.games.conquest.model import (
    ATTACK,
    BATTLE,
    DIGITS,
    ENDGAME,
    FINAL,
    HOME_ALLIANCES,
    HOMELAND,
    HOMELAND_KIND,
    OVER,
    State,
)
from umpire.games.conquest.notation import format_order
from umpire.games.conquest.orders import (
    Ally,
    Attack,
    Break,
    Digit,
    Homeland,
    Order,
    Pact,
    Pass,
    Weapon,
)

Problem = tuple[str, str] | None  # (code, message) or None when legal


def pending_powers(state: State) -> tuple[str, ...]:
    """Exactly who must order now."""
    if state.phase in (DIGITS, HOME_ALLIANCES):
        return state.players
    if state.phase == HOMELAND:
        return (state.order[len(state.homelands)],)
    if state.phase in (ATTACK, FINAL):
        return (state.holder,)
    if state.phase == BATTLE and state.war is not None:
        return (state.war.attacker, state.war.defender)
    if state.phase == ENDGAME and state.duel is not None:
        return state.duel.pair
    return ()


def home_zone(state: State, board: Board, power: str) -> int:
    home = state.homelands.get(power)
    return board.country(home).zone if home else 0


def other_home_zones(state: State, board: Board, power: str) -> set[int]:
    return {
        board.country(h).zone
        for p, h in state.homelands.items()
        if p != power and p in state.players
    }


def unoccupied(state: State, board: Board) -> list[str]:
    return [c for c in board.countries if c not in state.holdings]


def defender_for(state: State, attacker: str) -> str:
    """COTW 11A, 13E: the first player to the left of the attacker, or, while the attacker
    keeps winning, to the left of the last defender; never the attacker or his allies in a
    player alliance (18C, ruling C9). "" when nobody may defend."""
    skip = (attacker, *state.partners(attacker))
    start = state.last_defender if state.last_defender in state.players else attacker
    return state.left_of(start, skip)


def shielded(state: State, board: Board, homeland: str) -> bool:
    """COTW 19A, ruling C4: a Homeland may be attacked only once every country bordering
    it on each side of its zone table is held by an enemy of its owner."""
    owner = state.owner(homeland)
    friends = (owner, *state.partners(owner))
    return any(state.owner(c) in ("", *friends) for c in board.borders(homeland))


def ally_cost(board: Board, country: str) -> int:
    """COTW 9B: half the board value x 1000."""
    return board.pbu(country) * 500


def attack_cost(state: State, board: Board, country: str) -> int:
    """COTW 15A, 19B: an occupied country costs its full board value x 1000; 10A: free."""
    return board.pbu(country) * 1000 if country in state.holdings else 0


def _purse(state: State, power: str) -> int:
    return sum(state.chips.get(p, 0) for p in (power, *state.partners(power)))


def refuse(code: Code, **fields: object) -> tuple[str, str]:
    return code.code, code.message(**fields)


def ally_problem(state: State, board: Board, power: str, country: str, spent: int) -> Problem:
    name = board.country(country).name
    if state.phase != ATTACK:
        return refuse(errors.ALLY_PHASE)
    if not state.may_ally:
        return refuse(errors.ONE_ALLIANCE)
    if country in state.holdings:
        return refuse(errors.OCCUPIED, country=name)
    if board.country(country).zone in other_home_zones(state, board, power):
        return refuse(errors.OTHER_HOME_ZONE, country=name)
    cost = ally_cost(board, country)
    purse = _purse(state, power) - spent
    if purse < cost:
        return refuse(errors.CHIPS, country=name, cost=cost, purse=purse)
    return None


def attack_problem(state: State, board: Board, power: str, country: str, spent: int) -> Problem:
    name = board.country(country).name
    owner = state.owner(country)
    if owner == power:
        return refuse(errors.OWN_COUNTRY, country=name)
    if owner and state.allied(power, owner):
        return refuse(errors.ALLY_COUNTRY, country=name, owner=owner)
    if state.phase == FINAL and not owner:
        return refuse(errors.FINAL_ROUND, country=name)
    if state.kind(country) == HOMELAND_KIND and shielded(state, board, country):
        borders = " and ".join(board.country(c).name for c in board.borders(country))
        return refuse(errors.HOMELAND_SHIELDED, country=name, borders=borders)
    if not owner and not defender_for(state, power):
        return refuse(errors.NO_DEFENDER, country=name)
    cost = attack_cost(state, board, country)
    purse = _purse(state, power) - spent
    if purse < cost:
        return refuse(errors.CHIPS_ATTACK, country=name, cost=cost, purse=purse)
    return None


def weapon_problem(state: State, power: str, order: Weapon) -> Problem:
    if state.phase == BATTLE and state.war is not None:
        if order.weapon in state.war.lost[state.war.side(power)]:
            return refuse(errors.WEAPON_DESTROYED, weapon=order.weapon)
        return None
    if state.phase == ENDGAME and state.duel is not None:
        if order.weapon == state.duel.lost_last[state.duel.side(power)]:
            return refuse(errors.WEAPON_LOST, weapon=order.weapon)
        return None
    return refuse(errors.WEAPON_PHASE, weapon=order.weapon)


def pact_problem(state: State, power: str, order: Pact | Break) -> Problem:
    other = order.power
    pair = tuple(sorted((power, other)))

    def no(code: Code) -> Problem:
        return refuse(code, other=other)

    if other == power or other not in state.players:
        return no(errors.PACT)
    if isinstance(order, Break):
        return None if pair in state.pacts else no(errors.NO_PACT)
    if state.phase in (FINAL, ENDGAME, OVER):
        return no(errors.PACT_CLOSED)
    if len(state.players) < 3:
        return no(errors.PACT_PLAYERS)
    if pair in state.broken:
        return no(errors.PACT_BROKEN)
    if pair in state.pacts:
        return no(errors.PACT_EXISTS)
    war = state.war
    if war is not None and {power, other} == {war.attacker, war.defender}:
        return no(errors.PACT_AT_WAR)
    return None


def home_ally_problem(state: State, board: Board, power: str, country: str, total: int) -> Problem:
    name = board.country(country).name
    home = state.homelands[power]
    if board.country(country).zone != board.country(home).zone:
        return refuse(errors.NOT_HOME_ZONE, country=name)
    if state.kind(country) == HOMELAND_KIND:
        return refuse(errors.HOMELAND_TAKEN, country=name)
    if total + board.pbu(country) > board.pbu(home):
        return refuse(
            errors.OVER_CAPABILITY,
            country=name,
            total=total + board.pbu(country),
            limit=board.pbu(home),
        )
    return None


def check(
    state: State, board: Board, power: str, orders: Sequence[tuple[int, Order]]
) -> Parsed[Order]:
    """The orders kept, and a problem for each one refused."""
    out: Parsed[Order] = Parsed()
    due = pending_powers(state)
    if power not in due:
        for line, _ in orders:
            code, message = refuse(
                errors.NOT_YOUR_TURN, power=power, due=", ".join(due) or "nobody"
            )
            out.reject(line, code, message)
        return out
    seen: set[str] = set()
    spent = total = 0
    for line, order in orders:
        problem, kind = _one(state, board, power, order, seen, spent, total)
        if problem is None and kind == "ONE" and "ONE" in seen:
            problem = refuse(errors.ONE_A_TURN, order=format_order(order))
        if problem:
            out.reject(line, problem[0], problem[1])
            continue
        seen.add(kind)
        if isinstance(order, Ally):
            seen.add(f"ALLY {order.country}")
            total += board.pbu(order.country)
            spent += ally_cost(board, order.country) if state.phase == ATTACK else 0
        out.accept(line, order)
    return out


def _one(
    state: State, board: Board, power: str, order: Order, seen: set[str], spent: int, total: int
) -> tuple[Problem, str]:
    """The problem with one order given the ones kept before it, and its kind."""
    phase = state.phase
    wrong = refuse(errors.WRONG_PHASE, order=type(order).__name__.upper(), phase=phase)
    match order:
        case Pact() | Break():
            kind = f"{type(order).__name__} {order.power}"
            if kind in seen:
                return refuse(errors.DUPLICATE, order=format_order(order)), kind
            return pact_problem(state, power, order), kind
        case Digit():
            return (wrong if phase != DIGITS else None), "ONE"
        case Homeland(country):
            if phase != HOMELAND:
                return wrong, "ONE"
            if country in state.holdings:
                name = board.country(country).name
                return refuse(errors.TAKEN, country=name, owner=state.owner(country)), "ONE"
            return None, "ONE"
        case Ally(country) if phase == HOME_ALLIANCES:
            if f"ALLY {country}" in seen:
                return refuse(errors.DUPLICATE, order=f"ALLY {country}"), "ALLY"
            return home_ally_problem(state, board, power, country, total), "ALLY"
        case Ally(country):
            if "ALLY" in seen:
                return refuse(errors.ONE_ALLIANCE_AT_A_TIME), "ALLY"
            return ally_problem(state, board, power, country, spent), "ALLY"
        case Attack(country):
            if phase not in (ATTACK, FINAL):
                return wrong, "ONE"
            if f"ALLY {country}" in seen:
                return refuse(errors.CONFLICT, country=board.country(country).name), "ONE"
            return attack_problem(state, board, power, country, spent), "ONE"
        case Pass():
            return (wrong if phase not in (ATTACK, FINAL) else None), "ONE"
        case Weapon():
            return weapon_problem(state, power, order), "ONE"
    return wrong, "ONE"


def warnings(
    state: State, board: Board, power: str, orders: Sequence[tuple[int, Order]]
) -> list[Warning_]:
    """Kept orders the turn will not carry out (core's ``HasWarnings``): only the holder of
    the attack option orders then, so his orders alone decide. An ATTACK given with an ALLY
    on the last unoccupied country: the alliance is bought first and fills the board, the
    final round begins (rule 20A, ruling C8) and the attack is not made."""
    if state.phase != ATTACK:
        return []
    allies = [o.country for _, o in orders if isinstance(o, Ally)]
    if not allies or unoccupied(state, board) != allies[:1]:
        return []
    ally = board.country(allies[0]).name
    out: list[Warning_] = []
    for line, o in orders:
        if isinstance(o, Attack):
            text = format_order(o)
            code = errors.VOID_ATTACK_BOARD_FULL
            out.append(code.problem(line, text, ally=ally, order=text))
    return out
