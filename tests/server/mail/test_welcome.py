"""The welcome mail says what is true for the player: whether orders are due from him now, and
the heading to use whenever he writes (its turn number changes, the rest does not)."""

from __future__ import annotations

from typing import Any

from django.core import mail as django_mail

from tests.server.mail.conftest import Table
from umpire.server.models import Game


def _welcomes(game_id: int) -> dict[str, Any]:
    game = Game.objects.get(pk=game_id)
    return {  # the subject ends with the power's name and code: "you play Germany (GER)"
        m.subject.rsplit(" ", 1)[-1].strip("()"): m
        for m in django_mail.outbox
        if m.subject.startswith(f"G-{game.pk} {game.name}: you play")
    }


def test_a_player_due_on_the_first_turn_is_told_so(table: Table) -> None:
    game = Game.objects.get(pk=table.game_id)
    welcomes = _welcomes(table.game_id)
    assert set(welcomes) == set(table.addresses)
    body = welcomes["RED"].body
    assert f"Orders are due from you now, for turn {game.turn}" in body
    assert f"Heading for your orders: {table.heading('RED')}\n" in body
    assert "Its T- is the turn your mail answers" in body
    assert "No orders are due" not in body


def test_a_player_not_due_on_the_first_turn_is_not_asked_for_orders(
    transactional_db: Any, mailoutbox: list[Any]
) -> None:
    """SPI's 4-player game opens with the dual-identity choice of Britain and Germany alone:
    the welcome of France and the USSR must not say "Heading for your orders" as if their
    orders were due (play review)."""
    from umpire.server import accounts
    from umpire.server.usecases import lifecycle

    gm = accounts.register("gm", "gm-password", game_master=True)
    game = lifecycle.create_game(
        gm, "Whose turn", "spi-ww2", scenario="4-player", settings={"reminder_minutes": 0}
    )
    powers = ("FRA", "USSR", "GBR", "GER")
    for name, power in zip(("ann", "bob", "cat", "dan"), powers, strict=True):
        user = accounts.register(name, f"{name}-password", email=f"{name}@example.org",
                                 verified=True)  # fmt: skip
        lifecycle.join(game.pk, user, [power])
    lifecycle.start(game.pk, gm)
    game = Game.objects.get(pk=game.pk)
    assert sorted(game.expected) == ["GBR", "GER"]
    welcomes = _welcomes(game.pk)
    assert "Orders are due from you now" in welcomes["GER"].body
    idle = "FRA"
    body = welcomes[idle].body
    assert f"No orders are due from you now: turn {game.turn}" in body
    assert f"waits for orders from {', '.join(game.expected)} only" in body
    assert "After each turn your printout says whether orders are due from you" in body
    code = game.seats.get(power=idle, active=True).secret_code
    assert f"Heading for press and commands now: G-{game.pk} T-{game.turn} P-{idle} C-{code}\n" in (
        body
    )
    assert "Heading for your orders" not in body and "Orders are due" not in body
