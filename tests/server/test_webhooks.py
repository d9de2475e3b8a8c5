"""Issue 31: news by webhook, chosen per person and per kind of news.

A real HTTP sink on loopback takes the posts (the site setting that allows private addresses
and plain http is on for it, and only for it); the worker's own task code posts them. The
address checks refuse loopback, private, link-local and other non-public addresses where a
webhook is given and again before each post.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.utils import timezone

from tests.server.conftest import deliver_mail, run_worker
from umpire.core.session import SessionError
from umpire.server import accounts, notify
from umpire.server.hooks import address, post
from umpire.server.hooks import outbox as hooks
from umpire.server.mail.models import OutboundMail
from umpire.server.models import Game, HookStatus, NotifyChoice, OutboundHook, Seat, Webhook
from umpire.server.usecases import gm_actions, lifecycle, messaging, submissions, turns

SINK = override_settings(UMPIRE_WEBHOOKS_ALLOW_PRIVATE=True, UMPIRE_WEBHOOKS_ALLOW_HTTP=True)
NO_PRIVATE = override_settings(UMPIRE_WEBHOOKS_ALLOW_PRIVATE=False, UMPIRE_WEBHOOKS_ALLOW_HTTP=True)


class Sink:
    """An HTTP server on 127.0.0.1 that records every POST and answers with the next status
    of ``answers`` (200 once they are used up)."""

    def __init__(self) -> None:
        self.posts: list[dict[str, Any]] = []
        self.answers: list[int] = []
        self.lock = threading.Lock()
        sink = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                size = int(self.headers.get("Content-Length") or 0)
                data = json.loads(self.rfile.read(size))
                with sink.lock:
                    status = sink.answers.pop(0) if sink.answers else 200
                    sink.posts.append({"path": self.path, "host": self.headers.get("Host"),
                                       "type": self.headers.get("Content-Type"),
                                       "body": data, "status": status})  # fmt: skip
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str = "/hook") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    @property
    def accepted(self) -> list[dict[str, Any]]:
        return [p for p in self.posts if 200 <= p["status"] < 300]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def sink() -> Iterator[Sink]:
    server = Sink()
    yield server
    server.close()


def post_all() -> int:
    """Compose what is queued (the mail queue), then post (the hooks queue)."""
    deliver_mail()
    return run_worker(queue="hooks")


def _user(name: str) -> User:
    return accounts.register(name, f"{name}-password-Ocelot", display_name=name.title())


# --- the address checks --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "what"),
    [
        ("http://10.0.0.1/hook", "private"),
        ("http://127.0.0.1:8000/hook", "loopback"),
        ("http://169.254.169.254/latest/meta-data", "link-local"),
        ("http://[::1]/hook", "loopback"),
        ("http://[::ffff:127.0.0.1]/hook", "loopback"),
        ("http://0.0.0.0/hook", "unspecified"),
        ("http://224.0.0.1/hook", "multicast"),
        ("http://100.64.0.1/hook", "non-public"),
        ("http://localhost/hook", "loopback"),
    ],
)
@NO_PRIVATE
def test_a_webhook_to_a_non_public_address_is_refused_at_registration(
    db: Any, url: str, what: str
) -> None:
    user = _user("ann")
    with pytest.raises(SessionError) as caught:
        hooks.register(user, url, "json")
    assert caught.value.code == "hook/refused"
    assert f"a {what} address" in str(caught.value)
    assert not Webhook.objects.exists()


@NO_PRIVATE
def test_every_address_a_name_resolves_to_is_checked(
    db: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A name with one public and one private address is refused (an attacker's name that
    answers both)."""
    monkeypatch.setattr(address, "lookup", lambda host, port: ["93.184.215.14", "10.0.0.1"])
    with pytest.raises(SessionError, match=r"hooks\.example is at 10\.0\.0\.1, a private address"):
        hooks.register(_user("ann"), "https://hooks.example/x", "discord")
    monkeypatch.setattr(address, "lookup", lambda host, port: ["93.184.215.14"])
    assert hooks.register(_user("bob"), "https://hooks.example/x", "discord").pk


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("ftp://example.org/x", "must start with https://"),
        ("https://user:secret@example.org/x", "user name or password"),
        ("https:///x", "names no host"),
        ("https://example.org:99999/x", "port"),
        ("https://exa mple.org/x", "spaces"),
        ("https://example.org/" + "a" * 500, "longer than 500"),
    ],
)
def test_a_malformed_webhook_address_is_refused(db: Any, url: str, says: str) -> None:
    with pytest.raises(SessionError, match=says):
        hooks.register(_user("ann"), url, "json")


@NO_PRIVATE
def test_plain_http_is_refused_without_the_site_setting(db: Any) -> None:
    with (
        override_settings(UMPIRE_WEBHOOKS_ALLOW_HTTP=False),
        pytest.raises(SessionError, match="must start with https://"),
    ):
        hooks.register(_user("ann"), "http://93.184.215.14/x", "json")


def test_an_unknown_format_is_refused(db: Any) -> None:
    with pytest.raises(SessionError) as caught:
        hooks.register(_user("ann"), "https://93.184.215.14/x", "teams")
    assert caught.value.code == "hook/bad_format"


def test_an_address_that_became_private_is_refused_at_send_and_the_post_is_dead(
    db: Any, sink: Sink
) -> None:
    """Checked again before each post: a webhook registered while private addresses were
    allowed is not posted to once they are not (nor would one whose name now resolves
    inside)."""
    user = _user("ann")
    with SINK:
        hook = hooks.register(user, sink.url(), "json")
    hooks.send_test(hook)
    with NO_PRIVATE:
        run_worker(queue="hooks")
    row = OutboundHook.objects.get()
    assert row.status == HookStatus.DEAD and row.attempts == 1
    assert "127.0.0.1, a loopback address" in row.last_error
    assert sink.posts == []


@SINK
def test_the_post_connects_to_the_address_checked_not_a_second_lookup(
    db: Any, sink: Sink, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The name is resolved once per post, checked, and the connection made to that
    address with the name in the Host header: a second, different answer (DNS rebinding)
    is never asked for."""
    answers = iter([["127.0.0.1"], ["203.0.113.9"]])  # the second would go elsewhere
    lookups: list[str] = []

    def lookup(host: str, port: int) -> list[str]:
        lookups.append(host)
        return next(answers)

    user = _user("ann")
    hook = Webhook.objects.create(user=user, url=f"http://sink.example:{sink.port}/p?q=1",
                                  format="json")  # fmt: skip
    monkeypatch.setattr(address, "lookup", lookup)
    hooks.send_test(hook)
    run_worker(queue="hooks")
    assert lookups == ["sink.example"]
    assert [(p["path"], p["host"]) for p in sink.accepted] == [
        ("/p?q=1", f"sink.example:{sink.port}")
    ]


# --- delivery, retries, the dead letter -------------------------------------------------------


@SINK
def test_a_post_arrives_once(db: Any, sink: Sink) -> None:
    user = _user("ann")
    hook = hooks.register(user, sink.url(), "json")
    hooks.queue(user, "turn", "Results of Round 1", key="printout:1:North")
    hooks.queue(user, "turn", "Results of Round 1", key="printout:1:North")  # the same news
    assert run_worker(queue="hooks") == 1
    assert run_worker(queue="hooks") == 0
    hooks.retry_due(timezone.now() + timedelta(days=1))
    assert run_worker(queue="hooks") == 0
    assert [p["body"] for p in sink.posts] == [
        {"kind": "turn", "game": None, "turn": None, "text": "Results of Round 1", "url": ""}
    ]
    assert sink.posts[0]["type"] == "application/json"
    row = OutboundHook.objects.get(webhook=hook)
    assert (row.status, row.attempts, row.last_error) == (HookStatus.SENT, 1, "")


@SINK
@override_settings(UMPIRE_HOOK_RETRY_SECONDS=30)
def test_a_failed_post_is_retried_with_backoff_and_arrives_once(db: Any, sink: Sink) -> None:
    user = _user("ann")
    hooks.register(user, sink.url(), "slack")
    sink.answers = [500, 503]
    start = timezone.now()
    hooks.queue(user, "press", "Press from North", key="press:1:South")
    run_worker(queue="hooks")
    row = OutboundHook.objects.get()
    assert (row.status, row.attempts) == (HookStatus.PENDING, 1)
    assert "HTTP 500" in row.last_error
    assert row.next_attempt_at is not None
    first_wait = row.next_attempt_at - start
    assert timedelta(seconds=29) < first_wait < timedelta(seconds=35)
    assert hooks.retry_due(start + timedelta(seconds=10)) == 0  # not yet due
    assert hooks.retry_due(row.next_attempt_at) == 1
    run_worker(queue="hooks")
    row.refresh_from_db()
    assert row.attempts == 2 and row.status == HookStatus.PENDING
    assert row.next_attempt_at is not None
    second_wait = row.next_attempt_at - timezone.now()
    assert timedelta(seconds=110) < second_wait <= timedelta(seconds=120)  # 30 s x 4
    hooks.retry_due(row.next_attempt_at)
    run_worker(queue="hooks")
    row.refresh_from_db()
    assert (row.status, row.attempts) == (HookStatus.SENT, 3)
    assert [p["status"] for p in sink.posts] == [500, 503, 200]
    assert len(sink.accepted) == 1 and sink.accepted[0]["body"] == {"text": "Press from North"}
    hooks.retry_due(timezone.now() + timedelta(days=1))
    assert run_worker(queue="hooks") == 0 and len(sink.accepted) == 1


@SINK
@override_settings(UMPIRE_HOOK_MAX_ATTEMPTS=3, UMPIRE_HOOK_RETRY_SECONDS=1)
def test_a_post_is_dead_after_the_last_attempt(db: Any, sink: Sink) -> None:
    user = _user("ann")
    hooks.register(user, sink.url(), "json")
    sink.answers = [502] * 10
    hooks.queue(user, "deadline", "Reminder")
    later = timezone.now()
    for _ in range(5):
        run_worker(queue="hooks")
        later += timedelta(hours=1)
        hooks.retry_due(later)
    row = OutboundHook.objects.get()
    assert (row.status, row.attempts, row.next_attempt_at) == (HookStatus.DEAD, 3, None)
    assert len(sink.posts) == 3 and sink.accepted == []


@SINK
def test_a_receiver_that_refuses_for_good_is_not_asked_again(db: Any, sink: Sink) -> None:
    """A 404 (the Discord webhook was deleted) is final; a 429 is retried."""
    user = _user("ann")
    hooks.register(user, sink.url(), "discord")
    sink.answers = [429, 404]
    hooks.queue(user, "turn", "x")
    run_worker(queue="hooks")
    assert OutboundHook.objects.get().status == HookStatus.PENDING
    hooks.retry_due(timezone.now() + timedelta(hours=1))
    run_worker(queue="hooks")
    row = OutboundHook.objects.get()
    assert (row.status, row.attempts) == (HookStatus.DEAD, 2)
    sink.answers = [301]  # a redirect is not followed, nor retried
    hooks.queue(user, "turn", "y")
    run_worker(queue="hooks")
    row = OutboundHook.objects.get(kind="turn", payload__text="y")
    assert row.status == HookStatus.DEAD and "redirects are not followed" in row.last_error
    assert len(sink.posts) == 3


def test_a_receiver_that_does_not_answer_times_out(db: Any) -> None:
    """A listener that never answers: the post fails after the timeout, to be retried."""
    import socket

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    try:
        user = _user("ann")
        with SINK, override_settings(UMPIRE_HOOK_TIMEOUT=0.5):
            hook = hooks.register(user, f"http://127.0.0.1:{listener.getsockname()[1]}/", "json")
            hooks.send_test(hook)
            run_worker(queue="hooks")
    finally:
        listener.close()
    row = OutboundHook.objects.get()
    assert row.status == HookStatus.PENDING and "timed out" in row.last_error.lower()


def test_a_receiver_that_answers_a_byte_at_a_time_is_cut_off(db: Any) -> None:
    """Each byte comes within the timeout, the whole answer never does: the post is cut off
    after three times the timeout, to be retried."""
    import socket

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    stop = threading.Event()

    def drip() -> None:
        conn, _ = listener.accept()
        with conn:
            conn.recv(65536)
            while not stop.is_set():
                try:
                    conn.sendall(b"X")
                except OSError:
                    return
                stop.wait(0.1)

    thread = threading.Thread(target=drip, daemon=True)
    thread.start()
    try:
        user = _user("ann")
        with SINK, override_settings(UMPIRE_HOOK_TIMEOUT=0.4):
            hook = hooks.register(user, f"http://127.0.0.1:{listener.getsockname()[1]}/", "json")
            hooks.send_test(hook)
            run_worker(queue="hooks")
    finally:
        stop.set()
        listener.close()
    row = OutboundHook.objects.get()
    assert row.status == HookStatus.PENDING
    assert "no whole answer within 1.2 s" in row.last_error


@SINK
def test_deleting_a_webhook_revokes_it(db: Any, sink: Sink) -> None:
    user = _user("ann")
    hook = hooks.register(user, sink.url(), "json")
    hooks.queue(user, "turn", "never posted")
    hooks.remove(user, hook.pk)
    run_worker(queue="hooks")
    hooks.queue(user, "turn", "nor this")
    run_worker(queue="hooks")
    assert sink.posts == [] and not OutboundHook.objects.exists()
    with pytest.raises(SessionError) as caught:
        hooks.remove(_user("bob"), hook.pk)
    assert caught.value.code == "hook/not_found"


# --- the bodies ---------------------------------------------------------------------------------


def test_discord_and_slack_bodies() -> None:
    envelope = {"kind": "turn", "game": 4, "turn": 2, "text": "x" * 5000 + " @everyone",
                "url": "https://umpire.example.org/games/4/"}  # fmt: skip
    discord = post.body("discord", envelope)
    assert set(discord) == {"content", "allowed_mentions"}
    assert len(discord["content"]) == post.DISCORD_MAX
    assert discord["content"].endswith("…\nhttps://umpire.example.org/games/4/")
    assert discord["allowed_mentions"] == {"parse": []}
    slack = post.body("slack", {**envelope, "text": "<!channel> A & B"})
    assert slack == {"text": "&lt;!channel&gt; A &amp; B\nhttps://umpire.example.org/games/4/"}
    assert post.body("json", envelope) == envelope
    assert len(post.body("slack", envelope)["text"]) == post.SLACK_MAX


# --- the kinds, the channels, what a post carries -------------------------------------------


@pytest.fixture
def table(db: Any) -> dict[str, Any]:
    """A started fakebid game: ann North, bob South, both with confirmed addresses."""
    gm = accounts.register("gamemaster", "gamemaster-password", display_name="GM",
                           game_master=True)  # fmt: skip
    ann, bob = _user("ann"), _user("bob")
    for u in (ann, bob):
        accounts.set_email(u, f"{u.username}@example.org", verified=True)
    game = lifecycle.create_game(gm, "Hooked", "fakebid",
                                 settings={"deadline": {"minutes": 60}, "rules": {"rounds": 3}})  # fmt: skip
    lifecycle.join(game.pk, ann, ["North"])
    lifecycle.join(game.pk, bob, ["South"])
    lifecycle.start(game.pk, gm)
    return {"id": game.pk, "gm": gm, "ann": ann, "bob": bob}


def _process_round(t: dict[str, Any]) -> None:
    game = Game.objects.get(pk=t["id"])
    for name in ("ann", "bob"):
        submissions.submit_orders(t["id"], t[name], "bid 3", turn=game.turn)
    assert turns.process_due(t["id"], game.turn, force=True)


@SINK
def test_each_kind_goes_to_the_channels_its_person_chose(
    table: dict[str, Any], sink: Sink, mailoutbox: list[Any]
) -> None:
    ann, bob = table["ann"], table["bob"]
    hooks.register(ann, sink.url("/ann"), "json")
    hooks.register(bob, sink.url("/bob"), "json")
    notify.set_choices(ann, {("turn", "webhook"): True, ("turn", "email"): False,
                             ("press", "webhook"): False})  # fmt: skip
    post_all()
    mailoutbox.clear()
    sink.posts.clear()
    _process_round(table)
    messaging.send_message(table["id"], bob, "Hello North", to=["North"])
    post_all()
    # ann: her printout by webhook only; press by mail only (its default), not posted.
    ann_mail = [m.subject for m in mailoutbox if m.to == ["ann@example.org"]]
    assert not any("printout" in s for s in ann_mail)
    assert any("press" in s for s in ann_mail)
    ann_posts = [p["body"] for p in sink.posts if p["path"] == "/ann"]
    assert [p["kind"] for p in ann_posts] == ["turn"]
    assert ann_posts[0]["game"] == table["id"] and ann_posts[0]["turn"] == 1
    # bob chose nothing: mail as before, no post at all.
    assert any("printout" in m.subject for m in mailoutbox if m.to == ["bob@example.org"])
    assert [p for p in sink.posts if p["path"] == "/bob"] == []
    # a kind switched off everywhere sends nothing at all
    notify.set_choices(ann, {("turn", "webhook"): False})
    before = OutboundMail.objects.filter(to="ann@example.org", kind="printout").count()
    _process_round(table)
    post_all()
    assert OutboundMail.objects.filter(to="ann@example.org", kind="printout").count() == before
    assert [p["body"]["kind"] for p in sink.posts if p["path"] == "/ann"] == ["turn"]


@SINK
def test_a_post_carries_only_what_its_owner_may_read(table: dict[str, Any], sink: Sink) -> None:
    """North's post has North's printout (his secret), never South's."""
    ann = table["ann"]
    hooks.register(ann, sink.url(), "json")
    notify.set_choices(ann, {(k, "webhook"): True for k in notify.KINDS})
    seats = {s.power: s for s in Seat.objects.filter(game_id=table["id"])}
    north_secret = Game.objects.get(pk=table["id"]).initial_state["secrets"]["North"]
    south_secret = Game.objects.get(pk=table["id"]).initial_state["secrets"]["South"]
    _process_round(table)
    messaging.send_message(table["id"], table["gm"], "for South only", to=["South"])
    gm_actions.gm_action(table["id"], table["gm"], "pause")
    post_all()
    texts = " ".join(json.dumps(p["body"]) for p in sink.posts)
    assert {p["body"]["kind"] for p in sink.posts} >= {"turn", "deadline"}
    assert north_secret in texts
    assert south_secret not in texts and "for South only" not in texts
    for seat in seats.values():  # no seat code, not even North's own
        assert seat.secret_code not in texts


@SINK
def test_a_public_seat_offer_goes_only_to_those_who_asked(db: Any, sink: Sink) -> None:
    gm = accounts.register("gamemaster", "gamemaster-password", display_name="GM",
                           game_master=True)  # fmt: skip
    eve, joe = _user("eve"), _user("joe")
    hooks.register(eve, sink.url("/eve"), "discord")
    hooks.register(joe, sink.url("/joe"), "discord")
    notify.set_choices(eve, {("seat", "webhook"): True})
    lifecycle.create_game(gm, "Open", "fakebid")
    lifecycle.create_game(gm, "Closed", "fakebid", public=False)
    post_all()
    assert [p["path"] for p in sink.posts] == ["/eve"]
    assert "A new public game takes players" in sink.posts[0]["body"]["content"]
    assert "Open" in sink.posts[0]["body"]["content"]


@SINK
def test_a_power_left_without_a_player_tells_its_game_and_offers_the_seat(
    table: dict[str, Any], sink: Sink
) -> None:
    ann, eve = table["ann"], _user("eve")
    hooks.register(ann, sink.url("/ann"), "json")
    hooks.register(eve, sink.url("/eve"), "json")
    notify.set_choices(ann, {("replacement", "webhook"): True})
    notify.set_choices(eve, {("seat", "webhook"): True})
    post_all()
    sink.posts.clear()
    gm_actions.gm_action(table["id"], table["gm"], "replace", power="South")
    post_all()
    by = {p["path"]: p["body"] for p in sink.posts}
    assert by["/ann"]["kind"] == "replacement" and "a replacement is needed" in by["/ann"]["text"]
    assert by["/eve"]["kind"] == "seat" and "has no player" in by["/eve"]["text"]


def test_choices_default_to_the_mail_sent_before(db: Any) -> None:
    user = _user("ann")
    table = notify.choices_of(user)
    assert {k for (k, c), on in table.items() if on and c == "email"} == {
        "turn", "deadline", "press", "game", "replacement"}  # fmt: skip
    assert not any(on for (k, c), on in table.items() if c == "webhook")
    with pytest.raises(ValueError):
        notify.set_choices(user, {("weather", "email"): True})
    assert not NotifyChoice.objects.exists()


# --- the account page ------------------------------------------------------------------------


def _page(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@NO_PRIVATE
def test_the_account_page_refuses_a_private_address_with_a_clear_error(db: Any) -> None:
    client = _page(_user("ann"))
    response = client.post("/account/hooks/", {"url": "http://10.0.0.1/x", "format": "json"},
                           follow=True)  # fmt: skip
    assert response.status_code == 200
    assert (
        b"10.0.0.1, a private address" in response.content and b"hook/refused" in response.content
    )
    assert not Webhook.objects.exists()
    long = client.post("/account/hooks/", {"url": "https://a.example/" + "x" * 600,
                                           "format": "json"}, follow=True)  # fmt: skip
    assert b"longer than 500 characters" in long.content
    assert client.post("/account/hooks/", {"url": "x" * 5000, "format": "?"}).status_code < 500
    assert client.post("/account/hooks/999/delete/").status_code == 302


@SINK
def test_the_account_page_sets_choices_adds_tests_shows_and_deletes(db: Any, sink: Sink) -> None:
    user = _user("ann")
    client = _page(user)
    page = client.get("/account/")
    assert b"News and where it goes" in page.content and b"No webhooks." in page.content
    client.post("/account/news/", {"n:turn:webhook": "on", "n:press:email": "on", "bogus": "on"})
    chosen = notify.choices_of(user)
    assert chosen[("turn", "webhook")] and chosen[("press", "email")]
    assert not chosen[("turn", "email")]  # a box not ticked is off
    client.post("/account/hooks/", {"url": sink.url(), "format": "discord"})
    hook = Webhook.objects.get(user=user)
    client.post(f"/account/hooks/{hook.pk}/test/")
    run_worker(queue="hooks")
    assert sink.accepted[0]["body"]["content"].startswith("Umpire: a test post")
    again = client.post(f"/account/hooks/{hook.pk}/test/", follow=True)
    assert b"hook/test_throttled" in again.content  # one test a minute
    OutboundHook.objects.update(created_at=timezone.now() - timedelta(minutes=2))
    sink.answers = [404]
    client.post(f"/account/hooks/{hook.pk}/test/")
    run_worker(queue="hooks")
    page = client.get("/account/").content.decode()
    assert "sent" in page and "dead" in page and "HTTP 404" in page
    other = _page(_user("bob"))
    other.post(f"/account/hooks/{hook.pk}/delete/")  # not his: nothing happens
    assert Webhook.objects.filter(pk=hook.pk).exists()
    client.post(f"/account/hooks/{hook.pk}/delete/")
    assert not Webhook.objects.exists()


# --- the API ----------------------------------------------------------------------------------


@SINK
def test_the_api_sets_choices_and_keeps_webhooks(db: Any, sink: Sink) -> None:
    from tests.server.conftest import make_user

    user, api = make_user("ann")
    status, body = api.get("/account/news")
    assert status == 200 and body["choices"]["turn"] == {"email": True, "webhook": False}
    choices = {"choices": {"turn": {"webhook": True}, "seat": {"email": True}}}
    put = api.client.put("/api/account/news", json.dumps(choices),
                         content_type="application/json", **api._headers())  # fmt: skip
    assert put.status_code == 200 and put.json()["choices"]["turn"]["webhook"] is True
    assert (
        notify.choices_of(user)[("turn", "webhook")] and notify.choices_of(user)[("seat", "email")]
    )
    bad = api.client.put("/api/account/news", json.dumps({"choices": {"weather": {"email": True}}}),
                         content_type="application/json", **api._headers())  # fmt: skip
    assert bad.status_code == 400 and bad.json()["code"] == "notify/bad_choice"
    status, body = api.post("/account/hooks", {"url": sink.url(), "format": "slack"})
    assert status == 201 and body[0]["format"] == "slack"
    hook_id = body[0]["id"]
    assert api.post(f"/account/hooks/{hook_id}/test")[0] == 202
    assert api.post(f"/account/hooks/{hook_id}/test")[0] == 429
    run_worker(queue="hooks")
    status, body = api.get("/account/hooks")
    assert body[0]["posts"][0]["status"] == "sent" and len(sink.accepted) == 1
    with NO_PRIVATE:
        status, body = api.post("/account/hooks", {"url": "http://10.0.0.1/", "format": "json"})
    assert status == 400 and body["code"] == "hook/refused"
    assert api.post("/account/hooks", {"url": sink.url(), "format": "teams"})[0] == 422
    assert api.post("/account/hooks", {"url": 7, "format": "json"})[0] == 422
    other = make_user("bob")[1]
    gone = other.client.delete(f"/api/account/hooks/{hook_id}", **other._headers())
    assert gone.status_code == 404 and gone.json()["code"] == "hook/not_found"
    gone = api.client.delete(f"/api/account/hooks/{hook_id}", **api._headers())
    assert gone.status_code == 200 and gone.json() == []
    assert api.client.get("/api/account/hooks").status_code == 401


@SINK
def test_a_rollback_lets_the_reopened_turns_reminder_be_posted_again(
    db: Any, sink: Sink, mailoutbox: list[Any]
) -> None:
    """The turn's reminder went by mail and webhook; the game master rolls the next turn back,
    so the turn is played again: at its reminder time again, both go out again (the rollback
    freed the posts' keys as it frees the mails'), once."""
    from tests.server.mail.conftest import start_table
    from umpire.server import retention
    from umpire.server.mail.notices import send_notices

    table = start_table()
    red = table.players["RED"]
    hooks.register(red, sink.url("/red"), "json")
    notify.set_choices(red, {("deadline", "webhook"): True})
    game = Game.objects.get(pk=table.game_id)
    turn, deadline = game.turn, game.deadline
    assert deadline is not None
    assert send_notices(deadline - timedelta(minutes=30)) == 3
    post_all()
    reminders = [p["body"] for p in sink.accepted if p["body"]["kind"] == "deadline"]
    assert [p["turn"] for p in reminders] == [turn]
    assert turns.process_due(game.pk, turn, force=True)
    gm_actions.gm_action(game.pk, table.gm, "rollback")
    post_all()
    game = Game.objects.get(pk=table.game_id)
    assert game.turn == turn and game.deadline is not None
    first = OutboundHook.objects.get(kind="deadline")
    sink.posts.clear()
    mailoutbox.clear()
    assert send_notices(game.deadline - timedelta(minutes=30)) == 3
    post_all()
    reminders = [p["body"] for p in sink.accepted if p["body"]["kind"] == "deadline"]
    assert [p["turn"] for p in reminders] == [turn] and "No orders" in reminders[0]["text"]
    assert len([m for m in mailoutbox if "reminder" in m.subject]) == 3
    # The first post is a delivery row like any other now (retention may let it go); the new
    # one's key is kept while the turn is awaited, and sends it once only.
    first.refresh_from_db()
    assert first.key is None
    awaited = OutboundHook.objects.filter(retention.awaited_notice())
    assert [row.key for row in awaited] == [f"reminder:{game.pk}:{turn}:RED:{first.webhook_id}"]
    Game.objects.filter(pk=game.pk).update(notice_at=game.deadline - timedelta(minutes=60))
    assert send_notices(game.deadline - timedelta(minutes=20)) == 0
    assert post_all() == 0


@pytest.mark.parametrize("module", [address, post])
def test_the_doctests_run(module: object) -> None:
    import doctest

    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0
