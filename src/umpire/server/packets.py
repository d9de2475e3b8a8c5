"""Postal packets (issue 32): one PDF per player and processed turn, for play by post.

A packet is what a postal player needs on paper for one turn, in this order:

1. a heading: the game, the turn it reports, the power, the turn now due and its deadline;
2. his printout of that turn (monospace, long lines wrapped);
3. his map of that turn (the game's own drawing of his view, rasterised with resvg), where
   the game draws one;
4. the order form for the turn now due: each of his units or places with its legal orders to
   tick (the game's ``order_options``), or ruled lines to write orders on where the game
   offers no lists; lines for press; the heading to write on the letter (the seat code left
   for him to fill in: a packet never prints it);
5. the receipt of the orders that counted for the reported turn (accepted lines, refused
   lines with their problems), saying when the game master keyed them in from a letter.

Everything in it is read through :func:`umpire.server.outputs.present` for that power's
:class:`~umpire.server.outputs.Viewer` (the one choke point) and the power's own submission
rows: a packet holds that power's printout, map, options and receipt, never another's.

Packets are made once per (game, seat, turn, position) and kept in the pages' cache
(:func:`packet`); :func:`turn_packets` joins the packets of every player-held seat of a turn
into one PDF for the game master to print.

Making one takes a second or more (a whole turn's, several): never in a request. A page or
the API asks for what is kept (:func:`kept_packet`, :func:`kept_print`); what is not is
queued once (:func:`queue_packet`, :func:`queue_print`) as a task on the worker's ``history``
queue and thread, beside the history GIFs and never in the way of a due turn, and the answer
says it is being prepared until it is kept.

Who may read which packet is decided once for the pages and the API:
:mod:`umpire.server.packet_access`.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from xml.sax.saxutils import escape

from django_tasks import task
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    Image,
    PageBreak,
    PageTemplate,
    Paragraph,
    Preformatted,
    Spacer,
)

from umpire.core import registry, session
from umpire.server.models import Game, GameStatus, Seat, Submission, Turn
from umpire.server.outputs import PLAYER, Viewer, power_labels, present
from umpire.server.web.maps import turn_maps
from umpire.server.web.pagecache import KEEP_SECONDS, page_cache, remember, turn_key

log = logging.getLogger("umpire.server")
# Streams in binary, not ASCII85: a packet is a download or an attachment, never text, and
# ReportLab's pure-Python ASCII85 took a fifth of a packet's time.
rl_config.useA85 = 0

PRINTOUT_COLUMNS = 92  # Courier 8 pt across A4's frame
MAP_PIXELS = 1400  # the map's width when rasterised (about 200 dpi across the frame)
MOST_OPTIONS = 80  # options listed for one unit; past that he writes his order
WRITE_LINES = 14  # ruled lines for orders where the game lists none
PRESS_LINES = 8
RULE = "_" * 86
QUEUED_SECONDS = 600  # a packet queued this long ago and still not made is queued again

# Courier of the PDF's standard fonts reads Windows-1252 only: what a printout writes outside
# it is put in plain letters (an arrow as "->"), anything else as "?".
PLAIN = str.maketrans(
    {
        "→": "->",
        "←": "<-",
        "↔": "<->",
        "…": "...",
        "×": "x",
        "−": "-",
        "–": "-",
        "—": "--",
        "‘": "'",
        "’": "'",
        "“": '"',
        "”": '"',
        "•": "*",
    }
)


@dataclass(frozen=True, slots=True)
class Form:
    """The order form of a packet: what is due, and the choices laid out for it."""

    due: str  # "" when no orders are due from this power now
    options: dict[str, list[str]]  # unit or place -> its legal orders ({}: write them)


def plain(text: str) -> str:
    """``text`` in the characters the PDF's Courier and Helvetica can draw."""
    text = text.translate(PLAIN)
    return text.encode("cp1252", errors="replace").decode("cp1252")


def _styles() -> dict[str, ParagraphStyle]:
    base = getSampleStyleSheet()
    mono = ParagraphStyle(
        "mono", parent=base["Code"], fontName="Courier", fontSize=8, leading=9.5, leftIndent=0
    )
    return {
        "title": ParagraphStyle("title", parent=base["Title"], fontSize=16, spaceAfter=4),
        "h2": ParagraphStyle("h2", parent=base["Heading2"], spaceBefore=6, spaceAfter=4),
        "h3": ParagraphStyle("h3", parent=base["Heading4"], spaceBefore=4, spaceAfter=1),
        "body": ParagraphStyle("body", parent=base["BodyText"], fontSize=9.5, leading=12),
        "option": ParagraphStyle(
            "option",
            parent=base["BodyText"],
            fontName="Courier",
            fontSize=8,
            leading=10.5,
            leftIndent=8,
        ),
        "mono": mono,
    }


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(escape(plain(text)), style)


def _when(moment: datetime | None) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC") if moment else "none (processed on demand)"


def _latest_turn(game: Game) -> int:
    return max(game.turn - 1, 0)


def _form(game: Game, viewer: Viewer, turn: int) -> Form | None:
    """The order form, in the packet of the latest processed turn of a running game only (an
    older packet's turn is closed: its orders were due long ago)."""
    if game.status == GameStatus.FINISHED or turn != _latest_turn(game):
        return None
    if viewer.power not in (game.expected or []):
        return Form("", {})
    options = present(game, viewer, ("options",))["options"]
    return Form(game.label or f"turn {game.turn}", {str(k): list(v) for k, v in options.items()})


def _receipt(game: Game, power: str, turn: int) -> Submission | None:
    """The submission of ``power`` that counted for processed turn ``turn`` (his last)."""
    if turn < 1:
        return None
    rows = Submission.objects.filter(game=game, turn=turn, power=power, void=False)
    return rows.order_by("-id").first()


def _map_picture(game: Game, viewer: Viewer, turn: int) -> bytes | None:
    """The player's map of ``turn`` as a PNG, where the game draws one."""
    try:
        data = present(game, viewer, ("view", "events"), turn=turn)
    except session.SessionError:
        return None
    view, events = (data.get("view") or {}), (data.get("events") or {})

    def draw() -> bytes:
        # The map his page of that turn shows (drawn once, in the pages' cache).
        reader = str(viewer.power)
        svg = turn_maps(game, turn, reader, view.get("view"), events.get("events"))["map"]
        return (rasterise(svg) if svg is not None else None) or b""

    # Rasterised once a turn and reader, for his packet and the game master's print alike.
    picture = remember(f"umpire-packet-map:{turn_key(game, turn)}:{viewer.power}", draw)
    return picture or None


def rasterise(svg: str) -> bytes | None:
    """``svg`` as a JPEG MAP_PIXELS wide on white (None: resvg could not read it). JPEG: the
    PDF embeds it as it is, where a PNG is decoded and packed again (in pure Python, slow)."""
    import resvg_py
    from PIL import Image as Picture

    try:
        png = bytes(resvg_py.svg_to_bytes(svg_string=svg, width=MAP_PIXELS, background="white"))
    except Exception:  # a broken drawing must never take the packet down
        log.exception("rasterising a map for a packet failed")
        return None
    out = io.BytesIO()
    Picture.open(io.BytesIO(png)).convert("RGB").save(out, "JPEG", quality=82, optimize=True)
    return out.getvalue()


def _image(png: bytes, width: float, height: float) -> Image:
    """The PNG scaled to the frame (its whole width, or its height if that is less)."""
    from reportlab.lib.utils import ImageReader

    w, h = ImageReader(io.BytesIO(png)).getSize()
    scale = min(width / w, height / h)
    return Image(io.BytesIO(png), width=w * scale, height=h * scale)


def _story(game: Game, viewer: Viewer, turn: int, frame: tuple[float, float]) -> list[Flowable]:
    assert viewer.power is not None
    st = _styles()
    title = registry.game(game.game).info.title
    (named,) = power_labels(game, [viewer.power])
    label = Turn.objects.filter(game=game, number=turn).values_list("label", flat=True).first()
    printout = str(present(game, viewer, ("printout",), turn=turn)["printout"]["text"])
    form = _form(game, viewer, turn)
    story: list[Flowable] = [
        _p(f"G-{game.pk} {game.name}", st["title"]),
        _p(f"{title}, scenario {game.scenario}", st["body"]),
        _p(f"Packet of {named}", st["h2"]),
        _p(
            f"Turn {turn}: {label or ('the opening' if turn == 0 else '')}".rstrip(": "), st["body"]
        ),
    ]
    if game.status == GameStatus.FINISHED:
        story.append(_p("The game is over.", st["body"]))
    elif form is not None:
        story.append(
            _p(
                f"Now due: {game.label or f'turn {game.turn}'}; deadline: {_deadline(game)}",
                st["body"],
            )
        )
    story += [Spacer(1, 3 * mm), _p("Your printout", st["h2"])]
    story.append(
        Preformatted(
            plain(printout.rstrip("\n")),
            st["mono"],
            maxLineLength=PRINTOUT_COLUMNS,
            newLineChars="  ",
        )
    )
    png = _map_picture(game, viewer, turn)
    if png is not None:
        story += [PageBreak(), _p(f"Your map after turn {turn}", st["h2"])]
        story.append(_image(png, frame[0], frame[1] - 20 * mm))
    story += _receipt_part(game, viewer.power, turn, st)
    story += _form_part(game, viewer.power, turn, form, st)
    return story


def _deadline(game: Game) -> str:
    if game.status == GameStatus.PAUSED:
        return "none while the game master has paused the game"
    return _when(game.deadline)


def _receipt_part(
    game: Game, power: str, turn: int, st: dict[str, ParagraphStyle]
) -> list[Flowable]:
    row = _receipt(game, power, turn)
    if row is None:
        return []
    how = {
        Submission.KEYED_IN: "keyed in by the game master from your letter",
        "bot": "written by a bot",
        "default": "the game's default orders",
    }.get(row.source, f"received by {row.source}")
    out: list[Flowable] = [
        _p(f"Receipt of your orders for turn {turn}", st["h2"]),
        _p(f"Your last orders for turn {turn}, {how}, at {_when(row.received_at)}:", st["body"]),
    ]
    accepted = [str(o) for o in row.orders]
    out.append(_p("Accepted:" if accepted else "Accepted: none", st["h3"]))
    out += [_p(f"  {o}", st["option"]) for o in accepted]
    for problem in row.problems or []:
        line = problem.get("line") or "-"
        out.append(
            _p(
                f"Refused, line {line}: {problem.get('text', '')!s} -- "
                f"{problem.get('message', '')} [{problem.get('code', '')}]",
                st["option"],
            )
        )
    return out


def _form_part(
    game: Game, power: str, turn: int, form: Form | None, st: dict[str, ParagraphStyle]
) -> list[Flowable]:
    if form is None:
        if game.status == GameStatus.FINISHED:
            return []
        latest = _latest_turn(game)
        return [
            _p(
                f"The order form for the turn now due is in the packet of turn {latest}.",
                st["body"],
            )
        ]
    out: list[Flowable] = [PageBreak(), _p(f"Order form: {power}", st["h2"])]
    out.append(
        _p(
            f"Write this heading at the top of your letter, with your seat code: "
            f"G-{game.pk} T-{game.turn} P-{power} C-________",
            st["body"],
        )
    )
    if not form.due:
        out.append(
            _p(
                "No orders are due from you this turn; press and commands still are read.",
                st["body"],
            )
        )
    elif form.options:
        out.append(
            _p(
                f"Orders for {form.due}: tick one order for each unit or place, or write "
                "another on its line.",
                st["body"],
            )
        )
        for unit, options in form.options.items():
            out.append(_p(unit, st["h3"]))
            shown = options[:MOST_OPTIONS]
            boxes = "&nbsp;&nbsp; ".join(
                f"[&nbsp;&nbsp;]&nbsp;{escape(plain(o))}".replace(" ", "&nbsp;") for o in shown
            )
            if len(options) > MOST_OPTIONS:
                boxes += f" ... ({len(options) - MOST_OPTIONS} more: write it)"
            out.append(Paragraph(boxes, st["option"]))
            out.append(_p("Other: " + "_" * 60, st["option"]))
    else:
        out.append(_p(f"Orders for {form.due}, one a line:", st["body"]))
        out += [_p(RULE, st["body"]) for _ in range(WRITE_LINES)]
    out += [Spacer(1, 4 * mm), _p("Press (to whom, then the text)", st["h2"])]
    out += [_p(RULE, st["body"]) for _ in range(PRESS_LINES)]
    return out


def _render(parts: Sequence[tuple[Game, Viewer, int]], title: str) -> bytes:
    """One PDF of the packets of ``parts`` (game, player's viewer, turn), each from a new
    page, each page's footer naming the packet it belongs to."""
    out = io.BytesIO()
    doc = BaseDocTemplate(
        out,
        pagesize=A4,
        leftMargin=15 * mm,
        rightMargin=15 * mm,
        topMargin=15 * mm,
        bottomMargin=18 * mm,
        title=plain(title),
        author="Umpire",
        invariant=True,
    )
    frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body")
    doc.addPageTemplates([PageTemplate("packet", [frame], onPageEnd=_footer)])
    story: list[Flowable] = []
    for game, viewer, turn in parts:
        if story:
            story.append(PageBreak())
        story.append(_Mark(plain(f"G-{game.pk} {game.name} - {viewer.power} - turn {turn}")))
        story += _story(game, viewer, turn, (doc.width, doc.height))
    doc.build(story)
    return out.getvalue()


class _Mark(Flowable):
    """A flowable of no size that makes the footer of its page and the following ones name
    its packet."""

    def __init__(self, footer: str) -> None:
        super().__init__()
        self.footer = footer
        self.width = self.height = 0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return (0, 0)

    def draw(self) -> None:
        self.canv._umpire_footer = self.footer  # type: ignore[attr-defined]


def _footer(canvas: Canvas, doc: Any) -> None:
    """Drawn as each page ends: the packet's name (its mark) and the page number."""
    canvas.saveState()
    canvas.setFont("Helvetica", 7)
    canvas.setFillColor(colors.grey)
    text = getattr(canvas, "_umpire_footer", "")
    canvas.drawString(doc.leftMargin, 10 * mm, f"{text} - page {doc.page}")
    canvas.restoreState()


def _now(game: Game) -> str:
    """What the form and heading of the latest turn's packet read of the game now: the
    current turn, its status and deadline."""
    return f"{game.turn}:{game.status}:{game.deadline.isoformat() if game.deadline else ''}"


def _key(game: Game, power: str, turn: int) -> str:
    """What the packet depends on: the position after ``turn`` (:func:`turn_key`), the power,
    and for the latest turn what the form and heading read (:func:`_now`)."""
    return f"umpire-packet:{turn_key(game, turn)}:{power}:{_now(game)}"


def _print_key(game: Game, turn: int, seats: Sequence[Seat]) -> str:
    """What the game master's print of ``turn`` depends on: what each packet does, and whose
    packets it joins (the seats players hold, in order)."""
    held = ",".join(s.power for s in seats)
    return f"umpire-print:{turn_key(game, turn)}:{_now(game)}:{held}"


def packet_pdf(game: Game, viewer: Viewer, turn: int) -> bytes:
    """The postal packet of ``viewer``'s power for processed turn ``turn`` (0: the opening),
    as PDF bytes. ``viewer`` is a player's (his power's packet), also when the game master
    prints it for that seat. Raises the ``present`` refusals (a turn not processed)."""
    if viewer.power is None:
        raise ValueError("a packet is one power's")
    present(game, viewer, ("printout",), turn=turn)  # refuses an unknown turn first
    title = f"G-{game.pk} {game.name}: {viewer.power}, turn {turn}"
    return _render([(game, viewer, turn)], title)


def packet(game: Game, power: str, turn: int) -> bytes:
    """:func:`packet_pdf` for ``power``'s seat, kept in the pages' cache."""
    viewer = Viewer(PLAYER, power)
    return remember(_key(game, power, turn), lambda: packet_pdf(game, viewer, turn))


def postal_seats(game: Game) -> list[Seat]:
    """The seats whose packets the game master prints: every active seat a player holds (a
    bot and a vacant power read nothing), in the game's order of its powers."""
    order = {p: i for i, p in enumerate(game.powers or [])}
    seats = Seat.objects.filter(game=game, active=True, is_bot=False, user__isnull=False)
    return sorted(seats, key=lambda s: (order.get(s.power, len(order)), s.power))


def turn_packets(game: Game, turn: int, seats: Sequence[Seat] | None = None) -> bytes | None:
    """One PDF: the packet of every player-held seat for ``turn`` (``seats``: those of
    :func:`postal_seats` read already), each from a new page (None: no player holds a seat)."""
    held = postal_seats(game) if seats is None else seats
    parts = [(game, Viewer(PLAYER, s.power, s.user_id), turn) for s in held]
    if not parts:
        return None
    return _render(parts, f"G-{game.pk} {game.name}: packets of turn {turn}")


def kept_packet(game: Game, power: str, turn: int) -> bytes | None:
    """:func:`packet` if it is made already (None: not yet; nothing is made here)."""
    found: bytes | None = page_cache().get(_key(game, power, turn))
    return found


def queue_packet(game: Game, power: str, turn: int) -> None:
    """Queue the making of :func:`packet` (:data:`make_packet`), once while it waits: a page
    asking again meanwhile queues nothing (for :data:`QUEUED_SECONDS` at most, should the
    task fail)."""
    if page_cache().add(_key(game, power, turn) + ":queued", 1, QUEUED_SECONDS):
        make_packet.enqueue(game.pk, power, turn)


@task(queue_name="history")
def make_packet(game_id: int, power: str, turn: int) -> bool:
    """Make and keep ``power``'s packet of ``turn`` of game ``game_id`` (the worker's).
    False: the game is gone, or the turn is no longer a processed one (rolled back)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return False
    try:
        packet(game, power, turn)
    except session.SessionError:
        return False
    page_cache().delete(_key(game, power, turn) + ":queued")  # made: a page may queue it again
    return True


def kept_print(game: Game, turn: int) -> bytes | None:
    """:func:`turn_packets`, kept by :data:`make_print`, if it is made already."""
    found: bytes | None = page_cache().get(_print_key(game, turn, postal_seats(game)))
    return found


def queue_print(game: Game, turn: int) -> None:
    """Queue the making of the game master's print of ``turn``, once while it waits."""
    if page_cache().add(_print_key(game, turn, postal_seats(game)) + ":queued", 1, QUEUED_SECONDS):
        make_print.enqueue(game.pk, turn)


@task(queue_name="history")
def make_print(game_id: int, turn: int) -> bool:
    """Make and keep :func:`turn_packets` of ``turn`` of game ``game_id`` (the worker's).
    False: the game is gone, the turn no longer processed, or no player holds a seat."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return False
    seats = postal_seats(game)
    try:
        made = turn_packets(game, turn, seats)
    except session.SessionError:
        return False
    if made is None:
        return False
    key = _print_key(game, turn, seats)
    page_cache().set(key, made, KEEP_SECONDS)
    page_cache().delete(key + ":queued")  # made: should the cache lose it, a page queues it again
    return True
