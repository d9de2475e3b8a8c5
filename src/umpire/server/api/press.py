"""Press in the JSON API: a game's messages as the caller may read them, and sending one."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Field, Router, Status

from umpire.server.api.common import In, auth, caller, out
from umpire.server.schemas import LIST_MAX, Id, Power, PressText
from umpire.server.usecases import messaging

router = Router()


class MessageIn(In):
    to: list[Power] = Field(max_length=LIST_MAX)
    text: PressText
    signed: bool = True


@router.get("/games/{game_id}/messages", auth=auth, tags=["press"])
def messages(request: HttpRequest, game_id: Id) -> Any:
    return out(request, game_id, "messages")


@router.post("/games/{game_id}/messages", auth=auth, response={201: dict}, tags=["press"])
def send(request: HttpRequest, game_id: Id, data: MessageIn) -> Status[Any]:
    messaging.send_message(game_id, caller(request), data.text, to=data.to, signed=data.signed)
    return Status(201, out(request, game_id, "messages"))
