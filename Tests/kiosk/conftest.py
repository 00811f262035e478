"""Fixtures of the kiosk suites: the repository's Resources/kiosk and the studyterm binary."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
KIOSK = REPO / "Resources" / "kiosk"
sys.path.insert(0, str(REPO / "Tests" / "e2e"))
from harness import Term  # noqa: E402


@pytest.fixture(scope="session")
def kiosk_resources() -> Path:
    return KIOSK


@pytest.fixture(scope="session")
def studyterm_bin() -> Path:
    configured = os.environ.get("STUDYTERM_BIN")
    path = Path(configured).resolve() if configured else REPO / ".build" / "debug" / "studyterm"
    if not os.access(path, os.X_OK):
        if configured:
            pytest.fail(f"STUDYTERM_BIN={configured} is not an executable file")
        pytest.skip(f"{path} is not built: run `swift build` (Tests/run-all does)")
    return path


@pytest.fixture
def term():
    """Makes programs on ptys (`term(argv, cols=..)`) and closes every one after the test."""
    made: list[Term] = []

    def make(argv, **kwargs) -> Term:
        made.append(Term([str(a) for a in argv], **kwargs))
        return made[-1]

    yield make
    for t in made:
        t.close()
