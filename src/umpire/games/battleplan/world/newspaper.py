"""The World Newspaper and the turn-one list of players (WW newspaper).

"You can submit any (non-obscene, non copyrighted) message that is either signed or
anonymous (you cannot sign some other players name) ... We'll paste them all together & send a
copy to everyone in the game." And: "On turn one of the WW games, we will be printing a list
of the names & addresses of all the players", unless a player asked to be anonymous, with his
phone number or email address only if he asked.

The order form (notation): ``NEWS: text`` for an article signed with the writer's player
number and country, ``NEWS ANON: text`` for an unsigned one; the article is the rest of the
line, at most 600 characters (about the 4" x 5" column). The signature is always the engine's:
an article that ends by signing another player's number is refused (ruling W-NEWS1).

>>> check_article(1, "Peace in our time. -- [3]")
3
>>> check_article(3, "Peace in our time. signed [3]") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from umpire.core.events import Event
from umpire.games.battleplan.groups import Log
from umpire.games.battleplan.model import GameState
from umpire.games.battleplan.orders import Article

# a closing signature: "-- [3]", "signed [3]", "from player 3", "- 3"
_SIGNATURE = re.compile(
    r"(?:--|—|-|signed|from|by)\s*(?:player\s*)?\[?\s*(\d{1,3})\s*\]?\W*$", re.IGNORECASE
)
ROSTER_FIELDS = ("name", "address")  # printed unless the player asked to be anonymous
ASKED_FIELDS = ("email", "phone")  # printed only if he asked for them


def check_article(player: int, text: str) -> int | None:
    """The other player an article pretends to be signed by, if it does (ruling W-NEWS1)."""
    m = _SIGNATURE.search(text)
    if m and int(m[1]) != player:
        return int(m[1])
    return None


def publish(state: GameState, sender: int, article: Article) -> list[Event]:
    """WW newspaper: the article goes to everyone in the game (a public event)."""
    log = Log(state)
    me = state.player(sender)
    byline = f"[{sender}] {me.power}" if article.signed else "anonymous"
    log.public("news", f"{article.text} -- {byline}", author=sender if article.signed else None)
    log.tell(sender, "message_sent", f"Your article for the World Newspaper: {article.text}")
    return log.events


def roster(
    powers: Sequence[str], settings: Mapping[str, Any], *, names: bool = True
) -> list[dict[str, str]]:
    """The turn-one list of players from the ``roster`` setting (power -> {name, address,
    email, phone, anonymous, show_email, show_phone}) as it will be printed: an anonymous
    player is listed by number and country only; with ``names`` False (Anonymous WWBP, where
    contact outside the game is not allowed) everyone is (ruling W-NEWS2)."""
    given = settings.get("roster") or {}
    out: list[dict[str, str]] = []
    for number, power in enumerate(powers, start=1):
        entry = {"number": str(number), "power": power}
        info = given.get(power) or {}
        if names and not info.get("anonymous"):
            entry |= {f: str(info[f]) for f in ROSTER_FIELDS if info.get(f)}
            entry |= {
                f: str(info[f]) for f in ASKED_FIELDS if info.get(f"show_{f}") and info.get(f)
            }
        out.append(entry)
    return out


def newspaper(state: GameState, events: Sequence[Event]) -> str | None:
    """The World Newspaper of the turn just played: the list of players after turn one, then
    every article in the order written (ruling W-NEWS3), then the World Opinion totals (WW
    opinion, ruling W-OP1). None when there is nothing to print."""
    turn = state.turn - 1
    lines: list[str] = []
    players = state.extra.get("roster") if turn == 1 else None
    if players:
        lines += ["", "The players of this game:"]
        for e in players:
            rest = [e[f] for f in (*ROSTER_FIELDS, *ASKED_FIELDS) if f in e]
            lines.append(f"[{e['number']}] {e['power']}: " + (", ".join(rest) or "anonymous"))
    articles = [e.text for e in events if e.kind == "news"]
    if articles:
        lines += ["", *(f"* {a}" for a in articles)]
    # WW opinion: "Every turn we will list in the world news the total number of people who
    # put you on their good list and the total number who put you on their bad list"
    opinion = [e.text for e in events if e.kind == "world_opinion"]
    if opinion:
        lines += ["", "World opinion:", *opinion]
    if not lines:
        return None
    return "\n".join([f"WORLD NEWSPAPER - {state.scenario}, turn {turn}", *lines]) + "\n"
