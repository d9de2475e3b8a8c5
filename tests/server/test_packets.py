"""Issue 32: postal packets, read back with pdftotext.

For every ruleset a player's packet holds his printout and his power's name, the receipt of
his own orders, and nothing of another player's printout or orders that he cannot see; the
downloads answer only the seated player (his own) and the game master (any seat); the game
master's keyed-in orders come back as a receipt in the next packet; the printout mail
carries the packet for a player who asked for it.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail as django_mail
from django.test import Client
from django_tasks_db.models import DBTaskResult

from tests.server.conftest import deliver_mail, run_worker
from umpire.core import registry
from umpire.server import accounts, packets
from umpire.server.models import AuditEntry, Game, Submission, TurnOutput
from umpire.server.outputs import PLAYER, Viewer, present
from umpire.server.usecases import lifecycle, submissions, turns
from umpire.server.web.pagecache import page_cache

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        shutil.which("pdftotext") is None,
        reason="pdftotext is missing (Debian poppler-utils: scripts/test installs it as root)",
    ),
]

# The seven rulesets of the issue: (game, scenario).
RULESETS = [
    ("diplomacy", "standard"),
    ("diplomacy", "1939-iii"),
    ("battleplan", "europe"),
    ("battleplan", "equal"),
    ("origins", "historical"),
    ("conquest", "standard"),
    ("spi-ww2", "4-player"),
]


def pdf_text(pdf: bytes) -> str:
    """The text of a PDF as pdftotext reads it."""
    assert pdf.startswith(b"%PDF-")
    done = subprocess.run(
        ["pdftotext", "-layout", "-enc", "UTF-8", "-", "-"],
        input=pdf,
        capture_output=True,
        check=True,
        timeout=60,
    )
    return done.stdout.decode()


def flat(text: str) -> str:
    """``text`` with every run of white space one space (pdftotext's spacing is its own)."""
    return " ".join(text.split())


@dataclass
class Played:
    game: Game
    users: dict[str, User]  # power -> its player
    gm: User
    secrets: dict[str, str]  # power -> the refused line only his receipt quotes


def _play(game_name: str, scenario: str) -> Played:
    """A game of ``game_name``/``scenario`` with two players (the rest bots), one turn
    processed: each player due then sent one legal order and one line only he wrote."""
    gm = accounts.register("gm", "gm-password", game_master=True)
    game = lifecycle.create_game(
        gm,
        "Packets",
        game_name,
        scenario=scenario,
        settings={"deadline": {"minutes": 60}, "fill_with_bots": True, "reminder_minutes": 0},
    )
    joined = [
        accounts.register(n, f"{n}-password", email=f"{n}@example.org", verified=True)
        for n in ("ann", "bob")
    ]
    for user in joined:
        lifecycle.join(game.pk, user)
    lifecycle.start(game.pk, gm)
    game.refresh_from_db()
    users = {str(game.seats.get(user=u, active=True).power): u for u in joined}
    secrets = {}
    for power, user in users.items():
        options = present(game, Viewer(PLAYER, power), ("options",))["options"]
        if not options:
            continue
        first = next(iter(options.values()))[0]
        secrets[power] = f"zq{power.lower()}secretline"
        submissions.submit(game.pk, user, f"{first}\n{secrets[power]}\n", turn=game.turn)
    assert turns.process_due(game.pk, game.turn, force=True)
    game.refresh_from_db()
    return Played(game, users, gm, secrets)


@pytest.mark.parametrize(("game_name", "scenario"), RULESETS)
def test_a_packet_holds_his_printout_and_never_anothers(
    transactional_db: Any, game_name: str, scenario: str
) -> None:
    played = _play(game_name, scenario)
    game = played.game
    info = registry.game(game_name).info
    names = dict(info.scenario(scenario).names)
    (me, other) = sorted(played.users)
    printouts = {
        p: str(present(game, Viewer(PLAYER, p), ("printout",), turn=1)["printout"]["text"])
        for p in (me, other)
    }
    text = {p: flat(pdf_text(packets.packet_pdf(game, Viewer(PLAYER, p), 1))) for p in (me, other)}
    for power in (me, other):
        packet, printout = text[power], printouts[power]
        assert f"Packet of {names.get(power, power)}" in packet
        lines = [flat(packets.plain(x)) for x in printout.splitlines()]
        lines = [x for x in lines if x and len(x) <= packets.PRINTOUT_COLUMNS]
        assert len(lines) >= 3
        missing = [x for x in lines if x not in packet]
        assert not missing, missing
        if power in played.secrets:  # the receipt of his own orders
            assert played.secrets[power] in packet
            assert "Receipt of your orders for turn 1" in packet
    # Nothing of the other's printout he cannot see, nor of the other's orders.
    for power, rival in ((me, other), (other, me)):
        mine = {flat(packets.plain(x)) for x in printouts[power].splitlines()}
        theirs = [flat(packets.plain(x)) for x in printouts[rival].splitlines()]
        unique = [
            x for x in theirs if len(x) > 15 and x not in mine and x not in flat(printouts[power])
        ]
        if info.hides_information(scenario):
            assert unique, "two players of a game that hides information read the same printout"
        for line in unique:
            assert line not in text[power], (power, line)
        if rival in played.secrets:
            assert played.secrets[rival] not in text[power]


def _client(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def origins(transactional_db: Any) -> Played:
    """An Origins game (hidden information: each power's PF amounts), one turn processed."""
    return _play("origins", "historical")


def test_the_packet_does_not_change_when_another_powers_secrets_do(origins: Played) -> None:
    """The property of the view choke point, for the packet: whatever another power's
    printout, view and orders say, this power's packet is the same, byte for byte (the PDF is
    made invariant: no date, no random id)."""
    game = origins.game
    me, other = sorted(origins.users)
    before = packets.packet_pdf(game, Viewer(PLAYER, me), 1)
    TurnOutput.objects.filter(game=game, power=other).update(
        printout="OTHER-PRINTOUT-CHANGED", view={"secret": "OTHER-VIEW-CHANGED"}
    )
    Submission.objects.filter(game=game, power=other).update(
        raw="changed", orders=["OTHER-ORDER-CHANGED"], problems=[]
    )
    assert packets.packet_pdf(game, Viewer(PLAYER, me), 1) == before
    # ... while his own packet reads his changed printout (the test can fail).
    theirs = pdf_text(packets.packet_pdf(game, Viewer(PLAYER, other), 1))
    assert "OTHER-PRINTOUT-CHANGED" in theirs and "OTHER-ORDER-CHANGED" in theirs


def _queued() -> list[tuple[str, list[Any]]]:
    """Every packet's task queued so far: (its function's name, its arguments)."""
    rows = DBTaskResult.objects.filter(task_path__startswith="umpire.server.packets.")
    rows = rows.order_by("enqueued_at").values_list("task_path", "args_kwargs")
    return [(path.rsplit(".", 1)[-1], kw["args"]) for path, kw in rows]


def _made(client: Client, url: str) -> Any:
    """``url`` read by ``client`` once the worker has made what the first reading queued."""
    first = client.get(url)
    assert first.status_code == 202 and b"being prepared" in first.content
    assert run_worker(queue="history") == 1
    return client.get(url)


def test_who_may_download_which_packet(origins: Played) -> None:
    game, gm = origins.game, origins.gm
    me, other = sorted(origins.users)
    url = f"/games/{game.pk}/turn/1/packet.pdf"
    mine = _made(_client(origins.users[me]), url)
    assert mine.status_code == 200 and mine["Content-Type"] == "application/pdf"
    assert f'filename="G-{game.pk}-turn-1-{me}.pdf"' in mine["Content-Disposition"]
    assert f"G-{game.pk} Packets - {me} - turn 1" in pdf_text(mine.content)
    assert _client(origins.users[me]).get(f"{url}?power={me}").status_code == 200
    before = _queued()
    refused = _client(origins.users[me]).get(f"{url}?power={other}")
    assert refused.status_code == 403 and b"[view/forbidden]" in refused.content
    onlooker = accounts.register("cat", "cat-password")
    assert _client(onlooker).get(url).status_code == 404
    assert _client(onlooker).get(f"{url}?power={me}").status_code == 403
    assert _client(onlooker).get(f"{url}?power={other}").status_code == 403
    anonymous = _client(None).get(url)
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert _client(origins.users[me]).get(f"/games/{game.pk}/turn/9/packet.pdf").status_code == 404
    assert _client(origins.users[me]).get(f"{url}?power=Atlantis").status_code == 404
    assert _client(origins.users[me]).get(f"/gm/{game.pk}/print/1/").status_code == 404
    assert _queued() == before  # a refused reader queues nothing to be made
    # The game master: any seat's, by its code or name; none without a seat named.
    master = _client(gm)
    assert master.get(url).status_code == 404
    theirs = _made(master, f"{url}?power={other.lower()}")
    assert theirs.status_code == 200 and f"- {other} - turn 1" in pdf_text(theirs.content)
    # His "print the turn": every player's packet in one PDF; nobody else's to print.
    printed = _made(master, f"/gm/{game.pk}/print/1/")
    assert printed.status_code == 200 and printed["Content-Type"] == "application/pdf"
    text = pdf_text(printed.content)
    for power in (me, other):
        assert f"G-{game.pk} Packets - {power} - turn 1" in text
    assert _client(origins.users[me]).get(f"/gm/{game.pk}/print/1/").status_code == 404
    assert master.get(f"/gm/{game.pk}/print/7/").status_code == 404
    # The pages link the player's packet, and the console the game master's.
    page = _client(origins.users[me]).get(f"/games/{game.pk}/").content.decode()
    assert f'href="/games/{game.pk}/turn/1/packet.pdf"' in page
    console = master.get(f"/gm/{game.pk}/").content.decode()
    assert f'href="/gm/{game.pk}/print/1/"' in console
    assert f'href="/games/{game.pk}/turn/1/packet.pdf?power={me}"' in console


def test_nothing_is_made_in_the_request(origins: Played, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first reading answers at once that the packet is being prepared and queues its
    making once; the page's poll says "not yet" until the worker has made it, then links it;
    only the worker renders a PDF."""
    game, gm = origins.game, origins.gm
    me, other = sorted(origins.users)
    rendered: list[str] = []
    render = packets._render

    def counted(parts: Any, title: str) -> bytes:
        rendered.append(title)
        return render(parts, title)

    monkeypatch.setattr(packets, "_render", counted)
    player, master = _client(origins.users[me]), _client(gm)
    url = f"/games/{game.pk}/turn/1/packet.pdf"
    first = player.get(url)
    assert first.status_code == 202 and first["Cache-Control"] == "no-store"
    page = first.content.decode()
    assert "Your postal packet of turn 1 is being prepared" in page
    assert f'hx-get="{url}"' in page and 'hx-trigger="every 2s"' in page  # the poll
    assert f'<a href="{url}">look again</a>' in page  # and without JavaScript
    assert f'href="/games/{game.pk}/turn/1/"' in page
    assert player.get(url).status_code == 202
    poll = player.get(url, HTTP_HX_REQUEST="true")
    assert poll.status_code == 204 and poll.content == b""  # not yet: the page stays
    assert _queued() == [("make_packet", [game.pk, me, 1])]  # queued once
    printing = master.get(f"/gm/{game.pk}/print/1/")
    assert printing.status_code == 202
    assert "Every player&#x27;s packet of turn 1 is being prepared" in printing.content.decode()
    assert master.get(f"/gm/{game.pk}/print/1/", HTTP_HX_REQUEST="true").status_code == 204
    assert _queued()[1:] == [("make_print", [game.pk, 1])]
    assert rendered == []  # no request made a PDF
    assert run_worker() == 0  # not on the turns' queue
    assert run_worker(queue="history") == 2
    assert rendered == [
        f"G-{game.pk} Packets: {me}, turn 1",
        f"G-{game.pk} Packets: packets of turn 1",
    ]
    ready = player.get(url, HTTP_HX_REQUEST="true")
    assert ready.status_code == 200
    assert ready.content.decode().strip() == (
        '<p id="packet-status" class="packet-status" role="status">Your postal packet of turn 1 '
        f'is ready: <a href="{url}">download it (PDF)</a>.</p>'
    )
    mine = player.get(url)
    assert mine.status_code == 200 and f"- {me} - turn 1" in pdf_text(mine.content)
    printed = master.get(f"/gm/{game.pk}/print/1/")
    assert printed.status_code == 200 and f"- {other} - turn 1" in pdf_text(printed.content)
    assert len(rendered) == 2 and len(_queued()) == 2  # served from the cache
    # Should the cache lose what was made, the next reading queues it again.
    page_cache().delete(packets._key(game, me, 1))
    page_cache().delete(packets._print_key(game, 1, packets.postal_seats(game)))
    assert player.get(url).status_code == 202
    assert master.get(f"/gm/{game.pk}/print/1/").status_code == 202
    assert _queued()[2:] == [("make_packet", [game.pk, me, 1]), ("make_print", [game.pk, 1])]
    assert run_worker(queue="history") == 2 and len(rendered) == 4
    assert player.get(url).status_code == 200
    # A turn processed since: the packet of the new position is another one to make.
    number = game.turn
    assert turns.process_due(game.pk, number, force=True)
    assert player.get(url).status_code == 202
    assert _queued()[-1] == ("make_packet", [game.pk, me, 1]) and len(_queued()) == 5


def test_the_game_master_keys_in_orders_and_the_receipt_is_in_the_next_packet(
    origins: Played,
) -> None:
    game, gm = origins.game, origins.gm
    me, other = sorted(origins.users)
    options = present(game, Viewer(PLAYER, me), ("options",))["options"]
    order = next(iter(options.values()))[0]
    letter = {"power": me, "orders": f"{order}\nzqkeyedwrongline\n", "turn": str(game.turn)}
    # Only the game master may: a player keying in for another power is refused.
    _client(origins.users[other]).post(f"/gm/{game.pk}/orders/", letter)
    assert not Submission.objects.filter(game=game, turn=game.turn, source="gm").exists()
    answer = _client(gm).post(f"/gm/{game.pk}/orders/", letter, follow=True)
    assert "Orders keyed in for" in answer.content.decode()
    (row,) = Submission.objects.filter(game=game, turn=game.turn, source="gm")
    assert row.power == me and row.user == gm and len(row.orders) == 1
    entry = AuditEntry.objects.get(game=game, action="key_in")
    assert entry.details["power"] == me and entry.actor == gm
    number = game.turn
    assert turns.process_due(game.pk, number, force=True)
    game.refresh_from_db()
    text = flat(pdf_text(packets.packet_pdf(game, Viewer(PLAYER, me), number)))
    assert "keyed in by the game master from your letter" in text
    assert "zqkeyedwrongline" in text and "Refused, line 2" in text
    assert "zqkeyedwrongline" not in pdf_text(
        packets.packet_pdf(game, Viewer(PLAYER, other), number)
    )


def test_the_printout_mail_carries_the_packet_when_he_asks(
    origins: Played, mailoutbox: list[Any]
) -> None:
    game = origins.game
    me, other = sorted(origins.users)
    accounts.set_mail_packets(origins.users[me], True)
    deliver_mail()
    django_mail.outbox.clear()
    number = game.turn
    assert turns.process_due(game.pk, number, force=True)
    deliver_mail()
    game.refresh_from_db()
    mails = {p: [m for m in django_mail.outbox if "printout" in m.subject and m.subject.rstrip(")").endswith(p)]
             for p in (me, other)}  # fmt: skip
    ((message,),) = [mails[me]]
    (attachment,) = message.attachments
    name, content, mimetype = attachment
    assert (name, mimetype) == (f"G-{game.pk}-turn-{number}-{me}.pdf", "application/pdf")
    text = pdf_text(content)
    assert f"G-{game.pk} Packets - {me} - turn {number}" in text
    printout = present(game, Viewer(PLAYER, me), ("printout",), turn=number)["printout"]["text"]
    assert flat(packets.plain(printout.splitlines()[0])) in flat(text)
    (theirs,) = mails[other]
    assert theirs.attachments == []  # he did not ask
    # The account page's checkbox sets and clears the choice.
    client = _client(origins.users[other])
    assert 'name="mail_packets"' in client.get("/account/").content.decode()
    client.post("/account/packets/", {"mail_packets": "on"})
    assert accounts.mails_packets(origins.users[other])
    client.post("/account/packets/", {})
    assert not accounts.mails_packets(origins.users[other])
