"""The server's problem codes, declared once (:class:`umpire.core.errors.Catalogue`).

Every code the server sends (an API error body ``{"code", "message"}``, a mail reply, a web
page's error, the outcome logged for an inbound mail) is declared in this package with its message
template and the HTTP status a request refused with it is answered with (``status``, 400
unless declared: :func:`status_of`, the one table the API, the pages' JSON answers and the
API's error middleware read); codes the engine declares (``game/over``, ``turn/stale``,
``turn/none``, ``game/unknown_power``, ``game/unknown_scenario``) are core's and used from
:mod:`umpire.core.errors`, with their status declared there. ``docs/errors.md`` is generated
from this catalogue, and a test fails when a ``family/name`` literal in the server's sources
is not declared.

The codes are declared by family, one module each (:mod:`.accounts`, :mod:`.requests`,
:mod:`.games`, :mod:`.mail`), into the one catalogue of :mod:`.catalogue`; this package is
their one namespace (``from umpire.server import errors as E``; ``E.GAME_NOT_FOUND``).

>>> str(refuse(GAME_NOT_FOUND, game_id=7))
'no game 7'
>>> refuse(GAME_NOT_FOUND, game_id=7).code
'game/not_found'
"""

from __future__ import annotations

from umpire.server.errors.accounts import *  # noqa: F403 (the catalogue's one namespace)
from umpire.server.errors.catalogue import SERVER as SERVER
from umpire.server.errors.catalogue import refuse as refuse
from umpire.server.errors.catalogue import status_of as status_of
from umpire.server.errors.games import *  # noqa: F403
from umpire.server.errors.mail import *  # noqa: F403
from umpire.server.errors.requests import *  # noqa: F403
