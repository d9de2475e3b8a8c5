"""The built-in games. Importing this package registers each of them."""

from importlib import import_module

# One entry per game package; each registers its Ruleset when imported.
BUILTIN = ("origins", "battleplan", "diplomacy", "spi_ww2")

# A package that fails to import is recorded here instead of breaking every other game:
# looking it up in the registry then raises with the cause (see umpire.core.registry).
FAILED: dict[str, str] = {}

for _name in BUILTIN:
    try:
        import_module(f"umpire.games.{_name}")
    except Exception as _err:  # reported through the registry
        FAILED[_name] = f"{type(_err).__name__}: {_err}"
