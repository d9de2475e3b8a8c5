"""Links to the "How to play" pages: a problem code's explanation (``{% problem_url game code scenario %}``)."""

from __future__ import annotations

from django import template
from django.urls import NoReverseMatch, reverse

from umpire.server.web.howto import problem_anchor

register = template.Library()


@register.simple_tag
def problem_url(game: str, code: str, scenario: str = "") -> str:
    """The address of ``code``'s explanation on the page of ``game`` (and ``scenario``, whose
    page explains what the scenario changes), or "" for no such game."""
    try:
        args = [game, scenario] if scenario else [game]
        name = "web:rules_scenario" if scenario else "web:rules"
        return reverse(name, args=args) + "#" + problem_anchor(code)
    except NoReverseMatch:
        return ""
