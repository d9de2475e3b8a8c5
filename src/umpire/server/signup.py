"""The sign-up page's form (allauth's, through ``ACCOUNT_FORMS``), with the API's rules.

- An address that another account has only *claimed* (unverified) does not count as taken:
  the new account records it too and is mailed its own link; the first account to confirm
  keeps the address and the other claims are dropped (``AccountAdapter.confirm_email``). An
  address another account has *verified* is not recorded: its owner is mailed instead
  (allauth's "account already exists" mail), and the page says the same as for a new one.
- Sign-ups are limited per client address (allauth's ``signup`` limit, counted by its view)
  and per address named (``accounts.SIGNUP_ADDRESS``): past either the form says so and
  nothing is created or mailed.
- The confirmation link is mailed by the form itself, after those limits, so that allauth's
  one-mail-per-address cooldown cannot swallow the owner's link behind a stranger's claim.

The password reset page's form (:class:`ResetPasswordForm`) mails a reset link only for the
account that has *verified* the address asked for: an address that accounts have only
claimed gets allauth's "no account with this address" mail, so that a stranger's claim never
puts a link to his account (which would log its reader in as him, then ask him to confirm
the address for it) in the owner's mailbox.
"""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import get_adapter
from allauth.account.forms import ResetPasswordForm as AllauthResetPasswordForm
from allauth.account.forms import SignupForm as AllauthSignupForm
from allauth.core import context, ratelimit
from django.contrib import messages
from django.contrib.auth.models import User
from django.http import HttpRequest

from umpire.server import accounts

THROTTLED = (
    "Too many sign-ups have named this address lately: nothing was created or mailed. "
    "Try again in an hour."
)


class SignupForm(AllauthSignupForm):  # type: ignore[misc]
    def validate_unique_email(self, value: str) -> str:
        """Taken only when another account has verified it (see the module's docstring)."""
        self.account_already_exists = accounts.address_taken(value)
        return value

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean()
        email = cleaned.get("email")
        if (
            not self.errors
            and email
            and not ratelimit.consume(
                context.request, action=accounts.SIGNUP_ADDRESS, key=str(email).lower()
            )
        ):
            self.add_error(None, THROTTLED)
        return cleaned

    def save(self, request: HttpRequest) -> User:
        user: User = super().save(request)
        email = self.cleaned_data.get("email")
        if email:
            accounts.send_confirmation(request, user, str(email))
            get_adapter(request).add_message(
                request, messages.INFO, "account/messages/email_confirmation_sent.txt",
                {"email": email, "login": False, "signup": True},
            )  # fmt: skip
        return user


class ResetPasswordForm(AllauthResetPasswordForm):  # type: ignore[misc]
    def clean_email(self) -> str:
        """The accounts mailed a reset link: only the one that has verified the address
        (allauth's own choice falls back to every account that merely claims it)."""
        email: str = super().clean_email()
        self.users = accounts.users_at(email)
        return email
