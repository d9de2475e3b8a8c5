"""What a player's profile and a family's leaderboard show, for the pages
(``web.community``) and the API (``api.community``) alike. A private game is never named:
its rows carry no id and no name (the page says "a private game")."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.http import Http404

from umpire.core import registry
from umpire.core.registry import UnknownGame
from umpire.server import community
from umpire.server.models import Rating, RatingChange

LEADERBOARD_SIZE = 100
HISTORY_SIZE = 200


def family_of(name: str) -> tuple[str, str]:
    """The registry name and title of game family ``name`` (404 when no game has it)."""
    try:
        game = registry.game(name)
    except (UnknownGame, ValueError) as err:
        raise Http404(f"no game {name!r}") from err
    return game.info.name, game.info.title


def _title(family: str) -> str:
    """A family's title; its name where its game is no longer installed."""
    try:
        return family_of(family)[1]
    except Http404:
        return family


def _game_facts(game: Any) -> dict[str, Any]:
    return {"id": game.pk if game.public else None, "name": game.name if game.public else None}


def profile_facts(user: User) -> dict[str, Any]:
    """What a player's profile shows (the page and the API alike)."""
    duties = [
        {
            "game": _game_facts(d.game),
            "turn": d.number,
            "label": d.label,
            "power": d.power,
            "in_time": d.in_time,
        }
        for d in community.duties_of(user, HISTORY_SIZE)
    ]
    changes: dict[str, list[dict[str, Any]]] = {}
    rows = list(
        RatingChange.objects.filter(user=user).select_related("game").order_by("-id")[:HISTORY_SIZE]
    )
    # Who else was rated in each of those games, and their places: what explains a change.
    others: dict[int, list[dict[str, Any]]] = {}
    for o in (
        RatingChange.objects.filter(game_id__in={c.game_id for c in rows})
        .exclude(user=user)
        .select_related("user")
        .order_by("rank", "user__username")
    ):
        others.setdefault(o.game_id, []).append({"username": o.user.username, "rank": o.rank})
    for c in rows:
        field = len(others.get(c.game_id, [])) + 1
        changes.setdefault(c.family, []).append(
            {
                "game": _game_facts(c.game),
                "power": c.power,
                "rank": c.rank,
                "of": field,  # rated players in the game, he included
                "tied": sum(1 for o in others.get(c.game_id, []) if o["rank"] == c.rank),
                "against": others.get(c.game_id, []) if c.game.public else [],
                "mu_before": round(c.mu_before, 3),
                "mu_after": round(c.mu_after, 3),
                "change": round(c.mu_after - c.mu_before, 3),
                "sigma_after": round(c.sigma_after, 3),
            }
        )
    ratings = [
        {
            "family": r.family,
            "title": _title(r.family),
            "mu": round(r.mu, 3),
            "sigma": round(r.sigma, 3),
            "ordinal": round(community.ordinal(r.mu, r.sigma), 3),
            "games": r.games,
            "history": changes.get(r.family, []),
        }
        for r in Rating.objects.filter(user=user).order_by("family")
    ]
    name = getattr(getattr(user, "profile", None), "display_name", "") or user.username
    return {
        "username": user.username,
        "display_name": name,
        "reliability": community.reliability_of(user),
        "turns": duties,
        "ratings": ratings,
    }


def leaderboard_facts(family: str) -> dict[str, Any]:
    name, title = family_of(family)
    rows = list(Rating.objects.filter(family=name).select_related("user"))
    rows.sort(key=lambda r: (-community.ordinal(r.mu, r.sigma), r.user.username))
    rows = rows[:LEADERBOARD_SIZE]
    figures = [round(community.ordinal(r.mu, r.sigma), 3) for r in rows]
    places = [  # equal figures share a place (1, 1, 3)
        figures.index(f) + 1 for f in figures
    ]
    return {
        "family": name,
        "title": title,
        "players": [
            {
                "place": places[i],
                "username": r.user.username,
                "ordinal": round(community.ordinal(r.mu, r.sigma), 3),
                "mu": round(r.mu, 3),
                "sigma": round(r.sigma, 3),
                "games": r.games,
            }
            for i, r in enumerate(rows)
        ],
    }


def player_or_404(username: str) -> User:
    user = User.objects.filter(username=username, is_active=True).first()
    if user is None:
        raise Http404(f"no player {username!r}")
    return user
