"""The server's catalogue (:class:`umpire.core.errors.Catalogue`), the refusal made of one of
its codes, and the HTTP status of a code: :mod:`umpire.server.errors`'s family modules declare
the codes into it."""

from __future__ import annotations

from typing import Any

from umpire.core.errors import CORE, Catalogue, Code
from umpire.core.session import SessionError

SERVER = Catalogue("server", answers=True)


def refuse(code: Code, **fields: Any) -> SessionError:
    """The error a request is refused with: ``code`` with its message filled in."""
    return SessionError.of(code, **fields)


def status_of(code: str) -> int:
    """The HTTP status of a refusal with ``code``, as declared with it (here or in core's
    catalogue); 400 for a code of a game's (an order the game refuses).

    >>> status_of("game/not_found"), status_of("turn/stale"), status_of("order/unknown_space")
    (404, 409, 400)
    """
    for catalogue in (SERVER, CORE):
        if code in catalogue:
            return catalogue[code].status
    return 400
