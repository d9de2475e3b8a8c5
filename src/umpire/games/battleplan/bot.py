"""A simple player: builds, keeps its HPI up, defends, and attacks weaker neighbours.

Every order it writes passes the legality check before it is written, so its text always
parses without problems.
"""

from __future__ import annotations

from umpire.core.chance import Chance
from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.legality import check_orders
from umpire.games.battleplan.model import MINOR, GameState
from umpire.games.battleplan.notation import (
    Action,
    Build,
    Declare,
    Order,
    Propaganda,
    format_order,
)


def bot_orders(state: GameState, gm: GameMap, number: int, chance: Chance) -> str:
    me = state.player(number)
    orders: list[Order] = []
    dollars = me.cents // 100
    mine = state.occupied_by(number)
    for code in mine:
        c = state.countries[code]
        # keep the home population content (3A)
        if c.hpi < 80 and dollars >= 10:
            spend = min(dollars // 2, 40)
            orders.append(Propaganda(spend, code))
            dollars -= spend
    # buy popularity in one neighbouring minor (3B)
    minors = sorted(
        {
            n
            for code in mine
            for n in gm.spaces[code].adjacent
            if n in state.countries and state.countries[n].owner == MINOR
        }
    )
    if minors and dollars >= 20:
        orders.append(Propaganda(10, chance.choice(minors, purpose="bot propaganda")))
    for code in sorted(state.countries):
        c = state.countries[code]
        if c.controller() != number:
            continue
        industry = c.usable_industry
        if c.owner != MINOR and industry >= 4:
            orders.append(Build(code, "A", industry // 2))
            orders.append(Build(code, "F", industry // 4))
        if c.owner == MINOR:
            continue
        # attack the weakest neighbouring country we clearly outnumber (4C.1)
        keep = max(5, c.army // 3)
        spare = c.army - keep
        best: tuple[int, str] | None = None
        for n in sorted(gm.spaces[code].adjacent):
            target = state.countries.get(n)
            if target is None or target.owner == number:
                continue
            if state.cross_allies(number, target.owner):
                continue
            if 2 * target.army + 3 <= spare and (best is None or target.army < best[0]):
                best = (target.army, n)
        if best is not None and chance.randint(1, 4, purpose="bot attack") > 1:
            army, n = best
            orders.append(Action(code, "AC", min(spare, 2 * army + 10), n))
            target = state.countries[n]
            if c.air >= 4 and target.air:
                orders.append(Action(code, "FA", c.air // 2, n))
            if target.owner not in (MINOR, number) and me.declared.get(target.owner) != "E":
                orders.insert(0, Declare(target.owner, "E"))
    verdicts = check_orders(state, gm, number, orders)
    kept = [o for o, v in zip(orders, verdicts, strict=True) if v is None]
    return "\n".join(format_order(o) for o in kept) + ("\n" if kept else "")
