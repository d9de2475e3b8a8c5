"""Background tasks (django-tasks, database backend).

Queue ``default``: turn processing runs only here. Queue ``mail``: composing and sending
mail, on its own worker thread, so a slow or hung mail server never delays a turn.
"""

from __future__ import annotations

from django_tasks import task


@task()
def process_game(game_id: int, turn: int, force: bool = False) -> bool:
    """Process ``turn`` of game ``game_id`` if it is still current and due (idempotent)."""
    from umpire.server.service import process_due

    return process_due(game_id, turn, force=force)


@task()
def process_games(turns: list[list[int]]) -> int:
    """Process each ``[game_id, turn]`` of a batch the deadline scheduler queued (each game in
    its own transaction, as :func:`process_game` does); the count processed."""
    from umpire.server.service import process_batch

    return process_batch([(game_id, turn) for game_id, turn in turns])


@task(queue_name="mail")
def compose_mail(what: str, *ids: int) -> int:
    """Write the mails one change causes into the outbox (printouts, press, notices)."""
    from umpire.server.mail.outbound import compose

    return compose(what, *ids)


@task(queue_name="mail")
def deliver_mail(row_id: int) -> str:
    """Send one outbox mail, with the mail server's timeout; a failure is retried later."""
    from umpire.server.mail.outbound import deliver

    return deliver(row_id)
