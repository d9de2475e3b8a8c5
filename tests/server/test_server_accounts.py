"""Accounts (issue 14, items 4-6 and 15; issue 13's account pages): sign-up with a verified,
unique address through the pages and the API, login throttling, API tokens that expire, are
listed and revoked, and die with a password change; game masters who are not staff."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from umpire.server import accounts, commands
from umpire.server.models import ApiToken

from .conftest import Api

pytestmark = pytest.mark.django_db

CONFIRM = re.compile(r"/accounts/confirm-email/([-:\w]+)/")
RESET = re.compile(r"(/accounts/password/reset/key/[-:\w]+/)")


@pytest.fixture(autouse=True)
def fast_hashing(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def mail_to(address: str, mailoutbox: list[Any]) -> list[Any]:
    return [m for m in mailoutbox if [t.lower() for t in m.to] == [address.lower()]]


def verified_user(name: str, address: str) -> User:
    return accounts.register(name, f"{name}-password", email=address, verified=True)


# --- 4. sign-up with a verified, unique address --------------------------------------------


def test_a_new_user_signs_up_confirms_logs_in_and_lands_on_my_games(
    mailoutbox: list[Any],
) -> None:
    browser = Client()
    assert b"/accounts/signup/" in browser.get("/").content  # the header's link
    page = browser.get("/accounts/signup/")
    assert page.status_code == 200 and b'class="top"' in page.content  # the site's layout
    form = {"username": "nina", "email": "Nina@Example.org", "password1": "a-long-pass-9",
            "password2": "a-long-pass-9"}  # fmt: skip
    response = browser.post("/accounts/signup/", form)
    assert response.status_code == 302 and "confirm-email" in response["Location"]
    assert accounts.verified_address(User.objects.get(username="nina")) == ""
    # Logging in before confirming does not get in.
    response = browser.post("/accounts/login/", {"login": "nina", "password": "a-long-pass-9"})
    assert "_auth_user_id" not in browser.session
    (confirmation, *_) = mail_to("Nina@Example.org", mailoutbox)
    key = CONFIRM.search(confirmation.body)
    assert key, confirmation.body
    url = f"/accounts/confirm-email/{key.group(1)}/"
    assert browser.get(url).status_code == 200
    browser.post(url)
    assert accounts.verified_address(User.objects.get(username="nina")) == "nina@example.org"
    browser.get("/accounts/logout/")
    browser.post("/accounts/logout/")
    response = browser.post("/accounts/login/", {"login": "nina", "password": "a-long-pass-9"})
    assert response.status_code == 302 and response["Location"] == "/games/"
    page = browser.get("/games/").content.decode()
    assert "<h1>My games</h1>" in page and "Log out" in page


def test_a_second_account_cannot_take_someone_elses_address(mailoutbox: list[Any]) -> None:
    ann = verified_user("ann", "ann@example.org")
    mailoutbox.clear()
    browser = Client()
    form = {"username": "mallory", "email": "ANN@example.org", "password1": "a-long-pass-9",
            "password2": "a-long-pass-9"}  # fmt: skip
    browser.post("/accounts/signup/", form)
    # No account gets the address a second time: its owner is told instead (the page says
    # the same as for a new address, so it reveals nothing about who is registered).
    assert not User.objects.filter(username="mallory", emailaddress__isnull=False).exists()
    assert accounts.users_at("ann@example.org") == [ann]
    status, body = Api(None).post(
        "/auth/register",
        {"username": "mallory2", "password": "a-long-pass-9", "email": "Ann@Example.ORG"},
    )
    assert status == 201 and body["verification"] == "sent"
    mallory2 = User.objects.get(username="mallory2")
    assert accounts.verified_address(mallory2) == "" and not mallory2.emailaddress_set.exists()
    told = mail_to("ann@example.org", mailoutbox)
    assert told and all(not CONFIRM.search(m.body) for m in told)
    assert accounts.users_at("ANN@EXAMPLE.ORG") == [ann]


def test_api_registration_needs_a_confirmed_address_before_a_token(
    mailoutbox: list[Any],
) -> None:
    status, body = Api(None).post("/auth/register", {"username": "zed", "password": "zed-pass-1"})
    assert (status, body["code"]) == (422, "request/invalid")  # an address is required
    status, body = Api(None).post(
        "/auth/register", {"username": "zed", "password": "zed-pass-1", "email": "not-an-address"}
    )
    assert (status, body["code"]) == (422, "request/invalid")
    new = {"username": "zed", "password": "zed-pass-1", "email": "zed@example.org"}
    status, body = Api(None).post("/auth/register", new)
    assert status == 201 and "token" not in body
    login = {"username": "zed", "password": "zed-pass-1"}
    status, body = Api(None).post("/auth/token", login)
    assert (status, body["code"]) == (403, "auth/email_unverified")
    status, body = Api(None).post("/auth/confirm", {"key": "forged-key"})
    assert (status, body["code"]) == (400, "auth/confirm_invalid")
    (confirmation,) = mail_to("zed@example.org", mailoutbox)
    key = CONFIRM.search(confirmation.body)
    assert key
    status, body = Api(None).post("/auth/confirm", {"key": key.group(1)})
    assert (status, body) == (200, {"email": "zed@example.org"})
    status, body = Api(None).post("/auth/token", {**login, "password": "wrong-one"})
    assert (status, body["code"]) == (401, "auth/bad_credentials")
    status, body = Api(None).post("/auth/token", login)
    assert status == 200 and body["expires_at"]
    status, me = Api(body["token"]).get("/me")
    assert me["email"] == "zed@example.org" and me["game_master"] is False


# --- 5. login throttling --------------------------------------------------------------------


def test_the_sixth_wrong_guess_on_one_account_is_refused_even_if_right(settings: Any) -> None:
    assert settings.UMPIRE_LOGIN_FAILURES == 5
    verified_user("bob", "bob@example.org")
    guess = {"username": "bob", "password": "wrong-guess"}
    for _ in range(5):
        status, body = Api(None).post("/auth/token", guess)
        assert (status, body["code"]) == (401, "auth/bad_credentials")
    status, body = Api(None).post("/auth/token", {"username": "bob", "password": "bob-password"})
    assert (status, body["code"]) == (429, "auth/throttled")
    # The login page shares the account's counter.
    page = Client().post("/accounts/login/", {"login": "bob", "password": "bob-password"})
    assert page.status_code == 200 and b"Too many failed login attempts" in page.content
    # Another account from the same address is not locked yet.
    verified_user("cat", "cat@example.org")
    status, _ = Api(None).post("/auth/token", {"username": "cat", "password": "cat-password"})
    assert status == 200


def test_one_address_guessing_many_accounts_is_refused_after_ten() -> None:
    for name in ("u1", "u2", "u3"):
        verified_user(name, f"{name}@example.org")
    codes = []
    for i in range(11):
        name = ("u1", "u2", "u3")[i % 3]
        codes.append(Api(None).post("/auth/token", {"username": name, "password": "wrong"})[1])
    assert [c["code"] for c in codes[:10]] == ["auth/bad_credentials"] * 10
    assert codes[10]["code"] == "auth/throttled"


def test_a_login_with_no_client_address_is_answered_not_a_500() -> None:
    """The API fuzzing found it: a request without REMOTE_ADDR made allauth's limiter raise.
    Such requests share one throttled bucket and get the usual answers."""
    verified_user("dan", "dan@example.org")
    client = Client(REMOTE_ADDR="")
    url = "/api/auth/token"
    answer = client.post(url, {"username": "dan", "password": "dan-password"}, "application/json")
    assert answer.status_code == 200, answer.content
    wrong = client.post(url, {"username": "dan", "password": "wrong"}, "application/json")
    assert (wrong.status_code, wrong.json()["code"]) == (401, "auth/bad_credentials")


# --- 6. API tokens ----------------------------------------------------------------------------


def test_logging_in_again_replaces_the_token_instead_of_adding_one() -> None:
    user = verified_user("dee", "dee@example.org")
    login = {"username": "dee", "password": "dee-password"}
    first = Api(None).post("/auth/token", login)[1]["token"]
    second = Api(None).post("/auth/token", login)[1]["token"]
    assert ApiToken.objects.filter(user=user).count() == 1
    assert Api(first).get("/me")[0] == 401 and Api(second).get("/me")[0] == 200
    Api(None).post("/auth/token", {**login, "name": "laptop"})
    assert sorted(ApiToken.objects.filter(user=user).values_list("name", flat=True)) == [
        "api", "laptop"
    ]  # fmt: skip


def test_tokens_expire(settings: Any) -> None:
    user = verified_user("eli", "eli@example.org")
    token = accounts.issue_token(user)
    row = ApiToken.objects.get(user=user)
    days = (row.expires_at - row.created_at).total_seconds() / 86400
    assert round(days) == settings.UMPIRE_TOKEN_DAYS == 30
    assert Api(token).get("/me")[0] == 200
    ApiToken.objects.filter(pk=row.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    status, body = Api(token).get("/me")
    assert (status, body["code"]) == (401, "auth/required")


def test_owner_lists_and_revokes_tokens_and_no_one_else_can() -> None:
    fay, gus = verified_user("fay", "fay@example.org"), verified_user("gus", "gus@example.org")
    laptop, phone = accounts.issue_token(fay, "laptop"), accounts.issue_token(fay, "phone")
    gus_token = accounts.issue_token(gus)
    status, rows = Api(laptop).get("/auth/tokens")
    assert status == 200 and sorted(r["name"] for r in rows) == ["laptop", "phone"]
    assert all("token" not in r and "digest" not in r for r in rows)
    phone_id = next(r["id"] for r in rows if r["name"] == "phone")
    status, body = Api(gus_token).post(f"/auth/tokens/{phone_id}/revoke")
    assert (status, body["code"]) == (404, "token/not_found")
    assert Api(phone).get("/me")[0] == 200
    status, rows = Api(laptop).post(f"/auth/tokens/{phone_id}/revoke")
    assert status == 200 and [r["name"] for r in rows] == ["laptop"]
    assert Api(phone).get("/me")[0] == 401
    # The page lists them too, and revokes.
    page = Client()
    page.force_login(fay)
    html = page.get("/account/").content.decode()
    assert "laptop" in html and "phone" not in html
    laptop_id = ApiToken.objects.get(user=fay).pk
    page.post(f"/account/tokens/{laptop_id}/revoke/")
    assert Api(laptop).get("/me")[0] == 401


def test_a_password_change_or_reset_revokes_every_token(mailoutbox: list[Any]) -> None:
    hal = verified_user("hal", "hal@example.org")
    tokens = [accounts.issue_token(hal, name) for name in ("a", "b")]
    page = Client()
    page.force_login(hal)
    response = page.post(
        "/accounts/password/change/",
        {"oldpassword": "hal-password", "password1": "new-pass-123", "password2": "new-pass-123"},
    )
    assert response.status_code == 302
    assert all(Api(t).get("/me")[0] == 401 for t in tokens)
    # A reset by mail, too.
    token = accounts.issue_token(hal)
    mailoutbox.clear()
    Client().post("/accounts/password/reset/", {"email": "hal@example.org"})
    (reset,) = mail_to("hal@example.org", mailoutbox)
    link = RESET.search(reset.body)
    assert link, reset.body
    browser = Client()
    form_url = browser.get(link.group(1))["Location"]  # allauth hides the key in the session
    browser.post(form_url, {"password1": "newer-pass-456", "password2": "newer-pass-456"})
    assert User.objects.get(pk=hal.pk).check_password("newer-pass-456")
    assert Api(token).get("/me")[0] == 401


def test_a_reset_for_an_address_only_claimed_mails_no_claimant_a_link(
    mailoutbox: list[Any],
) -> None:
    """A stranger who claimed the owner's address (unconfirmed) must not get a reset link for
    his account into the owner's mailbox: it logs its reader in as the stranger, then asks
    him to confirm the address for that account. Only the account that verified an address
    is sent a reset link; a mere claim gets the "no account" mail."""
    accounts.register("squat", "squat-password-1", email="vic@example.org")
    accounts.register("vic", "vic-password-1", email="vic@example.org")  # the owner, unconfirmed
    mailoutbox.clear()
    Client().post("/accounts/password/reset/", {"email": "vic@example.org"})
    mails = mail_to("vic@example.org", mailoutbox)
    assert mails and not [m for m in mails if RESET.search(m.body)], [m.body for m in mails]
    assert not [m for m in mails if "squat" in m.body]
    # Once the owner has confirmed it, his account (and only his) gets a link.
    owner = User.objects.get(username="vic")
    accounts.set_email(owner, "vic@example.org", verified=True)
    mailoutbox.clear()
    Client().post("/accounts/password/reset/", {"email": "VIC@example.org"})
    (reset,) = mail_to("vic@example.org", mailoutbox)
    link = RESET.search(reset.body)
    assert link and "vic" in reset.body and "squat" not in reset.body, reset.body
    uid = link.group(1).rsplit("/key/", 1)[1].split("-", 1)[0]
    assert int(uid, 36) == owner.pk


# --- 15. game masters are not staff ---------------------------------------------------------


def test_creategm_makes_a_game_master_who_is_not_staff(capsys: pytest.CaptureFixture[str]) -> None:
    assert commands.creategm("master", "m@example.org", "master-password") == 0
    user = User.objects.get(username="master")
    assert not user.is_staff and user.profile.is_game_master
    assert accounts.verified_address(user) == "m@example.org"  # the operator vouches for it
    assert "API token:" in capsys.readouterr().out
    assert commands.creategm("master", "", "new-password") == 0  # promotes / resets
    user.refresh_from_db()
    assert user.check_password("new-password") and not user.is_staff


def test_game_masters_use_the_console_and_only_superusers_the_admin() -> None:
    gm = accounts.register("gm", "gm-password", game_master=True)
    staff = accounts.register("staffer", "staff-password")
    staff.is_staff = True
    staff.save()
    root = User.objects.create_superuser("root", "root@example.org", "root-password")
    # every account has a console (the games it runs); only superusers the admin
    for user, console, admin in ((gm, 200, 302), (staff, 200, 302), (root, 200, 200)):
        client = Client()
        client.force_login(user)
        assert client.get("/gm/").status_code == console, user
        assert client.get("/admin/").status_code == admin, user
    # Staff status alone gives no right to create games (a verified address does).
    status, body = Api(accounts.issue_token(staff)).post("/games", {"game": "fakebid"})
    assert (status, body["code"]) == (403, "gm/cannot_create")
    # The admin's own login form is gone: passwords are checked (and throttled) by the pages.
    response = Client().get("/admin/login/?next=/admin/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
