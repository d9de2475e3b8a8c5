"""Diplomatic messages (BP 16): written with the turn, delivered in the printouts.

A message is addressed to a player number, "not a country, which may change hands", and is
signed with the sender's number or left anonymous. It travels with the turn's orders (ruling
R-M1), so it is stored and replayed with them, and is delivered as two events: the addressee's
copy (naming the sender only if signed) and the sender's own copy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from umpire.core.events import Event
from umpire.games.battleplan.groups import Log
from umpire.games.battleplan.model import GameState
from umpire.games.battleplan.orders import Message, Order


def deliver(state: GameState, orders: Mapping[int, Sequence[Order]]) -> list[Event]:
    log = Log(state)
    for sender in sorted(orders):
        for order in orders[sender]:
            if not isinstance(order, Message):
                continue
            to = order.player
            signature = f"[{sender}]" if order.signed else "anonymous"
            # BP 16: the addressee learns the sender only from a signature
            log.tell(
                to,
                "message",
                f"Message to [{to}] from {signature}: {order.text}",
                to=to,
                sender=sender if order.signed else None,
                body=order.text,
            )
            log.tell(
                sender,
                "message_sent",
                f"Your message to [{to}] ({'signed' if order.signed else 'anonymous'}): "
                f"{order.text}",
                to=to,
                signed=order.signed,
                body=order.text,
            )
    return log.events
