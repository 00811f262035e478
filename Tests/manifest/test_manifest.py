"""The default manifest passes no unsafe flags (issue 16, point 7): the library products can be
depended on, and the tuned release build is an opt-in (STUDYTERM_TUNED=1)."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def dump(env_extra: dict[str, str]) -> str:
    env = {k: v for k, v in os.environ.items() if k != "STUDYTERM_TUNED"} | env_extra
    done = subprocess.run(["swift", "package", "dump-package"], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=300, check=True)
    json.loads(done.stdout)
    return done.stdout


def test_a_plain_checkout_lists_no_unsafe_flags() -> None:
    assert "unsafeFlags" not in dump({})


def test_the_tuned_build_is_an_opt_in() -> None:
    assert "unsafeFlags" in dump({"STUDYTERM_TUNED": "1"})
