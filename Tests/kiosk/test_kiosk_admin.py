"""The station's admin path on a pty (issue 27 "Admin", kiosk.md T7): the hidden chord on
welcome (Ctrl-A, then Ctrl-K within 2 s) opens a PIN prompt that shows bullets only; five wrong
PINs lock it for 30 s, and the lock holds across a restart (it is a file); the right PIN opens
the admin menu, whose "End the station" exits 0. The audit log records every failure and success,
never the digits, and verify-audit passes."""
from __future__ import annotations

import json
import os
import pty
import signal
import subprocess
import time
from pathlib import Path

from test_kiosk_station import WELCOME, make_station, start

RIGHT_PIN = "40271938"
WRONG_PIN = "86153972"


def set_pin(studyterm_bin: Path, config: Path) -> None:
    """`studyterm kiosk set-pin --config` on a pty, the PIN typed twice."""
    primary, secondary = pty.openpty()
    process = subprocess.Popen([str(studyterm_bin), "kiosk", "set-pin", "--config", str(config)],
                               stdin=secondary, stdout=secondary, stderr=secondary, close_fds=True)
    os.close(secondary)
    seen = bytearray()
    try:
        for prompt in (b"PIN (6 to 16 digits): ", b"again: "):
            deadline = time.monotonic() + 60
            while prompt not in seen:
                assert time.monotonic() < deadline, f"waited for {prompt!r}; saw {bytes(seen)!r}"
                seen.extend(os.read(primary, 4096))
            os.write(primary, RIGHT_PIN.encode() + b"\r")
        assert process.wait(timeout=60) == 0, bytes(seen)
    finally:
        os.close(primary)


def audit_events(tmp: Path, name: str) -> list[dict]:
    lines = (tmp / "audit.log").read_text().splitlines()
    return [record["fields"] for record in map(json.loads, lines) if record["event"] == name]


def wait_for_failures(tmp: Path, count: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while len(audit_events(tmp, "admin-failed")) < count:
        assert time.monotonic() < deadline, f"waited for {count} admin-failed records"
        time.sleep(0.05)


def open_prompt(t) -> None:
    t.send("C-a", "C-k")
    t.wait_for("Staff PIN", timeout=10)


def submit(t, pin: str) -> None:
    t.type(pin)
    t.wait_for("•" * len(pin))
    assert pin not in t.text()
    t.send("Enter")


MENU = ["Station status", "Sync now", "Pause the station", "Test session (not stored)", "Export the data",
        "End the station", "Back to welcome"]
SESSION_MENU = ["Station status", "Sync now", "End the current session", "Back to the session"]


def choose(t, entry: str, menu: list[str] = MENU, highlighted: str | None = None) -> None:
    """Moves down the admin menu from `highlighted` (the first entry unless given) to `entry` and chooses it."""
    for _ in range(menu.index(entry) - (menu.index(highlighted) if highlighted else 0)):
        t.send("Down")
    t.send("Enter")


def verify_audit(studyterm_bin: Path, tmp: Path) -> None:
    done = subprocess.run([str(studyterm_bin), "kiosk", "verify-audit", str(tmp / "audit.log"), "--status", str(tmp / "status.json")],
                          capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_five_wrong_pins_lock_the_prompt_and_a_restart_keeps_the_lock(term, studyterm_bin, tmp_path):
    config = make_station(tmp_path)
    set_pin(studyterm_bin, config)
    t = start(term, studyterm_bin, config)
    open_prompt(t)
    for attempt in range(1, 5):
        submit(t, WRONG_PIN)
        wait_for_failures(tmp_path, attempt)
        t.wait_for("Wrong PIN.")
    submit(t, WRONG_PIN)
    t.wait_for("Wrong PIN. Try again in 30 s", timeout=30)
    assert [f["lockedSeconds"] for f in audit_events(tmp_path, "admin-failed")] == [0, 0, 0, 0, 30]
    assert oct((tmp_path / "data" / "pin-lockout.json").stat().st_mode & 0o777) == "0o600"
    t.proc.send_signal(signal.SIGTERM)
    assert t.wait_exit(timeout=15) == 0

    again = start(term, studyterm_bin, config)
    open_prompt(again)
    submit(again, RIGHT_PIN)
    again.wait_for("Locked after too many wrong PINs. Try again in", timeout=30)
    assert "Station admin" not in again.text()
    again.send("Esc")
    again.wait_for(WELCOME)
    again.proc.send_signal(signal.SIGTERM)
    assert again.wait_exit(timeout=15) == 0

    log = (tmp_path / "audit.log").read_text()
    assert RIGHT_PIN not in log and WRONG_PIN not in log
    assert len(audit_events(tmp_path, "admin-failed")) == 5, "a PIN given while locked is not checked or counted"
    assert not audit_events(tmp_path, "admin-succeeded")
    verify_audit(studyterm_bin, tmp_path)


def test_the_right_pin_opens_the_menu_and_end_the_station_exits_0_audited(term, studyterm_bin, tmp_path):
    config = make_station(tmp_path)
    set_pin(studyterm_bin, config)
    t = start(term, studyterm_bin, config)
    open_prompt(t)
    submit(t, RIGHT_PIN)
    t.wait_for("Station admin", timeout=30)
    assert "End the station" in t.text() and "Back to welcome" in t.text()
    choose(t, "End the station")
    assert t.wait_exit(timeout=15) == 0
    events = [json.loads(line)["event"] for line in (tmp_path / "audit.log").read_text().splitlines()]
    assert events[-3:] == ["admin-succeeded", "admin-station-ended", "station-stopped"]
    assert RIGHT_PIN not in (tmp_path / "audit.log").read_text()
    verify_audit(studyterm_bin, tmp_path)
