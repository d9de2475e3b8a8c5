"""Running a game from its record: the service functions the CLI and the server share.

Everything here is pure: storage, clocks and transport belong to the callers.

A :class:`Table` is a loaded game: the record, its scenario's ruleset and the current state,
loaded once and kept while the caller works on the game (one request, one command, one turn
of the worker). Its methods are the operations:

- :meth:`Table.submit` reads a power's orders for the current turn through core's submission
  pipeline and stores them as canonical text (the latest submission of a power counts); it
  returns a :class:`~umpire.core.receipt.Receipt`. A submission with no accepted order, or from a power the turn
  does not wait for, is refused and stores nothing; ``CLEAR`` (or an empty text) withdraws.
- :meth:`Table.process` resolves the current turn with every power's latest orders, read
  again from their canonical text (legality was checked once, at submission).
- :meth:`Table.report` is the one way a power's printout is made: the game's view of that
  power plus the events addressed to it.

The record-taking functions (:func:`submit`, :func:`process`, :func:`report`, ...) open a
table for one call; :func:`create` seats the powers and builds the opening state;
:func:`umpire.core.replay.replay` re-runs a record from the start and lists every
divergence. A receipt and a status are :mod:`umpire.core.receipt`'s; a power named by a
person, :mod:`umpire.core.powers`'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umpire.core import errors, registry
from umpire.core.chance import Chance, SeededChance
from umpire.core.errors import SessionError
from umpire.core.powers import power_named, resolve_power
from umpire.core.problems import OrderError, Problem
from umpire.core.readings import Readings
from umpire.core.receipt import Receipt, Status
from umpire.core.record import (
    GameRecord,
    RecordError,
    Submission,
    TurnRecord,
    latest_submissions,
)
from umpire.core.ruleset import (
    AnyRuleset,
    Capabilities,
    Outcome,
    Pending,
    ScenarioInfo,
    View,
    power_label,
)
from umpire.core.submission import parse, reread, size_problem, withdrawal


def ruleset_of(record: GameRecord) -> AnyRuleset:
    """The ruleset of the record's game and scenario."""
    return registry.get(record.game, record.scenario)


def turn_chance(record: GameRecord, turn: int) -> SeededChance:
    return SeededChance(record.seed, "turn", turn)


def bot_chance(record: GameRecord, turn: int, power: str) -> SeededChance:
    return SeededChance(record.seed, "bot", turn, power)


def _scenario_info(game: str, scenario: str | None) -> ScenarioInfo:
    found = registry.game(game)
    try:
        return found.info.scenario(scenario)
    except KeyError as err:
        known = ", ".join(s.name for s in found.info.scenarios)
        raise SessionError.of(
            errors.UNKNOWN_SCENARIO, game=found.info.name, scenario=scenario, known=known
        ) from err


def create(
    game: str,
    *,
    scenario: str | None = None,
    seed: int = 0,
    powers: Sequence[str] | None = None,
    settings: dict[str, Any] | None = None,
) -> GameRecord:
    """A new game record: the opening state with the given powers seated."""
    info = _scenario_info(game, scenario)
    ruleset = registry.get(game, info.name)
    seated = list(powers) if powers else list(info.default_powers or info.powers)
    resolved = [power_named(p, info.powers, dict(info.names)) for p in seated]
    twice = next((p for i, p in enumerate(resolved) if p in resolved[:i]), None)
    if twice is not None:
        raise SessionError.of(errors.DUPLICATE_POWER, power=twice)
    if not info.min_players <= len(resolved) <= info.max_players:
        raise SessionError.of(
            errors.PLAYER_COUNT,
            scenario=f"the {ruleset.info.name} scenario {info.name}",
            number=(
                info.min_players
                if info.min_players == info.max_players
                else f"{info.min_players} to {info.max_players}"
            ),
            count=len(resolved),
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


class Table(Readings):
    """A loaded game: the record, its ruleset and the current state, loaded once and kept.

    Every change goes to the record as well (``table.record`` is what the caller saves); a
    table is for one caller at a time, for as long as the record is not changed behind it.
    """

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.ruleset: AnyRuleset = ruleset_of(record)
        # The optional parts of the game's contract, as its record says (never looked up here).
        self.can: Capabilities = registry.game(record.game).capabilities(record.scenario)
        self._state: Any = None
        self._pending: Pending | None = None
        self._past: dict[int, Any] = {}  # states of earlier turns, loaded for reports
        self._named: dict[str, str] = {}  # the power each name given here means, found once
        self._full_names: dict[str, str] | None = None  # the scenario's names of its powers

    @property
    def state(self) -> Any:
        """The current state (loaded from the record at first use)."""
        if self._state is None:
            self._state = self._load(self.record.latest_state, self.record.processed)
        return self._state

    def _load(self, data: dict[str, Any], turn: int) -> Any:
        """The game's state from its record; a state the game cannot read is a corrupt
        record (:class:`RecordError`), never a crash of the command reading it."""
        try:
            return self.ruleset.load_state(data)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
            after = "the opening" if turn == 0 else f"turn {turn}"
            raise RecordError(
                f"corrupt game record: the state after {after} does not load "
                f"({type(err).__name__}: {err})"
            ) from err

    def _set_state(self, state: Any) -> None:
        self._state = state
        self._pending = None
        self._past.clear()

    def pending(self) -> Pending:
        if self._pending is None:
            self._pending = self.ruleset.pending(self.state)
        return self._pending

    def state_after(self, turn: int) -> Any:
        """The state after ``turn`` (0: the opening)."""
        if turn == self.record.processed:
            return self.state
        if turn not in self._past:
            self._past[turn] = self._load(self.record.state_after(turn), turn)
        return self._past[turn]

    def resolve_power(self, power: str) -> str:
        """:func:`resolve_power`, each name looked up once per table (its seated powers never
        change under it)."""
        found = self._named.get(power)
        if found is None:
            found = self._named[power] = resolve_power(self.record, power)
        return found

    def submitted(self) -> list[str]:
        """The powers the turn waits for that have orders stored for it. A power it does not
        wait for never counts (its orders are refused, ``turn/not_expected``; a record made
        before that rule may still hold some)."""
        latest = {s.power for s in self.record.pending}
        waited = set(self.pending().powers)
        return [p for p in self.record.powers if p in latest and p in waited]

    def status(self) -> Status:
        todo = self.pending()
        return Status(
            game=self.ruleset.info.title,
            scenario=self.record.scenario,
            turn=self.record.processed + 1,
            label=todo.label,
            expected=list(todo.powers),
            submitted=self.submitted(),
            outcome=self.record.outcome,
            turns_processed=self.record.processed,
            powers=list(self.record.powers),
            names=dict(self.ruleset.info.scenario(self.record.scenario).names),
        )

    def submit(
        self,
        power: str,
        text: str,
        *,
        source: str = "cli",
        received: str = "",
        turn: int | None = None,
    ) -> Receipt:
        """Read and store ``power``'s orders for the current turn (replacing earlier ones).

        ``turn``, when given, is the turn the orders were written for; orders for any other
        turn are refused (``turn/stale``), so orders never apply to the wrong turn.

        One rule for every entrance (command line, API, web, mail): a submission that has
        problems and no accepted order is refused and stores nothing, so a typo or a stray
        line never withdraws the orders sent earlier (the receipt lists them as standing); a
        power the turn does not wait for is refused whole (``turn/not_expected``). To withdraw
        his orders a power says so: an empty submission, or a line ``CLEAR``.
        """
        if self.record.outcome is not None:
            raise SessionError.of(errors.GAME_OVER, detail="; no more orders are taken")
        power = self.resolve_power(power)
        todo = self.pending()
        number = self.record.processed + 1
        if turn is not None and turn != number:
            raise SessionError.of(errors.TURN_STALE, turn=turn, current=number, label=todo.label)
        too_big = size_problem(text)
        if too_big is not None:  # refused whole, before anything is read or stored
            raise SessionError(too_big.code, too_big.message)
        title = self.ruleset.info.title
        unexpected = self._refused_unexpected(power)
        if unexpected is not None:
            return unexpected
        read, cleared = withdrawal(text)
        parsed = parse(self.ruleset, self.state, power, read)
        if not parsed.orders and parsed.problems and not cleared:
            return Receipt(
                title,
                power,
                number,
                todo.label,
                [],
                parsed.problems,
                False,
                self.standing(power),
                named=self.named(power),
            )
        canonical = [(line, self.ruleset.format(order)) for line, order in parsed.orders]
        return self._store(power, text, parsed.orders, canonical, parsed.problems, source, received)

    def _refused_unexpected(self, power: str) -> Receipt | None:
        """The receipt refusing ``power``'s orders when the current turn does not wait for him
        (``turn/not_expected``), else None."""
        todo = self.pending()
        if power in todo.powers:
            return None
        waited = ", ".join(todo.powers) or "nobody"
        problem = errors.TURN_NOT_EXPECTED.problem(
            0, power=power, label=todo.label, expected=waited
        )
        return Receipt(
            self.ruleset.info.title,
            power,
            self.record.processed + 1,
            todo.label,
            [],
            [problem],
            False,
            self.standing(power),
            named=self.named(power),
        )

    def _store(
        self,
        power: str,
        text: str,
        orders: Sequence[tuple[int, Any]],
        canonical: list[tuple[int, str]],
        problems: list[Problem],
        source: str,
        received: str,
    ) -> Receipt:
        """Store ``orders`` (numbered by their lines, as ``check`` kept them; ``canonical``:
        the same, each as its canonical text) as ``power``'s submission of ``text`` for the
        current turn, and the receipt saying so: the one way a submission is stored, whether
        it was read from text or given by the game's bot."""
        self.record.pending.append(
            Submission(power, text, [o for _, o in canonical], problems, source, received)
        )
        warned: list[Problem] = []
        if orders and self.can.warnings is not None:
            warned = self.can.warnings.warnings(self.state, power, orders)
        return Receipt(
            self.ruleset.info.title,
            power,
            self.record.processed + 1,
            self.pending().label,
            canonical,
            problems,
            warnings=warned,
            named=self.named(power),
        )

    def named(self, power: str) -> str:
        """The power as a person reads it: "England (ENG)" (its code where it has no name)."""
        return power_label(power, self._names())

    def _names(self) -> dict[str, str]:
        """The full names of the scenario's powers, read once per table."""
        if self._full_names is None:
            self._full_names = dict(self.ruleset.info.scenario(self.record.scenario).names)
        return self._full_names

    def standing(self, power: str) -> list[str] | None:
        """The orders ``power`` has stored for the current turn (his latest submission's, in
        canonical form), or None when he has sent none. A partial record loaded without its
        pending submissions (the server's) knows none: its caller asks its storage."""
        latest = latest_submissions(self.record.pending).get(power)
        return None if latest is None else list(latest.orders)

    def bot_submit(self, power: str, *, source: str = "bot") -> Receipt:
        """Let the game's bot give ``power``'s orders for the current turn, and store them.

        The bot gives orders, not text (issue 28): they are legal by construction and in the
        normal form ``check`` keeps (the conformance suite proves both for every game), so
        they are stored as they are, without being read or judged again. The stored text and
        the receipt are their canonical text (:func:`~umpire.core.submission.orders_text`), one
        order a line, and the submission is stored as a text submission is (:meth:`_store`).
        """
        if self.record.outcome is not None:
            raise SessionError.of(errors.GAME_OVER, detail="; no more orders are taken")
        if power not in self.record.powers:  # a seated power's code is already resolved
            power = self.resolve_power(power)
        unexpected = self._refused_unexpected(power)
        if unexpected is not None:
            return unexpected
        number = self.record.processed + 1
        orders = self.ruleset.bot_orders(self.state, power, bot_chance(self.record, number, power))
        fmt = self.ruleset.format
        canonical = [(line, fmt(order)) for line, order in enumerate(orders, start=1)]
        text = "".join(f"{order}\n" for _, order in canonical)  # submission.orders_text
        numbered = list(enumerate(orders, start=1))
        return self._store(power, text, numbered, canonical, [], source, "")

    def process(self) -> TurnRecord:
        """Resolve the current turn with the latest submission of each power."""
        if self.record.outcome is not None:
            raise SessionError.of(errors.GAME_OVER, detail="")
        record = self.record
        number = record.processed + 1
        chance = turn_chance(record, number)
        subs = list(record.pending)
        label = self.pending().label
        result = resolve_turn(self.ruleset, self.state, latest_submissions(subs), chance)
        turn = TurnRecord(
            number=number,
            label=label,
            submissions=subs,
            draws=list(chance.draws),
            events=list(result.events),
            state=self.ruleset.dump_state(result.state),
        )
        record.turns.append(turn)
        record.pending = []
        record.outcome = self.ruleset.outcome(result.state)
        self._set_state(result.state)
        return turn

    def rollback(self) -> TurnRecord:
        """Undo the last processed turn; its submissions become pending again."""
        self.record.require_whole()
        if not self.record.turns:
            raise SessionError.of(errors.TURN_NONE)
        turn = self.record.turns.pop()
        self.record.pending = list(turn.submissions) + self.record.pending
        self._set_state(None)
        self.record.outcome = self.ruleset.outcome(self.state)
        return turn

    def declare_result(self, winners: Sequence[str], summary: str = "") -> Outcome:
        """The game master ends the game: a draw among ``winners`` (one winner: a concession).

        Pending submissions are kept in the record but never processed; the game takes no more
        orders. Shares of the result are equal among the winners.
        """
        record = self.record
        if record.outcome is not None:
            raise SessionError.of(errors.GAME_OVER, detail=" already")
        named = [self.resolve_power(w) for w in winners]
        if not named or len(set(named)) != len(named):
            raise SessionError.of(errors.WINNERS)
        share = 1.0 / len(named)
        kind = "draw" if len(named) > 1 else "win"
        text = summary or f"{kind} declared by the game master: {', '.join(named)}"
        record.outcome = Outcome(
            tuple(named), {p: (share if p in named else 0.0) for p in record.powers}, text
        )
        return record.outcome


def open_table(record: GameRecord) -> Table:
    """A :class:`Table` of ``record`` (its state is loaded at first use)."""
    return Table(record)


def resolve_turn(
    ruleset: AnyRuleset, state: Any, subs: Mapping[str, Submission], chance: Chance
) -> Any:
    """The ruleset's resolution of one turn, each power's orders read again from their
    canonical text (proving the round trip; the raw text is never trusted)."""
    orders: dict[str, list[Any]] = {}
    for power, sub in subs.items():
        try:
            orders[power] = reread(ruleset, state, power, sub.orders)
        except OrderError as err:
            raise RecordError(err.message) from err
    return ruleset.resolve(state, orders, chance)


# --- the record-taking functions: one table per call ------------------------------------


def current_state(record: GameRecord) -> Any:
    return Table(record).state


def pending(record: GameRecord) -> Pending:
    return Table(record).pending()


def submit(
    record: GameRecord,
    power: str,
    text: str,
    *,
    source: str = "cli",
    received: str = "",
    turn: int | None = None,
) -> Receipt:
    """:meth:`Table.submit` on ``record``."""
    return Table(record).submit(power, text, source=source, received=received, turn=turn)


def submitted(record: GameRecord) -> list[str]:
    return Table(record).submitted()


def status(record: GameRecord) -> Status:
    return Table(record).status()


def process(record: GameRecord) -> TurnRecord:
    """:meth:`Table.process` on ``record``."""
    return Table(record).process()


def rollback(record: GameRecord) -> TurnRecord:
    return Table(record).rollback()


def declare_result(record: GameRecord, winners: Sequence[str], summary: str = "") -> Outcome:
    return Table(record).declare_result(winners, summary)


def view(record: GameRecord, power: str | None, *, turn: int | None = None) -> View:
    return Table(record).view(power, turn=turn)


def report(record: GameRecord, power: str | None, *, turn: int | None = None) -> str:
    """:meth:`Table.report` on ``record``."""
    return Table(record).report(power, turn=turn)


def public_view(record: GameRecord, *, turn: int | None = None) -> View | None:
    """:meth:`Table.public_view` on ``record``."""
    return Table(record).public_view(turn=turn)


def newspaper(record: GameRecord, *, turn: int | None = None) -> str | None:
    """:meth:`Table.newspaper` on ``record``."""
    return Table(record).newspaper(turn=turn)


def bot_submit(record: GameRecord, power: str, *, source: str = "bot") -> Receipt:
    return Table(record).bot_submit(power, source=source)


__all__ = [
    "SessionError",
    "Table",
    "bot_submit",
    "create",
    "declare_result",
    "newspaper",
    "open_table",
    "pending",
    "process",
    "public_view",
    "report",
    "rollback",
    "status",
    "submit",
    "submitted",
    "view",
]
