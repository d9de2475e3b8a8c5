from urllib.parse import urlencode

from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import include, path, reverse
from django.utils.http import url_has_allowed_host_and_scheme

from umpire.server.api.app import api
from umpire.server.health import healthz


def admin_login(request: HttpRequest) -> HttpResponse:
    """The admin has no login form of its own: every password is checked by the account
    pages, whose failed attempts are throttled per account and per address."""
    target = request.GET.get("next", "/admin/")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        target = "/admin/"
    return redirect(f"{reverse('account_login')}?{urlencode({'next': target})}")


urlpatterns = [
    path("api/", api.urls),  # first: the addresses asked most often
    path("healthz", healthz),  # for a monitor: web and task worker alive (health.py)
    path("admin/login/", admin_login),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("", include("umpire.server.web.urls")),
]
