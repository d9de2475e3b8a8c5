"""The static files, collected into ``STATIC_ROOT`` when they changed since the last collection.

The pages name their CSS and scripts by ``{% static %}``, which reads the manifest that
Django's ``collectstatic`` writes (WhiteNoise's ``CompressedManifestStaticFilesStorage``:
``settings.py``); without it every page fails. ``umpire serve`` therefore collects at every
start, so that a fresh clone, or an upgrade that changed a file, serves at once. Collecting
costs seconds of CPU (Brotli at its best on the admin's and the API documentation's large
scripts), and it is the same work every time the files have not changed: :func:`collect`
first compares a fingerprint of the source files (name, size, modification time) and of the
storage settings with the one left by the last collection, and collects only when they
differ. A lock on the directory keeps two processes (two test workers, a server starting
while another runs) from collecting into it at once.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
from pathlib import Path

STAMP = ".umpire-collected"  # in STATIC_ROOT: the fingerprint of the last collection
IGNORED = ["CVS", ".*", "*~"]  # collectstatic's own default ignore patterns


def fingerprint() -> str:
    """What the collected files depend on: every source file the finders list (its name, size
    and modification time) and the settings that decide how they are stored."""
    from django.conf import settings
    from django.contrib.staticfiles import finders

    rows: list[tuple[str, str, int, int]] = []
    for finder in finders.get_finders():
        for name, storage in finder.list(IGNORED):
            stat = Path(storage.path(name)).stat()
            rows.append((name, str(storage.location), stat.st_size, stat.st_mtime_ns))
    conf = {
        "storage": settings.STORAGES["staticfiles"],
        "skip": list(getattr(settings, "WHITENOISE_SKIP_COMPRESS_EXTENSIONS", [])),
        "hashed_only": getattr(settings, "WHITENOISE_KEEP_ONLY_HASHED_FILES", False),
        "url": settings.STATIC_URL,
    }
    blob = json.dumps([sorted(rows), conf], sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


def collect(*, force: bool = False) -> bool:
    """Collect the static files into ``STATIC_ROOT`` unless they are collected already (as the
    fingerprint says; ``force`` collects anyway). True when it collected."""
    from django.conf import settings
    from django.core.management import call_command

    root = Path(settings.STATIC_ROOT)
    root.mkdir(parents=True, exist_ok=True)
    stamp = root / STAMP
    with open(root / ".umpire-lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        wanted = fingerprint()
        manifest = root / "staticfiles.json"
        if not force and manifest.exists() and _read(stamp) == wanted:
            return False
        stamp.unlink(missing_ok=True)  # a collection cut short leaves no stamp behind
        call_command("collectstatic", interactive=False, verbosity=0)
        stamp.write_text(wanted)
    return True


def _read(path: Path) -> str | None:
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        return None
