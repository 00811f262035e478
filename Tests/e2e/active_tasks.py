"""Helpers for the keyboard active-task suites (Tests/e2e/test_active_*.py): a one-step task file,
a run of it on a pty, and the measurement it stored."""
from __future__ import annotations

import json
from pathlib import Path


def write_task(path: Path, step: dict) -> Path:
    """A v4 assessment holding one timed step, then a completion step."""
    path.write_text(json.dumps({
        "identifier": "active", "type": "assessment", "title": "Active task",
        "steps": [step, {"identifier": "done", "type": "completion", "title": "All done"}]}))
    return path


def start(term, studyterm_bin, task: Path, tmp_path: Path, cols: int = 80, rows: int = 24, env=None):
    """`studyterm run task --out result.json` on a pty."""
    out = tmp_path / "result.json"
    t = term([studyterm_bin, "run", task, "--out", out], cols=cols, rows=rows, env=env, cwd=str(tmp_path))
    return t, out


def finish(t, out: Path) -> dict:
    """Goes past the completion step and returns the stored result."""
    t.wait_for("All done", timeout=20)
    t.send("Enter")
    assert t.wait_exit() == 0
    return json.loads(out.read_text())


def measurement(result: dict, identifier: str) -> dict:
    """The measurement result of step `identifier`."""
    found = [r for r in result["stepHistory"] if r["identifier"] == identifier and r["type"] == "measurement"]
    assert found, f"no measurement for {identifier}: {[r['identifier'] for r in result['stepHistory']]}"
    return found[-1]


def summary(m: dict) -> dict:
    """The measurement's summary values by identifier."""
    return {v["identifier"]: v["value"] for v in m["summary"]}


def stage_row(t, needle: str) -> tuple[int, int] | None:
    """Where `needle` is on the screen below the header, if anywhere."""
    for row, line in enumerate(t.screen()):
        if row > 0 and needle in line:
            return row, line.index(needle)
    return None
