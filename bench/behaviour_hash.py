"""A fingerprint of the engine's behaviour: whole bot games of every game and scenario.

Refactors must not change behaviour. This plays bot games through the session functions (the
same path the CLI and the server use) and hashes everything a player or the record can see:
the record (states, events, draws, canonical orders, problems) and every power's view and
printout after every turn, plus the umpire's. Run it before and after a change; the lines must
be identical.

    .venv/bin/python bench/behaviour_hash.py            # every game and scenario
    .venv/bin/python bench/behaviour_hash.py diplomacy  # one game
"""

from __future__ import annotations

import hashlib
import json
import sys
import time

from umpire.core import registry, session

SEEDS = (1, 2, 3)
MAX_TURNS = 80


def fingerprint(game: str, scenario: str, seed: int) -> tuple[str, int]:
    record = session.create(game, scenario=scenario, seed=seed)
    digest = hashlib.sha256()
    while record.outcome is None and len(record.turns) < MAX_TURNS:
        for power in session.pending(record).powers:
            receipt = session.bot_submit(record, power)
            digest.update(json.dumps(receipt.to_json(), sort_keys=True).encode())
        session.process(record)
        for power in [*record.powers, None]:
            digest.update(session.report(record, power).encode())
            digest.update(json.dumps(session.view(record, power), sort_keys=True).encode())
    digest.update(json.dumps(record.to_json(), sort_keys=True).encode())
    return digest.hexdigest()[:16], len(record.turns)


def main(argv: list[str]) -> None:
    wanted = set(argv)
    total = hashlib.sha256()
    for ruleset in registry.all_games():
        if wanted and ruleset.info.name not in wanted:
            continue
        for scenario in ruleset.info.scenarios:
            for seed in SEEDS:
                start = time.perf_counter()
                value, turns = fingerprint(ruleset.info.name, scenario.name, seed)
                took = time.perf_counter() - start
                total.update(value.encode())
                print(
                    f"{ruleset.info.name:<12} {scenario.name:<12} seed {seed}  {value}"
                    f"  ({turns} turns, {took:.1f} s)",
                    flush=True,
                )
    print(f"all          {total.hexdigest()[:16]}")


if __name__ == "__main__":
    main(sys.argv[1:])
