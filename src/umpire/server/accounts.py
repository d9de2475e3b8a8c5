"""Accounts, profiles and API tokens."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from umpire.server.errors import ACCOUNT_INVALID, ACCOUNT_TAKEN, AUTH_BAD_CREDENTIALS, refuse
from umpire.server.models import ApiToken, Profile


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def profile_of(user: User) -> Profile:
    profile, _ = Profile.objects.get_or_create(
        user=user,
        defaults={"display_name": user.get_username(), "email_address": user.email or ""},
    )
    return profile


def register(
    username: str,
    password: str,
    *,
    email: str = "",
    display_name: str = "",
    game_master: bool = False,
) -> User:
    if not username.strip() or len(password) < 8:
        raise refuse(ACCOUNT_INVALID)
    try:
        with transaction.atomic():
            user = User.objects.create_user(username.strip(), email, password)
            user.is_staff = game_master
            user.save()
            Profile.objects.create(
                user=user,
                display_name=display_name.strip() or username.strip(),
                email_address=email,
                is_game_master=game_master,
            )
    except IntegrityError as err:
        raise refuse(ACCOUNT_TAKEN, username=username) from err
    return user


def issue_token(user: User, name: str = "api") -> str:
    """A new bearer token for ``user``; shown once, stored as a digest."""
    token = secrets.token_urlsafe(32)
    ApiToken.objects.create(user=user, digest=digest(token), name=name)
    return token


def login(username: str, password: str) -> str:
    user = authenticate(username=username, password=password)
    if user is None or not isinstance(user, User):
        raise refuse(AUTH_BAD_CREDENTIALS)
    return issue_token(user)


# A token's last use is written at most this often, so that a read request writes nothing.
LAST_USED_EVERY = timedelta(hours=1)


def user_for_token(token: str) -> User | None:
    row = ApiToken.objects.select_related("user").filter(digest=digest(token)).first()
    if row is None or not row.user.is_active:
        return None
    now = timezone.now()
    if row.last_used_at is None or now - row.last_used_at >= LAST_USED_EVERY:
        ApiToken.objects.filter(pk=row.pk).update(last_used_at=now)
    return row.user


def is_game_master(user: User) -> bool:
    return bool(user.is_superuser or user.is_staff or profile_of(user).is_game_master)
