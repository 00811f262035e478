"""A full disk (issue 15, point 6): an answer counts only when it is stored. On a small tmpfs (the
test mounts one when it runs as root), the step stays with the cause in words, nothing stored is
dropped, and once there is space again the same key goes on, the last step included. A disk full
at start is reported as full.
"""
from __future__ import annotations


import pytest

from disks import fill, small_tmpfs
from journey_steps import join_demo, rows, unwrapped
from test_journey_tasks import CHECKIN, answer, current_checkin_screen, stored_answers



@pytest.fixture
def small_disk(tmp_path):
    with small_tmpfs(tmp_path / "small", "600k") as why_not:
        if why_not:
            pytest.skip(why_not)
        yield tmp_path / "small"


def test_an_answer_on_a_full_disk_keeps_the_step_and_nothing_is_lost(term, studyterm_bin, small_disk) -> None:
    data = small_disk / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_demo(t)
    t.send("Enter")
    t.wait_for("A few questions about today"); t.send("Enter")
    t.wait_for("Did you smoke today?"); t.send("1", "Enter")
    t.wait_for("How many cigarettes?")
    filler = fill(small_disk)
    t.type("4"); t.send("Enter")
    t.wait_for("the disk is full")
    assert "How many cigarettes?" in t.text(), "the step stays when its answer could not be stored"
    assert "Not saved" in t.text()
    filler.unlink()
    t.send("Enter")
    t.wait_for("How many hours did you sleep?")
    # Every remaining screen, then a full disk at the finish: the run is kept to resume.
    for _ in range(len(CHECKIN)):
        title = current_checkin_screen(t)
        if title == "Your check-in is complete.":
            break
        answer(t, title)
        t.wait_until(lambda _t: title not in t.text(), timeout=10)
    filler = fill(small_disk)
    t.send("Enter")
    t.wait_for("Not saved: the disk is full")
    assert "Your check-in is complete." in t.text(), "the last step stays too"
    assert rows(data, "SELECT status FROM taskRun") == [("inProgress",)]
    filler.unlink()
    t.send("Enter")
    t.wait_for("Thank you!")
    assert stored_answers(data) == {"smoke": True, "cigarettes": 4, "sleep/hours": 4, "sleep/why": ["Noise", "Worry"],
                                    "activity/active": True, "wrapup": "Fine"}


def test_a_full_disk_at_start_is_reported_as_full(term, studyterm_bin, small_disk) -> None:
    fill(small_disk)
    t = term([studyterm_bin, "--data-dir", small_disk / "data"])
    assert t.wait_exit() == 5
    text = unwrapped(t)
    assert "is full" in text, text
    assert "I/O error" not in text and "SQLite code" not in text


def test_the_journey_in_line_mode_asks_again_when_an_answer_was_not_stored(term, studyterm_bin, small_disk) -> None:
    data = small_disk / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_demo(t)
    t.send("q")
    t.wait_exit()
    from harness import run_piped
    filler = fill(small_disk)
    # Line mode: start the first task (1), go past the intro, answer "No" (2) to the smoking question.
    done = run_piped([studyterm_bin, "--data-dir", str(data), "--accessible"], "1\n\n2\n", timeout=20)
    filler.unlink()
    out = done.stdout
    assert "Not saved: the disk is full" in out, out
    assert out.count("Did you smoke today?") >= 2 or out.count("A few questions about today") >= 2, out
    assert rows(data, "SELECT count(*) FROM result") == [(0,)]

