"""Diplomatic messages (BP 16): written with the turn, delivered in the printouts.

A message is addressed to a player number, "not a country, which may change hands", and is
signed with the sender's number or left anonymous. It travels with the turn's orders (ruling
R-M1), so it is stored and replayed with them, and is delivered as two events: the addressee's
copy (naming the sender only if signed) and the sender's own copy.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from umpire.core.errors import Code
from umpire.core.events import Event
from umpire.games.battleplan import errors
from umpire.games.battleplan.geography import DATA, GameMap
from umpire.games.battleplan.groups import Log
from umpire.games.battleplan.model import GameState
from umpire.games.battleplan.orders import Article, Message, Order, Signal
from umpire.games.battleplan.world import newspaper


@dataclass(frozen=True, slots=True)
class MessageOrder:
    """One numbered message of the message-order list (WW anonymous)."""

    number: int
    subject: str  # none / space / player
    text: str  # our own words; ``{subject}`` is the fill-in
    known: str  # "yes", or "partial" where only the gist of the original is known


@cache
def message_orders() -> dict[int, MessageOrder]:
    """The list of data/message_orders.toml (its numbers and meanings are the original's)."""
    with (DATA / "message_orders.toml").open("rb") as fh:
        raw = tomllib.load(fh)
    return {
        int(n): MessageOrder(int(n), m["subject"], m["text"], m.get("known", "yes"))
        for n, m in raw["message"].items()
    }


def check_signal(
    state: GameState, gm: GameMap, order: Signal
) -> tuple[Code, dict[str, object]] | None:
    """WW anonymous: a known message number with the fill-in it takes. The addressee is
    checked as for any player order (0: every player)."""
    known = message_orders()
    m = known.get(order.number)
    if m is None:
        return errors.UNKNOWN_MESSAGE_ORDER, {"number": order.number, "last": max(known)}
    wanted = {"none": "no fill-in", "space": "a space code", "player": "a player number"}
    ok = {
        "none": order.subject == "",
        "space": order.subject in gm.spaces,
        "player": order.subject.isdigit() and 1 <= int(order.subject) <= len(state.players),
    }[m.subject]
    if not ok:
        return errors.MESSAGE_SUBJECT, {"number": order.number, "wanted": wanted[m.subject]}
    return None


def signal_text(order: Signal) -> str:
    m = message_orders()[order.number]
    subject = f"[{order.subject}]" if m.subject == "player" else order.subject
    return m.text.format(subject=subject)


def deliver(state: GameState, orders: Mapping[int, Sequence[Order]]) -> list[Event]:
    log = Log(state)
    for sender in sorted(orders):
        for order in orders[sender]:
            # by class: every kind of order is a class of its own, none a subclass
            if type(order) is Signal:
                _signal(state, log, sender, order)
                continue
            if type(order) is Article:
                log.events += newspaper.publish(state, sender, order)
                continue
            if type(order) is not Message:
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


def _signal(state: GameState, log: Log, sender: int, order: Signal) -> None:
    """WW anonymous: a numbered message, from the sender's player number (ruling W-ANON2),
    to one player or (0) to every other player."""
    text = signal_text(order)
    to = [order.player] if order.player else [p.number for p in state.players if p.number != sender]
    for p in to:
        log.tell(
            p,
            "message",
            f"Message {order.number} to [{p}] from [{sender}]: {text}",
            to=p,
            sender=sender,
            body=text,
            message=order.number,
        )
    log.tell(
        sender,
        "message_sent",
        f"Your message {order.number} to [{order.player or 'everyone'}]: {text}",
        to=order.player,
        signed=True,
        body=text,
        message=order.number,
    )
