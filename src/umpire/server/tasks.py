"""The names of the background tasks as rows queued before issue 28 stored them.

The tasks are defined beside the code they run (turn processing in
:mod:`umpire.server.usecases.turns`; composing and sending mail in
:mod:`umpire.server.mail.outbound` and :mod:`umpire.server.mail.outbox`), so that queuing one
needs no import cycle. A task row names its task by import path: a row written by an older
version (``umpire.server.tasks.process_game``) still finds it here. Nothing imports this.
"""

from __future__ import annotations

from umpire.server.mail.outbound import compose_mail
from umpire.server.mail.outbox import deliver_mail
from umpire.server.usecases.turns import process_game, process_games

__all__ = ["compose_mail", "deliver_mail", "process_game", "process_games"]
