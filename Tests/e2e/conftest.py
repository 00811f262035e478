"""Fixtures for the end-to-end suites (Tests/run-all runs them with the venv's pytest).

studyterm_bin  path of the binary: $STUDYTERM_BIN, else .build/debug/studyterm
corpus_dir     the external corpus: $STUDYTERM_CORPUS; tests that use it skip without it
term           factory: term(argv, cols=80, rows=24, env=None, cwd=None) -> harness.Term;
               every Term it made is closed (its process killed) after the test, and the
               screens are printed when the test failed
mini_curses    argv of the small curses program the harness self-tests drive
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Callable, Iterator

import pytest

from harness import Term

REPO = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
_FAILED = pytest.StashKey[bool]()


@pytest.fixture(scope="session")
def studyterm_bin() -> Path:
    configured = os.environ.get("STUDYTERM_BIN")
    path = Path(configured).resolve() if configured else REPO / ".build" / "debug" / "studyterm"
    if not os.access(path, os.X_OK):
        if configured:
            pytest.fail(f"STUDYTERM_BIN={configured} is not an executable file")
        pytest.skip(f"{path} is not built: run `swift build` (Tests/run-all does)")
    return path


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    configured = os.environ.get("STUDYTERM_CORPUS")
    if not configured or not Path(configured).is_dir():
        pytest.skip("no corpus: set STUDYTERM_CORPUS (Tests/run-all does when ../shared/corpus exists)")
    return Path(configured)


@pytest.fixture
def mini_curses() -> list[str]:
    return [sys.executable, str(FIXTURES / "mini_curses.py")]


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    if report.when == "call":
        item.stash[_FAILED] = report.failed
    return report



@pytest.fixture
def term(request: pytest.FixtureRequest) -> Iterator[Callable[..., Term]]:
    made: list[Term] = []

    def make(argv, **kwargs) -> Term:
        made.append(Term([str(arg) for arg in argv], **kwargs))
        return made[-1]

    yield make
    if request.node.stash.get(_FAILED, False):
        for t in made:
            print(t.dump())
    for t in made:
        t.close()
