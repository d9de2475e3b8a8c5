"""How long a whole game's history takes to make, per game: every frame drawn, the animated
SVG, the GIF (resvg + Pillow). Prints seconds and sizes; asserts nothing.

    .venv/bin/python bench/history_export.py [TURNS]
"""

from __future__ import annotations

import sys
import time

from umpire.core import history, session

GAMES = [("diplomacy", "standard"), ("battleplan", "1939"), ("origins", "historical")]


def main() -> None:
    turns = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for game, scenario in GAMES:
        record = session.create(game, scenario=scenario, seed=1)
        while record.processed < turns and record.outcome is None:
            for power in session.pending(record).powers:
                session.bot_submit(record, power)
            session.process(record)
        power = record.powers[0]
        start = time.perf_counter()
        frames = history.record_frames(record, power)
        drawn = time.perf_counter()
        svg = history.animated_svg(frames, "bench")
        made = time.perf_counter()
        gif = history.gif(frames)
        done = time.perf_counter()
        print(
            f"{game} {scenario}: {len(frames)} frames; drawn {drawn - start:.2f} s, "
            f"SVG {made - drawn:.3f} s ({len(svg) / 1e6:.1f} MB), "
            f"GIF {done - made:.2f} s ({len(gif) / 1e6:.1f} MB, "
            f"{(done - made) / len(frames):.2f} s a frame)"
        )


if __name__ == "__main__":
    main()
