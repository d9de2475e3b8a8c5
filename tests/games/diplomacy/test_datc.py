"""The DATC 3.0 test cases (datc/*.toml), read and checked by this one runner.

Every case is run through the Ruleset as a game would be: each power's orders are parsed
with ``umpire.core.submission.parse`` (illegal orders are rejected there and the unit holds, as the DATC
says), then ``RULESET.resolve`` adjudicates. The runner checks the result of every order the
case gives a result for, the positions after the phase, and the dislodged units (with their
retreat options where the case names them).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from umpire.core import submission
from umpire.core.chance import ScriptedChance
from umpire.core.events import Event
from umpire.games.diplomacy import RULESET
from umpire.games.diplomacy.geography import province_of
from umpire.games.diplomacy.model import (
    ADJUSTMENTS,
    FALL,
    MOVEMENT,
    RETREATS,
    SPRING,
    WINTER,
    State,
    Unit,
)
from umpire.games.diplomacy.notation import parse_order
from umpire.games.diplomacy.orders import Move

HERE = Path(__file__).parent / "datc"
POWERS = {
    "England": "ENG",
    "France": "FRA",
    "Germany": "GER",
    "Italy": "ITA",
    "Austria": "AUS",
    "Russia": "RUS",
    "Turkey": "TUR",
}


def load_cases() -> list[dict[str, Any]]:
    cases = []
    for path in sorted(HERE.glob("6*.toml")):
        with path.open("rb") as f:
            cases.extend(tomllib.load(f)["case"])
    return cases


CASES = load_cases()


def split_by_power(text: str) -> list[tuple[str, str]]:
    """DATC order blocks ("England:" then orders) -> [(power, line)]."""
    out: list[tuple[str, str]] = []
    power = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        m = re.match(r"^([A-Z][a-z]+):?\s*(.*)$", line)
        if m and m.group(1) in POWERS:
            power = POWERS[m.group(1)]
            if m.group(2):
                out.append((power, m.group(2)))
            continue
        out.append((power, line))
    return out


def unit_key(u: Unit) -> str:
    return f"{u.power} {u.kind} {u.province}"


def opening(case: dict[str, Any], text: str, phase: str, season: str) -> State:
    """The position: the listed units, plus every unit the orders name (of the ordering power)."""
    units: dict[str, Unit] = {}
    for s in case.get("units", []):
        u = Unit.parse(s)
        units[u.province] = u
    for power, line in split_by_power(text):
        if line.lower().startswith(("build", "remove", "waive")):
            continue
        o = parse_order(RULESET.map, line)
        here = province_of(o.loc)
        if here not in units:
            units[here] = Unit(o.loc, o.kind, power)
    homes = {p: prov.home for p, prov in RULESET.map.provinces.items() if prov.home}
    owners = {p: o for p, o in homes.items() if o is not None}
    owners.update(case.get("owners", {}))
    for p in case.get("unowned", []):
        owners.pop(p, None)
    return State(
        scenario="standard",
        powers=tuple(sorted(set(POWERS.values()))),
        year=1901,
        season=season,
        phase=phase,
        units=tuple(sorted(units.values())),
        owners=tuple(sorted(owners.items())),
    )


def play(state: State, text: str) -> tuple[State, list[Event], dict[str, str]]:
    """Parse each power's orders, resolve; also return how each ordered unit's line reads."""
    by_power: dict[str, list[str]] = {}
    for power, line in split_by_power(text):
        by_power.setdefault(power, []).append(line)
    orders = {}
    for power, lines in by_power.items():
        parsed = submission.parse(RULESET, state, power, "\n".join(lines))
        orders[power] = [o for _, o in parsed.orders]
        # Canonical text round trip, as the session does.
        again = submission.parse(
            RULESET, state, power, "\n".join(RULESET.format(o) for o in orders[power])
        )
        assert [o for _, o in again.orders] == orders[power]
    result = RULESET.resolve(state, orders, ScriptedChance([]))
    return result.state, result.events, {}


def check_positions(case: dict[str, Any], after: State) -> None:
    def norm(s: str) -> tuple[str, str, str]:
        u = Unit.parse(s)
        loc = u.loc if "/" in u.loc else u.province
        return u.power, u.kind, loc

    got = sorted((u.power, u.kind, u.loc if "/" in u.loc else u.province) for u in after.units)
    want = sorted(norm(s) for s in case["after"])
    # A fleet on a split coast: compare the coast only where the case names it.
    got_cmp = [
        g if "/" in w[2] else (g[0], g[1], province_of(g[2]))
        for g, w in zip(got, want, strict=False)
    ]
    assert got_cmp == want or got == want, f"positions after: {got} != {want}"
    if "dislodged" in case:
        got_d = sorted(unit_key(d.unit) for d in after.dislodged)
        want_d = sorted(unit_key(Unit.parse(s)) for s in case["dislodged"])
        assert got_d == want_d, f"dislodged: {got_d} != {want_d}"
    for unit, options in case.get("options", {}).items():
        d = next(d for d in after.dislodged if unit_key(d.unit) == unit_key(Unit.parse(unit)))
        assert sorted(d.options) == sorted(options), f"retreat options of {unit}"


def movement_results(case: dict[str, Any], text: str, before: State, events: list[Event]) -> None:
    status = {e.data["province"]: e.data["status"] for e in events if e.kind == "order"}
    moves = {}
    for _power, line in split_by_power(text):
        o = parse_order(RULESET.map, line)
        moves[province_of(o.loc)] = isinstance(o, Move)
    for key, want in case.get("results", {}).items():
        here = key.split()[2]
        st = status.get(here, "held")
        # A move succeeds when it moves; a support when it is given (not cut, not void);
        # a convoy when its fleet is not dislodged; a hold when the unit stays.
        ok = st == "moved" if moves.get(here) else st in ("held", "supported", "convoyed")
        assert ("succeeds" if ok else "fails") == want, f"{key}: {st}, expected {want}"


def run_case(case: dict[str, Any]) -> None:
    phase = case["phase"]
    if phase == "movement":
        state = opening(case, case["orders"], MOVEMENT, SPRING)
        after, events, _ = play(state, case["orders"])
        movement_results(case, case["orders"], state, events)
        check_positions(case, after)
    elif phase == "retreats":
        state = opening(case, case["movement"], MOVEMENT, SPRING)
        mid, events, _ = play(state, case["movement"])
        movement_results(
            {"results": case.get("movement_results", {})}, case["movement"], state, events
        )
        assert mid.phase == RETREATS
        check_positions(
            {
                "after": case["after_movement"],
                "dislodged": case["dislodged"],
                "options": case.get("options", {}),
            },
            mid,
        )
        after, events, _ = play(mid, case["orders"])
        fate = {e.data["unit"]: e.data["fate"] for e in events if e.kind == "retreat"}
        for key, want in case.get("results", {}).items():
            got = next((f for u, f in fate.items() if unit_key(Unit.parse(u)) == key), "no retreat")
            assert ("succeeds" if got == "retreated" else "fails") == want, f"{key}: {got}"
        check_positions({"after": case["after"]}, after)
    else:
        state = opening(case, "", ADJUSTMENTS, WINTER)
        state = replace(state, season=WINTER)
        before = {unit_key(u) for u in state.units}
        after, events, _ = play(state, case["orders"])
        now = {unit_key(u) for u in after.units}
        for key, want in case.get("results", {}).items():
            happened = (key in now) != (key in before)
            assert ("succeeds" if happened else "fails") == want, f"{key}: expected {want}"
        check_positions({"after": case["after"]}, after)
        assert after.season == SPRING and after.phase == MOVEMENT
    assert FALL  # (the seasons are imported for the phases above)


# One literal marker per case, so that the rule-coverage tool finds each DATC id.
CASE_PARAMS = [
    pytest.param("6.A.1", marks=pytest.mark.rule("DATC 6.A.1")),
    pytest.param("6.A.2", marks=pytest.mark.rule("DATC 6.A.2")),
    pytest.param("6.A.3", marks=pytest.mark.rule("DATC 6.A.3")),
    pytest.param("6.A.4", marks=pytest.mark.rule("DATC 6.A.4")),
    pytest.param("6.A.5", marks=pytest.mark.rule("DATC 6.A.5")),
    pytest.param("6.A.6", marks=pytest.mark.rule("DATC 6.A.6")),
    pytest.param("6.A.7", marks=pytest.mark.rule("DATC 6.A.7")),
    pytest.param("6.A.8", marks=pytest.mark.rule("DATC 6.A.8")),
    pytest.param("6.A.9", marks=pytest.mark.rule("DATC 6.A.9")),
    pytest.param("6.A.10", marks=pytest.mark.rule("DATC 6.A.10")),
    pytest.param("6.A.11", marks=pytest.mark.rule("DATC 6.A.11")),
    pytest.param("6.A.12", marks=pytest.mark.rule("DATC 6.A.12")),
    pytest.param("6.B.1", marks=pytest.mark.rule("DATC 6.B.1")),
    pytest.param("6.B.2", marks=pytest.mark.rule("DATC 6.B.2")),
    pytest.param("6.B.3", marks=pytest.mark.rule("DATC 6.B.3")),
    pytest.param("6.B.4", marks=pytest.mark.rule("DATC 6.B.4")),
    pytest.param("6.B.5", marks=pytest.mark.rule("DATC 6.B.5")),
    pytest.param("6.B.6", marks=pytest.mark.rule("DATC 6.B.6")),
    pytest.param("6.B.7", marks=pytest.mark.rule("DATC 6.B.7")),
    pytest.param("6.B.8", marks=pytest.mark.rule("DATC 6.B.8")),
    pytest.param("6.B.9", marks=pytest.mark.rule("DATC 6.B.9")),
    pytest.param("6.B.10", marks=pytest.mark.rule("DATC 6.B.10")),
    pytest.param("6.B.11", marks=pytest.mark.rule("DATC 6.B.11")),
    pytest.param("6.B.12", marks=pytest.mark.rule("DATC 6.B.12")),
    pytest.param("6.B.13", marks=pytest.mark.rule("DATC 6.B.13")),
    pytest.param("6.B.14", marks=pytest.mark.rule("DATC 6.B.14")),
    pytest.param("6.B.15", marks=pytest.mark.rule("DATC 6.B.15")),
    pytest.param("6.C.1", marks=pytest.mark.rule("DATC 6.C.1")),
    pytest.param("6.C.2", marks=pytest.mark.rule("DATC 6.C.2")),
    pytest.param("6.C.3", marks=pytest.mark.rule("DATC 6.C.3")),
    pytest.param("6.C.4", marks=pytest.mark.rule("DATC 6.C.4")),
    pytest.param("6.C.5", marks=pytest.mark.rule("DATC 6.C.5")),
    pytest.param("6.C.6", marks=pytest.mark.rule("DATC 6.C.6")),
    pytest.param("6.C.7", marks=pytest.mark.rule("DATC 6.C.7")),
    pytest.param("6.C.8", marks=pytest.mark.rule("DATC 6.C.8")),
    pytest.param("6.C.9", marks=pytest.mark.rule("DATC 6.C.9")),
    pytest.param("6.D.1", marks=pytest.mark.rule("DATC 6.D.1")),
    pytest.param("6.D.2", marks=pytest.mark.rule("DATC 6.D.2")),
    pytest.param("6.D.3", marks=pytest.mark.rule("DATC 6.D.3")),
    pytest.param("6.D.4", marks=pytest.mark.rule("DATC 6.D.4")),
    pytest.param("6.D.5", marks=pytest.mark.rule("DATC 6.D.5")),
    pytest.param("6.D.6", marks=pytest.mark.rule("DATC 6.D.6")),
    pytest.param("6.D.7", marks=pytest.mark.rule("DATC 6.D.7")),
    pytest.param("6.D.8", marks=pytest.mark.rule("DATC 6.D.8")),
    pytest.param("6.D.9", marks=pytest.mark.rule("DATC 6.D.9")),
    pytest.param("6.D.10", marks=pytest.mark.rule("DATC 6.D.10")),
    pytest.param("6.D.11", marks=pytest.mark.rule("DATC 6.D.11")),
    pytest.param("6.D.12", marks=pytest.mark.rule("DATC 6.D.12")),
    pytest.param("6.D.13", marks=pytest.mark.rule("DATC 6.D.13")),
    pytest.param("6.D.14", marks=pytest.mark.rule("DATC 6.D.14")),
    pytest.param("6.D.15", marks=pytest.mark.rule("DATC 6.D.15")),
    pytest.param("6.D.16", marks=pytest.mark.rule("DATC 6.D.16")),
    pytest.param("6.D.17", marks=pytest.mark.rule("DATC 6.D.17")),
    pytest.param("6.D.18", marks=pytest.mark.rule("DATC 6.D.18")),
    pytest.param("6.D.19", marks=pytest.mark.rule("DATC 6.D.19")),
    pytest.param("6.D.20", marks=pytest.mark.rule("DATC 6.D.20")),
    pytest.param("6.D.21", marks=pytest.mark.rule("DATC 6.D.21")),
    pytest.param("6.D.22", marks=pytest.mark.rule("DATC 6.D.22")),
    pytest.param("6.D.23", marks=pytest.mark.rule("DATC 6.D.23")),
    pytest.param("6.D.24", marks=pytest.mark.rule("DATC 6.D.24")),
    pytest.param("6.D.25", marks=pytest.mark.rule("DATC 6.D.25")),
    pytest.param("6.D.26", marks=pytest.mark.rule("DATC 6.D.26")),
    pytest.param("6.D.27", marks=pytest.mark.rule("DATC 6.D.27")),
    pytest.param("6.D.28", marks=pytest.mark.rule("DATC 6.D.28")),
    pytest.param("6.D.29", marks=pytest.mark.rule("DATC 6.D.29")),
    pytest.param("6.D.30", marks=pytest.mark.rule("DATC 6.D.30")),
    pytest.param("6.D.31", marks=pytest.mark.rule("DATC 6.D.31")),
    pytest.param("6.D.32", marks=pytest.mark.rule("DATC 6.D.32")),
    pytest.param("6.D.33", marks=pytest.mark.rule("DATC 6.D.33")),
    pytest.param("6.D.34", marks=pytest.mark.rule("DATC 6.D.34")),
    pytest.param("6.E.1", marks=pytest.mark.rule("DATC 6.E.1")),
    pytest.param("6.E.2", marks=pytest.mark.rule("DATC 6.E.2")),
    pytest.param("6.E.3", marks=pytest.mark.rule("DATC 6.E.3")),
    pytest.param("6.E.4", marks=pytest.mark.rule("DATC 6.E.4")),
    pytest.param("6.E.5", marks=pytest.mark.rule("DATC 6.E.5")),
    pytest.param("6.E.6", marks=pytest.mark.rule("DATC 6.E.6")),
    pytest.param("6.E.7", marks=pytest.mark.rule("DATC 6.E.7")),
    pytest.param("6.E.8", marks=pytest.mark.rule("DATC 6.E.8")),
    pytest.param("6.E.9", marks=pytest.mark.rule("DATC 6.E.9")),
    pytest.param("6.E.10", marks=pytest.mark.rule("DATC 6.E.10")),
    pytest.param("6.E.11", marks=pytest.mark.rule("DATC 6.E.11")),
    pytest.param("6.E.12", marks=pytest.mark.rule("DATC 6.E.12")),
    pytest.param("6.E.13", marks=pytest.mark.rule("DATC 6.E.13")),
    pytest.param("6.E.14", marks=pytest.mark.rule("DATC 6.E.14")),
    pytest.param("6.E.15", marks=pytest.mark.rule("DATC 6.E.15")),
    pytest.param("6.F.1", marks=pytest.mark.rule("DATC 6.F.1")),
    pytest.param("6.F.2", marks=pytest.mark.rule("DATC 6.F.2")),
    pytest.param("6.F.3", marks=pytest.mark.rule("DATC 6.F.3")),
    pytest.param("6.F.4", marks=pytest.mark.rule("DATC 6.F.4")),
    pytest.param("6.F.5", marks=pytest.mark.rule("DATC 6.F.5")),
    pytest.param("6.F.6", marks=pytest.mark.rule("DATC 6.F.6")),
    pytest.param("6.F.7", marks=pytest.mark.rule("DATC 6.F.7")),
    pytest.param("6.F.8", marks=pytest.mark.rule("DATC 6.F.8")),
    pytest.param("6.F.9", marks=pytest.mark.rule("DATC 6.F.9")),
    pytest.param("6.F.10", marks=pytest.mark.rule("DATC 6.F.10")),
    pytest.param("6.F.11", marks=pytest.mark.rule("DATC 6.F.11")),
    pytest.param("6.F.12", marks=pytest.mark.rule("DATC 6.F.12")),
    pytest.param("6.F.13", marks=pytest.mark.rule("DATC 6.F.13")),
    pytest.param("6.F.14", marks=pytest.mark.rule("DATC 6.F.14")),
    pytest.param("6.F.15", marks=pytest.mark.rule("DATC 6.F.15")),
    pytest.param("6.F.16", marks=pytest.mark.rule("DATC 6.F.16")),
    pytest.param("6.F.17", marks=pytest.mark.rule("DATC 6.F.17")),
    pytest.param("6.F.18", marks=pytest.mark.rule("DATC 6.F.18")),
    pytest.param("6.F.19", marks=pytest.mark.rule("DATC 6.F.19")),
    pytest.param("6.F.20", marks=pytest.mark.rule("DATC 6.F.20")),
    pytest.param("6.F.21", marks=pytest.mark.rule("DATC 6.F.21")),
    pytest.param("6.F.22", marks=pytest.mark.rule("DATC 6.F.22")),
    pytest.param("6.F.23", marks=pytest.mark.rule("DATC 6.F.23")),
    pytest.param("6.F.24", marks=pytest.mark.rule("DATC 6.F.24")),
    pytest.param("6.F.25", marks=pytest.mark.rule("DATC 6.F.25")),
    pytest.param("6.G.1", marks=pytest.mark.rule("DATC 6.G.1")),
    pytest.param("6.G.2", marks=pytest.mark.rule("DATC 6.G.2")),
    pytest.param("6.G.3", marks=pytest.mark.rule("DATC 6.G.3")),
    pytest.param("6.G.4", marks=pytest.mark.rule("DATC 6.G.4")),
    pytest.param("6.G.5", marks=pytest.mark.rule("DATC 6.G.5")),
    pytest.param("6.G.6", marks=pytest.mark.rule("DATC 6.G.6")),
    pytest.param("6.G.7", marks=pytest.mark.rule("DATC 6.G.7")),
    pytest.param("6.G.8", marks=pytest.mark.rule("DATC 6.G.8")),
    pytest.param("6.G.9", marks=pytest.mark.rule("DATC 6.G.9")),
    pytest.param("6.G.10", marks=pytest.mark.rule("DATC 6.G.10")),
    pytest.param("6.G.11", marks=pytest.mark.rule("DATC 6.G.11")),
    pytest.param("6.G.12", marks=pytest.mark.rule("DATC 6.G.12")),
    pytest.param("6.G.13", marks=pytest.mark.rule("DATC 6.G.13")),
    pytest.param("6.G.14", marks=pytest.mark.rule("DATC 6.G.14")),
    pytest.param("6.G.15", marks=pytest.mark.rule("DATC 6.G.15")),
    pytest.param("6.G.16", marks=pytest.mark.rule("DATC 6.G.16")),
    pytest.param("6.G.17", marks=pytest.mark.rule("DATC 6.G.17")),
    pytest.param("6.G.18", marks=pytest.mark.rule("DATC 6.G.18")),
    pytest.param("6.G.19", marks=pytest.mark.rule("DATC 6.G.19")),
    pytest.param("6.G.20", marks=pytest.mark.rule("DATC 6.G.20")),
    pytest.param("6.H.1", marks=pytest.mark.rule("DATC 6.H.1")),
    pytest.param("6.H.2", marks=pytest.mark.rule("DATC 6.H.2")),
    pytest.param("6.H.3", marks=pytest.mark.rule("DATC 6.H.3")),
    pytest.param("6.H.4", marks=pytest.mark.rule("DATC 6.H.4")),
    pytest.param("6.H.5", marks=pytest.mark.rule("DATC 6.H.5")),
    pytest.param("6.H.6", marks=pytest.mark.rule("DATC 6.H.6")),
    pytest.param("6.H.7", marks=pytest.mark.rule("DATC 6.H.7")),
    pytest.param("6.H.8", marks=pytest.mark.rule("DATC 6.H.8")),
    pytest.param("6.H.9", marks=pytest.mark.rule("DATC 6.H.9")),
    pytest.param("6.H.10", marks=pytest.mark.rule("DATC 6.H.10")),
    pytest.param("6.H.11", marks=pytest.mark.rule("DATC 6.H.11")),
    pytest.param("6.H.12", marks=pytest.mark.rule("DATC 6.H.12")),
    pytest.param("6.H.13", marks=pytest.mark.rule("DATC 6.H.13")),
    pytest.param("6.H.14", marks=pytest.mark.rule("DATC 6.H.14")),
    pytest.param("6.H.15", marks=pytest.mark.rule("DATC 6.H.15")),
    pytest.param("6.H.16", marks=pytest.mark.rule("DATC 6.H.16")),
    pytest.param("6.I.1", marks=pytest.mark.rule("DATC 6.I.1")),
    pytest.param("6.I.2", marks=pytest.mark.rule("DATC 6.I.2")),
    pytest.param("6.I.3", marks=pytest.mark.rule("DATC 6.I.3")),
    pytest.param("6.I.4", marks=pytest.mark.rule("DATC 6.I.4")),
    pytest.param("6.I.5", marks=pytest.mark.rule("DATC 6.I.5")),
    pytest.param("6.I.6", marks=pytest.mark.rule("DATC 6.I.6")),
    pytest.param("6.I.7", marks=pytest.mark.rule("DATC 6.I.7")),
    pytest.param("6.J.1", marks=pytest.mark.rule("DATC 6.J.1")),
    pytest.param("6.J.2", marks=pytest.mark.rule("DATC 6.J.2")),
    pytest.param("6.J.3", marks=pytest.mark.rule("DATC 6.J.3")),
    pytest.param("6.J.4", marks=pytest.mark.rule("DATC 6.J.4")),
    pytest.param("6.J.5", marks=pytest.mark.rule("DATC 6.J.5")),
    pytest.param("6.J.6", marks=pytest.mark.rule("DATC 6.J.6")),
    pytest.param("6.J.7", marks=pytest.mark.rule("DATC 6.J.7")),
    pytest.param("6.J.8", marks=pytest.mark.rule("DATC 6.J.8")),
    pytest.param("6.J.9", marks=pytest.mark.rule("DATC 6.J.9")),
    pytest.param("6.J.10", marks=pytest.mark.rule("DATC 6.J.10")),
    pytest.param("6.J.11", marks=pytest.mark.rule("DATC 6.J.11")),
]

BY_ID = {c["id"]: c for c in CASES}


@pytest.mark.parametrize("case_id", CASE_PARAMS)
def test_datc(case_id: str) -> None:
    run_case(BY_ID[case_id])


def test_all_cases_present() -> None:
    ids = {c["id"] for c in CASES}
    assert len(ids) == len(CASES) == len(CASE_PARAMS) == 164
    assert ids == {p.values[0] for p in CASE_PARAMS}
