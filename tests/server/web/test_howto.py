"""The "How to play" pages (issue 29, item 10): every game and scenario has one, every
problem code has its anchor there, receipts link each refused line's code to it, and no text
a player reads names a file of the repository."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from umpire.core import registry
from umpire.core.errors import CORE
from umpire.server import errors as server_errors
from umpire.server.web.howto import catalogues, message_html, problem_anchor
from umpire.server.web.minimark import render

from .helpers import client_for, diplomacy_game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
SECTIONS = ("scenarios", "game", "turn", "orders", "printout", "rulings", "problems")
SRC = Path(__file__).resolve().parents[3] / "src" / "umpire"
# A file of the repository: a docs/ or src/ path, a Markdown file, a Python module.
REPO_PATH = re.compile(r"\bdocs/|\bsrc/umpire|\brulings/|\b[\w-]+\.md\b|\b[a-z_]+\.py\b")


def _scenarios() -> list[tuple[str, str]]:
    return [(g.info.name, s.name) for g in registry.installed() for s in g.info.scenarios]


@pytest.mark.parametrize(("game", "scenario"), _scenarios())
def test_every_game_and_scenario_has_its_page_with_its_sections(game: str, scenario: str) -> None:
    client = Client()
    for url in (f"/rules/{game}/", f"/rules/{game}/{scenario}/"):
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        for section in SECTIONS:
            assert f'id="{section}"' in html, (url, section)
        info = registry.game(game).info
        help_text = info.scenario(scenario).order_help or info.order_help
        first_example = help_text.splitlines()[1].split("  ")[0].strip()
        assert first_example.replace("'", "&#x27;") in html, (url, first_example)
        # our rulings are on the page, rendered (their first heading is a heading here)
        assert '<h3 id="ruling-' in html, url


def test_the_index_lists_every_game_and_unknown_ones_are_not_found() -> None:
    client = Client()
    html = client.get("/rules/").content.decode()
    for game in registry.installed():
        assert f'href="/rules/{game.info.name}/"' in html
    assert client.get("/rules/chess/").status_code == 404
    # a game named by an alias goes to its page's own address
    response = client.get("/rules/spi_ww2/6-player/")
    assert response.status_code == 302 and response["Location"] == "/rules/spi-ww2/6-player/"
    assert client.get("/rules/diplomacy/moon/").status_code == 404


@pytest.mark.parametrize("game", sorted({g for g, _ in _scenarios()}))
def test_every_problem_code_has_its_anchor_on_its_game_s_page(game: str) -> None:
    html = Client().get(f"/rules/{game}/").content.decode()
    own = registry.game(game).errors
    assert own is not None and len(own) > 0
    server = [c for c in vars(server_errors).values() if isinstance(c, type(CORE))]
    for catalogue in [own, CORE, *server]:
        for code in catalogue:
            assert f'id="{problem_anchor(code.code)}"' in html, (game, code.code)
    assert len(catalogues(game)) >= 3
    # every message that cites a rule ("section 8", "rule 4A", "D39 23") links to the part of
    # a page that explains it
    assert 'class="cites"' in html or game == "spi-ww2"
    assert "of the rulebook.</span>" not in html


def test_a_cited_rule_links_to_the_part_that_explains_it() -> None:
    """Battle Plan's messages cite "section 8" (its notation); Conquest's "rule 4A"."""
    bp = Client().get("/rules/battleplan/").content.decode()
    entry = bp.split(f'id="{problem_anchor("syntax/unknown_order")}"', 1)[1].split("</dd>")[0]
    assert "section 8" in entry and 'href="#orders"' in entry
    cq = Client().get("/rules/conquest/").content.decode()
    cited = [c for c in registry.game("conquest").errors or () if "(rule 4A)" in c.template]
    assert cited
    entry = cq.split(f'id="{problem_anchor(cited[0].code)}"', 1)[1].split("</dd>")[0]
    assert "rule 4A" in entry and 'href="#orders"' in entry
    # 1939 III's codes cite its paragraphs ("D39 23"): its page explains them in a part of
    # its own, which the game's page links to
    anchor = problem_anchor("illegal/no_tank")
    d39 = Client().get("/rules/diplomacy/1939-iii/").content.decode()
    assert 'id="d39"' in d39 and "T mun - cro via aus" in d39
    entry = d39.split(f'id="{anchor}"', 1)[1].split("</dd>")[0]
    assert "D39 23" in entry and 'href="#d39"' in entry
    dip = Client().get("/rules/diplomacy/").content.decode()
    entry = dip.split(f'id="{anchor}"', 1)[1].split("</dd>")[0]
    assert 'href="/rules/diplomacy/1939-iii/#d39"' in entry


def test_the_receipt_links_a_refused_line_s_code_to_its_explanation(gm: Any) -> None:
    game, users = diplomacy_game(gm[0])
    eng = client_for(users["ENG"])
    response = eng.post(
        f"/games/{game.pk}/orders/",
        {"orders": "A lvp - mos\nF lon - nth", "turn": game.turn},
        **HTMX,
    )
    html = response.content.decode()
    link = f'href="/rules/diplomacy/standard/#{problem_anchor("illegal/unreachable")}"'
    assert link in html and "[illegal/unreachable]</code></a>" in html
    # the anchor the receipt links to is on the page
    rules = Client().get("/rules/diplomacy/standard/").content.decode()
    assert f'id="{problem_anchor("illegal/unreachable")}"' in rules
    # the game page's "last received" box links it too, and links the page near the order box
    page = eng.get(f"/games/{game.pk}/").content.decode()
    assert link in page
    assert 'href="/rules/diplomacy/standard/"' in page


def test_the_site_s_navigation_and_the_lobby_link_the_pages(gm: Any) -> None:
    html = Client().get("/lobby/").content.decode()
    assert html.count('href="/rules/"') >= 2  # the navigation and the lobby's own line


def _player_texts() -> list[tuple[str, str]]:
    """Every text a player reads that is not made turn by turn: problem messages and their
    meanings, order help, scenario descriptions, the mail HELP reply, printout constants."""
    texts: list[tuple[str, str]] = []
    server = [c for c in vars(server_errors).values() if isinstance(c, type(CORE))]
    cats = [CORE, *server, *(g.errors for g in registry.installed() if g.errors)]
    for catalogue in cats:
        for code in catalogue:
            texts.append((code.code, code.template + " " + code.meaning))
    for game in registry.installed():
        info = game.info
        texts.append((info.name, info.order_help))
        for s in info.scenarios:
            texts += [(f"{info.name} {s.name}", s.order_help + " " + s.description)]
            texts += [(f"{info.name} {s.name} {who}", text) for who, text in s.power_help]
    texts.append(("help.txt", (SRC / "server" / "mail" / "help.txt").read_text()))
    for printout in sorted((SRC / "games").glob("*/printout.py")):
        tree = ast.parse(printout.read_text(encoding="utf-8"))
        for node in tree.body:  # module-level constants: headings, notes, notation help
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant | ast.Tuple):
                texts.append((str(printout), ast.unparse(node.value)))
    return texts


def test_no_player_facing_text_names_a_file_of_the_repository() -> None:
    texts = _player_texts()
    assert len(texts) > 300
    found = [(where, REPO_PATH.search(text)) for where, text in texts]
    assert [(w, m.group(0)) for w, m in found if m] == []
    # the pattern catches what it must
    assert REPO_PATH.search("see docs/rulings/spi-ww2.md") and REPO_PATH.search("game.py")


def test_our_markdown_escapes_everything_it_is_given() -> None:
    html = render("# A <b>\n\n| a | b |\n| --- | --- |\n| `<i>` | **x** |\n\n- one\n  two")
    assert "<b>" not in html and "&lt;b&gt;" in html and "<code>&lt;i&gt;</code>" in html
    assert "<strong>x</strong>" in html and "<li>one two</li>" in html


def test_a_message_s_fields_read_as_words_on_the_page() -> None:
    html = message_html("{reason}: {text!r} <x>{unit_kind}")
    assert html == "<var>reason</var>: <var>your line</var> &lt;x&gt;<var>unit kind</var>"
    page = Client().get("/rules/diplomacy/").content.decode()
    assert "{text!r}" not in page and "<var>your line</var>" in page


# A repository path as our rulings used to name them: a folder of the tree, a data or code
# file, a Markdown file ("src/umpire/...", "tests/games/...", "data/board.toml", "options.py").
TREE_PATH = re.compile(
    r"\b(?:src|tests|docs|bench|scripts|shared|rulings)/|\bdata/[\w./*-]+"
    r"|\b[\w*-]+\.(?:py|md|toml)\b"
)


@pytest.mark.parametrize(("game", "scenario"), _scenarios())
def test_no_rendered_how_to_play_page_names_a_repository_path(game: str, scenario: str) -> None:
    """Issue 29 item 10: our rulings are rendered on the page (the whole of every rulings file
    of the game and scenario); none of their text points at the source tree."""
    for url in (f"/rules/{game}/", f"/rules/{game}/{scenario}/"):
        html = Client().get(url).content.decode()
        text = re.sub(r"<[^>]+>", " ", html)  # what a reader sees, not the markup's addresses
        assert '<h3 id="ruling-' in html, url
        assert [m.group(0) for m in TREE_PATH.finditer(text)] == [], url
    assert TREE_PATH.search("(`tests/games/conquest/test_cotw_battle.py`)")
    assert TREE_PATH.search("in `data/board.toml`") and TREE_PATH.search("(`options.py`)")
