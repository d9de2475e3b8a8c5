"""Issue 28, item 5: mail is queued by explicit calls from the use case that causes the news,
in its transaction, not by model signals (``statements.insert`` wrote rows no signal ever
heard). Every kind of mail still goes out exactly once; a use case that is rolled back sends
nothing."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from django.db import transaction
from django.db.models.signals import post_save
from django_tasks_db.models import DBTaskResult

from tests.server.conftest import deliver_mail
from tests.server.mail.conftest import Table
from umpire.server.mail.models import OutboundMail
from umpire.server.models import AuditEntry, Game, Message, Seat, Turn
from umpire.server.usecases import gm_actions, messaging, submissions, turns


def test_no_model_signal_carries_behaviour() -> None:
    """Mail hung off ``post_save`` on these four models; now nothing listens to them."""
    for model in (Turn, Message, Seat, AuditEntry):
        assert not post_save.has_listeners(model), model.__name__


def _kinds(mailoutbox: list[Any]) -> Counter[tuple[str, str]]:
    """(kind, address) of each mail sent, from the outbox rows the mails were sent from."""
    deliver_mail()
    return Counter(OutboundMail.objects.values_list("kind", "to"))


def test_every_kind_of_mail_goes_out_once(table: Table, mailoutbox: list[Any]) -> None:
    players = set(table.addresses.values())
    assert {to for kind, to in _kinds(mailoutbox) if kind == "welcome"} == players
    for power in ("RED", "BLUE", "GREEN"):
        submissions.submit_orders(table.game_id, table.players[power], "TAKE 1", turn=1)
    assert turns.process_due(table.game_id, 1, force=True)
    messaging.send_message(table.game_id, table.players["RED"], "Hello", to=["all"])
    gm_actions.gm_action(table.game_id, table.gm, "pause")
    sent = _kinds(mailoutbox)
    deliver_mail()  # running the mail queue again sends nothing more
    assert _kinds(mailoutbox) == sent
    assert all(count == 1 for count in sent.values()), sent
    by_kind = Counter(kind for kind, _ in sent.elements())
    assert by_kind["welcome"] == 3 and by_kind["printout"] == 3
    assert by_kind["press"] == 2 and by_kind["notice"] == 3
    assert len(mailoutbox) == sum(sent.values())


class Undone(Exception):
    pass


def test_a_rolled_back_use_case_sends_nothing(table: Table, mailoutbox: list[Any]) -> None:
    mailoutbox.clear()
    before = OutboundMail.objects.count(), DBTaskResult.objects.count()
    with pytest.raises(Undone), transaction.atomic():
        messaging.send_message(table.game_id, table.players["RED"], "Hello", to=["all"])
        gm_actions.gm_action(table.game_id, table.gm, "end", summary="Called off.")
        raise Undone
    assert (OutboundMail.objects.count(), DBTaskResult.objects.count()) == before
    assert len(mailoutbox) == 0
    assert Game.objects.get(pk=table.game_id).status == "running"


def test_a_turn_whose_processing_fails_sends_no_printout(
    table: Table, mailoutbox: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The turn row is written (and its printouts queued) before the outputs are stored: a
    failure after that undoes the turn and its mail together."""
    mailoutbox.clear()

    def broken(*args: Any, **kwargs: Any) -> None:
        raise Undone

    monkeypatch.setattr(turns, "save_outputs", broken)
    with pytest.raises(Undone):
        turns.process_due(table.game_id, 1, force=True)
    assert not Turn.objects.filter(game_id=table.game_id).exists()
    assert len(mailoutbox) == 0
    monkeypatch.undo()
    assert turns.process_due(table.game_id, 1, force=True)
    assert {m.to[0] for m in mailoutbox if "printout" in m.subject} == set(table.addresses.values())


def test_task_rows_queued_before_the_move_still_find_their_tasks() -> None:
    """The tasks now live beside their code (no import cycle); a row written by an older
    version names them by their old path, which still leads to the same task."""
    from django.utils.module_loading import import_string

    from umpire.server.mail import outbound, outbox

    for old, task in (
        ("process_game", turns.process_game),
        ("process_games", turns.process_games),
        ("compose_mail", outbound.compose_mail),
        ("deliver_mail", outbox.deliver_mail),
    ):
        assert import_string(f"umpire.server.tasks.{old}") is task
