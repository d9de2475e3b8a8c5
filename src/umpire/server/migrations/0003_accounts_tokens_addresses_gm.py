# ruff: noqa: RUF012  (Django Meta options and pydantic field defaults are class-level by design)
"""Accounts: tokens expire; addresses move to allauth's EmailAddress (to be verified); game
masters are no longer staff (the admin is for superusers only).

Tokens issued before this migration expire at once (they were issued without a lifetime).
Each profile's address becomes an unverified EmailAddress of its account, unless another
account already claimed it (first come keeps it): mail goes to it once its owner confirms it.
"""

from typing import Any

from django.db import migrations, models
from django.utils import timezone


def forward(apps: Any, schema_editor: Any) -> None:
    Profile = apps.get_model("umpire", "Profile")
    EmailAddress = apps.get_model("account", "EmailAddress")
    User = apps.get_model("auth", "User")
    seen = {e.lower() for e in EmailAddress.objects.values_list("email", flat=True)}
    for profile in Profile.objects.select_related("user").order_by("id"):
        user = profile.user
        address = (profile.email_address or user.email or "").strip().lower()
        if address and address.lower() not in seen:
            seen.add(address.lower())
            EmailAddress.objects.create(user=user, email=address, primary=True, verified=False)
    gm_ids = Profile.objects.filter(is_game_master=True).values("user_id")
    User.objects.filter(pk__in=gm_ids, is_superuser=False).update(is_staff=False)


class Migration(migrations.Migration):
    dependencies = [
        ("umpire", "0002_vote_readmark"),
        ("account", "0009_emailaddress_unique_primary_email"),
    ]

    operations = [
        migrations.AddField(
            model_name="apitoken",
            name="expires_at",
            field=models.DateTimeField(default=timezone.now),
            preserve_default=False,
        ),
        migrations.RunPython(forward, migrations.RunPython.noop),
        migrations.RemoveField(model_name="profile", name="email_address"),
    ]
