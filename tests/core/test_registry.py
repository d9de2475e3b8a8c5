import pytest

from umpire import games
from umpire.core import registry
from umpire.core.registry import GameUnavailable, UnknownGame


def test_games_are_found_by_name_and_alias_in_any_case() -> None:
    assert registry.get("origins") is registry.get("OWW")
    assert registry.get(" Battle-Plan ").info.name == "battleplan"


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGame, match=r"unknown game 'chess'.*origins"):
        registry.get("chess")


def test_a_broken_game_package_does_not_hide_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.FAILED, "conquest", "SyntaxError: invalid syntax")
    with pytest.raises(GameUnavailable, match="'conquest' could not be loaded: SyntaxError"):
        registry.get("conquest")
    assert registry.get("origins").info.name == "origins"


def test_every_builtin_game_imports() -> None:
    assert games.FAILED == {}
    # a package's game may be registered under another name (spi_ww2 registers "spi-ww2")
    names = {g.info.name for g in registry.all_games()}
    assert {registry.get(package).info.name for package in games.BUILTIN} <= names
