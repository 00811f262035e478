"""Fixtures for the study server's suites (Tests/run-all runs them with the venv's pytest).

server_bin    path of studyterm-server: $STUDYTERM_SERVER_BIN, else .build/debug/studyterm-server
studyterm_bin path of the app: $STUDYTERM_BIN, else .build/debug/studyterm (to make real task results)
engine        "sqlite" and "postgres": every test that takes it runs against both engines. PostgreSQL
              is $STUDYTERM_TEST_POSTGRES_URL (Tests/run-all starts a throwaway cluster and sets it);
              each test gets a schema of its own
database      the --database value for the engine (a SQLite file in tmp_path, or a new schema)
study_dir     a copy of the bundled demo study in tmp_path
serve         factory: serve(*args) -> ServerProcess, started and listening; stopped after the test;
              serve.restart(server) -> ServerProcess kills it and starts it again on the same database
              and (when it can) the same port (server_process.restart_server), also stopped after
"""
from __future__ import annotations

import os
import shutil
import signal
import uuid
from pathlib import Path
from typing import Iterator

import pytest

from server_process import ServerProcess, restart_server

REPO = Path(__file__).resolve().parents[2]


def _binary(variable: str, name: str) -> Path:
    configured = os.environ.get(variable)
    path = Path(configured).resolve() if configured else REPO / ".build" / "debug" / name
    if not os.access(path, os.X_OK):
        if configured:
            pytest.fail(f"{variable}={configured} is not an executable file")
        pytest.skip(f"{path} is not built: run `swift build` (Tests/run-all does)")
    return path


@pytest.fixture(scope="session")
def server_bin() -> Path:
    return _binary("STUDYTERM_SERVER_BIN", "studyterm-server")


@pytest.fixture(scope="session")
def studyterm_bin() -> Path:
    return _binary("STUDYTERM_BIN", "studyterm")


def postgres_url() -> str | None:
    return os.environ.get("STUDYTERM_TEST_POSTGRES_URL") or None


@pytest.fixture(params=["sqlite", "postgres"])
def engine(request: pytest.FixtureRequest) -> str:
    if request.param == "postgres" and not postgres_url():
        pytest.skip("no PostgreSQL: set STUDYTERM_TEST_POSTGRES_URL (Tests/run-all starts a cluster and does)")
    return request.param


@pytest.fixture
def database(engine: str, tmp_path: Path) -> str:
    if engine == "sqlite":
        return str(tmp_path / "server.sqlite")
    url = postgres_url()
    assert url
    return url + ("&" if "?" in url else "?") + "schema=py_" + uuid.uuid4().hex


@pytest.fixture
def study_dir(tmp_path: Path) -> Path:
    """The demo study (its task files are inside it), copied."""
    shutil.copytree(REPO / "Resources" / "demo-study", tmp_path / "demo-study")
    return tmp_path / "demo-study"


class Servers:
    """The `serve` fixture: starts servers, restarts them, and stops them all at the end."""

    def __init__(self, server_bin: Path):
        self.server_bin = server_bin
        self.started: list[ServerProcess] = []

    def __call__(self, *args: str, env: dict[str, str] | None = None) -> ServerProcess:
        process = ServerProcess.start(self.server_bin, list(args), env=env)
        self.started.append(process)
        return process

    def restart(self, server: ServerProcess, sig: signal.Signals = signal.SIGKILL) -> ServerProcess:
        process = restart_server(server, sig)
        self.started.append(process)
        return process


@pytest.fixture
def serve(server_bin: Path) -> Iterator[Servers]:
    servers = Servers(server_bin)
    yield servers
    for process in servers.started:
        process.stop()
