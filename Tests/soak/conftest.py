"""The soak suite uses the end-to-end suite's harness and fixtures (studyterm_bin, term)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

E2E = Path(__file__).resolve().parent.parent / "e2e"
sys.path.insert(0, str(E2E))
_spec = importlib.util.spec_from_file_location("e2e_conftest", E2E / "conftest.py")
_e2e = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_e2e)

studyterm_bin = _e2e.studyterm_bin
term = _e2e.term
pytest_runtest_makereport = _e2e.pytest_runtest_makereport
