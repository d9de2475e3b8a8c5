"""``GET /healthz``: 200 while a task worker beats, 503 when its heartbeat is stale or
missing (issue 30: a dead worker must be visible to an operator's monitor)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from umpire.server.health import HEARTBEAT, beat
from umpire.server.models import Lease

pytestmark = pytest.mark.django_db


def test_no_worker_ever_is_503() -> None:
    response = Client().get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"web": "ok", "worker": {"last_heartbeat": None, "age_s": None}}


def test_a_fresh_heartbeat_is_200_and_a_stale_one_503(settings: object) -> None:
    beat()
    response = Client().get("/healthz")
    assert response.status_code == 200, response.content
    data = response.json()
    assert data["web"] == "ok" and 0 <= data["worker"]["age_s"] < 5
    assert data["worker"]["last_heartbeat"].endswith("Z")
    assert response.headers["Cache-Control"].startswith("max-age=0")
    Lease.objects.filter(name=HEARTBEAT).update(until=timezone.now() - timedelta(seconds=31))
    stale = Client().get("/healthz")
    assert stale.status_code == 503 and stale.json()["worker"]["age_s"] >= 31
    beat()  # the restarted worker beats again: healthy
    assert Client().get("/healthz").status_code == 200
    assert Lease.objects.filter(name=HEARTBEAT).count() == 1


def test_healthz_takes_only_get() -> None:
    assert Client().post("/healthz").status_code == 405
