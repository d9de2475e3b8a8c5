"""Reading a page's query and form parameters: every one has a length limit and a parse that
cannot raise (issue 30).

:class:`umpire.server.middleware.InputLimits` refuses, before any view runs, a request whose
parameter is longer than its limit (:func:`limit_of`), so a view never sees a 50,000-character
login name; the views read numbers through :func:`int_param`, which takes ASCII digits only
(``"²".isdigit()`` is true, ``int("²")`` raises) and at most :data:`INT_DIGITS` of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

# The longest value of any one parameter on a page, unless it is named in LONG_FIELDS.
FIELD_MAX = 2_000
# Parameter names are short.
KEY_MAX = 100
# The parameters that carry a text: orders (the order pages refuse over 64 KiB of UTF-8 with
# their own code, orders/too_large; this bound, twice that, only keeps garbage out) and
# press messages, a game's settings or summary on the GM console, the admin's notes.
LONG_FIELDS = {
    "orders": 128 * 1024,
    "text": 10_000,
    "summary": 2_000,
    "settings": 10_000,
    "details": 10_000,
    "note": 2_000,
    "p": 8_000,  # a sandbox's position, packed (web/sandbox.py)
    "o": 24_000,  # a sandbox's orders, packed
}
# Parameters named by a prefix and a power: the forecast's guesses (``guess-ITA``) and the
# sandbox's order boxes (``o-ITA``), each an order text like ``orders``.
LONG_PREFIXES = {"guess-": 128 * 1024, "o-": 128 * 1024}
# Numbers on pages: a game id, a turn, a count. More digits than this are refused.
INT_DIGITS = 15


def limit_of(key: str) -> int:
    found = LONG_FIELDS.get(key)
    if found is not None:
        return found
    for prefix, most in LONG_PREFIXES.items():
        if key.startswith(prefix):
            return most
    return FIELD_MAX


def too_long(params: Iterable[tuple[str, list[str]]]) -> str | None:
    """The first parameter (a QueryDict's ``lists()``) over its limit, or with a NUL
    character, as a sentence; None when all are within."""
    for key, values in params:
        if len(key) > KEY_MAX:
            return f"a parameter name is at most {KEY_MAX} characters"
        most = limit_of(key)
        for value in values:
            if len(value) > most:
                return f"{key}: at most {most} characters"
            if "\x00" in value or "\x00" in key:
                return f"{key[:KEY_MAX]}: must not contain a NUL character"
    return None


def is_number(raw: str, digits: int = INT_DIGITS) -> bool:
    """Whether ``raw`` is a plain non-negative whole number (ASCII digits, not too many)."""
    return 0 < len(raw) <= digits and raw.isascii() and raw.isdigit()


def int_param(params: Mapping[str, str], key: str, default: int | None = None) -> int | None:
    """The non-negative number in ``params[key]``, or ``default`` when absent or not a plain
    number (never raises)."""
    raw = params.get(key)
    if raw is None or not is_number(raw.strip()):
        return default
    return int(raw.strip())


def str_param(params: Mapping[str, str], key: str, default: str = "") -> str:
    """``params[key]`` cut to its limit (the middleware refuses longer ones first)."""
    raw = params.get(key)
    if raw is None:
        return default
    return raw[: limit_of(key)]
