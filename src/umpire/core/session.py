"""Running a game from its record: the service functions the CLI and the server share.

Everything here is pure: functions take a :class:`GameRecord` (and text) and return results,
mutating only the record they are given. Storage, clocks and transport belong to the callers.

- :func:`create` seats the powers and builds the opening state.
- :func:`submit` parses a power's orders for the current turn and stores them (the latest
  submission of a power counts); it returns a :class:`Receipt`.
- :func:`process` resolves the current turn with every power's latest orders.
- :func:`report` is the one way a power's printout is made: the game's view of that power plus
  the events addressed to it.
- :func:`replay` re-runs the record from the start and lists every divergence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from umpire.core import registry
from umpire.core.chance import Chance, ReplayChance, ReplayDivergence, SeededChance
from umpire.core.events import visible_to
from umpire.core.problems import Problem
from umpire.core.record import (
    GameRecord,
    RecordError,
    Submission,
    TurnRecord,
    latest_submissions,
)
from umpire.core.ruleset import Outcome, Pending, Ruleset, View


class SessionError(ValueError):
    """The request cannot be carried out (unknown power, game over, stale turn...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message


@dataclass(slots=True)
class Receipt:
    """What a power is told after submitting: every accepted order and every problem."""

    game: str
    power: str
    turn: int
    label: str
    accepted: list[tuple[int, str]]  # (line, canonical order)
    problems: list[Problem]

    @property
    def ok(self) -> bool:
        return not self.problems

    def text(self) -> str:
        lines = [f"Receipt: {self.game}, {self.label}, orders of {self.power}"]
        lines.append(f"{len(self.accepted)} order(s) accepted:")
        lines.extend(f"  line {n:>3}: {order}" for n, order in self.accepted)
        if self.problems:
            lines.append(f"{len(self.problems)} problem(s):")
            lines.extend(f"  {p}" for p in self.problems)
        else:
            lines.append("No problems.")
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "power": self.power,
            "turn": self.turn,
            "label": self.label,
            "accepted": [{"line": n, "order": o} for n, o in self.accepted],
            "problems": [p.to_json() for p in self.problems],
        }


@dataclass(slots=True)
class Status:
    game: str
    scenario: str
    turn: int
    label: str
    expected: list[str]
    submitted: list[str]
    outcome: Outcome | None
    turns_processed: int = 0
    powers: list[str] = field(default_factory=list)

    def text(self) -> str:
        head = f"{self.game} ({self.scenario}), {self.turns_processed} turn(s) processed"
        if self.outcome:
            return f"{head}\nGame over: {self.outcome.summary}\n"
        waiting = [p for p in self.expected if p not in self.submitted]
        return (
            f"{head}\nNext: {self.label}\n"
            f"Submitted: {', '.join(self.submitted) or 'nobody'}\n"
            f"Waiting for: {', '.join(waiting) or 'nobody'}\n"
        )


def ruleset_of(record: GameRecord) -> Ruleset[Any, Any]:
    return registry.get(record.game, record.scenario)


def turn_chance(record: GameRecord, turn: int) -> SeededChance:
    return SeededChance(record.seed, "turn", turn)


def bot_chance(record: GameRecord, turn: int, power: str) -> SeededChance:
    return SeededChance(record.seed, "bot", turn, power)


def create(
    game: str,
    *,
    scenario: str | None = None,
    seed: int = 0,
    powers: Sequence[str] | None = None,
    settings: dict[str, Any] | None = None,
) -> GameRecord:
    """A new game record: the opening state with the given powers seated."""
    try:
        info = registry.game(game).info.scenario(scenario)
    except KeyError as err:
        if isinstance(err, registry.UnknownGame):
            raise
        raise SessionError("game/unknown_scenario", str(err.args[0])) from err
    ruleset = registry.get(game, info.name)
    seated = list(powers) if powers else list(info.default_powers or info.powers)
    by_upper = {p.upper(): p for p in info.powers}
    resolved: list[str] = []
    for p in seated:
        if p.upper() not in by_upper:
            raise SessionError(
                "game/unknown_power",
                f"{info.name} has no power {p!r} (powers: {', '.join(info.powers)})",
            )
        resolved.append(by_upper[p.upper()])
    if len(set(resolved)) != len(resolved):
        raise SessionError("game/duplicate_power", "a power is named twice")
    if not info.min_players <= len(resolved) <= info.max_players:
        raise SessionError(
            "game/player_count",
            f"{info.name} takes {info.min_players} to {info.max_players} powers, not {len(resolved)}",
        )
    chance = SeededChance(seed, "setup")
    state = ruleset.new_game(info.name, resolved, chance, dict(settings or {}))
    return GameRecord(
        game=ruleset.info.name,
        scenario=info.name,
        seed=seed,
        powers=resolved,
        settings=dict(settings or {}),
        initial_state=ruleset.dump_state(state),
        setup_draws=list(chance.draws),
        outcome=ruleset.outcome(state),
    )


def current_state(record: GameRecord) -> Any:
    return ruleset_of(record).load_state(record.latest_state)


def pending(record: GameRecord) -> Pending:
    return ruleset_of(record).pending(current_state(record))


def resolve_power(record: GameRecord, power: str) -> str:
    for p in record.powers:
        if p.upper() == power.strip().upper():
            return p
    raise SessionError(
        "game/unknown_power",
        f"no power {power!r} in this game (powers: {', '.join(record.powers)})",
    )


def submit(
    record: GameRecord,
    power: str,
    text: str,
    *,
    source: str = "cli",
    received: str = "",
    turn: int | None = None,
) -> Receipt:
    """Parse and store ``power``'s orders for the current turn (replacing earlier ones).

    ``turn``, when given, is the turn the orders were written for; orders for any other turn
    are refused, so that orders can never be applied to the wrong turn.
    """
    if record.outcome is not None:
        raise SessionError("game/over", "the game is over; no more orders are taken")
    power = resolve_power(record, power)
    ruleset = ruleset_of(record)
    state = ruleset.load_state(record.latest_state)
    todo = ruleset.pending(state)
    number = len(record.turns) + 1
    if turn is not None and turn != number:
        raise SessionError(
            "turn/stale",
            f"these orders are for turn {turn}, but the current turn is {number} ({todo.label})",
        )
    parsed = ruleset.parse(state, power, text)
    canonical = [(line, ruleset.format(order)) for line, order in parsed.orders]
    record.pending.append(
        Submission(power, text, [o for _, o in canonical], parsed.problems, source, received)
    )
    return Receipt(ruleset.info.title, power, number, todo.label, canonical, parsed.problems)


def submitted(record: GameRecord) -> list[str]:
    latest = {s.power for s in record.pending}
    return [p for p in record.powers if p in latest]


def status(record: GameRecord) -> Status:
    todo = pending(record)
    return Status(
        game=ruleset_of(record).info.title,
        scenario=record.scenario,
        turn=len(record.turns) + 1,
        label=todo.label,
        expected=list(todo.powers),
        submitted=submitted(record),
        outcome=record.outcome,
        turns_processed=len(record.turns),
        powers=list(record.powers),
    )


def _orders_for(
    ruleset: Ruleset[Any, Any], state: Any, subs: dict[str, Submission]
) -> dict[str, list[Any]]:
    """Re-read each power's canonical orders (proves the round trip; never trusts the raw)."""
    orders: dict[str, list[Any]] = {}
    for power, sub in subs.items():
        parsed = ruleset.parse(state, power, "\n".join(sub.orders))
        if parsed.problems:
            raise RecordError(f"canonical orders of {power} no longer parse: {parsed.problems[0]}")
        orders[power] = [o for _, o in parsed.orders]
    return orders


def _resolve(
    record: GameRecord, state: Any, subs: dict[str, Submission], chance: Chance
) -> tuple[Any, list[Any], str]:
    ruleset = ruleset_of(record)
    label = ruleset.pending(state).label
    result = ruleset.resolve(state, _orders_for(ruleset, state, subs), chance)
    return result.state, result.events, label


def process(record: GameRecord) -> TurnRecord:
    """Resolve the current turn with the latest submission of each power."""
    if record.outcome is not None:
        raise SessionError("game/over", "the game is over")
    ruleset = ruleset_of(record)
    state = ruleset.load_state(record.latest_state)
    number = len(record.turns) + 1
    chance = turn_chance(record, number)
    subs = list(record.pending)
    new_state, events, label = _resolve(record, state, latest_submissions(subs), chance)
    turn = TurnRecord(
        number=number,
        label=label,
        submissions=subs,
        draws=list(chance.draws),
        events=list(events),
        state=ruleset.dump_state(new_state),
    )
    record.turns.append(turn)
    record.pending = []
    record.outcome = ruleset.outcome(new_state)
    return turn


def rollback(record: GameRecord) -> TurnRecord:
    """Undo the last processed turn; its submissions become pending again."""
    if not record.turns:
        raise SessionError("turn/none", "no turn has been processed yet")
    turn = record.turns.pop()
    record.pending = list(turn.submissions) + record.pending
    record.outcome = ruleset_of(record).outcome(current_state(record))
    return turn


def declare_result(record: GameRecord, winners: Sequence[str], summary: str = "") -> Outcome:
    """The game master ends the game: a draw among ``winners`` (one winner: a concession).

    Pending submissions are kept in the record but never processed; the game takes no more
    orders. Shares of the result are equal among the winners.
    """
    if record.outcome is not None:
        raise SessionError("game/over", "the game is over already")
    named = [resolve_power(record, w) for w in winners]
    if not named or len(set(named)) != len(named):
        raise SessionError("game/winners", "name one or more different powers as the result")
    share = 1.0 / len(named)
    kind = "draw" if len(named) > 1 else "win"
    text = summary or f"{kind} declared by the game master: {', '.join(named)}"
    record.outcome = Outcome(
        tuple(named), {p: (share if p in named else 0.0) for p in record.powers}, text
    )
    return record.outcome


def view(record: GameRecord, power: str | None, *, turn: int | None = None) -> View:
    ruleset = ruleset_of(record)
    at = len(record.turns) if turn is None else turn
    return ruleset.view(ruleset.load_state(record.state_after(at)), power)


def report(record: GameRecord, power: str | None, *, turn: int | None = None) -> str:
    """The printout of ``power`` (None: the umpire) after turn ``turn`` (default: latest).

    This is the choke point for what a player reads: the state goes through the game's own
    view/printout and only the events addressed to the power are passed along.
    """
    ruleset = ruleset_of(record)
    at = len(record.turns) if turn is None else turn
    if power is not None:
        power = resolve_power(record, power)
    state = ruleset.load_state(record.state_after(at))
    events = record.turns[at - 1].events if at >= 1 else []
    return ruleset.printout(state, visible_to(events, power), power)


def bot_submit(record: GameRecord, power: str, *, source: str = "bot") -> Receipt:
    """Let the game's bot write ``power``'s orders for the current turn and submit them."""
    ruleset = ruleset_of(record)
    state = ruleset.load_state(record.latest_state)
    number = len(record.turns) + 1
    text = ruleset.bot_orders(state, power, bot_chance(record, number, power))
    return submit(record, power, text, source=source)


def replay(record: GameRecord) -> list[str]:
    """Re-run the record from the start; every divergence found, as a sentence (none: [])."""
    ruleset = ruleset_of(record)
    problems: list[str] = []
    chance = ReplayChance(record.setup_draws)
    try:
        state = ruleset.new_game(record.scenario, record.powers, chance, dict(record.settings))
    except ReplayDivergence as err:
        return [f"setup: {err}"]
    if ruleset.dump_state(state) != record.initial_state:
        problems.append("setup: the opening state differs from the record")
    state = ruleset.load_state(record.initial_state)
    for turn in record.turns:
        replay_chance = ReplayChance(turn.draws)
        try:
            new_state, events, _ = _resolve(record, state, turn.latest(), replay_chance)
        except (ReplayDivergence, RecordError) as err:
            problems.append(f"turn {turn.number}: {err}")
            break
        if not replay_chance.complete:
            problems.append(f"turn {turn.number}: fewer draws were made than recorded")
        fresh = SeededChance(record.seed, "turn", turn.number)
        _resolve(record, ruleset.load_state(ruleset.dump_state(state)), turn.latest(), fresh)
        if fresh.draws != turn.draws:
            problems.append(f"turn {turn.number}: the seed does not give the recorded draws")
        if ruleset.dump_state(new_state) != turn.state:
            problems.append(f"turn {turn.number}: the state after the turn differs from the record")
        if [e.to_json() for e in events] != [e.to_json() for e in turn.events]:
            problems.append(f"turn {turn.number}: the events differ from the record")
        state = ruleset.load_state(turn.state)
    return problems
