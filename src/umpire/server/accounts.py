"""Accounts, profiles, verified addresses, API tokens and seat codes.

Sign-up, email verification, password reset, login and its throttling are django-allauth's
(the pages under ``/accounts/``); this module holds what the rest of the server asks about an
account:

- :func:`verified_address`: the one address mail goes to, and :func:`users_at`: the accounts
  a mail's From address may belong to. Both count only addresses the account has *verified*
  (allauth's ``EmailAddress``), and an address is unique among accounts (case-insensitive),
  so nobody receives another person's seat code or printout by registering his address.
- API tokens: issued by :func:`login` (a login replaces the token of the same name instead
  of adding one), expire after ``UMPIRE_TOKEN_DAYS``, listed and revoked by their owner, and
  all revoked whenever the account's password changes (a change, a reset, an admin's or a
  command's ``set_password``).
- :func:`rotate_code`: a new seat code, mailed to the holder's verified address only.
"""

from __future__ import annotations

import hashlib
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
    AUTH_BAD_CREDENTIALS,
    AUTH_EMAIL_UNVERIFIED,
    AUTH_THROTTLED,
    CONFIRM_INVALID,
    TOKEN_NOT_FOUND,
    refuse,
)
from umpire.server.models import ApiToken, Profile, Seat


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
    """Whether any account has claimed ``address`` (verified or not; case-insensitive)."""
    return bool(EmailAddress.objects.filter(email__iexact=address.strip()).exists())


def set_email(user: User, address: str, *, verified: bool) -> EmailAddress:
    """Give ``user`` the primary address ``address``: ``verified`` only where the address was
    proven (a confirmation link) or vouched for by the operator (``creategm``, tests)."""
    address = address.strip().lower()  # as allauth stores addresses
    others = EmailAddress.objects.filter(email__iexact=address).exclude(user=user)
    if others.filter(verified=True).exists():
        raise refuse(ACCOUNT_EMAIL_TAKEN)
    if verified:
        others.delete()  # an unproven claim by another account gives way to the owner
    elif others.exists():
        raise refuse(ACCOUNT_EMAIL_TAKEN)
    EmailAddress.objects.filter(user=user).exclude(email__iexact=address).delete()
    row, _ = EmailAddress.objects.update_or_create(
        user=user, email=address, defaults={"primary": True, "verified": verified}
    )
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
    :func:`set_email`); an address another account has already claimed is not recorded (the
    caller tells that account's owner, as the sign-up page does)."""
    if not username.strip() or len(password) < 8:
        raise refuse(ACCOUNT_INVALID)
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


def send_confirmation(request: HttpRequest, user: User, address: str) -> None:
    """Mail ``address`` its confirmation link (the sign-up page's mail); when another account
    holds the address, mail its owner that someone tried to sign up with it instead."""
    from allauth.account.internal.flows.email_verification import (
        send_verification_email_to_address,
    )

    row = EmailAddress.objects.filter(user=user, email__iexact=address.strip()).first()
    if row is None:
        row = EmailAddress(email=address.strip())  # no user: the "already exists" mail
    send_verification_email_to_address(request, row, signup=True)


def confirm_key(request: HttpRequest, key: str) -> str:
    """Verify the address a confirmation key names; the address."""
    from allauth.account.models import EmailConfirmationHMAC

    confirmation = EmailConfirmationHMAC.from_key(key.strip())
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

        from umpire.server.mail.outbound import send

        request = allauth_context.request
        ctx = {"request": request, "email": email, "current_site": _site(request)}
        ctx.update(context)
        msg = self.render_mail(template_prefix, email, ctx)
        send(email, str(msg.subject), str(msg.body), kind="account")

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

    Goes through allauth's authentication, so failed attempts count against the same
    limits as the login page (per account and per client address); past the limit every
    attempt is refused with ``auth/throttled``, even with the right password. An account
    whose address is not verified gets no token.
    """
    from allauth.account.adapter import get_adapter

    field = "email" if "@" in username else "username"
    try:
        user = get_adapter(request).authenticate(request, **{field: username, "password": password})
    except ValidationError as err:
        raise refuse(AUTH_THROTTLED) from err
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
    from umpire.server.statements import token_user

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


def connect() -> None:
    pre_save.connect(_password_saved, sender=User, dispatch_uid="umpire.accounts.password")


# --- seat codes -------------------------------------------------------------------------------


def new_code() -> str:
    return secrets.token_hex(8)


def rotate_code(seat: Seat, *, by: str) -> Seat:
    """Give the seat a new secret code and mail it to the holder's verified address (in the
    caller's transaction); the old code stops working at once."""
    seat.secret_code = new_code()
    seat.save(update_fields=["secret_code"])
    from umpire.server.mail.outbound import send_new_code

    send_new_code(seat, by=by)
    return seat
