"""A participant who leaves the demo study and joins it again starts clean: the dashboard, its
counts and the in-app export show only the new participant, while `studyterm export` of the whole
data folder still writes both, each row under its own participant id. The real binary on a pty.
"""
from __future__ import annotations

import csv
import json
from pathlib import Path

from harness import run_piped
from journey_steps import join_demo, leave_demo, rows
from test_journey_tasks import finish_checkin


def answer_rows(folder: Path) -> list[dict]:
    with open(folder / "answers.csv", newline="") as f:
        return list(csv.DictReader(f))


def checkin_line(t) -> str:
    [line] = [line for line in t.screen() if "Daily check-in" in line and "all day" in line]
    return line


def test_joining_again_shows_only_the_new_participant_and_the_folder_export_both(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    here = tmp_path / "here"
    (here / "in-app").mkdir(parents=True)
    t = term([studyterm_bin, "--data-dir", data], cwd=str(here))
    join_demo(t)
    [(unread,)] = rows(data, "SELECT COUNT(*) FROM notification WHERE readAt IS NULL")
    t.send("m")                                       # the first participant reads two messages
    t.wait_for("Thank you for joining.")
    t.send("Down")
    t.wait_until(lambda _t: rows(data, "SELECT COUNT(*) FROM notification WHERE readAt IS NULL") == [(unread - 2,)])
    t.send("Esc")
    t.wait_for("Results stored: 0 (0 completed)")
    t.send("Enter")
    finish_checkin(t)
    t.wait_for("Results stored: 1 (1 completed)")
    assert "done" in checkin_line(t), t.dump()
    leave_demo(t)

    join_demo(t)
    t.wait_for("Results stored: 0 (0 completed)")
    assert "done" not in checkin_line(t), t.dump()
    [(first, left), (second, still)] = rows(data, "SELECT participantID, withdrawnAt FROM enrollment ORDER BY id")
    assert left is not None and still is None and first != second
    # The study's messages come again as the new participant's own copies, all unread: none of the
    # first participant's (two of which were read) show.
    t.wait_until(lambda _t: rows(data, "SELECT COUNT(*) > 0 FROM notification WHERE enrollmentID = 2") == [(1,)])
    [(offered, offered_unread)] = rows(data, "SELECT COUNT(*), SUM(readAt IS NULL) FROM notification WHERE enrollmentID = 2")
    assert offered_unread == offered
    t.wait_for(f"{offered} unread message")

    t.send("Enter")                                   # the new participant's own check-in
    finish_checkin(t)
    t.wait_for("Results stored: 1 (1 completed)")
    t.send("s")
    t.wait_for("Study details")
    t.send("Down*2", "Enter")                         # Export my data
    t.wait_for("Write the files into this folder")
    t.send("C-u")
    t.type(str(here / "in-app"))
    t.send("Enter")
    t.wait_until(lambda _t: "Exported 1 result to" in " ".join(t.text().split()), timeout=10)
    t.send("C-c")
    assert t.wait_exit() == 0

    [in_app] = [p for p in (here / "in-app").iterdir() if p.is_dir()]
    mine = answer_rows(in_app)
    assert mine and {r["participant"] for r in mine} == {second}, mine[:2]
    assert [r["metadata"]["participantId"] for r in json.loads((in_app / "results.json").read_text())] == [second]

    out = tmp_path / "whole"
    exported = run_piped([str(studyterm_bin), "export", "--data-dir", str(data), "--out", str(out)])
    assert exported.code == 0, exported.stderr
    assert exported.stdout.startswith(f"Exported 2 results to {out}"), exported.stdout
    runs = dict(rows(data, """
        SELECT t.id, e.participantID FROM taskRun t JOIN result r ON r.runID = t.id JOIN enrollment e ON e.id = t.enrollmentID
        """))
    assert sorted(runs.values()) == sorted([first, second])
    both = answer_rows(out)
    assert {r["participant"] for r in both} == {first, second}
    assert all(r["participant"] == runs[r["run"]] for r in both), "each row under its own participant id"
    assert sorted(r["metadata"]["participantId"] for r in json.loads((out / "results.json").read_text())) == sorted([first, second])

    # At the next start the new participant's copies are the same ones, still unread (none added
    # twice), while the first participant's stay theirs, two of them read.
    t = term([studyterm_bin, "--data-dir", data], cwd=str(here))
    t.wait_for("Results stored: 1 (1 completed)")
    t.wait_until(lambda _t: rows(data, "SELECT COUNT(*) >= 2 FROM notification WHERE enrollmentID = 2") == [(1,)])
    [(mine, mine_unread)] = rows(data, "SELECT COUNT(*), SUM(readAt IS NULL) FROM notification WHERE enrollmentID = 2")
    assert mine_unread == mine == offered
    t.wait_for(f"{mine} unread message")
    assert rows(data, "SELECT COUNT(*) FROM notification WHERE enrollmentID = 1 AND readAt IS NOT NULL") == [(2,)]
    t.send("q")
    assert t.wait_exit() == 0
