"""Absences (issue 31): a player declares the days he is away, and the game's policy decides
what they do: deadlines move past them within a limit per player (``extend``), nothing changes
(``standing``), or a named sitter sends the seat's orders (``sitter``). Every player is told,
without reasons. Runs on SQLite and, with ``DATABASE_URL``, on PostgreSQL."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from tests.server.conftest import Api, run_worker
from tests.server.mail.conftest import mail
from umpire.core.session import SessionError
from umpire.server import absence, accounts
from umpire.server.mail.command_lines import away_of
from umpire.server.mail.handler import handle
from umpire.server.mail.parse import parse_mail
from umpire.server.models import Absence, AuditEntry, Game, Seat, Submission
from umpire.server.usecases import absences, gm_actions, lifecycle

DAY = timedelta(days=1)


def _account(name: str) -> User:
    user = User.objects.create_user(name, password=None)
    accounts.set_email(user, f"{name}@example.org", verified=True)
    return user


def _game(away: dict[str, Any] | None = None, *, name: str = "Away test") -> Game:
    """A started fakebid game with a two-day deadline: ann plays North, bob South."""
    gm = User.objects.filter(username="gm").first() or _account("gm")
    settings: dict[str, Any] = {"deadline": {"minutes": 2 * 1440}, "rules": {"rounds": 5}}
    if away is not None:
        settings["away"] = away
    game = lifecycle.create_game(gm, name, "fakebid", settings=settings)
    for player, power in (("ann", "North"), ("bob", "South")):
        user = User.objects.filter(username=player).first() or _account(player)
        lifecycle.join(game.pk, user, [power])
    lifecycle.start(game.pk, gm)
    return Game.objects.get(pk=game.pk)


@pytest.fixture
def people(db: Any) -> dict[str, User]:
    return {n: _account(n) for n in ("gm", "ann", "bob", "cat")}


def _today() -> date:
    return timezone.now().date()


def _moved(deadline: datetime, last_day: date) -> datetime:
    """Where ``extend`` puts a deadline that falls in an absence ending ``last_day`` (UTC)."""
    return datetime.combine(last_day + DAY, deadline.astimezone(UTC).time(),
                            tzinfo=UTC)  # fmt: skip


def _notices(outbox: list[Any], to: str) -> list[Any]:
    return [m for m in outbox if m.to == [to] and "away" in m.subject]


# --- extend --------------------------------------------------------------------------------


def test_an_absence_moves_the_deadline_past_it_within_the_limit(
    people: dict[str, User], mailoutbox: list[Any]
) -> None:
    game = _game()
    before = game.deadline
    assert before is not None and before.date() == _today() + 2 * DAY
    done = absences.declare_absence(people["ann"], _today() + DAY, _today() + 3 * DAY)
    game.refresh_from_db()
    assert game.deadline == _moved(before, _today() + 3 * DAY)
    assert game.process_after == game.deadline  # no grace in this game
    assert game.away_used == {str(people["ann"].pk): 2 * 1440.0}
    assert [g.pk for g, _ in done.games] == [game.pk]
    # Every player is told, the absent one too: who, which power, the days; no reason.
    for who in ("ann", "bob"):
        (notice,) = _notices(mailoutbox, [f"{who}@example.org"][0])
        assert f"ann/North is away from {_today() + DAY} to {_today() + 3 * DAY}" in notice.body
        assert "the deadline is now" in notice.body
    assert AuditEntry.objects.filter(game=game, action="away").count() == 1


def test_beyond_the_limit_the_deadline_stands(
    people: dict[str, User], mailoutbox: list[Any]
) -> None:
    game = _game({"policy": "extend", "limit_days": 1})
    before = game.deadline
    absences.declare_absence(people["ann"], _today() + DAY, _today() + 3 * DAY)
    game.refresh_from_db()
    assert game.deadline == before
    assert game.away_used == {}
    (notice,) = _notices(mailoutbox, "bob@example.org")
    assert "the limit is reached, the deadline stands" in notice.body


@pytest.mark.parametrize(("limit", "second_moves"), [(7, True), (3, False)])
def test_the_limit_counts_every_move_in_the_game(
    people: dict[str, User], limit: int, second_moves: bool
) -> None:
    """The next turn's deadline, set when the turn is processed, falls in the same absence:
    it moves again only while the player's total stays within the game's limit."""
    game = _game({"policy": "extend", "limit_days": limit})
    absences.declare_absence(people["ann"], _today(), _today() + 3 * DAY)
    game.refresh_from_db()
    assert game.deadline is not None and game.deadline.date() == _today() + 4 * DAY
    gm_actions.gm_action(game.pk, people["gm"], "process")
    run_worker()
    game.refresh_from_db()
    assert game.turn == 2
    fresh = game.deadline
    assert fresh is not None
    if second_moves:  # now + 2 days is in the absence: moved 2 days more (4 in all)
        assert fresh.date() == _today() + 4 * DAY
        assert game.away_used[str(people["ann"].pk)] > 2 * 1440
    else:  # 2 + 2 days would pass the limit of 3: the deadline stands
        assert fresh.date() == _today() + 2 * DAY
        assert game.away_used == {str(people["ann"].pk): 2 * 1440.0}


def test_an_absence_outside_the_deadline_changes_nothing(people: dict[str, User]) -> None:
    game = _game()
    before = game.deadline
    absences.declare_absence(people["bob"], _today() + 5 * DAY, _today() + 6 * DAY)
    game.refresh_from_db()
    assert game.deadline == before and game.away_used == {}


def test_an_absence_for_all_games_applies_each_games_policy(
    people: dict[str, User], mailoutbox: list[Any]
) -> None:
    first = _game()
    second = _game({"policy": "standing"}, name="Second")
    before = (first.deadline, second.deadline)
    done = absences.declare_absence(people["ann"], _today() + DAY, _today() + 2 * DAY)
    assert sorted(g.pk for g, _ in done.games) == [first.pk, second.pk]
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.deadline != before[0] and second.deadline == before[1]
    one_game = absences.declare_absence(
        people["bob"], _today() + DAY, _today() + 2 * DAY, game_id=second.pk
    )
    assert [g.pk for g, _ in one_game.games] == [second.pk]
    texts = [m.body for m in _notices(mailoutbox, "ann@example.org")]
    assert any("standing orders and the game's defaults play the seat" in t for t in texts)


# --- standing ------------------------------------------------------------------------------


def test_standing_policy_leaves_the_deadline_and_the_games_defaults_play(
    people: dict[str, User],
) -> None:
    game = _game({"policy": "standing"})
    before = game.deadline
    absences.declare_absence(people["ann"], _today(), _today() + 3 * DAY)
    game.refresh_from_db()
    assert game.deadline == before and game.away_used == {}
    gm_actions.gm_action(game.pk, people["gm"], "process")
    run_worker()
    game.refresh_from_db()
    assert game.turn == 2 and game.deadline is not None
    assert game.deadline.date() == _today() + 2 * DAY  # the next turn's deadline stands too


# --- sitter --------------------------------------------------------------------------------


def test_a_sitter_sends_the_seats_orders_during_the_absence_and_not_after(
    people: dict[str, User], mailoutbox: list[Any]
) -> None:
    game = _game({"policy": "sitter"})
    before = game.deadline
    absences.declare_absence(
        people["ann"], _today(), _today() + 2 * DAY, game_id=game.pk, sitter="cat"
    )
    game.refresh_from_db()
    assert game.deadline == before  # a sitter plays: the deadline does not move
    cat = Api(accounts.issue_token(people["cat"]))
    status, body = cat.post(f"/games/{game.pk}/orders", {"turn": game.turn, "text": "bid 7"})
    assert status == 200, body
    row = Submission.objects.get(game=game, power="North")
    assert row.user == people["cat"] and row.orders == ["bid 7"]
    # Receipted to both: cat read the receipt; ann gets a copy by mail.
    assert body["receipt"]["stored"] and "bid 7" in body["receipt"]["text"]
    (copy,) = [m for m in mailoutbox if m.to == ["ann@example.org"] and "sitter" in m.subject]
    assert "cat, sitting for you" in copy.body and "bid 7" in copy.body
    # He reads what North reads, never South's secrets, and never North's seat code.
    status, seen = cat.get(f"/games/{game.pk}")
    assert status == 200 and seen["game"]["you"]["power"] == "North"
    assert seen["game"]["you"]["secret_code"] is None and seen["game"]["you"]["sitting"]
    status, view = cat.get(f"/games/{game.pk}/view")
    assert status == 200
    ann = Api(accounts.issue_token(people["ann"]))
    assert view == ann.get(f"/games/{game.pk}/view")[1]
    south = Seat.objects.get(game=game, power="South", active=True)
    assert "SECRET-South" not in str(view) and south.secret_code not in str(seen)
    page = Client()
    page.force_login(people["cat"])
    html = page.get(f"/games/{game.pk}/").content.decode()
    assert "you sit for <b>North" in html and 'id="orderform"' in html
    for seat in Seat.objects.filter(game=game):
        assert seat.secret_code not in html
    assert "SECRET-South" not in html
    # He may not speak for the seat.
    status, body = cat.post(f"/games/{game.pk}/messages", {"to": ["all"], "text": "hi"})
    assert status == 403 and body["code"] == "press/sitter", body
    # After the absence he is nobody in the game again.
    Absence.objects.update(start=_today() - 3 * DAY, end=_today() - DAY)
    status, body = cat.post(f"/games/{game.pk}/orders", {"turn": game.turn, "text": "bid 1"})
    assert status == 403 and body["code"] == "seat/none", body
    assert cat.get(f"/games/{game.pk}")[1]["game"]["you"]["power"] is None


def test_a_sitter_sits_only_in_a_game_whose_policy_is_sitter(people: dict[str, User]) -> None:
    game = _game()  # extend
    absences.declare_absence(people["ann"], _today(), _today() + DAY, sitter="cat")
    cat = Api(accounts.issue_token(people["cat"]))
    status, body = cat.post(f"/games/{game.pk}/orders", {"turn": game.turn, "text": "bid 7"})
    assert status == 403 and body["code"] == "seat/none"
    seats = list(Seat.objects.filter(game=game, active=True))
    assert absence.sitting(game, people["cat"].pk, seats, timezone.now()) is None


# --- what is refused -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "end", "code"),
    [
        ("2026-13-01", "2026-12-31", "away/bad_date"),
        ("24.12.2026", "2026-12-31", "away/bad_date"),
        ("+1", "+0", "away/bad_range"),
        ("-1", "+1", "away/past"),
        ("+0", "+60", "away/too_long"),
        ("+400", "+401", "away/too_far"),
    ],
)
def test_bad_dates_are_refused_with_a_declared_code(
    people: dict[str, User], start: str, end: str, code: str
) -> None:
    _game()

    def day(text: str) -> str:
        return str(_today() + int(text) * DAY) if text[0] in "+-" else text

    with pytest.raises(SessionError) as err:
        absences.declare_absence(people["ann"], day(start), day(end))
    assert err.value.code == code
    assert not Absence.objects.exists()


def test_refusals_of_games_sitters_and_counts(people: dict[str, User]) -> None:
    game = _game()

    def code(user: str, **kw: Any) -> str:
        with pytest.raises(SessionError) as err:
            absences.declare_absence(people[user], _today(), _today() + DAY, **kw)
        return err.value.code

    assert code("cat") == "away/no_game"  # cat plays nothing
    assert code("ann", game_id=game.pk + 99) == "away/no_game"
    assert code("ann", sitter="ann") == "away/bad_sitter"
    assert code("ann", sitter="bob", game_id=game.pk) == "away/bad_sitter"  # seated there
    assert code("ann", sitter="nobody") == "account/not_found"
    for n in range(absences.MAX_OPEN):
        absences.declare_absence(people["ann"], _today() + n * DAY, _today() + n * DAY)
    assert code("ann") == "away/too_many"
    assert absences.cancel_absences(people["ann"]) == absences.MAX_OPEN
    with pytest.raises(SessionError) as err:
        absences.cancel_absences(people["ann"])
    assert err.value.code == "away/none"


def test_cancel_ends_a_running_absence_yesterday(people: dict[str, User]) -> None:
    _game()
    absences.declare_absence(people["ann"], _today(), _today() + DAY)
    Absence.objects.update(start=_today() - 2 * DAY)
    absences.declare_absence(people["ann"], _today() + 5 * DAY, _today() + 6 * DAY)
    assert absences.cancel_absences(people["ann"]) == 2
    (left,) = Absence.objects.all()
    assert left.end == _today() - DAY


# --- mail ----------------------------------------------------------------------------------


def test_away_lines_are_parsed() -> None:
    got = away_of("AWAY 2026-12-24 2026-12-28", 4)
    assert got is not None and (got.start, got.end, got.game, got.line) == (
        "2026-12-24", "2026-12-28", "", 4
    )  # fmt: skip
    got = away_of("away 2026-12-24 2026-12-28 G-12 SITTER bob", 1)
    assert got is not None and (got.game, got.sitter) == ("12", "bob")
    got = away_of("AWAY CANCEL g12", 1)
    assert got is not None and got.cancel and got.game == "12"
    for bad in ("AWAY", "AWAY tomorrow", "AWAY 2026-12-24", "AWAY 2026-12-24 2026-12-28 because",
                "AWAY CANCEL all", "AWAY 2026-12-24 2026-12-28 SITTER"):  # fmt: skip
        assert away_of(bad, 1) is None, bad
    request = parse_mail(mail("ann@example.org", "G-1 T-1 P-North C-x\nAWAY soon\n"))
    assert [p.code for p in request.problems] == ["mail/bad_away"]
    assert request.orders is None and not request.commands


def _heading(game: Game, power: str) -> str:
    seat = Seat.objects.get(game=game, power=power, active=True)
    return f"G-{game.pk} T-{game.turn} P-{power} C-{seat.secret_code}"


def test_away_by_mail_declares_and_cancels(people: dict[str, User], mailoutbox: list[Any]) -> None:
    game = _game()
    before = game.deadline
    first, last = _today() + DAY, _today() + 3 * DAY
    done = handle(mail("ann@example.org", f"{_heading(game, 'North')}\nAWAY {first} {last}\n"))
    assert done.code == "away/declared"
    assert f"is away from {first} to {last}" in done.replies[0].body
    game.refresh_from_db()
    assert before is not None and game.deadline == _moved(before, last)
    (row,) = Absence.objects.all()
    assert (row.user, row.game, row.start, row.end) == (people["ann"], None, first, last)
    done = handle(mail("ann@example.org", f"{_heading(game, 'North')}\nAWAY CANCEL\n"))
    assert done.code == "away/cancelled" and not Absence.objects.exists()
    bob_notices = [m.subject for m in _notices(mailoutbox, "bob@example.org")]
    assert any(s.endswith(": away") for s in bob_notices)
    assert any(s.endswith(": away cancel") for s in bob_notices)


def test_away_by_mail_refusals_are_answered_with_their_code(people: dict[str, User]) -> None:
    game = _game()
    head = _heading(game, "North")
    done = handle(mail("ann@example.org", f"{head}\nAWAY 2026-02-30 2026-03-01\n"))
    assert done.code == "away/bad_date" and "[away/bad_date]" in done.replies[0].body
    done = handle(mail("ann@example.org", f"{head}\nAWAY {_today()} {_today()} G-{game.pk + 5}\n"))
    assert done.code == "away/no_game"
    done = handle(mail("ann@example.org", f"{head}\nAWAY next week\n"))
    assert "mail/bad_away" in done.replies[0].body
    # Without a heading (a From address alone can be forged) nothing is declared.
    done = handle(mail("ann@example.org", f"AWAY {_today()} {_today() + DAY}\n"))
    assert done.code == "mail/no_heading"
    assert not Absence.objects.exists()


# --- web -----------------------------------------------------------------------------------


def test_the_account_page_form_declares_and_the_game_page_tells_the_players(
    people: dict[str, User],
) -> None:
    game = _game()
    ann, bob = Client(), Client()
    ann.force_login(people["ann"])
    bob.force_login(people["bob"])
    page = ann.get("/account/")
    assert page.status_code == 200 and b'action="/account/away/"' in page.content
    first, last = _today() + DAY, _today() + 2 * DAY
    answer = ann.post(
        "/account/away/", {"start": str(first), "end": str(last), "game": str(game.pk)}
    )
    assert answer.status_code == 302
    (row,) = Absence.objects.all()
    assert row.game_id == game.pk and (row.start, row.end) == (first, last)
    shown = bob.get(f"/games/{game.pk}/").content.decode()
    assert "ann/North" in shown and f"is away from {first} to {last}" in shown
    # Refusals come back as the page's message with their code; never a 500.
    for data in (
        {"start": "tomorrow", "end": str(last)},
        {"start": str(last), "end": str(first)},
        {"start": str(first), "end": str(last), "game": "x1"},
        {"start": str(first), "end": str(last), "sitter": "nobody"},
    ):
        answer = ann.post("/account/away/", data, follow=True)
        assert answer.status_code == 200
        assert any(c in answer.content.decode() for c in ("[away/", "[request/", "[account/"))
    assert Absence.objects.count() == 1
    assert ann.post("/account/away/cancel/").status_code == 302
    assert not Absence.objects.exists()
    anonymous = Client().post("/account/away/", {"start": str(first), "end": str(last)})
    assert anonymous.status_code in (302, 401, 403) and not Absence.objects.exists()


# --- API -----------------------------------------------------------------------------------


def test_the_api_declares_lists_and_cancels_with_4xx_refusals(people: dict[str, User]) -> None:
    game = _game()
    ann = Api(accounts.issue_token(people["ann"]))
    first, last = str(_today() + DAY), str(_today() + 3 * DAY)
    status, body = ann.post("/away", {"start": first, "end": last})
    assert status == 201, body
    assert body["absence"]["game"] is None and body["games"][0]["id"] == game.pk
    assert "ann/North is away" in body["games"][0]["notice"]
    assert ann.get("/away")[1]["absences"][0]["start"] == first
    for payload, code, http in (
        ({"start": "soon", "end": last}, "away/bad_date", 400),
        ({"start": last, "end": first}, "away/bad_range", 400),
        ({"start": first, "end": last, "game": game.pk + 9}, "away/no_game", 409),
        ({"start": first, "end": last, "reason": "holiday"}, "request/invalid", 422),
        ({"start": first, "end": last, "sitter": "nobody"}, "account/not_found", 404),
    ):
        status, body = ann.post("/away", payload)
        assert (status, body.get("code")) == (http, code), (payload, body)
    assert ann.post("/away/cancel", {})[1] == {"cancelled": 1}
    status, body = ann.post("/away/cancel", {})
    assert (status, body["code"]) == (404, "away/none")
    assert Api(None).post("/away", {"start": first, "end": last})[0] == 401


# --- the game master's choice ----------------------------------------------------------------


def test_the_game_master_chooses_the_policy_when_creating_the_game(
    people: dict[str, User],
) -> None:
    gm = Api(accounts.issue_token(people["gm"]))
    for away in ({"policy": "pray"}, {"limit_days": 61}, {"policy": "extend", "reason": "x"}):
        status, body = gm.post("/games", {"game": "fakebid", "settings": {"away": away}})
        assert (status, body["code"]) == (422, "request/invalid"), body
        assert "settings.away" in body["message"]
    status, body = gm.post(
        "/games", {"game": "fakebid", "settings": {"away": {"policy": "sitter"}}}
    )
    assert status == 201, body
    assert absence.policy(Game.objects.get(pk=body["game"]["id"])) == "sitter"
    page = Client()
    page.force_login(people["gm"])
    assert "When a player is away" in page.get("/games/new/").content.decode()
    answer = page.post(
        "/games/new/",
        {"game": "fakebid/standard", "press": "full", "deadline_minutes": 60,
         "grace_minutes": 0, "nmr": "rules", "away_policy": "standing",
         "away_limit_days": 3, "public": "on"},
    )  # fmt: skip
    assert answer.status_code == 302, answer.content.decode()[:2000]
    made = Game.objects.order_by("-id").first()
    assert made is not None and made.settings["away"] == {"policy": "standing", "limit_days": 3}
    assert absence.policy(made) == "standing" and absence.limit(made) == 3 * DAY
