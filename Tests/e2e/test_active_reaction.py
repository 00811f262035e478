"""Timed reaction-time steps in `studyterm run` on a real pty (issue 25): scripted keys at
scripted times, the measurement in the task result, the NDJSON trial log beside it, anticipations
recorded as such, Esc pausing, and refusals (line mode, a small terminal) recorded as skips with
the reason, going to the task's untimed alternative."""
from __future__ import annotations

import json
import time

from harness import run_piped

STIMULUS = "GO!"


def reaction_task(path, attempts: int = 3, **extra) -> None:
    step = {"identifier": "rt", "type": "reactionTime", "title": "Reaction time",
            "subtitle": "Press Space as soon as the word appears.", "stimulus": STIMULUS, "practice": False,
            "numberOfAttempts": attempts, "minimumStimulusInterval": 0.3, "maximumStimulusInterval": 0.6,
            "timeout": 3, "interTrialInterval": 0.4, "maximumRetries": 2, "seed": 11,
            "untimedAlternative": "rt_untimed", "nextStepIdentifier": "done"}
    step.update(extra)
    path.write_text(json.dumps({"identifier": "reaction", "type": "assessment", "title": "Reaction", "steps": [
        step,
        {"identifier": "rt_untimed", "type": "simpleQuestion", "title": "How quick are you, from 1 to 5?",
         "inputItem": {"type": "integer", "formatOptions": {"minimumValue": 1, "maximumValue": 5}}},
        {"identifier": "done", "type": "completion", "title": "All done"}]}))


def measurement(result: dict, identifier: str = "rt") -> dict:
    return next(r for r in result["stepHistory"] if r["identifier"] == identifier)


def test_reaction_trials_are_measured_from_the_stimulus_and_logged(term, studyterm_bin, tmp_path) -> None:
    task = tmp_path / "rt.json"
    reaction_task(task)
    out = tmp_path / "result.json"
    t = term([studyterm_bin, "run", task, "--out", out], cols=80, rows=24, cwd=str(tmp_path))
    t.wait_for("Press Enter to start.")
    t.send("Enter")
    t.wait_for("Trial 1 of 3")
    delays = [0.15, 0.25, 0.2]
    for delay in delays:
        t.wait_for(STIMULUS, timeout=5)
        time.sleep(delay)
        t.send("Space")
        t.wait_gone(STIMULUS, timeout=5)
    t.wait_for("All done", timeout=5)
    t.send("Enter")
    assert t.wait_exit() == 0
    m = measurement(json.loads(out.read_text()))
    assert m["type"] == "measurement" and m["measurementType"] == "reactionTime"
    assert [trial["outcome"] for trial in m["trials"]] == ["response"] * 3
    for trial, delay in zip(m["trials"], delays):
        # The recorded time is at least the scripted wait after the stimulus reached the harness,
        # and not far beyond it (the harness's own reading and sleeping included).
        assert delay * 1000 - 1 <= trial["responseTimeMs"] <= delay * 1000 + 150, trial
    summary = {v["identifier"]: v for v in m["summary"]}
    assert summary["responses"]["value"] == 3
    assert summary["medianRTMs"]["unit"] == "ms"
    log = tmp_path / "result.rt.trials.ndjson"
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [line["responseTimeMs"] for line in lines] == [trial["responseTimeMs"] for trial in m["trials"]]


def test_a_key_before_the_stimulus_is_an_anticipation(term, studyterm_bin, tmp_path) -> None:
    task = tmp_path / "rt.json"
    reaction_task(task, attempts=1, minimumStimulusInterval=1.5, maximumStimulusInterval=1.5)
    out = tmp_path / "result.json"
    t = term([studyterm_bin, "run", task, "--out", out], cols=80, rows=24, cwd=str(tmp_path))
    t.wait_for("Press Enter to start.")
    t.send("Enter")
    t.wait_for("Trial 1 of 1")
    time.sleep(0.3)
    t.send("Space")                                   # 1.2 s before the stimulus
    t.wait_for("Too soon")
    t.wait_for(STIMULUS, timeout=5)                   # the trial is run again
    t.send("Space")
    t.wait_for("All done", timeout=5)
    t.send("Enter")
    assert t.wait_exit() == 0
    outcomes = [trial["outcome"] for trial in measurement(json.loads(out.read_text()))["trials"]]
    assert outcomes == ["anticipation", "response"]


def test_line_mode_refuses_and_offers_the_untimed_alternative(studyterm_bin, tmp_path) -> None:
    task = tmp_path / "rt.json"
    reaction_task(task)
    out = tmp_path / "result.json"
    done = run_piped([studyterm_bin, "run", task, "--out", out], "\n4\n\n", cwd=str(tmp_path))
    assert done.code == 0, done.stderr
    assert "Line mode cannot show a stimulus" in done.stdout
    result = json.loads(out.read_text())
    rt = measurement(result)
    assert rt["skipReason"].startswith("Line mode cannot")
    assert measurement(result, "rt_untimed")["value"] == 4


def test_a_small_terminal_refuses_to_start_and_says_why(term, studyterm_bin, tmp_path) -> None:
    task = tmp_path / "rt.json"
    reaction_task(task, minimumSize={"width": 70, "height": 20})
    out = tmp_path / "result.json"
    t = term([studyterm_bin, "run", task, "--out", out], cols=60, rows=16, cwd=str(tmp_path))
    t.wait_for("Press Enter to start.")
    t.send("Enter")
    t.wait_for("too small")
    t.wait_for("untimed version")
    t.send("Enter")
    t.wait_for("How quick are you")
    t.send("3", "Enter")
    t.wait_for("All done")
    t.send("Enter")
    assert t.wait_exit() == 0
    assert "too small" in measurement(json.loads(out.read_text()))["skipReason"]


def test_choice_reaction_time_judges_the_key_of_each_stimulus(term, studyterm_bin, tmp_path) -> None:
    task = tmp_path / "crt.json"
    task.write_text(json.dumps({"identifier": "choice", "type": "assessment", "title": "Choice", "steps": [
        {"identifier": "crt", "type": "choiceReactionTime", "title": "Left or right", "practice": False,
         "numberOfAttempts": 4, "minimumStimulusInterval": 0.3, "maximumStimulusInterval": 0.5, "timeout": 3,
         "interTrialInterval": 0.3, "seed": 5,
         "choices": [{"stimulus": "<<LEFT", "key": "f"}, {"stimulus": "RIGHT>>", "key": "j"}]},
        {"identifier": "done", "type": "completion", "title": "All done"}]}))
    out = tmp_path / "result.json"
    t = term([studyterm_bin, "run", task, "--out", out], cols=80, rows=24, cwd=str(tmp_path))
    t.wait_for("Press Enter to start.")
    t.send("Enter")
    t.wait_for("Trial 1 of 4")
    answered = []
    for i in range(4):
        t.wait_until(lambda term: term.find("<<LEFT") is not None or term.find("RIGHT>>") is not None, timeout=5)
        left = t.find("<<LEFT") is not None
        right_key, wrong_key = ("f", "j") if left else ("j", "f")
        key = wrong_key if i == 1 else right_key              # the second answer is wrong on purpose
        t.type(key)
        answered.append(key)
        t.wait_until(lambda term: term.find("<<LEFT") is None and term.find("RIGHT>>") is None, timeout=5)
    t.wait_for("All done", timeout=5)
    t.send("Enter")
    assert t.wait_exit() == 0
    m = next(r for r in json.loads(out.read_text())["stepHistory"] if r["identifier"] == "crt")
    assert m["measurementType"] == "choiceReactionTime"
    assert [trial["correct"] for trial in m["trials"]] == [True, False, True, True]
    assert [trial["key"] for trial in m["trials"]] == [key.upper() for key in answered]
    summary = {v["identifier"]: v["value"] for v in m["summary"]}
    assert summary["accuracy"] == 75 and summary["correct"] == 3
