"""Every request and answer schema of the API has a name of its own: the OpenAPI document
names its components by class name, so two classes of one name (a player's ``TakeoverIn`` and
the game master's decision on a takeover) would give one of the operations the other's body,
and a valid request would be refused."""

from __future__ import annotations

import importlib
import pkgutil
from collections import defaultdict

from ninja import Schema

import umpire.server.api as api


def test_no_two_api_schemas_share_a_name() -> None:
    for info in pkgutil.iter_modules(api.__path__):
        importlib.import_module(f"{api.__name__}.{info.name}")
    where: dict[str, set[str]] = defaultdict(set)
    stack = list(Schema.__subclasses__())
    while stack:
        cls = stack.pop()
        stack += cls.__subclasses__()
        if cls.__module__.startswith(api.__name__ + "."):
            where[cls.__name__].add(cls.__module__)
    assert where, "no API schema found"
    assert {n: m for n, m in where.items() if len(m) > 1} == {}
