"""A small Markdown to HTML renderer for our own texts (the rulings, the "How to play" pages).

It knows what those texts use: ``#`` headings, paragraphs, ``-`` and ``1.`` lists (with
continuation lines), ``|`` tables, fenced code, and inline ``code``, **bold** and *italics*.
Everything is escaped first, so no text can put markup of its own on the page.

>>> render("# Title\\n\\nSome `A par - bur` and **bold** <b>.")
'<h3 id="title">Title</h3>\\n<p>Some <code>A par - bur</code> and <strong>bold</strong> &lt;b&gt;.</p>'
"""

from __future__ import annotations

import re
from html import escape

CODE = re.compile(r"`([^`]+)`")
BOLD = re.compile(r"\*\*(.+?)\*\*")
ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
ITEM = re.compile(r"^(\s*)(?:[-*]|\d+\.)\s+(.*)$")


def slug(text: str) -> str:
    """An anchor made of a heading: lower case, words joined by ``-``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def inline(text: str) -> str:
    """One line's text, escaped, with its inline code, bold and italics."""
    parts = CODE.split(text)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(f"<code>{escape(part)}</code>")
        else:
            done = BOLD.sub(r"<strong>\1</strong>", escape(part))
            out.append(ITALIC.sub(r"<em>\1</em>", done))
    return "".join(out)


def _table(rows: list[str]) -> str:
    cells = [[c.strip() for c in r.strip().strip("|").split("|")] for r in rows]
    body = [r for r in cells[1:] if not all(set(c) <= set("-: ") for c in r)]
    head = "".join(f"<th>{inline(c)}</th>" for c in cells[0])
    lines = ["<tr>" + "".join(f"<td>{inline(c)}</td>" for c in r) + "</tr>" for r in body]
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(lines)}</tbody></table>"


def render(text: str, *, level: int = 2, prefix: str = "") -> str:
    """``text`` as HTML. Headings start at ``<h{level + 1}>`` for ``#``; each gets the anchor
    ``prefix`` + its slug."""
    blocks: list[str] = []
    para: list[str] = []
    items: list[str] = []
    ordered = False
    lines = text.replace("\r\n", "\n").split("\n")

    def flush() -> None:
        nonlocal para, items
        if para:
            blocks.append(f"<p>{inline(' '.join(para))}</p>")
        if items:
            tag = "ol" if ordered else "ul"
            body = "".join(f"<li>{inline(i)}</li>" for i in items)
            blocks.append(f"<{tag}>{body}</{tag}>")
        para, items = [], []

    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if stripped.startswith("```"):
            flush()
            code = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith("```"):
                code.append(lines[i])
                i += 1
            blocks.append(f"<pre>{escape(chr(10).join(code))}</pre>")
        elif not stripped:
            flush()
        elif stripped.startswith("#"):
            flush()
            hashes = len(stripped) - len(stripped.lstrip("#"))
            title = stripped[hashes:].strip()
            n = min(6, level + hashes)
            blocks.append(f'<h{n} id="{prefix}{slug(title)}">{inline(title)}</h{n}>')
        elif stripped.startswith("|"):
            flush()
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append(lines[i])
                i += 1
            blocks.append(_table(rows))
            continue
        elif (m := ITEM.match(line)) and not para:
            if not items:
                ordered = not stripped.startswith(("-", "*"))
            items.append(m.group(2))
        elif items and line.startswith(" "):
            items[-1] += " " + stripped
        else:
            if items:
                flush()
            para.append(stripped)
        i += 1
    flush()
    return "\n".join(blocks)
