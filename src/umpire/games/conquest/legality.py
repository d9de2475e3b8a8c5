"""May this player give this order now? Reads the state, never changes it.

``check`` takes a whole submission (every line already read) and keeps the orders that are
legal together, refusing each other one with a code and the rule that forbids it.
"""

from __future__ import annotations

from collections.abc import Sequence

from umpire.core.problems import Parsed
from umpire.games.conquest import errors
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


def ally_problem(state: State, board: Board, power: str, country: str, spent: int) -> Problem:
    name = board.country(country).name
    if state.phase != ATTACK:
        return errors.WRONG_PHASE, "alliances are bought only with the attack option (rule 9A)"
    if not state.may_ally:
        return errors.ONE_ALLIANCE, "one alliance per attack option or won war (rules 9A, 13D, 16E)"
    if country in state.holdings:
        return errors.OCCUPIED, f"{name} is occupied (rule 9A: unoccupied countries only)"
    if board.country(country).zone in other_home_zones(state, board, power):
        return errors.OTHER_HOME_ZONE, f"{name} is in another player's Homeland zone (rule 9A)"
    cost = ally_cost(board, country)
    if _purse(state, power) - spent < cost:
        return errors.CHIPS, f"an alliance with {name} costs {cost} PBU in chips (rule 9B)"
    return None


def attack_problem(state: State, board: Board, power: str, country: str, spent: int) -> Problem:
    name = board.country(country).name
    owner = state.owner(country)
    if owner == power:
        return errors.OWN_COUNTRY, f"{name} is yours"
    if owner and state.allied(power, owner):
        return errors.ALLY_COUNTRY, f"{name} is held by your ally {owner} (rule 18C)"
    if state.phase == FINAL and not owner:
        return errors.FINAL_ROUND, "the final round attacks occupied countries only (rule 20A)"
    if state.kind(country) == HOMELAND_KIND and shielded(state, board, country):
        return errors.HOMELAND_SHIELDED, (
            f"{name} is a Homeland: first conquer the countries bordering it (rule 19A)"
        )
    if not owner and not defender_for(state, power):
        return errors.NO_DEFENDER, f"nobody may defend {name} (rules 11A, 18C)"
    cost = attack_cost(state, board, country)
    if _purse(state, power) - spent < cost:
        return errors.CHIPS, f"attacking {name} costs {cost} PBU in chips (rules 15A, 19B)"
    return None


def weapon_problem(state: State, power: str, order: Weapon) -> Problem:
    if state.phase == BATTLE and state.war is not None:
        if order.weapon in state.war.lost[state.war.side(power)]:
            return errors.WEAPON_LOST, f"your {order.weapon} was destroyed in this war (rule 12F)"
        return None
    if state.phase == ENDGAME and state.duel is not None:
        if order.weapon == state.duel.lost_last[state.duel.side(power)]:
            return errors.WEAPON_LOST, f"your {order.weapon} was lost in the last battle (rule 21F)"
        return None
    return errors.WRONG_PHASE, "weapons are chosen only for a battle"


def pact_problem(state: State, power: str, order: Pact | Break) -> Problem:
    other = order.power
    pair = tuple(sorted((power, other)))
    if other == power or other not in state.players:
        return errors.PACT, f"{other} is not another player in the game"
    if isinstance(order, Break):
        return None if pair in state.pacts else (errors.PACT, f"you have no alliance with {other}")
    if state.phase in (FINAL, ENDGAME, OVER):
        return errors.PACT, "player alliances are formed only until the board is filled (rule 18A)"
    if len(state.players) < 3:
        return errors.PACT, "player alliances need 3 or more players (rule 18)"
    if pair in state.broken:
        return errors.PACT, f"your alliance with {other} was broken: never renewed (rule 18F)"
    if pair in state.pacts:
        return errors.PACT, f"you are allied with {other} already"
    return None


def home_ally_problem(state: State, board: Board, power: str, country: str, total: int) -> Problem:
    name = board.country(country).name
    home = state.homelands[power]
    if board.country(country).zone != board.country(home).zone:
        return errors.NOT_HOME_ZONE, f"{name} is not in your Homeland zone (rule 4A)"
    if state.kind(country) == HOMELAND_KIND:
        return errors.TAKEN, f"{name} is a Homeland"
    if total + board.pbu(country) > board.pbu(home):
        return errors.OVER_CAPABILITY, (
            f"{name} would take your alliances past your Homeland's {board.pbu(home)} (rule 4A)"
        )
    return None


def check(
    state: State, board: Board, power: str, orders: Sequence[tuple[int, Order]]
) -> Parsed[Order]:
    """The orders kept, and a problem for each one refused."""
    out: Parsed[Order] = Parsed()
    if power not in pending_powers(state):
        for line, _ in orders:
            out.reject(line, errors.NOT_YOUR_TURN, f"{power} has no orders to give now")
        return out
    seen: set[str] = set()
    spent = total = 0
    for line, order in orders:
        problem, kind = _one(state, board, power, order, seen, spent, total)
        problem = check_one_kind(problem, kind, seen)
        if problem:
            out.reject(line, problem[0], problem[1])
            continue
        seen.add(kind)
        if isinstance(order, Ally):
            seen.add(f"ALLY {order.country}")
            total += board.pbu(order.country)
            spent += ally_cost(board, order.country) if state.phase == ATTACK else 0
        if isinstance(order, Attack):
            seen.add(f"ATTACK {order.country}")
        out.accept(line, order)
    return out


def _one(
    state: State, board: Board, power: str, order: Order, seen: set[str], spent: int, total: int
) -> tuple[Problem, str]:
    """The problem with one order given the ones kept before it, and its kind."""
    phase = state.phase
    wrong = (errors.WRONG_PHASE, f"no such order in the {phase} phase")
    match order:
        case Pact() | Break():
            kind = f"{type(order).__name__} {order.power}"
            return (
                pact_problem(state, power, order)
                if kind not in seen
                else (errors.DUPLICATE, "given twice")
            ), kind
        case Digit():
            return (wrong if phase != DIGITS else None), "ONE"
        case Homeland(country):
            if phase != HOMELAND:
                return wrong, "ONE"
            return (
                (errors.TAKEN, f"{board.country(country).name} is taken")
                if country in state.holdings
                else None
            ), "ONE"
        case Ally(country) if phase == HOME_ALLIANCES:
            if f"ALLY {country}" in seen:
                return (errors.DUPLICATE, "given twice"), "ALLY"
            return home_ally_problem(state, board, power, country, total), "ALLY"
        case Ally(country):
            if "ALLY" in seen:
                return (errors.ONE_ALLIANCE, "one alliance at a time (rule 9A)"), "ALLY"
            return ally_problem(state, board, power, country, spent), "ALLY"
        case Attack(country):
            if phase not in (ATTACK, FINAL):
                return wrong, "ONE"
            if f"ALLY {country}" in seen:
                return (errors.CONFLICT, "you ally with it in this submission"), "ONE"
            return attack_problem(state, board, power, country, spent), "ONE"
        case Pass():
            return (wrong if phase not in (ATTACK, FINAL) else None), "ONE"
        case Weapon():
            return weapon_problem(state, power, order), "ONE"
    return wrong, "ONE"


def check_one_kind(problem: Problem, kind: str, seen: set[str]) -> Problem:
    """A second order of a kind taken once (a DIGIT, a HOMELAND, an ATTACK or PASS, a weapon)."""
    if problem is None and kind == "ONE" and "ONE" in seen:
        return errors.DUPLICATE, "only one such order this turn"
    return problem
