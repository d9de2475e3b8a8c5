import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from umpire.core import registry
from umpire.core.registry import GameUnavailable, UnknownGame

BUILTIN = ("origins", "battleplan", "diplomacy", "spi-ww2", "conquest")


def test_games_are_found_by_name_and_alias_in_any_case() -> None:
    assert registry.get("origins") is registry.get("OWW")
    assert registry.get(" Battle-Plan ").info.name == "battleplan"


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGame, match=r"unknown game 'chess'.*origins"):
        registry.get("chess")


def test_every_builtin_game_loads_through_its_entry_point() -> None:
    registry.discover()
    assert {k: v for k, v in registry.FAILED.items() if k in BUILTIN} == {}
    assert {g.info.name for g in registry.all_registered()} >= set(BUILTIN)


def test_every_scenario_of_every_game_has_its_ruleset() -> None:
    found = {(g, s) for g, s, _ in registry.all_scenarios()}
    assert ("diplomacy", "1939-iii") in found
    assert ("diplomacy", "standard") in found
    for game, scenario, ruleset in registry.all_scenarios():
        assert registry.get(game, scenario) is ruleset


EXTERNAL_GAME = """
from tests.support.toygame import Pebbles
from umpire.core.ruleset import Game, GameInfo, ScenarioInfo


class Marbles(Pebbles):
    info = GameInfo("marbles", "Marbles (installed from outside)", (),
                    (ScenarioInfo("standard", "Marbles", ("RED", "BLUE"), 2, 2),), True, True)


GAME = Game.single(Marbles())
"""


def install(folder: Path, entry_points: str, modules: dict[str, str]) -> None:
    """A distribution installed into ``folder`` (on sys.path): its entry points and modules."""
    info = folder / "outside_games-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: outside-games\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)
    for name, text in modules.items():
        (folder / f"{name}.py").write_text(text)


@pytest.fixture
def outside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Installs nothing itself; restores the registry and sys.path after the test."""
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    monkeypatch.setattr(registry, "_ALIASES", dict(registry._ALIASES))
    monkeypatch.setattr(registry, "FAILED", dict(registry.FAILED))
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in ("outside_marbles", "outside_broken", "outside_wrong"):
        sys.modules.pop(name, None)


def test_a_game_installed_from_outside_is_registered_and_playable(outside: Path) -> None:
    from umpire.core import session

    install(
        outside,
        "[umpire.games]\nmarbles = outside_marbles:GAME\n",
        {"outside_marbles": EXTERNAL_GAME},
    )
    registry.discover(again=True)
    record = session.create("marbles", seed=1)
    session.bot_submit(record, "RED")
    session.process(record)
    assert len(record.turns) == 1
    assert registry.get("origins").info.name == "origins"


def test_a_broken_entry_point_isolates_itself_with_its_cause(outside: Path) -> None:
    install(
        outside,
        "[umpire.games]\nbrokengame = outside_broken:GAME\nwrong = outside_wrong:GAME\n",
        {"outside_broken": "raise SyntaxError('invalid syntax')\n", "outside_wrong": "GAME = 3\n"},
    )
    registry.discover(again=True)
    with pytest.raises(GameUnavailable, match="'brokengame' could not be loaded: SyntaxError"):
        registry.get("brokengame")
    with pytest.raises(
        GameUnavailable, match=r"'wrong' could not be loaded: TypeError.*not a Game"
    ):
        registry.get("wrong")
    assert registry.get("origins").info.name == "origins"
    assert {g.info.name for g in registry.all_registered()} >= set(BUILTIN)


def test_threads_looking_games_up_during_discovery_wait_for_it(
    outside: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker's threads look games up at once at start: none may find the registry half
    filled (it answered "unknown game 'origins' (known: )")."""
    import threading
    import time

    install(
        outside,
        "[umpire.games]\nmarbles = outside_marbles:GAME\n",
        {"outside_marbles": EXTERNAL_GAME},
    )
    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "_ALIASES", {})
    monkeypatch.setattr(registry, "_discovered", False)
    real = registry.load_entry_point

    def slow(entry):  # type: ignore[no-untyped-def]
        time.sleep(0.05)
        return real(entry)

    monkeypatch.setattr(registry, "load_entry_point", slow)
    found: list[str] = []
    first = threading.Thread(target=registry.discover)
    first.start()
    time.sleep(0.01)  # the first thread is inside discovery now
    found.append(registry.get("marbles").info.name)
    first.join()
    assert found == ["marbles"]
