"""The registry of games: name or alias -> :class:`~umpire.core.ruleset.Game`.

Games plug in through Python entry points in the group ``umpire.games``: each names a game
package's ``GAME`` (a :class:`~umpire.core.ruleset.Game`), e.g. in ``pyproject.toml``::

    [project.entry-points."umpire.games"]
    origins = "umpire.games.origins:GAME"

so a game outside this repository is installed (``pip install``) and registered the same way.
Core imports no game, and loads only what it is asked for: looking a game up by the name of its
entry point (the name a record keeps) loads that entry point alone, so a command on one game
never imports the others; a name no entry point has (an alias) and the listings load every
entry point, once. An entry point that fails to load is recorded with its cause instead of
breaking every other game; looking that game up raises :class:`GameUnavailable` naming the
cause.
"""

from __future__ import annotations

import threading
from importlib.metadata import EntryPoint, entry_points

from umpire.core.ruleset import AnyRuleset, Game

GROUP = "umpire.games"

_GAMES: dict[str, Game] = {}
_ALIASES: dict[str, str] = {}
_INSTALLED: dict[str, Game] = {}  # the games that came from entry points
FAILED: dict[str, str] = {}  # entry-point name -> why it could not be loaded
_discovered = False
# Threads (the worker's scheduler, mail and task threads) may look a game up at once: the
# first discovers, the others wait for it instead of finding the registry half filled.
_DISCOVERY = threading.RLock()


class UnknownGame(KeyError):
    def __init__(self, name: str) -> None:
        known = ", ".join(sorted(_GAMES))
        super().__init__(f"unknown game {name!r} (known: {known})")
        self.message = f"unknown game {name!r} (known: {known})"

    def __str__(self) -> str:
        return self.message


class GameUnavailable(UnknownGame):
    """An installed game whose entry point failed to load; the other games still work."""

    def __init__(self, name: str, cause: str) -> None:
        super().__init__(name)
        self.message = f"game {name!r} could not be loaded: {cause}"


def register_game(game: Game) -> Game:
    name = game.info.name.lower()
    _GAMES[name] = game
    for alias in (name, *game.info.aliases):
        _ALIASES[alias.lower()] = name
    return game


def register(ruleset: AnyRuleset) -> AnyRuleset:
    """Register a game whose every scenario is played by ``ruleset`` (tests, toy games)."""
    register_game(Game.single(ruleset))
    return ruleset


def load_entry_point(entry: EntryPoint) -> Game:
    """The :class:`Game` an entry point names; TypeError if it names something else."""
    found = entry.load()
    if not isinstance(found, Game):
        raise TypeError(f"{entry.value} is a {type(found).__name__}, not a Game")
    return found


def _install(entry: EntryPoint) -> None:
    """Register the game of one entry point, or record why it could not be loaded."""
    try:
        found = register_game(load_entry_point(entry))
        _INSTALLED[found.info.name.lower()] = found
        FAILED.pop(entry.name.lower(), None)
    except Exception as err:  # isolated: reported through GameUnavailable
        FAILED[entry.name.lower()] = f"{type(err).__name__}: {err}"


def _load_named(name: str) -> None:
    """Load the entry points called ``name`` (any case) alone, not the other games."""
    with _DISCOVERY:
        if name in _ALIASES:  # another thread loaded it meanwhile
            return
        for entry in entry_points(group=GROUP):
            if entry.name.lower() == name:
                _install(entry)


def discover(*, again: bool = False) -> dict[str, str]:
    """Register every game installed under the ``umpire.games`` entry points (once, unless
    ``again``); the entry points that failed, with their cause."""
    global _discovered
    with _DISCOVERY:
        if _discovered and not again:
            return FAILED
        _discovered = True  # set first: a game module that looks a game up does not recurse
        for entry in entry_points(group=GROUP):
            _install(entry)  # one loaded alone before is the same module: registered again
        return FAILED


def game(name: str) -> Game:
    """The game ``name`` (or alias) denotes, in any case. Its own entry point is tried first
    and alone; every entry point is loaded only when that does not find it."""
    wanted = name.strip().lower()
    key = _ALIASES.get(wanted)
    if key is None and not _discovered:
        _load_named(wanted)
        key = _ALIASES.get(wanted)
    if key is None:
        failed = discover()
        key = _ALIASES.get(wanted)
        if key is None:
            if wanted in failed:
                raise GameUnavailable(wanted, failed[wanted])
            raise UnknownGame(name)
    return _GAMES[key]


def get(name: str, scenario: str | None = None) -> AnyRuleset:
    """The ruleset of game ``name`` for ``scenario`` (None: its default scenario)."""
    return game(name).ruleset(scenario)


def all_registered() -> list[Game]:
    """Every registered game, by name."""
    discover()
    return [_GAMES[k] for k in sorted(_GAMES)]


def installed() -> list[Game]:
    """The games installed through entry points (not those registered by hand), by name."""
    discover()
    return [_INSTALLED[k] for k in sorted(_INSTALLED)]


def all_games() -> list[AnyRuleset]:
    """The default-scenario ruleset of every game (its ``info`` lists the scenarios)."""
    return [g.ruleset() for g in all_registered()]


def all_scenarios() -> list[tuple[str, str, AnyRuleset]]:
    """(game, scenario, ruleset) for every scenario of every game."""
    return [
        (g.info.name, s.name, g.ruleset(s.name)) for g in all_registered() for s in g.info.scenarios
    ]
