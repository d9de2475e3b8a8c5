"""A forecast's starting position: a whole Battle Plan state built from one player's view alone.

The view (:mod:`~umpire.games.battleplan.views`) shows the player's own heading (Dollars,
spies, multipliers, defaults, alliances, sharing, options, his forces at sea), every country
he sees in full (6A, 6B, 6D, 14), the owner of every other country with his own popularity
in it, every force in the seas he sees, and the public lists of enemies (1B). What it hides
is filled by our rule (docs/forecast.md; ruling R-FC1 in docs/rulings/battleplan.md):

- a country he does not see holds what it held at the start of the game (15C, or the
  scenario's own table), under the owner the view shows; an occupied one has the starting HPI
  (3A); a minor has only his own popularity, and, as he does not control it (he would see it),
  the lowest-numbered other player is put level with him, so that nobody controls it (2A);
  nobody has spies or standing orders there (6B, 11);
- in a sea he does not see there is nothing but his own forces (14);
- another player has the starting Dollars, multipliers, spies and counterspies of the rules
  (5A, 5C, 6B, 6C) and the scenario's starting defaults (10); his enemies are his public list
  (1B), his only ally the forecaster where he declared him one, his sharing only what he shares
  with the forecaster (6D); no permits, options or research (7, 8, 5B);
- research's odds (WW Real Forces), hidden from the player himself, are the usual ones;
- what anyone saw during the turn just resolved is not carried (the turn records it anew).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from umpire.games.battleplan.arms import FIRST_MISSILE
from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.model import (
    MINOR,
    STARTING_HPI,
    Country,
    GameState,
    Player,
    Sea,
    Stack,
    but,
)

# (powers in player order) -> the scenario's opening state for them
Opening = Callable[[list[str]], GameState]


def cents(dollars: str) -> int:
    """The view's Dollars (``"12.05"``, ``"-3.40"``) in cents.

    >>> cents("12.05"), cents("-3.40"), cents("7.00")
    (1205, -340, 700)
    """
    sign = -1 if dollars.startswith("-") else 1
    whole, _, part = dollars.lstrip("-").partition(".")
    return sign * (int(whole) * 100 + int((part + "00")[:2]))


def hundredths(text: str) -> int:
    """The view's spies (``"28"``, ``"2.50"``) in hundredths.

    >>> hundredths("28"), hundredths("2.50"), hundredths("0.05")
    (2800, 250, 5)
    """
    return cents(text if "." in text else f"{text}.00")


def forecast_state(
    view: Mapping[str, Any], power: str, gm: GameMap, opening: Opening, map_version: int
) -> GameState:
    """The state ``power`` forecasts from (the rule: the module's docstring). ``opening`` gives
    the scenario's opening state for the seated powers (the starting figures of the countries
    he does not see); ``map_version`` the scenario's map version (ruling W-MAPV)."""
    you: Mapping[str, Any] = view["you"]
    number = int(you["number"])
    listed = view["players"]
    start = opening([str(p["power"]) for p in listed])
    turn = int(view["turn"])
    players = tuple(_player(p, you, view, start, turn) for p in listed)
    countries = {
        code: _country(code, entry, number, start) for code, entry in view["countries"].items()
    }
    at_sea: dict[str, dict[int, Stack]] = {code: {} for code in gm.seas}
    for code, forces in view["seas"].items():
        for who, (army, navy, air) in forces.items():
            at_sea[code][int(who)] = Stack(int(army), int(navy), int(air))
    for code, (army, navy, air) in you["at_sea"].items():  # 14: his own, wherever they are
        at_sea[code][number] = Stack(int(army), int(navy), int(air))
    seas = {code: Sea(code, dict(sorted(forces.items()))) for code, forces in at_sea.items()}
    extra: dict[str, Any] = {}
    if map_version:
        extra["map_version"] = map_version
    if "first_missile" in view:
        extra[FIRST_MISSILE] = dict(view["first_missile"])
    if "opinion" in you:
        extra["opinion"] = {str(number): dict(you["opinion"])}
    return GameState(
        scenario=str(view["scenario"]),
        turn=turn,
        max_turns=int(view["max_turns"] or 0),
        players=players,
        countries=countries,
        seas=seas,
        due=str(you.get("due", "")),
        extra=extra,
    )


def _player(
    listed: Mapping[str, Any],
    you: Mapping[str, Any],
    view: Mapping[str, Any],
    start: GameState,
    turn: int,
) -> Player:
    n = int(listed["number"])
    if n == int(you["number"]):
        declared = {int(p): "A" for p in you["allies"]} | {int(p): "E" for p in you["enemies"]}
        return Player(
            number=n,
            power=str(listed["power"]),
            cents=cents(str(you["dollars"])),
            multipliers={str(k): int(v) for k, v in you["multipliers"].items()},
            spies=hundredths(str(you["spies"])),
            counterspies=hundredths(str(you["counterspies"])),
            declared=dict(sorted(declared.items())),
            permits=tuple(sorted(int(p) for p in you["permits"])),
            shares={int(p): str(v) for p, v in you["shares"].items()},
            defaults={str(k): int(v) for k, v in you["defaults"].items()},
            options=tuple(sorted(int(o) for o in you["options"])),
            last_turn_occupying=int(you.get("last_turn_occupying", 0)),
        )
    me = int(you["number"])
    opening = start.player(n)
    declared = {int(q): "E" for q in listed["enemies"]}  # 1B: displayed to all players
    if n in view["allied_by"]:
        declared[me] = "A"
    shared = view["shared_with_you"].get(str(n))
    return Player(
        number=n,
        power=str(listed["power"]),
        cents=opening.cents,
        multipliers=dict(opening.multipliers),
        spies=opening.spies,
        counterspies=opening.counterspies,
        declared=dict(sorted(declared.items())),
        shares={me: str(shared)} if shared else {},
        defaults=dict(opening.defaults),
        # 1A: the turn just resolved, where he occupies a country now
        last_turn_occupying=turn - 1 if int(listed["occupied"]) else 0,
    )


def _country(code: str, entry: Mapping[str, Any], number: int, start: GameState) -> Country:
    owner = int(entry["owner"])
    if "army" not in entry:
        return _unseen(code, entry, owner, number, start)
    taxbase_suppressed, blockaded, industry_suppressed = (int(x) for x in entry["suppression"])
    c = Country(
        code=code,
        owner=owner,
        army=int(entry["army"]),
        navy=int(entry["navy"]),
        air=int(entry["air"]),
        missiles=int(entry["missiles"]),
        anti=int(entry["anti"]),
        # 14, 12E: the view shows the usable Industry and the rest as suppressed
        industry=int(entry["industry"]) + int(entry["industry_suppressed"]),
        limit=int(entry["industry_limit"]),
        # 14, 5F.1: the view shows the TaxBase produced and the rest as suppressed
        taxbase=int(entry["taxbase"]) + int(entry["taxbase_suppressed"]),
        air_suppressed=int(entry["air_suppressed"]),
        industry_suppressed=industry_suppressed,
        taxbase_suppressed=taxbase_suppressed,
        taxbase_blockaded=blockaded,
        hpi=int(entry.get("hpi", 0)),
        popularity={int(p): int(v) for p, v in entry.get("popularity", {}).items()},
        fractions={str(k): int(v) for k, v in entry.get("fractions", {}).items()},
        standing={int(k): str(v) for k, v in entry.get("standing", {}).items()},
        spies={number: int(entry["your_spies"])} if entry.get("your_spies") else {},
    )
    if c.standing:
        return but(c, standing_by=number)  # 11: shown only to the controller, his orders
    return c


def _unseen(
    code: str, entry: Mapping[str, Any], owner: int, number: int, start: GameState
) -> Country:
    """Our rule for a country he does not see: its opening figures under today's owner."""
    was = start.countries[code]
    c = Country(
        code=code,
        owner=owner,
        army=was.army,
        navy=was.navy,
        air=was.air,
        missiles=was.missiles,
        anti=was.anti,
        industry=was.industry,
        limit=was.limit,
        taxbase=was.taxbase,
        hpi=STARTING_HPI if owner != MINOR else 0,  # 3A
    )
    mine = int(entry.get("your_popularity", 0))
    others = [p.number for p in start.players if p.number != number]
    if owner == MINOR and mine > 0 and others:
        # he does not control it (he would see it): someone stands level with him (2A)
        return but(c, popularity=dict(sorted({number: mine, min(others): mine}.items())))
    if owner == MINOR and mine:
        return but(c, popularity={number: mine})
    return c
