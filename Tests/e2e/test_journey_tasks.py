"""Tasks started from the journey's dashboard end to end: recorded, resumed after a kill, and the
whole journey from joining to leaving. Each test passes --data-dir (a tmp folder).
"""
from __future__ import annotations

import csv
import json
from pathlib import Path

from harness import run_piped
from journey_steps import join_demo, leave_demo, rows


# Keys that answer each screen of the demo's Daily check-in (Resources/demo-study/tasks/branching-survey.json), by title.
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


# What each check-in screen stores, by step path (CHECKIN's keys give these answers).
CHECKIN_ANSWERS = {
    "Did you smoke today?": {"smoke": True},
    "How many cigarettes?": {"cigarettes": 4},
    "How many hours did you sleep?": {"sleep/hours": 4},
    "What kept you from sleeping?": {"sleep/why": ["Noise", "Worry"]},
    "Were you physically active": {"activity/active": True},
    "Anything you want the study team to know?": {"wrapup": "Fine"},
}


def snapshot_answers(data: Path) -> dict:
    """The answers in the stored restoration snapshot of the check-in, by step path."""
    found = rows(data, "SELECT data FROM snapshot")
    assert len(found) == 1, found
    answers: dict = {}

    def walk(node: dict, prefix: str) -> None:
        for r in node.get("stepHistory", []):
            if r["type"] == "section":
                walk(r, prefix + r["identifier"] + "/")
            elif r["type"] == "answer" and r.get("value") is not None:
                answers[prefix + r["identifier"]] = r["value"]

    for level in json.loads(found[0][0])["levels"]:
        walk(level["result"], "".join(s + "/" for s in level["sectionPath"]))
    return answers


def expected_before(screen: str) -> dict:
    """Every answer given on the screens before `screen`."""
    order = list(CHECKIN)
    out: dict = {}
    for title in order[:order.index(screen)]:
        out.update(CHECKIN_ANSWERS.get(title, {}))
    return out


def test_a_task_killed_at_random_instants_resumes_and_loses_nothing(term, studyterm_bin, tmp_path) -> None:
    """Killed with SIGKILL after every screen's keys, at a random instant: each time the run resumes
    on that screen or the next one (never anywhere else), with the same run and every answer given
    before the screen it resumes on."""
    import random
    import signal
    import time
    rng = random.Random(7)
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_demo(t)
    t.send("Enter")
    answer(t, current_checkin_screen(t))          # the introduction: a snapshot exists from here on
    t.wait_for("Did you smoke today?", timeout=10)
    order = list(CHECKIN)
    run_ids = set()
    kills = 0
    while (title := current_checkin_screen(t)) != "Your check-in is complete.":
        answer(t, title)
        time.sleep(rng.uniform(0, 0.03))          # somewhere between the keys arriving and the next screen
        t.kill(signal.SIGKILL)
        t.wait_exit()
        kills += 1
        run_ids.update(r for (r,) in rows(data, "SELECT id FROM taskRun"))
        t = term([studyterm_bin, "--data-dir", data])
        # Killed before the first answer was stored (a slow machine): nothing to resume, start again.
        t.wait_for("resume" if run_ids else "Your tasks")
        t.send("Enter")
        resumed = current_checkin_screen(t)
        # At most the answer being given is lost: the run resumes on that screen or the next one.
        assert order.index(resumed) in (order.index(title), order.index(title) + 1), (kills, title, resumed)
        assert snapshot_answers(data) == expected_before(resumed), (kills, title, resumed)
        if resumed == title:                      # the answer being given was lost: give it again
            answer(t, title)
            t.wait_until(lambda _t, title=title: title not in t.text(), timeout=10)
    assert kills == len(order) - 2               # every screen between the introduction and the end
    finish_checkin(t)
    assert len(run_ids) == 1, "every resume continued the same run"
    assert rows(data, "SELECT status FROM taskRun") == [("completed",)]
    assert stored_answers(data) == expected_before("Your check-in is complete.")


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
    t.wait_for("Results stored: 1 (1 completed)")
    leave_demo(t)
    assert rows(data, "SELECT status FROM taskRun") == [("completed",)]  # leaving keeps the data
    t.send("d")                                       # and joining again works
    t.wait_for("[ I agree ]")
    t.send("Space", "Tab", "Space", "Tab", "Enter")
    t.wait_for("Your tasks")
    assert rows(data, "SELECT COUNT(*) FROM consent") == [(2,)]
    t.send("q")
    assert t.wait_exit() == 0


def test_one_count_of_results_on_the_dashboard_in_the_leave_question_and_in_the_export(term, studyterm_bin, tmp_path) -> None:
    """A finished check-in is one result: stored, not yet sent, exported and named when leaving
    alike (the outbox holds more items for it: the task result and its Observation). Every row of
    the export names the participant."""
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_demo(t)
    t.send("Enter")
    finish_checkin(t)
    t.wait_for("Results stored: 1 (1 completed)")
    assert t.find("not yet sent: 1"), t.dump()
    assert rows(data, "SELECT COUNT(*) FROM outbox WHERE acceptedAt IS NULL") > [(1,)], "the check-in has several outbox items"
    t.send("s")
    t.wait_for("Study details")
    t.send("Down*4", "Enter")
    t.wait_for("1 result has not been sent to the study team yet")
    t.send("C-c")
    assert t.wait_exit() == 0
    out = tmp_path / "export"
    exported = run_piped([str(studyterm_bin), "export", "--data-dir", str(data), "--out", str(out)])
    assert exported.code == 0, exported.stderr
    assert exported.stdout.startswith(f"Exported 1 result to {out}"), exported.stdout
    [(participant,)] = rows(data, "SELECT participantID FROM enrollment")
    assert participant, "every enrollment has a participant id, the demo's too"
    with open(out / "answers.csv", newline="") as f:
        answer_rows = list(csv.DictReader(f))
    assert answer_rows and all(r["participant"] == participant for r in answer_rows), answer_rows[:2]
    [result] = json.loads((out / "results.json").read_text())
    assert result["metadata"]["participantId"] == participant
