"""Vendored JavaScript (``scripts/vendor_js``): a test tool (axe-core) is kept where only the
browser tests load it, never among what the pages ship."""

from __future__ import annotations

from pathlib import Path

from django.contrib.staticfiles import finders
from django.test import Client

VENDOR = Path(__file__).with_name("vendor")


def test_axe_core_is_vendored_with_its_licence_for_the_tests() -> None:
    script = (VENDOR / "axe.min.js").read_text(encoding="utf-8")
    assert "axe v4.14.1" in script[:300]  # the version the vendor README records
    assert "Mozilla Public License" in (VENDOR / "axe.LICENSE.txt").read_text(encoding="utf-8")


def test_axe_core_is_not_among_the_static_files_nor_served() -> None:
    shipped = [path for finder in finders.get_finders() for path, _ in finder.list([])]
    assert shipped and not [p for p in shipped if "axe" in Path(p).name]
    for url in ("/static/web/vendor/axe.min.js", "/static/axe.min.js"):
        assert Client().get(url).status_code == 404
