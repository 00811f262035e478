"""Three study stations send to one study server (issue 27, kiosk.md T14), once with SQLite and
once with PostgreSQL: each station registers once with a token (`studyterm kiosk register`),
runs its sessions on a real pseudo-terminal, and sends every session's results in the
background. Station C's link is cut (a proxy drops every request) for its first half of
sessions, including its start, which uses the study stored at registration. In the end the
server holds every session's results exactly once: the stations' stored runs and the server's
rows are the same multiset (0 lost, 0 duplicated), each row marked with its station and its
session's withdrawal code, and no answer typed reaches a status file or an audit log. Stations A
and B delete the answers the server confirmed (`retention.deleteAfterUpload`); C keeps them."""
from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests" / "e2e"))

from fault_proxy import FaultProxy  # noqa: E402
from harness import Term  # noqa: E402
from server_process import run_staff  # noqa: E402

WELCOME = "Press Enter to begin"
NOTE_TASK = {
    "identifier": "note", "title": "A note",
    "steps": [
        {"identifier": "note", "type": "form", "title": "Write one word",
         "inputFields": [{"identifier": "note", "type": "string", "optional": True}]},
        {"identifier": "end", "type": "instruction", "title": "Almost done"},
    ],
}
SESSIONS = 4


def make_study(tmp: Path) -> Path:
    """The demo study's definition whose one task is a text question."""
    study = json.loads((REPO / "Resources" / "demo-study" / "study.json").read_text())
    study["tasks"] = [{"identifier": "note", "title": "A note", "source": "note.json",
                       "schedule": {"type": "daily", "time": "00:00", "hours": 24, "fromDay": 1, "toDay": 28}}]
    folder = tmp / "study"
    folder.mkdir()
    (folder / "study.json").write_text(json.dumps(study))
    (folder / "consent.md").write_text((REPO / "Resources" / "demo-study" / "consent.md").read_text())
    (folder / "note.json").write_text(json.dumps(NOTE_TASK))
    return folder


def make_station(tmp: Path, name: str, url: str, delete_after_upload: bool = True) -> Path:
    """A station whose study is on the server at `url`."""
    folder = tmp / name
    folder.mkdir()
    config = {
        "formatVersion": 1, "stationID": name, "study": {"server": url, "credentials": str(folder / "credentials.json")},
        "dataDirectory": str(folder / "data"), "sessionPlan": [{"task": "note"}],
        "participantID": {"mode": "anonymous"}, "partialAnswers": "keep", "timeouts": {"thankYouSeconds": 2},
        "retention": {"deleteAfterUpload": delete_after_upload},
        "adminPINFile": str(folder / "pin.json"), "auditLog": str(folder / "audit.log"), "statusFile": str(folder / "status.json"),
    }
    path = folder / "station.json"
    path.write_text(json.dumps(config))
    return path


def run_session(t: Term, word: str) -> None:
    """One participant: the note answered with `word`, the thank-you, back to welcome."""
    t.send("Enter")
    t.wait_for("Write one word", timeout=15)
    t.type(word)
    t.wait_for(word)
    t.send("Enter")
    t.wait_for("Almost done", timeout=10)
    t.send("Enter")
    t.wait_for("Thank you!", timeout=10)
    t.wait_for(WELCOME, timeout=20)


def status(config: Path) -> dict:
    return json.loads((config.parent / "status.json").read_text())


def wait_for_status(config: Path, check, timeout: float = 90) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        current = status(config)
        if check(current):
            return current
        if time.monotonic() > deadline:
            raise AssertionError(f"{config.parent.name}: status never matched: {current}")
        time.sleep(0.2)


def stored_runs(config: Path) -> Counter:
    """(run, withdrawal code) of every run the station's sessions completed (whose answers
    `deleteAfterUpload` may have deleted since)."""
    with sqlite3.connect(config.parent / "data" / "studyterm.sqlite") as db:
        rows = db.execute("""
            SELECT t.id, e.participantID FROM taskRun t JOIN enrollment e ON e.id = t.enrollmentID
            WHERE e.kioskSessionID IS NOT NULL AND t.status = 'completed'""").fetchall()
    return Counter((run.upper(), code) for run, code in rows)


def results_kept(config: Path) -> int:
    with sqlite3.connect(config.parent / "data" / "studyterm.sqlite") as db:
        return db.execute("SELECT COUNT(*) FROM result").fetchone()[0]


def test_three_stations_send_every_sessions_results_once_with_one_offline_for_its_first_half(
        serve, server_bin, studyterm_bin, database, tmp_path):
    db = ["--database", database]
    tokens = run_staff(server_bin, "tokens", "--count", "3", *db).stdout.split()
    server = serve("--study", str(make_study(tmp_path)), *db)
    direct = f"http://127.0.0.1:{server.port}"
    proxy = FaultProxy(server.port).start()
    terms: list[Term] = []
    try:
        configs = {"A": make_station(tmp_path, "station-a", direct), "B": make_station(tmp_path, "station-b", direct),
                   "C": make_station(tmp_path, "station-c", f"http://127.0.0.1:{proxy.port}", delete_after_upload=False)}
        for (name, config), token in zip(configs.items(), tokens):
            done = subprocess.run([str(studyterm_bin), "kiosk", "register", "--config", str(config), "--token", token],
                                  capture_output=True, text=True, timeout=60, check=False)
            assert done.returncode == 0, f"{name}: {done.stderr}"
            assert "is registered" in done.stdout and "is stored" in done.stdout
            assert (config.parent / "credentials.json").stat().st_mode & 0o777 == 0o600
        again = subprocess.run([str(studyterm_bin), "kiosk", "register", "--config", str(configs["A"]), "--token", tokens[0]],
                               capture_output=True, text=True, timeout=60, check=False)
        assert again.returncode == 78 and "registered already" in again.stderr

        proxy.set_rates({"drop": 1.0})                      # station C is cut off from here, its start included
        stations = {}
        for name, config in configs.items():
            t = Term([str(studyterm_bin), "kiosk", "--config", str(config)])
            terms.append(t)
            t.wait_for(WELCOME, timeout=30)
            stations[name] = t
        words = []
        for n in range(SESSIONS):
            if n == SESSIONS // 2:
                waiting = wait_for_status(configs["C"], lambda s: s["pendingResults"] == SESSIONS // 2 and s.get("lastSync")
                                          and not s["lastSync"]["succeeded"])
                assert "cannot be reached" in waiting["lastSync"]["error"] and waiting.get("oldestPendingAt")
                proxy.settle()                              # station C reaches the server again
            for name, t in stations.items():
                word = f"CANARY{name}{n}QZ"
                words.append(word)
                run_session(t, word)

        for name, config in configs.items():
            final = wait_for_status(config, lambda s: s["pendingResults"] == 0 and s.get("lastSync") and s["lastSync"]["succeeded"])
            assert final.get("oldestPendingAt") is None and final["sessionsToday"]["completed"] == SESSIONS
        for t in terms:
            assert t.proc.poll() is None

        out = tmp_path / "server-export"
        run_staff(server_bin, "export", "--format", "json", "--out", str(out), *db)
        exported = json.loads((out / "results.json").read_text())
        on_server = Counter((e["metadata"]["taskRunUUID"].upper(), e["metadata"]["kioskParticipantId"]) for e in exported)
        on_stations = sum((stored_runs(config) for config in configs.values()), Counter())
        assert sum(on_stations.values()) == 3 * SESSIONS
        assert on_server == on_stations, "a result was lost or duplicated"
        by_station = Counter(e["metadata"]["kioskStationId"] for e in exported)
        assert by_station == {"station-a": SESSIONS, "station-b": SESSIONS, "station-c": SESSIONS}
        assert len({e["metadata"]["participantId"] for e in exported}) == 3   # one server participant per station
        # retention: A and B deleted the answers the server confirmed, C (deleteAfterUpload false) kept them
        assert (results_kept(configs["A"]), results_kept(configs["B"]), results_kept(configs["C"])) == (0, 0, SESSIONS)

        audit_c = (configs["C"].parent / "audit.log").read_text()
        assert '"sync-failed"' in audit_c and '"unreachable"' in audit_c and '"sync-succeeded"' in audit_c
        for config in configs.values():
            for name in ("audit.log", "status.json"):
                text = (config.parent / name).read_text()
                assert not any(word in text for word in words), f"{config.parent.name}/{name} holds an answer"
        assert proxy.errors == []
    finally:
        for t in terms:
            t.close()
        proxy.stop()
