"""Fixtures for the mail tests: a running pebbles game whose players have addresses."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime
from itertools import count
from typing import Any

import pytest
from django.contrib.auth.models import User

_ids = count(1)


@dataclass
class Table:
    game_id: int
    gm: User
    players: dict[str, User]  # power -> user
    addresses: dict[str, str]  # power -> address

    def seat(self, power: str) -> Any:
        from umpire.server.models import Seat

        return Seat.objects.get(game_id=self.game_id, power=power, active=True)

    def heading(self, power: str, turn: int | None = None, code: str | None = None) -> str:
        from umpire.server.models import Game

        game = Game.objects.get(pk=self.game_id)
        code = code if code is not None else self.seat(power).secret_code
        return f"G-{self.game_id} T-{turn or game.turn} P-{power} C-{code}"

    def masked_heading(self, power: str) -> str:
        """The heading as printouts, reminders and LIST print it: the code masked."""
        from umpire.server.codes import masked

        return self.heading(power, code=masked(self.seat(power).secret_code))


def mail(sender: str, body: str, *, subject: str = "orders", message_id: str | None = None,
         date: datetime | None = None) -> bytes:  # fmt: skip
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "umpire@example.org"
    msg["Subject"] = subject
    msg["Message-ID"] = message_id or f"<t{next(_ids)}@example.org>"
    if date is not None:
        msg["Date"] = format_datetime(date)
    msg.set_content(body)
    return msg.as_bytes()


def start_table(settings: dict[str, Any] | None = None) -> Table:
    from umpire.server import accounts
    from umpire.server.usecases import lifecycle

    gm = accounts.register(
        "gm", "gm-password", email="gm@example.org", game_master=True, verified=True
    )
    players: dict[str, User] = {}
    addresses: dict[str, str] = {}
    game = lifecycle.create_game(
        gm, "Mail test", "pebbles",
        settings={"deadline": {"minutes": 600}, "reminder_minutes": 60, **(settings or {})},
    )  # fmt: skip
    for name, power in (("ann", "RED"), ("bob", "BLUE"), ("cat", "GREEN")):
        address = f"{name}@example.org"
        user = accounts.register(name, f"{name}-password", email=address, verified=True)
        lifecycle.join(game.pk, user, [power])
        players[power] = user
        addresses[power] = address
    lifecycle.start(game.pk, gm)
    return Table(game.pk, gm, players, addresses)


@pytest.fixture
def table(transactional_db: Any, mailoutbox: list[Any]) -> Iterator[Table]:
    yield start_table()
