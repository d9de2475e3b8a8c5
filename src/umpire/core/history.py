"""A whole game as one reader saw it: a map per processed turn, as an animated SVG or a GIF.

A reader is a power (``"GER"``: that power's view and the events addressed to it, nothing
else), :data:`PUBLIC` (the spectators' view and the public events, for a game that has a
public position) or :data:`UMPIRE` (the game master's view: everything). Each frame is the
game's own drawing (:class:`umpire.core.ruleset.Drawer`) of the reader's view after one
processed turn (turn 0: the opening position), exactly the map that reader's turn page
shows; nothing here looks at a state beyond handing it to the game's ``view``.

:func:`animated_svg` puts the frames one after the other in one SVG document, each shown
for a while by SMIL ``<set>`` elements (any browser plays it; a viewer that plays no
animation shows the first frame, the opening), with the turn as a caption above the map.
:func:`gif` rasterises each frame (resvg, through the ``resvg-py`` wheel) and assembles
them with Pillow, at most :data:`GIF_WIDTH` pixels wide.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from umpire.core import registry, session
from umpire.core.events import PUBLIC as PUBLIC_AUDIENCE
from umpire.core.events import Event, visible_to
from umpire.core.mapsvg import esc
from umpire.core.record import GameRecord
from umpire.core.ruleset import Capabilities, Drawer, Game

PUBLIC = "@public"  # the spectators
UMPIRE = "@umpire"  # the game master: every fact
GIF_WIDTH = 800  # pixels, at most
FRAME_SECONDS = 1.5  # how long each turn is shown
CAPTION_HEIGHT = 40  # the band above the map that names the turn, in the map's own units


class HistoryError(ValueError):
    """No history of this game for this reader (no map, no public position, no such power)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One processed turn as the engine holds it: the state after it and all its events."""

    turn: int
    label: str  # the turn's own name ("Spring 1901 movement"); "" for the opening
    state: Any
    events: Sequence[Event]


@dataclass(frozen=True, slots=True)
class Frame:
    """One turn's map as a reader saw it."""

    turn: int
    caption: str  # "After Spring 1901 movement", "Opening position"
    svg: str


def caption(turn: int, label: str) -> str:
    """What a frame says of its turn: ``After Spring 1901 movement (turn 1)``."""
    if turn <= 0:
        return "Opening position"
    return f"After {label} (turn {turn})" if label else f"After turn {turn}"


def steps_of(record: GameRecord) -> list[Step]:
    """Every processed turn of ``record`` (the opening first), with its state loaded (a
    state the game cannot read: :class:`~umpire.core.record.RecordError`, a corrupt record)."""
    table = session.open_table(record)
    found = [Step(0, "", table.state_after(0), [])]
    for turn in range(1, record.processed + 1):
        kept = record.turn(turn)
        found.append(Step(turn, kept.label, table.state_after(turn), list(kept.events)))
    return found


def seen(
    game: Game, scenario: str | None, state: Any, events: Sequence[Event], reader: str
) -> tuple[Mapping[str, Any], list[Event]]:
    """``(view, events)`` of one turn as ``reader`` may see them (the game's own allow-list
    views; :class:`HistoryError` where the reader has none)."""
    ruleset = game.ruleset(scenario)
    if reader == UMPIRE:
        return ruleset.view(state, None), list(events)
    if reader == PUBLIC:
        can: Capabilities = game.capabilities(scenario)
        public = [e for e in events if e.audience.kind == PUBLIC_AUDIENCE]
        if can.public_view is not None:
            return can.public_view.public_view(state), public
        if not game.info.hides_information(scenario):
            return ruleset.view(state, None), public
        raise HistoryError("this game has no public position: name a power")
    return ruleset.view(state, reader), visible_to(events, reader)


def frames_of(game: Game, scenario: str | None, steps: Iterable[Step], reader: str) -> list[Frame]:
    """Each step's map drawn from ``reader``'s view of it (see :func:`seen`)."""
    drawer = _drawer(game)
    if reader not in (PUBLIC, UMPIRE) and reader not in game.info.scenario(scenario).powers:
        raise HistoryError(f"no power {reader} in this game")
    out = []
    for step in steps:
        view, events = seen(game, scenario, step.state, step.events, reader)
        out.append(Frame(step.turn, caption(step.turn, step.label), drawer.draw(view, events)))
    return out


def record_frames(record: GameRecord, reader: str) -> list[Frame]:
    """The frames of every processed turn of ``record`` for ``reader``."""
    game = registry.game(record.game)
    return frames_of(game, record.scenario, steps_of(record), reader)


def _drawer(game: Game) -> Drawer:
    if game.drawer is None:
        raise HistoryError(f"{game.info.title} draws no map")
    return game.drawer


_ROOT = re.compile(r"<svg\b([^>]*)>", re.S)
_SIZE = re.compile(r'\bviewBox="([-\d.]+)[ ,]+([-\d.]+)[ ,]+([-\d.]+)[ ,]+([-\d.]+)"')
_ID = re.compile(r'\bid="([^"]+)"')


def _box(svg: str) -> tuple[float, float, float, float]:
    root = _ROOT.search(svg)
    size = _SIZE.search(root.group(1)) if root else None
    if size is None:
        raise HistoryError("a frame's map has no viewBox")
    x, y, w, h = (float(n) for n in size.groups())
    return x, y, w, h


def _private_ids(svg: str, prefix: str) -> str:
    """``svg`` with each of its ids (and every reference to one) prefixed: frames drawn by
    the same game declare the same ids, which must stay distinct in one document."""
    ids = set(_ID.findall(svg))
    if not ids:
        return svg

    def named(match: re.Match[str]) -> str:
        name = match.group(2)
        return f"{match.group(1)}{prefix}{name}" if name in ids else match.group(0)

    svg = re.sub(r'(\bid=")([^"]+)', named, svg)
    svg = re.sub(r'(href="#)([^"]+)', named, svg)
    return re.sub(r"(url\(#)([^)]+)", named, svg)


def _nested(svg: str, prefix: str, box: tuple[float, float, float, float]) -> str:
    """A frame's document as an element of the whole: its root placed under the caption."""
    body = svg[svg.index("<svg") :]
    body = _private_ids(body, prefix)
    _, _, w, h = box
    root = _ROOT.search(body)
    assert root is not None  # _box found it
    attrs = re.sub(r'\s(?:width|height|x|y|xmlns(?::\w+)?)="[^"]*"', "", root.group(1))
    head = f'<svg{attrs} x="0" y="{CAPTION_HEIGHT}" width="{w:g}" height="{h:g}">'
    return head + body[root.end() :]


def animated_svg(frames: Sequence[Frame], title: str, seconds: float = FRAME_SECONDS) -> str:
    """One SVG document playing ``frames`` in turn, ``seconds`` each, then again from the
    opening; each frame captioned with its turn. Without animation, the first frame shows."""
    if not frames:
        raise HistoryError("no turn to show")
    _, _, w, h = _box(frames[0].svg)
    total = seconds * len(frames)
    size = max(14.0, CAPTION_HEIGHT * 0.55)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:g} {h + CAPTION_HEIGHT:g}" '
        f'width="{w:g}" height="{h + CAPTION_HEIGHT:g}" class="umpire-history" '
        f'data-frames="{len(frames)}">',
        f"<title>{esc(title)}</title>",
        f'<rect width="{w:g}" height="{CAPTION_HEIGHT}" fill="#ffffff"/>',
    ]
    for n, frame in enumerate(frames):
        box = _box(frame.svg)
        shown = "visible" if n == 0 else "hidden"
        parts.append(
            f'<g class="frame" data-turn="{frame.turn}" visibility="{shown}">'
            f"{_timer(n, len(frames), total)}"
            f'<text x="12" y="{CAPTION_HEIGHT * 0.7:g}" font-size="{size:g}" '
            f'font-family="sans-serif" fill="#222">{esc(frame.caption)}</text>'
            f"{_nested(frame.svg, f'f{n}-', box)}</g>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _timer(n: int, count: int, total: float) -> str:
    """Frame ``n`` of ``count`` visible during its share of every ``total`` seconds (SMIL,
    discrete: hidden, then visible from its start, hidden again at its end)."""
    if count == 1:
        return ""
    start, end = n / count, (n + 1) / count
    if n == 0:
        values, times = "visible;hidden", f"0;{end:.6g}"
    elif n == count - 1:
        values, times = "hidden;visible", f"0;{start:.6g}"
    else:
        values, times = "hidden;visible;hidden", f"0;{start:.6g};{end:.6g}"
    return (
        f'<animate attributeName="visibility" values="{values}" keyTimes="{times}" '
        f'calcMode="discrete" dur="{total:g}s" repeatCount="indefinite"/>'
    )


def frame_document(frame: Frame) -> str:
    """One frame alone as a document with its caption (what the GIF rasterises)."""
    return animated_svg([frame], frame.caption)


def gif(frames: Sequence[Frame], seconds: float = FRAME_SECONDS, width: int = GIF_WIDTH) -> bytes:
    """An animated GIF of ``frames`` (one image per frame, ``seconds`` each, looping), each
    rasterised by resvg at most ``width`` pixels wide."""
    import resvg_py
    from PIL import Image

    if not frames:
        raise HistoryError("no turn to show")
    images = []
    for frame in frames:
        document = frame_document(frame)
        _, _, w, _ = _box(document)
        png = resvg_py.svg_to_bytes(svg_string=document, width=min(width, int(w)))
        image = Image.open(io.BytesIO(bytes(png))).convert("RGB")
        images.append(image.quantize(colors=255, method=Image.Quantize.MEDIANCUT))
    out = io.BytesIO()
    images[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=images[1:],
        duration=int(seconds * 1000),
        loop=0,
        optimize=False,
    )
    return out.getvalue()
