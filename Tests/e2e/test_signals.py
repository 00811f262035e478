"""Every catchable signal that would end StudyTerm saves progress and restores the terminal first
(issue 15, point 8): the full-screen run and the journey, each signal by number; SIGPIPE never
ends a session, and a reader that goes away ends line output quietly.
"""
from __future__ import annotations

import json
import signal
import subprocess
from pathlib import Path

import pytest

from journey_steps import join_demo

TASKS = Path(__file__).resolve().parents[2] / "Resources" / "demo-study" / "tasks"
EVERY = TASKS / "every-input.json"

ENDING = [signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2, signal.SIGALRM, signal.SIGXCPU,
          signal.SIGXFSZ, signal.SIGVTALRM, signal.SIGPROF, signal.SIGHUP, signal.SIGINT]


@pytest.mark.parametrize("sig", ENDING, ids=lambda s: s.name)
def test_a_signal_mid_task_saves_then_restores_the_terminal(term, studyterm_bin, tmp_path, sig) -> None:
    t = term([studyterm_bin, "run", EVERY, "--out", tmp_path / "result.json"], cwd=str(tmp_path))
    t.wait_for("Every kind of answer"); t.send("Enter")
    t.wait_for("Nickname"); t.type("Ada"); t.wait_for("[Ada")
    mark = t.mark()
    t.kill(sig)
    assert t.wait_exit() == 128 + sig
    tail = t.bytes_since(mark)
    assert b"\x1b[?1049l" in tail, tail  # left the alternate screen (and curses put the modes back)
    saved = json.loads((tmp_path / "result.snapshot.json").read_text())
    assert saved["levels"][0]["result"]["stepHistory"][-1]["value"] == {"nickname": "Ada"}


@pytest.mark.parametrize("sig", [signal.SIGQUIT, signal.SIGUSR1, signal.SIGALRM], ids=lambda s: s.name)
def test_a_signal_in_the_journey_restores_the_terminal_and_the_run_resumes(term, studyterm_bin, tmp_path, sig) -> None:
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_demo(t)
    t.send("Enter")
    t.wait_for("A few questions about today"); t.send("Enter")
    t.wait_for("Did you smoke today?"); t.send("2", "Enter")
    t.wait_gone("Did you smoke today?")
    mark = t.mark()
    t.kill(sig)
    assert t.wait_exit() == 128 + sig
    assert b"\x1b[?1049l" in t.bytes_since(mark)
    again = term([studyterm_bin, "--data-dir", data])
    again.wait_for("Your tasks")
    again.send("Enter")
    again.wait_for("How many hours did you sleep?")  # resumed after the answered question


def test_sigpipe_does_not_end_a_session(term, studyterm_bin, tmp_path) -> None:
    t = term([studyterm_bin, "run", EVERY, "--out", tmp_path / "result.json"], cwd=str(tmp_path))
    t.wait_for("Every kind of answer"); t.send("Enter")
    t.wait_for("Nickname")
    t.kill(signal.SIGPIPE)
    t.type("Ada"); t.wait_for("[Ada")
    assert t.proc.poll() is None


def test_a_reader_that_goes_away_ends_line_output_without_a_broken_pipe_death(studyterm_bin) -> None:
    # `studyterm help | head -1`: the first line arrives; studyterm is not killed by SIGPIPE.
    pipeline = subprocess.run(f"'{studyterm_bin}' help | head -1; echo \"status=${{PIPESTATUS[0]}}\"",
                              shell=True, executable="/bin/bash", capture_output=True, text=True, timeout=10)
    lines = pipeline.stdout.splitlines()
    assert len(lines) == 2, pipeline
    status = int(lines[1].removeprefix("status="))
    assert status != 128 + signal.SIGPIPE, pipeline
