"""Set-ups for the browser tests, run as a child process against the live server's database.

``python browser_setup.py diplomacy`` or ``python browser_setup.py single GAME [SCENARIO]``
(``bomber diplomacy 1939-iii``: the same, with a bomber built in the first winter;
``seated GAME SCENARIO POWER KIND SEED``: the person holds POWER, played on to his KIND
of phase)
prints JSON: the game id, and a logged-in session key per account (the browser tests put it
in a cookie: the log-in pages themselves belong to django-allauth). The database comes from
``UMPIRE_VAR_DIR`` (the same SQLite file the live ``umpire serve`` uses).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from umpire.core.submission import bot_text

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.server.settings")


def _session(user: Any) -> str:
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return str(store.session_key)


def main() -> int:
    import django

    django.setup()
    from django.contrib.auth.models import User

    from umpire.core import session
    from umpire.server import accounts
    from umpire.server.store import load_record
    from umpire.server.usecases import lifecycle, submissions, turns

    mode = sys.argv[1]
    label = (
        "-".join(sys.argv[2:]) if mode in ("single", "played", "seated") else mode
    )  # unique accounts
    gm = accounts.register(f"gm-{label}", "gm-password", game_master=True)
    out: dict[str, Any] = {"gm": _session(gm), "sessions": {}}
    if mode == "diplomacy":
        game = lifecycle.create_game(
            gm, "Browser Diplomacy", "diplomacy",
            settings={"deadline": {"minutes": 1440}, "anonymous_press": True},
        )  # fmt: skip
        table = lifecycle.create_game(gm, "Open table", "diplomacy", scenario="1939-iii",
                                    settings={"press": "broadcast"})  # fmt: skip
        lifecycle.join(table.pk, User.objects.create_user("early-bird", password=None))
        for power in ("AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"):
            user = User.objects.create_user(power.lower(), password=None)
            lifecycle.join(game.pk, user, [power])
            out["sessions"][power] = _session(user)
        lifecycle.start(game.pk, gm)
    elif mode == "played":  # played GAME TURNS: one person and bots, played on to turn TURNS
        # or later, to a turn that waits for the person; an onlooker's session besides
        name, wanted = sys.argv[2], int(sys.argv[3])
        game = lifecycle.create_game(
            gm, f"Watched {name}", name,
            settings={"deadline": {"minutes": 1440}, "fill_with_bots": True},
        )  # fmt: skip
        user = User.objects.create_user(f"player-{label}", password=None)
        lifecycle.join(game.pk, user)
        game = lifecycle.start(game.pk, gm)
        power = game.seats.get(user=user).power
        # Turns that wait only for bots the live server's worker may process meanwhile:
        # process_due does nothing for a turn already done.
        while game.status == "running" and (
            game.turn < wanted or power not in session.pending(load_record(game)).powers
        ):
            turns.process_due(game.pk, game.turn, force=True)
            game.refresh_from_db()
        out["power"] = power
        out["sessions"][power] = _session(user)
        out["sessions"]["onlooker"] = _session(User.objects.create_user(f"onlooker-{label}"))
    elif mode == "seated":  # seated GAME SCENARIO POWER KIND SEED: the person holds POWER,
        # bots the rest, the game's seed SEED; played on (the person's earlier turns ordered by
        # the game's bot for him) to a turn where POWER orders KIND ("movement", "combat")
        name, scenario, seat, kind, seed = sys.argv[2:7]
        game = lifecycle.create_game(
            gm, f"Seated {name}", name, scenario=scenario,
            settings={"deadline": {"minutes": 1440}, "fill_with_bots": True},
        )  # fmt: skip
        game.seed = int(seed)
        game.save(update_fields=["seed"])
        user = User.objects.create_user(f"player-{label}", password=None)
        lifecycle.join(game.pk, user, [seat])
        game = lifecycle.start(game.pk, gm)
        while game.status == "running":
            record = load_record(game)
            pending = session.pending(record)
            if seat in pending.powers and kind in pending.kinds:
                break
            if seat in pending.powers:
                ruleset = session.ruleset_of(record)
                chance = session.bot_chance(record, record.processed + 1, seat)
                text = bot_text(ruleset, session.current_state(record), seat, chance)
                submissions.submit_orders(game.pk, user, text, turn=game.turn, ready=True)
            turns.process_due(game.pk, game.turn, force=True)
            game.refresh_from_db()
        out["power"] = seat
        out["sessions"][seat] = _session(user)
    else:
        name, scenario = sys.argv[2], (sys.argv[3] if len(sys.argv) > 3 else None)
        game = lifecycle.create_game(
            gm, f"Browser {name}", name, scenario=scenario,
            settings={"deadline": {"minutes": 0}, "fill_with_bots": True},
        )  # fmt: skip
        user = User.objects.create_user(f"player-{label}", password=None)
        lifecycle.join(game.pk, user)
        game = lifecycle.start(game.pk, gm)
        power = game.seats.get(user=user).power
        record = load_record(game)
        ruleset = session.ruleset_of(record)
        chance = session.bot_chance(record, 1, power)
        out["power"] = power
        out["orders"] = bot_text(ruleset, session.current_state(record), power, chance)
        out["sessions"][power] = _session(user)
        if mode == "bomber":  # 1939 III: the player builds a bomber; the winter is processed
            state = session.current_state(record)
            build = next(o for o in ruleset.order_options(state, power)["builds"] if "Build B" in o)
            submissions.submit_orders(game.pk, user, build, turn=game.turn, ready=True)
            turns.process_due(game.pk, game.turn, force=True)
            out["bomber"] = "B " + build.split()[-1]
    out["game"] = game.pk
    print(json.dumps(out))
    return 0


# What ``--serve`` writes after each set-up's output: the set-up is over (its JSON is the line
# before), or it failed (the traceback is on the lines before).
DONE, FAILED = "\x00done", "\x00failed"


def serve() -> None:
    """Set-ups one after another in this process, each asked for as a JSON list of its
    arguments on a line of standard input (a browser module's set-ups: the imports and
    Django's set-up made once, not once per set-up)."""
    import traceback

    script = sys.argv[0]
    for line in sys.stdin:
        sys.argv = [script, *json.loads(line)]
        try:
            main()
        except Exception:
            print(traceback.format_exc())
            print(FAILED, flush=True)
        else:
            print(DONE, flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--serve"]:
        serve()
    else:
        sys.exit(main())
