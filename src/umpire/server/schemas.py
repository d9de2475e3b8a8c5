"""What the service accepts at its edge: text types with limits, and the game settings schema.

Every text a client sends is checked here before anything else sees it: no NUL, no lone
surrogate (text that is not valid UTF-8), and a length limit; numbers have ranges and are
never NaN or infinite. The game settings schema (the service's own keys plus the model of
rules each game's record declares, :attr:`umpire.core.ruleset.Game.settings`) is published in
the OpenAPI document and checked again by :func:`check_settings` whenever a game is created, so the
command line and the web get the same refusals as the API.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import validate_email
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
)

from umpire.core import registry
from umpire.core.settings import NO_NUL, clean_text
from umpire.server.errors import GAME_BAD_SETTINGS, refuse

# Limits (documented in docs/server.md).
ORDERS_MAX_BYTES = 64 * 1024
PRESS_MAX_CHARS = 10_000
NAME_MAX = 120
USERNAME_MAX = 150
EMAIL_MAX = 254
PASSWORD_MAX = 128
POWER_MAX = 40
SUMMARY_MAX = 2_000
LIST_MAX = 50
MAX_ID = 2**53  # ids and turn numbers beyond this are refused, not passed to the database
MAX_MINUTES = 366 * 24 * 60  # a year
REQUEST_MAX_BYTES = 256 * 1024

Clean = AfterValidator(clean_text)


# The ``at`` of a deadline: a time of day, H:MM or HH:MM (``_clock``).
CLOCK = r"^([01]?[0-9]|2[0-3]):[0-5][0-9]$"
# The minimum length of a new password (Django's MinimumLengthValidator, settings.py).
PASSWORD_MIN = 8


def _max(n: int, least: int = 0) -> StringConstraints:
    return StringConstraints(max_length=n, min_length=least, pattern=NO_NUL)


def _email(value: str) -> str:
    if value:
        try:
            validate_email(value)
        except DjangoValidationError as err:
            raise ValueError("is not a valid email address") from err
    return value


def _orders(value: str) -> str:
    if len(value.encode("utf-8")) > ORDERS_MAX_BYTES:
        raise ValueError(f"orders are limited to {ORDERS_MAX_BYTES // 1024} KiB")
    return value


Name = Annotated[str, _max(NAME_MAX), Clean]
DisplayName = Annotated[str, _max(80), Clean]
Key = Annotated[str, _max(40, 1), Clean]  # a game's or a phase kind's name
ScenarioName = Annotated[str, _max(80), Clean]
Username = Annotated[str, _max(USERNAME_MAX, 1), Clean]
Password = Annotated[str, _max(PASSWORD_MAX), Clean]
NewPassword = Annotated[str, _max(PASSWORD_MAX, PASSWORD_MIN), Clean]
Email = Annotated[
    str,
    _max(EMAIL_MAX),
    Clean,
    AfterValidator(_email),
    Field(json_schema_extra={"format": "email"}),
]
Power = Annotated[str, _max(POWER_MAX, 1), Clean]
OrdersText = Annotated[str, _max(4 * ORDERS_MAX_BYTES), Clean, AfterValidator(_orders)]
PressText = Annotated[str, _max(PRESS_MAX_CHARS), Clean]
Summary = Annotated[str, _max(SUMMARY_MAX), Clean]
ShortText = Annotated[str, _max(200), Clean]
ShortName = Annotated[str, _max(80, 1), Clean]
Id = Annotated[int, Field(ge=1, le=MAX_ID)]
TurnNumber = Annotated[int, Field(ge=0, le=MAX_ID)]
PAGE_MAX = 200
PageSize = Annotated[int, Field(ge=1, le=PAGE_MAX)]
Minutes = Annotated[float, Field(ge=0, le=MAX_MINUTES, allow_inf_nan=False)]
PositiveMinutes = Annotated[float, Field(gt=0, le=MAX_MINUTES, allow_inf_nan=False)]


# --- game settings -----------------------------------------------------------------------


def _clock(value: str) -> str:
    hour, _, minute = value.partition(":")
    if not (hour.isascii() and hour.isdigit() and minute.isascii() and minute.isdigit()):
        raise ValueError("must be a time HH:MM")
    if not (0 <= int(hour) < 24 and 0 <= int(minute) < 60 and len(minute) == 2):
        raise ValueError("must be a time HH:MM")
    return value


# The time zones a deadline may name: the IANA database's (published as the schema's enum).
ZONES = sorted(available_timezones() | {"UTC"})
_ZONE_SET = frozenset(ZONES)


def _zone(value: str) -> str:
    if value not in _ZONE_SET:
        raise ValueError(f"{value!r} is not a known time zone (e.g. Europe/Paris)")
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError) as err:
        raise ValueError(f"{value!r} is not a known time zone (e.g. Europe/Paris)") from err
    return value


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class DeadlineSettings(Strict):
    """When each turn is due: 0 minutes means processed only when the GM says so."""

    minutes: Minutes = 48 * 60
    by_kind: dict[Key, Minutes] = Field(default_factory=dict, max_length=20)
    at: (
        Annotated[
            str, StringConstraints(max_length=5, pattern=CLOCK), Clean, AfterValidator(_clock)
        ]
        | None
    ) = None
    timezone: Annotated[
        str, _max(64), Clean, AfterValidator(_zone), Field(json_schema_extra={"enum": ZONES})
    ] = "UTC"


class AwaySettings(Strict):
    """What a player's declared absence does in the game (``umpire.server.absence``)."""

    policy: Literal["extend", "standing", "sitter"] = "extend"
    limit_days: Annotated[int, Field(ge=0, le=60)] = 7  # moved deadlines per player, in all


def _rules_models() -> tuple[type[BaseModel], ...]:
    """The settings model of every installed game and scenario (its record's), for the OpenAPI
    document; each game's own is applied again by :func:`check_settings`."""
    found = [m for game in registry.installed() for m in game.settings_models()]
    return tuple(dict.fromkeys(found))


Scalar = Annotated[int, Field(ge=-MAX_ID, le=MAX_ID)] | ShortText | bool | Minutes


if TYPE_CHECKING:
    Rules = dict[str, Any]
else:  # every game's own model, else any key of a game that declares none
    Rules = Union[(*_rules_models(), dict[Key, Scalar])]


# A seat is offered after this many turns missed in a row, unless the game says otherwise.
OFFER_AFTER_MISSED = 2


class GameSettings(Strict):
    """The service's own settings of a game, and ``rules`` for the game itself."""

    press: Literal["none", "broadcast", "full"] = "full"
    anonymous_press: bool = False
    nmr: Literal["rules", "bot"] = "rules"
    deadline: DeadlineSettings = Field(default_factory=DeadlineSettings)
    grace_minutes: Minutes = 0
    away: AwaySettings = Field(default_factory=AwaySettings)
    reminder_minutes: Minutes = 24 * 60
    fill_with_bots: bool = False
    open_bot_seats: bool = False
    standby_pool: bool = False  # standbys volunteer for any game of the kind, not this one
    email: bool = True
    unrated: bool = False  # the game changes no rating (community.py)
    min_reliability: Annotated[int, Field(ge=0, le=100)] | None = None  # percent, to join
    max_missed: Annotated[int, Field(ge=0, le=10_000)] | None = None  # missed turns, to join
    # Replacements (usecases.offers): a seat whose player missed this many turns in a row is
    # offered to newcomers (0: never); with takeover_approval the game master approves each.
    offer_after_missed: Annotated[int, Field(ge=0, le=1_000)] = OFFER_AFTER_MISSED
    takeover_approval: bool = False
    powers: list[Power] | None = Field(default=None, max_length=LIST_MAX)
    rules: Rules = Field(
        default_factory=dict,
        description="the game's own settings: see the schema of each game",
    )


def _fields(err: ValidationError, prefix: str) -> dict[str, str]:
    """The fields of a ``game/bad_settings`` message: where the first problem is, and what."""
    first = err.errors()[0]
    where = ".".join(str(p) for p in (prefix, *first["loc"]) if p != "")
    return {"where": where, "problem": str(first["msg"])}


def check_settings(game: str, settings: Any, scenario: str | None = None) -> dict[str, Any]:
    """The settings of a new game of ``game``, checked; a ``game/bad_settings`` error names
    the first bad key. Keys not given stay absent (their defaults apply)."""
    if not isinstance(settings, dict):
        raise refuse(GAME_BAD_SETTINGS, where="settings", problem="must be an object")
    try:
        GameSettings.model_validate(settings)
    except ValidationError as err:
        raise refuse(GAME_BAD_SETTINGS, **_fields(err, "settings")) from err
    rules = settings.get("rules", {})
    try:
        model = registry.game(game).settings_for(scenario)
    except KeyError:  # no such game (refused where it is looked up) or scenario: no model here
        model = None
    if model is not None:
        try:
            model.model_validate(rules)
        except ValidationError as err:
            raise refuse(GAME_BAD_SETTINGS, **_fields(err, "settings.rules")) from err
    return dict(settings)


def finite(value: float) -> bool:
    return isinstance(value, int | float) and math.isfinite(value)
