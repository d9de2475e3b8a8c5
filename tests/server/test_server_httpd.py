"""``umpire serve``'s web server (gunicorn, ``umpire.server.httpd``) and the production
settings: many clients at once, a client that goes quiet half-way through a request, a port
already in use, static files, and ``check --deploy``."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from umpire.server.httpd import ServeError, listen

from .test_server_commands import SUBPROC, _free_port

# Every server here runs on a SQLite file of its own (``_env`` leaves DATABASE_URL out), and
# nothing here uses the test database: on PostgreSQL these would run exactly as on SQLite.
pytestmark = pytest.mark.own_sqlite

ROOT = Path(__file__).resolve().parents[2]
SERVE_PIDS: dict[str, int] = {}  # base URL: the process of ``umpire serve`` (gunicorn's master)


def _serve_pid(base: str) -> int:
    return SERVE_PIDS[base]


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(UMPIRE_VAR_DIR=str(tmp_path), PYTHONUNBUFFERED="1", **extra)
    return env


@contextmanager
def served(
    tmp_path: Path, output: list[str] | None = None, **extra: str
) -> Iterator[tuple[str, str]]:
    """``umpire serve`` (with its demo) on a free port: (base URL, banner); stopped with
    Ctrl-C at the end, which must exit cleanly and leave no process behind. Its output is
    appended to ``output`` if given, else it must hold no traceback."""
    port = _free_port()
    child = subprocess.Popen(
        [sys.executable, str(SUBPROC), "serve", str(port)],
        env=_env(tmp_path, **extra),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert child.stdout is not None
    lines: list[str] = []
    try:
        while not any("Worker running" in line for line in lines):
            line = child.stdout.readline()
            assert line, "".join(lines)
            lines.append(line)
        worker = int(re.search(r"Worker running \(process (\d+)\)", lines[-1]).group(1))  # type: ignore[union-attr]
        SERVE_PIDS[f"http://127.0.0.1:{port}"] = child.pid
        yield f"http://127.0.0.1:{port}", "".join(lines)
    finally:
        # A client has its answer before the worker has finished closing the request
        # (Django's request_finished handlers): give the tail a moment, since Ctrl-C stops
        # workers at once and a request cut there logs its traceback.
        time.sleep(1)
        child.send_signal(signal.SIGINT)
        try:
            out, _ = child.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            child.kill()
            raise
    assert child.returncode == 0, "".join(lines) + out
    if output is None:
        assert "Traceback" not in out, out
    else:
        output.append(out)
    try:
        os.kill(worker, 0)
    except ProcessLookupError:
        pass
    else:
        raise AssertionError(f"the worker process {worker} outlived serve")


def _get(url: str, token: str | None = None) -> tuple[int, bytes]:
    request = urllib.request.Request(url)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


def test_serve_answers_150_concurrent_clients_without_reset_or_5xx(tmp_path: Path) -> None:
    """Django's development server (listen backlog 10) reset 20 of 600 connections at 150
    clients; gunicorn queues them in its backlog and answers every one."""
    from django.templatetags.static import static

    with served(tmp_path) as (base, banner):
        game = int(re.search(r"Demo game: id (\d+)", banner).group(1))  # type: ignore[union-attr]
        token = re.search(r"player: alice .* token (\S+)", banner).group(1)  # type: ignore[union-attr]
        paths: list[tuple[str, str | None]] = [
            ("/api/public/games", None),
            (f"/api/games/{game}", token),
            (static("web/umpire.css"), None),  # its hashed name, as the pages give it
            ("/api/rulesets", None),
        ]
        clients = 150
        start = threading.Barrier(clients)
        results: list[tuple[str, int]] = []
        failures: list[str] = []

        def client() -> None:
            start.wait()
            for path, who in paths:
                try:
                    status, _ = _get(base + path, who)
                    results.append((path, status))
                except Exception as err:  # a reset, a refused connection, a timeout
                    failures.append(f"{path}: {type(err).__name__}: {err}")

        threads = [threading.Thread(target=client) for _ in range(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=300)
        assert not failures, failures[:5]
        assert len(results) == clients * len(paths)
        assert {status for _, status in results} == {200}, [r for r in results if r[1] != 200][:5]


def test_a_client_that_stops_half_way_is_cut_off_without_holding_a_worker(
    tmp_path: Path,
) -> None:
    """A request whose headers (or body) never finish held a synchronous worker until the
    master killed it (UMPIRE_WEB_TIMEOUT); now it waits on a connection, not a worker: the
    one worker answers others meanwhile, the headers are cut off after
    UMPIRE_WEB_HEADER_TIMEOUT, the body after UMPIRE_WEB_BODY_TIMEOUT with 408
    ``request/timeout``, and no worker is killed."""
    output: list[str] = []
    settings = {"UMPIRE_WEB_WORKERS": "1", "UMPIRE_WEB_HEADER_TIMEOUT": "2",
                "UMPIRE_WEB_BODY_TIMEOUT": "3"}  # fmt: skip
    with served(tmp_path, output, **settings) as (base, _):
        port = int(base.rsplit(":", 1)[1])
        stalled = [
            b"GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\n",  # headers never end
            b"POST /api/auth/token HTTP/1.1\r\nHost: 127.0.0.1\r\n"  # the body never comes
            b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
        ]
        socks = []
        for request in stalled:
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(request)
            s.settimeout(40)
            socks.append(s)
        assert _get(base + "/api/rulesets")[0] == 200  # while both stall, on the one worker
        answers = []
        for s in socks:
            data = b""
            try:
                while chunk := s.recv(4096):  # until the server closes it
                    data += chunk
            except ConnectionResetError:
                pass
            except TimeoutError:
                raise AssertionError("a half-sent request is still open") from None
            finally:
                s.close()
            answers.append(data)
        assert answers[0] == b""  # headers cut off: closed unanswered
        assert answers[1].startswith(b"HTTP/1.1 408 "), answers[1]
        assert json.loads(answers[1].partition(b"\r\n\r\n")[2])["code"] == "request/timeout"
        assert _get(base + "/api/rulesets")[0] == 200
    assert "WORKER TIMEOUT" not in output[0], output[0]
    assert "Traceback" not in output[0], output[0]


def _slow_clients() -> Any:
    """``bench/slow_clients.py``, the slow-client script."""
    spec = importlib.util.spec_from_file_location("slow_clients", ROOT / "bench/slow_clients.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_slow_clients_four_per_worker_do_not_take_the_site_down(tmp_path: Path) -> None:
    """Issue 30: as many slow clients as web workers made the site unavailable for about
    half of each minute. Here four slow connections per worker -- headers a byte a second,
    a body a byte a second, idle kept-alive connections, a client that never reads its
    answer -- run for 25 s, each reopened a second after it is closed, while a visitor asks for
    a page every half second: every visit is answered, and no worker is killed."""
    slow = _slow_clients()
    output: list[str] = []
    settings = {"UMPIRE_WEB_WORKERS": "2", "UMPIRE_WEB_HEADER_TIMEOUT": "3",
                "UMPIRE_WEB_BODY_TIMEOUT": "5"}  # fmt: skip
    with served(tmp_path, output, **settings) as (base, _):
        report = slow.attack(base, clients=8, seconds=25, probe_timeout=20)
    summary = report.summary()
    assert report.probes > 5 and report.answered == report.probes, summary
    assert not report.failures, summary
    # The slow ones were there all along, and the server closed those that trickle.
    assert set(report.opened) == set(slow.KINDS), summary
    assert report.lifetimes.get("headers") and report.lifetimes.get("body"), summary
    assert "WORKER TIMEOUT" not in output[0], output[0]


def test_a_port_already_in_use_is_one_clear_line(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "umpire.server", "serve", "--port", str(port), "--no-demo"],
            env=_env(tmp_path),
            capture_output=True,
            text=True,
            timeout=120,
            cwd=ROOT,
        )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        f"umpire: cannot listen on 127.0.0.1:{port}: the port is already in use "
        "(another server?); choose one with --port"
    ], done.stderr


def test_static_files_are_served_hashed_compressed_and_cached_for_a_year(settings: Any) -> None:
    """Issue 29 (weight): the pages name each static file by a hash of its content, and
    WhiteNoise serves it compressed as the browser asks, cached for a year as immutable (a
    new version has a new name), so a returning reader fetches none of them again."""
    settings.WHITENOISE_AUTOREFRESH = False  # as on a site (conftest.py sets it for the rest)
    import gzip

    import brotli
    from django.templatetags.static import static
    from django.test import Client

    url = static("web/umpire.css")
    assert re.fullmatch(r"/static/web/umpire\.[0-9a-f]{12}\.css", url), url
    page = Client().get("/")
    assert f'href="{url}"' in page.content.decode()
    source = (ROOT / "src/umpire/server/web/static/web/umpire.css").read_bytes()
    for accept, encoding, decode in (
        ("gzip, deflate, br", "br", brotli.decompress),
        ("gzip", "gzip", gzip.decompress),
    ):
        response = Client().get(url, HTTP_ACCEPT_ENCODING=accept)
        assert response.status_code == 200
        assert response.headers["Content-Encoding"] == encoding
        assert response.headers["Cache-Control"] == "max-age=315360000, public, immutable"
        body = b"".join(response.streaming_content)  # type: ignore[attr-defined]
        assert len(body) < len(source) / 3
        assert decode(body) == source


def test_serve_from_a_fresh_clone_collects_its_static_files_and_serves_them(
    tmp_path: Path,
) -> None:
    """Issue 29 (weight): with the manifest storage, a page can name its files only once they
    are collected; ``umpire serve`` collects them at start into an empty directory (a fresh
    clone), and a second start with nothing changed skips the work."""
    static = tmp_path / "static"
    with served(tmp_path, UMPIRE_STATIC_ROOT=str(static)) as (base, banner):
        assert "Static files collected" in banner
        status, page = _get(base + "/")
        assert status == 200
        css = re.search(rb'href="(/static/web/umpire\.[0-9a-f]{12}\.css)"', page)
        assert css, page[:600]
        assert _get(base + css.group(1).decode()) == (
            200,
            (static / css.group(1)[8:].decode()).read_bytes(),
        )
    with served(tmp_path, UMPIRE_STATIC_ROOT=str(static)) as (base, banner):
        assert "Static files collected" not in banner
        assert _get(base + css.group(1).decode())[0] == 200


def _check_deploy(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {
        k: v
        for k, v in _env(tmp_path).items()
        if not k.startswith(("UMPIRE_DEBUG", "UMPIRE_HTTPS", "UMPIRE_SECRET", "UMPIRE_ALLOWED"))
    }
    environ.update(DJANGO_SETTINGS_MODULE="umpire.server.settings", **env)
    return subprocess.run(
        [sys.executable, "-m", "django", "check", "--deploy", "--fail-level", "WARNING"],
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


def test_check_deploy_passes_clean_with_the_production_settings(tmp_path: Path) -> None:
    done = _check_deploy(
        tmp_path,
        UMPIRE_SECRET_KEY=secrets.token_urlsafe(60),
        UMPIRE_ALLOWED_HOSTS="umpire.example.org",
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues (0 silenced)." in done.stdout


def test_check_deploy_still_warns_about_a_site_on_plain_http(tmp_path: Path) -> None:
    """The check is not silenced: a production host with HTTPS turned off is reported."""
    done = _check_deploy(
        tmp_path,
        UMPIRE_SECRET_KEY=secrets.token_urlsafe(60),
        UMPIRE_ALLOWED_HOSTS="umpire.example.org",
        UMPIRE_HTTPS="0",
    )
    assert done.returncode != 0
    assert "security.W008" in done.stderr + done.stdout


def test_openapi_document_is_served_through_gunicorn(tmp_path: Path) -> None:
    """One request through the whole stack with --no-demo: no demo account is created."""
    port = _free_port()
    child = subprocess.Popen(
        [sys.executable, "-m", "umpire.server", "serve", "--port", str(port), "--no-demo"],
        env=_env(tmp_path, UMPIRE_WEB_WORKERS="1"),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=ROOT,
    )
    assert child.stdout is not None
    lines: list[str] = []
    try:
        while not any("Worker running" in line for line in lines):
            line = child.stdout.readline()
            assert line, "".join(lines)
            lines.append(line)
        status, body = _get(f"http://127.0.0.1:{port}/api/openapi.json")
        assert status == 200
        document: dict[str, Any] = json.loads(body)
        assert "/api/games" in document["paths"]
        assert "Demo game" not in "".join(lines)
    finally:
        child.send_signal(signal.SIGTERM)
        out, _ = child.communicate(timeout=60)
    assert child.returncode == 0, "".join(lines) + out


LOADED = """
import json
import sys
import django
django.setup()
from umpire.server.httpd import HttpSettings, UmpireHttp, listen
before = {m for m in sys.modules if m.startswith("umpire.games.")}
UmpireHttp(listen("127.0.0.1", 0), HttpSettings.from_environ({})).load()
after = {m for m in sys.modules if m.startswith("umpire.games.")}
print(json.dumps([sorted(before), sorted(after)]))
"""


def test_the_games_are_loaded_before_the_workers_are_forked(tmp_path: Path) -> None:
    """A worker's first order submission for a game does not import it (0.4 s for Diplomacy,
    with the requests behind it waiting): the master loads every game before forking."""
    environ = _env(tmp_path, DJANGO_SETTINGS_MODULE="umpire.server.settings")
    environ.setdefault("UMPIRE_SECRET_KEY", "test-only-secret-key-not-for-production-use-x")
    done = subprocess.run(
        [sys.executable, "-c", LOADED], env=environ, capture_output=True, text=True,
        timeout=120, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    before, after = json.loads(done.stdout.strip().splitlines()[-1])
    games = {"battleplan", "conquest", "diplomacy", "origins", "spi_ww2"}
    assert not {m.split(".")[2] for m in before} & games
    assert games <= {m.split(".")[2] for m in after}


def _children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux's /proc)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie is dead
    except OSError:
        return False


def _health(base: str) -> tuple[int, dict[str, Any]]:
    status, body = _get(base + "/healthz")
    return status, json.loads(body)


def _wait(what: str, check: Any, seconds: float = 60) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"not within {seconds} s: {what}")


def _post(url: str, token: str) -> int:
    request = urllib.request.Request(url, data=b"", method="POST")
    request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return int(response.status)
    except urllib.error.HTTPError as err:
        return int(err.code)


def test_a_killed_task_worker_is_restarted_logged_and_seen_by_healthz(tmp_path: Path) -> None:
    """Issue 30: ``kill -9`` of serve's task worker went unnoticed (a GM's "process now" was
    answered 200 and no turn was ever processed). The master logs the death and restarts
    the worker; /healthz reports the worker's heartbeat all along; the turn is processed."""
    output: list[str] = []
    with served(tmp_path, output, UMPIRE_TICK_SECONDS="0.5") as (base, banner):
        game = int(re.search(r"Demo game: id (\d+)", banner).group(1))  # type: ignore[union-attr]
        gm = re.search(r"game master: gm / \S+ +token (\S+)", banner).group(1)  # type: ignore[union-attr]
        first = int(re.search(r"Worker running \(process (\d+)\)", banner).group(1))  # type: ignore[union-attr]
        _, health = _wait("a heartbeat", lambda: (h := _health(base))[0] == 200 and h)
        assert health["web"] == "ok" and health["worker"]["age_s"] < 30, health
        os.kill(first, signal.SIGKILL)

        def replacement() -> int:
            for pid in _children(_serve_pid(base)):
                if pid != first and "worker --parent" in _cmdline(pid) and _alive(pid):
                    return pid
            return 0

        second = _wait("the task worker restarted", replacement, 30)
        assert not _alive(first)
        _, before = _get(f"{base}/api/games/{game}", gm)
        turn = json.loads(before)["game"]["turn"]
        assert _post(f"{base}/api/games/{game}/gm/process", gm) == 200
        _wait(
            "the turn processed by the new worker",
            lambda: json.loads(_get(f"{base}/api/games/{game}", gm)[1])["game"]["turn"] > turn,
            60,
        )
        age = _health(base)[1]["worker"]["age_s"]
        assert age < 5, age
        assert _alive(second)
    log = output[0]
    assert f"the task worker (process {first}) was killed by SIGKILL" in log, log
    assert f"the task worker is running again (process {second})" in log, log


def test_web_workers_stop_at_once_when_serve_is_killed_under_load(tmp_path: Path) -> None:
    """Issue 30: after ``kill -9`` of serve, its web workers went on serving a steady load
    (the sync worker looks at its parent only when idle) for 55 s, holding the port, so a
    new ``umpire serve`` could not start. They stop within seconds now, load or not."""
    port = _free_port()
    child = subprocess.Popen(
        [sys.executable, str(SUBPROC), "serve", str(port)],
        env=_env(tmp_path, UMPIRE_WEB_WORKERS="2"),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert child.stdout is not None
    lines: list[str] = []
    while not any("Worker running" in line for line in lines):
        line = child.stdout.readline()
        assert line, "".join(lines)
        lines.append(line)
    base = f"http://127.0.0.1:{port}"
    _wait("the web workers", lambda: _get(base + "/api/rulesets")[0] == 200)

    def started() -> list[int]:
        processes = [p for p in _children(child.pid) if _alive(p)]
        web = [p for p in processes if "worker --parent" not in _cmdline(p)]
        return processes if len(web) == 2 else []

    processes = _wait("two web workers and the task worker", started, 30)
    stop = threading.Event()
    served_after: list[float] = []

    def load() -> None:  # requests back to back, as a busy site has them
        while not stop.is_set():
            try:
                _get(base + "/api/rulesets")
                served_after.append(time.monotonic())
            except Exception:
                time.sleep(0.05)

    threads = [threading.Thread(target=load) for _ in range(4)]
    for t in threads:
        t.start()
    try:
        time.sleep(1)
        killed = time.monotonic()
        child.kill()
        child.wait(10)

        def port_free() -> bool:  # as a new ``umpire serve`` would bind it
            try:
                listen("127.0.0.1", port).close()
                return True
            except ServeError:
                return False

        _wait("the port free again", port_free, 10)
        freed = time.monotonic() - killed
        _wait("every process of serve gone", lambda: not [p for p in processes if _alive(p)], 15)
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=60)
        child.stdout.close()
    assert freed < 10, freed
    assert served_after and served_after[0] < killed  # the load was on when serve was killed
