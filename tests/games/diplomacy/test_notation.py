"""The fast path of order parsing gives exactly what the word-by-word reader gives."""

from __future__ import annotations

import itertools

import pytest

from umpire.core.problems import OrderError
from umpire.games.diplomacy.geography import standard_map
from umpire.games.diplomacy.notation import format_order, parse_order, read_order

M = standard_map()
PLACES = ["par", "stp/nc", "stp", "spa/sc", "mao", "lon", "bur", "par/nc", "eng", "xyz", "to"]
SHAPES = [
    "{k} {a}",
    "{k} {a} H",
    "{k} {a} hold",
    "{k} {a} D",
    "{k} {a} - {b}",
    "{k} {a} to {b}",
    "{k} {a} R {b}",
    "{k} {a} - {b} via convoy",
    "{k} {a} - {b} by convoy",
    "{k} {a} - {b} via land",
    "{k} {a} S {k} {b}",
    "{k} {a} S {k} {b} H",
    "{k} {a} S {k} {b} - {a}",
    "{k} {a} C {k} {b} - {a}",
    "{k} {a} C A {b} - {a}",
    "{k} {a} S {b}",
    "{k} {a} - {b} - {a}",
    "{a} - {b}",
    "B {k} {a}",
]


def outcome(read: object, text: str) -> object:
    try:
        return read(M, text)  # type: ignore[operator]
    except OrderError as err:
        return (err.code, err.message)
    except Exception as err:  # the reader's own slips (the Ruleset reports them as unreadable)
        return (type(err).__name__, str(err))


@pytest.mark.parametrize("shape", SHAPES)
def test_fast_path_agrees_with_reader(shape: str) -> None:
    for k, a, b in itertools.product(["A", "F", "a", "Army", "T"], PLACES, PLACES):
        text = shape.format(k=k, a=a, b=b)
        for variant in (text, text.upper(), "  " + text.replace(" ", "\t") + " "):
            assert outcome(parse_order, variant) == outcome(read_order, variant), variant


def test_canonical_round_trip_takes_fast_path() -> None:
    for text in ["A par - bur", "F stp/nc - bar", "A lvp S F lon - nth", "F nth C A lon - bel"]:
        order = parse_order(M, text)
        assert format_order(order) == text
        assert order == read_order(M, text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("foo", "unknown province 'foo'"),
        ("  Foo Bar ", "unknown province 'foo bar'"),
        ("A foo", "unknown province 'foo' in 'A foo'"),
        ("A Par - Moon", "unknown province 'moon' in 'A Par - Moon'"),
        ("foo.", "unknown province 'foo' in 'foo.'"),
    ],
)
def test_an_unknown_province_is_named_once_when_it_is_the_whole_line(
    text: str, message: str
) -> None:
    """Play review: ``unknown province 'foo' in 'foo'`` said the word twice; the line is
    quoted only when it adds something."""
    for parse in (parse_order, read_order):
        with pytest.raises(OrderError) as raised:
            parse(M, text)
        assert str(raised.value) == message
        assert raised.value.code == "order/unknown_province"
