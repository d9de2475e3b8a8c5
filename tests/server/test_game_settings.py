"""The game master changes a created game's settings (``usecases.game_settings``): the clock
of future turns, the absence policy, missing orders, press, replacements. Each change takes
effect as docs/server.md says (never moving the running turn's deadline), is audited with its
old and new values and told to every player; what decides the rules is refused, and a refusal
changes nothing. Entrances: the console's "Settings" form and ``/api/games/{id}/gm/settings``."""

from __future__ import annotations

import json
from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from tests.server.conftest import Api, run_worker
from umpire.core.session import SessionError
from umpire.server import accounts
from umpire.server.mail.models import OutboundMail
from umpire.server.models import AuditEntry, Game, GameStatus, Seat, TurnOutput
from umpire.server.usecases import absences, game_settings, gm_actions, lifecycle, messaging

DAY = timedelta(days=1)


def _account(name: str) -> User:
    user = User.objects.create_user(name, password=None)
    accounts.set_email(user, f"{name}@example.org", verified=True)
    return user


@pytest.fixture
def people(db: Any) -> dict[str, User]:
    return {n: _account(n) for n in ("gm", "ann", "bob", "cat")}


def _game(people: dict[str, User], away: dict[str, Any] | None = None, *,
          start: bool = True) -> Game:  # fmt: skip
    """A fakebid game with a two-day deadline: ann plays North, bob South."""
    settings: dict[str, Any] = {"deadline": {"minutes": 2 * 1440}, "rules": {"rounds": 5}}
    if away is not None:
        settings["away"] = away
    game = lifecycle.create_game(people["gm"], "Settings test", "fakebid", settings=settings)
    for player, power in (("ann", "North"), ("bob", "South")):
        lifecycle.join(game.pk, people[player], [power])
    if start:
        lifecycle.start(game.pk, people["gm"])
    return Game.objects.get(pk=game.pk)


def _today() -> date:
    return timezone.now().date()


def _change(game: Game, who: User, changes: Any) -> game_settings.Changed:
    return game_settings.change_settings(game.pk, who, changes, source="web")


def _processed(game: Game, gm: User) -> Game:
    gm_actions.gm_action(game.pk, gm, "process")
    run_worker()
    game.refresh_from_db()
    return game


def _notices(outbox: list[Any], who: str) -> list[Any]:
    return [
        m for m in outbox if m.to == [f"{who}@example.org"] and m.subject.endswith(": settings")
    ]


# --- each change takes effect --------------------------------------------------------------


def test_after_switching_to_standing_an_absence_no_longer_moves_the_next_deadline(
    people: dict[str, User],
) -> None:
    game = _game(people)  # extend, 7 days
    absences.declare_absence(people["ann"], _today(), _today() + 3 * DAY)
    game.refresh_from_db()
    moved = game.deadline
    assert moved is not None and moved.date() == _today() + 4 * DAY  # extend moved it
    done = _change(game, people["gm"], {"away": {"policy": "standing"}})
    assert done.changes == {"away.policy": {"old": "extend", "new": "standing"}}
    game.refresh_from_db()
    assert game.deadline == moved  # the running turn's deadline stays where it was
    assert game.settings["away"] == {"policy": "standing"}
    game = _processed(game, people["gm"])
    assert game.turn == 2 and game.deadline is not None
    # Under extend the new deadline (in the absence) would have moved again (the limit
    # allows it: test_absence's test_the_limit_counts_every_move_in_the_game); now it stands.
    assert game.deadline.date() == _today() + 2 * DAY


def test_after_switching_to_extend_the_running_deadline_stays_and_the_next_one_moves(
    people: dict[str, User],
) -> None:
    game = _game(people, {"policy": "standing"})
    before = game.deadline
    absences.declare_absence(people["ann"], _today(), _today() + 3 * DAY)
    _change(game, people["gm"], {"away": {"policy": "extend", "limit_days": 10}})
    game.refresh_from_db()
    assert game.deadline == before and game.away_used == {}
    game = _processed(game, people["gm"])
    assert game.deadline is not None and game.deadline.date() == _today() + 4 * DAY
    assert game.away_used == {str(people["ann"].pk): 2 * 1440.0}


def test_after_switching_away_from_sitter_the_sitter_reads_and_orders_nothing(
    people: dict[str, User],
) -> None:
    game = _game(people, {"policy": "sitter"})
    absences.declare_absence(
        people["ann"], _today(), _today() + 2 * DAY, game_id=game.pk, sitter="cat"
    )
    cat = Api(accounts.issue_token(people["cat"]))
    status, body = cat.post(f"/games/{game.pk}/orders", {"turn": game.turn, "text": "bid 7"})
    assert status == 200, body
    assert cat.get(f"/games/{game.pk}/view")[0] == 200
    page = Client()
    page.force_login(people["cat"])
    assert 'id="orderform"' in page.get(f"/games/{game.pk}/").content.decode()
    _change(game, people["gm"], {"away": {"policy": "extend"}})
    status, body = cat.post(f"/games/{game.pk}/orders", {"turn": game.turn, "text": "bid 1"})
    assert status == 403 and body["code"] == "seat/none", body
    assert cat.get(f"/games/{game.pk}")[1]["game"]["you"]["power"] is None
    status, body = cat.get(f"/games/{game.pk}/view")
    assert status == 403 and "SECRET-North" not in str(body)
    html = page.get(f"/games/{game.pk}/").content.decode()
    assert 'id="orderform"' not in html and "SECRET-North" not in html
    # His orders sent while he sat stay the seat's (the turn counts them).
    assert game.submissions.filter(power="North").latest("id").orders == ["bid 7"]


def test_a_new_turn_length_applies_from_the_next_turns_deadline(people: dict[str, User]) -> None:
    game = _game(people)
    before = game.deadline
    _change(game, people["gm"], {"deadline": {"minutes": 1440, "by_kind": {"bids": 720}}})
    game.refresh_from_db()
    assert game.deadline == before  # the running turn keeps its two days
    assert game.settings["deadline"] == {"minutes": 1440, "by_kind": {"bids": 720}}
    opened = timezone.now()
    game = _processed(game, people["gm"])
    assert game.deadline is not None
    assert opened + timedelta(hours=11) < game.deadline <= timezone.now() + timedelta(hours=12)
    # null takes a key back to its default (RFC 7386): the bids' own length goes.
    _change(game, people["gm"], {"deadline": {"by_kind": None}})
    game.refresh_from_db()
    assert game.settings["deadline"] == {"minutes": 1440}


def test_missing_orders_press_and_replacements_change(people: dict[str, User]) -> None:
    game = _game(people)
    done = _change(
        game,
        people["gm"],
        {"nmr": "bot", "press": "none", "offer_after_missed": 0, "min_reliability": 50},
    )
    assert set(done.changes) == {"nmr", "press", "offer_after_missed", "min_reliability"}
    game.refresh_from_db()
    assert game.settings["nmr"] == "bot" and game.settings["offer_after_missed"] == 0
    with pytest.raises(SessionError) as err:
        messaging.send_message(game.pk, people["ann"], "hello", to=["all"])
    assert err.value.code == "press/none"
    # The game's public facts follow (every player reads the press rule there).
    bob = Api(accounts.issue_token(people["bob"]))
    assert bob.get(f"/games/{game.pk}")[1]["game"]["press"] == "none"


def test_a_forming_game_changes_too_and_the_start_uses_the_new_settings(
    people: dict[str, User],
) -> None:
    game = _game(people, start=False)
    _change(game, people["gm"], {"deadline": {"minutes": 60}})
    lifecycle.start(game.pk, people["gm"])
    game.refresh_from_db()
    assert game.deadline is not None and game.deadline <= timezone.now() + timedelta(hours=1)


# --- audit and notices ---------------------------------------------------------------------


def test_a_change_is_audited_and_told_to_every_player_without_secrets(
    people: dict[str, User], mailoutbox: list[Any]
) -> None:
    game = _game(people, {"policy": "sitter"})
    absences.declare_absence(
        people["ann"], _today(), _today() + 2 * DAY, game_id=game.pk, sitter="cat"
    )
    outputs = list(TurnOutput.objects.filter(game=game).values_list("power", "view", "printout"))
    _change(game, people["gm"], {"away": {"policy": "standing"}, "deadline": {"minutes": 60}})
    (entry,) = AuditEntry.objects.filter(game=game, action="settings")
    assert entry.actor == people["gm"] and entry.details["source"] == "web"
    assert entry.details["changes"] == {
        "deadline.minutes": {"old": 2 * 1440, "new": 60},
        "away.policy": {"old": "sitter", "new": "standing"},
    }
    game.refresh_from_db()
    state = game.initial_state
    assert state is not None
    forbidden = [
        *state["secrets"].values(), str(game.seed), "cat",
        *Seat.objects.filter(game=game).values_list("secret_code", flat=True),
    ]  # fmt: skip
    for who in ("ann", "bob"):
        (notice,) = _notices(mailoutbox, who)
        assert "The game master changed the settings of" in notice.body
        assert "turn length: 1 h (was: 48 h; from the next deadline set)" in notice.body
        assert "what a player's absence does: standing orders" in notice.body
        assert "does not move" in notice.body
        for secret in forbidden:
            assert secret not in notice.body and secret not in notice.subject, secret
    assert not _notices(mailoutbox, "cat") and not _notices(mailoutbox, "gm")
    # What each reader reads of the game is the same as before: no notice, no audit in it.
    after = list(TurnOutput.objects.filter(game=game).values_list("power", "view", "printout"))
    assert after == outputs
    ann = Api(accounts.issue_token(people["ann"]))
    assert ann.get(f"/games/{game.pk}/gm/audit")[0] == 403
    for path in ("/view", "/printout", ""):
        status, body = ann.get(f"/games/{game.pk}{path}")
        text = json.dumps(body)
        assert status == 200 and '"source"' not in text and "away.policy" not in text


def test_changing_nothing_writes_and_tells_nothing(
    people: dict[str, User], mailoutbox: list[Any]
) -> None:
    game = _game(people)
    done = _change(
        game, people["gm"], {"away": {"policy": "extend"}, "deadline": {"minutes": 2880}}
    )
    assert done.changes == {}
    assert not AuditEntry.objects.filter(action="settings").exists()
    assert not _notices(mailoutbox, "ann")


# --- refusals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "code", "said"),
    [
        ({"rules": {"rounds": 9}}, "game/setting_fixed", "rules cannot change"),
        ({"fill_with_bots": True}, "game/setting_fixed", "fill_with_bots"),
        ({"scenario": "silent"}, "game/setting_fixed", "scenario"),
        ({"seed": 1}, "game/setting_fixed", "seed"),
        ({"powers": ["North"]}, "game/setting_fixed", "powers"),
        ({"nmr": "bot", "email": False}, "game/setting_fixed", "email"),
        ({"colour": "red"}, "game/setting_unknown", "no setting colour"),
        ({"away": {"policy": "maybe"}}, "game/bad_settings", "settings.away.policy"),
        ({"away": {"limit_days": 99}}, "game/bad_settings", "settings.away.limit_days"),
        ({"away": {"reason": "holiday"}}, "game/bad_settings", "settings.away.reason"),
        ({"deadline": {"at": "25:00"}}, "game/bad_settings", "settings.deadline.at"),
        ({"deadline": {"minutes": -5}}, "game/bad_settings", "settings.deadline.minutes"),
        ({"deadline": 60}, "game/bad_settings", "settings.deadline"),
        ({"nmr": "maybe"}, "game/bad_settings", "settings.nmr"),
        ("standing", "game/bad_settings", "settings: must be an object"),
    ],
)
def test_refusals_change_nothing(
    people: dict[str, User], mailoutbox: list[Any], changes: Any, code: str, said: str
) -> None:
    game = _game(people)
    before = dict(game.settings)
    with pytest.raises(SessionError) as err:
        _change(game, people["gm"], changes)
    assert err.value.code == code and said in err.value.message, err.value.message
    game.refresh_from_db()
    assert game.settings == before
    assert not AuditEntry.objects.filter(action="settings").exists()
    assert not _notices(mailoutbox, "ann")


def test_only_the_game_master_of_a_game_not_over_changes_it(people: dict[str, User]) -> None:
    game = _game(people)
    for who in ("ann", "cat"):
        with pytest.raises(SessionError) as err:
            _change(game, people[who], {"nmr": "bot"})
        assert err.value.code == "gm/forbidden"
    gm_actions.gm_action(game.pk, people["gm"], "end")
    with pytest.raises(SessionError) as err:
        _change(game, people["gm"], {"nmr": "bot"})
    assert err.value.code == "game/not_running"
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and "nmr" not in game.settings


# --- the JSON API --------------------------------------------------------------------------


def test_the_api_changes_settings_with_4xx_refusals(people: dict[str, User]) -> None:
    game = _game(people)
    gm = Api(accounts.issue_token(people["gm"]))
    ann = Api(accounts.issue_token(people["ann"]))
    url = f"/games/{game.pk}/gm/settings"
    status, body = gm.get(url)
    assert status == 200 and body["settings"]["away.policy"] == "extend"
    assert "rules" in body["fixed"]
    assert ann.get(url)[0] == 403
    status, body = gm.post(url, {"settings": {"away": {"policy": "standing", "limit_days": 3}}})
    assert status == 200, body
    assert body["changed"] == {
        "away.policy": {"old": "extend", "new": "standing"},
        "away.limit_days": {"old": 7, "new": 3},
    }
    assert body["settings"]["away.limit_days"] == 3
    assert AuditEntry.objects.get(action="settings").details["source"] == "api"
    for who, payload, http, code in (
        (ann, {"settings": {"nmr": "bot"}}, 403, "gm/forbidden"),
        (gm, {"settings": {"rules": {}}}, 409, "game/setting_fixed"),
        (gm, {"settings": {"colour": "red"}}, 400, "game/setting_unknown"),
        (gm, {"settings": {"nmr": "maybe"}}, 400, "game/bad_settings"),
        (gm, {"settings": "standing"}, 422, "request/invalid"),
        (gm, {"nmr": "bot"}, 422, "request/invalid"),
    ):
        status, body = who.post(url, payload)
        assert (status, body["code"]) == (http, code), body
    gm_actions.gm_action(game.pk, people["gm"], "end")
    status, body = gm.post(url, {"settings": {"nmr": "bot"}})
    assert (status, body["code"]) == (409, "game/not_running")
    assert Game.objects.get(pk=game.pk).settings["away"] == {"policy": "standing", "limit_days": 3}


# --- the console ---------------------------------------------------------------------------


def _form(**changed: str) -> dict[str, str]:
    form = {
        "press": "full", "deadline_minutes": "2880", "deadline_at": "", "grace_minutes": "0",
        "reminder_minutes": "1440", "nmr": "rules", "away_policy": "extend",
        "away_limit_days": "7", "offer_after_missed": "2", "min_reliability": "",
        "max_missed": "",
    }  # fmt: skip
    return {**form, **changed}


def test_the_console_shows_and_changes_the_settings(
    people: dict[str, User], mailoutbox: list[Any]
) -> None:
    game = _game(people, {"policy": "sitter", "limit_days": 4})
    page = Client()
    page.force_login(people["gm"])
    html = page.get(f"/gm/{game.pk}/").content.decode()
    assert f'action="/gm/{game.pk}/settings/"' in html
    assert '<option value="sitter" selected>' in html and 'value="4"' in html
    answer = page.post(
        f"/gm/{game.pk}/settings/", _form(away_policy="standing", deadline_at="20:00")
    )
    assert answer.status_code == 302 and answer["Location"] == f"/gm/{game.pk}/"
    game.refresh_from_db()
    assert game.settings["away"] == {"policy": "standing", "limit_days": 7}
    assert game.settings["deadline"] == {"minutes": 2880, "at": "20:00"}
    shown = page.get(answer["Location"]).content.decode()
    assert "Settings changed (every player is told)" in shown
    assert len(_notices(mailoutbox, "bob")) == 1
    # A refusal is shown on the console with its code and the form as posted; nothing changes.
    for bad, said in (
        (_form(away_limit_days="99"), "settings.away.limit_days: "),
        (_form(deadline_at="25:00"), "settings.deadline.at: "),
        (_form(deadline_minutes="soon"), "Enter a whole number"),
    ):
        answer = page.post(f"/gm/{game.pk}/settings/", bad)
        text = answer.content.decode()
        assert answer.status_code == 200 and said in text, said
        assert ("[game/bad_settings]" in text) == said.startswith("settings."), said
        assert 'value="soon"' in text or "soon" not in str(bad.values())  # as posted
    assert Game.objects.get(pk=game.pk).settings["away"] == {"policy": "standing", "limit_days": 7}
    # Nobody else changes them; the address takes POST only.
    ann = Client()
    ann.force_login(people["ann"])
    answer = ann.post(f"/gm/{game.pk}/settings/", _form(nmr="bot"), follow=True)
    assert "[gm/forbidden]" in answer.content.decode()
    assert page.get(f"/gm/{game.pk}/settings/").status_code == 405
    assert Game.objects.get(pk=game.pk).settings.get("nmr", "rules") == "rules"
    assert OutboundMail.objects.filter(subject__endswith=": settings").count() == 2
