"""The built-in games. Importing this package registers each of them."""

from importlib import import_module

# One line per game package; each registers its Ruleset when imported.
BUILTIN = ("origins", "battleplan", "diplomacy")

for _name in BUILTIN:
    import_module(f"umpire.games.{_name}")
