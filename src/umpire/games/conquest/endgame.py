"""The end game (COTW 20C, 21) and the winner (22).

Chips go onto the POWER BASE RECORD (20C); then the lowest record challenges the next
highest, each with record x 100 energy units (21B-C). Battles alternate attack and defence
(21E); each battle won is one step up and one down (21D); a weapon lost may not be used by
its loser in the next battle (21F); the confrontation ends when a side runs out of energy and
the other adds his leftover units to his record (21G). The greater record then challenges the
next highest, until everyone has fought (21H).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from umpire.core.chance import Chance
from umpire.core.events import Event
from umpire.games.conquest import battle
from umpire.games.conquest.economy import half_steps_of, move_record, public
from umpire.games.conquest.model import ENDGAME, OVER, Duel, State, half
from umpire.games.conquest.orders import WEAPONS, Order, Weapon
from umpire.games.conquest.war import chosen_weapon

Step = tuple[State, list[Event]]


def transfer_chips(state: State) -> Step:
    """COTW 20C: every 1000 in chips is a step, every 500 half a step, rounded to the
    nearest 500; the chips leave the table (ruling C7)."""
    events: list[Event] = []
    chips = dict(state.chips)
    for p in state.players:
        amount = chips.get(p, 0)
        chips[p] = 0
        state, got = move_record(
            replace(state, chips=chips),
            p,
            half_steps_of(amount),
            f"{amount} PBU in chips transferred",
        )
        events += got
    return replace(state, chips=chips), events


def start(state: State) -> Step:
    """COTW 20C, 21A-B: the end game begins with the lowest record (ties: seat order, who
    then play off, 21B) challenging the next."""
    state, events = transfer_chips(state)
    ladder = tuple(
        sorted(state.players, key=lambda p: (state.record.get(p, 0), state.seats.index(p)))
    )
    events.append(
        public(
            "endgame",
            "THE END GAME (rule 21). Records: "
            + ", ".join(f"{p} {half(state.record.get(p, 0))}" for p in ladder)
            + ".",
        )
    )
    if len(ladder) < 2:
        return finish(replace(state, ladder=()), events)
    state = replace(state, ladder=ladder[2:], phase=ENDGAME)
    return next_duel(state, ladder[0], ladder[1], events)


def next_duel(state: State, low: str, high: str, events: list[Event]) -> Step:
    """Set up a confrontation; allies do not fight (21B): the higher record goes on."""
    while True:
        if not state.allied(low, high):
            energy = battle.model().energy_per_step
            e = (state.record.get(low, 0) * energy // 2, state.record.get(high, 0) * energy // 2)
            duel = Duel(low, high, e, attacker=low)
            events.append(
                public(
                    "duel",
                    f"{low} ({half(state.record.get(low, 0))}) challenges "
                    f"{high} ({half(state.record.get(high, 0))}): {e[0]} v {e[1]} "
                    "energy units (rule 21C).",
                    pair=[low, high],
                )
            )
            return replace(state, duel=duel, phase=ENDGAME), events
        events.append(public("duel", f"{low} and {high} are allies and do not fight (rule 21B)."))
        champion = max((low, high), key=lambda p: (state.record.get(p, 0), p == high))
        if not state.ladder:
            return finish(replace(state, duel=None), events)
        low, high = champion, state.ladder[0]
        state = replace(state, ladder=state.ladder[1:])


def resolve_duel_battle(
    state: State, orders: Mapping[str, Sequence[Order]], chance: Chance
) -> Step:
    duel = state.duel
    assert duel is not None
    sides = duel.pair
    picks = tuple(
        chosen_weapon(state, p, orders.get(p, ()), (duel.lost_last[i],))
        for i, p in enumerate(sides)
    )
    pair: tuple[Weapon, Weapon] = (picks[0], picks[1])
    n = duel.battles + 1
    first = duel.side(duel.attacker)
    label = f"end game {sides[0]} v {sides[1]}, battle {n}"
    result = battle.fight(sides, pair, duel.energy, chance, label, first=first)
    events: list[Event] = []
    lost = ("", "")
    if result.winner is not None and not any(result.out):
        w = sides[result.winner]
        loser = sides[1 - result.winner]
        lost = (pair[0].weapon, "") if result.winner == 1 else ("", pair[1].weapon)
        events.append(
            public(
                "duel_battle",
                f"End game, battle {n} ({duel.attacker} attacking): "
                f"{sides[0]} {pair[0].weapon} {pair[0].posture} v {sides[1]} "
                f"{pair[1].weapon} {pair[1].posture}; exchanges {result.report(sides)}: "
                f"{w} wins. Energy left: {sides[0]} "
                f"{result.energy[0]}, {sides[1]} {result.energy[1]}.",
                winner=w,
                weapons=[pair[0].weapon, pair[1].weapon],
            )
        )
        state, got = move_record(state, w, 2, "an end-game battle won (rule 21D)")
        events += got
        state, got = move_record(state, loser, -2, "an end-game battle lost (rule 21D)")
        events += got
    # COTW 21E: attack and defence alternate
    other = sides[1] if duel.attacker == sides[0] else sides[0]
    duel = replace(duel, energy=result.energy, battles=n, attacker=other, lost_last=lost)
    state = replace(state, duel=duel)
    if not any(result.out):
        return state, events
    return _end_duel(state, result.out, events)


def _end_duel(state: State, out: tuple[bool, bool], events: list[Event]) -> Step:
    """COTW 21G: the side still holding energy transfers its leftover units (nearest 500)."""
    duel = state.duel
    assert duel is not None
    sides = duel.pair
    for i in (0, 1):
        if out[i]:
            events.append(public("duel_out", f"{sides[i]} has run out of energy units (rule 21G)."))
        else:
            state, got = move_record(
                state,
                sides[i],
                half_steps_of(duel.energy[i]),
                f"{duel.energy[i]} energy units left over",
            )
            events += got
    # COTW 21H: the greater record goes on (level: the one who did not run out, C12)
    champion = max(sides, key=lambda p: (state.record.get(p, 0), not out[duel.side(p)]))
    state = replace(state, duel=None)
    if not state.ladder:
        return finish(state, events)
    nxt = state.ladder[0]
    return next_duel(replace(state, ladder=state.ladder[1:]), champion, nxt, events)


def default_weapons(state: State, power: str) -> list[Weapon]:
    """Every weapon ``power`` may use in the coming end-game battle."""
    duel = state.duel
    lost = duel.lost_last[duel.side(power)] if duel else ""
    return [Weapon(w) for w in WEAPONS if w != lost]


def finish(state: State, events: list[Event]) -> Step:
    """COTW 22: the strongest POWER BASE RECORD wins; equal records share the win (C12).
    Only the players still in the game compete: a player put out (19C) is listed apart, with
    the record he had when he went out (ruling C15)."""
    best = max(state.record.get(p, 0) for p in state.players)
    winners = tuple(p for p in state.players if state.record.get(p, 0) == best)
    summary = (
        f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''} with a POWER BASE "
        f"RECORD of {half(best)} ("
        + ", ".join(f"{p} {half(state.record.get(p, 0))}" for p in state.players)
        + "".join(
            f"; {p} out of the game, {half(state.record.get(p, 0))} when he went out"
            for p in state.eliminated
        )
        + ")"
    )
    events.append(public("winner", summary + " (rule 22)."))
    return replace(
        state, phase=OVER, winners=winners, summary=summary, duel=None, holder=""
    ), events


def scores(state: State) -> dict[str, float]:
    """The outcome's scores (ruling C15): a player still in the game scores his POWER BASE
    RECORD (never below 0, C7); a player put out scores below every one of them, -1 for the
    last one out, -2 for the one before, and so on (who lasted longer ranks higher), whatever
    his record was when he went out."""
    out_at = {p: i - len(state.eliminated) for i, p in enumerate(state.eliminated)}
    return {p: float(out_at[p]) if p in out_at else state.record.get(p, 0) / 2 for p in state.seats}
