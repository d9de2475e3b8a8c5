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

from umpire.core import registry
from umpire.server import accounts, packets
from umpire.server.models import Game
from umpire.server.outputs import PLAYER, Viewer, present
from umpire.server.usecases import lifecycle, submissions, turns

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
