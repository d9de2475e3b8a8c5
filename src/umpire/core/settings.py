"""The game master's settings of a game, as a typed model each game declares in its record
(:attr:`umpire.core.ruleset.Game.settings`).

One model per game (and per scenario that takes others) is the one source of what a game takes:
the API validates a new game's ``settings.rules`` with it (and lists it in its OpenAPI
document), the console's new-game form and ``umpire new --set`` check with it. Each model is
strict (no type coercion) and refuses a key it does not declare, so a misspelt setting is never
silently ignored; ``new_game`` still reads the keys it knows, each with its default.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, StringConstraints, ValidationError

NO_NUL = r"^[^\x00]*$"  # written into the OpenAPI document as each text's pattern


def clean_text(value: str) -> str:
    """Refuse NUL and text that is not valid UTF-8 (lone surrogates)."""
    if "\x00" in value:
        raise ValueError("must not contain a NUL character")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as err:
        raise ValueError("must be valid UTF-8 text") from err
    return value


Clean = AfterValidator(clean_text)


def text(longest: int, least: int = 0) -> StringConstraints:
    """A text of ``least`` to ``longest`` characters, without NUL."""
    return StringConstraints(max_length=longest, min_length=least, pattern=NO_NUL)


Key = Annotated[str, text(40, 1), Clean]  # a name: a game's, a phase kind's, a country's
Name = Annotated[str, text(80), Clean]  # a scenario's name, or empty
MAX_ID = 2**53  # numbers beyond this are refused (the API's ids and turn numbers too)
LIST_MAX = 50  # the longest list or table a setting holds


class Settings(BaseModel):
    """A game's settings: strict types, no key it does not declare."""

    model_config = ConfigDict(extra="forbid", strict=True)


def problem(err: ValidationError, prefix: str = "") -> tuple[str, str]:
    """Where the first problem of ``err`` is (dotted, after ``prefix``) and what it is."""
    first = err.errors()[0]
    where = ".".join(str(p) for p in (prefix, *first["loc"]) if p != "")
    return where, str(first["msg"])


def check(model: type[BaseModel] | None, settings: Mapping[str, Any]) -> None:
    """Raise ValueError naming the first bad key where ``settings`` do not fit ``model`` (None:
    the game judges its settings alone)."""
    if model is None:
        return
    unknown = sorted(set(settings) - set(model.model_fields))
    if unknown:
        known = ", ".join(model.model_fields) or "none"
        raise ValueError(f"unknown setting(s) {', '.join(map(str, unknown))} (known: {known})")
    try:
        model.model_validate(dict(settings))
    except ValidationError as err:
        where, what = problem(err)
        raise ValueError(f"setting {where}: {what}") from None
