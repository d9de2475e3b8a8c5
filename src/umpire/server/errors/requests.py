"""The server's codes for the API's requests themselves: invalid, too large, too slow, not
found, the wrong method, an internal error."""

from __future__ import annotations

from umpire.server.errors.catalogue import SERVER

# --- the API's requests ---------------------------------------------------------------------

REQUEST_INVALID = SERVER.declare(
    "request/invalid",
    "{problem}",
    "The request body or parameters do not fit the API's schema; the message names the first "
    "bad field (`field: problem`) where it can.",
    status=422,
)
REQUEST_TOO_LARGE = SERVER.declare(
    "request/too_large",
    "the request body is limited to {kib} KiB",
    "A request body over the size limit is refused unread.",
    status=413,
)
REQUEST_TIMEOUT = SERVER.declare(
    "request/timeout",
    "the request body did not arrive within {seconds} s",
    "The body a request announced (`Content-Length`) did not arrive within the web server's "
    "body timeout (the `UMPIRE_WEB_BODY_TIMEOUT` setting); the request was not handled.",
)
REQUEST_NOT_FOUND = SERVER.declare(
    "request/not_found",
    "no such resource",
    "The address names no API resource.",
    status=404,
)
REQUEST_METHOD = SERVER.declare(
    "request/method_not_allowed",
    "{method} is not allowed here (allowed: {allowed})",
    "The address exists but does not take this HTTP method; the `Allow` header lists those "
    "it takes.",
    status=405,
)
SERVER_ERROR = SERVER.declare(
    "server/error",
    "internal error; it has been logged",
    "A bug: the request failed inside the server and nothing of it is kept.",
    status=500,
)
