"""The game master's actions in the JSON API: starting the game, pausing, extending,
processing, rolling back, replacing a player, approving or refusing a takeover, ending it,
changing its settings, and what only he reads (the seats with their offers and takeover
requests, the audit, the game's outgoing mail, the settings that may change)."""

from __future__ import annotations

from typing import Any, Literal

from django.http import HttpRequest
from ninja import Field, Router

from umpire.server import errors as E
from umpire.server.api.common import In, auth, caller, game_of, out, visible
from umpire.server.errors import refuse
from umpire.server.mail.models import OutboundMail
from umpire.server.schemas import (
    LIST_MAX,
    Id,
    PositiveMinutes,
    Power,
    Summary,
    Username,
)
from umpire.server.usecases import game_settings, gm_actions, lifecycle, takeover

router = Router()


class StartIn(In):
    method: Literal["preferences", "random"] = "preferences"
    assignments: dict[Power, Username] = Field(default={}, max_length=LIST_MAX)
    powers: list[Power] | None = Field(default=None, max_length=LIST_MAX)


class ExtendIn(In):
    minutes: PositiveMinutes


class ReplaceIn(In):
    power: Power
    username: Username | None = None
    bot: bool = False
    standby: bool = False


class TakeoverDecisionIn(In):
    power: Power
    approve: bool = Field(description="true: the asker takes the seat; false: it stays offered")


class EndIn(In):
    summary: Summary = ""


class SettingsIn(In):
    settings: dict[str, Any] = Field(
        description="a merge patch of the game's settings (RFC 7386: an object merges into "
        "the setting it names, null takes a key back to its default), checked against "
        "GameSettings as a new game's are; only these keys: " + ", ".join(game_settings.CHANGEABLE),
        max_length=LIST_MAX,
    )


def _gm(request: HttpRequest, game_id: Id, action: str, **args: Any) -> Any:
    gm_actions.gm_action(game_id, caller(request), action, **args)
    return out(request, game_id, "game", "seats")


@router.post("/games/{game_id}/start", auth=auth, tags=["game master"])
def start(request: HttpRequest, game_id: Id, data: StartIn) -> Any:
    lifecycle.start(
        game_id, caller(request), powers=data.powers, assignments=data.assignments,
        method=data.method,
    )  # fmt: skip
    return out(request, game_id, "game", "seats")


@router.post("/games/{game_id}/gm/pause", auth=auth, tags=["game master"])
def pause(request: HttpRequest, game_id: Id) -> Any:
    return _gm(request, game_id, "pause")


@router.post("/games/{game_id}/gm/resume", auth=auth, tags=["game master"])
def resume(request: HttpRequest, game_id: Id) -> Any:
    return _gm(request, game_id, "resume")


@router.post("/games/{game_id}/gm/extend", auth=auth, tags=["game master"])
def extend(request: HttpRequest, game_id: Id, data: ExtendIn) -> Any:
    return _gm(request, game_id, "extend", minutes=data.minutes)


@router.post("/games/{game_id}/gm/process", auth=auth, tags=["game master"])
def process_now(request: HttpRequest, game_id: Id) -> Any:
    """Queue the current turn for processing now, whatever the deadline."""
    return _gm(request, game_id, "process")


@router.post("/games/{game_id}/gm/rollback", auth=auth, tags=["game master"])
def rollback(request: HttpRequest, game_id: Id) -> Any:
    return _gm(request, game_id, "rollback")


@router.post("/games/{game_id}/gm/replace", auth=auth, tags=["game master"])
def replace(request: HttpRequest, game_id: Id, data: ReplaceIn) -> Any:
    return _gm(
        request, game_id, "replace", power=data.power, username=data.username, bot=data.bot,
        standby=data.standby,
    )  # fmt: skip


@router.post("/games/{game_id}/gm/takeover", auth=auth, tags=["game master"])
def decide_takeover(request: HttpRequest, game_id: Id, data: TakeoverDecisionIn) -> Any:
    """Approve or refuse the request to take over ``power``'s offered seat, in a game whose
    takeovers wait for the game master (``takeover_approval``; the seats list the request as
    ``takeover_asked_by``). As on the console: approved, the asker plays the power and every
    player is told it has a new player; refused, the seat stays offered and the asker is
    told."""
    said = takeover.decide(game_id, caller(request), data.power, approve=data.approve)
    return {**out(request, game_id, "game", "seats"), "message": said}


@router.post("/games/{game_id}/gm/end", auth=auth, tags=["game master"])
def end(request: HttpRequest, game_id: Id, data: EndIn) -> Any:
    return _gm(request, game_id, "end", summary=data.summary)


def _settings_of(request: HttpRequest, game_id: Id) -> dict[str, Any]:
    user = caller(request)
    game = visible(game_of(game_id), user)
    if not (user.is_superuser or game.gm_id == user.pk):
        raise refuse(E.GM_FORBIDDEN, who="this game's game master", what="do that")
    settings = game.settings if isinstance(game.settings, dict) else {}
    return {"settings": game_settings.effective(settings), "fixed": sorted(game_settings.FIXED)}


@router.get("/games/{game_id}/gm/settings", auth=auth, tags=["game master"])
def gm_settings(request: HttpRequest, game_id: Id) -> dict[str, Any]:
    """The settings the game master may change and their values in effect (``deadline.minutes``:
    a nested setting's keys one by one), and the keys that may not change."""
    return _settings_of(request, game_id)


@router.post("/games/{game_id}/gm/settings", auth=auth, tags=["game master"])
def change_gm_settings(request: HttpRequest, game_id: Id, data: SettingsIn) -> dict[str, Any]:
    """Change some settings of a forming, running or paused game: every player is told what
    changed. Refused: ``gm/forbidden`` (403), ``game/not_running`` (409: the game is over),
    ``game/setting_fixed`` (409: a setting that decides the rules or the seating),
    ``game/setting_unknown`` and ``game/bad_settings`` (400: no such setting; a value the
    settings' schema refuses, naming the key). The running turn's deadline does not move."""
    done = game_settings.change_settings(game_id, caller(request), data.settings, source="api")
    return {"changed": done.changes, **_settings_of(request, game_id)}


@router.get("/games/{game_id}/gm/seats", auth=auth, tags=["game master"])
def seats(request: HttpRequest, game_id: Id) -> Any:
    return out(request, game_id, "seats")


@router.get("/games/{game_id}/gm/audit", auth=auth, tags=["game master"])
def audit(request: HttpRequest, game_id: Id) -> Any:
    return out(request, game_id, "audit")


@router.get("/games/{game_id}/gm/mail", auth=auth, tags=["game master"])
def outbox(request: HttpRequest, game_id: Id) -> list[dict[str, Any]]:
    """The game's outgoing mail, newest first: a mail that could not be sent after every
    retry is ``failed``, with the mail server's last error."""

    game, user = game_of(game_id), caller(request)
    if not (user.is_superuser or game.gm_id == user.pk):
        raise refuse(E.GM_FORBIDDEN, who="this game's game master", what="do that")
    rows = OutboundMail.objects.filter(game=game).order_by("-id")[:500]
    return [
        {
            "id": r.pk, "to": r.to, "kind": r.kind, "subject": r.subject, "status": r.status,
            "attempts": r.attempts, "last_error": r.last_error,
            "created_at": r.created_at.isoformat(),
            "sent_at": r.sent_at.isoformat() if r.sent_at else None,
        }
        for r in rows
    ]  # fmt: skip
