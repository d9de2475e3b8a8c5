"""The size of every game's map as a printout mail attaches it (and a page shows it): the SVG
of the first power's view after two turns of bot orders, with the events it may read, in bytes
and gzipped, per game and scenario; enlarged regions (``regions(view)``) on their own lines.
Run:

    .venv/bin/python bench/map_sizes.py [--out DIR]   # DIR: also write each SVG there
"""

from __future__ import annotations

import argparse
import gzip
import importlib
import time
from pathlib import Path
from typing import Any

from umpire.core import registry
from umpire.core.chance import SeededChance

TURNS = 2


def played(game: str, scenario: str) -> tuple[Any, Any, list[Any], str]:
    """The position after ``TURNS`` turns of bot orders, its last events, the first power."""
    ruleset = registry.get(game, scenario)
    info = ruleset.info.scenario(scenario)
    powers = list(info.default_powers or info.powers)
    if not powers and hasattr(ruleset, "gm"):  # Battle Plan's seated scenarios
        from umpire.games.battleplan.world.equal import assign_spaces

        powers = assign_spaces([[] for _ in range(9)], ruleset.gm)
    chance = SeededChance(7)
    state = ruleset.new_game(scenario, powers, chance, {})
    events: list[Any] = []
    for _ in range(TURNS):
        if ruleset.outcome(state) is not None:
            break
        orders = {
            p: list(ruleset.bot_orders(state, p, chance)) for p in ruleset.pending(state).powers
        }
        res = ruleset.resolve(state, orders, chance)
        state, events = res.state, list(res.events)
    return ruleset, state, events, powers[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", type=Path, help="write each SVG into this directory")
    args = ap.parse_args()
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    print(f"{'game':<11} {'scenario':<15} {'map':<9} {'bytes':>9} {'gzip':>8} {'ms':>6}")
    for game, scenario, ruleset in registry.all_scenarios():
        if not type(ruleset).__module__.startswith("umpire.games."):
            continue
        drawing = importlib.import_module(f"umpire.games.{game.replace('-', '_')}.drawing")
        ruleset, state, events, power = played(game, scenario)
        view = ruleset.view(state, power)
        mine = [e for e in events if e.audience.admits(power)]
        names = [None] + [r.name for r in getattr(drawing, "regions", lambda v: ())(view)]
        for region in names:
            start = time.perf_counter()
            svg = (
                drawing.draw(view, mine)
                if region is None
                else drawing.draw(view, mine, region=region)
            )
            ms = (time.perf_counter() - start) * 1000
            data = svg.encode()
            print(
                f"{game:<11} {scenario:<15} {region or 'whole':<9} {len(data):>9} "
                f"{len(gzip.compress(data)):>8} {ms:>6.0f}"
            )
            if args.out:
                (args.out / f"{game}-{scenario}-{region or 'whole'}.svg").write_bytes(data)


if __name__ == "__main__":
    main()
