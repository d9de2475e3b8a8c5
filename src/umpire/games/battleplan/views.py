"""What a player may see (BP 6A, 6B, 1B, 14) and the turn report built from it.

The view is an allow-list. Everyone sees who occupies each country, everyone's enemy lists
(1B: "displayed to all players") and his own popularity in every minor (14). A player sees
everything (but other players' spies) in the countries he occupies or controls, or did when
the turn just resolved began, and where he has a spy (6A, 6B, 14); all the forces in the seas
he had forces in before or during that turn, has forces in now or supported with Navy or
AirForce (14); and what other players share with him (6D). His own forces at sea are his
wherever they are.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from umpire.core.recent import Recent
from umpire.core.ruleset import Outcome
from umpire.games.battleplan.arms import FIRST_MISSILE
from umpire.games.battleplan.ending import active
from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.intelligence import sharers, sight
from umpire.games.battleplan.model import MINOR, MULTIPLIER_KINDS, Country, GameState

FORCE_KEYS = ("army", "navy", "air", "missiles", "anti")


def dollars(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}" if cents >= 0 else f"-{dollars(-cents)}"


def hundredths(n: int) -> str:
    return f"{n // 100}" if n % 100 == 0 else f"{n / 100:.2f}"


def visible_countries(state: GameState, number: int) -> list[str]:
    """BP 6A, 6B, 6D: the countries ``number`` sees fully (his own sight and shared sight)."""
    return sorted(sight(state, number)[0])


def visible_seas(state: GameState, number: int) -> list[str]:
    """BP 14, 6D: the seas whose forces ``number`` sees (his own sight and shared sight)."""
    return sorted(sight(state, number)[1])


def country_detail(gm: GameMap, c: Country, number: int | None) -> dict[str, Any]:
    d: dict[str, Any] = {
        "owner": c.owner,
        # BP 14: "TaxBase=9<1> means that the country produced 9 Dollars income this turn
        # ... and it could have produced one more if not suppressed": as it was at step 8,
        # before the blockade that suppresses it for the next turn (5F.1)
        "taxbase": c.taxbase - (c.taxbase_suppressed - c.taxbase_blockaded),
        "taxbase_suppressed": c.taxbase_suppressed - c.taxbase_blockaded,
        # BP 14, 12E: the usable Industry; industry past the limit is shown suppressed
        "industry": c.usable_industry,
        "industry_suppressed": c.industry - c.usable_industry,
        "industry_limit": c.limit,
        "coast": gm.spaces[c.code].has_coast,  # 14: Navy shown only with a coast
        "air_suppressed": c.air_suppressed,
        **{k: getattr(c, k) for k in FORCE_KEYS},
        # 5F: the suppression as kept from turn to turn (TaxBase, of it what the last blockade
        # added, Industry), of which the figures above are what this turn shows
        "suppression": [c.taxbase_suppressed, c.taxbase_blockaded, c.industry_suppressed],
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


def view(state: GameState, gm: GameMap, number: int, result: Outcome | None) -> dict[str, Any]:
    """What player ``number`` sees; ``result``: the game's outcome once over (the scenario's
    own ending: Europe 1A, WW 1939 and Real Forces theirs)."""
    seen, seen_seas = sight(state, number)
    countries: dict[str, Any] = {}
    for code, c in sorted(state.countries.items()):
        if code in seen:
            entry = country_detail(gm, c, number)
            entry["controlled_by_you"] = c.controller() == number
        else:
            entry = {"owner": c.owner}
            if c.owner == MINOR:
                entry["your_popularity"] = c.popularity.get(number, 0)
        countries[code] = entry
    seas = {
        code: {str(p): [s.army, s.navy, s.air] for p, s in sorted(sea.forces.items())}
        for code, sea in sorted(state.seas.items())
        if code in seen_seas
    }
    out = {
        "game": "battleplan",
        "scenario": state.scenario,
        "turn": state.turn,
        "max_turns": state.max_turns or None,  # ruling R-END: None, no turn limit
        "you": you(state, number),
        "over": over(state, result),
        "shared_with_you": {str(p): v for p, v in sorted(sharers(state, number).items())},
        "allied_by": sorted(p.number for p in state.players if p.declared.get(number) == "A"),
        "players": public_players(state),
        "countries": countries,
        "seas": seas,
    }
    first = state.extra.get(FIRST_MISSILE)
    if first is not None:
        # WW 1939.missiles (ruling W-1939M): that missiles have been fired, and when, is seen by
        # all ("they really work"); who fired them he knows only of himself
        out["first_missile"] = {
            "turn": first["turn"],
            "by": [n for n in first["by"] if n == number],
        }
    return out


def public_view(state: GameState, result: Outcome | None) -> dict[str, Any]:
    """What a spectator sees: only facts every player's view holds, by allow-list. BP 1B:
    who occupies each country and everyone's enemy lists are "displayed to all players"; the
    list of players and how many countries each occupies follow from them; the turn and, once
    over, the result (1A, 14). No forces, money, spies, popularity or sea listings (6A, 14)."""
    return {
        "game": "battleplan",
        "scenario": state.scenario,
        "public": True,
        "turn": state.turn,
        "max_turns": state.max_turns or None,
        "over": over(state, result),
        "players": public_players(state),
        "countries": {code: {"owner": c.owner} for code, c in sorted(state.countries.items())},
    }


# Per state, its public list of players: a turn's views (one per player, and the public one)
# all list the same players of the same finished state (umpire.core.recent).
_players_of: Recent[list[dict[str, Any]]] = Recent()


def public_players(state: GameState) -> list[dict[str, Any]]:
    """BP 1B: every player, how many countries he occupies and his enemy list, as every view
    shows them; made once per state (the views share it: a view is a value, never changed)."""
    known = _players_of.get(state)
    if known is not None:
        return known
    occupied = Counter(c.owner for c in state.countries.values())
    players = [
        {
            "number": p.number,
            "power": p.power,
            "occupied": occupied[p.number],
            "enemies": sorted(q for q, s in p.declared.items() if s == "E"),
        }
        for p in state.players
    ]
    return _players_of.put(players, state)


def you(state: GameState, number: int) -> dict[str, Any]:
    """BP 14: the heading's facts about the player himself."""
    me = state.player(number)
    return {
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
        # 14: his own forces at sea, wherever they are (the forces he can give orders
        # for), even in a sea whose listing he does not get
        "at_sea": {
            code: [sea.forces[number].army, sea.forces[number].navy, sea.forces[number].air]
            for code, sea in sorted(state.seas.items())
            if number in sea.forces
        },
        "due": state.due,
        "in_game": active(state, number),  # 1A: may give orders
        "last_turn_occupying": me.last_turn_occupying,  # 1A; WW 1939 victory points
    } | (
        # WW opinion: his own good-guy and bad-guy lists, which stand until he changes them
        {"opinion": dict(state.extra["opinion"].get(str(number), {}))}
        if "opinion" in state.extra
        else {}
    )


def over(state: GameState, result: Outcome | None) -> dict[str, Any] | None:
    """BP 1A, 14: once the game is over (``result``: by the scenario's ending, or a result
    declared or voted), everyone sees that it is and who won."""
    if result is None:
        return None
    winners = [state.number_of(p) for p in result.winners]
    return {"summary": result.summary, "winners": winners}


def umpire_view(state: GameState, gm: GameMap, result: Outcome | None) -> dict[str, Any]:
    """Everything; ``result``: the game's outcome once over (as :func:`view`)."""
    return {
        "game": "battleplan",
        "scenario": state.scenario,
        "turn": state.turn,
        "max_turns": state.max_turns or None,  # ruling R-END: None, no turn limit
        "over": over(state, result),
        "players": [
            {**p.to_json(), "occupies": state.occupied_by(p.number)} for p in state.players
        ],
        "countries": {c: country_detail(gm, k, None) for c, k in sorted(state.countries.items())},
        "seas": {
            c: {str(p): [s.army, s.navy, s.air] for p, s in sorted(sea.forces.items())}
            for c, sea in sorted(state.seas.items())
        },
    }
