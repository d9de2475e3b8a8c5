"""Two middleware stacks in one WSGI application: the pages' and the API's (issue 18).

The pages need sessions, CSRF, logins, messages, htmx and allauth around every request; a
token-authenticated API call needs none of them (it never reads ``request.user`` or a
session, and a session cookie must not authenticate it). Passing an API read through the
pages' eleven middleware cost about a fifth of its CPU, so requests under ``/api/`` go through
:data:`API_MIDDLEWARE` only: Django's security headers and HTTPS redirect, its common
middleware (``Content-Length``), the frame header, and the API's error format. Only the
account calls (``/api/auth/...``, which go through allauth's login, throttling and mails)
and the API's documentation pages keep the pages' stack.

The API's handler also remembers where its recent paths lead (:func:`_resolved`): finding the
view of an order submission among the API's addresses cost about 6% of the request.

Each stack is a whole Django handler (:class:`ApiHandler` is Django's ``WSGIHandler`` with
the API's list): the request signals, exception handling and database connection handling
are Django's, in both. :class:`Application` chooses by path (:func:`takes_api_stack`); the
tests' client does the same (``tests/server/conftest.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.core.handlers.wsgi import WSGIHandler
from django.http import HttpRequest
from django.urls import ResolverMatch, URLResolver, get_resolver

from umpire.server.middleware import API_PREFIX

API_MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "umpire.server.middleware.ContentSecurityPolicy",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "umpire.server.middleware.ApiErrorFormat",
]

# Under /api/ but served with the pages' middleware: allauth's account flows, the docs.
PAGE_STACK = (f"{API_PREFIX}auth/", f"{API_PREFIX}docs", f"{API_PREFIX}openapi.json")


def takes_api_stack(path: str) -> bool:
    """Whether a request for ``path`` goes through :data:`API_MIDDLEWARE`."""
    return path.startswith(API_PREFIX) and not path.startswith(PAGE_STACK)


@contextmanager
def middleware_list(names: list[str]) -> Iterator[None]:
    """``settings.MIDDLEWARE`` is ``names`` while a handler loads its middleware (Django's
    ``load_middleware`` reads the setting; it runs once, at start, before any request)."""
    saved = settings.MIDDLEWARE
    settings.MIDDLEWARE = names
    try:
        yield
    finally:
        settings.MIDDLEWARE = saved


class ApiStack:
    """For a Django handler class: its middleware is :data:`API_MIDDLEWARE`, and the views of
    the paths asked recently are remembered."""

    def load_middleware(self, is_async: bool = False) -> None:
        with middleware_list(API_MIDDLEWARE):
            super().load_middleware(is_async)  # type: ignore[misc]

    def resolve_request(self, request: HttpRequest) -> ResolverMatch:
        """Django's ``resolve_request``, remembering the match of each of the last
        :data:`RESOLVED_PATHS` paths (a path that leads nowhere raises ``Resolver404`` each
        time: nothing is kept of it)."""
        if hasattr(request, "urlconf"):  # a request with its own URLs (none of Umpire's)
            found: ResolverMatch = super().resolve_request(request)  # type: ignore[misc]
            return found
        match = _resolved(get_resolver(), request.path_info)
        request.resolver_match = match
        return match


# The paths whose views the API's handler remembers: a few per game being played.
RESOLVED_PATHS = 4096


@lru_cache(maxsize=RESOLVED_PATHS)
def _resolved(resolver: URLResolver, path: str) -> ResolverMatch:
    """Where ``path`` leads through ``resolver`` (a new resolver, when the URLs change in a
    test, is a new key). A match is only read by the handler, never changed, so requests can
    share it: the view is called with a copy of its arguments."""
    return resolver.resolve(path)


class ApiHandler(ApiStack, WSGIHandler):
    pass


StartResponse = Callable[..., Any]


class Application:
    """Umpire's WSGI application: the API's handler under ``/api/``, the pages' elsewhere."""

    def __init__(self) -> None:
        self.pages = WSGIHandler()
        self.api = ApiHandler()

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        handler = self.api if takes_api_stack(environ.get("PATH_INFO", "")) else self.pages
        answer: Iterable[bytes] = handler(environ, start_response)
        return answer
