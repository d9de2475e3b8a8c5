"""The turn, as section 9 orders it (BP 9.1-9.8), as one pipeline.

``resolve_turn`` never changes the state it is given (issue 28): it works on a
:class:`~umpire.games.battleplan.model.Draft` of it, into which each step puts the countries,
players and seas it changes, each a new frozen object; the rest are shared with the given
state. Each step is a function of the rule area it belongs to, given the draft and what it
reads and returning what later steps need (the groups sent out, the countries captured, the
seas seen) and its events, which the pipeline puts in order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

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
from umpire.games.battleplan.arms import (
    BP_ARMS,
    Arms,
    fights_at_sea,
    note_first_missile,
    research_weight,
)
from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.groups import Group
from umpire.games.battleplan.model import (
    MINOR,
    Draft,
    GameState,
    but,
    changed,
    controller_of,
    with_key,
)
from umpire.games.battleplan.orders import Action, Build, Order, Standing, Transfer
from umpire.games.battleplan.standing import accept, accepting, expire

# A variant's step of 9.8 before the revolutions: (state, the turn's orders, chance) -> events
HpiStep = Callable[[Draft, Mapping[int, Sequence[Order]], Chance], list[Event]]

COMBAT_VERBS = frozenset({"AC", "AB", "AS", "NN", "NS", "FA", "FN", "FF", "FI", "FS"})


@dataclass(slots=True)
class Kinds:
    """Each player's accepted orders by the step that carries them out, sorted once: player
    orders (before the moves), transfers (step 1), attacks and supports (step 1), builds
    (step 2). Standing orders are filed at acceptance and carried out by none."""

    player: dict[int, list[Order]] = field(default_factory=dict)
    transfers: dict[int, list[Transfer]] = field(default_factory=dict)
    actions: dict[int, list[Action]] = field(default_factory=dict)
    builds: dict[int, list[Build]] = field(default_factory=dict)

    def add(self, p: int, orders: Sequence[Order]) -> None:
        player: list[Order] = []
        transfers: list[Transfer] = []
        actions: list[Action] = []
        builds: list[Build] = []
        # by class (every kind of order is a class of its own, none a subclass of another)
        lists: dict[type, list[Any]] = {
            Transfer: transfers,
            Action: actions,
            Build: builds,
            Standing: [],
        }
        for o in orders:
            lists.get(type(o), player).append(o)
        self.player[p] = player
        self.transfers[p] = transfers
        self.actions[p] = actions
        self.builds[p] = builds


@dataclass(slots=True)
class Start:
    """Who held and who occupied each country as the turn began (R-T3, 14), and the seas
    each player sees this turn (14: had forces there at the start, after the moves, or
    supported it)."""

    holders: dict[str, int]
    owners: dict[str, int]
    seen_sea: dict[int, set[str]] = field(default_factory=dict)
    # what the turn hands on to its end: the cents of the Dollars built at step 2 (4B), and
    # each player's cents and multipliers after step 8 (5A, 5B, 5E), which the end of the
    # turn puts in each player with the rest (:func:`record_sight`): each made once
    built: dict[int, int] = field(default_factory=dict)
    cents: dict[int, int] = field(default_factory=dict)
    multipliers: dict[int, dict[str, int]] = field(default_factory=dict)


def resolve_turn(
    state: GameState,
    gm: GameMap,
    orders: Mapping[int, Sequence[Order]],
    chance: Chance,
    arms: Arms = BP_ARMS,
    hpi_steps: Sequence[HpiStep] = (),
) -> tuple[GameState, list[Event]]:
    """The turn; ``arms``: the scenario's AirForce and missile rules (BP 4E-4G unless a
    variant changes them: WW 1939.bombers, 1939.missiles); ``hpi_steps``: a variant's changes
    of HPI at step 8, which the revolutions of that step see (WW opinion)."""
    d = Draft(state)
    s = d.state  # reads through the draft
    holders: dict[str, int] = {}
    owners: dict[str, int] = {}
    for code, k in s.countries.items():  # one pass (controller(), inlined)
        owner = owners[code] = k.owner
        holders[code] = owner if owner != MINOR else controller_of(k.popularity)
    start = Start(holders=holders, owners=owners)
    # BP 14: the seas each player "had forces there last turn" (his forces at the start)
    note_seas_with_forces(s, start.seen_sea)
    kinds, events = opening(d, gm, orders, chance, arms)
    events += fighting(d, gm, start, kinds, chance, arms)
    events += closing(d, gm, start, chance, arms, hpi_steps, orders)
    expire(d)  # BP 11: standing orders of a country its giver no longer controls end
    # BP 1A: the last turn each player still occupying a country occupied one; BP 14: what
    # each player saw during the turn
    record_sight(d, start, set(s.alive()))
    return d.done(turn=s.turn + 1), events


def opening(
    d: Draft,
    gm: GameMap,
    orders: Mapping[int, Sequence[Order]],
    chance: Chance,
    arms: Arms = BP_ARMS,
) -> tuple[Kinds, list[Event]]:
    """The orders, and the player orders that take effect before the moves (ruling R-T1)."""
    # 0. The orders: each power's orders are checked against the state it saw; an illegal
    #    order is refused with its reason and the rest go on (12). Standing orders are filed
    #    and, where legal, used alongside the orders of the turn (11, 12D).
    s = d.state
    kinds = Kinds()
    events: list[Event] = []
    once = accepting(s)  # who may order, where standing orders are filed: once per turn
    for p in range(1, len(s.players) + 1):
        accepted, said = accept(d, gm, p, list(orders.get(p, ())), once, arms)
        kinds.add(p, accepted)
        events += said
    player_part = kinds.player

    # The turn opens: suppression recovers by a quarter (5F), popularity in minors fades (3B).
    economy.recover(d)
    economy.fade_popularity(d, chance)

    # Player orders: alliances and enemies, permits, gifts of Dollars, propaganda, research,
    # training and sending of spies, default builds (1B, 3A, 3B, 5A-5D, 6B-6D, 7, 10).
    counterspies: dict[str, dict[int, int]] = {}
    for p in sorted(player_part):
        done = economy.player_orders(d, p, player_part[p], chance)
        events += done.events
        for code, n in done.counterspies.items():
            counterspies.setdefault(code, {})[p] = n
    # Spies in the field, those sent this turn included, may be caught: 5% each, and far
    # more where other players sent counterspies this turn (6B, 6C). Messages written with
    # the turn go to the players they are addressed to (16).
    events += intelligence.catch_spies(d, counterspies, chance)
    events += messages.deliver(s, player_part)
    return kinds, events


def fighting(
    d: Draft,
    gm: GameMap,
    start: Start,
    kinds: Kinds,
    c: Chance,
    arms: Arms = BP_ARMS,
) -> list[Event]:
    """Steps 1-7 of section 9."""
    # 1. Moving forces move to their destinations; gifts to minors and players (4C.4 ...).
    #    Groups ordered to attack or support leave their spaces.
    s = d.state
    moved = movement.move(d, gm, kinds.transfers, kinds.actions)
    for p, seas in moved.supported_seas.items():
        start.seen_sea.setdefault(p, set()).update(seas)
    # BP 14: seas he has forces in this turn (moved in, even if they are sunk at step 4)
    note_seas_with_forces(s, start.seen_sea)
    events = moved.events
    groups = moved.groups
    note_first_missile(d, groups, arms)  # WW 1939.missiles: research easier from now on

    # 2. Industry builds new forces (4B, 5C, 10, 12E).
    start.built = builds.build(d, gm, start.holders, kinds.builds)

    # 3. Land combat: 3a armies attacking each other meet at the border; 3b-3k in each
    #    attacked country: supports, AntiMissiles, missiles, air, excess air, navies, the
    #    defending navy against seaborne army, armies (4C.6), enemy attackers, capture.
    events += combat.meet_at_border(s, groups, c)
    land = combat.land_combat(d, groups, c, start.holders, start.owners)
    events += land.events

    # 4. Sea combat: sea forces that fought on land return to their seas, then everyone
    #    attacks his enemies at sea (2D, 4D.5).
    occupation.sea_groups_home(d, groups)
    events += seacombat.sea_combat(d, groups, start.seen_sea, c, fights_at_sea(arms))

    # 5. Survivors of attacking and supporting forces return to their starting spaces.
    occupation.returns(d, groups, land.captured)

    # 6. Armies returning to captured countries counter-attack (4C.5).
    events += occupation.counter_attack(d, land.captured, land.excess_air, land.entitled, c)

    # 7. Navy and unsuppressed AirForce leave countries conquered and not re-conquered (13B).
    events += occupation.evacuate(d, gm, land.captured)

    # Combat and popularity: HPI -1 per unit lost abroad, +1 per surviving conquering Army,
    # -2 per missile hit (3A); popularity -1 per unit lost from a minor (3B).
    combat_effects(d, groups, land.hpi_delta)
    return events


def closing(
    d: Draft,
    gm: GameMap,
    start: Start,
    chance: Chance,
    arms: Arms = BP_ARMS,
    hpi_steps: Sequence[HpiStep] = (),
    orders: Mapping[int, Sequence[Order]] | None = None,
) -> list[Event]:
    """8. Income from occupied countries' TaxBases, interest (5A, 5E); research becomes
    effective (5B); blockades suppress for the next turn (5F); a variant's changes of HPI
    (``hpi_steps``, given the turn's ``orders``: WW opinion); revolutions (3A: "If the HPI
    ever drops to zero, there is a revolution", so they come last and see every change of
    the turn)."""
    s = d.state
    # who controls each country: the income, research and blockade change none of it
    holders = economy.controllers(s)
    start.cents, events = economy.income(s, gm, chance, start.built, holders)
    weight = None if not arms.changed else partial(research_weight, s, arms=arms)
    start.multipliers = economy.research(s.players, chance, weight)
    economy.blockade(d, gm, chance, holders)
    for step in hpi_steps:
        events += step(d, orders or {}, chance)
    events += economy.revolutions(d)
    return events


def note_seas_with_forces(state: GameState, seen_sea: dict[int, set[str]]) -> None:
    for code, sea in state.seas.items():
        for p in sea.forces:
            seen_sea.setdefault(p, set()).add(code)


def record_sight(d: Draft, start: Start, alive: set[int]) -> None:
    """BP 14, ruling R-I5: keep in the state what each player saw during the turn, so that
    his view and printout are built from the state alone. Navy and AirForce that fled to a
    sea at step 7 (13B) are not counted: "you will NOT get a listing of the forces in that
    space" unless you would have seen it anyway. BP 1A: the players in ``alive`` still
    occupy a country: this turn is the last they occupied one."""
    held, occupied = _by_player(start.holders), _by_player(start.owners)
    turn = d.state.turn
    for p in d.players:
        n = p.number
        changes: dict[str, object] = {}
        if n in start.cents:
            changes["cents"] = start.cents[n]
        if n in start.multipliers:
            changes["multipliers"] = start.multipliers[n]
            changes["research"] = {}  # 5B: spent
        changes["held_before"] = tuple(sorted(held.get(n, ())))
        changes["occupied_before"] = tuple(sorted(occupied.get(n, ())))
        changes["seas_seen"] = tuple(sorted(start.seen_sea.get(n, ())))
        if n in alive:
            changes["last_turn_occupying"] = turn
        d.set_player(changed(p, changes))


def _by_player(who_has: Mapping[str, int]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for code, who in who_has.items():
        if who in out:
            out[who].append(code)
        else:
            out[who] = [code]
    return out


def combat_effects(d: Draft, groups: Sequence[Group], hpi_delta: Mapping[str, int]) -> None:
    countries = d.countries
    for g in groups:
        if g.unit == "M" or g.verb not in COMBAT_VERBS or g.origin not in countries:
            continue
        c = countries[g.origin]
        if c.owner == g.player:
            # BP 3A: -1 HPI per unit lost in another country; +1 per surviving conquering Army
            hpi = c.hpi - g.lost
            if g.verb == "AC":
                hpi += g.n
            if hpi != c.hpi:
                countries[g.origin] = but(c, hpi=hpi)
        elif c.owner == MINOR and g.lost:
            # BP 3B: popularity -1 per unit lost in an attack or support from the minor
            popularity = with_key(c.popularity, g.player, c.popularity.get(g.player, 0) - g.lost)
            countries[g.origin] = but(c, popularity=popularity)
    for code, delta in hpi_delta.items():
        c = countries[code]
        if c.owner != MINOR:
            countries[code] = but(c, hpi=c.hpi + delta)  # BP 3A: -2 HPI per missile hit
