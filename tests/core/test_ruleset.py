"""``implements``: the protocol checks of the session and the service, as ``isinstance``
decides them, without Python 3.11's cost of listing the protocol's members on every call."""

from __future__ import annotations

from typing import Any

import pytest

from umpire.core import registry
from umpire.core.ruleset import (
    HasDeclaredEnd,
    HasDrawVotes,
    HasNewspaper,
    HasOrderNumber,
    HasOrderOptions,
    HasOrderPlaces,
    HasOrderSteps,
    HasPublicView,
    HasSeating,
    Ruleset,
    implements,
)

PROTOCOLS: list[Any] = [
    Ruleset, HasDeclaredEnd, HasNewspaper, HasPublicView, HasSeating,
    HasOrderOptions, HasOrderPlaces, HasOrderNumber, HasOrderSteps, HasDrawVotes,
]  # fmt: skip


@pytest.mark.parametrize("protocol", PROTOCOLS, ids=lambda p: p.__name__)
def test_implements_decides_as_isinstance_for_every_game(protocol: Any) -> None:
    games = registry.all_games()
    assert len(games) >= 5
    for ruleset in games:
        assert implements(ruleset, protocol) == isinstance(ruleset, protocol), ruleset
    assert not implements(object(), protocol)


def test_a_member_given_to_one_instance_later_counts_for_that_instance_only() -> None:
    class Plain:
        pass

    first, second = Plain(), Plain()
    assert not implements(first, HasNewspaper)
    first.newspaper = lambda state, events: "THE POST"  # type: ignore[attr-defined]
    assert implements(first, HasNewspaper) and isinstance(first, HasNewspaper)
    assert not implements(second, HasNewspaper)
