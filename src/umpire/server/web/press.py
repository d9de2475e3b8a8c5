"""Press on the pages: threads per recipient group, compose, new-message marks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib import messages
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from umpire.core.ruleset import power_label
from umpire.core.session import SessionError
from umpire.server.models import Game, Message, ReadMark
from umpire.server.outputs import (
    SPECTATOR,
    Viewer,
    can_read,
    scenario_names,
    viewer_of,
)
from umpire.server.usecases import messaging
from umpire.server.web.common import game_or_404, need_login, read, report_error, signed_in

ALL = "all"


def _last_seen(game: Game, user: User) -> int:
    mark = ReadMark.objects.filter(game=game, user=user).first()
    return mark.last_seen if mark else 0


def _incoming(viewer: Viewer, message: dict[str, Any]) -> bool:
    return viewer.power is None or message["from"] != viewer.power or not message["signed"]


def unread(games: Sequence[tuple[Game, Viewer]], user: User) -> dict[int, int]:
    """For each game, how many messages sent to its viewer the viewer has not opened yet
    (none where the viewer reads no press: a spectator). Two queries for all the games: the
    read marks, and who sent what to whom (not the texts). A message's number is its place
    in the viewer's own list of press, as on the press page."""
    viewers = {g.pk: v for g, v in games if v.role != SPECTATOR}
    marks = ReadMark.objects.filter(user=user, game_id__in=list(viewers))
    seen = dict(marks.values_list("game_id", "last_seen"))
    counts = dict.fromkeys(viewers, 0)
    numbers = dict.fromkeys(viewers, 0)
    rows = Message.objects.filter(game_id__in=list(viewers)).order_by("game_id", "id")
    for game_id, sender, to_all, recipients in rows.values_list(
        "game_id", "sender_power", "to_all", "recipients"
    ):
        viewer = viewers[game_id]
        if not can_read(viewer, sender, to_all, recipients):
            continue
        numbers[game_id] += 1
        if numbers[game_id] > seen.get(game_id, 0) and sender != viewer.power:
            counts[game_id] += 1
    return counts


def threads(
    viewer: Viewer,
    shown: list[dict[str, Any]],
    seen: int,
    order: Sequence[str] = (),
    names: Mapping[str, str] | None = None,
) -> list[dict[str, Any]]:
    """Messages grouped by who takes part: all powers, or the sender and recipients, named
    in the game's ``order`` of its powers, each by its full name with its code beside it
    (``names``: the scenario's names, "England (ENG)")."""
    rank = {p: i for i, p in enumerate(order)}
    groups: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for m in shown:
        if m["to"] == ALL:
            key: tuple[str, ...] = (ALL,)
        else:
            people = set(m["to"]) | {m["from"] or "anonymous"}
            if viewer.power is not None:
                people.discard(viewer.power)
            named = sorted(people, key=lambda p: (rank.get(p, len(rank)), p))
            key = tuple(named) or (viewer.power or "",)
        m = {**m, "new": m["id"] > seen and m["from"] != viewer.power}
        groups.setdefault(key, []).append(m)
    return [
        {
            "key": key,
            "title": "All powers"
            if key == (ALL,)
            else ", ".join(power_label(p, names or {}) for p in key),
            "messages": items,
            "new": sum(1 for i in items if i["new"]),
        }
        for key, items in sorted(groups.items(), key=lambda kv: -kv[1][-1]["id"])
    ]


def press_page(request: HttpRequest, game_id: int) -> HttpResponse:
    user = signed_in(request)
    if user is None:
        return need_login(request)
    game = game_or_404(game_id, user)
    # A game master who holds a seat in his own game reads and writes press as that power,
    # like every other player (what he sends goes out from his power: usecases.messaging.send_message);
    # his umpire's view of the game stays on the console.
    viewer = viewer_of(game, user, seat_first=True)
    if request.method == "POST":
        return _send(request, game, user)
    data = read(game, viewer, ["game", "messages"])
    if data.get("messages") is None:
        messages.error(request, "Only the players and the game master read this game's press.")
        return redirect("web:game", game.pk)
    seen = _last_seen(game, user)
    shown = data.pop("messages")  # not "messages" in the template: that is the flash list
    if shown:
        ReadMark.objects.update_or_create(
            game=game, user=user, defaults={"last_seen": max(m["id"] for m in shown)}
        )
    others = [p["power"] for p in data["game"]["powers"] if p["power"] != viewer.power]
    order = game.powers or []
    names = scenario_names(game)
    ctx = {**data, "threads": threads(viewer, shown, seen, order, names), "others": others}
    ctx["viewer"] = viewer
    return render(request, "web/press.html", ctx)


def _send(request: HttpRequest, game: Game, user: User) -> HttpResponse:
    to = request.POST.getlist("to")
    signed = request.POST.get("anonymous") != "on"
    try:
        messaging.send_message(game.pk, user, request.POST.get("text", ""), to=to, signed=signed)
        most, left = messaging.press_per_hour(), messaging.press_left(user)
        messages.success(
            request, f"Message sent. Press is limited to {most} an hour: {left} left this hour."
        )
    except SessionError as err:
        report_error(request, err)
    return redirect("web:press", game.pk)
