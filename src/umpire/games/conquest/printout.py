"""The player's report, built from his view and the events addressed to him only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from umpire.core.events import Event
from umpire.games.conquest.geography import Board

HELP = """\
ORDER NOTATION (one order a line; case and spacing are free; countries by code or name)
  DIGIT 7                  the number you call to choose the first player (rule 2C)
  HOMELAND USA             your Homeland (rule 3)
  ALLY CAN MEX             alliances in your home zone, up to your Homeland's value (rule 4);
  ALLY BAN                 later: one bought alliance, half its value x 1000 in chips (rule 9)
  ATTACK IND               attack a country (rules 10, 15; a Homeland: rule 19)
  PASS                     decline to attack; the attack option passes left (rules 14D, 20B)
  PLANE AGGRESSIVE         your weapon (TANK, SUB or PLANE; T, S, P) and posture (CAUTIOUS,
  SUB                      the default, or AGGRESSIVE) for the next battle (rules 10C, 11B, 21C)
  PACT BLUE                propose or accept a player alliance (rule 18A)
  BREAK BLUE               break it, never to be renewed (rule 18F)
Weapons: PLANE beats TANK, TANK beats SUB, SUB beats PLANE; planes burn energy fastest,
tanks least; AGGRESSIVE hits harder and burns half as much again (our rulings: the How to play page, /rules/conquest/)."""

MARK = {"homeland": "H", "conquered": "C", "allied": "A"}


def _board(view: dict[str, Any], board: Board) -> list[str]:
    out = ["THE BOARD  (H Homeland, C conquered, A allied, . unoccupied; value in thousands)"]
    if view["edits"]:
        edits = ", ".join(f"{board.country(c).name} {v}" for c, v in view["edits"].items())
        out.append(f"  Values edited for this game: {edits}")
    holdings = view["holdings"]
    for zone in board.zones.values():
        out.append(f"Zone {zone.number}  {zone.name}")
        for code in zone.countries:
            c = board.country(code)
            held = holdings.get(code)
            mark = f"{MARK[held[1]]} {held[0]}" if held else "."
            out.append(f"  {code:5} {c.name:16} {c.pbu:>3}   {mark}")
    return out


def _players(view: dict[str, Any], board: Board) -> list[str]:
    out = ["POWER BASE RECORD AND CHIPS"]
    for p in view["seats"]:
        home = view["homelands"].get(p)
        where = board.country(home).name if home else "-"
        out_of = "  OUT OF THE GAME" if p in view["eliminated"] else ""
        allies = [q for pair in view["pacts"] if p in pair for q in pair if q != p]
        pact = f"  allied with {', '.join(allies)}" if allies else ""
        out.append(
            f"  {p:7} record {view['record'][p]:>5}   chips {view['chips'][p]:>6}   "
            f"Homeland {where}{pact}{out_of}"
        )
    out.append(f"  WARCHEST {view['warchest']}")
    return out


def _war(view: dict[str, Any], board: Board) -> list[str]:
    out: list[str] = []
    if view["war"]:
        w = view["war"]
        out.append(
            f"WAR FOR {board.country(w['country']).name.upper()}: {w['attacker']} "
            f"attacking, {w['defender']} defending; battles won {w['wins'][0]}-"
            f"{w['wins'][1]}; energy {w['energy'][0]} v {w['energy'][1]}"
        )
        for side, lost in zip((w["attacker"], w["defender"]), w["lost"], strict=True):
            if lost:
                out.append(f"  {side} may no longer use: {', '.join(lost)} (rule 12F)")
    if view["duel"]:
        d = view["duel"]
        out.append(
            f"END GAME: {d['challenger']} v {d['opponent']}, energy {d['energy'][0]} v "
            f"{d['energy'][1]}; {d['attacker']} attacks next (rule 21E)"
        )
        for side, lost in zip((d["challenger"], d["opponent"]), d["lost_last"], strict=True):
            if lost:
                out.append(f"  {side} may not use {lost} in this battle (rule 21F)")
    return out


def _todo(view: dict[str, Any]) -> list[str]:
    power = view["power"]
    phase = view["phase"]
    if phase == "over":
        return [f"GAME OVER: {view['summary']}"]
    who = ", ".join(view["pending"])
    out = [f"NEXT: {view['label']} - orders due from {who}"]
    if power is not None and power not in view["pending"]:
        return [*out, "  You have no orders to give this turn."]
    hints = {
        "digits": "  Call a number: DIGIT n (0-9).",
        "homeland": "  Choose a Homeland: HOMELAND <country>.",
        "home-alliances": "  Ally within your home zone: ALLY <country> ... (rule 4).",
        "attack": "  ALLY <country> (once, if you can pay), then ATTACK <country> or PASS.",
        "final": "  ATTACK <occupied country> or PASS: your last attack (rule 20).",
        "battle": "  Choose a weapon and posture: TANK|SUB|PLANE [CAUTIOUS|AGGRESSIVE].",
        "endgame": "  Choose a weapon and posture: TANK|SUB|PLANE [CAUTIOUS|AGGRESSIVE].",
    }
    return [*out, hints.get(phase, "")]


def render(view: dict[str, Any], events: Sequence[Event], board: Board) -> str:
    power = view["power"]
    # The heading (the turn played, the one due, whose report) is the session's.
    out = ["", f"Board: {view['board']}", ""]
    if events:
        out.append("WHAT HAPPENED")
        out.extend(f"  {e.text}" for e in events)
        out.append("")
    out += [*_board(view, board), "", *_players(view, board), ""]
    war = _war(view, board)
    if war:
        out += [*war, ""]
    if view["offers"]:
        out.append(
            "PLAYER ALLIANCES PROPOSED: " + "; ".join(f"{a} to {b}" for a, b in view["offers"])
        )
    mine = view["orders"].get(power) if power else None
    if mine:
        out.append("YOUR ORDERS LAST TURN: " + "; ".join(mine))
    out += _todo(view)
    if view["phase"] != "over":  # a game over asks for no more orders
        out += ["", HELP]
    return "\n".join(out) + "\n"
