"""The bot of Real Forces (WW real): the base bot, World Opinion lists, and peace.

It plays as the base bot (builds, propaganda, attacks on weaker neighbours, no attacks on
turn one), builds Industry with a quarter of its industry, keeps World Opinion lists (the biggest other player at the top of its bad-guy list,
the smallest at the top of its good-guy list, WW opinion), and from turn ``PEACE_FROM`` on it
makes peace: it declares every other player still in the game an ally and gives up attacks on
players and enemy declarations, so that a game of bots reaches the end of WW real.end.
"""

from __future__ import annotations

from umpire.core.chance import Chance
from umpire.games.battleplan import bot
from umpire.games.battleplan.arms import BP_ARMS, Arms
from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.legality import check_orders
from umpire.games.battleplan.model import MINOR, GameState
from umpire.games.battleplan.orders import Action, Build, Declare, Order
from umpire.games.battleplan.world.endingreal import left_in_game

PEACE_FROM = 8  # the turn from which the bot makes peace with everyone


def bot_orders(
    state: GameState,
    gm: GameMap,
    number: int,
    chance: Chance,
    free_messages: bool = True,
    attacks: bool = True,
    arms: Arms = BP_ARMS,
) -> list[Order]:
    orders = bot.choose_orders(state, gm, number, chance, free_messages, attacks, arms)
    orders += _industry(state, number)
    orders += bot.opinion_orders(state, number)
    if state.turn >= PEACE_FROM:
        orders = [o for o in orders if not _hostile(state, number, o)]
        me = state.player(number)
        for other in left_in_game(state):
            if other != number and me.declared.get(other) != "A":
                orders.insert(0, Declare(other, "A"))
    verdicts = check_orders(state, gm, number, orders, arms)
    return [o for o, v in zip(orders, verdicts, strict=True) if v is None]


def _industry(state: GameState, number: int) -> list[Order]:
    """A quarter of each occupied country's Industry builds Industry, below its limit: the
    winning thresholds are industry (WW real.winners)."""
    orders: list[Order] = []
    for code in state.occupied_by(number):
        c = state.countries[code]
        if c.industry < c.limit and c.usable_industry >= 8:
            orders.append(Build(code, "I", c.usable_industry // 4))
    return orders


def _hostile(state: GameState, number: int, order: Order) -> bool:
    """An enemy declaration, or an action against a space another player holds."""
    if isinstance(order, Declare):
        return order.stance == "E"
    if isinstance(order, Action):
        target = state.countries.get(order.target)
        return target is not None and target.controller() not in (MINOR, number)
    return False
