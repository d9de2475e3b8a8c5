"""Accounts, profiles, verified addresses, API tokens and seat codes.

Sign-up, email verification, password reset, login and its throttling are django-allauth's
(the pages under ``/accounts/``); this module holds what the rest of the server asks about an
account:

- :func:`verified_address`: the one address mail goes to, and :func:`users_at`: the accounts
  a mail's From address may belong to. Both count only addresses the account has *verified*
  (allauth's ``EmailAddress``), and a verified address is unique among accounts
  (case-insensitive), so nobody receives another person's seat code or printout by
  registering his address. An unverified claim takes nothing: several accounts may claim one
  address, each is mailed its own link naming the account, the first to confirm keeps it and
  the other claims are dropped (:meth:`AccountAdapter.confirm_email`).
- Passwords pass Django's validators on every path (:func:`check_password`); sign-ups are
  limited per client and per address named (:func:`may_sign_up`); failed logins lock the
  client address that made them, not the owner (:meth:`AccountAdapter.authenticate`), and
  are kept for the account page (:func:`login_attempts`).
- API tokens: issued by :func:`login` (a login replaces the token of the same name instead
  of adding one), expire after ``UMPIRE_TOKEN_DAYS``, listed and revoked by their owner, and
  all revoked whenever the account's password changes (a change, a reset, an admin's or a
  command's ``set_password``).
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from datetime import timedelta
from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.db import IntegrityError, transaction
from django.db.models.signals import pre_save
from django.http import HttpRequest
from django.utils import timezone

from umpire.server.errors import (
    ACCOUNT_EMAIL_TAKEN,
    ACCOUNT_INVALID,
    ACCOUNT_TAKEN,
    ACCOUNT_WEAK_PASSWORD,
    AUTH_BAD_CREDENTIALS,
    AUTH_EMAIL_UNVERIFIED,
    AUTH_GUARDED,
    AUTH_THROTTLED,
    CONFIRM_INVALID,
    TOKEN_NOT_FOUND,
    refuse,
)
from umpire.server.mail.outbox import send
from umpire.server.models import ApiToken, Profile
from umpire.server.statements import token_user

log = logging.getLogger("umpire.accounts")


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def profile_of(user: User) -> Profile:
    profile, _ = Profile.objects.get_or_create(
        user=user, defaults={"display_name": user.get_username()}
    )
    return profile


def set_mail_maps(user: User, on: bool) -> None:
    """The player's choice: printout mails carry the turn's map (an SVG attachment) or not."""
    profile = profile_of(user)
    if profile.mail_maps != on:
        profile.mail_maps = on
        profile.save(update_fields=["mail_maps"])


def set_mail_packets(user: User, on: bool) -> None:
    """The player's choice: printout mails carry his postal packet (a PDF) or not."""
    profile = profile_of(user)
    if profile.mail_packets != on:
        profile.mail_packets = on
        profile.save(update_fields=["mail_packets"])


def mails_packets(user: User) -> bool:
    """Whether the player asked for his packet in printout mails."""
    return bool(Profile.objects.filter(user=user, mail_packets=True).exists())


def mails_maps(user: User) -> bool:
    """Whether the player asked for maps in printout mails (off for an account without a
    profile)."""
    return bool(Profile.objects.filter(user=user, mail_maps=True).exists())


# --- addresses ----------------------------------------------------------------------------


def verified_address(user: Any) -> str:
    """The account's verified address (its primary one first), or "" when it has none."""
    if user is None or getattr(user, "pk", None) is None:
        return ""
    rows = EmailAddress.objects.filter(user_id=user.pk, verified=True).order_by("-primary", "id")
    row = rows.first()
    return row.email.strip() if row is not None else ""


def users_at(address: str) -> list[User]:
    """The active accounts that have verified ``address`` (at most one: addresses are unique)."""
    if not address:
        return []
    ids = EmailAddress.objects.filter(email__iexact=address.strip(), verified=True).values(
        "user_id"
    )
    return list(User.objects.filter(pk__in=ids, is_active=True))


def address_taken(address: str) -> bool:
    """Whether an account has *verified* ``address`` (case-insensitive). An unverified claim
    takes nothing: several accounts may claim one address, each is mailed its own link, and
    the first to confirm it keeps it (:meth:`AccountAdapter.confirm_email` drops the others)."""
    return bool(EmailAddress.objects.filter(email__iexact=address.strip(), verified=True).exists())


def drop_other_claims(row: EmailAddress) -> None:
    """Once ``row`` is verified, every other account's unverified claim of its address goes
    (their links stop working: a confirmed address can never be claimed again)."""
    EmailAddress.objects.filter(email__iexact=row.email, verified=False).exclude(
        user_id=row.user_id
    ).delete()


def set_email(user: User, address: str, *, verified: bool) -> EmailAddress:
    """Give ``user`` the primary address ``address``: ``verified`` only where the address was
    proven (a confirmation link) or vouched for by the operator (``creategm``, tests). Another
    account's unverified claim never stands in the way: a verified address drops it, an
    unverified one lives beside it until one of them is confirmed."""
    address = address.strip().lower()  # as allauth stores addresses
    others = EmailAddress.objects.filter(email__iexact=address).exclude(user=user)
    if others.filter(verified=True).exists():
        raise refuse(ACCOUNT_EMAIL_TAKEN)
    EmailAddress.objects.filter(user=user).exclude(email__iexact=address).delete()
    row, _ = EmailAddress.objects.update_or_create(
        user=user, email=address, defaults={"primary": True, "verified": verified}
    )
    if verified:
        drop_other_claims(row)  # an unproven claim by another account gives way to the owner
    if user.email != address:
        user.email = address
        user.save(update_fields=["email"])
    return row


# --- accounts -----------------------------------------------------------------------------


def register(
    username: str,
    password: str,
    *,
    email: str = "",
    display_name: str = "",
    game_master: bool = False,
    verified: bool = False,
) -> User:
    """A new account. Its ``email`` is recorded unverified unless ``verified`` (see
    :func:`set_email`); an address another account has *verified* is not recorded (the
    caller tells that account's owner, as the sign-up page does), one that others have only
    claimed is recorded beside their claims. The password must pass Django's validators
    (:func:`check_password`)."""
    if not username.strip():
        raise refuse(ACCOUNT_INVALID)
    check_password(password, username=username.strip(), email=email)
    try:
        with transaction.atomic():
            user = User.objects.create_user(username.strip(), "", password)
            Profile.objects.create(
                user=user,
                display_name=display_name.strip() or username.strip(),
                is_game_master=game_master,
            )
            if email and not address_taken(email):
                set_email(user, email, verified=verified)
    except IntegrityError as err:
        raise refuse(ACCOUNT_TAKEN, username=username) from err
    return user


def check_password(password: str, *, username: str = "", email: str = "",
                   user: User | None = None) -> None:  # fmt: skip
    """Refuse a password Django's validators (``AUTH_PASSWORD_VALIDATORS``: length, common
    passwords, likeness to the user name or address, digits only) refuse, with their
    sentences (``account/weak_password``). Every way a password is set goes through them: the
    API's registration, the sign-up, change and reset pages (allauth's ``clean_password``),
    ``umpire creategm``."""
    from django.contrib.auth.password_validation import validate_password

    probe = user if user is not None else User(username=username, email=email)
    try:
        validate_password(password, probe)
    except ValidationError as err:
        raise refuse(ACCOUNT_WEAK_PASSWORD, problems=" ".join(err.messages)) from err


# Registrations (API and sign-up page) are limited per client address and per address they
# name, through allauth's rate limits (ACCOUNT_RATE_LIMITS: "signup" per client, as allauth's
# page counts it, and SIGNUP_ADDRESS per address named).
SIGNUP_ADDRESS = "umpire_signup_address"


def may_sign_up(request: HttpRequest, address: str) -> bool:
    """Count one registration from this client naming ``address``; False past either limit."""
    from allauth.core import ratelimit

    return bool(ratelimit.consume(request, action="signup") and ratelimit.consume(
        request, action=SIGNUP_ADDRESS, key=address.strip().lower()
    ))  # fmt: skip


def send_confirmation(
    request: HttpRequest, user: User, address: str, *, signup: bool = True
) -> None:
    """Mail ``address`` the confirmation link of ``user``'s own claim (the mail names the
    account, and says to ignore it if the reader did not make that account). Another
    account's earlier claim does not hold it back: each claim has its own link, and the first
    confirmed wins. When another account has *verified* the address, its owner is mailed
    that someone tried to sign up with it instead."""
    from allauth.account.adapter import get_adapter

    row = EmailAddress.objects.filter(user=user, email__iexact=address.strip()).first()
    if row is None or row.verified:
        get_adapter(request).send_account_already_exists_mail(address.strip())
        return
    row.send_confirmation(request, signup=signup)


def confirm_key(request: HttpRequest, key: str) -> str:
    """Verify the address a confirmation key names; the address."""
    from allauth.account.models import EmailConfirmationHMAC

    confirmation = EmailConfirmationHMAC.from_key(key.strip())
    # A key whose claim was dropped (another account confirmed the address first) finds no
    # row; one for an address verified meanwhile is refused by allauth (can_set_verified).
    address = confirmation.confirm(request) if confirmation is not None else None
    if address is None:
        raise refuse(CONFIRM_INVALID)
    return str(address.email)


def is_game_master(user: User) -> bool:
    """Whether the account holds the game-master flag (``creategm``) or is a superuser.

    Being staff gives nothing here: the Django admin is for superusers only, and a game's
    own game master (``Game.gm``) runs it from the GM console.
    """
    return bool(user.is_superuser or profile_of(user).is_game_master)


# ``UMPIRE_GAME_CREATION``: who may create games from the web, the API or the command line.
ANYONE_VERIFIED = "verified"  # every account with a verified address (the default)
GAME_MASTERS_ONLY = "game-masters"  # only superusers and accounts flagged by ``creategm``


def creation_policy() -> str:
    policy = str(getattr(settings, "UMPIRE_GAME_CREATION", ANYONE_VERIFIED)).strip().lower()
    return GAME_MASTERS_ONLY if policy == GAME_MASTERS_ONLY else ANYONE_VERIFIED


def why_not_create(user: User) -> str | None:
    """None where ``user`` may create a game (and be its game master), else what stands in
    the way, said to him: an address still to confirm, or a site that keeps creation to its
    game masters."""
    if is_game_master(user):
        return None
    if creation_policy() == GAME_MASTERS_ONLY:
        return "this site's operator keeps creating games to its game masters"
    if not verified_address(user):
        return "confirm your email address first (the link in the mail sent to it)"
    return None


def may_create_games(user: User) -> bool:
    return why_not_create(user) is None


class AccountAdapter(DefaultAccountAdapter):  # type: ignore[misc]
    """allauth's mails go through the outbox like every other mail: nothing in a request
    talks to a mail server (see :mod:`umpire.server.mail.outbound`)."""

    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        from allauth.core import context as allauth_context

        request = allauth_context.request
        ctx = {"request": request, "email": email, "current_site": _site(request)}
        ctx.update(context)
        msg = self.render_mail(template_prefix, email, ctx)
        send(email, str(msg.subject), str(msg.body), kind="account")

    def confirm_email(self, request: HttpRequest, email_address: EmailAddress) -> bool:
        """allauth's confirmation (the link's page, ``POST /api/auth/confirm``); the first
        account to confirm an address keeps it, and every other account's claim of it is
        dropped (their links stop working). Two confirmations of one address at the same
        moment: the database's one-verified-address constraint lets one through, and the
        other is a refused link, not a server error."""
        try:
            with transaction.atomic():
                confirmed = bool(super().confirm_email(request, email_address))
                if confirmed:
                    drop_other_claims(email_address)
        except IntegrityError:
            email_address.verified = False
            return False
        return confirmed

    def should_send_confirmation_mail(
        self, request: HttpRequest, email_address: EmailAddress, signup: bool
    ) -> bool:
        """At sign-up the page's own form has mailed the new account's link already
        (:func:`send_confirmation`, after the sign-up limits), so that allauth's one-mail-per-
        address cooldown cannot swallow it behind another account's claim; at a later login
        allauth sends it again as usual."""
        return not signup

    def authenticate(self, request: HttpRequest, **credentials: Any) -> Any:
        """allauth's password check (the login page, ``POST /api/auth/token``, re-entering a
        password), with limits that lock the *source* of failed attempts, not the owner:

        - one client address: ``10/m`` failures over all accounts, and
          ``UMPIRE_LOGIN_FAILURES`` per 5 minutes on one account, past which that address is
          refused for that account, right password or not (``too_many_login_attempts``);
        - one account from everywhere: past ``UMPIRE_ACCOUNT_FAILURES`` an hour (a guesser
          with many addresses) only a *known device* (a client address the account logged in
          from before) gets in with the right password; from elsewhere the owner uses the
          password reset, a mailed one-time link that logs him in and clears the count.

        Every attempt is logged and kept for the account page (:func:`login_attempts`)."""
        from allauth.account.auth_backends import AuthenticationBackend
        from allauth.core import ratelimit
        from django.contrib.auth import authenticate as django_authenticate

        source = self.get_client_ip(request)
        account = _account_key(credentials)
        per_source = f"{account}|{source}"
        if not ratelimit.consume(request, action="login_failed", key=per_source, dry_run=True):
            _attempt(account, source, ok=False, what="refused: too many failures from there")
            raise self.validation_error("too_many_login_attempts")
        if not ratelimit.consume(
            request, action=ACCOUNT_FAILURES, key=account, dry_run=True
        ) and not is_known_device(account, source):
            _attempt(account, source, ok=False, what="refused: new device while under attack")
            raise ValidationError(GUARDED, code="account_guarded")
        AuthenticationBackend.unstash_authenticated_user()
        user = django_authenticate(request, **credentials)
        user = user or AuthenticationBackend.unstash_authenticated_user()
        if user:
            _attempt(account, source, ok=True, what="logged in")
            remember_device(account, source)
            return user
        ratelimit.consume(request, action="login_failed", key=per_source)
        ratelimit.consume(request, action=ACCOUNT_FAILURES, key=account)
        _attempt(account, source, ok=False, what="wrong password")
        self.authentication_failed(request, **credentials)
        return None

    def login(self, request: HttpRequest, user: Any) -> None:
        """Logged in on the pages (a password, a confirmation or a password reset's link): the
        device is known from now on; a reset's one-time link also clears the account's
        count of failures (the owner proved his mailbox)."""
        super().login(request, user)
        account = f"user:{user.pk}"
        source = self.get_client_ip(request)
        remember_device(account, source)

    def get_client_ip(self, request: HttpRequest) -> str:
        """The client's address for the login limits. A request with no usable address (no
        REMOTE_ADDR, or an X-Forwarded-For shorter than the trusted proxies) is counted in
        one shared bucket instead of failing: such clients are throttled together."""
        from allauth.core.internal.httpkit import get_client_ip

        try:
            found = get_client_ip(request)
        except ImproperlyConfigured:
            found = None
        return found or UNKNOWN_CLIENT


# The login limits' bucket for requests whose client address cannot be told.
UNKNOWN_CLIENT = "0.0.0.0"

# --- failed logins: the source is locked, not the owner --------------------------------------

# allauth's rate limit (ACCOUNT_RATE_LIMITS) counting one account's failures from everywhere.
ACCOUNT_FAILURES = "umpire_account_failures"
GUARDED = (
    "This account has had many failed logins from elsewhere, so it lets in only devices it "
    'knows. Use "Forgot your password?": the mailed link logs you in.'
)
# How long a device stays known, and how many attempts the account page shows.
KNOWN_DEVICE_DAYS = 90
ATTEMPTS_KEPT = 20


def _account_key(credentials: dict[str, Any]) -> str:
    """What the limits count an attempt against: the account the user name or address names
    (so that both ways in share one count), else the name as given."""
    given = str(credentials.get("email") or credentials.get("username") or "").strip()
    if "@" in given:
        users = users_at(given)
        found = users[0].pk if users else None
    else:
        found = User.objects.filter(username__iexact=given).values_list("pk", flat=True).first()
    return f"user:{found}" if found else f"name:{given.lower()}"


def _cache_key(kind: str, account: str) -> str:
    return "umpire:" + kind + ":" + hashlib.sha256(account.encode()).hexdigest()


def is_known_device(account: str, source: str) -> bool:
    from django.core.cache import cache

    return source in (cache.get(_cache_key("devices", account)) or [])


def remember_device(account: str, source: str) -> None:
    from django.core.cache import cache

    key = _cache_key("devices", account)
    known = [*[d for d in cache.get(key) or [] if d != source][-19:], source]
    cache.set(key, known, KNOWN_DEVICE_DAYS * 86400)


def forget_failures(request: HttpRequest, user: User) -> None:
    """A password reset proved the owner's mailbox: the account's count of failures from
    everywhere is cleared (allauth's ``password_reset`` signal)."""
    from allauth.core import ratelimit

    ratelimit.clear(request, action=ACCOUNT_FAILURES, key=f"user:{user.pk}")
    _attempt(f"user:{user.pk}", UNKNOWN_CLIENT, ok=True, what="password reset by mailed link")


def _attempt(account: str, source: str, *, ok: bool, what: str) -> None:
    """Log one login attempt, and keep the last ones of an existing account for its page."""
    from django.core.cache import cache

    (log.info if ok else log.warning)("login %s for %s from %s", what, account, source)
    if not account.startswith("user:"):
        return
    key = _cache_key("attempts", account)
    entry = {"at": timezone.now().isoformat(timespec="seconds"), "source": source,
             "ok": ok, "what": what}  # fmt: skip
    kept = [*(cache.get(key) or [])[-(ATTEMPTS_KEPT - 1) :], entry]
    cache.set(key, kept, KNOWN_DEVICE_DAYS * 86400)


def login_attempts(user: User) -> list[dict[str, Any]]:
    """The account's last login attempts, newest first (when, from where, what became of it)."""
    from django.core.cache import cache

    return list(reversed(cache.get(_cache_key("attempts", f"user:{user.pk}")) or []))


def _site(request: HttpRequest | None) -> Any:
    from django.contrib.sites.shortcuts import get_current_site

    return get_current_site(request) if request is not None else None


# --- API tokens -----------------------------------------------------------------------------


def token_lifetime() -> timedelta:
    return timedelta(days=float(settings.UMPIRE_TOKEN_DAYS))


def issue_token(user: User, name: str = "api") -> str:
    """A new bearer token for ``user``, replacing any earlier token of the same name (so
    logging in again does not pile tokens up); shown once, stored as a digest."""
    token = secrets.token_urlsafe(32)
    with transaction.atomic():
        ApiToken.objects.filter(user=user, name=name).delete()
        ApiToken.objects.create(
            user=user, digest=digest(token), name=name,
            expires_at=timezone.now() + token_lifetime(),
        )  # fmt: skip
    return token


def login(request: HttpRequest, username: str, password: str, name: str = "api") -> str:
    """A token for a user name (or verified address) and password.

    Goes through allauth's authentication (:meth:`AccountAdapter.authenticate`), so failed
    attempts count against the same limits as the login page: past them the client address
    that failed is refused for that account (``auth/throttled``), right password or not, and
    an account attacked from many addresses lets in only devices it knows
    (``auth/account_guarded``). An account whose address is not verified gets no token.
    """
    from allauth.account.adapter import get_adapter

    field = "email" if "@" in username else "username"
    try:
        user = get_adapter(request).authenticate(request, **{field: username, "password": password})
    except ValidationError as err:
        guarded = getattr(err, "code", None) == "account_guarded"
        raise refuse(AUTH_GUARDED if guarded else AUTH_THROTTLED) from err
    if user is None or not isinstance(user, User):
        raise refuse(AUTH_BAD_CREDENTIALS)
    if not verified_address(user):
        raise refuse(AUTH_EMAIL_UNVERIFIED)
    return issue_token(user, name)


def token_row(token: str) -> ApiToken:
    return ApiToken.objects.select_related("user").get(digest=digest(token))


# A token's last use is written at most this often, so that a read request writes nothing.
LAST_USED_EVERY = timedelta(hours=1)


def user_for_token(token: str) -> User | None:
    """The active account a live token belongs to: one statement (every API request makes
    it), and a write only for an expired token or once per ``LAST_USED_EVERY``."""
    now = timezone.now()
    row = token_user(digest(token))
    if row is None or not row.user.is_active:
        return None
    if row.expires_at <= now:
        ApiToken.objects.filter(pk=row.id).delete()
        return None
    if row.last_used_at is None or now - row.last_used_at >= LAST_USED_EVERY:
        ApiToken.objects.filter(pk=row.id).update(last_used_at=now)
    return row.user


def tokens_of(user: User) -> list[dict[str, Any]]:
    """The account's live tokens (never their value: only a digest is stored)."""
    ApiToken.objects.filter(user=user, expires_at__lte=timezone.now()).delete()
    return [
        {
            "id": t.pk, "name": t.name, "created_at": t.created_at.isoformat(),
            "expires_at": t.expires_at.isoformat(),
            "last_used_at": t.last_used_at.isoformat() if t.last_used_at else None,
        }
        for t in ApiToken.objects.filter(user=user).order_by("-created_at", "-id")
    ]  # fmt: skip


def revoke_token(user: User, token_id: int) -> None:
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    if not deleted:
        raise refuse(TOKEN_NOT_FOUND, token_id=token_id)


def _password_saved(sender: Any, instance: User, **kwargs: Any) -> None:
    """A new password (change, reset, admin, command) revokes every API token of the account."""
    fields = kwargs.get("update_fields")
    if (
        kwargs.get("raw")
        or instance.pk is None
        or (fields is not None and "password" not in fields)
    ):
        return
    old = User.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    if old is not None and old != instance.password:
        ApiToken.objects.filter(user_id=instance.pk).delete()


def _password_reset(sender: Any, request: HttpRequest, user: User, **kwargs: Any) -> None:
    forget_failures(request, user)


def connect() -> None:
    from allauth.account.signals import password_reset

    pre_save.connect(_password_saved, sender=User, dispatch_uid="umpire.accounts.password")
    password_reset.connect(_password_reset, dispatch_uid="umpire.accounts.reset")


# --- seat codes -------------------------------------------------------------------------------


def new_code() -> str:
    return secrets.token_hex(8)
