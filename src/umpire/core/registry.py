"""The registry of games: name or alias -> Ruleset."""

from __future__ import annotations

from typing import Any

from umpire.core.ruleset import Ruleset

_GAMES: dict[str, Ruleset[Any, Any]] = {}
_ALIASES: dict[str, str] = {}


class UnknownGame(KeyError):
    def __init__(self, name: str) -> None:
        known = ", ".join(sorted(_GAMES))
        super().__init__(f"unknown game {name!r} (known: {known})")
        self.message = f"unknown game {name!r} (known: {known})"

    def __str__(self) -> str:
        return self.message


def register(ruleset: Ruleset[Any, Any]) -> Ruleset[Any, Any]:
    name = ruleset.info.name.lower()
    _GAMES[name] = ruleset
    for alias in (name, *ruleset.info.aliases):
        _ALIASES[alias.lower()] = name
    return ruleset


class GameUnavailable(UnknownGame):
    """A built-in game whose package failed to import; the other games still work."""

    def __init__(self, name: str, cause: str) -> None:
        super().__init__(name)
        self.message = f"game {name!r} could not be loaded: {cause}"


def get(name: str) -> Ruleset[Any, Any]:
    failed = _load_builtin()
    wanted = name.strip().lower()
    key = _ALIASES.get(wanted)
    if key is None:
        if wanted in failed:
            raise GameUnavailable(wanted, failed[wanted])
        raise UnknownGame(name)
    return _GAMES[key]


def all_games() -> list[Ruleset[Any, Any]]:
    _load_builtin()
    return [_GAMES[k] for k in sorted(_GAMES)]


def _load_builtin() -> dict[str, str]:
    """Import the built-in games (once); the packages that failed, with their error."""
    from umpire import games  # registers the built-in games on import

    return games.FAILED
