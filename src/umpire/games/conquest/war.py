"""The attack option and its wars (COTW 9-20): alliances bought, wars fought battle by battle,
their outcomes, Homelands and elimination, the attack option passing left, the final round."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.games.conquest import battle
from umpire.games.conquest.economy import (
    move_record,
    nearest_hundred,
    pay_in,
    public,
    refresh_domination,
    share_winnings,
    zone_bonus,
)
from umpire.games.conquest.geography import Board
from umpire.games.conquest.legality import (
    ally_cost,
    ally_problem,
    attack_cost,
    attack_problem,
    defender_for,
    unoccupied,
    weapon_problem,
)
from umpire.games.conquest.model import (
    ALLIED,
    ATTACK,
    BATTLE,
    CONQUERED,
    FINAL,
    HOMELAND_KIND,
    State,
    War,
    with_holding,
)
from umpire.games.conquest.orders import WEAPONS, Ally, Attack, Order, Weapon

Step = tuple[State, list[Event]]


def buy_alliance(state: State, board: Board, power: str, country: str) -> Step:
    """COTW 9B: pay half the value x 1000 into the WARCHEST, take the country as an ally and
    advance half its value; then the Zone Domination Bonus (7)."""
    c = board.country(country)
    state, events = pay_in(state, power, ally_cost(board, country), f"alliance with {c.name}")
    state = replace(with_holding(state, country, power, ALLIED), may_ally=False, passes=0)
    events.append(
        public(
            "alliance",
            f"{power} allies with unoccupied {c.name} ({c.pbu}).",
            power=power,
            country=country,
        )
    )
    state, got = move_record(state, power, c.pbu, f"half of {c.name}'s {c.pbu}")
    events += got
    state, got = zone_bonus(state, board, power)
    return state, events + got


def start_war(state: State, board: Board, power: str, country: str) -> Step:
    """COTW 10A, 11A, 13E (unoccupied: the defender is to the left) or 15A-B, 19B (occupied:
    the occupant defends, after the attacker pays the full value x 1000)."""
    c = board.country(country)
    events: list[Event] = []
    occupant = state.owner(country)
    if occupant:
        state, events = pay_in(
            state, power, attack_cost(state, board, country), f"the cost of attacking {c.name}"
        )
    defender = occupant or defender_for(state, power)
    energy = battle.model().war_energy
    war = War(power, defender, country, bool(occupant), (energy, energy))
    what = (
        "Homeland "
        if state.kind(country) == HOMELAND_KIND
        else ("occupied " if occupant else "unoccupied ")
    )
    events.append(
        public(
            "war",
            f"{power} attacks {what}{c.name} ({c.pbu}); {defender} defends. "
            f"Each side has {energy} energy units; best of three battles (rule 12A).",
            attacker=power,
            defender=defender,
            country=country,
        )
    )
    return replace(state, war=war, phase=BATTLE, passes=0, may_ally=False), events


def resolve_attack(state: State, board: Board, orders: Sequence[Order]) -> Step:
    """The holder of the attack option: at most one alliance, then an attack or a pass
    (no order: a pass, ruling C11). Orders refused since they were read are skipped."""
    power = state.holder
    events: list[Event] = []
    ally = next((o for o in orders if isinstance(o, Ally)), None)
    if ally is not None and not ally_problem(state, board, power, ally.country, 0):
        state, events = buy_alliance(state, board, power, ally.country)
        state, events = check_full(state, board, events)
        if state.final_queue:  # COTW 20A: the alliance filled the board (ruling C8)
            return state, events
    attack = next((o for o in orders if isinstance(o, Attack)), None)
    if attack is not None and not attack_problem(state, board, power, attack.country, 0):
        state, got = start_war(state, board, power, attack.country)
        return state, events + got
    if not events:  # ruling C8: a pass with no alliance bought counts toward a round of passes
        state = replace(state, passes=state.passes + 1)
    events.append(public("pass", f"{power} does not attack."))
    if state.final_queue:
        state, got = next_final(state)
        return state, events + got
    state, got = pass_option(state, power, board)
    return state, events + got


def pass_option(state: State, power: str, board: Board) -> Step:
    """COTW 14D: the attack option passes to the player to the left."""
    nxt = state.left_of(power) or power
    state = replace(
        state,
        holder=nxt,
        may_ally=True,
        last_defender="",
        phase=ATTACK,
        handovers=state.handovers + 1,
    )
    return check_full(state, board, [public("option", f"The attack option passes to {nxt}.")])


def check_full(state: State, board: Board, events: list[Event]) -> Step:
    """COTW 20A: once every country is occupied, each player has one more attack; the player
    to the left of the holder first, the holder last (ruling C8)."""
    if unoccupied(state, board) or state.final_queue:
        return state, events
    queue = [state.left_of(state.holder) or state.holder]
    while len(queue) < len(state.players):
        queue.append(state.left_of(queue[-1]))
    state = replace(
        state,
        final_queue=tuple(queue),
        holder=queue[0],
        phase=FINAL,
        may_ally=False,
        last_defender="",
    )
    events.append(
        public(
            "final",
            "Every country is occupied: the final round begins; each "
            f"player may attack one occupied country, in this order: "
            f"{', '.join(queue)} (rule 20).",
        )
    )
    return state, events


def next_final(state: State) -> Step:
    """COTW 20B: the final-round attack passes on; nobody gets a second chance."""
    queue = tuple(p for p in state.final_queue[1:] if p in state.players)
    if queue:
        return replace(state, final_queue=queue, holder=queue[0], phase=FINAL), [
            public("option", f"{queue[0]} has the final-round attack.")
        ]
    return replace(state, final_queue=(), holder="", phase="final-done"), []


def default_weapon(lost: Sequence[str]) -> Weapon:
    """Ruling C11: a combatant who sends no weapon fights with the first still allowed of
    TANK, SUB, PLANE, cautiously."""
    return Weapon(next(w for w in WEAPONS if w not in lost))


def chosen_weapon(state: State, power: str, orders: Sequence[Order], lost: Sequence[str]) -> Weapon:
    for o in orders:
        if isinstance(o, Weapon) and not weapon_problem(state, power, o):
            return o
    return default_weapon(lost)


def resolve_battle(
    state: State, board: Board, orders: Mapping[str, Sequence[Order]], chance: Chance
) -> Step:
    """COTW 12: one battle of the war; the war ends on a majority of three, after three
    battles (12C), or when a side runs out of energy (12G)."""
    war = state.war
    assert war is not None
    sides = (war.attacker, war.defender)
    picks = (
        chosen_weapon(state, sides[0], orders.get(sides[0], ()), war.lost[0]),
        chosen_weapon(state, sides[1], orders.get(sides[1], ()), war.lost[1]),
    )
    n = war.battles + 1
    name = board.country(war.country).name
    result = battle.fight(sides, picks, war.energy, chance, f"war for {name}, battle {n}")
    lost = tuple(war.lost[i] + ((picks[i].weapon,) if result.destroyed[i] else ()) for i in (0, 1))
    wins = list(war.wins)
    if result.winner is not None and not any(result.out):
        wins[result.winner] += 1
    war = replace(
        war, energy=result.energy, battles=n, wins=(wins[0], wins[1]), lost=(lost[0], lost[1])
    )
    events = [_battle_event(war, picks, result, n, name)]
    winner = _war_winner(war, result)
    if winner is None:
        return replace(state, war=war), events
    state, got = end_war(replace(state, war=war), board, winner)
    return state, events + got


def _battle_event(
    war: War, picks: tuple[Weapon, Weapon], result: battle.Outcome, n: int, name: str
) -> Event:
    a, d = war.attacker, war.defender
    if any(result.out):
        what = " and ".join(p for p, o in zip((a, d), result.out, strict=True) if o)
        verdict = f"{what} ran out of energy units (rule 12G)"
    elif result.winner is None:
        verdict = "both weapons destroyed: a tied battle (rule 12B)"
    else:
        w = (a, d)[result.winner]
        verdict = f"{w}'s {picks[result.winner].weapon} destroyed the enemy {picks[1 - result.winner].weapon}"
    text = (
        f"War for {name}, battle {n}: {a} {picks[0].weapon} {picks[0].posture} v "
        f"{d} {picks[1].weapon} {picks[1].posture}; exchanges {result.report((a, d))}: "
        f"{verdict}. Energy left: {a} {war.energy[0]}, {d} {war.energy[1]}. "
        f"Battles won: {a} {war.wins[0]}, {d} {war.wins[1]}."
    )
    return public(
        "battle",
        text,
        attacker=a,
        defender=d,
        weapons=[picks[0].weapon, picks[1].weapon],
        postures=[picks[0].posture, picks[1].posture],
        energy=list(war.energy),
        wins=list(war.wins),
        exchanges=result.exchanges,
    )


def _war_winner(war: War, result: battle.Outcome) -> int | None:
    """The side that has won the war, or None while it goes on."""
    if any(result.out):  # COTW 12G; both out at once: the defender (ruling C10)
        return 0 if not result.out[0] else 1
    if max(war.wins) * 2 > battle.model().battles:  # COTW 12A: a majority of three
        return 0 if war.wins[0] > war.wins[1] else 1
    if war.battles < battle.model().battles:
        return None
    if war.wins[0] != war.wins[1]:
        return 0 if war.wins[0] > war.wins[1] else 1
    # COTW 12C: level after three battles: more energy left wins; equal, the defender (C10)
    return 0 if war.energy[0] > war.energy[1] else 1


def end_war(state: State, board: Board, winner: int) -> Step:
    war = state.war
    assert war is not None
    c = board.country(war.country)
    victor, loser = (war.attacker, war.defender) if winner == 0 else (war.defender, war.attacker)
    booty = nearest_hundred(war.energy[1 - winner])
    events = [
        public(
            "war_won",
            f"{victor} wins the war for {c.name}; {loser} had "
            f"{war.energy[1 - winner]} energy units left, {booty} rounded (rule 13A).",
            winner=victor,
            loser=loser,
            country=war.country,
            booty=booty,
        )
    ]
    state = replace(state, war=None)
    state, got = share_winnings(state, victor, booty, f"the energy left to {loser}")
    events += got
    if winner == 0:
        state, got = _attacker_wins(state, board, war)
    else:
        state, got = _defender_wins(state, board, war)
    return state, events + got


def _attacker_wins(state: State, board: Board, war: War) -> Step:
    c = board.country(war.country)
    events: list[Event] = []
    homeland = state.kind(war.country) == HOMELAND_KIND
    if war.occupied and not homeland:
        # COTW 16C: back by the full value if it was conquered, half if it was an ally
        back = c.pbu * (1 if state.kind(war.country) == ALLIED else 2)
        state, events = move_record(state, war.defender, -back, f"lost {c.name}")
    if homeland:
        state, got = eliminate(state, board, war.attacker, war.defender)
        events += got
    else:
        # COTW 13B-C, 16A-B: the C/A marker in the conquest area, the full value recorded
        state = with_holding(state, war.country, war.attacker, CONQUERED)
        state, got = move_record(state, war.attacker, 2 * c.pbu, f"conquered {c.name}")
        events += got
    state = refresh_domination(state, board)
    state, got = zone_bonus(state, board, war.attacker)
    events += got
    if not war.occupied:
        state = replace(state, last_defender=war.defender)  # COTW 13E
    if state.final_queue:
        state, got = next_final(state)
        return state, events + got
    # COTW 13D-E, 16E-F: he may buy one alliance and attack again
    state = replace(state, phase=ATTACK, may_ally=True)
    return check_full(state, board, events)


def _defender_wins(state: State, board: Board, war: War) -> Step:
    c = board.country(war.country)
    events: list[Event] = []
    if not war.occupied:
        # COTW 14B-C: the defender takes the country as an ally, half its value recorded
        state = with_holding(state, war.country, war.defender, ALLIED)
        state, events = move_record(state, war.defender, c.pbu, f"defended {c.name}, half value")
        state, got = zone_bonus(state, board, war.defender)
        events += got
    # COTW 17A: an occupant keeps the country
    if state.final_queue:
        state, got = next_final(state)
        return state, events + got
    # COTW 14D (and, by ruling C8, 17): the option passes to the losing attacker's left
    state, got = pass_option(state, war.attacker, board)
    return state, events + got


def eliminate(state: State, board: Board, victor: str, loser: str) -> Step:
    """COTW 19C-D: the victor takes the Homeland and every conquered country of the loser,
    advances by their total value, and takes his chips (shared equally in a player
    alliance); the loser's allies become unoccupied; the loser is out."""
    taken = [c for c, (p, k) in state.holdings.items() if p == loser and k != ALLIED]
    freed = [c for c, (p, k) in state.holdings.items() if p == loser and k == ALLIED]
    for c in taken:
        state = with_holding(state, c, victor, CONQUERED)
    for c in freed:
        state = with_holding(state, c, "", "")
    total = sum(board.pbu(c) for c in taken)
    names = ", ".join(board.country(c).name for c in taken)
    events = [
        public(
            "eliminated",
            f"{loser}'s Homeland falls: {loser} is out of the game. "
            f"{victor} takes {names}; {len(freed)} allied countries are unoccupied again.",
            victor=victor,
            loser=loser,
        )
    ]
    state, got = move_record(state, victor, 2 * total, "the conquered Homeland and territories")
    events += got
    chips = state.chips.get(loser, 0)
    takers = (victor, *state.partners(victor))
    share = chips // len(takers) // 100 * 100
    new_chips = dict(state.chips)
    new_chips[loser] = 0
    for p in takers:
        new_chips[p] = (
            new_chips.get(p, 0) + share + (chips - share * len(takers) if p == victor else 0)
        )
    events.append(
        public("chips", f"{loser}'s {chips} PBU in chips go to {', '.join(takers)} (rule 19C-D).")
    )
    pacts = frozenset(pair for pair in state.pacts if loser not in pair)
    return replace(
        state,
        chips=new_chips,
        eliminated=(*state.eliminated, loser),
        pacts=pacts,
        final_queue=tuple(p for p in state.final_queue if p != loser),
    ), events
