"""Replacements (issue 31): a seat whose player missed the game's number of turns in a row, or
left, is offered on the public list of games needing a player; a newcomer takes it over from
the page or by mail, with the game master's approval where the game asks for it; he reads
exactly what the seat read before him. On SQLite and on PostgreSQL (``DATABASE_URL``)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from umpire.core import registry, session
from umpire.core.chance import SeededChance
from umpire.server import accounts, community
from umpire.server.mail.handler import handle
from umpire.server.mail.headless import join_code
from umpire.server.models import AuditEntry, Duty, Game, Seat, TurnOutput, Vote
from umpire.server.store import load_record, save_outputs
from umpire.server.usecases import gm_actions, lifecycle, results, submissions, takeover, turns

from .conftest import Api
from .mail.conftest import mail

pytestmark = pytest.mark.django_db

SEED = 424242


def _account(name: str, *, gm: bool = False) -> User:
    return accounts.register(
        name, f"{name}-password-Ocelot", email=f"{name}@example.org", verified=True,
        game_master=gm,
    )  # fmt: skip


def _game(gm: User, ann: User, bob: User, **settings: Any) -> Game:
    """A started fakebid game of 3 rounds (same seed each time): ann North, bob South."""
    game = lifecycle.create_game(
        gm, "Replacements", "fakebid",
        settings={"deadline": {"minutes": 60}, "rules": {"rounds": 3}, **settings},
    )  # fmt: skip
    Game.objects.filter(pk=game.pk).update(seed=SEED)
    lifecycle.join(game.pk, ann, ["North"])
    lifecycle.join(game.pk, bob, ["South"])
    return lifecycle.start(game.pk, gm)


def _round(game: Game, bids: dict[User, str]) -> None:
    """One round: these players bid, the others miss it; processed as at the deadline."""
    turn = Game.objects.get(pk=game.pk).turn
    for user, text in bids.items():
        submissions.submit_orders(game.pk, user, text, turn=turn, source="web")
    assert turns.process_due(game.pk, turn, force=True)


def _seat(game: Game, power: str) -> Seat:
    return Seat.objects.get(game=game, power=power, active=True)


@pytest.fixture
def people() -> dict[str, User]:
    return {n: _account(n, gm=n == "gm") for n in ("gm", "ann", "bob", "cat", "dan")}


def _missed_twice(people: dict[str, User], **settings: Any) -> Game:
    game = _game(people["gm"], people["ann"], people["bob"], **settings)
    _round(game, {people["bob"]: "bid 3"})
    assert _seat(game, "North").offered_at is None  # one turn missed: not yet
    _round(game, {people["bob"]: "bid 4"})
    return game


def _web(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_a_seat_missed_twice_is_offered_on_the_public_page(people: dict[str, User]) -> None:
    game = _missed_twice(people)
    north = _seat(game, "North")
    assert north.offered_at is not None and north.offer_reason == "missed"
    assert _seat(game, "South").offered_at is None  # bob ordered each turn
    page = _web(None).get("/games/needing/")  # public: no login needed
    assert page.status_code == 200
    html = page.content.decode()
    assert "Replacements" in html and "North" in html and "Round 3" in html
    # Fake Bid hides everything but the round: no public position to sum up
    assert "on the game's page" in html and "SECRET" not in html
    assert "South" not in html.split("<tbody>")[1].split("</tbody>")[0]
    assert "Take over" not in html and "log in to take over" in html
    lobby = _web(None).get("/lobby/").content.decode()
    assert 'href="/games/needing/"' in lobby


def test_offers_follow_the_setting_and_end_when_the_player_orders_again(
    people: dict[str, User],
) -> None:
    never = _missed_twice(people, offer_after_missed=0)
    assert _seat(never, "North").offered_at is None
    game = _missed_twice(people)
    assert _seat(game, "North").offered_at is not None
    submissions.submit_orders(game.pk, people["ann"], "bid 1", turn=3, source="web")
    assert _seat(game, "North").offered_at is None  # he is back
    html = _web(None).get("/games/needing/").content.decode()
    assert "No game needs a player now" in html


def test_a_seat_the_game_master_frees_is_offered(people: dict[str, User]) -> None:
    game = _game(people["gm"], people["ann"], people["bob"])
    gm_actions.gm_action(game.pk, people["gm"], "replace", power="North")
    seat = _seat(game, "North")
    assert seat.user is None and seat.offered_at is not None and seat.offer_reason == "left"
    assert community.reliability_of(people["ann"])["games_left"] == 1


def test_taken_over_by_the_web(people: dict[str, User], mailoutbox: list[Any]) -> None:
    game = _missed_twice(people)
    mailoutbox.clear()
    cat = _web(people["cat"])
    assert "Take over" in cat.get("/games/needing/").content.decode()
    answer = cat.post(f"/games/{game.pk}/takeover/", {"power": "North"})
    assert answer.status_code == 302 and answer["Location"] == f"/games/{game.pk}/"
    seat = _seat(game, "North")
    assert seat.user == people["cat"] and seat.offered_at is None
    # The old player's reliability counts the lost seat.
    assert community.reliability_of(people["ann"])["games_left"] == 1
    entry = AuditEntry.objects.filter(game=game, action="takeover").get()
    assert entry.details == {"power": "North", "from": "ann", "to": "cat", "source": "web"}
    by_to = {m.to[0]: m for m in mailoutbox}
    welcome = by_to["cat@example.org"].body
    assert seat.secret_code in welcome and "REPORT <turn>" in welcome
    assert "printouts of turns 0 to 1" in welcome
    latest = TurnOutput.objects.get(game=game, turn=2, power="North").printout
    assert latest.rstrip() in welcome  # the seat's latest printout
    told = by_to["bob@example.org"].body
    assert "North in G-" in told and "has a new player" in told
    assert "missed" not in told and "left" not in told  # never why
    assert "You no longer play North" in by_to["ann@example.org"].body
    page = cat.get(f"/games/{game.pk}/").content.decode()
    assert "you play <b>North</b>" in page


def test_taken_over_by_mail_with_the_confirmation_code(
    people: dict[str, User], mailoutbox: list[Any]
) -> None:
    game = _missed_twice(people)
    first = handle(mail("cat@example.org", f"TAKEOVER G-{game.pk} north\n"))
    assert first.code == "mail/takeover_unconfirmed"
    assert _seat(game, "North").user == people["ann"]
    code = join_code(people["cat"], game)
    assert code in first.replies[0].body
    done = handle(mail("cat@example.org", f"TAKEOVER G-{game.pk} North CONFIRM-{code}\n"))
    assert done.code == "mail/takeover", done.replies[0].body
    assert "you now play North" in done.replies[0].body
    assert _seat(game, "North").user == people["cat"]
    again = handle(mail("dan@example.org", f"TAKEOVER G-{game.pk} North CONFIRM-"
                        f"{join_code(people['dan'], game)}\n"))  # fmt: skip
    assert again.code == "seat/not_offered"


def test_refusals_are_clear(people: dict[str, User]) -> None:
    game = _missed_twice(people)
    cat = Api(accounts.issue_token(people["cat"]))
    bob = Api(accounts.issue_token(people["bob"]))
    status, body = cat.post(f"/games/{game.pk}/takeover", {"power": "South"})
    assert (status, body["code"]) == (409, "seat/not_offered")
    status, body = bob.post(f"/games/{game.pk}/takeover", {"power": "North"})
    assert (status, body["code"]) == (409, "seat/already")
    status, body = cat.post("/games/999999/takeover", {"power": "North"})
    assert (status, body["code"]) == (404, "game/not_found")
    status, body = cat.post(f"/games/{game.pk}/takeover", {"power": "Atlantis"})
    assert body["code"] == "game/unknown_power" and 400 <= status < 500
    status, body = cat.post(f"/games/{game.pk}/takeover", {"powr": "North"})
    assert status == 422
    # the page: logged out, a GET, no CSRF token, a refusal shown with its code
    assert _web(None).post(f"/games/{game.pk}/takeover/", {"power": "North"}).status_code == 302
    assert _web(people["cat"]).get(f"/games/{game.pk}/takeover/").status_code == 405
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(people["cat"])
    assert strict.post(f"/games/{game.pk}/takeover/", {"power": "North"}).status_code == 403
    shown = _web(people["cat"]).post(f"/games/{game.pk}/takeover/", {"power": "South"}, follow=True)
    assert "[seat/not_offered]" in shown.content.decode()
    assert _seat(game, "North").user == people["ann"]


def test_join_limits_apply(people: dict[str, User]) -> None:
    game = _missed_twice(people, min_reliability=50)
    Duty.objects.create(game=game, number=99, label="x", user=people["cat"], power="South",
                        in_time=False)  # fmt: skip
    cat = Api(accounts.issue_token(people["cat"]))
    status, body = cat.post(f"/games/{game.pk}/takeover", {"power": "North"})
    assert (status, body["code"]) == (403, "seat/unreliable")


def test_with_the_game_masters_approval(people: dict[str, User], mailoutbox: list[Any]) -> None:
    game = _missed_twice(people, takeover_approval=True)
    mailoutbox.clear()
    cat = _web(people["cat"])
    cat.post(f"/games/{game.pk}/takeover/", {"power": "North"})
    seat = _seat(game, "North")
    assert seat.user == people["ann"] and seat.requested_by == people["cat"]
    asked = [m for m in mailoutbox if m.to == ["gm@example.org"]]
    assert asked and "cat asks to take over North" in asked[0].body
    dan = Api(accounts.issue_token(people["dan"]))
    status, body = dan.post(f"/games/{game.pk}/takeover", {"power": "North"})
    assert (status, body["code"]) == (409, "seat/takeover_pending")
    gm = _web(people["gm"])
    console = gm.get(f"/gm/{game.pk}/").content.decode()
    assert "cat</b> asks to take it over" in console
    assert _web(people["bob"]).post(f"/gm/{game.pk}/refuse/", {"power": "North"}).status_code == 302
    assert _seat(game, "North").requested_by == people["cat"]  # bob is no game master
    gm.post(f"/gm/{game.pk}/refuse/", {"power": "North"})
    seat = _seat(game, "North")
    assert seat.requested_by is None and seat.offered_at is not None  # still offered
    assert any("refused your request" in m.body for m in mailoutbox if m.to == ["cat@example.org"])
    status, body = dan.post(f"/games/{game.pk}/takeover", {"power": "North"})
    assert status == 200 and "game master" in body["message"]
    gm.post(f"/gm/{game.pk}/approve/", {"power": "North"})
    assert _seat(game, "North").user == people["dan"]
    shown = gm.post(f"/gm/{game.pk}/approve/", {"power": "North"}, follow=True).content.decode()
    assert "[seat/not_offered]" in shown


def _reads(client: Api, game: Game) -> list[tuple[Any, Any]]:
    """Everything the API shows the reader of each processed turn: view and printout."""
    out = []
    for turn in range(game.turn):
        status, view = client.get(f"/games/{game.pk}/view", turn=turn)
        assert status == 200, view
        _, printout = client.get(f"/games/{game.pk}/printout", turn=turn)
        out.append((view["view"]["view"], printout["printout"]["text"]))
    return out


def _vary_south(game: Game) -> None:
    """Game ``game`` as it was, but for South's secret, drawn anew (the game's own
    ``vary_secrets``), and the opening outputs made again from it."""
    ruleset = registry.get(game.game, game.scenario)
    secrets = registry.game(game.game).capabilities(game.scenario).secrets
    assert secrets is not None
    state = ruleset.load_state(game.initial_state)
    varied = secrets.vary_secrets(state, "South", SeededChance(7, "vary"))
    game.initial_state = ruleset.dump_state(varied)
    game.save(update_fields=["initial_state"])
    TurnOutput.objects.filter(game=game).delete()
    save_outputs(game, session.open_table(load_record(game)))


def test_the_newcomer_reads_exactly_what_the_seat_read(people: dict[str, User]) -> None:
    """The non-leak property extended to takeovers: two games alike but for South's secrets;
    cat takes over North in both (by the page in one, by mail in the other) and reads the
    seat's stored outputs, the same in both, while South's differ."""
    plain = _game(people["gm"], people["ann"], people["bob"])
    varied = _game(people["gm"], people["ann"], people["bob"])
    _vary_south(varied)
    ann = Api(accounts.issue_token(people["ann"]))
    before = {}
    for game in (plain, varied):
        for bid in ("bid 5", "bid 6"):
            _round(game, {people["bob"]: bid})
        game.refresh_from_db()
        before[game.pk] = _reads(ann, game)  # what the seat read before the takeover
    _web(people["cat"]).post(f"/games/{plain.pk}/takeover/", {"power": "North"})
    code = join_code(people["cat"], varied)
    handle(mail("cat@example.org", f"TAKEOVER G-{varied.pk} North CONFIRM-{code}\n"))
    cat = Api(accounts.issue_token(people["cat"]))
    seen = {}
    for game in (plain, varied):
        assert _seat(game, "North").user == people["cat"]
        seen[game.pk] = _reads(cat, game)
        assert seen[game.pk] == before[game.pk]  # what the seat saw, nothing more
        stored = TurnOutput.objects.filter(game=game, power="North").order_by("turn")
        assert [p for _, p in seen[game.pk]] == [o.printout for o in stored]
    assert seen[plain.pk] == seen[varied.pk]
    south = {
        g.pk: list(TurnOutput.objects.filter(game=g, power="South").values_list("printout"))
        for g in (plain, varied)
    }
    assert south[plain.pk] != south[varied.pk]  # the secrets did differ
    client = _web(people["cat"])
    for game in (plain, varied):
        state = Game.objects.get(pk=game.pk)
        secret = session.open_table(load_record(state)).state["secrets"]["South"]
        pages = [client.get(f"/games/{game.pk}/").content.decode()]
        pages += [client.get(f"/games/{game.pk}/turn/{n}/").content.decode() for n in range(3)]
        assert all(secret not in page for page in pages)


def test_a_freed_seat_taken_over_tells_the_players_and_nobody_else(
    people: dict[str, User], mailoutbox: list[Any]
) -> None:
    game = _game(people["gm"], people["ann"], people["bob"])
    gm_actions.gm_action(game.pk, people["gm"], "replace", power="North")
    mailoutbox.clear()
    vacant = _account("vacant")  # an account named as a vacant seat is no former player
    cat = Api(accounts.issue_token(people["cat"]))
    status, body = cat.post(f"/games/{game.pk}/takeover", {"power": "north"})
    assert status == 200 and body["message"] == "you now play North", body
    entry = AuditEntry.objects.filter(game=game, action="takeover").get()
    assert entry.details["from"] is None and entry.details["to"] == "cat"
    to = sorted(m.to[0] for m in mailoutbox)
    assert to == ["bob@example.org", "cat@example.org"], to
    assert vacant.email not in to


def test_the_settings_on_the_new_game_form_and_their_checks(people: dict[str, User]) -> None:
    form = {"name": "Form game", "game": "diplomacy/standard", "public": "on", "press": "full",
            "deadline_minutes": "0", "grace_minutes": "0", "nmr": "rules", "rules": ""}  # fmt: skip
    client = _web(people["gm"])
    page = client.get("/games/new/").content.decode()
    assert 'name="offer_after_missed"' in page and 'name="takeover_approval"' in page
    client.post("/games/new/", {**form, "offer_after_missed": "3", "takeover_approval": "on"})
    made = Game.objects.get(name="Form game")
    assert made.settings["offer_after_missed"] == 3 and made.settings["takeover_approval"]
    client.post("/games/new/", {**form, "name": "Defaults"})
    assert "offer_after_missed" not in Game.objects.get(name="Defaults").settings  # 2 applies
    gm = Api(accounts.issue_token(people["gm"]))
    status, body = gm.post("/games", {"game": "fakebid", "settings": {"offer_after_missed": -1}})
    assert (status, body["code"]) == (422, "request/invalid")  # the schema names the key
    assert "offer_after_missed" in body["message"]


def test_a_seat_offered_for_missed_turns_is_news_for_those_who_asked(
    people: dict[str, User], mailoutbox: list[Any]
) -> None:
    """The "seat offered" kind of news (off unless chosen): cat asked for it, dan did not;
    neither plays in the game. The players of the game are not told of their own seat."""
    from django.core import mail as django_mail

    from umpire.server import notify

    from .conftest import deliver_mail

    notify.set_choices(people["cat"], {("seat", "email"): True})
    game = _missed_twice(people)
    deliver_mail()
    offers = [m for m in django_mail.outbox if "a seat is offered" in m.subject]
    assert [m.to for m in offers] == [["cat@example.org"]]
    assert "North in G-" in offers[0].body and "missed turns in a row" in offers[0].body
    assert f"G-{game.pk}" in offers[0].subject


def test_the_game_master_decides_a_takeover_through_the_api(
    people: dict[str, User], mailoutbox: list[Any]
) -> None:
    """The console's approve and refuse, in the API: the game master reads the request in the
    seats, refuses it (the seat stays offered), then approves another; nobody else may."""
    game = _missed_twice(people, takeover_approval=True)
    url = f"/games/{game.pk}/gm/takeover"
    cat, dan = (Api(accounts.issue_token(people[n])) for n in ("cat", "dan"))
    gm, bob = (Api(accounts.issue_token(people[n])) for n in ("gm", "bob"))
    assert cat.post(f"/games/{game.pk}/takeover", {"power": "North"})[0] == 200
    status, body = gm.get(f"/games/{game.pk}/gm/seats")
    north = next(s for s in body["seats"] if s["power"] == "North" and s["active"])
    assert (north["takeover_asked_by"], north["offer_reason"]) == ("cat", "missed")
    assert north["offered"] is not None
    status, body = bob.post(url, {"power": "North", "approve": True})
    assert (status, body["code"]) == (403, "gm/forbidden")
    assert _seat(game, "North").requested_by == people["cat"]  # nothing changed
    status, body = gm.post(url, {"power": "North", "approve": False})
    assert status == 200 and "stays offered" in body["message"]
    seat = _seat(game, "North")
    assert seat.requested_by is None and seat.offered_at is not None
    assert any("refused your request" in m.body for m in mailoutbox if m.to == ["cat@example.org"])
    status, body = gm.post(url, {"power": "North", "approve": True})
    assert (status, body["code"]) == (409, "seat/no_request")
    assert dan.post(f"/games/{game.pk}/takeover", {"power": "North"})[0] == 200
    status, body = gm.post(url, {"power": "North", "approve": True})
    assert (status, body["message"]) == (200, "dan now plays North"), body
    assert _seat(game, "North").user == people["dan"]
    north = next(s for s in body["seats"] if s["power"] == "North" and s["active"])
    assert (north["user"], north["offered"], north["takeover_asked_by"]) == ("dan", None, None)
    status, body = gm.post(url, {"power": "North", "approve": True})
    assert (status, body["code"]) == (409, "seat/not_offered")
    status, body = gm.post(url, {"power": "Atlantis", "approve": True})
    assert status == 400 and body["code"] == "game/unknown_power"
    assert gm.post(url, {"power": "North"})[0] == 422  # approve or refuse: it must say
    assert AuditEntry.objects.filter(game=game, action="takeover_refused").count() == 1
    assert AuditEntry.objects.filter(game=game, action="takeover").count() == 1


def test_a_powers_votes_go_with_the_holder_who_cast_them(people: dict[str, User]) -> None:
    """Ruling (docs/server.md, Replacements): at every change of hands the power's draw and
    concession votes go; the new holder, a bot too, starts with none. The other powers'
    votes stand."""
    game = _game(people["gm"], people["ann"], people["bob"], takeover_approval=False)
    # (Fake Bid has no vote of its own to cast: the rows as a vote leaves them)
    Vote.objects.create(game=game, power="North", kind=Vote.DRAW)
    Vote.objects.create(game=game, power="South", kind=Vote.CONCEDE)
    gm_actions.gm_action(game.pk, people["gm"], "replace", power="North", bot=True)
    assert list(Vote.objects.filter(game=game).values_list("power", flat=True)) == ["South"]
    assert results.my_votes(Game.objects.get(pk=game.pk), people["bob"]) == [Vote.CONCEDE]
    # The game master frees South's seat; a newcomer takes it over: no vote comes with it.
    gm_actions.gm_action(game.pk, people["gm"], "replace", power="South")
    assert not Vote.objects.filter(game=game).exists()
    takeover.take_over(game.pk, people["cat"], "South")
    assert _seat(game, "South").user == people["cat"]
    assert results.my_votes(Game.objects.get(pk=game.pk), people["cat"]) == []
