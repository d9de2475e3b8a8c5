"""A player leaves a game himself (``usecases.leaving``): before the start he withdraws his
sign-up (the inverse of a join); in a running or paused game he gives up his seat, which is
offered to newcomers as a seat the game master freed is. From the web (a confirmation page),
the API and mail; the refusals; the notices; his reliability; and what he reads afterwards
(nothing the power reads after his departure). On SQLite and on PostgreSQL (``DATABASE_URL``)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from umpire.core import registry
from umpire.core.chance import SeededChance
from umpire.server import accounts, community
from umpire.server.mail.handler import handle
from umpire.server.mail.headless import join_code
from umpire.server.models import (
    AuditEntry,
    Duty,
    Enrollment,
    Game,
    GameStatus,
    Seat,
    Submission,
    TurnOutput,
    Vote,
)
from umpire.server.usecases import gm_actions, leaving, lifecycle, submissions, takeover, turns

from .conftest import Api
from .mail.conftest import mail

pytestmark = pytest.mark.django_db

SEED = 515151


def _account(name: str, *, gm: bool = False) -> User:
    return accounts.register(
        name, f"{name}-password-Ocelot", email=f"{name}@example.org", verified=True,
        game_master=gm,
    )  # fmt: skip


@pytest.fixture
def people() -> dict[str, User]:
    return {n: _account(n, gm=n == "gm") for n in ("gm", "ann", "bob", "cat")}


def _forming(gm: User, *, public: bool = True, **settings: Any) -> Game:
    game = lifecycle.create_game(
        gm, "Leavers", "fakebid", public=public,
        settings={"deadline": {"minutes": 60}, "rules": {"rounds": 3}, **settings},
    )  # fmt: skip
    Game.objects.filter(pk=game.pk).update(seed=SEED)
    return game


def _game(people: dict[str, User], **settings: Any) -> Game:
    """A started fakebid game of 3 rounds (same seed each time): ann North, bob South."""
    game = _forming(people["gm"], **settings)
    lifecycle.join(game.pk, people["ann"], ["North"])
    lifecycle.join(game.pk, people["bob"], ["South"])
    return lifecycle.start(game.pk, people["gm"])


def _round(game: Game, bids: dict[User, str]) -> None:
    """One round: these players bid, the others miss it; processed as at the deadline."""
    turn = Game.objects.get(pk=game.pk).turn
    for user, text in bids.items():
        submissions.submit_orders(game.pk, user, text, turn=turn, source="web")
    assert turns.process_due(game.pk, turn, force=True)


def _seat(game: Game, power: str) -> Seat:
    return Seat.objects.get(game=game, power=power, active=True)


def _api(user: User) -> Api:
    return Api(accounts.issue_token(user))


def _web(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


# --- before the start: the inverse of a join ------------------------------------------------


def test_withdrawing_before_the_start_undoes_the_join(people: dict[str, User]) -> None:
    game = _forming(people["gm"])
    ann, bob = _api(people["ann"]), _api(people["bob"])
    ann.post(f"/games/{game.pk}/join", {"preferences": ["North"]})
    bob.post(f"/games/{game.pk}/join", {"preferences": ["North"]})
    _, body = ann.get(f"/games/{game.pk}")
    assert body["game"]["enrolled"] == 2
    status, body = ann.post(f"/games/{game.pk}/leave")
    assert status == 200 and "withdrawn" in body["message"], body
    assert not Enrollment.objects.filter(game=game, user=people["ann"]).exists()
    _, body = bob.get(f"/games/{game.pk}")
    assert body["game"]["enrolled"] == 1  # the count of players joined drops
    entry = AuditEntry.objects.get(game=game, action="withdraw")
    assert entry.actor == people["ann"] and entry.details == {"standby": False, "source": "api"}
    status, body = ann.post(f"/games/{game.pk}/leave")  # nothing left to withdraw
    assert (status, body["code"]) == (403, "seat/not_joined")
    # he may join again, and is seated at the start like anyone who joined
    status, _ = ann.post(f"/games/{game.pk}/join", {"preferences": ["South"]})
    assert status == 200
    lifecycle.start(game.pk, people["gm"])
    assert _seat(game, "South").user == people["ann"]  # his new choice, not the old one
    assert _seat(game, "North").user == people["bob"]


def test_a_standby_stops_standing_by(people: dict[str, User]) -> None:
    game = _game(people)
    said = lifecycle.join(game.pk, people["cat"], [])
    assert "standby" in said
    assert "no longer stand by" in leaving.leave(game.pk, people["cat"])
    assert not Enrollment.objects.filter(game=game, user=people["cat"]).exists()
    status, body = _api(people["cat"]).post(f"/games/{game.pk}/leave")
    assert (status, body["code"]) == (403, "seat/none")


def test_withdrawing_on_the_web_from_the_lobby(people: dict[str, User]) -> None:
    game = _forming(people["gm"])
    lifecycle.join(game.pk, people["ann"], ["North"])
    ann = _web(people["ann"])
    lobby = ann.get("/lobby/").content.decode()
    assert f'href="/games/{game.pk}/leave/">Withdraw</a>' in lobby
    page = ann.get(f"/games/{game.pk}/leave/").content.decode()
    assert "Withdraw from Leavers?" in page and 'name="confirm" value="yes"' in page
    assert "csrfmiddlewaretoken" in page
    done = ann.post(f"/games/{game.pk}/leave/", {"confirm": "yes"}, follow=True)
    assert "You have withdrawn from" in done.content.decode()
    assert not Enrollment.objects.filter(game=game).exists()
    lobby = ann.get("/lobby/").content.decode()
    assert f"/games/{game.pk}/leave/" not in lobby


# --- in a running game: the seat given up ----------------------------------------------------


def test_leaving_a_running_game_offers_the_seat_and_keeps_its_orders(
    people: dict[str, User], mailoutbox: list[Any]
) -> None:
    game = _game(people)
    submissions.submit_orders(game.pk, people["ann"], "bid 5", turn=1, source="web")
    mailoutbox.clear()
    status, body = _api(people["ann"]).post(f"/games/{game.pk}/leave")
    assert status == 200, body
    assert (
        body["message"]
        == f"you no longer play North in G-{game.pk} Leavers: it is offered to a new player"
    )
    north = _seat(game, "North")
    assert north.user is None and not north.is_bot
    assert north.offered_at is not None and north.offer_reason == "left"
    old = Seat.objects.get(game=game, power="North", user=people["ann"])
    assert not old.active and old.left_at is not None
    # His reliability counts the lost seat, as for a replaced holder.
    assert community.reliability_of(people["ann"])["games_left"] == 1
    assert community.reliability_of(people["bob"])["games_left"] == 0
    entry = AuditEntry.objects.get(game=game, action="leave")
    assert entry.actor == people["ann"]
    assert entry.details == {"power": "North", "from": "ann", "to": "vacant", "source": "api"}
    # The orders he sent stand as the power's: the turn is processed with them.
    row = Game.objects.get(pk=game.pk)
    assert "North" in row.submitted
    assert Submission.objects.filter(game=game, power="North", turn=1, void=False).exists()
    assert turns.process_due(game.pk, 1, force=True)
    _, umpire = _api(people["gm"]).get(f"/games/{game.pk}/printout", turn=1)
    assert "North bid 5" in umpire["printout"]["text"]
    # Nobody held North when the turn was processed: no duty for him, nor for anybody.
    assert not Duty.objects.filter(game=game, power="North").exists()
    # He can no longer order for it.
    status, body = _api(people["ann"]).post(
        f"/games/{game.pk}/orders", {"turn": 2, "text": "bid 1"}
    )
    assert (status, body["code"]) == (403, "seat/none")


def test_the_notices_tell_the_game_master_who_and_the_players_only_that(
    people: dict[str, User], mailoutbox: list[Any]
) -> None:
    game = _game(people)
    mailoutbox.clear()
    leaving.leave(game.pk, people["ann"], source="web")
    by_to = {m.to[0]: m for m in mailoutbox}
    assert sorted(by_to) == ["ann@example.org", "bob@example.org", "gm@example.org"]
    told = by_to["bob@example.org"]
    assert f"North in G-{game.pk} Leavers has no player now" in told.body
    assert told.subject == f"G-{game.pk} Leavers: replace"  # as for a seat the GM freed
    assert "ann" not in told.body and "left" not in told.body  # never who, never why
    gm = by_to["gm@example.org"]
    assert "ann left North" in gm.body and "ann left North" in gm.subject
    assert f"/gm/{game.pk}/" in gm.body
    mine = by_to["ann@example.org"]
    assert "You left North" in mine.body and "stand until" in mine.body


def test_the_players_are_told_as_when_the_game_master_frees_a_seat(
    people: dict[str, User], mailoutbox: list[Any]
) -> None:
    """What the other players read is the same whether the player left or was freed."""
    left, freed = _game(people), _game(people)
    mailoutbox.clear()
    leaving.leave(left.pk, people["ann"])
    gm_actions.gm_action(freed.pk, people["gm"], "replace", power="North")
    bob = [m for m in mailoutbox if m.to == ["bob@example.org"]]
    assert len(bob) == 2
    texts = [m.body.replace(f"G-{g.pk}", "G-n") for m, g in zip(bob, (left, freed), strict=True)]
    assert texts[0] == texts[1]


def test_refusals_are_clear(people: dict[str, User]) -> None:
    game = _game(people)
    cat = _api(people["cat"])
    status, body = cat.post(f"/games/{game.pk}/leave")
    assert (status, body["code"]) == (403, "seat/none")  # not a player
    status, body = cat.post("/games/999999/leave")
    assert (status, body["code"]) == (404, "game/not_found")
    private = _forming(people["gm"], public=False)
    lifecycle.join(private.pk, people["ann"], ["North"])
    status, body = cat.post(f"/games/{private.pk}/leave")  # a private game he is not in
    assert (status, body["code"]) == (404, "game/not_found")
    status, body = cat.post(f"/games/{private.pk}/leave")
    assert body["message"] == f"no game {private.pk}"
    status, body = _api(people["bob"]).post(f"/games/{private.pk}/leave")
    assert (status, body["code"]) == (404, "game/not_found")
    status, body = _api(people["gm"]).post(f"/games/{private.pk}/leave")
    assert (status, body["code"]) == (403, "seat/not_joined")  # he runs it; joined it not
    gm_actions.gm_action(game.pk, people["gm"], "end", summary="stopped")
    status, body = _api(people["ann"]).post(f"/games/{game.pk}/leave")
    assert (status, body["code"]) == (409, "game/over")
    assert _seat(game, "North").user == people["ann"]  # nothing changed
    status, body = Api(None).post(f"/games/{game.pk}/leave")
    assert status == 401


def test_leaving_on_the_web_asks_first(people: dict[str, User]) -> None:
    game = _game(people)
    ann = _web(people["ann"])
    page = ann.get(f"/games/{game.pk}/").content.decode()
    assert f'href="/games/{game.pk}/leave/">Leave this game</a>' in page
    assert (
        "Leave this game"
        not in _web(people["bob"]).get(f"/games/{game.pk}/turn/0/").content.decode()
    )
    confirm = ann.get(f"/games/{game.pk}/leave/").content.decode()
    assert "Leave Leavers?" in confirm and "You play <b>North</b>" in confirm
    assert "orders you sent for this turn stand" in confirm
    # A POST without the confirmation's field only brings him back to the question.
    again = ann.post(f"/games/{game.pk}/leave/", {})
    assert again.status_code == 302 and again["Location"] == f"/games/{game.pk}/leave/"
    assert _seat(game, "North").user == people["ann"]
    # Logged out: to the login; no CSRF token: refused.
    assert _web(None).post(f"/games/{game.pk}/leave/", {"confirm": "yes"}).status_code == 302
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(people["ann"])
    assert strict.post(f"/games/{game.pk}/leave/", {"confirm": "yes"}).status_code == 403
    assert _seat(game, "North").user == people["ann"]
    done = ann.post(f"/games/{game.pk}/leave/", {"confirm": "yes"})
    assert done.status_code == 302 and done["Location"] == "/games/"
    assert _seat(game, "North").user is None
    entry = AuditEntry.objects.get(game=game, action="leave")
    assert entry.details["source"] == "web"
    after = ann.get(f"/games/{game.pk}/").content.decode()
    assert "You are watching" in after and "you play" not in after
    # A refusal is shown with its code (cat plays nothing here).
    shown = _web(people["cat"]).post(f"/games/{game.pk}/leave/", {"confirm": "yes"}, follow=True)
    assert "[seat/none]" in shown.content.decode()
    assert (
        "nothing to leave" in _web(people["cat"]).get(f"/games/{game.pk}/leave/").content.decode()
    )
    assert _web(people["cat"]).get("/games/999999/leave/").status_code == 404


def test_leaving_by_mail_is_confirmed_from_the_mailbox(people: dict[str, User]) -> None:
    game = _game(people)
    first = handle(mail("ann@example.org", f"LEAVE G-{game.pk}\n"))
    assert first.code == "mail/leave_unconfirmed"
    assert _seat(game, "North").user == people["ann"]
    code = join_code(people["ann"], game, purpose="leave")
    assert f"LEAVE G-{game.pk} CONFIRM-{code}" in first.replies[0].body
    # The code that confirms a JOIN or TAKEOVER does not confirm a LEAVE.
    joined = join_code(people["ann"], game)
    wrong = handle(mail("ann@example.org", f"LEAVE G-{game.pk} CONFIRM-{joined}\n"))
    assert wrong.code == "mail/leave_unconfirmed"
    assert _seat(game, "North").user == people["ann"]
    done = handle(mail("ann@example.org", f"leave g-{game.pk} confirm-{code}\n"))
    assert done.code == "mail/left", done.replies[0].body
    assert "you no longer play North" in done.replies[0].body
    assert _seat(game, "North").user is None
    assert AuditEntry.objects.get(game=game, action="leave").details["source"] == "email"
    again = handle(mail("ann@example.org", f"LEAVE G-{game.pk} CONFIRM-{code}\n"))
    assert again.code == "seat/none"
    nobody = handle(mail("cat@example.org", "LEAVE G-999999\n"))
    assert nobody.code == "mail/not_authorised"


def test_leaving_by_mail_after_the_heading_needs_no_code(people: dict[str, User]) -> None:
    game = _game(people)
    south = _seat(game, "South")
    heading = f"G-{game.pk} T-1 P-South C-{south.secret_code}"
    done = handle(mail("bob@example.org", f"{heading}\nbid 4\nRESIGN G-{game.pk}\n"))
    assert done.code == "orders/stored", done.replies[0].body
    assert "LEAVE" in done.replies[0].body and "you no longer play South" in done.replies[0].body
    assert _seat(game, "South").user is None
    # the orders of the same mail stand for the power he left
    assert Submission.objects.filter(game=game, power="South", turn=1).exists()


def test_withdrawing_by_mail_before_the_start(people: dict[str, User]) -> None:
    game = _forming(people["gm"])
    lifecycle.join(game.pk, people["cat"], ["South"])
    code = join_code(people["cat"], game, purpose="leave")
    done = handle(mail("cat@example.org", f"LEAVE G-{game.pk} CONFIRM-{code}\n"))
    assert done.code == "mail/left"
    assert "withdrawn" in done.replies[0].body
    assert not Enrollment.objects.filter(game=game).exists()


def test_a_newcomer_takes_over_the_seat_the_leaver_left(
    people: dict[str, User], mailoutbox: list[Any]
) -> None:
    game = _game(people)
    submissions.submit_orders(game.pk, people["ann"], "bid 7", turn=1, source="web")
    leaving.leave(game.pk, people["ann"])
    html = _web(None).get("/games/needing/").content.decode()
    assert "Leavers" in html and "North" in html
    mailoutbox.clear()
    cat = _api(people["cat"])
    status, body = cat.post(f"/games/{game.pk}/takeover", {"power": "North"})
    assert status == 200 and body["message"] == "you now play North", body
    north = _seat(game, "North")
    assert north.user == people["cat"] and north.offered_at is None
    # the seat's orders, until he sends his own
    _, orders = cat.get(f"/games/{game.pk}/orders")
    assert "bid 7" in json.dumps(orders)
    submissions.submit_orders(game.pk, people["cat"], "bid 2", turn=1, source="api")
    assert turns.process_due(game.pk, 1, force=True)
    _, umpire = _api(people["gm"]).get(f"/games/{game.pk}/printout", turn=1)
    assert "North bid 2" in umpire["printout"]["text"]
    duty = Duty.objects.get(game=game, power="North", number=1)
    assert duty.user == people["cat"] and duty.in_time
    entry = AuditEntry.objects.get(game=game, action="takeover")
    assert entry.details["from"] is None and entry.details["to"] == "cat"
    assert "ann@example.org" not in [m.to[0] for m in mailoutbox]  # he is no longer told
    assert community.reliability_of(people["ann"])["games_left"] == 1  # counted once


def test_votes_go_and_a_pending_takeover_request_stays(people: dict[str, User]) -> None:
    game = _game(people, takeover_approval=True)
    _round(game, {people["bob"]: "bid 3"})
    _round(game, {people["bob"]: "bid 4"})  # North missed two turns: offered
    assert _seat(game, "North").offer_reason == "missed"
    takeover.take_over(game.pk, people["cat"], "North")
    Vote.objects.create(game=game, power="North", kind=Vote.DRAW)
    Vote.objects.create(game=game, power="South", kind=Vote.DRAW)
    gm_actions.gm_action(game.pk, people["gm"], "pause")
    leaving.leave(game.pk, people["ann"])  # paused games too
    north = _seat(game, "North")
    assert north.offer_reason == "left" and north.requested_by == people["cat"]
    assert list(Vote.objects.filter(game=game).values_list("power", flat=True)) == ["South"]
    assert takeover.decide(game.pk, people["gm"], "North", approve=True) == "cat now plays North"


def test_a_game_with_a_vacant_seat_keeps_running_to_its_end(people: dict[str, User]) -> None:
    game = _game(people, nmr="bot")
    leaving.leave(game.pk, people["ann"])
    for bid in ("bid 1", "bid 2", "bid 3"):
        _round(game, {people["bob"]: bid})
    row = Game.objects.get(pk=game.pk)
    assert row.status == GameStatus.FINISHED
    assert Submission.objects.filter(game=game, power="North", source="default").count() == 3


# --- hidden information: he keeps nothing he did not already have ---------------------------


def _vary_north(game: Game) -> None:
    """``game`` as it was, but for North's secret, drawn anew (the game's own ``vary_secrets``),
    before any turn: its opening outputs made again from it."""
    from umpire.core import session
    from umpire.server.store import load_record, save_outputs

    ruleset = registry.get(game.game, game.scenario)
    secrets = registry.game(game.game).capabilities(game.scenario).secrets
    assert secrets is not None
    state = ruleset.load_state(game.initial_state)
    varied = secrets.vary_secrets(state, "North", SeededChance(11, "vary"))
    game.initial_state = ruleset.dump_state(varied)
    game.save(update_fields=["initial_state"])
    TurnOutput.objects.filter(game=game).delete()
    save_outputs(game, session.open_table(load_record(game)))


def _reads(client: Api, game: Game) -> list[Any]:
    """Everything the API answers this reader of ``game``: the game, each turn's view,
    printout and events, his submissions and press, with the game's own number taken out."""
    paths = [f"/games/{game.pk}", f"/games/{game.pk}/orders", f"/games/{game.pk}/messages"]
    out = [client.get(p) for p in paths]
    for turn in range(Game.objects.get(pk=game.pk).turn):
        for part in ("view", "printout", "events"):
            out.append(client.get(f"/games/{game.pk}/{part}", turn=turn))
    return json.loads(json.dumps(out).replace(f"G-{game.pk}", "G-n").replace(
        f'"id": {game.pk}', '"id": 0'))  # fmt: skip


def test_the_leaver_reads_nothing_the_power_reads_after_he_left(people: dict[str, User]) -> None:
    """The non-leak property for a player who left: two games alike but for North's secret;
    ann plays North in both, reads it, leaves, and the games go on. What she reads of each
    afterwards is the same in both (and holds no secret of North's), while what North reads
    differs."""
    plain, varied = _game(people), _game(people)
    _vary_north(varied)
    ann = _api(people["ann"])
    before = {}
    for game in (plain, varied):
        _round(game, {people["ann"]: "bid 6", people["bob"]: "bid 2"})
        before[game.pk] = _reads(ann, game)
        leaving.leave(game.pk, people["ann"])
        _round(game, {people["bob"]: "bid 3"})
    assert before[plain.pk] != before[varied.pk]  # while she played, she read her secret
    same = Game.objects.get(pk=plain.pk).deadline  # the clock, not the games, told them apart
    Game.objects.filter(pk=varied.pk).update(deadline=same)
    after = {game.pk: _reads(ann, game) for game in (plain, varied)}
    assert after[plain.pk] == after[varied.pk]
    north = {
        g.pk: list(TurnOutput.objects.filter(game=g, power="North").values_list("printout"))
        for g in (plain, varied)
    }
    assert north[plain.pk] != north[varied.pk]  # the secrets did differ
    statuses = [status for status, _ in after[plain.pk]]
    assert statuses[1:] and all(s in (200, 403) for s in statuses)
    from umpire.core import session
    from umpire.server.store import load_record

    client = _web(people["ann"])
    for game in (plain, varied):
        state = session.open_table(load_record(Game.objects.get(pk=game.pk))).state
        secret = state["secrets"]["North"]
        assert secret in json.dumps(before[game.pk])  # sanity: the search can find it
        assert secret not in json.dumps(after[game.pk])
        pages = [client.get(f"/games/{game.pk}/").content.decode()]
        pages += [client.get(f"/games/{game.pk}/turn/{n}/").content.decode() for n in range(3)]
        assert all(secret not in page for page in pages)
