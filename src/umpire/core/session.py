"""Running a game from its record: the service functions the CLI and the server share.

Everything here is pure: storage, clocks and transport belong to the callers.

A :class:`Table` is a loaded game: the record, its scenario's ruleset and the current state,
loaded once and kept while the caller works on the game (one request, one command, one turn
of the worker). Its methods are the operations:

- :meth:`Table.submit` reads a power's orders for the current turn through core's submission
  pipeline and stores them as canonical text (the latest submission of a power counts); it
  returns a :class:`Receipt`. A submission with no accepted order, or from a power the turn
  does not wait for, is refused and stores nothing; ``CLEAR`` (or an empty text) withdraws.
- :meth:`Table.process` resolves the current turn with every power's latest orders, read
  again from their canonical text (legality was checked once, at submission).
- :meth:`Table.report` is the one way a power's printout is made: the game's view of that
  power plus the events addressed to it.

The record-taking functions (:func:`submit`, :func:`process`, :func:`report`, ...) open a
table for one call; :func:`create` seats the powers and builds the opening state;
:func:`replay` re-runs a record from the start and lists every divergence.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from umpire.core import errors, registry
from umpire.core.chance import Chance, ChanceExhausted, ReplayChance, ReplayDivergence, SeededChance
from umpire.core.errors import Code
from umpire.core.events import PUBLIC, Event, rule_events, visible_to
from umpire.core.problems import OrderError, Problem
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
    HasDeclaredEnd,
    Outcome,
    Pending,
    ScenarioInfo,
    View,
    implements,
    power_label,
)
from umpire.core.submission import WITHDRAW, parse, reread, size_problem, withdrawal


class SessionError(ValueError):
    """The request cannot be carried out (unknown power, game over, stale turn...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message

    @classmethod
    def of(cls, code: Code, **fields: Any) -> SessionError:
        """The error of a declared code (:mod:`umpire.core.errors`)."""
        return cls(code.code, code.message(**fields))


@dataclass(slots=True)
class Receipt:
    """What a power is told after submitting: every accepted order and every problem.

    ``stored``: whether the submission now stands as the power's orders for the turn. One
    with no accepted order and a problem is refused (unless it says ``CLEAR``): it stores
    nothing and the power's earlier orders, ``standing`` (None: he has sent none), stand."""

    game: str
    power: str
    turn: int
    label: str
    accepted: list[tuple[int, str]]  # (line, canonical order)
    problems: list[Problem]
    stored: bool = True
    standing: list[str] | None = None  # when not stored: the orders that still stand
    # Accepted orders the rules will refuse whatever the others order (HasWarnings).
    warnings: list[Problem] = field(default_factory=list)
    named: str = ""  # the power as a person reads it: "England (ENG)" (default: its code)
    # The storage's cap, when it has one: a power's newest ``kept`` submissions for a turn
    # are kept, older ones deleted (the newest, the one that counts, always stays).
    kept: int | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    def text(self, link: Callable[[str], str] | None = None) -> str:
        """The receipt as a player reads it. ``link``: the address explaining a problem code
        (the rules page's anchor), put at the end of each problem's line ("" or None: none)."""

        def linked(line: str, code: str) -> str:
            address = link(code) if link is not None else ""
            return f"{line} {address}" if address else line

        lines = [f"Receipt: {self.game}, {self.label}, orders of {self.named or self.power}"]
        count = len(self.accepted)
        lines.append(f"{count} order(s) accepted:" if count else "No order accepted.")
        warned = {w.line: w for w in self.warnings}
        for n, order in self.accepted:
            lines.append(f"  line {n:>3}: {order}")
            if n in warned:
                w = warned.pop(n)
                said = f"            accepted, but will be refused: {w.message}"
                lines.append(linked(said, w.code))
        lines.extend(linked(f"  {w}", w.code) for w in warned.values())  # none on an order's line
        if self.problems:
            lines.append(f"{len(self.problems)} problem(s):")
            lines.extend(linked(f"  {p}", p.code) for p in self.problems)
        elif self.warnings:
            lines.append(
                f"No problems, but {len(self.warnings)} order(s) will be refused as written."
            )
        else:
            lines.append("No problems.")
        if not self.stored:
            lines.extend(self._unchanged())
        elif not count:
            lines.append("You now have no orders for this turn: any sent earlier are withdrawn.")
        if self.stored and self.kept is not None:
            lines.append(
                f"Only your newest {self.kept} submissions for a turn are kept (the last one "
                "counts); older ones are deleted."
            )
        return "\n".join(lines) + "\n"

    def _unchanged(self) -> list[str]:
        """What a refused submission left as it was."""
        lines = ["Nothing was stored: this submission changed nothing."]
        if self.standing is None:
            lines.append("You have no orders stored for this turn.")
        elif not self.standing:
            lines.append("Your earlier submission for this turn, with no orders, stands.")
        else:
            lines.append(f"Your earlier orders for this turn stand ({len(self.standing)}):")
            lines.extend(f"  {order}" for order in self.standing)
            lines.append(f"To withdraw them, send the line {WITHDRAW}.")
        return lines

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "power": self.power,
            "turn": self.turn,
            "label": self.label,
            "accepted": [{"line": n, "order": o} for n, o in self.accepted],
            "problems": [p.to_json() for p in self.problems],
            "warnings": [w.to_json() for w in self.warnings],
            "named": self.named or self.power,
            **({} if self.kept is None else {"kept": self.kept}),
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
    names: dict[str, str] = field(default_factory=dict)  # power -> full name, where it has one

    def text(self) -> str:
        head = f"{self.game} ({self.scenario}), {self.turns_processed} turn(s) processed"
        if self.outcome:
            return f"{head}\nGame over: {self.outcome.summary}\n"
        waiting = [p for p in self.expected if p not in self.submitted]
        return (
            f"{head}\nNext: {self.label}\n"
            f"Submitted: {self.listed(self.submitted)}\n"
            f"Waiting for: {self.listed(waiting)}\n"
        )

    def listed(self, powers: Sequence[str]) -> str:
        """``powers`` as a person reads them: "England (ENG), France (FRA)"; "nobody"."""
        return ", ".join(power_label(p, self.names) for p in powers) or "nobody"


def ruleset_of(record: GameRecord) -> AnyRuleset:
    """The ruleset of the record's game and scenario."""
    return registry.get(record.game, record.scenario)


def turn_chance(record: GameRecord, turn: int) -> SeededChance:
    return SeededChance(record.seed, "turn", turn)


def bot_chance(record: GameRecord, turn: int, power: str) -> SeededChance:
    return SeededChance(record.seed, "bot", turn, power)


def _key(name: str) -> str:
    return "".join(ch for ch in name.upper() if ch.isalnum())


def power_named(name: str, powers: Iterable[str], names: Mapping[str, str] | None = None) -> str:
    """The power of ``powers`` that ``name`` means: its code or its full name, in any case,
    spaces and punctuation ignored (``GER``, ``Germany``, `` germany ``). Raises SessionError
    ``game/unknown_power``.

    >>> power_named(" germany", ["FRA", "GER"], {"GER": "Germany", "FRA": "France"})
    'GER'
    >>> power_named("fra", ["FRA", "GER"])
    'FRA'
    """
    seated = list(powers)
    wanted = _key(name)
    full = names or {}
    for p in seated:
        if wanted and wanted in (_key(p), _key(full.get(p, ""))):
            return p
    raise SessionError.of(errors.UNKNOWN_POWER, power=repr(name), powers=", ".join(seated))


def powers_named(
    words: Sequence[str], powers: Iterable[str], names: Mapping[str, str] | None = None
) -> list[str]:
    """The powers of ``powers`` that ``words`` (a recipient list split at spaces and commas)
    mean, each once, in the order named: codes, full names of one word or more, and the form
    a receipt shows, a name with its code in brackets (``Great Britain (GB)``). Raises
    SessionError ``game/unknown_power`` for the first words that name no power.

    >>> names = {"GB": "Great Britain", "FR": "France", "UK": "Ukraine"}
    >>> powers_named(["great", "Britain", "(GB)", "uk"], ["GB", "FR", "UK"], names)
    ['GB', 'UK']
    >>> powers_named(["France", "(FR)", "Great", "Britain"], ["GB", "FR", "UK"], names)
    ['FR', 'GB']
    """
    seated = list(powers)
    full = names or {}
    keys = {p: {_key(p), _key(full.get(p, ""))} - {""} for p in seated}
    found: list[str] = []
    at = 0
    while at < len(words):
        for end in range(len(words), at, -1):  # the longest run of words that names a power
            wanted = _key("".join(words[at:end]))
            match = [p for p in seated if wanted in keys[p]]
            if match:
                if match[0] not in found:
                    found.append(match[0])
                at = end
                break
        else:
            raise SessionError.of(
                errors.UNKNOWN_POWER, power=repr(words[at]), powers=", ".join(seated)
            )
    return found


def _scenario_info(game: str, scenario: str | None) -> ScenarioInfo:
    found = registry.game(game)
    try:
        return found.info.scenario(scenario)
    except KeyError as err:
        known = ", ".join(s.name for s in found.info.scenarios)
        raise SessionError.of(
            errors.UNKNOWN_SCENARIO, game=found.info.name, scenario=scenario, known=known
        ) from err


def resolve_power(record: GameRecord, power: str) -> str:
    """The seated power ``power`` names (code or full name, any case); see :func:`power_named`."""
    try:
        names = dict(registry.game(record.game).info.scenario(record.scenario).names)
    except KeyError:
        names = {}
    return power_named(power, record.powers, names)


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


class Table:
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
        if power not in todo.powers:
            waited = ", ".join(todo.powers) or "nobody"
            problem = errors.TURN_NOT_EXPECTED.problem(
                0, power=power, label=todo.label, expected=waited
            )
            return Receipt(
                title,
                power,
                number,
                todo.label,
                [],
                [problem],
                False,
                self.standing(power),
                named=self.named(power),
            )
        read, cleared = withdrawal(text)
        parsed = parse(self.ruleset, self.state, power, read)
        canonical = [(line, self.ruleset.format(order)) for line, order in parsed.orders]
        if not canonical and parsed.problems and not cleared:
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
        self.record.pending.append(
            Submission(power, text, [o for _, o in canonical], parsed.problems, source, received)
        )
        warned: list[Problem] = []
        if parsed.orders and self.can.warnings is not None:
            warned = self.can.warnings.warnings(self.state, power, parsed.orders)
        return Receipt(
            title,
            power,
            number,
            todo.label,
            canonical,
            parsed.problems,
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
        """Let the game's bot write ``power``'s orders for the current turn and submit them."""
        number = self.record.processed + 1
        text = self.ruleset.bot_orders(self.state, power, bot_chance(self.record, number, power))
        return self.submit(power, text, source=source)

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

    def _turn_at(self, turn: int | None) -> int:
        return self.record.processed if turn is None else turn

    def view(self, power: str | None, *, turn: int | None = None) -> View:
        return self.ruleset.view(self.state_after(self._turn_at(turn)), power)

    def report(self, power: str | None, *, turn: int | None = None) -> str:
        """The printout of ``power`` (None: the umpire) after turn ``turn`` (default: latest)."""
        return self._view_and_report(self._turn_at(turn), power)[1]

    def heading(self, at: int, state: Any, power: str | None, *, over: bool = False) -> str:
        """The first lines of every printout, composed here once for every game: the phase
        that was played, then what is due next (or that the game is over), then whose report
        it is. ``state``: the state after turn ``at``; ``over``: the game was ended after it
        other than by its rules.

        ``Results of Spring 1901 movement · orders due for Fall 1901 movement``
        ``Standard Diplomacy (1901), report for England (ENG)``
        """
        return self._heading_of(self._heading_top(at, state, over=over), power)

    def _heading_top(self, at: int, state: Any, *, over: bool = False) -> str:
        """What every reader's heading after turn ``at`` says before whose report it is."""
        played = f"Results of {self.record.turn(at).label}" if at >= 1 else "Opening position"
        if over or self.ruleset.outcome(state) is not None:
            due = "the game is over"
        else:
            due = f"orders due for {self.ruleset.pending(state).label}"
        info = self.ruleset.info
        scenario = info.scenario(self.record.scenario)
        game = scenario.title if info.title in scenario.title else f"{info.title}: {scenario.title}"
        return f"{played} · {due}\n{game}"

    def _heading_of(self, top: str, power: str | None) -> str:
        whose = "the umpire's report" if power is None else f"report for {self.named(power)}"
        return f"{top}, {whose}\n"

    def _declared_end(self, at: int, state: Any) -> Outcome | None:
        """The outcome of a game ended after turn ``at`` other than by its rules (declared,
        voted, ended by the game master), for the report of that last turn; else None."""
        outcome = self.record.outcome
        if outcome is None or at != self.record.processed:
            return None
        return outcome if self.ruleset.outcome(state) is None else None

    def view_and_report(self, power: str | None) -> tuple[View, str]:
        """``(view(power), report(power))`` after the latest turn, the view computed once."""
        return self._view_and_report(self.record.processed, power)

    def views_and_reports(self, powers: Sequence[str | None]) -> list[tuple[View, str]]:
        """:meth:`view_and_report` of each of ``powers`` (None: the umpire) after the latest
        turn, each computed once per distinct view: readers whose views are equal and who may
        read the same events share one view, and, where the game's printout names no reader
        (:class:`~umpire.core.ruleset.HasPrintoutForAll`; not for the last printout of a game
        ended other than by its rules), one printout body under each reader's own heading.
        Every printout reads as :meth:`view_and_report` gives it."""
        at = self.record.processed
        state = self.state_after(at)
        happened = self.record.turn(at).events if at >= 1 else []
        declared = self._declared_end(at, state)
        shared = self.can.printout_for_all if declared is None else None
        top = self._heading_top(at, state, over=declared is not None)
        distinct: list[tuple[View, list[Event], str | None]] = []  # view, events, shared body
        out: list[tuple[View, str]] = []
        for given in powers:
            power = None if given is None else self.resolve_power(given)
            seen = self.ruleset.view(state, power)
            events = visible_to(happened, power)
            at_group = next(
                (i for i, (v, e, _) in enumerate(distinct) if v == seen and e == events), None
            )
            if at_group is None:
                distinct.append((seen, events, None))
                at_group = len(distinct) - 1
            seen, events, body = distinct[at_group]
            if body is None:
                if declared is not None:
                    body = ended_printout(self.ruleset, state, events, power, declared)
                elif shared is not None:
                    body = shared.printout_for_all(seen, events)
                    distinct[at_group] = (seen, events, body)
                else:
                    body = self.ruleset.printout_of_view(seen, events, power)
            out.append((seen, self._heading_of(top, power) + body))
        return out

    def _view_and_report(self, at: int, power: str | None) -> tuple[View, str]:
        """The view of ``power`` (None: the umpire) after turn ``at`` and his printout.

        This is the choke point for what a player reads: the state goes through the game's
        own view, and the printout is made from that view and the events addressed to the
        power alone (:meth:`~umpire.core.ruleset.RulesetBase.printout_of_view`).
        """
        if power is not None:
            power = self.resolve_power(power)
        state = self.state_after(at)
        seen = self.ruleset.view(state, power)
        events = visible_to(self.record.turn(at).events if at >= 1 else [], power)
        declared = self._declared_end(at, state)
        head = self.heading(at, state, power, over=declared is not None)
        if declared is not None:
            return seen, head + ended_printout(self.ruleset, state, events, power, declared)
        return seen, head + self.ruleset.printout_of_view(seen, events, power)

    def public_view(self, *, turn: int | None = None) -> View | None:
        """The position after turn ``turn`` (default: the latest) as a spectator may see it:
        the game's own public view where it has one (:class:`HasPublicView`; also in a scenario
        that hides nothing, so that it is drawn as the public's, not as the umpire's), else the
        umpire's view of a scenario that hides nothing, else None (no public position)."""
        state = self.state_after(self._turn_at(turn))
        if self.can.public_view is not None:
            return self.can.public_view.public_view(state)
        if not self.ruleset.info.hides_information(self.record.scenario):
            return self.ruleset.view(state, None)
        return None

    def newspaper(self, *, turn: int | None = None) -> str | None:
        """The game's public publication of turn ``turn`` (default: the latest processed), or
        None where the game has none or publishes nothing that turn. Only public events go in.
        """
        at = self._turn_at(turn)
        paper = self.can.newspaper
        if at < 1 or paper is None:
            return None
        events = [e for e in self.record.turn(at).events if e.audience.kind == PUBLIC]
        return paper.newspaper(self.state_after(at), events) or None


def ended_printout(
    ruleset: AnyRuleset, state: Any, events: Sequence[Event], power: str | None, outcome: Outcome
) -> str:
    """The last printout of a game ended by ``outcome`` other than by its rules: the game's
    own (:class:`HasDeclaredEnd`), else its ordinary printout under a notice that the game is
    over and takes no more orders (whatever the printout below still asks for)."""
    if implements(ruleset, HasDeclaredEnd):
        return str(ruleset.printout_ended(state, events, power, outcome))
    notice = f"THE GAME IS OVER: {outcome.summary}. No more orders are taken.\n\n"
    return notice + ruleset.printout_of_view(ruleset.view(state, power), events, power)


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


# --- replay -----------------------------------------------------------------------------

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


__all__ = [
    "Receipt",
    "Replayed",
    "SessionError",
    "Status",
    "Table",
    "bot_submit",
    "create",
    "declare_result",
    "newspaper",
    "open_table",
    "pending",
    "process",
    "public_view",
    "replay",
    "replay_report",
    "report",
    "resolve_power",
    "rollback",
    "status",
    "submit",
    "submitted",
    "view",
]
