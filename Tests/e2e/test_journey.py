"""The study journey end to end: the real binary on a pseudo-terminal, a fresh data folder per test.

Each test passes --data-dir (a tmp folder), so nothing touches the developer's own data.
"""
from __future__ import annotations

import datetime
import hashlib
import json
import shutil

from harness import run_piped
from journey_steps import DEMO, REPO, consent_text_shown, copy_study, join_by_address, join_demo, leave_demo, rows


def test_declining_returns_to_welcome_and_stores_nothing(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    t.wait_for("Welcome to StudyTerm")
    t.send("d")
    t.wait_for("[ I do not agree ]")
    t.send("Esc")
    t.wait_for("Press Esc again to decline")            # asked first: a stray Esc declines nothing
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
    t.wait_gone("Consent (version 1)")   # ESC and a key arriving together are one Alt key
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
    t.wait_gone("Updated from version 1 to 2:")   # ESC and a key arriving together are one Alt key
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
    t.send("Esc")                                     # declining (asked, then confirmed) keeps everything
    t.wait_for("Press Esc again to decline")
    t.send("Esc")
    t.wait_for("Your tasks wait until you agree to the new consent")
    assert rows(data, "SELECT COUNT(*) FROM consent") == [(1,)]
    t.send("c")
    t.wait_for("[ I agree ]")
    t.send("Space", "Tab", "Space", "Tab", "Enter")
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


def test_an_empty_address_is_an_error_and_joins_nothing(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    t.wait_for("Welcome to StudyTerm")
    t.send("Enter")                                   # into the fields; the address stays empty
    t.send("Enter")                                   # to the token
    t.type("abcd2345")
    t.send("Enter")
    t.wait_for("Type the study address you were given")
    assert t.find("Welcome to StudyTerm") and t.find("[ I agree ]") is None
    assert t.find("ABCD2345") or t.find("abcd2345"), "the typed token is kept"
    t.send("C-c")
    assert t.wait_exit() == 0
    assert rows(data, "SELECT COUNT(*) FROM consent") == [(0,)]
    assert rows(data, "SELECT COUNT(*) FROM enrollment") == [(0,)]


def test_a_plain_copy_of_the_demo_study_folder_is_a_study_of_its_own(term, studyterm_bin, tmp_path) -> None:
    """Copying the folder is how an author starts a new study: its tasks are inside it."""
    study = tmp_path / "my-study"
    shutil.copytree(DEMO, study)
    checked = run_piped([str(studyterm_bin), "check", str(study)])
    assert checked.code == 0, checked.stdout + checked.stderr
    assert 'valid: study "studyterm-demo" version 1 with 6 task(s)' in checked.stdout
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_by_address(t, study)
    assert t.find("Daily check-in") and t.find("Weekly wellbeing")
    t.send("q")
    assert t.wait_exit() == 0
    assert "../" not in (DEMO / "README.md").read_text(), "the demo's README names files outside its folder"
    using_it = (REPO / "README.md").read_text().split("## Using it", 1)[1].split("\n## ", 1)[0]
    assert "tokens.txt" in using_it and "demo-study" in using_it


def test_joining_late_in_the_day_marks_no_window_missed(term, studyterm_bin, tmp_path) -> None:
    """The demo's Paced breathing is open 08:00-22:00; joining at 23:00 (by the time zone) leaves
    today's window out: it closed before the participant joined, so it is not missed."""
    utc_hour = datetime.datetime.now(datetime.timezone.utc).hour
    offset = (23 - utc_hour) % 24
    offset = offset - 24 if offset > 14 else offset
    zone = f"Etc/GMT{-offset:+d}" if offset else "Etc/GMT"  # Etc/GMT-5 is UTC+5
    t = term([studyterm_bin, "--data-dir", tmp_path / "data"], env={"TZ": zone})
    join_demo(t)
    row = next(line for line in t.screen() if "Paced breathing" in line)
    assert "missed" not in row and "upcoming" in row, row
    assert t.find("missed") is None, t.dump()
    t.send("q")
    assert t.wait_exit() == 0


def test_viewing_a_message_marks_it_read(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_demo(t)
    unread = rows(data, "SELECT COUNT(*) FROM notification WHERE readAt IS NULL")[0][0]
    assert unread >= 2, "the demo's welcome message and a reminder or two"
    t.wait_for(f"{unread} unread messages (M)")
    t.send("m")
    t.wait_for("Thank you for joining.")              # the first message's text, shown
    t.send("Down")
    t.wait_until(lambda _t: rows(data, "SELECT COUNT(*) FROM notification WHERE readAt IS NULL") == [(unread - 2,)])
    t.send("Esc")
    left = unread - 2
    t.wait_for("no unread messages" if left == 0 else f"{left} unread message")
    t.send("q")
    assert t.wait_exit() == 0
