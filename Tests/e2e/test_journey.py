"""The study journey end to end: the real binary on a pseudo-terminal, a fresh data folder per test.

Each test passes --data-dir (a tmp folder), so nothing touches the developer's own data.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from harness import run_piped

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "Resources" / "demo-study"
TASK_SCREEN_MISSING = "the task screen is not wired into this build yet (runTaskInTerminal is provisional); the lead enables this"


def rows(data: Path, sql: str) -> list[tuple]:
    """Rows of a query on the journey's database (read-only)."""
    db = data / "studyterm.sqlite"
    if not db.exists():
        return []
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return conn.execute(sql).fetchall()


def consent_text_shown(study: Path) -> str:
    """What the consent screen shows and hashes: the consent source, then each notice, blank-line separated."""
    definition = json.loads((study / "study.json").read_text(encoding="utf-8"))
    with open(study / definition["consent"]["file"], encoding="utf-8", newline="") as f:
        consent = f.read()
    return "\n\n".join([consent] + [n["text"] for n in definition["notices"]])


def unwrapped(t) -> str:
    """The screen as one line: rows padded to the width and joined, as the terminal wrapped a long message."""
    return " ".join("".join(line.ljust(t.cols) for line in t.screen()).split())


def join_demo(t) -> None:
    """From the welcome screen: D, tick both notices, agree; wait for the dashboard."""
    t.wait_for("Welcome to StudyTerm")
    t.send("d")
    t.wait_for("[ I agree ]")
    t.send("Space", "Space", "Enter")
    t.wait_for("Your tasks")
    t.wait_for("Completed runs")


def join_by_address(t, study: Path) -> None:
    """From the welcome screen: type the study folder and a token, tick both notices, agree; wait
    for the dashboard."""
    t.wait_for("Welcome to StudyTerm")
    t.send("Enter")
    t.type(str(study))
    t.send("Enter")
    t.type("abcd-2345")
    t.send("Enter")
    t.wait_for("[ I agree ]")
    t.send("Space", "Space", "Enter")
    t.wait_for("Your tasks")
    t.wait_for("Completed runs")


def leave_demo(t) -> None:
    """From the dashboard: settings, leave, confirm; wait for the welcome screen."""
    t.send("s")
    t.wait_for("Study details")
    t.send("Down*3", "Enter")
    t.wait_for("Leave StudyTerm demo study?")
    t.send("Down", "Enter")
    t.wait_for("You left StudyTerm demo study.")
    t.wait_for("Welcome to StudyTerm")


def copy_study(tmp_path: Path) -> Path:
    """A writable copy of the demo study with the task files it references (../tasks, ../questionnaires)."""
    root = tmp_path / "resources"
    for name in ("demo-study", "tasks", "questionnaires"):
        shutil.copytree(REPO / "Resources" / name, root / name)
    return root / "demo-study"


def test_declining_returns_to_welcome_and_stores_nothing(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    t.wait_for("Welcome to StudyTerm")
    t.send("d")
    t.wait_for("[ I do not agree ]")
    t.send("Esc")
    t.wait_for("You did not join StudyTerm demo study. Nothing was stored.")
    t.wait_for("Welcome to StudyTerm")
    t.send("q")
    assert t.wait_exit() == 0
    for table in ("consent", "enrollment", "taskRun", "outbox", "notification"):
        assert rows(data, f"SELECT COUNT(*) FROM {table}") == [(0,)], table


def test_join_the_demo_then_settings_then_leave(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_demo(t)
    assert t.find("Daily check-in") and t.find("Weekly wellbeing")
    assert t.find("Welcome to StudyTerm demo study. Your consent was recorded.")
    expected = hashlib.sha256(consent_text_shown(DEMO).encode("utf-8")).hexdigest()
    assert rows(data, "SELECT studyID, definitionVersion, textSHA256 FROM consent") == [("studyterm-demo", "1", expected)]
    t.send("s")
    t.wait_for("Consent (version 1)")
    t.send("Esc")
    leave_demo(t)
    t.send("q")
    assert t.wait_exit() == 0
    [(withdrawn,)] = rows(data, "SELECT withdrawnAt FROM enrollment")
    assert withdrawn is not None
    assert rows(data, "SELECT kind FROM outbox") == [("withdrawal",)]
    assert rows(data, "SELECT COUNT(*) FROM consent") == [(1,)]


def test_reload_with_a_new_version_says_what_changed_and_keeps_data(term, studyterm_bin, tmp_path) -> None:
    study = copy_study(tmp_path)
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_by_address(t, study)
    messages = rows(data, "SELECT COUNT(*) FROM notification")
    assert rows(data, "SELECT studyVersion, registrationToken, baseURL FROM enrollment") == [("1", "ABCD2345", study.as_uri() + "/")]

    definition = json.loads((study / "study.json").read_text())
    definition["version"] = "2"
    extra = dict(definition["tasks"][0], identifier="evening", title="Evening note")
    extra["schedule"] = {"type": "daily", "time": "18:00", "hours": 4}
    definition["tasks"].append(extra)
    (study / "study.json").write_text(json.dumps(definition))

    t.send("s")
    t.wait_for("Study details")
    t.send("Down", "Enter")
    t.wait_for("Updated from version 1 to 2:")
    t.wait_for("New task: Evening note (daily 18:00–22:00).")
    assert t.find("Your answers, unsent results and unfinished tasks are kept.")
    t.send("Esc")
    t.wait_for("Evening note")
    t.send("q")
    assert t.wait_exit() == 0
    assert rows(data, "SELECT studyVersion, withdrawnAt FROM enrollment") == [("2", None)]
    assert rows(data, "SELECT COUNT(*) FROM consent") == [(1,)]
    assert rows(data, "SELECT COUNT(*) FROM notification") >= messages


def test_a_changed_consent_holds_the_tasks_until_agreed_again(term, studyterm_bin, tmp_path) -> None:
    study = copy_study(tmp_path)
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_by_address(t, study)
    t.send("q")
    assert t.wait_exit() == 0

    definition = json.loads((study / "study.json").read_text())
    definition["version"] = "2"
    definition["consent"]["version"] = definition["consent"]["version"] + "-b"
    consent_file = study / definition["consent"]["file"]
    consent_file.write_text(consent_file.read_text(encoding="utf-8") + "\nWe now also keep your answers for ten years.\n",
                            encoding="utf-8")
    (study / "study.json").write_text(json.dumps(definition))

    t = term([studyterm_bin, "--data-dir", data])
    t.wait_for("The consent changed: press C to read it and agree again")
    t.send("Enter")                                   # a task: the new consent comes first
    t.wait_for("The study changed its consent since you agreed")
    t.send("Esc")                                     # declining keeps everything as it is
    t.wait_for("Your tasks wait until you agree to the new consent")
    assert rows(data, "SELECT COUNT(*) FROM consent") == [(1,)]
    t.send("c")
    t.wait_for("[ I agree ]")
    t.send("Space", "Space", "Enter")
    t.wait_for("Your consent to the new text was recorded.")
    assert t.find("The consent changed") is None
    t.send("q")
    assert t.wait_exit() == 0
    shown = hashlib.sha256(consent_text_shown(study).encode()).hexdigest()
    assert rows(data, "SELECT definitionVersion, textSHA256 FROM consent ORDER BY id DESC LIMIT 1") == [("2", shown)]
    assert rows(data, "SELECT COUNT(*) FROM consent") == [(2,)]
    assert rows(data, "SELECT studyVersion, withdrawnAt FROM enrollment") == [("2", None)]


def test_a_token_with_a_look_alike_is_refused_and_the_typed_text_kept(term, studyterm_bin, tmp_path) -> None:
    study = copy_study(tmp_path)
    (study / "tokens.txt").write_text("ABCD2345\n")
    t = term([studyterm_bin, "--data-dir", tmp_path / "data"])
    t.wait_for("Welcome to StudyTerm")
    t.send("Enter")
    t.type(str(study))
    t.send("Enter")
    t.type("abcd-O345")
    t.send("Enter")
    t.wait_for('Tokens never contain "O"')
    assert t.find("abcd-O345") and t.find("resources/demo-study")
    t.send("C-u")
    t.type("abcd2345")
    t.send("Enter")
    t.wait_for("[ I agree ]")


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


def test_the_journey_needs_a_terminal_and_touches_no_data_without_one(studyterm_bin, tmp_path) -> None:
    result = run_piped([str(studyterm_bin), "--data-dir", str(tmp_path / "data")])
    assert result.code == 6
    assert "must be a terminal" in result.stderr
    assert not (tmp_path / "data").exists()


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
    assert 'valid: study "studyterm-demo" version 1 with 5 task(s)' in result.stdout


# Keys that answer each screen of the demo's Daily check-in (Resources/tasks/branching-survey.json), by title.
CHECKIN = {
    "A few questions about today": ["Enter"],
    "Did you smoke today?": ["1", "Enter"],
    "How many cigarettes?": ["text:4", "Enter"],
    "How many hours did you sleep?": ["text:4", "Enter"],
    "What kept you from sleeping?": ["1", "3", "Enter"],
    "Were you physically active": ["Space", "Enter"],
    "A tip for today": ["Enter"],
    "Anything you want the study team to know?": ["text:Fine", "Tab", "Enter"],
    "Your check-in is complete.": ["Enter"],
}


def current_checkin_screen(t) -> str:
    """The title of the check-in screen now shown (waits until one is)."""
    t.wait_until(lambda _t: any(title in t.text() for title in CHECKIN), timeout=10)
    return next(title for title in CHECKIN if title in t.text())


def answer(t, title: str) -> None:
    for key in CHECKIN[title]:
        t.type(key[5:]) if key.startswith("text:") else t.send(key)


def finish_checkin(t) -> None:
    """Answers every remaining screen until the dashboard thanks the participant."""
    def settled(_t) -> bool:  # a whole check-in screen, or the dashboard's thanks
        text = t.text()
        return "Thank you!" in text or any(title in text for title in CHECKIN)

    for _ in range(len(CHECKIN) + 2):
        t.wait_until(settled, timeout=10)
        if "Thank you!" in t.text():
            return
        title = current_checkin_screen(t)
        answer(t, title)
        t.wait_until(lambda _t: title not in t.text() or "Thank you!" in t.text(), timeout=10)
    t.wait_for("Thank you!")


def stored_answers(data: Path) -> dict:
    [(result,)] = rows(data, "SELECT taskResult FROM result")
    answers: dict = {}

    def walk(node: dict, prefix: str) -> None:
        for r in node.get("stepHistory", []):
            if r["type"] == "section":
                walk(r, prefix + r["identifier"] + "/")
            elif r["type"] == "answer" and r.get("value") is not None:
                answers[prefix + r["identifier"]] = r["value"]

    walk(json.loads(result), "")
    return answers


def test_a_task_started_from_the_dashboard_is_recorded(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_demo(t)
    t.send("Enter")                       # Daily check-in
    finish_checkin(t)
    t.wait_for("Your tasks")
    assert rows(data, "SELECT taskID, status, windowStart IS NOT NULL FROM taskRun") == [("checkin", "completed", 1)]
    [(metadata,)] = rows(data, "SELECT metadata FROM result")
    meta = json.loads(metadata)
    assert meta["studyId"] == "studyterm-demo" and meta["taskId"] == "checkin" and "scheduleWindow" in meta
    assert rows(data, "SELECT kind FROM outbox ORDER BY rowid") == [("taskResult",), ("observation",)]
    assert stored_answers(data) == {"smoke": True, "cigarettes": 4, "sleep/hours": 4, "sleep/why": ["Noise", "Worry"],
                                    "activity/active": True, "wrapup": "Fine"}
    assert rows(data, "SELECT COUNT(*) FROM snapshot") == [(0,)]


def test_a_task_killed_at_random_instants_resumes_and_loses_nothing(term, studyterm_bin, tmp_path) -> None:
    import random
    import signal
    import time
    rng = random.Random(7)
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_demo(t)
    t.send("Enter")
    run_ids = set()
    for kill in range(4):
        title = current_checkin_screen(t)
        answer(t, title)
        time.sleep(rng.uniform(0, 0.03))  # somewhere between the keys arriving and the next screen
        t.kill(signal.SIGKILL)
        t.wait_exit()
        run_ids.update(r for (r,) in rows(data, "SELECT id FROM taskRun"))
        t = term([studyterm_bin, "--data-dir", data])
        t.wait_for("resume")
        t.send("Enter")
        resumed = current_checkin_screen(t)
        order = list(CHECKIN)
        # At most the answer being given is lost: the run resumes on that screen or the next one.
        assert order.index(resumed) in (order.index(title), order.index(title) + 1) or title == order[0], (kill, title, resumed)
    finish_checkin(t)
    assert len(run_ids) == 1, "every resume continued the same run"
    assert rows(data, "SELECT status FROM taskRun") == [("completed",)]
    assert stored_answers(data)["smoke"] is True


def test_the_whole_journey_join_run_done_leave_and_rejoin(term, studyterm_bin, tmp_path) -> None:
    """A fresh data folder: join the demo, agree, see the dashboard, run a task to the end, see it
    done, open settings, leave, arrive at welcome, then join again."""
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_demo(t)
    t.send("Enter")                                   # Daily check-in, the first task
    finish_checkin(t)
    t.wait_for("Your tasks")
    row = next(line for line in t.screen() if "Daily check-in" in line)
    assert "done" in row, row
    t.wait_for("Completed runs: 1")
    leave_demo(t)
    assert rows(data, "SELECT status FROM taskRun") == [("completed",)]  # leaving keeps the data
    t.send("d")                                       # and joining again works
    t.wait_for("[ I agree ]")
    t.send("Space", "Space", "Enter")
    t.wait_for("Your tasks")
    assert rows(data, "SELECT COUNT(*) FROM consent") == [(2,)]
    t.send("q")
    assert t.wait_exit() == 0
