"""The game master changes a created game's settings (forming, running or paused), within
limits.

What may change is how the service runs the game around its rules: the clock of future
turns, what a declared absence does, what becomes of missing orders, press, and how seats are
offered and joined (:data:`CHANGEABLE`). What decided the game the players joined may not
(:data:`FIXED`: the game's own rules, its powers, bots filling empty seats, mail, rating; the
game, scenario and seed are record columns, no settings at all).

A change is a merge patch of the settings (RFC 7386: a nested object merges into the one it
names, ``null`` takes a key back to its default), checked with the same schema as a new
game's settings (:func:`umpire.server.schemas.check_settings`). Nothing moves the running
turn's deadline: a new turn length, time of day, grace or absence policy applies to every
deadline set from then on (the next turn's, a resume's, a rollback's); the game master's
extension is the way to move the current one. The ruling and its reasons: docs/server.md,
"Changing a running game's settings".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from umpire.server import errors as E
from umpire.server.errors import refuse
from umpire.server.mail import outbound
from umpire.server.models import Game, GameStatus
from umpire.server.schemas import GameSettings, check_settings
from umpire.server.store import notice_at
from umpire.server.usecases.common import audit, locked, require_gm, running

# The service's settings a game master may change once the game is created.
CHANGEABLE = (
    "press", "anonymous_press", "deadline", "grace_minutes", "reminder_minutes", "nmr", "away",
    "offer_after_missed", "takeover_approval", "open_bot_seats", "standby_pool",
    "min_reliability", "max_missed",
)  # fmt: skip

# The keys that may not change, each with the reason a game master reads.
FIXED = {
    "rules": "the game's own rules (variants, length, options) are what the players joined",
    "powers": "the powers were seated when the game started",
    "fill_with_bots": "bots took the empty seats when the game started (replace a seat instead)",
    "email": "players who play by mail would lose their printouts",
    "unrated": "the players joined knowing whether the game changes their ratings",
    "game": "the game played is the game's record, not a setting",
    "scenario": "the scenario is the game's record, not a setting",
    "seed": "the seed is the game's record, never shown nor changed",
}

# A nested setting whose keys are compared (and told) one by one.
NESTED = ("deadline", "away")


@dataclass(frozen=True)
class Changed:
    """What a change did: each setting that changed (``deadline.minutes``), old and new value
    as in effect (a default where the key was absent). Empty: nothing differed."""

    game: Game
    changes: dict[str, dict[str, Any]]


def effective(settings: dict[str, Any]) -> dict[str, Any]:
    """The value in effect of every changeable setting, keyed as :class:`Changed` keys them:
    a nested setting's keys one by one (``away.policy``), defaults where nothing is stored."""
    out: dict[str, Any] = {}
    for key in CHANGEABLE:
        default = GameSettings.model_fields[key].get_default(call_default_factory=True)
        stored = settings.get(key)
        if key in NESTED:
            values = {**default.model_dump(), **(stored if isinstance(stored, dict) else {})}
            out.update({f"{key}.{sub}": value for sub, value in values.items()})
        else:
            out[key] = default if key not in settings else stored
    return out


def merged(current: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """``current`` with the merge patch ``patch`` applied (RFC 7386): an object merges into
    the one it names, ``None`` removes the key (its default then applies), anything else
    replaces it."""
    out = dict(current)
    for key, value in patch.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, dict):
            inner = out.get(key)
            out[key] = merged(inner if isinstance(inner, dict) else {}, value)
        else:
            out[key] = value
    return out


def _allowed(patch: Any) -> dict[str, Any]:
    """``patch`` if every key of it may change; the refusal naming the keys otherwise."""
    if not isinstance(patch, dict):
        raise refuse(E.GAME_BAD_SETTINGS, where="settings", problem="must be an object")
    fixed = [k for k in patch if k in FIXED]
    if fixed:
        why = "; ".join(f"{k}: {FIXED[k]}" for k in fixed)
        raise refuse(E.SETTING_FIXED, keys=", ".join(fixed), why=why)
    unknown = [str(k)[:40] for k in patch if k not in CHANGEABLE]
    if unknown:
        raise refuse(E.SETTING_UNKNOWN, keys=", ".join(unknown), allowed=", ".join(CHANGEABLE))
    return patch


def change_settings(game_id: int, user: User, changes: Any, source: str = "web") -> Changed:
    """The game master of game ``game_id`` changes some of its settings (``changes``: a merge
    patch of ``Game.settings``); written to the audit log (each change, old and new) and told
    to every player. A patch that changes nothing writes and tells nothing."""
    with transaction.atomic():
        game = locked(game_id)
        require_gm(game, user)
        running(game, GameStatus.FORMING, GameStatus.RUNNING, GameStatus.PAUSED)
        patch = _allowed(changes)
        current = dict(game.settings) if isinstance(game.settings, dict) else {}
        # The same check as a new game's settings (the whole of them, as they would be).
        new = check_settings(game.game, merged(current, patch))
        before, after = effective(current), effective(new)
        diff = {
            key: {"old": before[key], "new": after[key]}
            for key in before
            if before[key] != after[key]
        }
        if not diff:
            return Changed(game, {})
        game.settings = new
        # The running turn keeps its deadline; only the reminder's time is looked at again
        # (a new lead). A sitter's access, the policy's effect on the next deadline, the
        # missing orders' policy and press are read from the settings when used.
        game.notice_at = notice_at(game)
        game.save(update_fields=["settings", "notice_at"])
        outbound.gm_acted(audit(game, user, "settings", changes=diff, source=source))
    return Changed(game, diff)
