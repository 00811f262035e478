"""A canary test at a study station (issue 27, Proof; kiosk.md's threat model): 20 sessions, each
with its own unique string typed as the participant's id (staff-entered mode) and another as a
free-text answer, end as completed, and some by SIGTERM and a restart. Afterwards no canary is in
the station's standard error, the audit log, the status file, or any file under the station's
folders and HOME except the SQLite database (its -wal and -shm included), and every id and answer
is in the database (the interrupted sessions' too: partialAnswers keep)."""
from __future__ import annotations

import json
import os
import secrets
import signal
import sqlite3
from pathlib import Path

from station_kit import (FIRST_QUESTION, THANK_YOU, WELCOME, files_holding, make_station, session_ends)
from harness import Term  # noqa: E402  (station_kit puts Tests/e2e on the path)

SESSIONS = 20
DATABASE_FILES = ("studyterm.sqlite", "studyterm.sqlite-wal", "studyterm.sqlite-shm")


def database_text(data: Path) -> str:
    """Every text and blob value in every table of the station's database, joined."""
    parts: list[str] = []
    with sqlite3.connect(data / "studyterm.sqlite") as db:
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for table in tables:
            for row in db.execute(f'SELECT * FROM "{table}"'):
                for value in row:
                    if isinstance(value, bytes):
                        parts.append(value.decode("utf-8", errors="replace"))
                    elif isinstance(value, str):
                        parts.append(value)
    return "\n".join(parts)


def start(studyterm_bin: Path, config: Path, stderr: Path, home: Path) -> Term:
    """The station on a pty with its standard error in a file (appended across restarts)."""
    script = 'exec "$0" kiosk --config "$1" 2>>"$2"'
    env = {"HOME": str(home), "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config"),
           "XDG_STATE_HOME": str(home / "state"), "XDG_CACHE_HOME": str(home / "cache"), "TMPDIR": str(home / "tmp")}
    (home / "tmp").mkdir(parents=True, exist_ok=True)
    t = Term(["/bin/sh", "-c", script, str(studyterm_bin), str(config), str(stderr)], env=env)
    t.wait_for(WELCOME, timeout=20)
    return t


def test_twenty_canaries_typed_as_ids_and_answers_reach_only_the_database(studyterm_bin, tmp_path):
    config = make_station(tmp_path)
    settings = json.loads(config.read_text())
    settings["participantID"] = {"mode": "staff"}
    config.write_text(json.dumps(settings))
    stderr, home = tmp_path / "stderr.log", tmp_path / "home"
    canaries = [f"CANARY{n:02d}{secrets.token_hex(6).upper()}" for n in range(SESSIONS)]
    ids = [f"IDCANARY{n:02d}{secrets.token_hex(5).upper()}" for n in range(SESSIONS)]
    interrupted = {4, 11, 17}
    t = start(studyterm_bin, config, stderr, home)
    try:
        for n, canary in enumerate(canaries):
            t.send("Enter")
            t.wait_for("A staff member will enter your ID", timeout=10)
            t.type(ids[n])
            t.wait_for(ids[n])
            t.send("Enter")
            t.wait_for(FIRST_QUESTION, timeout=10)
            t.type(canary)
            t.wait_for(canary)
            t.send("Enter")
            t.wait_for("How do you feel today?", timeout=10)
            if n in interrupted:
                t.kill(signal.SIGTERM)
                assert t.wait_exit(timeout=10) == 0
                t.close()
                t = start(studyterm_bin, config, stderr, home)
                continue
            t.send("Enter")
            t.wait_for("Almost done", timeout=10)
            t.send("Enter")
            t.wait_for(THANK_YOU, timeout=10)
            t.wait_for(WELCOME, timeout=15)
    finally:
        t.close()
    ends = session_ends(tmp_path / "data")
    assert ends.count("completed") == SESSIONS - len(interrupted) and ends.count("interrupted") == len(interrupted)
    stored = database_text(tmp_path / "data")
    assert [c for c in canaries if c not in stored] == [], "an answer is not in the database (partialAnswers: keep)"
    assert [i for i in ids if i not in stored] == [], "an id is not in the database"
    assert stderr.exists()
    for canary in canaries + ids:
        leaks = files_holding(tmp_path, canary.encode(), skip=DATABASE_FILES)
        assert leaks == [], f"{canary} outside the database: {leaks}"
    assert os.path.getsize(tmp_path / "audit.log") > 0 and (tmp_path / "status.json").exists()
