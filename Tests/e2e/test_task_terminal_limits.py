"""Steps a terminal cannot perform (camera heart rate, tapping, sensors): `studyterm run` says what
is not recorded, never strands the participant, and records a skip with the reason."""
from __future__ import annotations

import json

from harness import run_piped


def heart_rate_task(path, duration: int) -> None:
    """A copy of CardiorespiratoryFitness' HeartrateStep.json with a shorter measurement."""
    path.write_text(json.dumps({
        "identifier": "heartRate", "type": "section", "steps": [
            {"identifier": "instruction", "type": "instruction", "title": "Cover the flash and camera",
             "actions": {"goForward": {"type": "default", "buttonTitle": "Measure heart rate"}}},
            {"identifier": "heartRate", "type": "heartRate", "shouldHideActions": ["goBackward", "goForward"],
             "duration": duration, "commands": ["vibrate", "continueOnFinish", "shouldDisableIdleTimer"]},
            {"identifier": "tap", "type": "tapping", "title": "Tap as fast as you can",
             "shouldHideActions": ["goForward"]},
            {"identifier": "feedback", "type": "completion", "title": "Nicely done!"}]}))


def skip_reasons(result: dict) -> dict:
    out = {}
    def walk(node):
        for r in node.get("stepHistory", []):
            if r["type"] == "section":
                walk(r)
            elif "skipReason" in r:
                out[r["identifier"]] = r["skipReason"]
    walk(result)
    return out


def test_an_unrunnable_step_says_so_continues_on_enter_and_records_why(term, studyterm_bin, tmp_path) -> None:
    task = tmp_path / "heart.json"
    heart_rate_task(task, duration=60)
    out = tmp_path / "result.json"
    t = term([studyterm_bin, "run", task, "--out", out], cols=60, rows=16, cwd=str(tmp_path))
    t.wait_for("Most of this task needs a phone's sensors")   # warned on the first screen
    t.send("Enter")
    t.wait_for("cannot be done in a terminal")
    t.wait_for("[ Continue ]")
    t.send("Enter")                                          # Enter goes on, no wait for the minute
    t.wait_for("Tap as fast as you can")
    t.wait_for("nothing is recorded for")
    t.send("Enter")
    t.wait_for("Nicely done!"); t.send("Enter")
    assert t.wait_exit() == 0
    reasons = skip_reasons(json.loads(out.read_text()))
    assert reasons == {"heartRate": "not available in a terminal", "tap": "not available in a terminal"}


def test_an_unrunnable_step_with_a_duration_moves_on_by_itself(term, studyterm_bin, tmp_path) -> None:
    task = tmp_path / "heart.json"
    heart_rate_task(task, duration=2)
    t = term([studyterm_bin, "run", task, "--out", tmp_path / "result.json"], cols=40, rows=12, cwd=str(tmp_path))
    t.wait_for("Cover the flash"); t.send("Enter")
    t.wait_for("It goes on by")
    t.wait_for("Tap as fast as you can", timeout=6)            # no key pressed


def test_line_mode_says_what_is_not_recorded_and_goes_on(studyterm_bin, tmp_path) -> None:
    task = tmp_path / "heart.json"
    heart_rate_task(task, duration=60)
    done = run_piped([studyterm_bin, "run", task, "--out", tmp_path / "r.json"], "\n\n\n\n", cwd=str(tmp_path), timeout=20)
    assert done.code == 0, done.stdout + done.stderr
    assert "! Most of this task needs a phone's sensors" in done.stdout
    assert "! This step (heartRate) needs a phone or its sensors" in done.stdout
    assert skip_reasons(json.loads((tmp_path / "r.json").read_text()))["heartRate"] == "not available in a terminal"


def test_the_end_caption_shows_before_the_step_moves_on_and_long_captions_wrap(term, studyterm_bin, tmp_path) -> None:
    task = tmp_path / "breathe.json"
    task.write_text(json.dumps({"identifier": "breathing", "title": "Paced breathing", "steps": [
        {"identifier": "breathe", "type": "active", "title": "Breathe slowly", "duration": 3,
         "commands": ["transitionAutomatically"],
         "spokenInstructions": {"start": "Breathe in slowly through the nose and out through the mouth, twice.",
                                "end": "Well done. You can breathe normally."}},
        {"identifier": "done", "type": "completion", "title": "Done", "text": "You just completed your %@ breathing activity."}]}))
    t = term([studyterm_bin, "run", task, "--out", tmp_path / "r.json"], cols=40, rows=12, cwd=str(tmp_path))
    t.wait_for("» Breathe in slowly")
    t.wait_for("twice.")                                     # wrapped, not cut at the edge
    t.wait_for("» Well done. You can breathe", timeout=5)   # the end caption, on its own step
    assert t.find("Breathe slowly") is not None
    t.wait_for("You just completed your breathing", timeout=6)
    assert "%@" not in t.text()
