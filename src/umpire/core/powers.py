"""A power as a person names it: its code or its full name, in any case, spaces and
punctuation ignored (``GER``, ``Germany``), alone or in a list of recipients
(``Great Britain (GB)``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from umpire.core import errors, registry
from umpire.core.errors import SessionError
from umpire.core.record import GameRecord


def _key(name: str) -> str:
    return "".join(ch for ch in name.upper() if ch.isalnum())


def power_named(name: str, powers: Iterable[str], names: Mapping[str, str] | None = None) -> str:
    """The power of ``powers`` that ``name`` means: its code or its full name, in any case,
    spaces and punctuation ignored (``GER``, ``Germany``, `` germany ``). Raises SessionError
    ``game/unknown_power``.

    >>> power_named(" germany", ["FRA", "GER"], {"GER": "Germany", "FRA": "France"})
    'GER'
    >>> power_named("fra", ["FRA", "GER"])
    'FRA'
    """
    seated = list(powers)
    wanted = _key(name)
    full = names or {}
    for p in seated:
        if wanted and wanted in (_key(p), _key(full.get(p, ""))):
            return p
    raise SessionError.of(errors.UNKNOWN_POWER, power=repr(name), powers=", ".join(seated))


def powers_named(
    words: Sequence[str], powers: Iterable[str], names: Mapping[str, str] | None = None
) -> list[str]:
    """The powers of ``powers`` that ``words`` (a recipient list split at spaces and commas)
    mean, each once, in the order named: codes, full names of one word or more, and the form
    a receipt shows, a name with its code in brackets (``Great Britain (GB)``). Raises
    SessionError ``game/unknown_power`` for the first words that name no power.

    >>> names = {"GB": "Great Britain", "FR": "France", "UK": "Ukraine"}
    >>> powers_named(["great", "Britain", "(GB)", "uk"], ["GB", "FR", "UK"], names)
    ['GB', 'UK']
    >>> powers_named(["France", "(FR)", "Great", "Britain"], ["GB", "FR", "UK"], names)
    ['FR', 'GB']
    """
    seated = list(powers)
    full = names or {}
    keys = {p: {_key(p), _key(full.get(p, ""))} - {""} for p in seated}
    found: list[str] = []
    at = 0
    while at < len(words):
        for end in range(len(words), at, -1):  # the longest run of words that names a power
            wanted = _key("".join(words[at:end]))
            match = [p for p in seated if wanted in keys[p]]
            if match:
                if match[0] not in found:
                    found.append(match[0])
                at = end
                break
        else:
            raise SessionError.of(
                errors.UNKNOWN_POWER, power=repr(words[at]), powers=", ".join(seated)
            )
    return found


def resolve_power(record: GameRecord, power: str) -> str:
    """The seated power ``power`` names (code or full name, any case); see :func:`power_named`.

    Every reading and submission names its power (a turn's views and printouts, one for each
    reader): the powers' keys are worked out once per game and seating (:func:`_named`), not
    for every power at every call."""
    named = _named(record.game, record.scenario, tuple(record.powers))
    found = named.get(power)  # a code as it is written (its own key): the common case
    if found is None:
        found = named.get(_key(power))
    if found is not None:
        return found
    names = _full_names(record.game, record.scenario)
    return power_named(power, record.powers, names)  # raises: it names no seated power


def _full_names(game: str, scenario: str) -> dict[str, str]:
    try:
        return dict(registry.game(game).info.scenario(scenario).names)
    except KeyError:
        return {}


@lru_cache(maxsize=512)
def _named(game: str, scenario: str, powers: tuple[str, ...]) -> dict[str, str]:
    """The key of each code and full name of ``powers`` -> the power :func:`power_named`
    gives for it: the first of ``powers`` it is a key of (read only: shared)."""
    full = _full_names(game, scenario)
    index: dict[str, str] = {}
    for p in powers:
        for key in (_key(p), _key(full.get(p, ""))):
            if key:
                index.setdefault(key, p)
    return index
