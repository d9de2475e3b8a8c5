"""Set-up for the browser test of the games needing a player, run as a child process against
the live server's database (``UMPIRE_VAR_DIR``): a Diplomacy game of two people and five bots
in which Germany's player missed two turns in a row (so Germany is offered), and a newcomer.
Prints JSON: the game's id and the newcomer's logged-in session key."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from umpire.core.submission import bot_text

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.server.settings")
sys.path.insert(0, str(Path(__file__).parent))


def main() -> int:
    import django

    django.setup()
    from browser_setup import _session

    from umpire.core import session
    from umpire.server import accounts
    from umpire.server.store import load_tail
    from umpire.server.usecases import lifecycle, submissions, turns

    gm = accounts.register("gm-needing", "gm-password", game_master=True)
    names = {"ENG": "winston", "GER": "otto"}
    users = {p: accounts.register(n, f"{n}-password-Ocelot", display_name=n.title())
             for p, n in names.items()}  # fmt: skip
    game = lifecycle.create_game(
        gm, "Channel Replacement", "diplomacy",
        settings={"fill_with_bots": True, "deadline": {"minutes": 1440}},
    )  # fmt: skip
    for power, user in users.items():
        lifecycle.join(game.pk, user, [power])
    game = lifecycle.start(game.pk, gm)
    for _ in range(2):  # England orders; Germany's player misses both turns
        game.refresh_from_db()
        tail = load_tail(game, pending=False)
        state = session.open_table(tail).state
        text = bot_text(
            session.ruleset_of(tail), state, "ENG", session.bot_chance(tail, game.turn, "ENG")
        )
        submissions.submit(game.pk, users["ENG"], text, turn=game.turn)
        assert turns.process_due(game.pk, game.turn, force=True)
    newcomer = accounts.register("newby", "newby-password-Ocelot", display_name="Newby")
    print(json.dumps({"game": game.pk, "newcomer": _session(newcomer)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
