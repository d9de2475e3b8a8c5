"""The bots of the World Wide scenarios other than Real Forces (ruling W-BOT).

- Equal Forces and South America: the base bot (:mod:`umpire.games.battleplan.bot`).
- Anonymous: the base bot, and its diplomacy only through the numbered message orders (WW
  anonymous): greetings to its neighbours on turn one (message 1), a claim on each space it
  attacks to the player who holds it (9), and every fifth turn a call to everyone to attack
  the biggest player (20).
- 1939: the base bot (missiles, bombers: ruling W-1939BOT), World Opinion lists (WW opinion,
  the biggest other player a bad guy, the smallest a good guy), and its attacks aimed at its
  victory list (set B): from each country it holds, it attacks the neighbour whose taking
  would add most to its points, where it has the superior force the base bot asks for.

Europe's bot is not changed by any of this.
"""

from __future__ import annotations

from umpire.core.chance import Chance
from umpire.games.battleplan import bot
from umpire.games.battleplan.arms import BP_ARMS, Arms
from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.legality import check_orders, is_attack
from umpire.games.battleplan.model import MINOR, GameState
from umpire.games.battleplan.notation import format_order
from umpire.games.battleplan.orders import Action, Declare, Order, Signal
from umpire.games.battleplan.world.scoring1939 import total

GREETING, CLAIM, GANG_UP = 1, 9, 20  # the numbered messages used (data/message_orders.toml)
GANG_UP_EVERY = 5  # turns between calls to attack the leader


def _text(state: GameState, gm: GameMap, number: int, orders: list[Order], arms: Arms) -> str:
    verdicts = check_orders(state, gm, number, orders, arms)
    kept = [o for o, v in zip(orders, verdicts, strict=True) if v is None]
    return "\n".join(format_order(o) for o in kept) + ("\n" if kept else "")


# ------------------------------------------------------------------------------ Anonymous


def anonymous_bot(
    state: GameState,
    gm: GameMap,
    number: int,
    chance: Chance,
    free_messages: bool = False,
    attacks: bool = True,
    arms: Arms = BP_ARMS,
) -> str:
    """WW anonymous: the base bot with numbered message orders for its diplomacy."""
    orders = bot.choose_orders(state, gm, number, chance, free_messages, attacks, arms)
    orders += message_orders(state, gm, number, orders)
    return _text(state, gm, number, orders, arms)


def message_orders(state: GameState, gm: GameMap, number: int, orders: list[Order]) -> list[Order]:
    """Numbered messages: greetings to the neighbours on turn one, a claim on each space
    attacked this turn to its holder, a call to gang up on the biggest player now and then."""
    out: list[Order] = []
    if state.turn == 1:
        for other in _neighbours(state, gm, number):
            out.append(Signal(other, GREETING))
    claimed: set[str] = set()
    for order in orders:
        if isinstance(order, Action) and is_attack(order) and order.target not in claimed:
            target = state.countries.get(order.target)
            if target is not None and target.owner not in (MINOR, number):
                claimed.add(order.target)
                out.append(Signal(target.owner, CLAIM, order.target))
    if state.turn % GANG_UP_EVERY == 0:
        biggest = _biggest_other(state, number)
        if biggest is not None:
            out.append(Signal(0, GANG_UP, str(biggest)))
    return out


def _neighbours(state: GameState, gm: GameMap, number: int) -> list[int]:
    """The players who occupy a country next to one of ours."""
    found: set[int] = set()
    for code in state.occupied_by(number):
        for n in gm.spaces[code].adjacent:
            c = state.countries.get(n)
            if c is not None and c.owner not in (MINOR, number):
                found.add(c.owner)
    return sorted(found)


def _biggest_other(state: GameState, number: int) -> int | None:
    sizes: dict[int, int] = {}
    for c in state.countries.values():
        if c.owner not in (MINOR, number):
            sizes[c.owner] = sizes.get(c.owner, 0) + 1
    if not sizes:
        return None
    return max(sorted(sizes), key=lambda p: sizes[p])


# ------------------------------------------------------------------------------ 1939


def bot_1939(
    state: GameState,
    gm: GameMap,
    number: int,
    chance: Chance,
    free_messages: bool = True,
    attacks: bool = True,
    arms: Arms = BP_ARMS,
) -> str:
    """WW 1939: the base bot, World Opinion, and attacks aimed at its victory list."""
    orders = bot.choose_orders(state, gm, number, chance, free_messages, attacks, arms)
    if attacks:
        orders = aim_at_objectives(state, gm, number, orders)
    orders += bot.opinion_orders(state, number)
    return _text(state, gm, number, orders, arms)


def objective_gains(state: GameState, gm: GameMap, number: int) -> dict[str, int]:
    """The victory points (set B) that taking each neighbouring country would add now: the
    bot's list scored with that country its own (on a copy of the state)."""
    mine = state.occupied_by(number)
    candidates = sorted(
        {
            n
            for code in mine
            for n in gm.spaces[code].adjacent
            if n in state.countries and state.countries[n].controller() != number
        }
    )
    if not candidates:
        return {}
    trial = state.copy()
    base = total(trial, gm, number)
    gains: dict[str, int] = {}
    for code in candidates:
        c = trial.countries[code]
        owner = c.owner
        c.owner = number
        gains[code] = total(trial, gm, number) - base
        c.owner = owner
    return gains


def aim_at_objectives(
    state: GameState, gm: GameMap, number: int, orders: list[Order]
) -> list[Order]:
    """Replace the base bot's attack from a country by one on the neighbour worth most
    points, where taking it adds points and the Army there is superior (the base bot's
    measure: half as many again as the defenders, and five more)."""
    gains = objective_gains(state, gm, number)
    out = list(orders)
    for code in state.occupied_by(number):
        c = state.countries[code]
        spare = c.army - max(5, c.army // 3)
        best: tuple[int, str] | None = None
        for n in sorted(gm.spaces[code].adjacent):
            target = state.countries.get(n)
            gain = gains.get(n, 0)
            if target is None or gain <= 0 or state.cross_allies(number, target.owner):
                continue
            if 3 * target.army // 2 + 5 <= spare and (best is None or gain > best[0]):
                best = (gain, n)
        if best is None:
            continue
        n = best[1]
        target = state.countries[n]
        out = [o for o in out if not (isinstance(o, Action) and o.space == code and is_attack(o))]
        out.append(Action(code, "AC", min(spare, 2 * target.army + 10), n))
        if c.air >= 4:
            out.append(Action(code, "FA" if target.army else "FF", c.air // 2, n))
        owner = target.owner
        declare = Declare(owner, "E")
        if owner not in (MINOR, number) and state.player(number).declared.get(owner) != "E":
            out = out if declare in out else [declare, *out]
    return out
