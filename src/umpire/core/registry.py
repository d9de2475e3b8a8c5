"""The registry of games: name or alias -> :class:`~umpire.core.ruleset.Game`."""

from __future__ import annotations

from typing import Any

from umpire.core.ruleset import Game, Ruleset

_GAMES: dict[str, Game] = {}
_ALIASES: dict[str, str] = {}


class UnknownGame(KeyError):
    def __init__(self, name: str) -> None:
        known = ", ".join(sorted(_GAMES))
        super().__init__(f"unknown game {name!r} (known: {known})")
        self.message = f"unknown game {name!r} (known: {known})"

    def __str__(self) -> str:
        return self.message


def register_game(game: Game) -> Game:
    name = game.info.name.lower()
    _GAMES[name] = game
    for alias in (name, *game.info.aliases):
        _ALIASES[alias.lower()] = name
    return game


def register(ruleset: Ruleset[Any, Any]) -> Ruleset[Any, Any]:
    """Register a game whose every scenario is played by ``ruleset``."""
    register_game(Game.single(ruleset))
    return ruleset


class GameUnavailable(UnknownGame):
    """A built-in game whose package failed to import; the other games still work."""

    def __init__(self, name: str, cause: str) -> None:
        super().__init__(name)
        self.message = f"game {name!r} could not be loaded: {cause}"


def game(name: str) -> Game:
    failed = _load_builtin()
    wanted = name.strip().lower()
    key = _ALIASES.get(wanted)
    if key is None:
        if wanted in failed:
            raise GameUnavailable(wanted, failed[wanted])
        raise UnknownGame(name)
    return _GAMES[key]


def get(name: str, scenario: str | None = None) -> Ruleset[Any, Any]:
    """The ruleset of game ``name`` for ``scenario`` (None: its default scenario)."""
    return game(name).ruleset(scenario)


def all_games() -> list[Ruleset[Any, Any]]:
    """The default-scenario ruleset of every game (its ``info`` lists the scenarios)."""
    _load_builtin()
    return [_GAMES[k].ruleset() for k in sorted(_GAMES)]


def all_scenarios() -> list[tuple[str, str, Ruleset[Any, Any]]]:
    """(game, scenario, ruleset) for every scenario of every game."""
    _load_builtin()
    return [
        (k, s.name, _GAMES[k].ruleset(s.name))
        for k in sorted(_GAMES)
        for s in _GAMES[k].info.scenarios
    ]


def _load_builtin() -> dict[str, str]:
    """Import the built-in games (once); the packages that failed, with their error."""
    from umpire import games  # registers the built-in games on import

    return games.FAILED
