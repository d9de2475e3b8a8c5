"""The JSON API (django-ninja; OpenAPI at ``/api/docs``), bearer-token auth.

Every game-related response is built by :func:`umpire.server.outputs.present` for the
requesting viewer. Errors are ``{"code": ..., "message": ...}`` with a stable code (declared
in :mod:`umpire.server.errors`, listed in docs/errors.md) and an HTTP status chosen from the
code.
"""

from __future__ import annotations

import logging
from typing import Annotated, Any, Literal

from django.contrib.auth.models import User
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse
from ninja import Field, NinjaAPI, Schema, Status
from ninja.errors import AuthenticationError, HttpError
from ninja.errors import ValidationError as NinjaValidationError
from ninja.security import HttpBearer
from pydantic import BeforeValidator, ConfigDict

from umpire.core import registry
from umpire.core.errors import Code
from umpire.core.forecast import MAX_SEED
from umpire.core.session import SessionError
from umpire.server import accounts, statements
from umpire.server import errors as E
from umpire.server.community_api import router as community_router
from umpire.server.errors import refuse
from umpire.server.hooks_api import router as hooks_router
from umpire.server.mail.models import OutboundMail
from umpire.server.models import Game
from umpire.server.outputs import (
    SPECTATOR_VIEWER,
    mine,
    present,
    viewer_of,
    with_facts,
)
from umpire.server.schemas import (
    LIST_MAX,
    REQUEST_MAX_BYTES,
    DisplayName,
    Email,
    GameSettings,
    Id,
    Key,
    Name,
    NewPassword,
    OrdersText,
    PageSize,
    Password,
    PositiveMinutes,
    Power,
    PressText,
    ScenarioName,
    ShortName,
    ShortText,
    Summary,
    TurnNumber,
    Username,
)
from umpire.server.usecases import (
    absences,
    forecasts,
    gm_actions,
    lifecycle,
    messaging,
    submissions,
    takeover,
)

log = logging.getLogger("umpire.server")


class DocumentedApi(NinjaAPI):
    """The OpenAPI document also declares every operation's errors: any 4xx answer is an
    ``Error`` (``{"code", "message"}``), and nothing else is (the fuzzing test checks it)."""

    def get_openapi_schema(
        self, *, path_prefix: str | None = None, path_params: dict[str, Any] | None = None
    ) -> Any:
        document = super().get_openapi_schema(path_prefix=path_prefix, path_params=path_params)
        schemas = document.setdefault("components", {}).setdefault("schemas", {})
        schemas["Error"] = {
            "title": "Error",
            "description": "Every error: a stable code (explained on each game's How to play page, /rules/<game>/#problems) and a sentence.",
            "type": "object",
            "properties": {
                "code": {"title": "Code", "type": "string"},
                "message": {"title": "Message", "type": "string"},
            },
            "required": ["code", "message"],
        }
        error = {
            "description": "Refused: a stable code and a sentence (explained at /rules/<game>/#problems).",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
        }
        for operations in document.get("paths", {}).values():
            for operation in operations.values():
                operation.setdefault("responses", {}).setdefault("4XX", error)
        return document


api = DocumentedApi(
    title="Umpire",
    version="1",
    description="Moderation service for strategic wargames played by mail, email and web.",
    urls_namespace="api",
)


class In(Schema):
    """A request body: exactly what the document says (issue 30): no key it does not name,
    no value of another type (``"ready": 0`` is no boolean, ``"7"`` no number)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class ErrorOut(Schema):
    """Every error: a stable code (declared in umpire.server.errors, listed in docs/errors.md) and a sentence."""

    code: str
    message: str


def _error(request: HttpRequest, code: str, message: str, status: int) -> HttpResponse:
    return api.create_response(request, {"code": code, "message": message}, status=status)


def _declared(
    request: HttpRequest, code: Code, status: int | None = None, **fields: Any
) -> HttpResponse:
    """The error answer of ``code``, with the status declared with it (``status``: another,
    where a framework's own refusal decided it and the code only names it in our terms)."""
    return _error(request, code.code, code.message(**fields), status or code.status)


@api.exception_handler(SessionError)
def session_error(request: HttpRequest, exc: SessionError) -> HttpResponse:
    return _error(request, exc.code, exc.message, E.status_of(exc.code))


@api.exception_handler(NinjaValidationError)
def invalid_request(request: HttpRequest, exc: NinjaValidationError) -> HttpResponse:
    first = exc.errors[0] if exc.errors else {}
    where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("body", "data"))
    msg = first.get("msg", "invalid")
    message = f"{where}: {msg}" if where else f"the request is invalid ({msg})"
    return _declared(request, E.REQUEST_INVALID, problem=message)


@api.exception_handler(AuthenticationError)
def unauthenticated(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    return _declared(request, E.AUTH_REQUIRED)


@api.exception_handler(RequestDataTooBig)
def too_large(request: HttpRequest, exc: RequestDataTooBig) -> HttpResponse:
    return _declared(request, E.REQUEST_TOO_LARGE, kib=REQUEST_MAX_BYTES // 1024)


@api.exception_handler(Http404)
def not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return _declared(request, E.REQUEST_NOT_FOUND)


@api.exception_handler(HttpError)
def http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    return _declared(request, E.REQUEST_INVALID, exc.status_code, problem=str(exc))


@api.exception_handler(Exception)
def internal_error(request: HttpRequest, exc: Exception) -> HttpResponse:
    log.error("500 on %s %s", request.method, request.path, exc_info=exc)
    return _declared(request, E.SERVER_ERROR)


class TokenAuth(HttpBearer):
    def __call__(self, request: HttpRequest) -> User | None:
        """``Authorization: Bearer <token>``, as ninja reads it, from the one header (ninja
        builds the mapping of every header of the request to find it)."""
        scheme, _, token = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
        if not token or scheme.lower() != self.openapi_scheme:
            return None
        return self.authenticate(request, token)

    def authenticate(self, request: HttpRequest, token: str) -> User | None:
        return accounts.user_for_token(token)


auth = TokenAuth()


def _user(request: HttpRequest) -> User:
    user = request.auth  # type: ignore[attr-defined]
    assert isinstance(user, User)
    return user


def _game(game_id: Id) -> Game:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise refuse(E.GAME_NOT_FOUND, game_id=game_id)
    return game


def _visible(game: Game, user: User) -> Game:
    """A private game exists only for its game master, its players and those who joined it."""
    if game.public or user.is_superuser or game.gm_id == user.pk:
        return game
    if game.seats.filter(user=user).exists() or game.enrollments.filter(user=user).exists():
        return game
    if viewer_of(game, user).power is not None:  # a sitter, while the absence lasts
        return game
    raise refuse(E.GAME_NOT_FOUND, game_id=game.pk)


def _stored_out(request: HttpRequest, game_id: Id, part: str, turn: TurnNumber | None) -> Any:
    """``_out(request, game_id, part, turn=turn)`` for a stored view or printout, in one
    statement (``statements.reader_facts``) with the same checks in the same order: the game
    exists and is visible to the caller (``_visible``), has started, has processed ``turn``,
    and the caller is its umpire or holds a seat in it (``outputs.viewer_of``)."""
    user = _user(request)
    facts = statements.reader_facts(game_id, user, part, turn)
    if facts is None:
        raise refuse(E.GAME_NOT_FOUND, game_id=game_id)
    umpire = user.is_superuser or facts.gm_id == user.pk
    if not (facts.public or umpire or facts.member):
        # A sitter of a private game (``viewer_of``); anyone else is refused there (not found).
        return _out(request, game_id, part, turn=turn)
    if not facts.started:
        raise refuse(E.GAME_NOT_STARTED)
    last = max(facts.turn - 1, 0)
    at = last if turn is None else turn
    if not 0 <= at <= last:
        raise refuse(E.TURN_UNKNOWN, at=at, last=last)
    if not umpire and facts.power is None:
        # No seat of his own: a sitter reads the seat he sits (``viewer_of``); a spectator is
        # refused there (``view/forbidden``).
        return _out(request, game_id, part, turn=at)
    if facts.output is None:  # a turn processed before its outputs were stored
        return _out(request, game_id, part, turn=at)
    return {part: {"turn": at, ("view" if part == "view" else "text"): facts.output}}


def _out(request: HttpRequest, game_id: Id, *parts: str, turn: TurnNumber | None = None) -> Any:
    game = _visible(_game(game_id), _user(request))
    return present(game, viewer_of(game, _user(request)), parts, turn=turn)


# --- accounts ------------------------------------------------------------------------------


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


@api.post("/auth/register", response={201: RegisteredOut}, tags=["accounts"])
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


@api.post("/auth/confirm", tags=["accounts"])
def confirm(request: HttpRequest, data: ConfirmIn) -> dict[str, str]:
    """Confirm an address with the key of the confirmation mail."""
    return {"email": accounts.confirm_key(request, data.key)}


@api.post("/auth/token", response=TokenOut, tags=["accounts"])
def token(request: HttpRequest, data: LoginIn) -> dict[str, str]:
    """A bearer token (replacing the account's earlier token of the same ``name``); it expires
    after ``UMPIRE_TOKEN_DAYS`` days and with any change of password. Failed attempts lock
    the client address that made them (``auth/throttled``), not the account; an account
    attacked from many addresses lets in only devices it knows (``auth/account_guarded``)."""
    value = accounts.login(request, data.username, data.password, data.name)
    row = accounts.token_row(value)
    return {"username": row.user.username, "token": value, "expires_at": row.expires_at.isoformat()}


@api.get("/auth/tokens", auth=auth, response=list[TokenRow], tags=["accounts"])
def tokens(request: HttpRequest) -> list[dict[str, Any]]:
    """The caller's live tokens (never their values)."""
    return accounts.tokens_of(_user(request))


@api.post("/auth/tokens/{token_id}/revoke", auth=auth, tags=["accounts"])
def revoke(request: HttpRequest, token_id: Id) -> list[dict[str, Any]]:
    """Revoke one of the caller's tokens (the one in use too); the tokens left."""
    user = _user(request)
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


@api.get("/away", auth=auth, tags=["accounts"])
def my_absences(request: HttpRequest) -> dict[str, Any]:
    """The caller's absences that have not ended (docs/server.md, "Absences")."""
    rows = absences.open_absences(_user(request))
    return {"absences": [_absence_out(r) for r in rows]}


@api.post("/away", auth=auth, response={201: dict}, tags=["accounts"])
def declare_away(request: HttpRequest, data: AwayIn) -> Status[dict[str, Any]]:
    """Declare the caller away from ``start`` to ``end`` in ``game`` or in all his running
    games; each game's ``away`` policy applies and its players are told (no reason is taken).
    The notices' sentences are returned, one per game."""
    done = absences.declare_absence(
        _user(request), data.start, data.end, game_id=data.game, sitter=data.sitter
    )
    games = [{"id": g.pk, "notice": text} for g, text in done.games]
    return Status(201, {"absence": _absence_out(done.absence), "games": games})


@api.post("/away/cancel", auth=auth, tags=["accounts"])
def cancel_away(request: HttpRequest, data: AwayCancelIn) -> dict[str, Any]:
    """Cancel the caller's absences that have not ended (those of ``game`` only, if given)."""
    return {"cancelled": absences.cancel_absences(_user(request), game_id=data.game)}


@api.get("/me", auth=auth, tags=["accounts"])
def me(request: HttpRequest) -> dict[str, Any]:
    user = _user(request)
    profile = accounts.profile_of(user)
    return {
        "username": user.username,
        "display_name": profile.display_name,
        "email": accounts.verified_address(user),
        "game_master": accounts.is_game_master(user),
        "may_create_games": accounts.may_create_games(user),
    }


# --- public (spectators) ----------------------------------------------------------------


@api.get("/rulesets", tags=["public"])
def rulesets(request: HttpRequest) -> list[dict[str, Any]]:
    return [
        {
            "name": r.info.name,
            "title": r.info.title,
            "scenarios": [
                {"name": s.name, "title": s.title, "powers": list(s.powers)}
                for s in r.info.scenarios
            ],
        }
        for r in registry.all_games()
    ]


@api.get("/public/games", tags=["public"])
def public_games(
    request: HttpRequest, limit: PageSize = 50, before: Id | None = None
) -> list[dict[str, Any]]:
    """The public games, newest first, ``limit`` at a time; the next page: ``before`` the id
    of the last game of this one."""
    games = Game.objects.filter(public=True)
    if before is not None:
        games = games.filter(id__lt=before)
    return [
        present(g, SPECTATOR_VIEWER, ["game"])["game"]
        for g in with_facts(games.order_by("-id")[:limit])
    ]


@api.get("/public/games/{game_id}", tags=["public"])
def public_game(request: HttpRequest, game_id: Id, turn: TurnNumber | None = None) -> Any:
    game = _game(game_id)
    if not game.public:
        raise refuse(E.GAME_NOT_FOUND, game_id=game_id)
    parts = ["game"] if game.initial_state is None else ["game", "events"]
    return present(game, SPECTATOR_VIEWER, parts, turn=turn)


# --- games -------------------------------------------------------------------------------


class CreateIn(In):
    name: Name = ""
    game: Key
    scenario: ScenarioName | None = None
    settings: GameSettings = Field(default_factory=GameSettings)
    public: bool = True


class JoinIn(In):
    preferences: list[Power] = Field(default=[], max_length=LIST_MAX)


class TakeoverIn(In):
    power: Power


class StandbyIn(In):
    game: Key
    scenario: ScenarioName


class StartIn(In):
    method: Literal["preferences", "random"] = "preferences"
    assignments: dict[Power, Username] = Field(default={}, max_length=LIST_MAX)
    powers: list[Power] | None = Field(default=None, max_length=LIST_MAX)


@api.get("/games", auth=auth, tags=["games"])
def my_games(
    request: HttpRequest, limit: PageSize = 100, before: Id | None = None
) -> list[dict[str, Any]]:
    """The games you play, joined or run, newest first, ``limit`` at a time; the next page:
    ``before`` the id of the last game of this one."""
    user = _user(request)
    games = Game.objects.filter(id__in=mine(user))
    if before is not None:
        games = games.filter(id__lt=before)
    games = with_facts(games.order_by("-id")[:limit])
    return [
        present(g, viewer_of(g, user, getattr(g, "active_seats", None)), ["game"])["game"]
        for g in games
    ]


@api.post("/games", auth=auth, response={201: dict}, tags=["games"])
def create_game(request: HttpRequest, data: CreateIn) -> Status[Any]:
    user = _user(request)
    settings = data.settings.model_dump(exclude_unset=True)
    game = lifecycle.create_game(
        user, data.name, data.game, scenario=data.scenario, settings=settings,
        public=data.public,
    )  # fmt: skip
    return Status(201, present(game, viewer_of(game, user), ["game"]))


@api.post("/games/{game_id}/join", auth=auth, tags=["games"])
def join(request: HttpRequest, game_id: Id, data: JoinIn) -> Any:
    _visible(_game(game_id), _user(request))
    message = lifecycle.join(game_id, _user(request), data.preferences)
    return {"message": message, **_out(request, game_id, "game")}


@api.post("/games/{game_id}/takeover", auth=auth, tags=["games"])
def take_over(request: HttpRequest, game_id: Id, data: TakeoverIn) -> Any:
    """Take over a power offered to a new player (its player missed turns in a row or left;
    ``/games/needing/`` lists them), or ask the game master for it where he approves
    takeovers."""
    message = takeover.take_over(game_id, _user(request), data.power, source="api")
    return {"message": message, **_out(request, game_id, "game")}


@api.post("/standby", auth=auth, tags=["games"])
def standby(request: HttpRequest, data: StandbyIn) -> Any:
    """Stand by for any running game of a kind that takes standbys from the pool; the game
    is not yours to choose (Battle Plan's standby rule)."""
    return {"message": lifecycle.volunteer_standby(_user(request), data.game, data.scenario)}


@api.get("/games/{game_id}", auth=auth, tags=["games"])
def game_detail(request: HttpRequest, game_id: Id) -> Any:
    game = _visible(_game(game_id), _user(request))
    viewer = viewer_of(game, _user(request))
    parts = ["game"] if game.initial_state is None else ["game", "status"]
    return present(game, viewer, parts)


@api.get("/games/{game_id}/view", auth=auth, tags=["turns"])
def view(request: HttpRequest, game_id: Id, turn: TurnNumber | None = None) -> Any:
    return _stored_out(request, game_id, "view", turn)


@api.get("/games/{game_id}/printout", auth=auth, tags=["turns"])
def printout(request: HttpRequest, game_id: Id, turn: TurnNumber | None = None) -> Any:
    return _stored_out(request, game_id, "printout", turn)


@api.get("/games/{game_id}/events", auth=auth, tags=["turns"])
def events(request: HttpRequest, game_id: Id, turn: TurnNumber | None = None) -> Any:
    return _out(request, game_id, "events", turn=turn)


# --- orders --------------------------------------------------------------------------------


class OrdersIn(In):
    turn: TurnNumber
    text: OrdersText
    ready: bool = False


class ReadyIn(In):
    turn: TurnNumber
    ready: bool = True


@api.get("/games/{game_id}/orders", auth=auth, tags=["orders"])
def orders(request: HttpRequest, game_id: Id, turn: TurnNumber | None = None) -> Any:
    return _out(request, game_id, "orders", turn=turn)


@api.post("/games/{game_id}/orders", auth=auth, tags=["orders"])
def submit(request: HttpRequest, game_id: Id, data: OrdersIn) -> Any:
    """Submit orders for ``turn`` (the latest submission counts); returns the receipt."""
    user = _user(request)
    done = submissions.submit(
        game_id, user, data.text, turn=data.turn, ready=data.ready, source="api"
    )
    viewer = viewer_of(done.game, user, done.seats)
    return present(done.game, viewer, ["receipt", "status"], receipt=done.receipt, seats=done.seats)


@api.post("/games/{game_id}/ready", auth=auth, tags=["orders"])
def ready(request: HttpRequest, game_id: Id, data: ReadyIn) -> Any:
    submissions.set_ready(game_id, _user(request), turn=data.turn, ready=data.ready)
    return _out(request, game_id, "status")


def _whole(value: Any) -> Any:
    """A number JSON writes with a fraction of zero (``7.0``) is the whole number JSON Schema
    says it is; anything else goes to the strict check unchanged."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


Seed = Annotated[
    int,
    Field(ge=0, le=MAX_SEED, description="the seed of the forecast's dice"),
    BeforeValidator(_whole),
]


class ForecastIn(In):
    orders: dict[Power, OrdersText] = Field(
        default_factory=dict,
        max_length=forecasts.MAX_POWERS,
        description="power -> order text: your own orders, and guesses for other powers",
    )
    seed: Seed = 1


class ProblemOut(Schema):
    line: int
    code: str
    message: str
    text: str


class ForecastOut(Schema):
    game: str
    scenario: str
    power: str | None
    label: str
    seed: int
    problems: dict[str, list[ProblemOut]]
    orders: dict[str, list[str]]
    printout: str
    view: dict[str, Any]
    events: list[dict[str, Any]]
    svg: str | None


@api.post("/games/{game_id}/forecast", auth=auth, response=ForecastOut, tags=["orders"])
def forecast(request: HttpRequest, game_id: Id, data: ForecastIn) -> Any:
    """Try orders from your own view of the current turn, without submitting anything: your
    orders and, where you like, guesses for other powers' (a power without any gives none),
    read as a submission is read and adjudicated with dice from ``seed`` (never the game's).
    The answer: every problem per power, the orders kept, your printout of the forecast turn,
    your view after it, the events you would read and the map (SVG). Nothing is stored. Only a
    seated player of a running game (``seat/none``, 403; ``game/not_running``, 409)."""
    user = _user(request)
    game = _visible(_game(game_id), user)
    viewer = viewer_of(game, user, seat_first=True)
    return forecasts.forecast_for(game, viewer, data.orders, data.seed).to_json()


# --- press ---------------------------------------------------------------------------------


class MessageIn(In):
    to: list[Power] = Field(max_length=LIST_MAX)
    text: PressText
    signed: bool = True


@api.get("/games/{game_id}/messages", auth=auth, tags=["press"])
def messages(request: HttpRequest, game_id: Id) -> Any:
    return _out(request, game_id, "messages")


@api.post("/games/{game_id}/messages", auth=auth, response={201: dict}, tags=["press"])
def send(request: HttpRequest, game_id: Id, data: MessageIn) -> Status[Any]:
    messaging.send_message(game_id, _user(request), data.text, to=data.to, signed=data.signed)
    return Status(201, _out(request, game_id, "messages"))


# --- game master ---------------------------------------------------------------------------


class ExtendIn(In):
    minutes: PositiveMinutes


class ReplaceIn(In):
    power: Power
    username: Username | None = None
    bot: bool = False
    standby: bool = False


class EndIn(In):
    summary: Summary = ""


def _gm(request: HttpRequest, game_id: Id, action: str, **args: Any) -> Any:
    gm_actions.gm_action(game_id, _user(request), action, **args)
    return _out(request, game_id, "game", "seats")


@api.post("/games/{game_id}/start", auth=auth, tags=["game master"])
def start(request: HttpRequest, game_id: Id, data: StartIn) -> Any:
    lifecycle.start(
        game_id, _user(request), powers=data.powers, assignments=data.assignments,
        method=data.method,
    )  # fmt: skip
    return _out(request, game_id, "game", "seats")


@api.post("/games/{game_id}/gm/pause", auth=auth, tags=["game master"])
def pause(request: HttpRequest, game_id: Id) -> Any:
    return _gm(request, game_id, "pause")


@api.post("/games/{game_id}/gm/resume", auth=auth, tags=["game master"])
def resume(request: HttpRequest, game_id: Id) -> Any:
    return _gm(request, game_id, "resume")


@api.post("/games/{game_id}/gm/extend", auth=auth, tags=["game master"])
def extend(request: HttpRequest, game_id: Id, data: ExtendIn) -> Any:
    return _gm(request, game_id, "extend", minutes=data.minutes)


@api.post("/games/{game_id}/gm/process", auth=auth, tags=["game master"])
def process_now(request: HttpRequest, game_id: Id) -> Any:
    """Queue the current turn for processing now, whatever the deadline."""
    return _gm(request, game_id, "process")


@api.post("/games/{game_id}/gm/rollback", auth=auth, tags=["game master"])
def rollback(request: HttpRequest, game_id: Id) -> Any:
    return _gm(request, game_id, "rollback")


@api.post("/games/{game_id}/gm/replace", auth=auth, tags=["game master"])
def replace(request: HttpRequest, game_id: Id, data: ReplaceIn) -> Any:
    return _gm(
        request, game_id, "replace", power=data.power, username=data.username, bot=data.bot,
        standby=data.standby,
    )  # fmt: skip


@api.post("/games/{game_id}/gm/end", auth=auth, tags=["game master"])
def end(request: HttpRequest, game_id: Id, data: EndIn) -> Any:
    return _gm(request, game_id, "end", summary=data.summary)


@api.get("/games/{game_id}/gm/seats", auth=auth, tags=["game master"])
def seats(request: HttpRequest, game_id: Id) -> Any:
    return _out(request, game_id, "seats")


@api.get("/games/{game_id}/gm/audit", auth=auth, tags=["game master"])
def audit(request: HttpRequest, game_id: Id) -> Any:
    return _out(request, game_id, "audit")


@api.get("/games/{game_id}/gm/mail", auth=auth, tags=["game master"])
def outbox(request: HttpRequest, game_id: Id) -> list[dict[str, Any]]:
    """The game's outgoing mail, newest first: a mail that could not be sent after every
    retry is ``failed``, with the mail server's last error."""

    game, user = _game(game_id), _user(request)
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


api.add_router("", community_router)  # /players/{username}, /ratings/{family}
api.add_router("/account", hooks_router, auth=auth)  # /account/news, /account/hooks
