"""Signals at a study station (issue 27, "No way out"): SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU
and SIGPIPE sent from outside (as `kill` would) do nothing, before curses starts and on every
screen; SIGTERM and SIGHUP still end the session `interrupted` and exit 0. The station runs no
child process (its only allowed one, the speech helper, is off at a station)."""
from __future__ import annotations

import os
import signal
import time

import pytest

from station_kit import (FIRST_QUESTION, WELCOME, children, ignored_signals, make_station, process_state,
                         session_ends, start_station)
from harness import Term, bound  # noqa: E402  (station_kit puts Tests/e2e on the path)

PARTICIPANT_SIGNALS = [signal.SIGINT, signal.SIGQUIT, signal.SIGTSTP, signal.SIGTTIN, signal.SIGTTOU, signal.SIGPIPE]


@pytest.fixture
def stations():
    made: list[Term] = []
    yield made
    for t in made:
        t.close()


def in_job_shell(studyterm_bin, config, *extra: str) -> tuple[Term, int]:
    """The station as a login shell runs it (getty autologin): a job of a job-control shell, in a
    process group of its own that is not orphaned, so SIGTSTP, SIGTTIN and SIGTTOU would stop it
    if it did not ignore them (the kernel drops them for an orphaned group). Returns the pty and
    the station's process id."""
    t = Term(["/bin/bash", "-c", 'set -m; "$0" kiosk --config "$@"; exit $?', str(studyterm_bin), str(config), *extra])
    t.wait_for(WELCOME, timeout=20)
    station = children(t.proc.pid)
    assert len(station) == 1, station
    assert os.getpgid(station[0]) != os.getpgid(t.proc.pid), "the shell ran the station without job control"
    return t, station[0]


def end_station(pid: int) -> None:
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + bound(5)
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.05)


@pytest.mark.parametrize("sig", PARTICIPANT_SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_a_participant_signal_on_welcome_and_in_a_task_leaves_the_station_on_its_screen(stations, studyterm_bin, tmp_path, sig):
    t, pid = in_job_shell(studyterm_bin, make_station(tmp_path))
    stations.append(t)
    try:
        os.kill(pid, sig)
        t.send("Enter")
        t.wait_for(FIRST_QUESTION, timeout=10)
        assert process_state(pid) not in "TZ", "the station was stopped or ended"
        t.type("ab")
        t.wait_for("ab")
        os.kill(pid, sig)
        t.type("cd")
        t.wait_for("abcd", timeout=10)
        assert process_state(pid) not in "TZ", "the station was stopped or ended"
        assert t.proc.poll() is None, f"the shell ended ({t.proc.returncode})\n{t.dump()}"
        assert FIRST_QUESTION in t.text()
        assert session_ends(tmp_path / "data") == [None], "the signal ended the session"
    finally:
        end_station(pid)


def test_the_line_face_ignores_the_participant_signals_and_ends_interrupted_on_sigterm(stations, studyterm_bin, tmp_path):
    t, pid = in_job_shell(studyterm_bin, make_station(tmp_path), "--accessible")
    stations.append(t)
    try:
        for sig in PARTICIPANT_SIGNALS:
            os.kill(pid, sig)
        t.send("Enter")
        t.wait_for(FIRST_QUESTION, timeout=10)
        for sig in PARTICIPANT_SIGNALS:
            os.kill(pid, sig)
        t.type("abc")
        t.send("Enter")
        t.wait_for("How do you feel today?", timeout=10)
        assert process_state(pid) not in "TZ", "the station was stopped or ended"
        assert session_ends(tmp_path / "data") == [None], "a signal ended the session"
        os.kill(pid, signal.SIGTERM)
        assert t.wait_exit(timeout=10) == 0
        assert session_ends(tmp_path / "data") == ["interrupted"]
    finally:
        end_station(pid)


def test_after_every_participant_signal_sigterm_still_ends_the_session_interrupted_with_0(stations, studyterm_bin, tmp_path):
    t = start_station(studyterm_bin, make_station(tmp_path))
    stations.append(t)
    t.send("Enter")
    t.wait_for(FIRST_QUESTION, timeout=10)
    for sig in PARTICIPANT_SIGNALS:
        os.kill(t.proc.pid, sig)
    t.type("xy")
    t.wait_for("xy", timeout=10)
    t.kill(signal.SIGTERM)
    assert t.wait_exit(timeout=10) == 0
    assert session_ends(tmp_path / "data") == ["interrupted"]


def test_the_running_station_ignores_the_participant_signals_and_catches_term_and_hup(stations, studyterm_bin, tmp_path):
    t = start_station(studyterm_bin, make_station(tmp_path))
    stations.append(t)
    for screen in (WELCOME, FIRST_QUESTION):
        if screen == FIRST_QUESTION:
            t.send("Enter")
            t.wait_for(FIRST_QUESTION, timeout=10)
        ignored = ignored_signals(t.proc.pid)
        assert set(PARTICIPANT_SIGNALS) <= ignored, f"on {screen!r} not ignored: {set(PARTICIPANT_SIGNALS) - ignored}"
        assert not {signal.SIGTERM, signal.SIGHUP} & ignored


def test_participant_signals_are_ignored_before_curses_starts(studyterm_bin, tmp_path):
    """The audit log is a FIFO nobody reads, so the station's setup (before the terminal opens)
    waits in open(2). Signals sent then are ignored; SIGTERM still ends it (143, nothing to save)."""
    config = make_station(tmp_path)
    os.mkfifo(tmp_path / "audit.log")
    with Term([str(studyterm_bin), "kiosk", "--config", str(config)]) as t:
        wchan = f"/proc/{t.proc.pid}/wchan"
        deadline = time.monotonic() + bound(20)
        while open(wchan).read().strip() != "wait_for_partner":
            assert t.proc.poll() is None, f"the station ended before its setup opened the audit log\n{t.dump()}"
            assert time.monotonic() < deadline, "the station's setup never waited for the audit log FIFO"
            time.sleep(0.01)
        assert set(PARTICIPANT_SIGNALS) <= ignored_signals(t.proc.pid)
        for sig in PARTICIPANT_SIGNALS:
            os.kill(t.proc.pid, sig)
        os.kill(t.proc.pid, signal.SIGTERM)
        assert t.wait_exit(timeout=10) == 128 + signal.SIGTERM, "a participant signal ended the station before curses started"
        assert WELCOME.encode() not in t.raw_bytes


def test_a_station_session_starts_no_child_process(stations, studyterm_bin, tmp_path):
    """A fake `espeak-ng` (the allow-listed speech helper) first on PATH leaves a mark if run."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    mark = tmp_path / "spawned"
    for name in ("espeak-ng", "timedatectl", "sh", "bash"):
        fake = bin_dir / name
        fake.write_text(f"#!/bin/sh\necho {name} >> {mark}\n")
        fake.chmod(0o755)
    env = {"PATH": f"{bin_dir}:{os.environ.get('PATH', '/usr/bin:/bin')}"}
    t = start_station(studyterm_bin, make_station(tmp_path, timeouts={"thankYouSeconds": 1}), env=env)
    stations.append(t)
    seen: list[int] = []
    for _ in range(2):
        t.send("Enter")
        t.wait_for(FIRST_QUESTION, timeout=10)
        seen += children(t.proc.pid)
        t.type("word")
        t.send("Enter")
        t.wait_for("How do you feel today?", timeout=10)
        seen += children(t.proc.pid)
        t.send("Enter")
        t.wait_for("Almost done", timeout=10)
        t.send("Enter")
        t.wait_for("Thank you!", timeout=10)
        seen += children(t.proc.pid)
        t.wait_for(WELCOME, timeout=15)
        seen += children(t.proc.pid)
    assert seen == [], f"the station started child processes {seen}"
    assert not mark.exists(), mark.read_text()
    assert session_ends(tmp_path / "data") == ["completed", "completed"]
