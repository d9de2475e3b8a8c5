"""The public pages of the community figures: a player's profile (``/players/<username>/``:
his reliability with the turns that counted, his ratings with the games behind each change),
a leaderboard per game family (``/ratings/<family>/``), and each player's reliability in the
lobby."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from umpire.core import registry
from umpire.server import community
from umpire.server.models import Enrollment
from umpire.server.profiles import leaderboard_facts, player_or_404, profile_facts


def profile(request: HttpRequest, username: str) -> HttpResponse:
    return render(request, "web/player.html", profile_facts(player_or_404(username)))


def leaderboards(request: HttpRequest) -> HttpResponse:
    """``/ratings/``: the first installed family's leaderboard (each links to the others)."""
    games = registry.installed()
    return redirect("web:ratings", games[0].info.name if games else "diplomacy")


def leaderboard(request: HttpRequest, family: str) -> HttpResponse:
    families = [(g.info.name, g.info.title) for g in registry.installed()]
    return render(request, "web/ratings.html", {**leaderboard_facts(family), "families": families})


def add_players(rows: list[dict[str, Any]]) -> None:
    """Beside each forming game of the lobby, the players who joined it and their
    reliability (``players``: username and percentage, None when no turn was due yet)."""
    joined = Enrollment.objects.filter(game_id__in=[r["id"] for r in rows], standby=False)
    pairs = list(joined.values_list("game_id", "user_id", "user__username"))
    percent = community.reliability_by_user({u for _, u, _ in pairs})
    by_game: dict[int, list[dict[str, Any]]] = {}
    for game_id, user_id, username in pairs:
        by_game.setdefault(game_id, []).append(
            {"username": username, "reliability": percent.get(user_id)}
        )
    for row in rows:
        row["players"] = by_game.get(row["id"], [])
