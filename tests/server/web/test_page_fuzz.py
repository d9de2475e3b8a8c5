"""No page answers 5xx, whatever its query and form parameters and path numbers (issue 30).

Every URL pattern outside the API (the site's pages, allauth's account pages, the admin) is
found from the URL configuration, so a page added later is fuzzed too; the parameters tried
are every name the pages' code reads (``request.GET``/``request.POST`` keys found in the
source), the forms' fields, allauth's, and the admin's lookups on every field of its models.
Each is sent empty, as garbage, as Unicode digits (``"²".isdigit()`` is true), as 5,000
digits, with a NUL, and 50,001 characters long; path numbers are also 0 and 20 digits long.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib import admin
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from umpire.server.models import Game
from umpire.server.web import gm as gm_actions

from .helpers import client_for, diplomacy_game

pytestmark = pytest.mark.django_db

WEB = Path(__file__).parents[3] / "src" / "umpire" / "server"

VALUES = [
    "",
    "²",
    "٣٤",
    "9" * 5000,
    "-1",
    "1e999",
    "nan",
    "x\x00y",
    "<script>alert(1)</script>",
    "ünïcødé ☃ 𝔘",
    "A" * 50_001,
]

# allauth's forms and the admin's own changelist parameters.
KNOWN = [
    "login",
    "password",
    "password1",
    "password2",
    "email",
    "username",
    "remember",
    "key",
    "code",
    "next",
    "q",
    "o",
    "p",
    "e",
    "all",
    "_changelist_filters",
    "_popup",
    "_to_field",
]


def source_parameters() -> list[str]:
    """Every parameter name the server's code reads from a request or declares in a form."""
    names: set[str] = set(KNOWN)
    for path in WEB.rglob("*.py"):
        text = path.read_text()
        names |= set(re.findall(r"(?:GET|POST|post)\.get(?:list)?\(\s*\"(\w+)\"", text))
        names |= set(re.findall(r"_param\(\s*request\.(?:GET|POST),\s*\"(\w+)\"", text))
        names |= set(re.findall(r"^\s+(\w+) = forms\.\w+Field\(", text, re.M))
    for template in WEB.rglob("*.html"):
        names |= set(re.findall(r'name="(\w+)"', template.read_text()))
    return sorted(names)


def admin_parameters() -> dict[str, list[str]]:
    """For each admin changelist (``umpire/game/``), lookups on every field of its model."""
    out = {}
    for model in admin.site._registry:
        meta = model._meta
        out[f"admin/{meta.app_label}/{meta.model_name}/"] = sorted(
            f"{field.name}{lookup}"
            for field in meta.get_fields()
            for lookup in ("", "__contains", "__gt", "__in", "__isnull", "__regex")
        )
    return out


def patterns(resolver: URLResolver | None = None, prefix: str = "") -> Iterator[str]:
    """The route of every URL pattern, as a regular-expression-free template."""
    for entry in (resolver or get_resolver()).url_patterns:
        route = str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from patterns(entry, prefix + route)
        elif isinstance(entry, URLPattern):
            yield prefix + route


def concrete(route: str, game: Game, number: str) -> str | None:
    """A path for ``route``: its numbers ``number`` (the game's id where ``number`` is
    empty), other parts a word the page knows; None for a route given as a regex."""
    if route.startswith("^") or "(?P" in route:
        route = route.lstrip("^").rstrip("$")
        route = re.sub(r"\(\?P<(\w+)>[^)]*\)", r"<\1>", route)
        route = route.replace("\\", "")
        if re.search(r"[()\[\]*+?]", route):
            return None
    names = {
        "region": "europe",
        "action": "replace",
        "app_label": "umpire",
        "object_id": str(game.pk),
        "path": "x",
        "provider_id": "x",
        "key": "x",
        "uidb36": "x",
        "username": "gamemaster",  # the profile of the game's game master
        "family": "diplomacy",  # a leaderboard
        "game": "diplomacy",  # a game's rules, its sandbox
        "scenario": "1939-iii",
    }

    def fill(m: re.Match[str]) -> str:
        kind, _, name = m.group(1).rpartition(":")
        if kind == "int" or name in ("game_id", "turn", "token_id", "object_id"):
            return number or str(game.pk)
        return names.get(name, "x")

    return "/" + re.sub(r"<([\w:]+)>", fill, route)


def page_routes() -> list[str]:
    return sorted({r for r in patterns() if not r.startswith("api/") and "static" not in r})


def test_the_fuzz_knows_the_pages_and_their_parameters() -> None:
    """The enumeration finds the pages of the site, the accounts and the admin, and the
    parameters of the issue's attacks (a test that finds nothing would prove nothing)."""
    routes = page_routes()
    assert "games/<int:game_id>/map/<slug:region>/" in routes
    assert "gm/<int:game_id>/<str:action>/" in routes
    assert any(r.startswith("accounts/") and "login" in r for r in routes)
    assert any(r.startswith("admin/") for r in routes)
    params = source_parameters()
    assert {"turn", "power", "login", "orders", "text", "unit", "order"} <= set(params)
    assert "initial_state__contains" in admin_parameters()["admin/umpire/game/"]


# What the less powerful clients send (the game master's client sends every value).
SOME = ["²", "9" * 5000, "x\x00y", "A" * 50_001]


def _requests(
    client: Client, path: str, params: list[str], values: list[str], post: bool
) -> Iterator[tuple[str, Any]]:
    for value in values:  # every parameter at once: each view reads its own
        data = {p: value for p in params}
        yield f"GET {path} all={value[:12]!r}", client.get(path, data)
        if post:
            yield f"POST {path} all={value[:12]!r}", client.post(path, data)


def test_no_page_answers_5xx_to_any_parameter(gm: Any) -> None:
    user = gm[0]
    user.is_superuser = user.is_staff = True
    user.save()
    game, players = diplomacy_game(user)
    clients = {"gm": client_for(user), "player": client_for(players["ENG"]), "anonymous": Client()}
    for c in clients.values():
        c.raise_request_exception = False
    params = source_parameters()
    lookups = admin_parameters()
    failures: list[str] = []
    tried = 0

    def check(who: str, got: Iterator[tuple[str, Any]]) -> None:
        nonlocal tried
        for what, response in got:
            tried += 1
            if response.status_code >= 500 and not (
                # /healthz answers 503 by design while no task worker beats (none runs here)
                what.split()[1] == "/healthz" and response.status_code == 503
            ):
                failures.append(f"{who}: {what} -> {response.status_code}")

    for route in page_routes():
        on_admin = route.startswith("admin/")
        path = concrete(route, game, "")
        if path is None:
            continue
        if "<str:action>" in route:  # every game-master action, each with every value
            for action in gm_actions.ACTIONS:
                other = path.replace("/replace/", f"/{action}/")
                check("gm", _requests(clients["gm"], other, params, VALUES, post=True))
        for who, client in clients.items():
            if on_admin and who != "gm":
                continue
            values = VALUES if who == "gm" else SOME
            check(who, _requests(client, path, params, values, post=not on_admin))
            for number in ("0", "9" * 20):  # the path's numbers alone
                other = concrete(route, game, number)
                if other is not None and other != path:
                    check(who, iter([(f"GET {other}", client.get(other))]))
        for i, lookup in enumerate(lookups.get(route, [])):  # each admin lookup alone
            value = VALUES[i % len(VALUES)]
            check("gm", iter([(f"GET {path} {lookup}", clients["gm"].get(path, {lookup: value}))]))
    assert tried > 1000
    assert not failures, "\n".join(failures[:40])


@pytest.mark.parametrize(
    ("path", "data", "method"),
    [
        ("/games/{id}/map/europe/", {"turn": "²"}, "get"),
        ("/games/{id}/map/europe/", {"turn": "9" * 5000}, "get"),
        ("/accounts/login/", {"login": "a" * 50_001, "password": "x"}, "post"),
        ("/gm/{id}/replace/", {"power": "P" * 100_000}, "post"),
        ("/admin/umpire/game/", {"initial_state__contains": "x"}, "get"),
        ("/games/{id}/", {}, "get"),
    ],
)
def test_the_issues_attacks_are_refused_without_a_500(
    gm: Any, path: str, data: dict[str, str], method: str
) -> None:
    user = gm[0]
    user.is_superuser = user.is_staff = True
    user.save()
    game, _ = diplomacy_game(user)
    client = client_for(user)
    client.raise_request_exception = False
    response = getattr(client, method)(path.format(id=game.pk), data)
    assert response.status_code < 500
    if len("".join(data.values())) > 10_000:
        assert response.status_code == 400
