"""A strict Content-Security-Policy on every answer, and no inline script in any template
(issue 30): a script injected into a page, were one ever to get through the escaping, would
not run."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from umpire.server.middleware import CONTENT_SECURITY_POLICY

from .helpers import client_for, diplomacy_game

TEMPLATES = Path(__file__).parents[3] / "src" / "umpire"


def test_the_policy_allows_no_inline_script() -> None:
    directives = dict(d.split(" ", 1) for d in CONTENT_SECURITY_POLICY.split("; "))
    assert directives["script-src"] == "'self'"
    assert "unsafe-inline" not in directives["script-src"]
    assert directives["object-src"] == "'none'" and directives["frame-ancestors"] == "'none'"


def test_no_template_has_an_inline_script_or_event_handler() -> None:
    templates = list(TEMPLATES.rglob("*.html"))
    assert len(templates) > 10
    bad = []
    for path in templates:
        text = path.read_text()
        for tag in re.findall(r"<script\b[^>]*>", text, re.I):
            if "src=" not in tag:
                bad.append(f"{path.name}: {tag}")
        for attr in re.findall(r"<[^>]*\s(on[a-z]+)\s*=", text, re.I):
            bad.append(f"{path.name}: {attr}=")
    assert not bad, bad


@pytest.mark.django_db
def test_every_kind_of_answer_carries_the_policy(gm: Any) -> None:
    user = gm[0]
    user.is_superuser = user.is_staff = True
    user.save()
    game, players = diplomacy_game(user)
    pages = client_for(user)
    player = client_for(players["ENG"])
    anonymous = Client()
    answers = {
        "lobby": anonymous.get("/lobby/"),
        "login": anonymous.get("/accounts/login/"),
        "game page": player.get(f"/games/{game.pk}/"),
        "map": player.get(f"/games/{game.pk}/map/europe/"),
        "gm console": pages.get(f"/gm/{game.pk}/"),
        "admin": pages.get("/admin/"),
        "not found": anonymous.get("/no/such/page/"),
        "refused parameter": anonymous.get("/lobby/", {"before": "x" * 50_000}),
        "api": anonymous.get("/api/games"),
        "api docs": anonymous.get("/api/openapi.json"),
    }
    missing = [k for k, r in answers.items() if r.get("Content-Security-Policy") is None]
    assert not missing
    assert {r["Content-Security-Policy"] for r in answers.values()} == {CONTENT_SECURITY_POLICY}


def test_the_gm_roll_back_asks_first_without_an_inline_handler() -> None:
    web = TEMPLATES / "server" / "web"
    html = (web / "templates" / "web" / "gm_game.html").read_text()
    assert 'data-confirm="Undo the last processed turn?"' in html
    assert "onsubmit" not in html
    script = (web / "static" / "web" / "umpire.js").read_text()
    assert "dataset.confirm" in script
