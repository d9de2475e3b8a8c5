"""Template helpers: links to the account pages (when installed), times and countdowns."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import template
from django.urls import NoReverseMatch, reverse
from django.utils.dateparse import parse_datetime
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from umpire.core.ruleset import power_label

register = template.Library()


@register.simple_tag
def account_url(name: str) -> str:
    """The address of an account page (django-allauth's ``account_login`` etc.), or ""."""
    try:
        return reverse(name)
    except NoReverseMatch:
        return ""


def _when(value: Any) -> datetime | None:
    if isinstance(value, datetime):
        return value
    if isinstance(value, str) and value:
        return parse_datetime(value)
    return None


@register.simple_tag
def deadline(value: Any) -> SafeString:
    """A deadline in UTC, with a countdown and the viewer's local time filled in by script."""
    when = _when(value)
    if when is None:
        return mark_safe('<span class="deadline none">no deadline</span>')  # a constant
    iso = when.isoformat()
    return format_html(
        '<span class="deadline" data-deadline="{}">'
        '<span class="countdown"></span> '
        '<span class="local"></span> '
        '<time class="utc" datetime="{}">{} UTC</time></span>',
        iso,
        iso,
        when.strftime("%a %d %b %Y %H:%M"),
    )


@register.filter
def utc(value: Any) -> str:
    when = _when(value)
    return when.strftime("%d %b %Y %H:%M UTC") if when else ""


@register.filter
def split(value: str) -> list[str]:
    return value.split()


@register.filter
def powers_of(facts: dict[str, Any]) -> list[tuple[str, str]]:
    """The powers a player may ask for when joining this game: (code, what a person reads,
    the full name with the code beside it, "Ukraine (UK)")."""
    from umpire.core import registry

    info = registry.get(facts["game"]).info.scenario(facts["scenario"])
    names = dict(info.names)
    return [(p, power_label(p, names)) for p in info.default_powers or info.powers]


@register.filter
def power_in(power: str, facts: dict[str, Any]) -> str:
    """``power`` as a person reads it in this game (``facts``: the game's facts): "Ukraine
    (UK)"; its code where the scenario names it not."""
    from umpire.core import registry

    try:
        info = registry.get(facts["game"]).info.scenario(facts["scenario"])
    except (KeyError, LookupError):
        return power
    return power_label(power, dict(info.names))


@register.filter
def powers_in(powers: list[str] | None, facts: dict[str, Any]) -> str:
    """``powers`` as a person reads them in this game, in a line: "England (ENG), France
    (FRA)" ("" for none)."""
    return ", ".join(power_in(p, facts) for p in powers or [])


@register.filter
def game_title(facts: dict[str, Any]) -> str:
    """The game and its scenario as people name them ("World Wide Battle Plan: Equal Forces",
    not "Battle Plan · equal"); the scenario's code where the game no longer has it."""
    from umpire.core import registry

    info = registry.game(facts["game"]).info
    try:
        return scenario_title(info.title, info.scenario(facts["scenario"]).title)
    except KeyError:
        return f"{info.title} · {facts['scenario']}"


def scenario_title(game: str, scenario: str) -> str:
    """A scenario's title, after its game's unless the scenario's names the game already."""
    return scenario if game in scenario else f"{game}: {scenario}"


@register.filter
def preferences_help(facts: dict[str, Any]) -> str:
    """What a player lists when joining a game that seats players itself (core's
    HasSeating: starting spaces, positions and a fee); "" for a game of power names."""
    from umpire.core import registry

    seating = registry.game(facts["game"]).capabilities(facts["scenario"]).seating
    return seating.preferences_help if seating is not None else ""


@register.filter
def minutes(value: Any) -> str:
    """A turn length: "48 h", "1 h 30 min", "45 min"."""
    try:
        total = int(value)
    except (TypeError, ValueError):
        return ""
    hours, mins = divmod(total, 60)
    if not hours:
        return f"{mins} min"
    return f"{hours} h" + (f" {mins} min" if mins else "")


@register.filter
def audit_details(details: Any) -> str:
    """An audit entry's details as a game master reads them: ``key: value`` pairs, nested
    settings as ``settings.press: full``, yes/no for flags, lists joined by commas."""
    if not isinstance(details, dict):
        return "" if details is None else str(details)
    return "; ".join(f"{key}: {text}" for key, text in _pairs(details, ""))


def _pairs(details: dict[str, Any], prefix: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for key, value in details.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and value:
            out.extend(_pairs(value, name + "."))
        else:
            out.append((name, _plain(value)))
    return out


def _plain(value: Any) -> str:
    if value is None or value == {} or value == []:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_plain(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}={_plain(v)}" for k, v in value.items())
    return str(value)


@register.filter
def preference_choices(facts: dict[str, Any]) -> list[tuple[str, str]]:
    """The list a player joining such a game chooses from, where the game shows one (World
    Wide Real Forces: the price list, each position's code and its name and turn fee)."""
    from umpire.core import registry

    ruleset = registry.game(facts["game"]).ruleset(facts["scenario"])
    return list(getattr(ruleset, "preference_choices", ()))
