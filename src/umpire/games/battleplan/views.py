"""What a player may see (BP 6A, 6B, 1B, 14) and the turn report built from it.

The view is an allow-list. Everyone sees who occupies each country, everyone's enemy lists
(1B: "displayed to all players") and his own popularity in every minor (14). A player sees
everything (but other players' spies) in the countries he occupies or controls and where he
has a spy (6A, 6B), and all the forces in the seas where he has forces (14).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from umpire.core.events import Event
from umpire.games.battleplan.model import MINOR, MULTIPLIER_KINDS, Country, GameState

FORCE_KEYS = ("army", "navy", "air", "missiles", "anti")


def dollars(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}" if cents >= 0 else f"-{dollars(-cents)}"


def hundredths(n: int) -> str:
    return f"{n // 100}" if n % 100 == 0 else f"{n / 100:.2f}"


def visible_countries(state: GameState, number: int) -> list[str]:
    return sorted(
        code
        for code, c in state.countries.items()
        if c.controller() == number or c.spies.get(number, 0) > 0
    )


def country_detail(c: Country, number: int | None) -> dict[str, Any]:
    d: dict[str, Any] = {
        "owner": c.owner,
        "taxbase": c.unsuppressed_taxbase,
        "taxbase_suppressed": c.taxbase_suppressed,
        "industry": c.industry - c.industry_suppressed,
        "industry_suppressed": c.industry_suppressed,
        "industry_limit": c.limit,
        "air_suppressed": c.air_suppressed,
        **{k: getattr(c, k) for k in FORCE_KEYS},
    }
    if c.owner != MINOR:
        d["hpi"] = c.hpi
    else:
        d["popularity"] = {str(p): v for p, v in sorted(c.popularity.items())}
    if c.controller() == number or number is None:
        d["fractions"] = dict(sorted(c.fractions.items()))
        d["standing"] = {str(k): v for k, v in sorted(c.standing.items())}
    if number is not None and c.spies.get(number):
        d["your_spies"] = c.spies[number]
    return d


def view(state: GameState, number: int) -> dict[str, Any]:
    me = state.player(number)
    seen = set(visible_countries(state, number))
    countries: dict[str, Any] = {}
    for code, c in sorted(state.countries.items()):
        if code in seen:
            entry = country_detail(c, number)
            entry["controlled_by_you"] = c.controller() == number
        else:
            entry = {"owner": c.owner}
            if c.owner == MINOR:
                entry["your_popularity"] = c.popularity.get(number, 0)
        countries[code] = entry
    seas = {
        code: {str(p): [s.army, s.navy, s.air] for p, s in sorted(sea.forces.items())}
        for code, sea in sorted(state.seas.items())
        if number in sea.forces
    }
    return {
        "game": "battleplan",
        "scenario": state.scenario,
        "turn": state.turn,
        "max_turns": state.max_turns,
        "you": {
            "number": number,
            "power": me.power,
            "dollars": dollars(me.cents),
            "spies": hundredths(me.spies),
            "counterspies": hundredths(me.counterspies),
            "multipliers": {k: me.multipliers.get(k, 0) for k in MULTIPLIER_KINDS},
            "defaults": dict(sorted(me.defaults.items())),
            "allies": sorted(p for p, s in me.declared.items() if s == "A"),
            "enemies": sorted(p for p, s in me.declared.items() if s == "E"),
            "permits": sorted(me.permits),
            "shares": {str(p): v for p, v in sorted(me.shares.items())},
            "options": sorted(me.options),
        },
        "allied_by": sorted(p.number for p in state.players if p.declared.get(number) == "A"),
        "players": [
            {
                "number": p.number,
                "power": p.power,
                "occupied": sum(1 for c in state.countries.values() if c.owner == p.number),
                "enemies": sorted(q for q, s in p.declared.items() if s == "E"),
            }
            for p in state.players
        ],
        "countries": countries,
        "seas": seas,
    }


def umpire_view(state: GameState) -> dict[str, Any]:
    return {
        "game": "battleplan",
        "scenario": state.scenario,
        "turn": state.turn,
        "max_turns": state.max_turns,
        "players": [p.to_json() for p in state.players],
        "countries": {c: country_detail(k, None) for c, k in sorted(state.countries.items())},
        "seas": {
            c: {str(p): [s.army, s.navy, s.air] for p, s in sorted(sea.forces.items())}
            for c, sea in sorted(state.seas.items())
        },
    }


def _forces_table(v: dict[str, Any], number: int) -> list[str]:
    lines = ["Forces under your control:", "         A     N     F     M     X     I   HPI"]
    for code, c in v["countries"].items():
        if not c.get("controlled_by_you"):
            continue
        star = "*" if c["owner"] == MINOR else " "
        hpi = c.get("hpi", "-")
        cells = [c["army"], c["navy"], c["air"], c["missiles"], c["anti"], c["industry"], hpi]
        lines.append(f"{code:<4}{star} " + "".join(f"{x!s:>6}" for x in cells))
    for code, forces in v["seas"].items():
        a, n, f = forces.get(str(number), [0, 0, 0])
        lines.append(f"{code:<4}  " + "".join(f"{x:>6}" for x in (a, n, f)))
    return lines


def _space_line(code: str, c: dict[str, Any]) -> str:
    mark = "*" if c["owner"] == MINOR else f"[{c['owner']}]"
    if "army" not in c:
        pop = f" {c['your_popularity']}" if c["owner"] == MINOR and c["your_popularity"] else ""
        return f"{code} {mark}{pop}"

    def supp(n: int, s: int) -> str:
        return f"{n}<{s}>" if s else f"{n}"

    parts = [
        f"TaxBase={supp(c['taxbase'], c['taxbase_suppressed'])}",
        f"Industry={supp(c['industry'], c['industry_suppressed'])}",
        f"Army={c['army']}",
        f"Navy={c['navy']}",
        f"AirF={supp(c['air'], c['air_suppressed'])}",
    ]
    if c["missiles"]:
        parts.append(f"Missiles={c['missiles']}")
    if c["anti"]:
        parts.append(f"AntiM={c['anti']}")
    if "hpi" in c:
        parts.append(f"HPI={c['hpi']}")
    if c.get("your_spies"):
        parts.append(f"Spies={c['your_spies']}")
    for p, pop in c.get("popularity", {}).items():
        parts.append(f"[{p}]={pop}")
    return f"{code} {mark} " + " ".join(parts)


def printout(state: GameState, events: Sequence[Event], number: int | None) -> str:
    """The turn report (14): heading, money, lists, forces, spaces, combats, errors, orders."""
    if number is None:
        return _umpire_printout(state, events)
    v = view(state, number)
    you = v["you"]
    mult = ",".join(f"{k}{n}" for k, n in you["multipliers"].items())
    out = [
        f"Game Battle Plan ({v['scenario']}), Turn {v['turn']}, Player [{number}] ({you['power']})",
        f"Spies={you['spies']} CounterSpies={you['counterspies']} Dollars={you['dollars']}",
    ]
    if you["defaults"]:
        out.append("Defaults=(" + ",".join(f"B{k}{n}" for k, n in you["defaults"].items()) + ")")
    out.append(f"Multipliers=({mult})")
    for name, key in (("Allies", "allies"), ("Enemies", "enemies"), ("Permits", "permits")):
        out.append(f"{name}=( " + " ".join(f"[{p}]" for p in you[key]) + " )")
    if v["allied_by"]:
        out.append("Declared you an ally: " + " ".join(f"[{p}]" for p in v["allied_by"]))
    for p in v["players"]:
        if p["enemies"] and p["number"] != number:
            out.append(f"Enemies of [{p['number']}]: " + " ".join(f"[{q}]" for q in p["enemies"]))
    out.append("")
    out += _forces_table(v, number)
    out += ["", "Player  Occupied countries"]
    out += [f"[{p['number']}] {p['power']:<4} {p['occupied']}" for p in v["players"]]
    out.append("")
    out += [_space_line(code, c) for code, c in v["countries"].items() if "army" in c]
    hidden = [_space_line(code, c) for code, c in v["countries"].items() if "army" not in c]
    out += ["  ".join(hidden[i : i + 4]) for i in range(0, len(hidden), 4)]
    for code, forces in v["seas"].items():
        cells = " ".join(f"[{p}] (Army={a},Navy={n},AirF={f})" for p, (a, n, f) in forces.items())
        out.append(f"{code} {cells}")
    out += _events(events)
    return "\n".join(out) + "\n"


_SECTIONS = (
    ("border", "Armies meeting at the border"),
    ("land_combat", "Land combat"),
    ("sea_combat", "Sea combat"),
    ("counter_attack", "Counter-attacks and revolutions"),
    ("revolution", None),
    ("capture", "Captures"),
    ("enemy", "Declarations"),
    ("ally", None),
    ("gift", "Gifts and messages"),
    ("strait", None),
    ("evacuation", "Evacuations"),
    ("income", "Income"),
    ("error", "Errors and comments from the moderator"),
)


def _events(events: Sequence[Event]) -> list[str]:
    out: list[str] = []
    heading = ""
    for kind, title in _SECTIONS:
        heading = title or heading
        these = [e for e in events if e.kind == kind]
        if these:
            out += ["", heading + ":"]
            out += [e.text for e in these]
    echo = [e for e in events if e.kind == "orders"]
    for e in echo:
        out += ["", e.text, *e.data.get("orders", [])]
    return out


def _umpire_printout(state: GameState, events: Sequence[Event]) -> str:
    out = [f"Game Battle Plan ({state.scenario}), Turn {state.turn}, umpire's report"]
    for p in state.players:
        out.append(
            f"[{p.number}] {p.power} Dollars={dollars(p.cents)} occupies "
            + " ".join(state.occupied_by(p.number))
        )
    for code, c in sorted(state.countries.items()):
        out.append(_space_line(code, {**country_detail(c, None)}))
    out += _events(events)
    return "\n".join(out) + "\n"
