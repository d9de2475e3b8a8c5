"""Winter adjustments beyond the DATC runner's one-situation-per-case data."""

from __future__ import annotations

import pytest

from umpire.core.chance import ScriptedChance
from umpire.games.diplomacy import RULESET
from umpire.games.diplomacy.model import ADJUSTMENTS, MOVEMENT, SPRING, WINTER, State, Unit


def winter(units: list[str], owners: dict[str, str]) -> State:
    """A winter adjustment phase: the listed units; home centres owned by their powers,
    except where ``owners`` says otherwise."""
    homes = {p: prov.home for p, prov in RULESET.map.provinces.items() if prov.home}
    owned = {p: o for p, o in homes.items() if o is not None}
    owned.update(owners)
    return State(
        scenario="standard",
        powers=("AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"),
        year=1901,
        season=WINTER,
        phase=ADJUSTMENTS,
        units=tuple(sorted(Unit.parse(u) for u in units)),
        owners=tuple(sorted(owned.items())),
    )


@pytest.mark.rule("DATC 6.J.9")
def test_civil_disorder_counts_from_both_coasts_second_situation() -> None:
    # DATC 6.J.9, second situation: Russia owns St Petersburg and Sevastopol only, has
    # armies in Greece and Sevastopol and a fleet in Skagerrak, and orders no removal.
    # The fleet is two from St Petersburg (via Norway, to the north coast), the army in
    # Greece three from Sevastopol: the army in Greece is removed.
    state = winter(["RUS A gre", "RUS A sev", "RUS F ska"], {"war": "GER", "mos": "ENG"})
    result = RULESET.resolve(state, {}, ScriptedChance([]))
    after = result.state
    assert sorted(u for u in after.units if u.power == "RUS") == sorted(
        [Unit.parse("RUS A sev"), Unit.parse("RUS F ska")]
    )
    assert (after.season, after.phase) == (SPRING, MOVEMENT)
