"""Background tasks (django-tasks, database backend): turn processing runs only here."""

from __future__ import annotations

from django_tasks import task


@task()
def process_game(game_id: int, turn: int, force: bool = False) -> bool:
    """Process ``turn`` of game ``game_id`` if it is still current and due (idempotent)."""
    from umpire.server.service import process_due

    return process_due(game_id, turn, force=force)
