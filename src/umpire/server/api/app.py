"""The JSON API (django-ninja; OpenAPI at ``/api/docs``), bearer-token auth.

Every game-related response is built by :func:`umpire.server.outputs.present` for the
requesting viewer. Errors are ``{"code": ..., "message": ...}`` with a stable code (declared
in :mod:`umpire.server.errors`, listed in docs/errors.md) and an HTTP status chosen from the
code.

The API is assembled here: its document, its error answers (one handler per kind of
failure), and one router per resource (:mod:`.accounts`, :mod:`.public`, :mod:`.games`,
:mod:`.orders`, :mod:`.press`, :mod:`.gm`, :mod:`.postal`, :mod:`.community`, :mod:`.hooks`),
mounted in that order.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse
from ninja import NinjaAPI, Schema
from ninja.errors import AuthenticationError, HttpError
from ninja.errors import ValidationError as NinjaValidationError
from ninja.operation import Operation

from umpire.core.errors import Code
from umpire.core.session import SessionError
from umpire.server import errors as E
from umpire.server.api import accounts, community, games, gm, hooks, orders, postal, press, public
from umpire.server.api.common import auth
from umpire.server.schemas import REQUEST_MAX_BYTES

log = logging.getLogger("umpire.server")


# Where the routers' operations were declared before issue 28 (their ids keep those names).
MOVED_FROM = {
    "umpire.server.api.community": "umpire.server.community_api",
    "umpire.server.api.hooks": "umpire.server.hooks_api",
}


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

    def get_openapi_operation_id(self, operation: Operation) -> str:
        """``<module>_<function>``, as ninja names an operation, with the module it lived in
        before the API became one module per resource (issue 28): the id is what a client's
        generated code calls the operation, and moving a function must not rename it."""
        module = operation.view_func.__module__
        if module in MOVED_FROM:
            module = MOVED_FROM[module]
        elif module.startswith("umpire.server.api."):
            module = "umpire.server.api"
        return f"{module}_{operation.view_func.__name__}".replace(".", "_")


api = DocumentedApi(
    title="Umpire",
    version="1",
    description="Moderation service for strategic wargames played by mail, email and web.",
    urls_namespace="api",
)


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


api.add_router("", accounts.router)
api.add_router("", public.router)
api.add_router("", games.router)
api.add_router("", orders.router)
api.add_router("", press.router)
api.add_router("", gm.router)
api.add_router("", postal.router)  # /games/{id}/turns/{turn}/packet, /games/{id}/gm/print/{turn}
api.add_router("", community.router)  # /players/{username}, /ratings/{family}
api.add_router("/account", hooks.router, auth=auth)  # /account/news, /account/hooks
