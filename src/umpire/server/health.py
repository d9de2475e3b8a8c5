"""``GET /healthz``: whether the site can serve and whether a task worker is alive, for an
operator's monitor.

Every task worker (``umpire worker``, and the one ``umpire serve`` runs and restarts) writes
its heartbeat on each scheduler tick (``UMPIRE_TICK_SECONDS``) into one row that every
process reads (the ``Lease`` table, row ``worker-heartbeat``: the time of the latest beat
of any worker). The endpoint answers 200 with

    {"web": "ok", "worker": {"last_heartbeat": "2026-...Z", "age_s": 1.4}}

and 503 (same shape) when the latest beat is older than ``UMPIRE_HEARTBEAT_STALE_SECONDS``
(default 30) or there never was one (``last_heartbeat`` null): then no turn is processed,
no deadline passes and no mail is sent. A database that cannot be read is a 503 too
(``"web": "database unavailable"``). No login is needed and nothing secret is shown.
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import DatabaseError
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from umpire.server.models import Lease

HEARTBEAT = "worker-heartbeat"


def beat(now: datetime | None = None) -> None:
    """The worker is alive now (one indexed UPDATE; the row is made on the first beat)."""
    now = now or timezone.now()
    if not Lease.objects.filter(name=HEARTBEAT).update(until=now):
        Lease.objects.get_or_create(name=HEARTBEAT, defaults={"until": now})


def stale_after() -> float:
    return float(getattr(settings, "UMPIRE_HEARTBEAT_STALE_SECONDS", 30))


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    now = timezone.now()
    try:
        last = Lease.objects.filter(name=HEARTBEAT).values_list("until", flat=True).first()
    except DatabaseError:
        return JsonResponse({"web": "database unavailable", "worker": None}, status=503)
    if last is None:
        none: dict[str, str | float | None] = {"last_heartbeat": None, "age_s": None}
        return JsonResponse({"web": "ok", "worker": none}, status=503)
    age = max((now - last).total_seconds(), 0.0)
    worker = {"last_heartbeat": last.isoformat().replace("+00:00", "Z"), "age_s": round(age, 1)}
    return JsonResponse(
        {"web": "ok", "worker": worker}, status=200 if age <= stale_after() else 503
    )
