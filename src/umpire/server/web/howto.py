"""The "How to play" pages: ``/rules/`` lists the games, ``/rules/<game>/`` and
``/rules/<game>/<scenario>/`` explain one game (or scenario): the game, the turn, the orders
with their notation, the printout, our rulings, and every problem a player can be sent.

Each problem code has its anchor (:func:`problem_anchor`: ``#problem-order-unknown_space``),
so a receipt links a refused line's code to the explanation. A message that cites a rule
("section 8", "rule 4A") links to the part of the page that explains that rule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from html import escape
from pathlib import Path

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from umpire.core import registry
from umpire.core.errors import CORE, Catalogue, Code
from umpire.core.ruleset import GameInfo, ScenarioInfo
from umpire.server import errors as server_errors
from umpire.server.web.howto_text import PARTS, RULINGS, SCENARIO_PARTS, Part
from umpire.server.web.minimark import render as markdown

# Our rulings (docs/rulings/*.md in the source tree; the page says so when they are absent).
RULINGS_DIR = Path(__file__).resolve().parents[4] / "docs" / "rulings"
FIELD = re.compile(r"\{(\w+)(?:![rsa])?(?::[^}]*)?\}")
# How a message's fields read on the page (the others: their name, in words).
FIELD_WORDS = {"text": "your line", "context": "in your line", "rest": "the rest"}
# "section 8", "rule 4A", "rules 11A" or a rule id: "(D39 23)", "(OWW 4.7)".
CITATION = re.compile(
    r"\b(?:(?:section|rule)s?|D39|OWW|SPI|BP|COTW) (\d+[A-Z]?(?:\.\d+(?:\.\d+)?[a-z]?)?)\b"
)


def problem_anchor(code: str) -> str:
    """The anchor of a problem code on its game's page: ``problem-order-unknown_space``."""
    return "problem-" + code.replace("/", "-")


def message_html(template: str) -> SafeString:
    """A message template as a player reads it: each field a ``<var>`` in words
    (``{text!r}`` is "your line"), the rest escaped."""
    out = []
    last = 0
    for found in FIELD.finditer(template):
        out.append(escape(template[last : found.start()]))
        name = found.group(1)
        out.append(f"<var>{escape(FIELD_WORDS.get(name, name.replace('_', ' ')))}</var>")
        last = found.end()
    out.append(escape(template[last:]))
    return mark_safe("".join(out))  # every piece escaped above


@dataclass(frozen=True, slots=True)
class Problem:
    anchor: str
    code: str
    template: SafeString
    meaning: str
    cites: str  # the rule the message cites ("section 8"), or ""
    explained_at: str  # the address of the part explaining it ("#orders"), or ""
    explained_in: str  # that part's title


def _explained(game: str, parts: tuple[Part, ...], text: str) -> tuple[str, str, str]:
    """(the citation, the address of the part explaining it, that part's title): a part of
    this page, else a part a scenario's page adds; ("", "", "") when nothing is cited."""
    found = CITATION.search(text)
    if found is None:
        return "", "", ""
    rule = found.group(1)
    for part in parts:
        if rule in part.rules:
            return found.group(0), f"#{part.anchor}", part.title
    for (name, scenario), extra in SCENARIO_PARTS.items():
        for part in extra:
            if name == game and rule in part.rules:
                href = reverse("web:rules_scenario", args=[game, scenario]) + f"#{part.anchor}"
                return found.group(0), href, part.title
    return found.group(0), "", ""


def _problems(game: str, parts: tuple[Part, ...], catalogue: Catalogue) -> list[Problem]:
    def one(c: Code) -> Problem:
        cites, at, title = _explained(game, parts, c.template + " " + c.meaning)
        return Problem(
            problem_anchor(c.code), c.code, message_html(c.template), c.meaning, cites, at, title
        )

    return [one(c) for c in catalogue]


def catalogues(game: str) -> list[tuple[str, Catalogue]]:
    """The catalogues whose codes a player of ``game`` can receive: the game's own, core's
    and the server's (a code declared by two layers is listed once, under the first)."""
    found: list[tuple[str, Catalogue]] = []
    own = registry.game(game).errors
    if own is not None:
        found.append(("Problems with your orders", own))
    found.append(("Problems with a submission or a turn", CORE))
    found += [
        ("Problems from the server", c)
        for c in vars(server_errors).values()
        if isinstance(c, Catalogue)
    ]
    return found


@cache
def _rulings(name: str) -> str:
    path = RULINGS_DIR / name
    if not path.is_file():
        return ""
    return markdown(path.read_text(encoding="utf-8"), level=2, prefix="ruling-")


def _info(game: str, scenario: str | None) -> tuple[GameInfo, ScenarioInfo]:
    try:
        info = registry.game(game).info
    except (registry.UnknownGame, registry.GameUnavailable) as exc:
        raise Http404(f"no game {game!r}") from exc
    try:
        return info, info.scenario(scenario)
    except KeyError as exc:
        raise Http404(f"{game} has no scenario {scenario!r}") from exc


def index(request: HttpRequest) -> HttpResponse:
    games = [g.info for g in registry.installed()]
    return render(request, "web/howto_index.html", {"games": games})


def rules(request: HttpRequest, game: str, scenario: str | None = None) -> HttpResponse:
    info, chosen = _info(game, scenario)
    if info.name != game:  # an alias ("spi_ww2", "dip"): the page's own address
        args = [info.name, chosen.name] if scenario else [info.name]
        return redirect(reverse("web:rules_scenario" if scenario else "web:rules", args=args))
    parts = PARTS.get(info.name, ()) + SCENARIO_PARTS.get((info.name, chosen.name), ())
    files = RULINGS.get((info.name, chosen.name), RULINGS.get((info.name, ""), ()))
    seen: set[str] = set()
    groups = []
    for title, catalogue in catalogues(info.name):
        problems = [p for p in _problems(info.name, parts, catalogue) if p.code not in seen]
        seen.update(p.code for p in problems)
        groups.append((title, problems))
    ctx = {
        "info": info,
        "scenario": chosen,
        "scenario_named": scenario is not None,
        "parts": [(p, _html(p.text)) for p in parts],
        "order_help": chosen.order_help or info.order_help,
        "rulings": [(f, mark_safe(_rulings(f))) for f in files],  # minimark escapes all it is given
        "groups": groups,
    }
    return render(request, "web/howto.html", ctx)


def _html(text: str) -> SafeString:
    return mark_safe(markdown(text))  # minimark escapes all it is given
