"""The problem codes of Multi-Player World War II, declared once with their messages."""

from __future__ import annotations

from umpire.core.errors import Catalogue
from umpire.core.problems import OrderError

CODES = Catalogue("spi-ww2")

_MESSAGES: dict[str, str] = {
    "syntax/unknown_order": "not an order: {text!r} (orders: PLACE MOVE RAIL SHIP LAND ATTACK "
    "PERMIT REFUSE LENDLEASE PEACE OBJECTIVES PASS)",
    "syntax/bad_order": "cannot read {text!r}: expected {expected}",
    "syntax/too_long": "line too long ({size} characters; at most {limit})",
    "order/unknown_hex": "no hex or place {text!r} on the map",
    "order/unknown_nationality": "no nationality {text!r}",
    "order/unknown_power": "no power {text!r} in this game",
    "order/unknown_country": "no country {text!r} on the National Objectives Chart",
    "illegal/wrong_phase": "{what} cannot be ordered in this phase ({phase})",
    "illegal/not_yours": "{nat} is not a nationality you operate now",
    "illegal/not_enough": "only {have} {nat} SP at {hex}, not {want}",
    "illegal/no_path": "{nat} cannot reach {to} from {frm} this turn: {why}",
    "illegal/stacking": "{hex} would hold {sp} SP, above the stacking limit of {limit}",
    "illegal/pool": "only {have} {nat} SP to place, not {want}",
    "illegal/placement": "{nat} SP cannot be placed at {hex}: {why}",
    "illegal/transport": "cannot transport {nat} from {frm} to {to}: {why}",
    "illegal/attack": "attack on {hex} not allowed: {why}",
    "illegal/permit": "{why}",
    "illegal/objectives": "{why}",
    "illegal/neutral": "{why}",
    "illegal/not_your_turn": "{power} does not order in {phase}",
}
for _code, _template in _MESSAGES.items():
    CODES.declare(_code, _template)


def problem(code: str, **fields: object) -> OrderError:
    """An :class:`OrderError` with the catalogued message for ``code``."""
    return CODES[code].error(**fields)
