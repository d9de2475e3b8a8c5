"""Every answer under ``/api/`` that is an error is in the API's ``{"code", "message"}``
format, also those that Django or django-ninja write themselves before a view runs (a method
the address does not take: ninja answers 405 in plain text)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse

from umpire.server import errors as E
from umpire.server.schemas import REQUEST_MAX_BYTES
from umpire.server.web.params import too_long

API_PREFIX = "/api/"


class ApiErrorFormat:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code < 400
            or not request.path.startswith(API_PREFIX)
            or response.get("Content-Type", "").startswith("application/json")
        ):
            return response
        status = response.status_code
        # The code declared with this status (errors.py), else request/invalid naming it.
        if status == E.REQUEST_METHOD.status:
            allowed = response.get("Allow", "")
            code = E.REQUEST_METHOD
            message = code.message(method=request.method or "?", allowed=allowed or "none")
        elif status == E.REQUEST_NOT_FOUND.status:
            code, message = E.REQUEST_NOT_FOUND, E.REQUEST_NOT_FOUND.message()
        elif status == E.REQUEST_TOO_LARGE.status:
            code = E.REQUEST_TOO_LARGE
            message = code.message(kib=REQUEST_MAX_BYTES // 1024)
        elif status >= E.SERVER_ERROR.status:
            code, message = E.SERVER_ERROR, E.SERVER_ERROR.message()
        else:
            code = E.REQUEST_INVALID
            message = code.message(problem=f"the request was refused ({status})")
        answer = JsonResponse({"code": code.code, "message": message}, status=response.status_code)
        if response.has_header("Allow"):
            answer["Allow"] = response["Allow"]
        return answer


# A path segment of more digits than this is no id of ours (the database's integers end long
# before): answered 404 before a view passes it to a query that would overflow.
PATH_DIGITS_MAX = 15


class InputLimits:
    """The pages' limits on what a request may carry, before any view (or allauth's or the
    admin's) reads it (issue 30): every query and form parameter at most its length
    (:func:`umpire.server.web.params.limit_of`), no NUL character in any, and no number in
    the path longer than :data:`PATH_DIGITS_MAX` digits. Refused in plain text, 400 (404 for
    the path); nothing else happens."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if any(len(part) > PATH_DIGITS_MAX and part.isdigit() for part in request.path.split("/")):
            return _plain("no such page\n", 404)
        sources = [request.GET]
        if request.method == "POST":
            sources.append(request.POST)
        for params in sources:
            problem = too_long(params.lists())
            if problem is not None:
                return _plain(f"The request was refused: {problem}.\n", 400)
        return self.get_response(request)


def _plain(text: str, status: int) -> HttpResponse:
    return HttpResponse(text, status=status, content_type="text/plain; charset=utf-8")


# No script but the site's own files (no inline script, no event handler attribute, no
# eval), nothing framed, no plugin, forms and links back to this site only. Styles may be
# inline: the maps are SVG drawn with style attributes, and htmx adds its indicator style.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


class ContentSecurityPolicy:
    """Every answer, page or API, carries :data:`CONTENT_SECURITY_POLICY` (issue 30)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        return response
