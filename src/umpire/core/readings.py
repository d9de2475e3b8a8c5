"""What a loaded game's readers read: each reader's view of a position, his printout made
from that view alone, the heading every printout starts with, the spectators' position and
the game's newspaper (issue 28: printouts from views only).

:class:`Readings` is the part of :class:`umpire.core.session.Table` that reads and never
changes the record; the table supplies the record, the ruleset, its capabilities and the
states it has loaded.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from umpire.core.events import PUBLIC, Event, visible_to
from umpire.core.record import GameRecord
from umpire.core.ruleset import (
    AnyRuleset,
    Capabilities,
    HasDeclaredEnd,
    Outcome,
    View,
    implements,
)


class Readings:
    """The reading half of a loaded game (:class:`umpire.core.session.Table` is one)."""

    record: GameRecord
    ruleset: AnyRuleset
    can: Capabilities

    def state_after(self, turn: int) -> Any:
        """The state after ``turn`` (0: the opening)."""
        raise NotImplementedError

    def resolve_power(self, power: str) -> str:
        """The seated power a name means."""
        raise NotImplementedError

    def named(self, power: str) -> str:
        """The power as a person reads it: "England (ENG)"."""
        raise NotImplementedError

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
                    body = ended_printout(self.ruleset, seen, events, power, declared)
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
            return seen, head + ended_printout(self.ruleset, seen, events, power, declared)
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
    ruleset: AnyRuleset, view: View, events: Sequence[Event], power: str | None, outcome: Outcome
) -> str:
    """The last printout of a game ended by ``outcome`` other than by its rules, made from the
    reader's ``view`` of the last position (as every printout, issue 28): the game's own
    (:class:`HasDeclaredEnd`), else its ordinary printout under a notice that the game is
    over and takes no more orders (whatever the printout below still asks for)."""
    if implements(ruleset, HasDeclaredEnd):
        return str(ruleset.printout_ended_of_view(view, events, power, outcome))
    notice = f"THE GAME IS OVER: {outcome.summary}. No more orders are taken.\n\n"
    return notice + ruleset.printout_of_view(view, events, power)
