"""The one submission pipeline: a power's order text in, accepted orders and problems out.

Every game and every entrance (command line, API, email, web) reads orders through
:func:`read`. The pipeline does what is the same in every game — the size limit, splitting the
text into numbered lines, skipping blank and comment lines, turning a bad line into a
:class:`~umpire.core.problems.Problem` with its code and a quotation of the input (clipped),
and collecting every problem instead of stopping at the first. A game gives only the grammar of
one line and the legality of the whole submission (:class:`LineGrammar`).

>>> class Numbers:
...     def read_line(self, state, power, line, scope):
...         if not line.isdigit():
...             raise OrderError("syntax/not_a_number", f"{line!r} is not a number")
...         return [int(line)]
...     def check(self, state, power, orders):
...         kept = Parsed()
...         for number, order in orders:
...             if order > state:
...                 kept.reject(number, "illegal/too_big", f"{order} is over {state}")
...             else:
...                 kept.accept(number, order)
...         return kept
>>> parsed = read(Numbers(), 10, "X", "3\\n# a comment\\n\\nten\\n12")
>>> parsed.orders
[(1, 3)]
>>> [(p.line, p.code) for p in parsed.problems]
[(4, 'syntax/not_a_number'), (5, 'illegal/too_big')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from umpire.core.chance import Chance
from umpire.core.errors import (
    CANONICAL_UNREADABLE,
    SUBMISSION_TOO_LARGE,
    SUBMISSION_TOO_MANY_LINES,
)
from umpire.core.problems import OrderError, Parsed, Problem
from umpire.core.ruleset import AnyRuleset

S = TypeVar("S", contravariant=True)
OrderT = TypeVar("OrderT")

MAX_SUBMISSION_BYTES = 64 * 1024  # one power's orders for one turn, as UTF-8
MAX_SUBMISSION_LINES = 2_000
QUOTE_LIMIT = 80  # characters of the player's input quoted back in a problem
MESSAGE_LIMIT = 300  # characters of a problem message
# Characters no one sees that editors and copying leave in text: a byte order mark (Windows
# Notepad starts a UTF-8 file with one), zero-width spaces and joiners. Read as nothing.
INVISIBLE = str.maketrans(dict.fromkeys("\ufeff\u200b\u200c\u200d\u2060"))


class LineGrammar(Protocol[S, OrderT]):
    """What a game gives the pipeline: the grammar of one line and the legality of the whole.

    A grammar may also have ``known_lines``, a mapping from a stripped line to the one order
    ``read_line`` reads it as whatever the state, power and scope (lines it has read before:
    a memo); :func:`read` takes such a line's order from it without calling ``read_line``.
    Its orders still go to ``check``."""

    def read_line(
        self, state: S, power: str, line: str, scope: dict[str, Any]
    ) -> Sequence[OrderT | Problem]:
        """The orders on one stripped, non-blank, non-comment line: several, one, or none (a
        header line that only sets ``scope``). Raise :class:`OrderError` when the line as a
        whole is bad; where a line holds several orders and only some are bad, return a
        :class:`Problem` in place of each bad one (its line number is filled in here) and the
        good orders are kept. ``scope`` starts empty for each submission and carries context
        from line to line."""
        ...

    def check(self, state: S, power: str, orders: Sequence[tuple[int, OrderT]]) -> Parsed[OrderT]:
        """The legality of the whole submission once every line is read: the orders kept (in
        order) and a problem, on the order's own line, for each one refused."""
        ...


# The line that withdraws a power's earlier orders for the turn, on every entrance. A submission
# none of whose order lines is accepted changes nothing (Table.submit); one with this line
# replaces the earlier orders even when it has no accepted order (an empty one: withdrawn).
WITHDRAW = "CLEAR"


_NONE_KNOWN: Mapping[str, Any] = {}


def withdrawal(text: str) -> tuple[str, bool]:
    r"""``text`` with each line that is the word :data:`WITHDRAW` alone (any case and spacing)
    blanked, the line numbers kept, and whether it had one.

    >>> withdrawal("clear\nDIGIT 3")
    ('\nDIGIT 3', True)
    >>> withdrawal("DIGIT 3")
    ('DIGIT 3', False)
    """
    if WITHDRAW not in text.upper():
        return text, False
    lines = text.splitlines()
    kept = ["" if _bare(line) == WITHDRAW else line for line in lines]
    return "\n".join(kept), kept != lines


def _bare(line: str) -> str:
    return line.translate(INVISIBLE).strip().upper()


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, marked when cut.

    >>> clip("short")
    'short'
    >>> clip("x" * 100, 10)
    'xxxxxxxxx…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def size_problem(text: str) -> Problem | None:
    """The problem with a submission too large to read at all, or None."""
    if len(text) * 4 > MAX_SUBMISSION_BYTES:  # else it fits: a character is 4 bytes at most
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_SUBMISSION_BYTES:
            return SUBMISSION_TOO_LARGE.problem(0, size=size, limit=MAX_SUBMISSION_BYTES)
    count = text.count("\n") + 1
    if count > MAX_SUBMISSION_LINES:
        return SUBMISSION_TOO_MANY_LINES.problem(0, count=count, limit=MAX_SUBMISSION_LINES)
    return None


def read(
    grammar: LineGrammar[S, OrderT],
    state: S,
    power: str,
    text: str,
    *,
    comments: tuple[str, ...] = ("#",),
) -> Parsed[OrderT]:
    """Every order of ``text`` for ``power`` and every problem, in line order; never raises on
    bad text. A submission over the size limits is refused whole (one problem, no orders)."""
    # Shorter than the line limit, a text is within both limits (at most 4 bytes a character):
    # the common case, without a call.
    if len(text) >= MAX_SUBMISSION_LINES:
        too_big = size_problem(text)
        if too_big is not None:
            return Parsed([], [too_big])
    if not text.isascii():
        text = text.translate(INVISIBLE)
    scope: dict[str, Any] = {}
    found: list[tuple[int, OrderT]] = []
    problems: list[Problem] = []
    read_line = grammar.read_line  # the hot loop of every submission
    known: Mapping[str, OrderT] = getattr(grammar, "known_lines", _NONE_KNOWN)
    for number, raw in enumerate(text.splitlines(), start=1):
        hit = known.get(raw)  # a canonical line is stripped already: looked up as it is
        if hit is not None:  # a line read before: its one order, whatever the scope
            found.append((number, hit))
            continue
        line = raw.strip()
        hit = known.get(line) if line is not raw else None
        if hit is not None:
            found.append((number, hit))
            continue
        if not line or line.startswith(comments):
            continue
        try:
            orders = read_line(state, power, line, scope)
        except OrderError as err:
            problems.append(Problem(number, err.code, clip(err.message, MESSAGE_LIMIT), clip(line)))
            continue
        for order in orders:
            if isinstance(order, Problem):  # one bad part of a line; the rest is kept
                message = clip(order.message, MESSAGE_LIMIT)
                problems.append(Problem(number, order.code, message, clip(order.text or line)))
            else:
                found.append((number, order))
    checked = grammar.check(state, power, found)
    if not problems and not checked.problems:
        return checked  # the common case: every line read and legal
    if checked.problems:
        lines = text.splitlines()
        problems.extend(
            # a legality problem the game raised without the input: quote its line
            Problem(p.line, p.code, clip(p.message, MESSAGE_LIMIT), clip(p.text or _at(lines, p)))
            for p in checked.problems
        )
    problems.sort(key=_line)  # stable: a line's own order kept
    return Parsed(checked.orders, problems)


def _line(problem: Problem) -> int:
    return problem.line


def _at(lines: list[str], problem: Problem) -> str:
    """The submitted line ``problem`` is about (stripped), or "" for the whole submission."""
    return lines[problem.line - 1].strip() if 0 < problem.line <= len(lines) else ""


# ``parse(ruleset, state, power, text)``: how tests, bots and the session read ``power``'s
# orders in ``ruleset`` (its ``read_line`` and ``check``). It is :func:`read` itself, not a
# function calling it: every submission of every turn comes here, and a Python call costs
# about as much as taking a few lines from a memo of lines read before.
parse = read


def reread(ruleset: AnyRuleset, state: Any, power: str, canonical: Sequence[str]) -> list[Any]:
    """The orders of canonical lines stored at submission, read again for processing.

    Their legality was checked when they were submitted, against this same state, and
    ``check`` only keeps or refuses (the :class:`~umpire.core.ruleset.Ruleset` contract), so
    ``read_line`` alone gives the orders back; this proves the canonical round trip without
    checking legality twice. Raises OrderError (``record/canonical_unreadable``) if a line no
    longer reads.
    """
    scope: dict[str, Any] = {}
    orders: list[Any] = []
    for line in canonical:
        try:
            read = ruleset.read_line(state, power, line, scope)
        except OrderError as err:
            raise CANONICAL_UNREADABLE.error(power=power, line=line, why=err.message) from err
        for order in read:
            if isinstance(order, Problem):
                raise CANONICAL_UNREADABLE.error(power=power, line=line, why=order.message)
            orders.append(order)
    return orders


def orders_text(ruleset: AnyRuleset, orders: Sequence[Any]) -> str:
    """The canonical text of ``orders``: each order's ``format``, one a line, each line ended.

    This is how a bot's orders are stored and shown (``Table.bot_submit``); read back through
    :func:`parse`, it gives the same orders."""
    return "".join(f"{ruleset.format(order)}\n" for order in orders)


def bot_text(ruleset: AnyRuleset, state: Any, power: str, chance: Chance) -> str:
    """The canonical text of the orders ``ruleset``'s bot gives ``power`` (tools and tests that
    want text to submit; the session stores the bot's orders themselves)."""
    return orders_text(ruleset, ruleset.bot_orders(state, power, chance))
