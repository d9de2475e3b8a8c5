"""The accounts in the JSON API: registration, confirmation, bearer tokens, absences and
the caller's own account (``/auth/...``, ``/away``, ``/me``)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Field, Router, Schema, Status

from umpire.server import accounts
from umpire.server import errors as E
from umpire.server.api.common import In, auth, caller
from umpire.server.errors import refuse
from umpire.server.schemas import (
    DisplayName,
    Email,
    Id,
    NewPassword,
    Password,
    ShortName,
    ShortText,
    Username,
)
from umpire.server.usecases import absences

router = Router()


class RegisterIn(In):
    username: Username
    password: NewPassword
    email: Email = Field(min_length=3)
    display_name: DisplayName = ""


class RegisteredOut(Schema):
    username: str
    email: str
    verification: str


class LoginIn(In):
    username: Username
    password: Password
    name: ShortName = "api"


class TokenOut(Schema):
    username: str
    token: str
    expires_at: str


class ConfirmIn(In):
    key: ShortText


class TokenRow(Schema):
    id: int
    name: str
    created_at: str
    expires_at: str
    last_used_at: str | None


@router.post("/auth/register", response={201: RegisteredOut}, tags=["accounts"])
def register(request: HttpRequest, data: RegisterIn) -> Status[dict[str, str]]:
    """A new account with a required address, the same rules as the sign-up page: the address
    is mailed a confirmation key (POST it to ``/auth/confirm``, or follow the link), and no
    token is given (``/auth/token``) until it is confirmed. The mail names the new account
    and tells a reader who did not make it to ignore it. An address other accounts have only
    claimed is recorded beside their claims, each with its own link (the first confirmed
    keeps it); one another account has verified is not recorded: its owner is told by mail
    instead (the answer is the same, so the API does not reveal who is registered). The
    password must pass the validators (``account/weak_password``); registrations are limited
    per client and per address named (``account/throttled``, 429)."""
    accounts.check_password(data.password, username=data.username, email=data.email)
    if not accounts.may_sign_up(request, data.email):
        raise refuse(E.ACCOUNT_THROTTLED)
    user = accounts.register(
        data.username, data.password, email=data.email, display_name=data.display_name
    )
    accounts.send_confirmation(request, user, data.email)
    return Status(201, {"username": user.username, "email": data.email, "verification": "sent"})


@router.post("/auth/confirm", tags=["accounts"])
def confirm(request: HttpRequest, data: ConfirmIn) -> dict[str, str]:
    """Confirm an address with the key of the confirmation mail."""
    return {"email": accounts.confirm_key(request, data.key)}


@router.post("/auth/token", response=TokenOut, tags=["accounts"])
def token(request: HttpRequest, data: LoginIn) -> dict[str, str]:
    """A bearer token (replacing the account's earlier token of the same ``name``); it expires
    after ``UMPIRE_TOKEN_DAYS`` days and with any change of password. Failed attempts lock
    the client address that made them (``auth/throttled``), not the account; an account
    attacked from many addresses lets in only devices it knows (``auth/account_guarded``)."""
    value = accounts.login(request, data.username, data.password, data.name)
    row = accounts.token_row(value)
    return {"username": row.user.username, "token": value, "expires_at": row.expires_at.isoformat()}


@router.get("/auth/tokens", auth=auth, response=list[TokenRow], tags=["accounts"])
def tokens(request: HttpRequest) -> list[dict[str, Any]]:
    """The caller's live tokens (never their values)."""
    return accounts.tokens_of(caller(request))


@router.post("/auth/tokens/{token_id}/revoke", auth=auth, tags=["accounts"])
def revoke(request: HttpRequest, token_id: Id) -> list[dict[str, Any]]:
    """Revoke one of the caller's tokens (the one in use too); the tokens left."""
    user = caller(request)
    accounts.revoke_token(user, token_id)
    return accounts.tokens_of(user)


class AwayIn(In):
    start: ShortText = Field(description="the first day away, YYYY-MM-DD")
    end: ShortText = Field(description="the last day away, YYYY-MM-DD (included)")
    game: Id | None = Field(default=None, description="only this game; none: all one's games")
    sitter: ShortText = Field(default="", description="user name of the sitter, if any")


class AwayCancelIn(In):
    game: Id | None = None


def _absence_out(row: Any) -> dict[str, Any]:
    return {
        "id": row.pk,
        "start": row.start.isoformat(),
        "end": row.end.isoformat(),
        "game": row.game_id,
        "sitter": row.sitter.username if row.sitter_id else None,
    }


@router.get("/away", auth=auth, tags=["accounts"])
def my_absences(request: HttpRequest) -> dict[str, Any]:
    """The caller's absences that have not ended (docs/server.md, "Absences")."""
    rows = absences.open_absences(caller(request))
    return {"absences": [_absence_out(r) for r in rows]}


@router.post("/away", auth=auth, response={201: dict}, tags=["accounts"])
def declare_away(request: HttpRequest, data: AwayIn) -> Status[dict[str, Any]]:
    """Declare the caller away from ``start`` to ``end`` in ``game`` or in all his running
    games; each game's ``away`` policy applies and its players are told (no reason is taken).
    The notices' sentences are returned, one per game."""
    done = absences.declare_absence(
        caller(request), data.start, data.end, game_id=data.game, sitter=data.sitter
    )
    games = [{"id": g.pk, "notice": text} for g, text in done.games]
    return Status(201, {"absence": _absence_out(done.absence), "games": games})


@router.post("/away/cancel", auth=auth, tags=["accounts"])
def cancel_away(request: HttpRequest, data: AwayCancelIn) -> dict[str, Any]:
    """Cancel the caller's absences that have not ended (those of ``game`` only, if given)."""
    return {"cancelled": absences.cancel_absences(caller(request), game_id=data.game)}


@router.get("/me", auth=auth, tags=["accounts"])
def me(request: HttpRequest) -> dict[str, Any]:
    user = caller(request)
    profile = accounts.profile_of(user)
    return {
        "username": user.username,
        "display_name": profile.display_name,
        "email": accounts.verified_address(user),
        "game_master": accounts.is_game_master(user),
        "may_create_games": accounts.may_create_games(user),
    }
