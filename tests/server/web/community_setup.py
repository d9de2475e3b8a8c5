"""Set-up for the browser tests of the profile and leaderboard pages, run as a child process
against the live server's database (``UMPIRE_VAR_DIR``): a Diplomacy game of three people
and four bots, played two turns (one player misses the second), then drawn by its game
master between two of them. Prints JSON: the game's id and the players' user names."""

from __future__ import annotations

import json
import os

from umpire.core.submission import bot_text

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.server.settings")


def main() -> int:
    import django

    django.setup()
    from umpire.core import session
    from umpire.server import accounts
    from umpire.server.store import load_tail
    from umpire.server.usecases import lifecycle, results, submissions, turns

    gm = accounts.register("gm-community", "gm-password", game_master=True)
    names = {"ENG": "winston", "FRA": "marianne", "GER": "otto"}
    users = {p: accounts.register(n, f"{n}-password-Ocelot", display_name=n.title())
             for p, n in names.items()}  # fmt: skip
    game = lifecycle.create_game(
        gm, "Channel Draw", "diplomacy",
        settings={"fill_with_bots": True, "deadline": {"minutes": 1440}},
    )  # fmt: skip
    for power, user in users.items():
        lifecycle.join(game.pk, user, [power])
    game = lifecycle.start(game.pk, gm)
    for _ in range(2):
        game.refresh_from_db()
        tail = load_tail(game, pending=False)
        state = session.open_table(tail).state
        ordering = ("ENG", "FRA", "GER") if game.turn == 1 else ("ENG", "FRA")
        for power in ordering:
            text = bot_text(
                session.ruleset_of(tail), state, power, session.bot_chance(tail, game.turn, power)
            )
            submissions.submit(game.pk, users[power], text, turn=game.turn)
        assert turns.process_due(game.pk, game.turn, force=True)
    results.declare(game.pk, gm, ["ENG", "FRA"])
    print(json.dumps({"game": game.pk, "players": names}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
