"""The turn, as section 9 orders it (BP 9.1-9.8), as one pipeline.

``resolve_turn`` never changes the state it is given; it works on a copy and returns it with
the events of the turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.games.battleplan import (
    builds,
    combat,
    economy,
    intelligence,
    messages,
    movement,
    occupation,
    seacombat,
)
from umpire.games.battleplan.context import Turn
from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.legality import available, check_orders
from umpire.games.battleplan.model import MINOR, GameState
from umpire.games.battleplan.notation import (
    Action,
    Build,
    Message,
    Order,
    Standing,
    Transfer,
    format_order,
    parse_token,
)

COMBAT_VERBS = frozenset({"AC", "AB", "AS", "NN", "NS", "FA", "FN", "FF", "FI", "FS"})


def resolve_turn(
    state: GameState, gm: GameMap, orders: Mapping[int, Sequence[Order]], chance: Chance
) -> tuple[GameState, list[Event]]:
    s = state.copy()
    t = Turn(
        s,
        gm,
        chance,
        holders={c: k.controller() for c, k in s.countries.items()},
        owners={c: k.owner for c, k in s.countries.items()},
    )
    # BP 14: the seas each player "had forces there last turn" (his forces at the start)
    note_seas_with_forces(t)

    # 0. The orders: each power's orders are checked against the state it saw; an illegal
    #    order is refused with its reason and the rest go on (12). Standing orders are filed
    #    and, where legal, used alongside the orders of the turn (11, 12D).
    accepted = {p: accept(t, p, list(orders.get(p, ()))) for p in range(1, len(s.players) + 1)}
    player_part = {p: [o for o in os if not _is_space(o)] for p, os in accepted.items()}
    transfers = {p: [o for o in os if isinstance(o, Transfer)] for p, os in accepted.items()}
    actions = {p: [o for o in os if isinstance(o, Action)] for p, os in accepted.items()}
    build_orders = {p: [o for o in os if isinstance(o, Build)] for p, os in accepted.items()}

    # The turn opens: suppression recovers by a quarter (5F), popularity in minors fades (3B).
    economy.recover(t)
    economy.fade_popularity(t)

    # Player orders: alliances and enemies, permits, gifts of Dollars, propaganda, research,
    # training and sending of spies, default builds (1B, 3A, 3B, 5A-5D, 6B-6D, 7, 10).
    for p in sorted(player_part):
        economy.player_orders(t, p, player_part[p])
    # Spies in the field, those sent this turn included, may be caught: 5% each, and far
    # more where other players sent counterspies this turn (6B, 6C). Messages written with
    # the turn go to the players they are addressed to (16).
    intelligence.catch_spies(t)
    messages.deliver(t, player_part)

    # 1. Moving forces move to their destinations; gifts to minors and players (4C.4 ...).
    #    Groups ordered to attack or support leave their spaces.
    movement.move(t, transfers, actions)
    # BP 14: seas he has forces in this turn (moved in, even if they are sunk at step 4)
    note_seas_with_forces(t)

    # 2. Industry builds new forces (4B, 5C, 10, 12E).
    builds.build(t, build_orders)

    # 3. Land combat: 3a armies attacking each other meet at the border; 3b-3k in each
    #    attacked country: supports, AntiMissiles, missiles, air, excess air, navies, the
    #    defending navy against seaborne army, armies (4C.6), enemy attackers, capture.
    combat.meet_at_border(t)
    combat.land_combat(t)

    # 4. Sea combat: sea forces that fought on land return to their seas, then everyone
    #    attacks his enemies at sea (2D, 4D.5).
    occupation.sea_groups_home(t)
    seacombat.sea_combat(t)

    # 5. Survivors of attacking and supporting forces return to their starting spaces.
    occupation.returns(t)

    # 6. Armies returning to captured countries counter-attack (4C.5).
    occupation.counter_attack(t)

    # 7. Navy and unsuppressed AirForce leave countries conquered and not re-conquered (13B).
    occupation.evacuate(t)

    # Combat and popularity: HPI -1 per unit lost abroad, +1 per surviving conquering Army,
    # -2 per missile hit (3A); popularity -1 per unit lost from a minor (3B).
    combat_effects(t)

    # 8. Income from occupied countries' TaxBases, interest (5A, 5E); research becomes
    #    effective (5B); blockades suppress for the next turn (5F); revolutions (3A).
    economy.income(t)
    economy.research(t)
    economy.blockade(t)
    economy.revolutions(t)

    for p in s.alive():
        s.player(p).last_turn_occupying = s.turn
    record_sight(t)
    s.turn += 1
    return s, t.events


def note_seas_with_forces(t: Turn) -> None:
    for code, sea in t.state.seas.items():
        for p in sea.forces:
            t.seen_sea.setdefault(p, set()).add(code)


def record_sight(t: Turn) -> None:
    """BP 14, ruling R-I5: keep in the state what each player saw during the turn, so that
    his view and printout are built from the state alone. Navy and AirForce that fled to a
    sea at step 7 (13B) are not counted: "you will NOT get a listing of the forces in that
    space" unless you would have seen it anyway."""
    for p in t.state.players:
        p.held_before = sorted(c for c, who in t.holders.items() if who == p.number)
        p.occupied_before = sorted(c for c, who in t.owners.items() if who == p.number)
        p.seas_seen = sorted(t.seen_sea.get(p.number, ()))


def _is_space(order: Order) -> bool:
    return isinstance(order, Build | Transfer | Action | Standing)


def accept(t: Turn, player: int, orders: list[Order]) -> list[Order]:
    """The legal orders of ``player`` (his own and his standing orders), refusals reported."""
    verdicts = check_orders(t.state, t.gm, player, orders)
    kept: list[Order] = []
    refused: list[str] = []
    for order, verdict in zip(orders, verdicts, strict=True):
        if verdict is None:
            kept.append(order)
        else:
            refused.append(f"{format_order(order)}: {verdict[1]} [{verdict[0]}]")
    for order in kept:
        if isinstance(order, Standing):
            # BP 11: file (or cancel) standing order number ``slot`` for the country
            c = t.state.countries[order.space]
            if order.order is None:
                c.standing.pop(order.slot, None)
            else:
                c.standing[order.slot] = format_order(order.order).split(" ", 1)[1]
    kept += standing_orders(t, player, kept)
    if refused:
        t.tell(player, "error", "\n".join(refused), refused=refused)
    # BP 14: the orders entered, player orders first, then each space's; messages (16) are
    # not orders and are not counted
    echo = [format_order(o) for o in orders]
    counted = [o for o in orders if not isinstance(o, Message)]
    by_space: dict[str, list[str]] = {}
    for o in counted:
        head, body = format_order(o).split(" ", 1)
        by_space.setdefault(head, []).append(body)
    lines = [f"{head} {' '.join(bodies)}" for head, bodies in sorted(by_space.items())]
    t.tell(player, "orders", f"Order-count: {len(counted)}", orders=echo, echo=lines)
    return kept


def standing_orders(t: Turn, player: int, kept: list[Order]) -> list[Order]:
    """BP 11, 12D: standing orders of the countries ``player`` holds, cut down to what is
    available, used when legal alongside the orders of the turn (an order of the same kind
    given this turn takes precedence)."""
    extra: list[Order] = []
    for code in sorted(t.state.countries):
        c = t.state.countries[code]
        if c.controller() != player or not c.standing:
            continue
        for slot in sorted(c.standing):
            try:
                filed = parse_token(c.standing[slot], code)
            except ValueError:
                continue
            if not isinstance(filed, Build | Transfer | Action):
                continue
            order = _cut(t, player, filed, [*kept, *extra])
            if order is None:
                continue
            verdicts = check_orders(t.state, t.gm, player, [*kept, *extra, order])
            if verdicts[-1] is None:
                extra.append(order)
    return extra


def _cut(
    t: Turn, player: int, order: Build | Transfer | Action, kept: Sequence[Order]
) -> Build | Transfer | Action | None:
    """BP 11: more units than available are reduced to all of the available units."""
    c = t.state.countries[order.space]
    if isinstance(order, Build):
        used = sum(o.amount for o in kept if isinstance(o, Build) and o.space == order.space)
        have = c.usable_industry - used
    else:
        used = sum(
            o.amount
            for o in kept
            if isinstance(o, Transfer | Action) and o.space == order.space and o.unit == order.unit
        )
        have = available(t.state, order.space, order.unit, player) - used
    if have <= 0:
        return None
    n = min(order.amount, have)
    if isinstance(order, Build):
        return Build(order.space, order.kind, n)
    if isinstance(order, Transfer):
        return Transfer(order.space, order.unit, n, order.dest)
    return Action(order.space, order.verb, n, order.target)


def combat_effects(t: Turn) -> None:
    for g in t.groups:
        if g.unit == "M" or g.verb not in COMBAT_VERBS or g.origin not in t.state.countries:
            continue
        c = t.state.countries[g.origin]
        if c.owner == g.player:
            # BP 3A: -1 HPI per unit lost in another country; +1 per surviving conquering Army
            c.hpi -= g.lost
            if g.verb == "AC":
                c.hpi += g.n
        elif c.owner == MINOR and g.lost:
            # BP 3B: popularity -1 per unit lost in an attack or support from the minor
            c.popularity[g.player] = c.popularity.get(g.player, 0) - g.lost
    for code, delta in t.hpi_delta.items():
        c = t.state.countries[code]
        if c.owner != MINOR:
            c.hpi += delta  # BP 3A: -2 HPI per missile hitting the country
