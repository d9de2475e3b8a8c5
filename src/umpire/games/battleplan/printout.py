"""The player's printout, part by part in the order of section 14 (BP 14, 6D, 8 U1 U2, 16).

Built only from the player's view (:func:`views.view`, an allow-list) and the events the
session passes in, which are already only those the player may read. The parts:

1. heading: game, turn, player number, due date (the server supplies it; without one, the
   turn is named);
2. Spies, CounterSpies, Dollars; defaults; allies, enemies, permits; who declared you an ally
   (1B); the other players' enemies; multipliers; share orders both ways (6D);
3. forces under your control: ``*`` after a minor's code, ``+`` after a number with a
   standing order on file, then the totals;
4. the number of countries each player occupies;
5. the spaces: those you see in full (``TaxBase=9<1>`` for suppressed amounts), then those
   you do not (only the owner, or ``*`` and your popularity); U2 makes it one alphabetical
   list; U1 prints player numbers without their country names;
6. the seas you see (had forces in last turn or this turn, or supported; not one your
   forces only fled to, ruling R-I5), and the visible forces of all players;
7. land combat, spies caught (per player, per space), sea combat, counter-attacks and
   revolutions, messages (16),
   then error messages and comments from the moderator;
8. the order count and the echo of the orders entered, player orders then each space.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from umpire.core.events import Event
from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.model import MINOR, GameState
from umpire.games.battleplan.views import dollars

COLUMNS = ("army", "navy", "air", "missiles", "anti", "industry")
# the column a standing order's units are in: builds use Industry, the rest their own unit
STANDING_UNITS = {
    "B": "industry",
    "A": "army",
    "N": "navy",
    "F": "air",
    "M": "missiles",
    "X": "anti",
}


class Names:
    """BP 8 U1: each player's country name next to his number, or the number alone."""

    def __init__(self, v: dict[str, Any]) -> None:
        self.short = 1 in v["you"]["options"]
        self.powers = {p["number"]: p["power"] for p in v["players"]}
        # each player's label made once, looked up by his number as a view holds it (an int,
        # or a string where it is a JSON object's key): a printout names players hundreds of
        # times
        self.labels: dict[int | str, str] = {}
        for n, power in self.powers.items():
            self.labels[n] = self.labels[str(n)] = f"[{n}]" if self.short else f"[{n}]{power}"

    def __call__(self, p: int | str) -> str:
        label = self.labels.get(p)
        if label is not None:
            return label
        n = int(p)
        return f"[{n}]" if self.short else f"[{n}]{self.powers[n]}"


Goal = Callable[[GameState, GameMap, int], list[str]]


def build_printout(v: dict[str, Any], events: Sequence[Event]) -> str:
    """The printout of the reader of the view ``v`` (a player's, :func:`views.view`, or the
    umpire's, :func:`views.umpire_view`), with the events addressed to him. A player's view
    holds his scenario's lines on what he needs to win (``goal``; WW, ruling W-GOAL; Europe has
    none) and, once the game is over, its result (``over``: by the scenario's own ending, or
    declared by the game master or voted before it): the heading then says so and asks for
    nothing."""
    if "you" not in v:
        return _umpire_printout(v, events)
    number = v["you"]["number"]
    name = Names(v)
    out = _heading(v, number, name)
    out += v.get("goal", [])
    out += ["", *_forces(v, number)]
    out += _standing(v)
    out += ["", "Player   Occupied Countries"]
    out += [f"{name(p['number']):<9}{p['occupied']}" for p in v["players"]]
    out += ["", *_spaces(v, name)]
    out += _seas(v, name)
    out += ["", *_visible_forces(v, name)]
    out += _event_parts(events)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------- 1, 2


def _heading(v: dict[str, Any], number: int, name: Names) -> list[str]:
    you = v["you"]
    out = [
        *_due(v, name),
        # The game, the turn played and the one due head the printout (the session's heading).
        f"Player [{number}] ({you['power']})",
        f"Spies={you['spies']} CounterSpies={you['counterspies']} Dollars={you['dollars']}",
    ]
    if you["defaults"]:
        out.append("Defaults=(" + ",".join(f"B{k}{n}" for k, n in you["defaults"].items()) + ")")
    for title, key in (("Allies", "allies"), ("Enemies", "enemies"), ("Permits", "permits")):
        out.append(f"{title}=( " + " ".join(name(p) for p in you[key]) + " )")
    if v["allied_by"]:
        out.append("Declared you an ally=( " + " ".join(name(p) for p in v["allied_by"]) + " )")
    others = [p for p in v["players"] if p["enemies"] and p["number"] != number]
    if others:
        out.append("Other players' enemies:")
        out += [
            f"  {name(p['number'])} Enemies=( " + " ".join(name(q) for q in p["enemies"]) + " )"
            for p in others
        ]
    out.append("Multipliers=(" + ",".join(f"{k}{n}" for k, n in you["multipliers"].items()) + ")")
    # BP 6D: "a list of your current shared-spy orders, and a list of other players sharing
    # their spies with you"
    out.append("Sharing=( " + " ".join(f"{name(p)}{s}" for p, s in you["shares"].items()) + " )")
    out.append(
        "Shared with you=( "
        + " ".join(f"{name(p)}{s}" for p, s in v["shared_with_you"].items())
        + " )"
    )
    return out


def _due(v: dict[str, Any], name: Names) -> list[str]:
    """BP 14: the due date "(unless the game is over)"; once it is, that it is and who won
    (1A); a player who is out of the game (1A) owes no orders."""
    you = v["you"]
    if v["over"] is not None:
        winners = " ".join(name(p) for p in v["over"]["winners"]) or "nobody"
        return [f"The game is over: {v['over']['summary']}. Won by: {winners}"]
    if not you["in_game"]:
        return ["No orders due: you occupy no country and control no forces (1A)."]
    return [f"Due {you['due']}" if you["due"] else f"Due: orders for turn {v['turn']}"]


# ---------------------------------------------------------------------------- 3


def _cell(n: int | str, standing: bool) -> str:
    text = "-" if n in (0, "-") else str(n)
    return f"{text}+" if standing else text


def _forces(v: dict[str, Any], number: int) -> list[str]:
    head = "".join(f"{h:>7}" for h in ("A", "N", "F", "M", "X", "I", "HPI"))
    lines = ["Forces under your control:", "      " + head]
    totals = dict.fromkeys(COLUMNS, 0)
    for code, c in v["countries"].items():
        if not c.get("controlled_by_you"):
            continue
        # BP 14: "+" after a number with a standing order on record for the units
        marked = {STANDING_UNITS.get(o[0], "") for o in c.get("standing", {}).values()}
        cells = [_cell(c[k], k in marked) for k in COLUMNS] + [str(c.get("hpi", "-"))]
        for k in COLUMNS:
            totals[k] += c[k]
        star = "*" if c["owner"] == MINOR else " "
        lines.append(f"{code:<3}{star}  " + "".join(f"{x:>7}" for x in cells))
    for code, (a, n, f) in v["you"]["at_sea"].items():
        totals["army"] += a
        totals["navy"] += n
        totals["air"] += f
        lines.append(f"{code:<3}   " + "".join(f"{_cell(x, False):>7}" for x in (a, n, f)))
    lines.append("-----")
    lines.append("Total " + "".join(f"{totals[k]:>7}" for k in COLUMNS))
    return lines


def _standing(v: dict[str, Any]) -> list[str]:
    """BP 11: "Your standing orders will be listed each turn in your information report,
    whether they are used that turn or not": one line per country, as they are written."""
    lines = [
        f"@{code} " + " ".join(f"/{slot}/{order}" for slot, order in c["standing"].items())
        for code, c in v["countries"].items()
        if c.get("controlled_by_you") and c.get("standing")
    ]
    return ["Standing orders:", *lines] if lines else []


# ---------------------------------------------------------------------------- 5, 6


def _supp(n: int, s: int) -> str:
    return f"{n}<{s}>" if s else f"{n}"


def space_line(code: str, c: dict[str, Any], name: Names | None = None) -> str:
    label = name or (lambda p: f"[{p}]")
    mark = "*" if c["owner"] == MINOR else label(c["owner"])
    if "army" not in c:
        # BP 14: only the owner, or the asterisk and your popularity
        pop = f" {c['your_popularity']}" if c["owner"] == MINOR and c["your_popularity"] else ""
        return f"{code} {mark}{pop}"
    parts = [
        f"TaxBase={_supp(c['taxbase'], c['taxbase_suppressed'])}",
        f"Industry={_supp(c['industry'], c['industry_suppressed'])}",
        f"Army={c['army']}",
    ]
    if c.get("coast", True):
        parts.append(f"Navy={c['navy']}")
    parts.append(f"AirF={_supp(c['air'], c['air_suppressed'])}")
    if c["missiles"]:
        parts.append(f"Missiles={c['missiles']}")
    if c["anti"]:
        parts.append(f"AntiM={c['anti']}")
    if "hpi" in c:
        parts.append(f"HPI={c['hpi']}")
    if c.get("your_spies"):
        parts.append(f"Spies={c['your_spies']}")
    for p, pop in c.get("popularity", {}).items():
        parts.append(f"{label(p)}={pop}")
    return f"{code} {mark} " + " ".join(parts)


def _spaces(v: dict[str, Any], name: Names) -> list[str]:
    items = list(v["countries"].items())
    if 2 in v["you"]["options"]:
        # BP 14 U2: one alphabetical list
        return [space_line(code, c, name) for code, c in items]
    seen: list[str] = []
    unseen: list[str] = []
    for code, c in items:
        if "army" in c:
            seen.append(space_line(code, c, name))
            continue
        # space_line's first case, written out here: most of a big map's countries are unseen
        owner = c["owner"]
        if owner != MINOR:
            unseen.append(f"{code} {name(owner)}")
        else:
            pop = c["your_popularity"]
            unseen.append(f"{code} * {pop}" if pop else f"{code} *")
    return seen + ["   ".join(unseen[i : i + 4]) for i in range(0, len(unseen), 4)]


def _seas(v: dict[str, Any], name: Names) -> list[str]:
    out = []
    for code, forces in v["seas"].items():
        cells = []
        for p, (a, n, f) in forces.items():
            units = [f"{k}={x}" for k, x in (("Army", a), ("Navy", n), ("AirF", f)) if x]
            cells.append(f"{name(p)} ({','.join(units)})")
        out.append(f"{code} " + " ".join(cells))
    return (["", *out]) if out else []


def _visible_forces(v: dict[str, Any], name: Names) -> list[str]:
    """The totals of every player's (and the minors') forces in the spaces you see."""
    sums: dict[int, list[int]] = {}
    for c in v["countries"].values():
        if "army" not in c:
            continue
        row = sums.setdefault(c["owner"], [0] * 6)
        for i, k in enumerate(("industry", "army", "navy", "air", "missiles", "anti")):
            row[i] += c[k]
    me = v["you"]["number"]
    stacks = [(int(p), units) for forces in v["seas"].values() for p, units in forces.items()]
    # his own forces in a sea he gets no listing of (14: fled there from a lost country)
    stacks += [(me, units) for code, units in v["you"]["at_sea"].items() if code not in v["seas"]]
    for p, units in stacks:
        row = sums.setdefault(p, [0] * 6)
        for i, x in enumerate(units):
            row[1 + i] += x
    head = "".join(f"{h:>7}" for h in ("I", "A", "N", "F", "M", "X"))
    out = ["Visible forces of all players:", " " * 9 + head]
    for p in sorted(sums):
        label = "[minor]" if p == MINOR else name(p)
        out.append(f"{label:<9}" + "".join(f"{x or '-':>7}" for x in sums[p]))
    return out


# ---------------------------------------------------------------------------- 7, 8

_PARTS = (
    ("Land combat", ("border", "land_combat")),
    ("Spies caught", ()),
    ("Sea combat", ("sea_combat",)),
    ("Counter-attacks and revolutions", ("counter_attack", "revolution")),
    ("Messages", ("message", "message_sent")),
    (
        "Error messages and comments from the moderator",
        ("error", "enemy", "ally", "gift", "strait", "evacuation", "income"),
    ),
)


def _event_parts(events: Sequence[Event]) -> list[str]:
    out: list[str] = []
    for title, kinds in _PARTS:
        these = [e.text for e in events if e.kind in kinds]
        if title == "Spies caught":
            these = _spies_caught(events)
        if these:
            out += ["", f"{title}:", *these]
    for e in events:
        if e.kind == "orders":
            out += ["", e.text, *e.data.get("echo", e.data.get("orders", []))]
    return out


def _spies_caught(events: Sequence[Event]) -> list[str]:
    """BP 14: "For each player, there is a list of the number of spies he had caught in each
    space": ``[5] GB=1 IT=2``."""
    caught: dict[int, dict[str, int]] = {}
    for e in events:
        if e.kind == "spy_caught":
            per_space = caught.setdefault(int(e.data["player"]), {})
            per_space[e.data["space"]] = per_space.get(e.data["space"], 0) + int(e.data["count"])
    return [
        f"[{p}] " + " ".join(f"{code}={n}" for code, n in sorted(caught[p].items()))
        for p in sorted(caught)
    ]


def _umpire_printout(v: dict[str, Any], events: Sequence[Event]) -> str:
    out: list[str] = []
    result = v["over"]
    if result is not None:
        winners = " ".join(f"[{p}]" for p in result["winners"]) or "nobody"
        out.append(f"The game is over: {result['summary']}. Won by: {winners}")
    for p in v["players"]:
        out.append(
            f"[{p['number']}] {p['power']} Dollars={dollars(p['cents'])} occupies "
            + " ".join(p["occupies"])
        )
    for code, detail in v["countries"].items():
        out.append(space_line(code, detail))
    out += _event_parts(events)
    return "\n".join(out) + "\n"
