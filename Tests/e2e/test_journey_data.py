"""The journey's data folder end to end: damaged or foreign databases, folders that cannot be
written, no terminal, export, and checking a study. Each test passes --data-dir (a tmp folder).
"""
from __future__ import annotations

import json
import os
import sqlite3

import pytest

from harness import run_piped
from journey_steps import DEMO, join_demo, rows, unwrapped


def test_a_corrupt_database_is_reported_and_left_byte_identical(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    db = data / "studyterm.sqlite"
    garbage = bytes(range(256)) * 64
    db.write_bytes(garbage)
    t = term([studyterm_bin, "--data-dir", data])
    assert t.wait_exit() == 5
    message = unwrapped(t)
    assert f"studyterm: The data file {db} is not an SQLite database" in message
    assert "It was left untouched; move it away or choose another folder with --data-dir." in message
    assert db.read_bytes() == garbage
    assert sorted(p.name for p in data.iterdir()) == ["studyterm.sqlite"]


def test_a_foreign_database_is_reported_and_left_byte_identical(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    db = data / "studyterm.sqlite"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT)")
        conn.execute("INSERT INTO photos (path) VALUES ('a.jpg')")
    before = db.read_bytes()
    t = term([studyterm_bin, "--data-dir", data])
    assert t.wait_exit() == 5
    assert f"The data file {db} belongs to another program" in unwrapped(t)
    assert db.read_bytes() == before


def test_a_data_folder_that_cannot_be_written_is_reported(term, studyterm_bin, tmp_path) -> None:
    # Tests run as root here, and root writes through permission bits; a data folder *under a
    # regular file* cannot be created by anyone, so this route works as root too.
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file")
    t = term([studyterm_bin, "--data-dir", blocker / "studyterm"])
    assert t.wait_exit() == 5
    assert f"The data folder {blocker} is a file, not a folder." in unwrapped(t)
    assert blocker.read_text() == "a file"


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores permission bits; the under-a-file route above covers root")
def test_a_read_only_data_folder_is_reported(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    data.mkdir(mode=0o500)
    try:
        t = term([studyterm_bin, "--data-dir", data])
        assert t.wait_exit() == 5
        assert f"The data folder {data} cannot be written" in unwrapped(t)
    finally:
        data.chmod(0o700)


def test_export_writes_private_files_in_every_format(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_demo(t)
    t.send("q")
    assert t.wait_exit() == 0
    out = tmp_path / "export"
    result = run_piped([str(studyterm_bin), "export", "--data-dir", str(data), "--out", str(out)])
    assert result.code == 0, result.stderr
    assert result.stdout.startswith(f"Exported 0 results to {out}")
    assert json.loads((out / "results.json").read_text()) == []
    assert (out / "answers.csv").read_text().startswith("study,participant,task,run,step,value")
    assert (out / "fhir.ndjson").read_text() == ""
    assert {oct(p.stat().st_mode & 0o777) for p in out.iterdir()} == {"0o600"}


def test_export_without_data_says_so(studyterm_bin, tmp_path) -> None:
    result = run_piped([str(studyterm_bin), "export", "--data-dir", str(tmp_path / "none")])
    assert result.code == 5
    assert "there is no StudyTerm data" in result.stderr


def test_check_validates_the_demo_study(studyterm_bin) -> None:
    result = run_piped([str(studyterm_bin), "check", str(DEMO)])
    assert result.code == 0, result.stderr
    assert 'valid: study "studyterm-demo" version 1 with 6 task(s)' in result.stdout


def test_leaving_with_export_asks_where_shows_the_whole_path_and_the_closing_text(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    here = tmp_path / "a-folder-with-a-rather-long-name-so-the-path-needs-more-than-one-line"
    here.mkdir()
    t = term([studyterm_bin, "--data-dir", data], cwd=str(here))
    join_demo(t)
    t.send("s")
    t.wait_for("Study details")
    t.send("Down*4", "Enter")
    t.wait_for("Export my data first, then leave")
    t.send("Enter")
    t.wait_for("Write the files into this folder")
    assert str(here) in unwrapped(t).replace(" ", ""), "the current folder is the default, shown whole"
    t.send("C-u")
    t.type(str(data))                                  # the private data folder is refused
    t.send("Enter")
    t.wait_until(lambda _t: "is StudyTerm's private data folder" in unwrapped(t))
    assert not (data / "exports").exists() and sorted(p.name for p in data.iterdir() if p.is_dir()) == []
    t.send("C-u")
    t.type(str(here))
    t.send("Enter")
    t.wait_until(lambda _t: "Thank you for trying the StudyTerm demo study." in unwrapped(t))   # the closing text
    [folder] = [p for p in here.iterdir() if p.is_dir()]
    assert sorted(p.name for p in folder.iterdir()) == ["answers.csv", "fhir.ndjson", "results.json"]
    shown = unwrapped(t).replace(" ", "")
    assert str(folder).replace(" ", "") in shown, "the whole path, never cut"
    assert "…" not in "".join(t.screen())
    t.send("Enter")
    t.wait_for("Welcome to StudyTerm")
    t.send("q")
    assert t.wait_exit() == 0
    [(withdrawn,)] = rows(data, "SELECT withdrawnAt FROM enrollment")
    assert withdrawn is not None


def test_export_never_writes_into_the_private_data_folder(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_demo(t)
    t.send("q")
    assert t.wait_exit() == 0
    for out in (data, data / "exports"):
        result = run_piped([str(studyterm_bin), "export", "--data-dir", str(data), "--out", str(out)])
        assert result.code == 4, result.stdout
        assert "private data folder" in result.stderr
    assert sorted(p.name for p in data.iterdir()) == sorted(p.name for p in data.iterdir()
                                                          if p.name.startswith("studyterm.sqlite") or p.name == "studyterm.lock")
