"""The station's admin menu on a pty (issue 27 "Admin" and "Status"): the status screen and the
status file's lockout and clock fields; pause, which a restart keeps and only the chord and PIN
undo; ending the current session mid-task (stored ended-by-staff, welcome on a wiped terminal);
a test session that stores nothing; the export; the root-only lockout reset. Every action is
audited, never with answers or ids, and verify-audit passes."""
from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
from pathlib import Path

import pytest

from test_kiosk_admin import (MENU, RIGHT_PIN, SESSION_MENU, WRONG_PIN, audit_events, choose, open_prompt, set_pin, submit,
                              verify_audit, wait_for_failures)
from test_kiosk_station import CANARY, WELCOME, begin_and_type_canary, expect_wiped, make_station, session_ends, start


def to_menu(t) -> None:
    open_prompt(t)
    submit(t, RIGHT_PIN)
    t.wait_for("Station admin", timeout=30)


def events(tmp: Path) -> list[str]:
    return [json.loads(line)["event"] for line in (tmp / "audit.log").read_text().splitlines()]


def count_rows(tmp: Path, table: str) -> int:
    with sqlite3.connect(tmp / "data" / "studyterm.sqlite") as db:
        return db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


def test_the_status_screen_and_file_show_the_lockout_and_the_clock(term, studyterm_bin, tmp_path):
    config = make_station(tmp_path)
    set_pin(studyterm_bin, config)
    t = start(term, studyterm_bin, config)
    open_prompt(t)
    for attempt in (1, 2):
        submit(t, WRONG_PIN)
        wait_for_failures(tmp_path, attempt)
        t.wait_for("Wrong PIN.")
    status = json.loads((tmp_path / "status.json").read_text())
    assert status["pinLockout"]["failures"] == 2
    timesync = Path("/run/systemd/timesync")
    expected = True if (timesync / "synchronized").exists() else False if timesync.is_dir() else None
    assert status["clockSynchronized"] is expected
    submit(t, RIGHT_PIN)
    t.wait_for("Station admin", timeout=30)
    choose(t, "Station status")
    t.wait_for("Free disk", timeout=10)
    text = t.text()
    clock = {True: "yes", False: "NO", None: "cannot be told"}[expected]
    for line in ("Station: pty-station", "Results waiting: 0", "Last sync: never", f"Clock synchronized: {clock}", "App version:",
                 "Study definition:", "Sessions today: completed 0, timed-out 0, ended-by-staff 0, interrupted 0",
                 "PIN lockout: none"):
        assert line in text, line
    t.send("Esc")
    t.wait_for("Station admin")
    choose(t, "Sync now")
    t.wait_for("this station sends to no study server", timeout=10)
    t.send("Esc")
    t.wait_for("Station admin")
    choose(t, "End the station", highlighted="Sync now")
    assert t.wait_exit(timeout=15) == 0
    assert ["admin-status-viewed", "admin-sync-requested"] == [e for e in events(tmp_path) if e in ("admin-status-viewed", "admin-sync-requested")]
    assert json.loads((tmp_path / "status.json").read_text())["pinLockout"] == {"failures": 0}
    verify_audit(studyterm_bin, tmp_path)


def test_pause_holds_across_a_restart_and_only_the_chord_and_pin_resume(term, studyterm_bin, tmp_path):
    config = make_station(tmp_path)
    set_pin(studyterm_bin, config)
    t = start(term, studyterm_bin, config)
    to_menu(t)
    choose(t, "Pause the station")
    t.wait_for("This station is paused", timeout=10)
    assert oct((tmp_path / "data" / "paused").stat().st_mode & 0o777) == "0o600"
    for key in ("Enter", "Esc", "q", "C-c", "Space"):
        t.send(key)
    t.wait_quiet(ms=300)
    assert "This station is paused" in t.text() and WELCOME not in t.text()
    t.proc.send_signal(signal.SIGTERM)
    assert t.wait_exit(timeout=15) == 0

    again = term([studyterm_bin, "kiosk", "--config", config])
    again.wait_for("This station is paused", timeout=20)
    again.send("Enter")
    again.wait_quiet(ms=300)
    assert WELCOME not in again.text()
    to_menu(again)
    assert "Resume the station" in again.text()
    choose(again, "Resume the station", [entry.replace("Pause", "Resume") for entry in MENU])
    again.wait_for(WELCOME, timeout=10)
    assert not (tmp_path / "data" / "paused").exists()
    assert session_ends(tmp_path) == []
    again.proc.send_signal(signal.SIGTERM)
    assert again.wait_exit(timeout=15) == 0
    assert [e for e in events(tmp_path) if e in ("admin-paused", "admin-resumed")] == ["admin-paused", "admin-resumed"]
    verify_audit(studyterm_bin, tmp_path)


def test_ending_the_current_session_mid_task_stores_ended_by_staff_and_welcome_shows_nothing_of_it(term, studyterm_bin, tmp_path):
    config = make_station(tmp_path)
    set_pin(studyterm_bin, config)
    t = start(term, studyterm_bin, config)
    begin_and_type_canary(t)
    to_menu(t)
    assert "End the current session" in t.text()
    choose(t, "End the current session", SESSION_MENU)
    t.wait_for(WELCOME, timeout=15)
    expect_wiped(t)
    assert session_ends(tmp_path) == ["ended-by-staff"]
    assert t.proc.poll() is None
    t.proc.send_signal(signal.SIGTERM)
    assert t.wait_exit(timeout=15) == 0
    log = (tmp_path / "audit.log").read_text()
    assert CANARY not in log and RIGHT_PIN not in log
    assert [f["reason"] for f in audit_events(tmp_path, "session-ended")] == ["ended-by-staff"]
    assert "admin-session-ended" in events(tmp_path)
    verify_audit(studyterm_bin, tmp_path)


def test_the_chord_keys_never_reach_the_task_and_back_to_the_session_continues_it(term, studyterm_bin, tmp_path):
    config = make_station(tmp_path)
    set_pin(studyterm_bin, config)
    t = start(term, studyterm_bin, config)
    begin_and_type_canary(t)
    to_menu(t)
    choose(t, "Back to the session", SESSION_MENU)
    t.wait_for("Write one word", timeout=10)
    t.type("XY")
    t.wait_for(CANARY + "XY")
    t.proc.send_signal(signal.SIGTERM)
    assert t.wait_exit(timeout=15) == 0
    assert session_ends(tmp_path) == ["interrupted"]


def test_a_test_session_is_marked_test_and_stores_nothing(term, studyterm_bin, tmp_path):
    config = make_station(tmp_path)
    set_pin(studyterm_bin, config)
    t = start(term, studyterm_bin, config)
    to_menu(t)
    choose(t, "Test session (not stored)")
    t.wait_for("Write one word", timeout=10)
    assert "TEST (not stored)" in t.text()
    t.type(CANARY)
    t.wait_for(CANARY)
    t.send("Enter")
    t.wait_for("Almost done")
    assert "TEST (not stored)" in t.text()
    t.send("Enter")
    t.wait_for("Test session: nothing was stored.", timeout=10)
    assert "TEST (not stored)" in t.text()
    t.wait_for(WELCOME, timeout=15)
    assert "TEST" not in t.text()
    for table in ("kioskSession", "enrollment", "taskRun", "result", "outbox", "snapshot"):
        assert count_rows(tmp_path, table) == 0, table
    t.proc.send_signal(signal.SIGTERM)
    assert t.wait_exit(timeout=15) == 0
    assert CANARY not in (tmp_path / "audit.log").read_text()
    assert [e for e in events(tmp_path) if e.startswith("admin-test")] == ["admin-test-session-started", "admin-test-session-ended"]
    assert not audit_events(tmp_path, "session-ended")
    verify_audit(studyterm_bin, tmp_path)


def test_the_export_writes_the_stations_results_privately_and_says_where(term, studyterm_bin, tmp_path):
    config = make_station(tmp_path)
    set_pin(studyterm_bin, config)
    t = start(term, studyterm_bin, config)
    begin_and_type_canary(t)
    t.send("Enter")
    t.wait_for("Almost done")
    t.send("Enter")
    t.wait_for("Thank you!", timeout=10)
    t.wait_for(WELCOME, timeout=15)
    to_menu(t)
    choose(t, "Export the data")
    t.wait_for("Files:", timeout=20)
    assert "Exported 1 result(s) to" in t.text()
    folders = list((tmp_path / "data" / "exports").iterdir())
    assert len(folders) == 1 and folders[0].name.startswith("station-pty-station-")
    assert str(folders[0])[:60] in t.text()
    assert oct(folders[0].stat().st_mode & 0o777) == "0o700"
    assert oct((tmp_path / "data" / "exports").stat().st_mode & 0o777) == "0o700"
    files = sorted(p.name for p in folders[0].iterdir())
    assert files == ["answers.csv", "fhir.ndjson", "results.json"]
    for file in folders[0].iterdir():
        assert oct(file.stat().st_mode & 0o777) == "0o600"
    assert CANARY in (folders[0] / "answers.csv").read_text()
    t.proc.send_signal(signal.SIGTERM)
    assert t.wait_exit(timeout=15) == 0
    assert [f["results"] for f in audit_events(tmp_path, "admin-exported")] == [1]
    assert str(folders[0]) not in (tmp_path / "audit.log").read_text()
    verify_audit(studyterm_bin, tmp_path)


def run_reset(studyterm_bin: Path, config: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(studyterm_bin), "kiosk", "reset-pin-lockout", "--config", str(config)],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=30, check=False)


def write_lockout(tmp: Path) -> None:
    (tmp / "data").mkdir(exist_ok=True)
    (tmp / "data" / "pin-lockout.json").write_text(json.dumps({"failures": 7, "lockedUntil": "2099-01-01T00:00:00.000Z"}))


def test_reset_pin_lockout_refuses_anyone_but_root_and_changes_nothing(studyterm_bin, tmp_path):
    """As root (the CI), the command runs as nobody; otherwise as the user running the tests."""
    config = make_station(tmp_path)
    write_lockout(tmp_path)
    if os.geteuid() == 0:
        done = subprocess.run([str(studyterm_bin), "kiosk", "reset-pin-lockout", "--config", str(config)], capture_output=True,
                              text=True, stdin=subprocess.DEVNULL, timeout=30, check=False, user=65534, group=65534, extra_groups=[])
    else:
        done = run_reset(studyterm_bin, config)
    assert done.returncode == 77, done.stderr
    assert "root only" in done.stderr
    assert json.loads((tmp_path / "data" / "pin-lockout.json").read_text())["failures"] == 7
    assert not (tmp_path / "audit.log").exists()


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root (the CI runs as root)")
def test_reset_pin_lockout_as_root_clears_the_lock_audited(studyterm_bin, tmp_path):
    config = make_station(tmp_path)
    write_lockout(tmp_path)
    done = run_reset(studyterm_bin, config)
    assert done.returncode == 0, done.stderr
    assert "7 wrong PIN(s) forgiven" in done.stdout
    assert json.loads((tmp_path / "data" / "pin-lockout.json").read_text()) == {"failures": 0}
    assert audit_events(tmp_path, "pin-lockout-reset") == [{"failures": 7}]
    assert oct((tmp_path / "data" / "pin-lockout.json").stat().st_mode & 0o777) == "0o600"
