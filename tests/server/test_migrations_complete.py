"""Every change to the models has its migration: a model changed without one would leave a
site's database behind the code that reads it (``umpire migrate`` would not know of it)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_every_model_change_has_its_migration() -> None:
    out = io.StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit:  # --check: exit status 1 when a migration is missing
        pytest.fail(f"a model change has no migration:\n{out.getvalue()}")
    assert "No changes detected" in out.getvalue()
