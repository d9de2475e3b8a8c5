"""How AirForce, Missiles and AntiMissiles work in a scenario: BP 4E-4G as written, or as a
variant changes them (a new variant is a new :class:`Arms` on its scenario, never a branch).

1939 World Wide Battle Plan (WW 1939.bombers, 1939.missiles):

- "The 'air force' in this game represents strategic bombers": AirForce "can still move out
  to sea, but cannot fight while at sea ... they can take hits but cannot inflict hits on the
  enemy. Air force cannot attack or support FROM a sea space. They can only TRANSFER. And
  their range while at sea is limited to a land space ADJACENT to that sea space". AirForce
  on land "CAN support a sea space" and keeps its two-space range "as long as they are not
  ENDING UP in a sea space" (ruling W-1939B: a move to sea goes only to a sea on its coast).
- "There are no antimissiles in this game. No one starts with any missiles or a missile
  multiplier, but certain players may spend research creating a missile multiplier. Missiles
  will have the same RANGE as air force ... The first time in the game that a missile is
  actually fired, missile research will be easier for most players" (ruling W-1939M).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from umpire.core.errors import Code
from umpire.games.battleplan import errors
from umpire.games.battleplan.geography import GameMap
from umpire.games.battleplan.groups import Group
from umpire.games.battleplan.model import Draft, GameState
from umpire.games.battleplan.notation import format_body
from umpire.games.battleplan.orders import (
    Action,
    Build,
    DefaultBuild,
    Order,
    Research,
    Standing,
    Transfer,
)

Refusal = tuple[str, str]
FIRST_MISSILE = "first_missile"  # state.extra: {"turn": n, "by": [players]} once one is fired


@dataclass(frozen=True, slots=True)
class Arms:
    """The scenario's AirForce and missile rules (the defaults are BP 4E-4G)."""

    strategic_bombers: bool = False  # WW 1939.bombers
    missiles_in_air_range: bool = False  # WW 1939.missiles: not "the length of the map" (4F.1)
    antimissiles: bool = True  # WW 1939.missiles: "no antimissiles in this game"
    # WW 1939.missiles: the powers that may research missiles (None: everyone, BP 5B)
    missile_research: frozenset[str] | None = None
    # WW 1939.missiles: after the first missile is fired, the others' missile research counts
    # their Dollars this many times (1: no change; ruling W-1939M)
    research_after_first_missile: int = 1

    @property
    def changed(self) -> bool:
        return self is not BP_ARMS and self != BP_ARMS


BP_ARMS = Arms()


def _no(code: Code, order: Order, **fields: object) -> Refusal:
    return code.code, code.message(order=format_body(order), **fields)


def refuse(state: GameState, gm: GameMap, player: int, order: Order, arms: Arms) -> Refusal | None:
    """Why ``order`` is illegal under the scenario's ``arms`` (None: these rules allow it;
    the rules of BP 4E-4G and 12 are checked by :mod:`legality`)."""
    if isinstance(order, Standing):
        return None if order.order is None else refuse(state, gm, player, order.order, arms)
    if not arms.antimissiles and _antimissile(order):
        return _no(errors.NO_ANTIMISSILES, order)
    if (
        isinstance(order, Research)
        and order.kind == "M"
        and arms.missile_research is not None
        and state.player(player).power not in arms.missile_research
    ):
        return _no(errors.NO_MISSILE_RESEARCH, order)
    if (
        arms.missiles_in_air_range
        and isinstance(order, Action)
        and order.verb[0] == "M"
        and not gm.in_air_range(order.space, order.target)
    ):
        return _no(errors.OUT_OF_RANGE, order, to=order.target, frm=order.space)
    if arms.strategic_bombers:
        return _bombers(gm, order)
    return None


def _antimissile(order: Order) -> bool:
    match order:
        case Build(_, "X", _) | Research("X", _) | Transfer(_, "X", _, _):
            return True
        case DefaultBuild("X", n):
            return n > 0
    return False


def _bombers(gm: GameMap, order: Order) -> Refusal | None:
    """WW 1939.bombers: AirForce at sea only transfers, to a country on that sea; AirForce
    moving out to sea goes to a sea on its own coast (ruling W-1939B)."""
    if isinstance(order, Action) and order.verb[0] == "F" and gm.is_sea(order.space):
        return _no(errors.BOMBER_AT_SEA, order)
    if not isinstance(order, Transfer) or order.unit != "F":
        return None
    if gm.is_sea(order.space) and not (
        gm.is_country(order.dest) and gm.adjacent(order.space, order.dest)
    ):
        what = f"AirForce at sea may only land in a country on {order.space}"
        return _no(errors.BOMBER_RANGE, order, what=what)
    if (
        gm.is_country(order.space)
        and gm.is_sea(order.dest)
        and order.dest not in gm.spaces[order.space].coasts
    ):
        what = f"AirForce may only move out to a sea on the coast of {order.space}"
        return _no(errors.BOMBER_RANGE, order, what=what)
    return None


def fights_at_sea(arms: Arms) -> str:
    """The units in a sea that fire there (4D.1, 4E.5); 1939 bombers there only take hits."""
    return "N" if arms.strategic_bombers else "NF"


def note_first_missile(d: Draft, groups: Sequence[Group], arms: Arms) -> None:
    """WW 1939.missiles: remember the turn the first missile was actually fired, and by whom
    (missiles sent to attack at step 1; ruling W-1939M)."""
    if arms.research_after_first_missile == 1 or FIRST_MISSILE in d.extra:
        return
    fired = sorted({g.player for g in groups if g.unit == "M" and g.sent > 0})
    if fired:
        d.extra[FIRST_MISSILE] = {"turn": d.state.turn, "by": fired}


def research_weight(state: GameState, player: int, kind: str, arms: Arms) -> int:
    """How many times ``player``'s research Dollars on ``kind`` count this turn (5B, ruling
    R-E1 at weight 1). WW 1939.missiles: none for a power that may not research missiles;
    after the first missile is fired, more for every power but those who fired it (they knew
    already; the others "see that they really work"), ruling W-1939M."""
    if kind != "M":
        return 1
    if (
        arms.missile_research is not None
        and state.player(player).power not in arms.missile_research
    ):
        return 0
    first = state.extra.get(FIRST_MISSILE)
    if first is not None and player not in first["by"]:
        return arms.research_after_first_missile
    return 1
