"""A bot: legal, sensible orders in every phase, from the public board and its own chips.

It calls a random number; takes a strong free Homeland; allies first with the countries
bordering its Homeland (rule 4's advice), then the most valuable that fit; buys the most
valuable alliance it can afford; attacks the most valuable unoccupied country, then, with
chips to pay, the most valuable enemy country it may attack; and in battle picks an allowed
weapon at random (no weapon dominates), fighting aggressively while it has energy to spare.
It accepts player alliances offered, proposes some to the weakest rival, and breaks one
with an ally who leads.
"""

from __future__ import annotations

from umpire.core.chance import Chance
from umpire.games.conquest.geography import Board
from umpire.games.conquest.legality import (
    ally_cost,
    ally_problem,
    attack_problem,
    home_ally_problem,
    pact_problem,
    pending_powers,
)
from umpire.games.conquest.model import (
    ATTACK,
    BATTLE,
    DIGITS,
    ENDGAME,
    FINAL,
    HOME_ALLIANCES,
    HOMELAND,
    State,
)
from umpire.games.conquest.orders import (
    WEAPONS,
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

SPARE_ENERGY = 1500  # above this a bot fights aggressively


def _homeland(state: State, board: Board, chance: Chance) -> Order:
    free = sorted(
        (c for c in board.countries if c not in state.holdings), key=lambda c: -board.pbu(c)
    )
    return Homeland(chance.choice(free[:3], purpose="bot: a Homeland among the strongest free"))


def _home_allies(state: State, board: Board, power: str) -> list[Order]:
    home = state.homelands[power]
    borders = board.borders(home)
    zone = board.zone_of(home).countries
    wanted = sorted(
        (c for c in zone if c != home and c not in state.holdings),
        key=lambda c: (c not in borders, -board.pbu(c)),
    )
    chosen: list[Order] = []
    total = 0
    for c in wanted:
        if not home_ally_problem(state, board, power, c, total):
            chosen.append(Ally(c))
            total += board.pbu(c)
    return chosen


def _attack_option(state: State, board: Board, power: str) -> list[Order]:
    orders: list[Order] = []
    spent = 0
    by_value = sorted(board.countries, key=lambda c: -board.pbu(c))
    if state.phase == ATTACK:
        for c in by_value:
            if c not in state.holdings and not ally_problem(state, board, power, c, 0):
                orders.append(Ally(c))
                spent = ally_cost(board, c)
                break
    allied = {o.country for o in orders if isinstance(o, Ally)}
    free = [c for c in by_value if c not in state.holdings and c not in allied]
    held = [c for c in by_value if c in state.holdings]
    for c in free + held:
        if not attack_problem(state, board, power, c, spent):
            return [*orders, Attack(c)]
    return [*orders, Pass()]


def _weapon(state: State, power: str, chance: Chance) -> Order:
    if state.war is not None:
        i = state.war.side(power)
        allowed = [w for w in WEAPONS if w not in state.war.lost[i]]
        energy = state.war.energy[i]
    else:
        assert state.duel is not None
        i = state.duel.side(power)
        allowed = [w for w in WEAPONS if w != state.duel.lost_last[i]]
        energy = state.duel.energy[i]
    weapon = chance.choice(allowed, purpose="bot: a weapon")
    return Weapon(weapon, "AGGRESSIVE" if energy > SPARE_ENERGY else "CAUTIOUS")


def _diplomacy(state: State, power: str, chance: Chance) -> list[Order]:
    """Accept any player alliance offered; now and then propose one to the weakest rival
    (against the leader), and break one with an ally who has become the leader."""
    if state.phase not in (ATTACK, BATTLE) or len(state.players) < 3:
        return []
    orders: list[Order] = []
    for a, b in sorted(state.offers):
        if b == power and not pact_problem(state, power, Pact(a)):
            orders.append(Pact(a))
    leader = max(state.players, key=lambda p: state.record.get(p, 0))
    if leader in state.partners(power) and chance.randint(1, 6, purpose="bot: break?") == 1:
        orders.append(Break(leader))
    weakest = min((p for p in state.players if p != power), key=lambda p: state.record.get(p, 0))
    if (
        not orders
        and not pact_problem(state, power, Pact(weakest))
        and (power, weakest) not in state.offers
        and chance.randint(1, 8, purpose="bot: propose?") == 1
    ):
        orders.append(Pact(weakest))
    return orders


def bot_orders(state: State, board: Board, power: str, chance: Chance) -> list[Order]:
    """The orders the bot chooses (the ruleset keeps those its ``check`` keeps)."""
    if power not in pending_powers(state):
        return []
    phase = state.phase
    orders: list[Order] = []
    if phase == DIGITS:
        orders = [Digit(chance.randint(0, 9, purpose="bot: the number called"))]
    elif phase == HOMELAND:
        orders = [_homeland(state, board, chance)]
    elif phase == HOME_ALLIANCES:
        orders = _home_allies(state, board, power)
    elif phase in (ATTACK, FINAL):
        orders = _attack_option(state, board, power)
    elif phase in (BATTLE, ENDGAME):
        orders = [_weapon(state, power, chance)]
    orders += _diplomacy(state, power, chance)
    return orders
