"""The public sandbox (issue 32): a position of a game that hides nothing (Diplomacy and its
1939 III scenario), orders for every power, adjudicated and drawn; the position and the orders
travel in the address, so a link reproduces them. No account, nothing stored.

``GET /sandbox/<game>/`` (the default scenario) or ``/sandbox/<game>/<scenario>/``:

- no position: the scenario's opening position;
- ``?from=<game id>&turn=<n>``: the public position of a public game after turn ``n``
  (default: its latest), redirected to its ``p=`` address;
- ``?p=<position>``: the position, compact JSON of its public view, compressed (zlib) and
  written in URL-safe base64;
- ``?o=<orders>``: the orders, power -> text, encoded the same way (the share link's); or the
  form's own boxes ``o-<POWER>``. With orders, the turn is adjudicated
  (:func:`umpire.core.forecast.sandbox`): the result's map and printout, and the share link.

Limits: ``p`` at most 8,000 characters and 64 KiB once unpacked, ``o`` at most 24,000 and
each power's text within the submissions' limit; the query string at most 96 KiB. A damaged
or oversized encoding, or a position that is no position of the game, is a 400 naming what is
wrong; a game or scenario without a public sandbox, or a game that is not public, a 404.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse

from umpire.core import registry
from umpire.core.chance import SeededChance
from umpire.core.forecast import ForecastError, forecaster, sandbox, sandbox_position
from umpire.core.ruleset import Game as GameRecord
from umpire.core.ruleset import ScenarioInfo, power_label
from umpire.core.session import SessionError
from umpire.core.submission import size_problem
from umpire.server.models import Game
from umpire.server.outputs import SPECTATOR_VIEWER, present
from umpire.server.web.maps import with_note

POSITION_CHARS = 8_000
ORDERS_CHARS = 24_000
UNPACKED_BYTES = 64 * 1024
QUERY_BYTES = 96 * 1024


class BadLink(ValueError):
    """A sandbox address that does not read: the sentence says why."""


def pack(data: Any) -> str:
    """``data`` as compact JSON, compressed, in URL-safe base64 without padding.

    >>> unpack(pack({"units": ["FRA A par"]}), 100)
    {'units': ['FRA A par']}
    """
    text = json.dumps(data, separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(zlib.compress(text, 9)).decode().rstrip("=")


def unpack(code: str, limit: int) -> Any:
    """The JSON that :func:`pack` wrote; BadLink for anything else (a ``code`` over ``limit``
    characters, bad base64, a damaged or oversized stream, no JSON)."""
    if len(code) > limit:
        raise BadLink(f"the encoding is {len(code)} characters; at most {limit} are read")
    try:
        raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        unzip = zlib.decompressobj()
        text = unzip.decompress(raw, UNPACKED_BYTES)
        if unzip.unconsumed_tail or not unzip.eof:
            raise BadLink("the encoding is damaged or unpacks to more than 64 KiB")
        return json.loads(text.decode("utf-8"))
    except (binascii.Error, ValueError, zlib.error) as err:
        if isinstance(err, BadLink):
            raise
        raise BadLink("the encoding is damaged (not what a share link holds)") from err


def sandbox_page(request: HttpRequest, game: str, scenario: str | None = None) -> HttpResponse:
    """The sandbox of ``game``'s ``scenario``; see the module."""
    record, info = _sandboxed(game, scenario)
    if len(request.META.get("QUERY_STRING", "")) > QUERY_BYTES:
        return _bad(f"the address is over {QUERY_BYTES // 1024} KiB")
    here = reverse("web:sandbox_scenario", args=[record.info.name, info.name])
    if "from" in request.GET:
        return _from_game(request, record, info, here)
    try:
        view = sandbox_position(record, info.name, _position(request, record, info))
        orders = _orders(request, info)
    except BadLink as err:
        return _bad(str(err))
    except ForecastError as err:
        return _bad(f"{err.message} [{err.code}]")
    ctx: dict[str, Any] = {
        "title": info.title,
        "game_name": record.info.name,
        "scenario": info.name,
        "here": here,
        "p": pack(view),
        "boxes": [
            (p, power_label(p, dict(info.names)), orders.get(p, ""))
            for p in info.default_powers or info.powers
        ],
        "map": None,
        "map_text": "printout",
    }
    try:
        found = sandbox(record, info.name, view, orders)
    except ForecastError as err:
        return _bad(f"{err.message} [{err.code}]")
    drawer = record.drawer
    ctx["position_map"] = drawer.draw(view, []) if drawer is not None else None
    if orders:
        ctx["result"] = found
        ctx["problems"] = [(p, x) for p, xs in found.problems.items() for x in xs]
        ctx["map"] = with_note(found.svg)
        share = urlencode({"p": ctx["p"], "o": pack(orders)})
        ctx["share"] = request.build_absolute_uri(f"{here}?{share}")
    ctx["link"] = request.build_absolute_uri(f"{here}?{urlencode({'p': ctx['p']})}")
    return render(request, "web/sandbox.html", ctx)


def _sandboxed(game: str, scenario: str | None) -> tuple[GameRecord, ScenarioInfo]:
    """The game's record and scenario, where it has a public sandbox; else 404."""
    try:
        record = registry.game(game)
        info = record.info.scenario(scenario)
        forecaster(record, info.name)
    except (KeyError, ForecastError) as err:
        raise Http404("no sandbox for this game") from err
    if record.info.hides_information(info.name):
        raise Http404("no public sandbox: this game hides information")
    return record, info


def _position(request: HttpRequest, record: GameRecord, info: ScenarioInfo) -> Any:
    """The position of ``?p=``, or the scenario's opening one."""
    code = request.GET.get("p", "")
    if code:
        return unpack(code, POSITION_CHARS)
    ruleset = record.ruleset(info.name)
    powers = info.default_powers or info.powers
    state = ruleset.new_game(info.name, powers, SeededChance(0, "sandbox"), {})
    own = record.capabilities(info.name).public_view
    return own.public_view(state) if own is not None else ruleset.view(state, None)


def _orders(request: HttpRequest, info: ScenarioInfo) -> dict[str, str]:
    """The orders of ``?o=`` (a share link) or of the form's boxes ``o-<POWER>``."""
    powers = info.default_powers or info.powers
    code = request.GET.get("o", "")
    if code:
        found = unpack(code, ORDERS_CHARS)
        if not isinstance(found, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in found.items()
        ):
            raise BadLink("the orders are power -> text")
    else:
        found = {p: request.GET.get(f"o-{p}", "") for p in powers}
    orders = {p: t for p, t in found.items() if t.strip()}
    if len(orders) > len(powers):
        raise BadLink(f"orders for {len(orders)} powers; the scenario has {len(powers)}")
    for power, text in orders.items():
        too_big = size_problem(text)
        if too_big is not None:
            raise BadLink(f"{power[:40]}: {too_big.message}")
    return orders


def _from_game(
    request: HttpRequest, record: GameRecord, info: ScenarioInfo, here: str
) -> HttpResponse:
    """The public position of a public game of this scenario, as a ``p=`` address."""
    raw, turn = request.GET.get("from", ""), request.GET.get("turn", "")
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 15):
        return _bad("from: a game number")
    if turn and not (turn.isascii() and turn.isdigit() and len(turn) <= 15):
        return _bad("turn: a turn number (0: the opening)")
    game = Game.objects.filter(
        pk=int(raw), public=True, game=record.info.name, scenario=info.name
    ).first()
    if game is None:
        raise Http404("no public game of this scenario with that number")
    try:
        data = present(game, SPECTATOR_VIEWER, ["public_view"], turn=int(turn) if turn else None)
    except SessionError as err:
        raise Http404(err.message) from err
    view = (data.get("public_view") or {}).get("view")
    if view is None:
        raise Http404("this game has no public position")
    return HttpResponseRedirect(f"{here}?{urlencode({'p': pack(view)})}")


def _bad(message: str) -> HttpResponse:
    return HttpResponse(
        f"Bad sandbox address: {message}\n", status=400, content_type="text/plain; charset=utf-8"
    )
