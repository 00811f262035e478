"""Every catchable signal that would end StudyTerm saves progress and restores the terminal first
(issue 15, point 8): the full-screen run and the journey, each signal by number, the terminal
checked by its bytes (the alternate screen left) and its modes (echo back on, read from the pty);
a crash signal restores the terminal before the process dies, with the answers stored so far
kept; in line mode a signal ends the process at once with 128 + n (SIGQUIT too: no core dump, no
crash report waiting for a key), every answer already stored; SIGPIPE never ends a session, and a reader that goes away ends line output quietly, the
run saved.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import termios
from pathlib import Path

import pytest

from journey_steps import join_demo
from test_journey_lines import all_text, answer, wait_text
from harness import bound

TASKS = Path(__file__).resolve().parents[2] / "Resources" / "demo-study" / "tasks"
EVERY = TASKS / "every-input.json"

# Every catchable signal whose default action ends the process (SIGTERM has its own test in
# test_run_task.py): POSIX's, then Linux's own and the two ends of the real-time range.
ENDING = [signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2, signal.SIGALRM, signal.SIGXCPU,
          signal.SIGXFSZ, signal.SIGVTALRM, signal.SIGPROF, signal.SIGHUP, signal.SIGINT,
          signal.SIGIO, signal.SIGPWR, signal.SIGSTKFLT, signal.SIGRTMIN, signal.SIGRTMAX]
# Signals that mean the process is broken: no saving then, but the terminal is put back.
CRASHING = [signal.SIGSYS, signal.SIGTRAP, signal.SIGABRT]


def echo_is_on(t) -> bool:
    """The pty's modes as the program left them (on Linux the master reports the slave's)."""
    return bool(termios.tcgetattr(t._require_fd())[3] & termios.ECHO)


def name(sig) -> str:
    return signal.Signals(sig).name


@pytest.mark.parametrize("sig", ENDING, ids=name)
def test_a_signal_mid_task_saves_then_restores_the_terminal(term, studyterm_bin, tmp_path, sig) -> None:
    t = term([studyterm_bin, "run", EVERY, "--out", tmp_path / "result.json"], cwd=str(tmp_path))
    t.wait_for("Every kind of answer"); t.send("Enter")
    t.wait_for("Nickname"); t.type("Ada"); t.wait_for("[Ada")
    assert not echo_is_on(t)
    mark = t.mark()
    t.kill(sig)
    assert t.wait_exit() == 128 + sig
    tail = t.bytes_since(mark)
    assert b"\x1b[?1049l" in tail, tail  # left the alternate screen
    assert echo_is_on(t)  # and curses put the modes back
    assert not (tmp_path / ".result.snapshot.json.lock").exists()  # the run's lock went with it
    saved = json.loads((tmp_path / "result.snapshot.json").read_text())
    assert saved["levels"][0]["result"]["stepHistory"][-1]["value"] == {"nickname": "Ada"}


@pytest.mark.parametrize("sig", ENDING + [signal.SIGTERM], ids=name)
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
    assert echo_is_on(t)
    again = term([studyterm_bin, "--data-dir", data])
    again.wait_for("Your tasks")
    again.send("Enter")
    again.wait_for("How many hours did you sleep?")  # resumed after the answered question


@pytest.mark.parametrize("sig", CRASHING, ids=name)
def test_a_crash_signal_restores_the_terminal_and_keeps_what_was_stored(term, studyterm_bin, tmp_path, sig) -> None:
    t = term([studyterm_bin, "run", EVERY, "--out", tmp_path / "result.json"], cwd=str(tmp_path))
    t.wait_for("Every kind of answer"); t.send("Enter")
    t.wait_for("Nickname")  # the introduction was stored before this screen showed
    t.type("Ada"); t.wait_for("[Ada")
    mark = t.mark()
    t.kill(sig)
    assert t.wait_exit() == -sig  # it still dies of the signal
    assert b"\x1b[?1049l" in t.bytes_since(mark)
    assert echo_is_on(t)
    saved = json.loads((tmp_path / "result.snapshot.json").read_text())
    assert [step["identifier"] for step in saved["levels"][0]["result"]["stepHistory"]][0] == "intro"


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
                              shell=True, executable="/bin/bash", capture_output=True, text=True, timeout=bound(10))
    lines = pipeline.stdout.splitlines()
    assert len(lines) == 2, pipeline
    status = int(lines[1].removeprefix("status="))
    assert status != 128 + signal.SIGPIPE, pipeline


def test_line_mode_piped_into_head_saves_and_says_so_on_stderr(studyterm_bin, tmp_path) -> None:
    # A line-mode run piped into `head -3`: once head has gone, the next prompt meets a closed pipe
    # (EPIPE, a write error, never a SIGPIPE death); the run ends saved at the step it reached and
    # says so, with the way back, on standard error.
    script = (f"{{ sleep 1; echo; sleep 1; }} | '{studyterm_bin}' run '{EVERY}' --out '{tmp_path / 'r.json'}' "
              f"2>'{tmp_path / 'err'}' | head -3; echo \"status=${{PIPESTATUS[1]}}\"")
    pipeline = subprocess.run(script, shell=True, executable="/bin/bash", capture_output=True, text=True, timeout=bound(20))
    lines = pipeline.stdout.splitlines()
    assert lines[0].startswith("Every kind of answer."), pipeline
    assert lines[-1] == "status=10", pipeline  # saved, not 141 (killed by SIGPIPE)
    err = (tmp_path / "err").read_text()
    assert "The output was closed (nobody reads it any more)." in err
    assert f"Saved. Resume with: studyterm run {EVERY} --restore {tmp_path / 'r.snapshot.json'}" in err
    saved = json.loads((tmp_path / "r.snapshot.json").read_text())
    # Which step it reached is a race the test cannot decide: head may go before the first prompt
    # is written (the run ends at "intro") or after it, when the pipe still took it, and then the
    # closed pipe is met after the Enter, at "about". Saved at the step reached, either way.
    assert [s["identifier"] for s in saved["levels"][0]["result"]["stepHistory"]] in (["intro"], ["intro", "about"])


LINE_ENDING = [signal.SIGQUIT, signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGUSR1, signal.SIGRTMIN]


@pytest.mark.parametrize("sig", LINE_ENDING, ids=name)
def test_a_signal_in_line_mode_ends_at_once_keeping_the_stored_answers(term, studyterm_bin, tmp_path, sig) -> None:
    t = term([studyterm_bin, "run", EVERY, "--out", tmp_path / "result.json", "--accessible"], cwd=str(tmp_path))
    wait_text(t, "Press Enter for Next.")
    answer(t, "")
    wait_text(t, "Nickname")
    t.kill(sig)
    assert t.wait_exit(timeout=3) == 128 + sig
    assert "crashed" not in all_text(t)
    assert echo_is_on(t)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["result.snapshot.json"]  # no lock file left behind
    saved = json.loads((tmp_path / "result.snapshot.json").read_text())
    assert [step["identifier"] for step in saved["levels"][0]["result"]["stepHistory"]][0] == "intro"


def test_sigquit_in_the_journeys_line_mode_ends_it_and_the_task_resumes(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data, "--accessible"], cwd=str(tmp_path))
    wait_text(t, "2. Join the demo study"); answer(t, "2")
    wait_text(t, "Statement 1 of 2"); answer(t, "y")
    wait_text(t, "Statement 2 of 2"); answer(t, "y")
    wait_text(t, "Do you agree to take part"); answer(t, "1")
    wait_text(t, "1. Daily check-in"); answer(t, "1")
    wait_text(t, "Press Enter for Next."); answer(t, "")
    wait_text(t, "Did you smoke today?"); answer(t, "1")
    wait_text(t, "How many cigarettes?")
    t.kill(signal.SIGQUIT)  # Ctrl-backslash
    assert t.wait_exit(timeout=3) == 128 + signal.SIGQUIT
    again = term([studyterm_bin, "--data-dir", data, "--accessible"], cwd=str(tmp_path))
    wait_text(again, "1. Daily check-in: all day, resume")
    answer(again, "1")
    wait_text(again, "How many cigarettes?")  # resumed after the answered question


def test_the_journeys_line_mode_whose_reader_goes_away_saves_the_task_and_says_so(term, studyterm_bin, tmp_path) -> None:
    # The journey without a terminal, its output read until a check-in question, then the reader
    # goes away (as `| head` does): the next answer is stored, the write after it fails (EPIPE, a
    # write error), and the journey ends saying so on standard error; the task resumes after it.
    data = tmp_path / "data"
    journey = subprocess.Popen([studyterm_bin, "--data-dir", data], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    seen = b""

    def until(needle: str) -> None:
        nonlocal seen
        while needle.encode() not in seen:
            chunk = os.read(journey.stdout.fileno(), 4096)
            assert chunk, f"output ended before {needle!r}: {seen.decode()}"
            seen += chunk

    def reply(line: str) -> None:
        journey.stdin.write((line + "\n").encode())
        journey.stdin.flush()

    try:
        for prompt, line in [("2. Join the demo study", "2"), ("Statement 1 of 2", "y"), ("Statement 2 of 2", "y"),
                             ("Do you agree to take part", "1"), ("1. Daily check-in", "1"),
                             ("Press Enter for Next.", ""), ("Did you smoke today?", "1"), ("Type a whole number (1 to 100).\n>", None)]:
            until(prompt)
            if line is not None:
                reply(line)
        journey.stdout.close()  # the reader goes away
        reply("4")
        journey.stdin.close()
        assert journey.wait(timeout=bound(10)) == 0
        err = journey.stderr.read().decode()
    finally:
        if journey.poll() is None:
            journey.kill()
    assert "Daily check-in is saved; resume it from the dashboard." in err
    assert "The output was closed (nobody reads it any more)." in err
    again = term([studyterm_bin, "--data-dir", data, "--accessible"], cwd=str(tmp_path))
    wait_text(again, "1. Daily check-in: all day, resume")
    answer(again, "1")
    wait_text(again, "How many hours did you sleep?")  # the answer given as the reader went is kept


LINE_CRASHING = [signal.SIGSEGV, signal.SIGILL, signal.SIGBUS, signal.SIGFPE, signal.SIGABRT, signal.SIGTRAP, signal.SIGSYS]


@pytest.mark.parametrize("sig", LINE_CRASHING, ids=name)
def test_a_crash_in_line_mode_says_one_line_and_ends_without_waiting_for_a_key(term, studyterm_bin, tmp_path, sig) -> None:
    # The Swift runtime's crash report waits on a terminal for a key ("Press space to interact"),
    # keeping the process alive for 30 s or more; a participant's program ends at once instead.
    t = term([studyterm_bin, "run", EVERY, "--out", tmp_path / "result.json", "--accessible"], cwd=str(tmp_path))
    wait_text(t, "Press Enter for Next.")
    answer(t, "")
    wait_text(t, "Nickname")
    t.kill(sig)
    assert t.wait_exit(timeout=10) == -sig  # it still dies of its signal
    text = all_text(t)
    assert f"studyterm stopped on an internal error (signal {int(sig)})" in " ".join(text.split()), text
    assert "Press space" not in text and "Crash" not in text and "backtrace" not in text.lower(), text
    saved = json.loads((tmp_path / "result.snapshot.json").read_text())
    assert [step["identifier"] for step in saved["levels"][0]["result"]["stepHistory"]][0] == "intro"
