"""End to end over every registered game: a human seat among bots, through the API."""

from __future__ import annotations

import pytest

from umpire.core import registry, session
from umpire.core.submission import bot_text
from umpire.server.models import Game
from umpire.server.store import load_record
from umpire.server.usecases import lifecycle

from .conftest import make_user, run_worker

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", [r.info.name for r in registry.all_games()])
def test_a_human_among_bots_plays_two_turns(name: str) -> None:
    gm, _ = make_user("gamemaster", gm=True)
    human, api = make_user("human")
    game = lifecycle.create_game(gm, name, name, settings={"fill_with_bots": True})
    lifecycle.join(game.pk, human)
    game = lifecycle.start(game.pk, gm, method="random")
    _, body = api.get(f"/games/{game.pk}")
    power = body["game"]["you"]["power"]
    for _ in range(2):
        game.refresh_from_db()
        if game.status != "running":
            break
        record = load_record(game)
        ruleset = session.ruleset_of(record)
        state = session.current_state(record)
        if power not in session.pending(record).powers:
            # Not his to order (SPI's set-up asks two powers): his orders would be refused
            # whole (turn/not_expected) and the bots' turn runs without him.
            status, body = api.post(f"/games/{game.pk}/orders", {"turn": game.turn, "text": ""})
            receipt = body["receipt"]
            assert status == 200 and not receipt["ok"] and not receipt["stored"], body
            assert [p["code"] for p in receipt["problems"]] == ["turn/not_expected"]
            assert run_worker() >= 1
            continue
        text = bot_text(ruleset, state, power, session.bot_chance(record, game.turn, power))
        status, body = api.post(
            f"/games/{game.pk}/orders", {"turn": game.turn, "text": text, "ready": True}
        )
        assert status == 200 and body["receipt"]["ok"], body
        assert run_worker() >= 1
    game = Game.objects.get(pk=game.pk)
    assert game.turns.count() >= 1
    status, body = api.get(f"/games/{game.pk}/printout")
    assert status == 200 and body["printout"]["text"].strip()
    mine = body["printout"]["text"]
    umpire = session.report(load_record(game), None)
    if registry.get(name).info.hidden_information:
        assert mine != umpire
    status, body = api.get(f"/games/{game.pk}/view", turn=0)
    assert status == 200 and body["view"]["view"] == session.view(load_record(game), power, turn=0)
