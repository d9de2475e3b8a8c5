from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.urls import path

from umpire.server.api import api


def index(request: HttpRequest) -> HttpResponse:
    return HttpResponse(
        "<!doctype html><title>Umpire</title><h1>Umpire</h1>"
        '<p><a href="/api/docs">API documentation</a> · '
        '<a href="/api/public/games">public games</a> · '
        '<a href="/admin/">game masters</a></p>'
    )


urlpatterns = [
    path("", index, name="index"),
    path("admin/", admin.site.urls),
    path("api/", api.urls),
]
