"""The order notation: every order read forgivingly, written canonically, and refused with a
clear code; the module's doctests run."""

from __future__ import annotations

import doctest

import pytest

from tests.games.conquest.helpers import GAME, opened
from umpire.core.submission import parse
from umpire.games.conquest import notation
from umpire.games.conquest.geography import board
from umpire.games.conquest.orders import Ally, Attack, Break, Digit, Homeland, Pact, Pass, Weapon

SEATS = ("RED", "BLUE", "GREEN")


def read(line: str):
    return notation.read_orders(line, board(), SEATS)


def test_the_doctests_of_the_notation_run() -> None:
    result = doctest.testmod(notation)
    assert result.attempted >= 6 and result.failed == 0


@pytest.mark.rule("COTW 2")
@pytest.mark.rule("COTW 3")
@pytest.mark.rule("COTW 10")
@pytest.mark.rule("COTW 18")
@pytest.mark.parametrize(
    ("line", "orders", "canonical"),
    [
        ("digit 7", [Digit(7)], ["DIGIT 7"]),
        ("Home  United States", [Homeland("USA")], ["HOMELAND USA"]),
        ("ALLY canada,mexico", [Ally("CAN"), Ally("MEX")], ["ALLY CAN", "ALLY MEX"]),
        ("alliance Saudi Arabia", [Ally("SAU")], ["ALLY SAU"]),
        ("a india", [Attack("IND")], ["ATTACK IND"]),
        ("attack west germany", [Attack("FRG")], ["ATTACK FRG"]),
        ("pass", [Pass()], ["PASS"]),
        ("t", [Weapon("TANK")], ["TANK CAUTIOUS"]),
        ("submarine aggressive", [Weapon("SUB", "AGGRESSIVE")], ["SUB AGGRESSIVE"]),
        ("WEAPON jet c", [Weapon("PLANE")], ["PLANE CAUTIOUS"]),
        ("pact green", [Pact("GREEN")], ["PACT GREEN"]),
        ("Break Blue", [Break("BLUE")], ["BREAK BLUE"]),
    ],
)
def test_every_order_reads_and_writes_canonically(line, orders, canonical) -> None:
    got = read(line)
    assert got == orders
    assert [notation.format_order(o) for o in got] == canonical
    assert [o for c in canonical for o in read(c)] == orders


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("conquer india", "syntax/unknown_order"),
        ("attack atlantis", "order/unknown_country"),
        ("attack india pakistan", "syntax/one_country"),
        ("digit 12", "syntax/bad_order"),
        ("pass now", "syntax/pass_alone"),
        ("tank sideways", "order/unknown_posture"),
        ("weapon", "order/unknown_weapon"),
        ("pact purple", "order/unknown_power"),
        ("ally", "syntax/no_country"),
    ],
)
def test_bad_lines_are_refused_with_a_stable_code(line: str, code: str) -> None:
    state = opened({"RED": "USA", "BLUE": "FRG", "GREEN": "CHN"}, holder="RED")
    parsed = parse(GAME, state, "RED", f"# a comment\n{line}\n")
    assert parsed.orders == []
    assert [(p.line, p.code) for p in parsed.problems] == [(2, code)]
    assert parsed.problems[0].text == line


def test_an_unknown_word_alone_is_named_once() -> None:
    state = opened({"RED": "USA", "BLUE": "FRG", "GREEN": "CHN"}, holder="RED")
    alone, inside = parse(GAME, state, "RED", "foo\nconquer india\n").problems
    assert alone.message == "no order 'FOO'"  # not "... in 'foo'": the line is the word
    assert inside.message == "no order 'CONQUER' in 'conquer india'"


def test_a_submission_keeps_its_good_lines_and_refuses_the_rest() -> None:
    state = opened({"RED": "USA", "BLUE": "FRG", "GREEN": "CHN"}, holder="RED")
    parsed = parse(GAME, state, "RED", "ATTACK IND\nATTACK PAK\nTANK\nPACT BLUE\n")
    assert [GAME.format(o) for _, o in parsed.orders] == ["ATTACK IND", "PACT BLUE"]
    assert [p.code for p in parsed.problems] == ["illegal/one_a_turn", "illegal/weapon_phase"]
    # played by mail: the problem quoted no order ("a second DIGIT, ... is given twice")
    assert parsed.problems[0].message == (
        "'ATTACK PAK' is refused: one DIGIT, HOMELAND, ATTACK, PASS or weapon a turn"
    )
