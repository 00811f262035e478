"""Two-key tapping in `studyterm run` on a real pty (issue 25): the hand named on the screen, the
time from the first tap, taps counted with their inter-tap intervals, the trial log beside the
result, and a held key's repeat burst stopping the step with the reason."""
from __future__ import annotations

import json
import statistics
import time

DURATION = 10


def tapping_task(path, hands: str = "right") -> None:
    path.write_text(json.dumps({"identifier": "tapping", "type": "assessment", "title": "Tapping", "steps": [
        {"identifier": "tap", "type": "twoKeyTapping", "title": "Finger tapping", "practice": False,
         "duration": DURATION, "handOptions": hands, "seed": 3},
        {"identifier": "done", "type": "completion", "title": "All done"}]}))


def test_alternating_taps_are_counted_with_their_intervals(term, studyterm_bin, tmp_path) -> None:
    task = tmp_path / "tap.json"
    tapping_task(task)
    out = tmp_path / "result.json"
    t = term([studyterm_bin, "run", task, "--out", out], cols=80, rows=24, cwd=str(tmp_path))
    t.wait_for("Press Enter to start.")
    t.send("Enter")
    t.wait_for("Use your RIGHT hand")
    start = time.perf_counter()
    sent = 0
    while time.perf_counter() - start < DURATION - 1:        # a tap every 100 ms, all inside the time
        t.type("f" if sent % 2 == 0 else "j")
        sent += 1
        time.sleep(0.1)
    t.wait_for("All done", timeout=5)                         # the step ends by itself
    t.send("Enter")
    assert t.wait_exit() == 0
    result = json.loads(out.read_text())
    m = next(r for r in result["stepHistory"] if r["identifier"] == "tap")
    summary = {v["identifier"]: v["value"] for v in m["summary"]}
    assert summary["rightTaps"] == sent
    intervals = summary["rightInterTapIntervalsMs"]
    assert len(intervals) == sent - 1
    assert 90 <= statistics.median(intervals) <= 130, intervals
    log = [json.loads(line) for line in (tmp_path / "result.tap.trials.ndjson").read_text().splitlines()]
    assert len(log) == sent and {line["hand"] for line in log} == {"right"}
    assert [line["key"] for line in log[:2]] == ["F", "J"]


def test_a_held_key_repeating_stops_the_step_with_the_reason(term, studyterm_bin, tmp_path) -> None:
    task = tmp_path / "tap.json"
    tapping_task(task)
    out = tmp_path / "result.json"
    t = term([studyterm_bin, "run", task, "--out", out], cols=80, rows=24, cwd=str(tmp_path))
    t.wait_for("Press Enter to start.")
    t.send("Enter")
    t.wait_for("Use your RIGHT hand")
    t.type("fffff")                                           # what a held key sends
    t.wait_for("repeated by itself")
    t.send("Enter")
    t.wait_for("All done")
    t.send("Enter")
    assert t.wait_exit() == 0
    m = next(r for r in json.loads(out.read_text())["stepHistory"] if r["identifier"] == "tap")
    assert "repeated by itself" in m["skipReason"]
