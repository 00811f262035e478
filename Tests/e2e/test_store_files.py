"""The store's files seen from outside while the journey runs (issue 15, points 4 and 7): nothing in
the data folder is mapped into the process (a rollback journal, no WAL index in a shared-memory
file that a change under the app would turn into SIGBUS), and a database a newer StudyTerm wrote
is refused byte for byte untouched. Each test passes --data-dir (a tmp folder).
"""
from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from journey_steps import join_demo, unwrapped


def mapped_files(pid: int) -> set[str]:
    out = set()
    for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
        parts = line.split(maxsplit=5)
        if len(parts) == 6 and parts[5].startswith("/"):
            out.add(parts[5])
    return out


def test_no_file_of_the_data_folder_is_mapped_while_a_task_is_answered(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_demo(t)
    t.send("Enter")  # the first task: Daily check-in
    t.wait_for("A few questions about today")
    t.send("Enter")
    t.wait_for("Did you smoke today?")
    t.send("2", "Enter")  # an answer stored durably before the next screen
    t.wait_gone("Did you smoke today?")
    mapped = mapped_files(t.proc.pid)
    assert not [m for m in mapped if m.startswith(str(data))], mapped
    names = sorted(p.name for p in data.iterdir() if p.name.startswith("studyterm.sqlite"))
    assert names in (["studyterm.sqlite"], ["studyterm.sqlite", "studyterm.sqlite-journal"]), names


def test_a_database_from_a_newer_studyterm_is_refused_and_left_byte_identical(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_demo(t)
    t.send("q")
    t.wait_exit()
    db = data / "studyterm.sqlite"
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v9-from-the-future')")
    conn.close()
    before = (hashlib.sha256(db.read_bytes()).hexdigest(), sorted(p.name for p in data.iterdir()))
    t = term([studyterm_bin, "--data-dir", data])
    assert t.wait_exit() == 5
    message = unwrapped(t)
    assert "was written by a newer StudyTerm (unknown changes: v9-from-the-future)" in message
    assert "It was left untouched" in message
    assert (hashlib.sha256(db.read_bytes()).hexdigest(), sorted(p.name for p in data.iterdir())) == before
