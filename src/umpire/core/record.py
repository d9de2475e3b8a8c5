"""The versioned JSON game record.

A game's record is its whole history: the game, scenario, settings and seed (the seed is never
shown to any player), the opening state, and for each processed turn every power's
submissions in order of arrival (raw text, canonical orders and problems; the latest counts),
the recorded draws, the events with their audiences and the state after the turn. Loading a
record and replaying it reproduces every state exactly (:func:`umpire.core.replay.replay`).

This module converts records to and from JSON-able data, and that data to and from the bytes
of a record file (:func:`dump_record`, :func:`read_record_data`: compact JSON, or the same
compressed with gzip); reading and writing files is the caller's business.
"""

from __future__ import annotations

import gzip
import json
import zlib
from dataclasses import dataclass, field
from typing import Any

from umpire.core.chance import Draw
from umpire.core.events import Event
from umpire.core.problems import Problem
from umpire.core.ruleset import Outcome

SCHEMA_VERSION = 1
FORMAT_NAME = "umpire-game-record"


# The first bytes of a gzip file: a record file that starts with them is read decompressed.
GZIP_MAGIC = b"\x1f\x8b"


class RecordError(ValueError):
    """The data is not a game record this version of Umpire can read."""


def dump_record(record: GameRecord, *, compressed: bool = False) -> bytes:
    """The bytes of ``record``'s file: its compact JSON (keys sorted, one line), or, with
    ``compressed``, the same compressed with gzip (issue 33: a World Wide Battle Plan turn of 31
    players is 160 KiB of JSON, and under 20 KiB compressed). The format inside is the same
    either way; the gzip header carries no time, so the same record gives the same bytes."""
    text = json.dumps(record.to_json(), separators=(",", ":"), sort_keys=True) + "\n"
    data = text.encode("utf-8")
    return gzip.compress(data, compresslevel=6, mtime=0) if compressed else data


def read_record_data(data: bytes) -> Any:
    """The JSON data of a record file's bytes (:func:`dump_record`: compressed or not).
    Raises :class:`RecordError` for a damaged compressed file, ``json.JSONDecodeError`` (a
    ``ValueError``, with the line) for text that is not JSON."""
    if data[:2] == GZIP_MAGIC:
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as err:
            raise RecordError(f"corrupt compressed game record: {err}") from err
    return json.loads(data.decode("utf-8"))


@dataclass(slots=True)
class Submission:
    power: str
    raw: str
    orders: list[str]  # canonical text of each accepted order
    problems: list[Problem]
    source: str = "cli"  # cli, web, api, email, bot, default
    received: str = ""  # an ISO timestamp supplied by the caller (the engine has no clock)

    def to_json(self) -> dict[str, Any]:
        return {
            "power": self.power,
            "raw": self.raw,
            "orders": list(self.orders),
            "problems": [p.to_json() for p in self.problems],
            "source": self.source,
            "received": self.received,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Submission:
        return cls(
            power=str(data["power"]),
            raw=str(data["raw"]),
            orders=[str(o) for o in data["orders"]],
            problems=[Problem.from_json(p) for p in data.get("problems", [])],
            source=str(data.get("source", "cli")),
            received=str(data.get("received", "")),
        )


@dataclass(slots=True)
class TurnRecord:
    number: int  # 1-based position in the record
    label: str
    submissions: list[Submission]
    draws: list[Draw]
    events: list[Event]
    state: dict[str, Any]

    def latest(self) -> dict[str, Submission]:
        """The submission that counts for each power: its last."""
        return latest_submissions(self.submissions)

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "label": self.label,
            "submissions": [s.to_json() for s in self.submissions],
            "draws": [d.to_json() for d in self.draws],
            "events": [e.to_json() for e in self.events],
            "state": self.state,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TurnRecord:
        return cls(
            number=int(data["number"]),
            label=str(data["label"]),
            submissions=[Submission.from_json(s) for s in data["submissions"]],
            draws=[Draw.from_json(d) for d in data["draws"]],
            events=[Event.from_json(e) for e in data["events"]],
            state=dict(data["state"]),
        )


def latest_submissions(submissions: list[Submission]) -> dict[str, Submission]:
    latest: dict[str, Submission] = {}
    for sub in submissions:
        latest[sub.power] = sub
    return latest


@dataclass(slots=True)
class GameRecord:
    game: str
    scenario: str
    seed: int
    powers: list[str]
    initial_state: dict[str, Any]
    setup_draws: list[Draw] = field(default_factory=list)
    # The draws that seated the players (a server's lobby: who is seated in what order, a free
    # power for a player left without one, a game's own seating), from the game's seed
    # (stream "seating"): with the sign-ups, they give the seating again. Empty: none drawn.
    seating_draws: list[Draw] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    turns: list[TurnRecord] = field(default_factory=list)
    pending: list[Submission] = field(default_factory=list)  # submissions for the next turn
    outcome: Outcome | None = None
    # A partial record (a stored game's tail: its latest state and the pending submissions,
    # enough to take and process the next turn, never to replay or export); ``base`` is the
    # number of processed turns left out before ``turns[0]``.
    partial: bool = False
    base: int = 0

    @property
    def processed(self) -> int:
        """How many turns have been processed (those left out of a partial record included)."""
        return self.base + len(self.turns)

    @property
    def latest_state(self) -> dict[str, Any]:
        return self.turns[-1].state if self.turns else self.initial_state

    def turn(self, number: int) -> TurnRecord:
        """Processed turn ``number`` (1-based)."""
        if not self.base < number <= self.processed:
            first = 0 if self.base == 0 else self.base + 1
            raise RecordError(f"no turn {number} in this record (turns {first}..{self.processed})")
        return self.turns[number - self.base - 1]

    def state_after(self, turn: int) -> dict[str, Any]:
        """The state after turn ``turn`` (0: the opening)."""
        if turn == 0 and self.base == 0:
            return self.initial_state
        return self.turn(turn).state

    def require_whole(self) -> None:
        """Refuse a partial record where the whole history is needed (replay, export)."""
        if self.partial or self.base:
            raise RecordError("a partial record: its history is left out")

    def to_json(self) -> dict[str, Any]:
        self.require_whole()
        data: dict[str, Any] = {
            "format": FORMAT_NAME,
            "schema": SCHEMA_VERSION,
            "game": self.game,
            "scenario": self.scenario,
            "seed": self.seed,
            "powers": list(self.powers),
            "settings": self.settings,
            "initial_state": self.initial_state,
            "setup_draws": [d.to_json() for d in self.setup_draws],
            "turns": [t.to_json() for t in self.turns],
            "pending": [s.to_json() for s in self.pending],
            "outcome": self.outcome.to_json() if self.outcome else None,
        }
        if self.seating_draws:  # optional: a record without them reads as before
            data["seating_draws"] = [d.to_json() for d in self.seating_draws]
        return data

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
            raise RecordError("not an Umpire game record (no 'format': 'umpire-game-record')")
        schema = data.get("schema")
        if schema != SCHEMA_VERSION:
            raise RecordError(
                f"game record schema version {schema!r} is not supported "
                f"(this Umpire reads version {SCHEMA_VERSION})"
            )
        try:
            return cls(
                game=str(data["game"]),
                scenario=str(data["scenario"]),
                seed=int(data["seed"]),
                powers=[str(p) for p in data["powers"]],
                settings=dict(data.get("settings", {})),
                initial_state=dict(data["initial_state"]),
                setup_draws=[Draw.from_json(d) for d in data.get("setup_draws", [])],
                seating_draws=[Draw.from_json(d) for d in data.get("seating_draws", [])],
                turns=[TurnRecord.from_json(t) for t in data["turns"]],
                pending=[Submission.from_json(s) for s in data.get("pending", [])],
                outcome=Outcome.from_json(data["outcome"]) if data.get("outcome") else None,
            )
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"corrupt game record: {err!r}") from err
