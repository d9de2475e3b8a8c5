"""The caller's news choices and webhooks in the API (issue 31), as the account page sets them:
``GET``/``PUT /api/account/news`` (which kinds of news come on which channel),
``GET``/``POST /api/account/hooks``, ``DELETE /api/account/hooks/{id}`` (revokes it),
``POST /api/account/hooks/{id}/test``. Mounted with the token auth by :mod:`umpire.server.api.app`."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from django.contrib.auth.models import User
from django.http import HttpRequest
from ninja import Router, Schema, Status
from pydantic import ConfigDict, StringConstraints

from umpire.server import errors as E
from umpire.server import notify
from umpire.server.errors import refuse
from umpire.server.hooks import outbox as hooks
from umpire.server.hooks.address import URL_MAX
from umpire.server.schemas import Clean, Id

router = Router(tags=["notifications"])

HookUrl = Annotated[str, StringConstraints(max_length=URL_MAX, min_length=1), Clean]


class _In(Schema):
    model_config = ConfigDict(extra="forbid", strict=True)


class NewsIn(_In):
    """``{"choices": {"turn": {"email": false, "webhook": true}}}``: the kinds and channels
    named are set, the others stay as they are."""

    choices: dict[str, dict[str, bool]]


class NewsOut(Schema):
    choices: dict[str, dict[str, bool]]


class HookIn(_In):
    url: HookUrl
    format: Literal["discord", "slack", "json"]


class PostOut(Schema):
    id: int
    kind: str
    status: str
    attempts: int
    last_error: str
    created_at: str
    sent_at: str | None


class HookOut(Schema):
    id: int
    url: str
    format: str
    created_at: str
    posts: list[PostOut]


def _user(request: HttpRequest) -> User:
    user = request.auth  # type: ignore[attr-defined]
    assert isinstance(user, User)
    return user


def _news(user: User) -> dict[str, Any]:
    table = notify.choices_of(user)
    return {"choices": {k: {c: table[(k, c)] for c in notify.CHANNELS} for k in notify.KINDS}}


def _hooks(user: User) -> list[dict[str, Any]]:
    return [
        {"id": h["hook"].pk, "url": h["hook"].url, "format": h["hook"].format,
         "created_at": h["hook"].created_at.isoformat(),
         "posts": [{"id": p.pk, "kind": p.kind, "status": p.status, "attempts": p.attempts,
                    "last_error": p.last_error, "created_at": p.created_at.isoformat(),
                    "sent_at": p.sent_at.isoformat() if p.sent_at else None}
                   for p in h["posts"]]}
        for h in hooks.hooks_of(user)
    ]  # fmt: skip


@router.get("/news", response=NewsOut)
def news(request: HttpRequest) -> dict[str, Any]:
    """Which kinds of news come to the caller on which channel (his choices over the
    defaults: mail for what was mailed before channels existed)."""
    return _news(_user(request))


@router.put("/news", response=NewsOut)
def set_news(request: HttpRequest, data: NewsIn) -> dict[str, Any]:
    """Set some of the caller's choices; ``notify/bad_choice`` for a kind or channel that
    does not exist (nothing is then changed)."""
    user = _user(request)
    chosen: dict[tuple[str, str], bool] = {}
    for kind, channels in data.choices.items():
        if kind not in notify.KINDS:
            raise refuse(E.NOTIFY_BAD_CHOICE, name=kind[:40])
        for channel, on in channels.items():
            if channel not in notify.CHANNELS:
                raise refuse(E.NOTIFY_BAD_CHOICE, name=channel[:40])
            chosen[(kind, channel)] = on
    notify.set_choices(user, chosen)
    return _news(user)


@router.get("/hooks", response=list[HookOut])
def list_hooks(request: HttpRequest) -> list[dict[str, Any]]:
    """The caller's webhooks, each with its last posts (status, attempts, last error)."""
    return _hooks(_user(request))


@router.post("/hooks", response={201: list[HookOut]})
def add_hook(request: HttpRequest, data: HookIn) -> Status[list[dict[str, Any]]]:
    """A new webhook: its address is checked now (``hook/refused`` says why not) and again
    before every post. Its news are those ticked for the webhook channel (``/account/news``)."""
    user = _user(request)
    hooks.register(user, data.url, data.format)
    return Status(201, _hooks(user))


@router.delete("/hooks/{hook_id}", response=list[HookOut])
def delete_hook(request: HttpRequest, hook_id: Id) -> list[dict[str, Any]]:
    """Revoke one of the caller's webhooks (its posts not yet made go with it); those left."""
    user = _user(request)
    hooks.remove(user, hook_id)
    return _hooks(user)


@router.post("/hooks/{hook_id}/test", response={202: list[HookOut]})
def test_hook(request: HttpRequest, hook_id: Id) -> Status[list[dict[str, Any]]]:
    """Queue a test post (one a minute per webhook: ``hook/test_throttled``)."""
    user = _user(request)
    hooks.send_test(hooks.owned(user, hook_id))
    return Status(202, _hooks(user))
