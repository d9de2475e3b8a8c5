"""Links to the "How to play" pages: a problem code's explanation (``{% problem_url game code %}``)."""

from __future__ import annotations

from django import template
from django.urls import NoReverseMatch, reverse

from umpire.server.web.howto import problem_anchor

register = template.Library()


@register.simple_tag
def problem_url(game: str, code: str) -> str:
    """The address of ``code``'s explanation on ``game``'s page, or "" for no such game."""
    try:
        return reverse("web:rules", args=[game]) + "#" + problem_anchor(code)
    except NoReverseMatch:
        return ""
