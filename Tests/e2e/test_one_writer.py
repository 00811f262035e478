"""One writer per data folder (issue 15, point 5): a second journey on a data folder in use says
who holds it and changes nothing; export reads beside it; two journeys started at once store one
consent, and the lock goes with a killed holder; a hold of a moment (a reader bringing the file up
to date, a probe) is waited out, not refused; export reads a data folder it cannot write. Each test
passes --data-dir (a tmp folder).
"""
from __future__ import annotations

import fcntl
import hashlib
import json
import os
import signal
import subprocess
import threading
from pathlib import Path

import pytest

from harness import run_piped
from journey_steps import join_demo, rows, unwrapped
from test_journey_tasks import finish_checkin

FOLDER_IN_USE = 7


def digest(data) -> str:
    return hashlib.sha256((data / "studyterm.sqlite").read_bytes()).hexdigest()


def test_a_second_journey_is_refused_naming_the_first_and_changes_nothing(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    first = term([studyterm_bin, "--data-dir", data])
    join_demo(first)
    first.send("Enter")  # the check-in: a run now being answered
    first.wait_for("A few questions about today")
    before = digest(data)
    second = term([studyterm_bin, "--data-dir", data])
    assert second.wait_exit() == FOLDER_IN_USE
    message = unwrapped(second)
    assert f"Another StudyTerm is using the data folder {data}: process {first.proc.pid} of " in message
    assert "Finish or quit it first, or choose another folder with --data-dir." in message
    assert "resume" not in message.lower()
    assert digest(data) == before
    first.send("Enter")
    first.wait_for("Did you smoke today?")  # the first goes on undisturbed


def test_export_reads_beside_a_running_journey(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    journey = term([studyterm_bin, "--data-dir", data])
    join_demo(journey)
    out = tmp_path / "out"
    result = run_piped([studyterm_bin, "export", "--data-dir", str(data), "--out", str(out), "--format", "json"])
    assert result.code == 0, result.stderr
    assert "Exported" in result.stdout
    assert (out / "results.json").exists() or any(out.iterdir())
    journey.send("Enter")
    journey.wait_for("A few questions about today")


def test_two_journeys_started_together_store_one_consent(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    a = term([studyterm_bin, "--data-dir", data])
    b = term([studyterm_bin, "--data-dir", data])
    refused = []
    for t in (a, b):
        # The one refused waits a moment for the lock (DataFolderLock.waitForHolder), then says so.
        t.wait_until(lambda t: "Welcome to StudyTerm" in t.text() or "Another StudyTerm is using" in unwrapped(t),
                     timeout=10)
        if "Another StudyTerm is using" in unwrapped(t):
            refused.append(t)
    assert len(refused) == 1, "exactly one of two journeys started together gets the data folder"
    assert refused[0].wait_exit() == FOLDER_IN_USE
    winner = b if refused[0] is a else a
    join_demo(winner)
    assert rows(data, "SELECT count(*) FROM consent") == [(1,)]


def test_the_lock_goes_with_a_killed_holder(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    first = term([studyterm_bin, "--data-dir", data])
    join_demo(first)
    first.kill(signal.SIGKILL)
    second = term([studyterm_bin, "--data-dir", data])
    second.wait_for("Your tasks")  # the lock file left behind blocks no one


def test_a_journey_waits_out_a_hold_of_a_moment(term, studyterm_bin, tmp_path) -> None:
    # Another process holds the lock for 0.3 s (as a lone export does while it brings the file up to
    # date): the journey starting meanwhile waits for it instead of saying the folder is in use.
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    holder = open(data / "studyterm.lock", "a+")
    fcntl.flock(holder, fcntl.LOCK_EX)
    threading.Timer(0.3, holder.close).start()
    t = term([studyterm_bin, "--data-dir", data])
    t.wait_for("Welcome to StudyTerm")


@pytest.fixture
def read_only_view(tmp_path):
    """A read-only view of a folder: a read-only bind mount as root (root ignores permission bits),
    else the folder itself made 0500."""
    made = []

    def make(folder):
        if os.geteuid() != 0:
            folder.chmod(0o500)
            made.append(lambda: folder.chmod(0o700))
            return folder
        view = tmp_path / "read-only-view"
        view.mkdir()
        for args in (["mount", "--bind", str(folder), str(view)], ["mount", "-o", "remount,bind,ro", str(view)]):
            mounted = subprocess.run(args, capture_output=True, text=True)
            if mounted.returncode != 0:
                subprocess.run(["umount", "-l", str(view)], check=False, capture_output=True)
                pytest.skip(f"cannot make a read-only bind mount here: {mounted.stderr.strip()}")
        made.append(lambda: subprocess.run(["umount", "-l", str(view)], check=False))
        return view

    yield make
    for undo in made:
        undo()


def test_export_reads_a_data_folder_it_cannot_write(term, studyterm_bin, tmp_path, read_only_view) -> None:
    # A data folder on read-only media (or another user's copy): export reads it as it is and
    # changes nothing, instead of saying it cannot be written.
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_demo(t)
    t.send("Enter")
    finish_checkin(t)
    t.send("q")
    assert t.wait_exit() == 0
    before = digest(data)
    view = read_only_view(data)
    out = tmp_path / "out"
    result = run_piped([studyterm_bin, "export", "--data-dir", str(view), "--out", str(out), "--format", "json"])
    assert result.code == 0, result.stderr
    assert result.stdout.startswith(f"Exported 1 result to {out}"), result.stdout
    assert len(json.loads((out / "results.json").read_text())) == 1
    assert digest(data) == before


EVERY = Path(__file__).resolve().parents[2] / "Resources" / "demo-study" / "tasks" / "every-input.json"


def test_a_second_run_on_the_same_snapshot_is_refused_naming_the_first(term, studyterm_bin, tmp_path) -> None:
    # The sibling of the data folder's lock: two `run`s on one --out (or one --restore) would resume
    # the same run UUID and overwrite each other's snapshot and result.
    out = tmp_path / "result.json"
    first = term([studyterm_bin, "run", EVERY, "--out", out], cwd=str(tmp_path))
    first.wait_for("Every kind of answer"); first.send("Enter")
    first.wait_for("Nickname")  # the introduction is stored in the snapshot
    snapshot = tmp_path / "result.snapshot.json"
    before = snapshot.read_bytes()
    for argv in (["--out", out], ["--restore", snapshot], ["--restore", snapshot, "--out", tmp_path / "other.json"]):
        second = term([studyterm_bin, "run", EVERY, *argv], cwd=str(tmp_path))
        assert second.wait_exit() == FOLDER_IN_USE
        message = unwrapped(second)
        assert f"Another StudyTerm is running this task with the snapshot {snapshot}: process {first.proc.pid} of " in message
        assert "Nothing was changed." in message
        assert snapshot.read_bytes() == before
    first.type("Ada"); first.wait_for("[Ada")  # the first goes on undisturbed
    first.kill(signal.SIGTERM)
    assert first.wait_exit() == 128 + signal.SIGTERM
    assert sorted(p.name for p in tmp_path.iterdir()) == ["result.snapshot.json"]  # no lock file left behind
    resumed = term([studyterm_bin, "run", EVERY, "--restore", snapshot], cwd=str(tmp_path))
    resumed.wait_for("[Ada")  # once it has ended, its snapshot resumes
