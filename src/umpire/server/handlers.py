"""The pages' middleware and the API's in one stack: the pages' middleware passes API calls
by (issue 18; issue 28: Django's public middleware interface only).

The pages need sessions, CSRF, logins, messages, htmx and allauth around every request; a
token-authenticated API call needs none of them (CSRF stays listed by its own name for every
request: Django's deploy check looks for that name, and the API's views are exempt from it) (it never reads ``request.user`` or a
session, and a session cookie must not authenticate it). Passing an API read through the
pages' middleware cost about a fifth of its CPU. So each middleware only the pages need is
listed in ``settings.MIDDLEWARE`` wrapped in :class:`PagesOnly`: for a request that
:func:`takes_api_stack` it hands the request straight on (and its hooks do nothing), for any
other it is the middleware itself. An API call thus meets Django's security headers and HTTPS
redirect, its common middleware (``Content-Length``), the frame header, the Content Security
Policy, the API's error format, and allauth's middleware (which allauth requires by name in
the setting; for an API call it only sets up its request context). The account calls (``/api/auth/...``, which go through
allauth's login, throttling and mails) and the API's documentation pages keep the pages'
middleware.

The handler also remembers where the API's recent paths lead (:func:`_resolved`): finding the
view of an order submission among the API's addresses cost about 6% of the request.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from django.contrib.auth.middleware import AuthenticationMiddleware
from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.sessions.middleware import SessionMiddleware
from django.core.handlers.wsgi import WSGIHandler
from django.http import HttpRequest, HttpResponse
from django.urls import ResolverMatch, URLResolver, get_resolver
from django.utils.module_loading import import_string

from umpire.server.middleware import API_PREFIX

# Under /api/ but served with the pages' middleware: allauth's account flows, the docs.
PAGE_STACK = (f"{API_PREFIX}auth/", f"{API_PREFIX}docs", f"{API_PREFIX}openapi.json")


def takes_api_stack(path: str) -> bool:
    """Whether a request for ``path`` skips the pages' own middleware (:class:`PagesOnly`)."""
    return path.startswith(API_PREFIX) and not path.startswith(PAGE_STACK)


GetResponse = Callable[[HttpRequest], HttpResponse]


class PagesOnly:
    """The middleware named by ``inner`` (a dotted path) for the pages; for an API call
    (:func:`takes_api_stack`) the request goes straight on and the hooks do nothing. A
    middleware Django's way (a factory of ``get_response``, with the optional ``process_view``,
    ``process_exception`` and ``process_template_response`` hooks), synchronous like the
    server."""

    inner = ""
    sync_capable = True
    async_capable = False

    def __init__(self, get_response: GetResponse) -> None:
        self.get_response = get_response
        # MiddlewareNotUsed from the wrapped middleware leaves this one out as well.
        self.wrapped = import_string(self.inner)(get_response)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if takes_api_stack(request.path_info):
            return self.get_response(request)
        response: HttpResponse = self.wrapped(request)
        return response

    def process_view(self, request: HttpRequest, view: Any, args: Any, kwargs: Any) -> Any:
        hook = getattr(self.wrapped, "process_view", None)
        if hook is None or takes_api_stack(request.path_info):
            return None
        return hook(request, view, args, kwargs)

    def process_exception(self, request: HttpRequest, exception: Exception) -> Any:
        hook = getattr(self.wrapped, "process_exception", None)
        if hook is None or takes_api_stack(request.path_info):
            return None
        return hook(request, exception)

    def process_template_response(self, request: HttpRequest, response: Any) -> Any:
        hook = getattr(self.wrapped, "process_template_response", None)
        if hook is None or takes_api_stack(request.path_info):
            return response
        return hook(request, response)


# The pages' own middleware, each by its name in settings.MIDDLEWARE.
class StaticFiles(PagesOnly):
    inner = "whitenoise.middleware.WhiteNoiseMiddleware"


class GZip(PagesOnly):
    inner = "django.middleware.gzip.GZipMiddleware"


class InputLimits(PagesOnly):
    inner = "umpire.server.middleware.InputLimits"


# Django's system checks look for these three as subclasses of their own classes (the admin's
# E408-E410): each wrapper is one, though it serves through ``wrapped``, as every wrapper does.
class Sessions(PagesOnly, SessionMiddleware):  # type: ignore[misc]  # same get_response
    inner = "django.contrib.sessions.middleware.SessionMiddleware"


class Authentication(PagesOnly, AuthenticationMiddleware):  # type: ignore[misc]
    inner = "django.contrib.auth.middleware.AuthenticationMiddleware"


class Messages(PagesOnly, MessageMiddleware):  # type: ignore[misc]
    inner = "django.contrib.messages.middleware.MessageMiddleware"


class Htmx(PagesOnly):
    inner = "django_htmx.middleware.HtmxMiddleware"


# The paths whose views the handler remembers: a few per game being played.
RESOLVED_PATHS = 4096


@lru_cache(maxsize=RESOLVED_PATHS)
def _resolved(resolver: URLResolver, path: str) -> ResolverMatch:
    """Where ``path`` leads through ``resolver`` (a new resolver, when the URLs change in a
    test, is a new key). A match is only read by the handler, never changed, so requests can
    share it: the view is called with a copy of its arguments."""
    return resolver.resolve(path)


class Application(WSGIHandler):
    """Umpire's WSGI application: Django's, remembering where the API's recent paths lead (a
    path that leads nowhere raises ``Resolver404`` each time: nothing is kept of it)."""

    def resolve_request(self, request: HttpRequest) -> ResolverMatch:
        if hasattr(request, "urlconf") or not takes_api_stack(request.path_info):
            found: ResolverMatch = super().resolve_request(request)
            return found
        match = _resolved(get_resolver(), request.path_info)
        request.resolver_match = match
        return match
