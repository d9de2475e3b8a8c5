"""Every answer under ``/api/`` that is an error is in the API's ``{"code", "message"}``
format, also those that Django or django-ninja write themselves before a view runs (a method
the address does not take: ninja answers 405 in plain text)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse

from umpire.server import errors as E
from umpire.server.schemas import REQUEST_MAX_BYTES

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
        if response.status_code == 405:
            allowed = response.get("Allow", "")
            code = E.REQUEST_METHOD
            message = code.message(method=request.method or "?", allowed=allowed or "none")
        elif response.status_code == 404:
            code, message = E.REQUEST_NOT_FOUND, E.REQUEST_NOT_FOUND.message()
        elif response.status_code == 413:
            code = E.REQUEST_TOO_LARGE
            message = code.message(kib=REQUEST_MAX_BYTES // 1024)
        elif response.status_code >= 500:
            code, message = E.SERVER_ERROR, E.SERVER_ERROR.message()
        else:
            code = E.REQUEST_INVALID
            message = code.message(problem=f"the request was refused ({response.status_code})")
        answer = JsonResponse({"code": code.code, "message": message}, status=response.status_code)
        if response.has_header("Allow"):
            answer["Allow"] = response["Allow"]
        return answer
