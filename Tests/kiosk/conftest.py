"""Fixtures of the kiosk suites: the repository's Resources/kiosk and the studyterm binary."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
KIOSK = REPO / "Resources" / "kiosk"


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
