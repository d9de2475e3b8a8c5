"""Property-based fuzzing of the whole JSON API from its own OpenAPI document (schemathesis).

Every operation is called with generated requests -- valid ones and, in the negative phase,
ones that break the schema -- as a seated player and anonymously, aimed at a running game
and at generated ids. Asserted for every response: no 5xx; every 4xx is an error in the
documented ``{"code", "message"}`` format; the status and the body match the document.

The example count per operation is ``UMPIRE_FUZZ_EXAMPLES`` (default 5, so the suite stays
quick); ``bench/fuzz_api.py`` runs the same test with a large count. It runs on SQLite and,
with ``DATABASE_URL`` (``scripts/test``), on PostgreSQL.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from umpire.server.wsgi import application

EXAMPLES = int(os.environ.get("UMPIRE_FUZZ_EXAMPLES", "5"))
SEEN: dict[str, int] = {"requests": 0}  # read by bench/fuzz_api.py

# The coverage phase (a fixed battery of boundary cases per operation, hundreds for the
# bigger bodies) is left to bench/fuzz_api.py (UMPIRE_FUZZ_COVERAGE=1); the suite runs the
# generated phase, valid and schema-breaking requests, EXAMPLES of each per operation.
CONFIG = SchemathesisConfig.from_str(
    f"""
[phases.coverage]
enabled = {"true" if os.environ.get("UMPIRE_FUZZ_COVERAGE") == "1" else "false"}
[phases.stateful]
enabled = false
[generation]
mode = "all"
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "400", "401", "403", "404", "409", "413", "429"]
[checks.negative_data_rejection]
expected-statuses = ["400", "401", "403", "404", "405", "409", "413", "422", "429"]
"""
)
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", application, config=CONFIG)


@schemathesis.check
def error_format(ctx: Any, response: Any, case: Any) -> bool | None:
    """Every error is exactly ``{"code": str, "message": str}``, with a non-empty code."""
    if response.status_code < 400:
        return None
    try:
        body = json.loads(response.content)
    except ValueError:
        raise AssertionError(
            f"{response.status_code} answer is not JSON: {response.content[:200]!r}"
        ) from None
    if not (
        isinstance(body, dict)
        and set(body) == {"code", "message"}
        and isinstance(body["code"], str)
        and body["code"]
        and isinstance(body["message"], str)
    ):
        raise AssertionError(f"{response.status_code} answer is not an error: {body!r}")
    return None


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    error_format,
    # The document is exactly what is accepted (issue 30): a request it calls valid is never
    # refused as invalid (422), and one it calls invalid is refused.
    positive_data_acceptance,
    negative_data_rejection,
]


@pytest.fixture(autouse=True)
def quick_passwords(settings: Any) -> None:
    """Accounts made here (the fixture's and the generated registrations) need no slow
    password hashing: what is fuzzed is the API, not PBKDF2."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def keep_test_connection() -> Iterator[None]:
    """The requests go through the WSGI application, whose end-of-request signal would close
    the test's database connection (Django's own test client unhooks it the same way)."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture(params=["player in the running game", "anonymous at generated ids"])
def caller(
    request: pytest.FixtureRequest, running_game: dict[str, Any], keep_test_connection: None
) -> dict[str, Any]:
    """Who calls: North's player, at his own game (any game id becomes it), or nobody, at
    the generated ids."""
    if request.param.startswith("player"):
        return {"token": running_game["ann"].token, "game_id": running_game["id"]}
    return {"token": None, "game_id": None}


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=os.environ.get("UMPIRE_FUZZ_RANDOM", "") != "1",
    suppress_health_check=list(HealthCheck),
)
def test_api_answers_every_request_within_its_document(case: Any, caller: dict[str, Any]) -> None:
    if caller["game_id"] is not None and case.path_parameters and "game_id" in case.path_parameters:
        case.path_parameters["game_id"] = caller["game_id"]
    headers = {"Authorization": f"Bearer {caller['token']}"} if caller["token"] else {}
    SEEN["requests"] += 1
    case.call_and_validate(headers=headers, checks=CHECKS)


# --- what the fuzzing found, each kept by a plain test ----------------------------------------


def test_a_method_an_address_does_not_take_is_a_json_error(db: Any) -> None:
    """Found by the fuzzing (its coverage phase): ninja answered 405 in plain text."""
    from django.test import Client

    response = Client().generic("TRACE", "/api/auth/register")
    assert response.status_code == 405
    assert response.json() == {
        "code": "request/method_not_allowed",
        "message": "TRACE is not allowed here (allowed: POST)",
    }
    assert response["Allow"] == "POST"


def test_the_document_declares_every_operations_errors(db: Any) -> None:
    """Errors were undocumented: any 4xx did not match the document."""
    from django.test import Client

    document = Client().get("/api/openapi.json").json()
    assert document["components"]["schemas"]["Error"]["required"] == ["code", "message"]
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            error = operation["responses"]["4XX"]["content"]["application/json"]["schema"]
            assert error == {"$ref": "#/components/schemas/Error"}, (method, path)


@pytest.mark.parametrize(
    ("path", "body", "who"),
    [
        ("join", [None, None], "ann"),
        ("gm/end", [None, None], "gm"),
        ("ready", {"turn": 1, "ready": 0}, "ann"),
        ("ready", {"turn": "1", "ready": True}, "ann"),
        ("ready", {"turn": 1, "ready": True, "colour": "red"}, "ann"),
    ],
)
def test_bodies_the_document_calls_invalid_are_refused(
    running_game: dict[str, Any], gm: Any, path: str, body: Any, who: str
) -> None:
    """Issue 30: ``[null,null]`` was taken as ``{}``, ``"ready": 0`` as false, unknown keys
    ignored. Each is refused as invalid, naming nothing done."""
    from django.test import Client

    token = gm[1].token if who == "gm" else running_game["ann"].token
    response = Client().post(
        f"/api/games/{running_game['id']}/{path}",
        json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 422
    assert response.json()["code"] == "request/invalid"


def test_the_document_states_the_limits_the_api_enforces(db: Any) -> None:
    """Issue 30: the 8-character password minimum, the NUL ban, the deadline's time zones
    and ``at`` were checked but not published, so schema-valid requests were refused."""
    from django.test import Client

    from umpire.server.schemas import CLOCK, NO_NUL, ZONES

    document = Client().get("/api/openapi.json").json()
    schemas = document["components"]["schemas"]
    register = schemas["RegisterIn"]["properties"]
    assert register["password"]["minLength"] == 8
    assert register["username"]["pattern"] == NO_NUL
    assert schemas["RegisterIn"].get("additionalProperties") is False
    deadline = schemas["DeadlineSettings"]["properties"]
    assert deadline["timezone"]["enum"] == ZONES and "Europe/Paris" in ZONES
    assert CLOCK in json.dumps(deadline["at"]).replace("\\\\", "\\")
