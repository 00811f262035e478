"""`studyterm kiosk --config FILE` on a pty (issue 27, kiosk.md T1, T2, T5, T6, T12): after every
way a session ends, the next screen is welcome, and neither the screen nor the byte stream after
the wipe (ESC[3J) holds the canary typed as an answer; the session's end is stored once."""
from __future__ import annotations

import json
import os
import signal
import sqlite3
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests" / "e2e"))
from harness import Term  # noqa: E402

CANARY = "CANARYQZ"
WELCOME = "Press Enter to begin"
WIPE = b"\x1b[3J"
NOTE_TASK = {
    "identifier": "note", "title": "A note",
    "steps": [
        {"identifier": "note", "type": "form", "title": "Write one word",
         "inputFields": [{"identifier": "note", "type": "string", "optional": True}]},
        {"identifier": "end", "type": "instruction", "title": "Almost done"},
    ],
}


def make_station(tmp: Path, timeouts: dict | None = None, end: str = "welcome") -> Path:
    """A station on a copy of the demo study's definition whose one task is a text question."""
    study = json.loads((REPO / "Resources" / "demo-study" / "study.json").read_text())
    study["tasks"] = [{"identifier": "note", "title": "A note", "source": "note.json",
                       "schedule": {"type": "daily", "time": "00:00", "hours": 24, "fromDay": 1, "toDay": 28}}]
    folder = tmp / "study"
    folder.mkdir()
    (folder / "study.json").write_text(json.dumps(study))
    (folder / "consent.md").write_text((REPO / "Resources" / "demo-study" / "consent.md").read_text())
    (folder / "note.json").write_text(json.dumps(NOTE_TASK))
    config = {
        "formatVersion": 1, "stationID": "pty-station", "study": {"folder": str(folder)},
        "dataDirectory": str(tmp / "data"), "sessionPlan": [{"task": "note"}],
        "participantID": {"mode": "anonymous"}, "partialAnswers": "keep",
        "timeouts": timeouts or {"thankYouSeconds": 2}, "endOfSession": end,
        "adminPINFile": str(tmp / "pin.json"), "auditLog": str(tmp / "audit.log"), "statusFile": str(tmp / "status.json"),
    }
    path = tmp / "station.json"
    path.write_text(json.dumps(config))
    return path


def session_ends(tmp: Path) -> list[str | None]:
    with sqlite3.connect(tmp / "data" / "studyterm.sqlite") as db:
        return [row[0] for row in db.execute("SELECT endReason FROM kioskSession ORDER BY startedAt")]


def start(term, studyterm_bin: Path, config: Path) -> Term:
    t = term([studyterm_bin, "kiosk", "--config", config])
    t.wait_for(WELCOME, timeout=20)
    return t


def begin_and_type_canary(t: Term) -> None:
    t.send("Enter")
    t.wait_for("Write one word", timeout=10)
    t.type(CANARY)
    t.wait_for(CANARY)


def expect_wiped(t: Term) -> None:
    """The canary was written, then a wipe came, and nothing after the last wipe holds it."""
    raw = t.raw_bytes
    assert CANARY.encode() in raw
    assert WIPE in raw, "no ESC[3J (scrollback wipe) in the byte stream"
    after = raw[raw.rindex(WIPE):]
    assert CANARY.encode() not in after
    assert raw.rindex(WIPE) > raw.rindex(CANARY.encode()), "ESC[3J follows the session's last frame"
    assert CANARY not in t.text()


def test_a_completed_session_is_stored_and_the_next_screen_is_welcome_on_a_wiped_terminal(term, studyterm_bin, tmp_path):
    t = start(term, studyterm_bin, make_station(tmp_path))
    begin_and_type_canary(t)
    t.send("Enter")
    t.wait_for("Almost done")
    t.send("Enter")
    t.wait_for("Thank you!", timeout=10)
    assert "Your withdrawal code:" in t.text()
    t.type("ZZQ")
    t.wait_for(WELCOME, timeout=15)
    expect_wiped(t)
    assert session_ends(tmp_path) == ["completed"]
    assert t.proc.poll() is None
    t.send("Enter")
    t.wait_for("Write one word", timeout=10)
    assert "ZZQ" not in t.text(), "keys typed during the thank-you reached the next participant's field"
    status = json.loads((tmp_path / "status.json").read_text())
    assert status["sessionsToday"]["completed"] == 1 and status["stationID"] == "pty-station"
    for name in ("status.json", "audit.log"):
        assert CANARY not in (tmp_path / name).read_text()
    import subprocess
    verified = subprocess.run([str(studyterm_bin), "kiosk", "verify-audit", str(tmp_path / "audit.log"),
                               "--status", str(tmp_path / "status.json")], capture_output=True, text=True, timeout=30, check=False)
    assert verified.returncode == 0, verified.stderr


def test_end_of_session_exit_leaves_after_the_thank_you_with_0(term, studyterm_bin, tmp_path):
    t = start(term, studyterm_bin, make_station(tmp_path, end="exit"))
    begin_and_type_canary(t)
    t.send("Enter")
    t.wait_for("Almost done")
    t.send("Enter")
    t.wait_for("Thank you!", timeout=10)
    assert t.wait_exit(timeout=15) == 0
    assert session_ends(tmp_path) == ["completed"]


def test_an_idle_session_warns_then_ends_timed_out_and_welcome_returns(term, studyterm_bin, tmp_path):
    config = make_station(tmp_path, timeouts={"screenSeconds": 30, "warningSeconds": 20, "thankYouSeconds": 2})
    t = start(term, studyterm_bin, config)
    begin_and_type_canary(t)
    t.wait_for("Are you still there?", timeout=25)
    t.wait_for(WELCOME, timeout=40)
    expect_wiped(t)
    assert session_ends(tmp_path) == ["timed-out"]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_or_sighup_ends_the_session_interrupted_and_exits_0_and_the_restart_shows_welcome(term, studyterm_bin, tmp_path, sig):
    config = make_station(tmp_path)
    t = start(term, studyterm_bin, config)
    begin_and_type_canary(t)
    t.kill(sig)
    assert t.wait_exit(timeout=10) == 0
    expect_wiped(t)
    assert session_ends(tmp_path) == ["interrupted"]
    again = start(term, studyterm_bin, config)
    assert CANARY not in again.text()


def test_kill_9_mid_session_then_restart_shows_welcome_and_stores_the_session_interrupted(term, studyterm_bin, tmp_path):
    config = make_station(tmp_path)
    t = start(term, studyterm_bin, config)
    begin_and_type_canary(t)
    t.send("Enter")
    t.wait_for("Almost done")
    t.kill(signal.SIGKILL)
    t.wait_exit(timeout=10)
    assert session_ends(tmp_path) == [None], "the killed session was left open"
    again = start(term, studyterm_bin, config)
    assert CANARY not in again.text()
    assert session_ends(tmp_path) == ["interrupted"]
    audit = (tmp_path / "audit.log").read_text()
    assert "unclean-stop-found" in audit and CANARY not in audit


@pytest.mark.parametrize("key", ["C-c", "C-z", "\x1c", "q"])
def test_control_keys_on_a_participant_screen_leave_the_station_running(term, studyterm_bin, tmp_path, key):
    t = start(term, studyterm_bin, make_station(tmp_path))
    t.send("Enter")
    t.wait_for("Write one word", timeout=10)
    t.send(key)
    t.wait_quiet(ms=300)
    assert t.proc.poll() is None
    state = Path(f"/proc/{t.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    assert state != "T", "the station was stopped"
    assert "Save and exit" not in t.text()
    t.type("X")
    t.wait_for("Write one word")
    assert t.proc.poll() is None


def test_a_bad_configuration_exits_78_and_no_terminal_exits_64_each_with_one_line(studyterm_bin, tmp_path):
    import subprocess
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"formatVersion": 1, "bogus": 1}))
    done = subprocess.run([str(studyterm_bin), "kiosk", "--config", str(bad)], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=30, check=False)
    assert done.returncode == 78 and len(done.stderr.splitlines()) == 1 and "bogus" in done.stderr
    done = subprocess.run([str(studyterm_bin), "kiosk", "--config", str(make_station(tmp_path))], capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=30, check=False)
    assert done.returncode == 64 and done.stderr.splitlines() == ["studyterm: kiosk needs a terminal on standard input and output"]


def test_a_study_on_a_server_or_a_roster_that_cannot_be_read_is_refused_with_78_on_a_terminal(term, studyterm_bin, tmp_path):
    config = make_station(tmp_path)
    (tmp_path / "empty-roster.txt").write_text("# nobody yet\n")
    for change, words in (({"study": {"server": "https://example.org", "credentials": str(tmp_path / "c.json")}}, "not registered"),
                          ({"participantID": {"mode": "roster", "file": str(tmp_path / "missing.txt")}}, "cannot be read"),
                          ({"participantID": {"mode": "roster", "file": str(tmp_path / "empty-roster.txt")}}, "lists no identifier")):
        settings = json.loads(config.read_text())
        settings.update(change)
        other = tmp_path / "other.json"
        other.write_text(json.dumps(settings))
        t = term([studyterm_bin, "kiosk", "--config", other])
        assert t.wait_exit(timeout=20) == 78
        assert words in t.raw_bytes.decode(errors="replace")


def test_a_changed_configuration_or_study_is_audited_at_the_next_start(term, studyterm_bin, tmp_path):
    config = make_station(tmp_path)

    def run_once() -> list[str]:
        t = start(term, studyterm_bin, config)
        t.proc.send_signal(signal.SIGTERM)
        assert t.wait_exit(timeout=30) == 0
        return [json.loads(line)["event"] for line in (tmp_path / "audit.log").read_text().splitlines()]

    first = run_once()
    assert "configuration-changed" not in first and "study-changed" not in first
    assert run_once() == first + ["station-started", "station-stopped"]
    settings = json.loads(config.read_text())
    settings["timeouts"] = {"thankYouSeconds": 3}
    config.write_text(json.dumps(settings))
    assert run_once()[len(first) + 2:] == ["station-started", "configuration-changed", "station-stopped"]
    study = tmp_path / "study" / "study.json"
    study.write_text(study.read_text().replace('"title"', '"title" ', 1))
    events = run_once()
    assert events[-3:] == ["station-started", "study-changed", "station-stopped"]
    import subprocess
    verified = subprocess.run([str(studyterm_bin), "kiosk", "verify-audit", str(tmp_path / "audit.log"),
                               "--status", str(tmp_path / "status.json")], capture_output=True, text=True, timeout=30, check=False)
    assert verified.returncode == 0, verified.stderr


def test_a_plan_naming_a_task_the_study_lacks_stops_the_station_at_its_start_with_78(term, studyterm_bin, tmp_path):
    config = make_station(tmp_path)
    settings = json.loads(config.read_text())
    settings["sessionPlan"] = [{"task": "note"}, {"task": "mood"}]
    config.write_text(json.dumps(settings))
    t = term([studyterm_bin, "kiosk", "--config", config], cols=400)
    assert t.wait_exit(timeout=30) == 78
    study = json.loads((tmp_path / "study" / "study.json").read_text())["identifier"]
    assert f'{config}: sessionPlan[1].task: the study {study} has no task "mood" (its tasks: note)' in t.raw_bytes.decode()
    assert not (tmp_path / "data").exists(), "nothing is set up for a configuration that cannot run"


def test_the_shipped_example_runs_on_the_demo_study(term, studyterm_bin, tmp_path):
    """README's recipe: the demo study and the example configuration, paths moved into a test folder."""
    import shutil
    shutil.copytree(REPO / "Resources" / "demo-study", tmp_path / "study")
    settings = json.loads((REPO / "Resources" / "kiosk" / "station.example.json").read_text())
    settings.update({"study": {"folder": str(tmp_path / "study")}, "dataDirectory": str(tmp_path / "data"),
                     "adminPINFile": str(tmp_path / "pin.json"), "auditLog": str(tmp_path / "audit.log"),
                     "statusFile": str(tmp_path / "status.json")})
    config = tmp_path / "kiosk.json"
    config.write_text(json.dumps(settings))
    t = start(term, studyterm_bin, config)
    t.send("Enter")
    t.wait_for("Deutsch", timeout=10)
    t.send("Enter")
    t.wait_for("Please type your participant ID", timeout=10)
