"""A record re-run from the start (:func:`replay`): its draws, states and rule events must come
out as recorded; every divergence is reported as a sentence, never raised."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from umpire.core.chance import ChanceExhausted, ReplayChance, ReplayDivergence, SeededChance
from umpire.core.events import Event, rule_events
from umpire.core.record import GameRecord, RecordError, TurnRecord
from umpire.core.ruleset import AnyRuleset
from umpire.core.session import resolve_turn, ruleset_of

REPLAY_FAILURES = (ReplayDivergence, ChanceExhausted, RecordError)


@dataclass(frozen=True)
class Replayed:
    """What :func:`replay_report` found: ``divergences`` (the record is not reproduced: its
    draws, states or rule events differ) and ``notes`` (turns whose only difference is in the
    notes to players, :data:`~umpire.core.events.NOTES`: a record made by a version that did
    not write them, or wrote them otherwise)."""

    divergences: list[str]
    notes: list[str]


def replay(record: GameRecord) -> list[str]:
    """Re-run the record from the start; every divergence found, as a sentence (none: []).

    Never raises on a damaged record: draws that run out, orders that no longer read, a state
    the game cannot load or resolve are each reported as the divergence of their turn.
    Differences in the notes to players alone are no divergence (:func:`replay_report`).
    """
    return replay_report(record).divergences


def replay_report(record: GameRecord) -> Replayed:
    """:func:`replay`, with the turns whose notes to players alone differ listed apart."""
    notes: list[str] = []
    return Replayed(_replay(record, notes), notes)


def _replay(record: GameRecord, notes: list[str]) -> list[str]:
    record.require_whole()
    ruleset = ruleset_of(record)
    chance = ReplayChance(record.setup_draws)
    try:
        state = ruleset.new_game(record.scenario, record.powers, chance, dict(record.settings))
        problems = (
            []
            if ruleset.dump_state(state) == record.initial_state
            else ["setup: the opening state differs from the record"]
        )
        state = ruleset.load_state(record.initial_state)
    except Exception as err:  # a damaged record: reported, never raised
        return [f"setup: {_failure(err)}"]
    for turn in record.turns:
        try:
            problems.extend(_replay_turn(record, ruleset, state, turn, notes))
            state = ruleset.load_state(turn.state)
        except Exception as err:  # a damaged record: reported, never raised
            problems.append(f"turn {turn.number}: {_failure(err)}")
            break
    return problems


def _failure(err: Exception) -> str:
    if isinstance(err, REPLAY_FAILURES):
        return str(err)
    return f"the record cannot be replayed ({type(err).__name__}: {err})"


def _replay_turn(
    record: GameRecord, ruleset: AnyRuleset, state: Any, turn: TurnRecord, notes: list[str]
) -> list[str]:
    problems: list[str] = []
    where = f"turn {turn.number}"
    replay_chance = ReplayChance(turn.draws)
    result = resolve_turn(ruleset, state, turn.latest(), replay_chance)
    if not replay_chance.complete:
        problems.append(f"{where}: fewer draws were made than recorded")
    fresh = SeededChance(record.seed, "turn", turn.number)
    resolve_turn(ruleset, ruleset.load_state(ruleset.dump_state(state)), turn.latest(), fresh)
    if fresh.draws != turn.draws:
        problems.append(f"{where}: the seed does not give the recorded draws")
    if ruleset.dump_state(result.state) != turn.state:
        problems.append(f"{where}: the state after the turn differs from the record")
    if [e.to_json() for e in result.events] != [e.to_json() for e in turn.events]:
        if _same(rule_events(result.events), rule_events(turn.events)):
            notes.append(f"{where}: only the notes to players differ from the record")
        else:
            problems.append(f"{where}: the events differ from the record")
    return problems


def _same(ours: Sequence[Event], theirs: Sequence[Event]) -> bool:
    return [e.to_json() for e in ours] == [e.to_json() for e in theirs]
